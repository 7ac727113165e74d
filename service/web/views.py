"""The pages' routes: lobby, game (and its refreshable parts), audit, charts, rulesets.

Every page is rendered on the server from what a spectator may read; a seat's token travels
only in the URL fragment, which the browser never sends: the page's script reads it and asks
for the seat's parts with ``Authorization``, as any API client does."""
from __future__ import annotations

import functools
import re
from urllib.parse import urlparse

from flask import Response, g, render_template, request, url_for
from flask_limiter import RateLimitExceeded

from domain import registry
from domain.kernel import SPECTATOR
from service.http.export_api import readable_cut
from service.http.error_responses import as_problem
from service.http.seats import current_seat
from service.http.problems import Problem
from service.web import audit as audit_model
from service.web import charts as chart_model
from service.web import create as create_model
from service.web import game as game_model
from service.web import lobby as lobby_model
from service.web import rulesets as ruleset_model
from service.web import web

MAX_AT = 2 ** 53
GAME_ID = re.compile(r"[A-Za-z0-9_.-]{1,200}")


def _page(render):
    """A page's errors as an HTML page with their status, never problem+json."""
    @functools.wraps(render)
    def wrapper(*args, **kwargs):
        try:
            return render(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 -- every error is a page; as_problem logs the unknown
            problem = as_problem(error)
            return _error(problem.status, problem.title, problem.detail)
    return wrapper


def _error(status: int, title: str, detail: str) -> Response:
    return Response(render_template("error.html", status=status, title=title, detail=detail), status=status,
                    mimetype="text/html")


def _int_arg(name: str) -> int | None:
    raw = request.args.get(name, "")
    if not raw:
        return None
    if not raw.isdigit() or not 0 < int(raw) < MAX_AT:
        raise Problem(422, "validation-error", "Invalid request", f"{name} must be a version number")
    return int(raw)


def _html(body: str, status: int = 200, private: bool = False) -> Response:
    response = Response(body, status=status, mimetype="text/html")
    if private:
        response.headers["Cache-Control"] = "private, no-store"
        response.vary.add("Authorization")
    return response


@web.route("/")
@_page
def lobby():
    after = request.args.get("after", "")
    if after and not GAME_ID.fullmatch(after):
        raise Problem(422, "validation-error", "Invalid request", "after must be a game id")
    return _lobby(after)


def _lobby(after: str = "", status: int = 200, problem: Problem | None = None, form=None) -> Response:
    games, next_after = lobby_model.listed(g.services.games, after)
    body = render_template("lobby.html", games=games, after=after, next_after=next_after,
                           rulesets=lobby_model.rulesets(), problem=problem, form=form or {})
    response = _html(body, status)
    if problem is not None:
        response.headers.update(problem.headers)
    return response


@web.route("/table/games", methods=["POST"])
def create_game() -> Response:
    """The lobby's form sent without JavaScript: the game created as POST /games creates it,
    answered with its private links (never stored by a cache), or the lobby with what was wrong."""
    if not _same_site():
        return _error(403, "Forbidden", "a game is created from this service's own lobby, not another site's form")
    try:
        created, links, game_url = create_model.create(request.form, request.host_url)
    except RateLimitExceeded as error:
        return _lobby(status=429, problem=create_model.too_many(error), form=request.form)
    except Exception as error:  # noqa: BLE001 -- every refusal is shown on the lobby; as_problem logs the unknown
        problem = as_problem(error)
        return _lobby(status=problem.status, problem=problem, form=request.form)
    response = _html(render_template("created.html", created=created, links=links, game_url=game_url), 201)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Location"] = url_for("games.Game", game_id=created.game_id)
    return response


def _same_site() -> bool:
    """The form was sent from this service's pages: a browser names the sending page's origin
    (``Origin``) or says the request is cross-site (``Sec-Fetch-Site``)."""
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlparse(origin).netloc != request.host:
        return False
    return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")


@_page
def game_page(game_id: str) -> Response:
    at = _int_arg("at")
    page = game_model.build(g.services.games, game_id, SPECTATOR, at=at,
                            log_before=_int_arg("before"), with_changes=at is not None)
    return _html(render_template("game.html", page=page, at=at))


@web.route("/table/games/<game_id>/parts")
@_page
def game_parts(game_id: str) -> Response:
    """The page's main part as the bearer's seat sees it (at ``at``): what the script swaps in."""
    seat = current_seat(game_id)
    at = _int_arg("at")
    page = game_model.build(g.services.games, game_id, seat, at=at, log_before=_int_arg("before"),
                            with_changes=at is not None)
    return _html(render_template("_main.html", page=page, at=at), private=True)


@web.route("/table/games/<game_id>/audit")
@_page
def audit(game_id: str) -> Response:
    games = g.services.games
    page, state = game_model.header(games, game_id)
    cut = readable_cut(games, game_id, SPECTATOR, state)
    checked = audit_model.verify_game(games, game_id, state, full=request.args.get("full") == "1")
    return _html(render_template("audit.html", page=page, cut=cut, report=checked.report, checked=checked,
                                 keys=games.keys.public_keys(),
                                 export_url=url_for("export.Export", game_id=game_id, _external=True)))


@web.route("/table/games/<game_id>/charts")
@_page
def charts(game_id: str) -> Response:
    games = g.services.games
    page, _ = game_model.header(games, game_id)
    return _html(render_template("charts.html", page=page, charts=chart_model.charts(games, game_id)))


@_page
def ruleset_page(ruleset_id: str, checked: dict | None = None, status: int = 200) -> Response:
    ruleset = registry.get(ruleset_id)
    if ruleset is None:
        return _error(404, "Not found", f"no ruleset {ruleset_id!r}")
    return _html(render_template("ruleset.html", r=ruleset_model.describe(ruleset), checked=checked), status)


@web.route("/table/rulesets/<ruleset_id>/pack.yaml")
@_page
def default_pack(ruleset_id: str) -> Response:
    ruleset = registry.get(ruleset_id)
    text = None if ruleset is None else ruleset_model.default_pack_text(ruleset)
    if text is None:
        return _error(404, "Not found", f"ruleset {ruleset_id!r} has no data pack")
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f'attachment; filename="{ruleset.id}-pack.yaml"'})


@web.route("/table/rulesets/<ruleset_id>/pack-check", methods=["POST"])
def check_pack(ruleset_id: str) -> Response:
    """An uploaded pack (a file or pasted text) validated: its errors with their field paths."""
    ruleset = registry.get(ruleset_id)
    if ruleset is None:
        return _error(404, "Not found", f"no ruleset {ruleset_id!r}")
    upload = request.files.get("pack")
    text = upload.read().decode("utf-8", "replace") if upload and upload.filename else request.form.get("text", "")
    checked = ruleset_model.check_pack(ruleset, text, upload.filename if upload and upload.filename else "pasted")
    return ruleset_page(ruleset_id, checked, 200 if checked["ok"] else 422)
