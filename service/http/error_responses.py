"""Every error as problem+json (RFC 9457): exceptions of the domain, the store and werkzeug mapped
to a Problem (``as_problem``), and the response that carries one (``problem_response``)."""
from __future__ import annotations

import logging
import sqlite3

import orjson
import redis
from flask import Response, request, url_for
from werkzeug.exceptions import HTTPException, InternalServerError

from domain.kernel import RuleViolation
from events.store import IdempotencyConflict, WrongExpectedVersion
from service.http.problems import Problem, http_slug
from service.http.request_parsing import allowed_fields, invalid
from service.rules import all_rules

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("casus")


def problem_response(problem: Problem) -> Response:
    # The type is this service's page of the problem, on the host the request named (as rule_url).
    body = problem.body(url_for("reference.ProblemType", slug=problem.slug, _external=True), request.path)
    if body.get("rule_id") in all_rules():  # the rule's text is a page of this service
        body["rule_url"] = url_for("reference.Rule", rule_id=body["rule_id"], _external=True)
    body = orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)
    response = Response(body, status=problem.status, mimetype=PROBLEM_JSON)
    response.headers.update(problem.headers)
    if problem.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="casus"'
    return response


def as_problem(error: Exception) -> Problem:
    match error:
        case Problem():
            return error
        case RuleViolation():
            return Problem(422, "rule-violation", "Rule violation", error.message, rule_id=error.rule_id)
        case WrongExpectedVersion():
            return Problem(412, "stale-version", "Precondition failed",
                           f"If-Match names version {error.expected}; the game is at version {error.actual}",
                           expected=error.expected, actual=error.actual)
        case IdempotencyConflict():
            return Problem(409, "idempotency-key-reused", "Idempotency key reused",
                           f"Idempotency-Key {error.key!r} was used before for another request")
        case InternalServerError() if error.original_exception is not None:
            return as_problem(error.original_exception)
        case HTTPException():
            return _http_problem(error)
        case redis.exceptions.ConnectionError() | redis.exceptions.TimeoutError():
            return _unavailable("the event store (Redis) is not answering")
        case sqlite3.OperationalError() if "locked" in str(error):
            return _unavailable("the event store (SQLite) is busy")
    log.exception("unhandled error", exc_info=error)
    return Problem(500, "internal-error", "Internal server error", "the error was logged")


def _unavailable(detail: str) -> Problem:
    log.warning("store unavailable: %s", detail)
    return Problem(503, "store-unavailable", "Service unavailable", detail + "; retry later",
                   headers={"Retry-After": "5"})


_KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def _http_problem(error: HTTPException) -> Problem:
    code = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages") if isinstance(data, dict) else None
    headers = {k: v for k, v in error.get_headers() if k in _KEPT_HEADERS}
    if code == 413:
        return Problem(413, "payload-too-large", "Payload too large",
                       f"bodies are limited to {request.max_content_length} bytes")
    if code == 400 and messages and "json" in messages and any("JSON" in str(m) for m in _flat(messages["json"])):
        return Problem(400, "malformed-json", "Malformed JSON", "the body is not valid JSON")
    if code in (400, 422) and messages:
        # webargs reports {"json": {...}, "query": {...}}; a body's fields need no location
        return invalid(allowed_fields(messages["json"]) if set(messages) == {"json"} else messages)
    if code == 500:
        log.error("internal error: %s", error)
    return Problem(code, http_slug(code), error.name, error.description or "", headers=headers)


def _flat(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, list):
        for v in value:
            yield from _flat(v)
    else:
        yield value
