"""HTTP plumbing shared by the blueprints: problem+json errors, seats from bearer tokens, ETags."""
from __future__ import annotations

import logging

from flask import Flask, Response, g, request
from werkzeug.exceptions import HTTPException

from domain.kernel import SPECTATOR, RuleViolation
from events.store import IdempotencyConflict, WrongExpectedVersion
from service.problems import Problem

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("casus")


def problem_response(problem: Problem) -> Response:
    import orjson

    response = Response(orjson.dumps(problem.body(request.path), option=orjson.OPT_NON_STR_KEYS), status=problem.status, mimetype=PROBLEM_JSON)
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
        case HTTPException():
            return _http_problem(error)
    log.exception("unhandled error", exc_info=error)
    return Problem(500, "internal-error", "Internal server error", "the error was logged")


def _http_problem(error: HTTPException) -> Problem:
    code = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages") if isinstance(data, dict) else None
    if code == 413:
        return Problem(413, "payload-too-large", "Payload too large",
                       f"bodies are limited to {request.max_content_length} bytes")
    if code == 400 and messages and "json" in messages and any("JSON" in str(m) for m in _flat(messages["json"])):
        return Problem(400, "malformed-json", "Malformed JSON", "the body is not valid JSON")
    if code in (400, 422) and messages:
        # webargs reports {"json": {...}, "query": {...}}; a body's fields need no location
        errors = messages["json"] if set(messages) == {"json"} else messages
        return Problem(422, "validation-error", "Invalid request", "the request does not fit the schema", errors=errors)
    slug = {404: "not-found", 405: "method-not-allowed", 406: "not-acceptable", 415: "unsupported-media-type"}.get(code, f"http-{code}")
    return Problem(code, slug, error.name, error.description or "")


def _flat(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, list):
        for v in value:
            yield from _flat(v)
    else:
        yield value


def install_error_handlers(app: Flask) -> None:
    """After flask-smorest's Api: ours replace its JSON error bodies with problem+json."""

    def handle(error: Exception):
        return problem_response(as_problem(error))

    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(Exception, handle)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def game_state(game_id: str):
    """The game's current state, loaded once per request however many steps ask for it."""
    loaded = g.setdefault("casus_loaded", {})
    state = loaded.get(game_id)
    if state is None:
        state = loaded[game_id] = g.services.games.load(game_id)
    return state


def current_seat(game_id: str, required: bool = False) -> str:
    """The seat behind the bearer token; SPECTATOR for anonymous reads."""
    state = game_state(game_id)  # 404 before anything else
    token = bearer_token()
    if token is None and not required:
        return SPECTATOR
    return g.services.games.authenticate(state, token)


def etag(version: int) -> str:
    return f'"{version}"'


def if_match_version() -> int:
    """If-Match is required on commands: 428 without it, 412 (later) when stale."""
    raw = request.headers.get("If-Match")
    if raw is None:
        raise Problem(428, "precondition-required", "Precondition required",
                      'send If-Match: "<version>" with the version your command is based on')
    value = raw.strip()
    if value.startswith("W/"):
        value = value[2:]
    value = value.strip('"')
    if not value.isdigit():
        raise Problem(412, "stale-version", "Precondition failed", f"If-Match {raw!r} is not a game version")
    return int(value)
