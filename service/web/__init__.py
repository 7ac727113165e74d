"""The table: pages people use to watch, play, audit and travel through a game (issue 24).
Server-rendered HTML with plain JavaScript modules and CSS; no build step.

Pages are not part of the API contract: a plain Flask blueprint. ``/games/{id}`` and
``/rulesets/{id}`` are the API's resources; a browser asking for them (``Accept`` preferring
``text/html`` over JSON) gets the page instead, decided before the API's view runs, and both
representations vary on ``Accept``."""
from __future__ import annotations

import re

from flask import Blueprint, request

web = Blueprint("web", __name__, template_folder="templates", static_folder="static",
                static_url_path="/assets")

# No inline script or style anywhere: every script is a module under /assets, every style in
# casus.css. Images: the service's own (drawn projections), and data: for nothing but favicons.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
PAGE_HEADERS = {"Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}

# The API resources that are pages too, for a browser.
_DUAL = (re.compile(r"/games/([^/]+)"), re.compile(r"/rulesets/([^/]+)"))


def wants_html() -> bool:
    """``Accept`` prefers text/html over application/json (a browser's navigation does)."""
    accept = request.accept_mimetypes
    html, json = accept.quality("text/html"), accept.quality("application/json")
    return html > 0 and html > json and accept.best_match(["text/html", "application/json"]) == "text/html"


@web.before_app_request
def _pages_for_browsers():
    if request.method not in ("GET", "HEAD") or not wants_html():
        return None
    from flask import current_app, g

    from service.web import views
    g.services = current_app.extensions["casus_services"]  # this hook runs before the app's own
    for kind, pattern in zip(("game", "ruleset"), _DUAL):
        found = pattern.fullmatch(request.path)
        if found:
            return views.game_page(found.group(1)) if kind == "game" else views.ruleset_page(found.group(1))
    return None


@web.after_app_request
def _headers(response):
    if any(pattern.fullmatch(request.path) for pattern in _DUAL) and request.method in ("GET", "HEAD"):
        response.vary.add("Accept")
    if response.mimetype == "text/html":
        for name, value in PAGE_HEADERS.items():
            response.headers.setdefault(name, value)
    return response


from service.web import views as _views  # noqa: F401  (registers the routes)
