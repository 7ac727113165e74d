"""Reference pages the contract links to: a page per problem type (the path of every problem's
``type`` URL) and a page per rule (what a problem's or a legal command's ``rule_id`` names).
JSON by default; a browser (``Accept: text/html``) gets the same as a small HTML page."""
from __future__ import annotations

import orjson
from flask import Response, request, url_for
from flask.views import MethodView
from markupsafe import escape
from werkzeug.http import HTTP_STATUS_CODES

from service.http import schemas as s
from service.http.error_responses import PROBLEM_JSON
from service.http.problems import http_slug, not_found, problem_types
from service.http.request_parsing import Blueprint
from service.rules import all_rules

reference = Blueprint("reference", __name__, description="Problem types and rules, as linked from answers")
PROBLEM = {"description": "Problem details (RFC 9457)", "content": {PROBLEM_JSON: {"schema": s.ProblemSchema}}}


def _page(description: str, schema) -> dict:
    """A page in JSON, or the same as HTML for a browser."""
    return {"description": description, "content": {"application/json": {"schema": schema},
                                                    "text/html": {"schema": {"type": "string"}}}}


def problem_type(slug: str) -> dict | None:
    """A documented type, or the generic page of an HTTP status the server itself gives."""
    known = problem_types().get(slug)
    if known is not None:
        return {"slug": slug, **known}
    status = next((code for code in HTTP_STATUS_CODES if code >= 400 and http_slug(code) == slug), None)
    if status is None:
        return None
    return {"slug": slug, "status": status, "title": HTTP_STATUS_CODES[status],
            "what": f"The HTTP status {status} {HTTP_STATUS_CODES[status]}, as the server gives it.",
            "fix": "See the detail member and the response headers."}


@reference.route("/problems/<slug>")
class ProblemType(MethodView):
    @reference.doc(operationId="getProblemType", responses={"404": PROBLEM, "200": _page("The problem type", s.ProblemTypeSchema)})
    def get(self, slug):
        """What a problem type means and what a client does about it (the page its `type` URL names)."""
        page = problem_type(slug)
        if page is None:
            raise not_found(f"problem type {slug!r}")
        page = {"type": url_for("reference.ProblemType", slug=slug, _external=True), **page}
        return _html(page["title"], page) if _wants_html() else _json(page)


@reference.route("/rules")
class Rules(MethodView):
    @reference.arguments(s.RulesQuery, location="query")
    @reference.response(200, s.RuleListSchema)
    @reference.doc(operationId="listRules", responses={"422": PROBLEM})
    def get(self, query):
        """Every rule id the rulesets raise, with its statement (optionally of one ruleset)."""
        wanted = query.get("ruleset")
        rules = [_rule(r) for r in all_rules().values() if wanted is None or wanted in r.rulesets]
        return {"rules": rules}


@reference.route("/rules/<rule_id>")
class Rule(MethodView):
    @reference.doc(operationId="getRule", responses={"404": PROBLEM, "200": _page("The rule", s.RuleSchema)})
    def get(self, rule_id):
        """One rule: its id, a one-line statement and the rulesets it belongs to."""
        rule = all_rules().get(rule_id)
        if rule is None:
            raise not_found(f"rule {rule_id!r}")
        page = _rule(rule)
        return _html(rule.id, page) if _wants_html() else _json(page)


def _rule(rule) -> dict:
    return {"id": rule.id, "text": rule.text, "rulesets": list(rule.rulesets)}


def _wants_html() -> bool:
    return request.accept_mimetypes.best_match(["application/json", "text/html"]) == "text/html"


def _json(page: dict) -> Response:
    return Response(orjson.dumps(page), mimetype="application/json")


def _html(title: str, page: dict) -> Response:
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in page.items())
    body = f"<!doctype html><title>{escape(title)}</title><h1>{escape(title)}</h1><dl>{rows}</dl>"
    return Response(body, mimetype="text/html")
