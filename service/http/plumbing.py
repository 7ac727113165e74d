"""HTTP plumbing shared by the blueprints: problem+json errors, request limits and strict JSON
bodies, seats from bearer tokens, If-Match versions for writes and content ETags for reads."""
from __future__ import annotations

import hashlib
import json
import logging
import re
import sqlite3
from typing import Callable

import marshmallow as ma
import orjson
import redis
from flask import Flask, Response, current_app, g, request, url_for
from flask_smorest import Blueprint as SmorestBlueprint
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import (
    ClientDisconnected,
    HTTPException,
    InternalServerError,
    RequestEntityTooLarge,
)

from domain.kernel import SPECTATOR, RuleViolation
from events.codec import SAFE_INTEGER
from events.store import IdempotencyConflict, WrongExpectedVersion
from service.http.problems import Problem, bad_request, http_slug, validation
from service.rules import all_rules

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("casus")

MAX_URL_BYTES = 4096  # path + query; gunicorn's request line limit (4094) is of the same size
MAX_HEADER_BYTES = 8190  # one field, as gunicorn's limit_request_field_size
MAX_HEADERS_BYTES = 32 * 1024
MAX_HEADERS = 100
MAX_JSON_DEPTH = 64  # the deepest data pack is a dozen levels; anything far deeper is an attack


# ---- problems ---------------------------------------------------------------------------------

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
        return _invalid(_allowed_fields(messages["json"]) if set(messages) == {"json"} else messages)
    if code == 500:
        log.error("internal error: %s", error)
    return Problem(code, http_slug(code), error.name, error.description or "", headers=headers)


def _invalid(errors) -> Problem:
    return Problem(422, "validation-error", "Invalid request", "the request does not fit the schema", errors=errors)


def _flat(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, list):
        for v in value:
            yield from _flat(v)
    else:
        yield value


# ---- request limits and strict JSON bodies -------------------------------------------------------

def check_request() -> None:
    """Before any handler: URL and header sizes, then the JSON body of an operation that takes one
    (415 when it is not JSON; 400/422 when it is JSON no client should send), read once."""
    environ = request.environ
    if len(environ.get("PATH_INFO", "")) + len(environ.get("QUERY_STRING", "")) > MAX_URL_BYTES:
        raise Problem(414, "uri-too-long", "URI too long", f"path and query are limited to {MAX_URL_BYTES} bytes")
    sizes = header_sizes(environ)
    if len(sizes) > MAX_HEADERS or sum(sizes) > MAX_HEADERS_BYTES or max(sizes, default=0) > MAX_HEADER_BYTES:
        raise Problem(431, "request-header-fields-too-large", "Request header fields too large",
                      f"at most {MAX_HEADERS} header fields, {MAX_HEADER_BYTES} bytes each, "
                      f"{MAX_HEADERS_BYTES} bytes in all")
    if request.routing_exception is None and _body_schema() is not None:
        g.casus_json = _json_body()


_CGI_BODY_FIELDS = frozenset({"CONTENT_TYPE", "CONTENT_LENGTH"})
_CGI_SHADOWED = frozenset({"HTTP_CONTENT_TYPE", "HTTP_CONTENT_LENGTH"})


def header_sizes(environ: dict) -> list[int]:
    """Name + value length of each field ``request.headers`` lists, read from the WSGI environ
    without building the names (a tenth of the checks' time): ``HTTP_IF_MATCH`` is
    ``If-Match`` and five characters more; ``CONTENT_TYPE`` is as long as ``Content-Type``."""
    return [len(key) - 5 + len(value) if key[:5] == "HTTP_" else len(key) + len(value)
            for key, value in environ.items()
            if (key[:5] == "HTTP_" and key not in _CGI_SHADOWED) or (key in _CGI_BODY_FIELDS and value)]


def _body_schema():
    """The schema of the JSON body the routed operation takes (None: it takes no body)."""
    cache = current_app.extensions.setdefault("casus_json_operations", {})
    key = (request.endpoint, request.method)
    if key not in cache:
        view_class = getattr(current_app.view_functions.get(request.endpoint), "view_class", None)
        handler = getattr(view_class, request.method.lower(), None)
        parameters = getattr(handler, "_apidoc", {}).get("arguments", {}).get("parameters", [])
        cache[key] = next((p["schema"] for p in parameters if p.get("in") == "json"), None)
    return cache[key]


def _allowed_fields(errors: dict) -> dict:
    """marshmallow's bare "Unknown field." for a body field, with the fields the body takes."""
    schema = _body_schema()
    if schema is None:
        return errors
    fields = schema().load_fields if isinstance(schema, type) else schema.load_fields
    allowed = ", ".join(sorted(f.data_key or name for name, f in fields.items()))
    return {k: [f"Unknown field; allowed: {allowed}."] if v == ["Unknown field."] else v for k, v in errors.items()}


def _json_body():
    length = request.content_length
    mimetype = request.mimetype
    if mimetype != "application/json":
        if not length and "chunked" not in request.headers.get("Transfer-Encoding", "") and not mimetype:
            return core.missing  # no body at all: the schema says what is required
        raise Problem(415, "unsupported-media-type", "Unsupported media type",
                      f"send the body as Content-Type: application/json (not {mimetype or 'none'!r})",
                      headers={"Accept-Post": "application/json"})
    value, unsafe = _read_json(_body_bytes(length))
    if unsafe:  # reported with every other error of the body, not before them
        raise _invalid(_schema_errors(value, unsafe))
    return value


def _schema_errors(value, more: dict[str, str]) -> dict:
    """The errors of the routed operation's body schema with ``value``, and ``more``."""
    schema = _body_schema()
    errors = _allowed_fields(Blueprint.ARGUMENTS_PARSER.schema(schema).validate(value)
                             if isinstance(schema, type) else schema.validate(value))
    for path, message in more.items():
        errors[path] = [*errors.get(path, []), message]
    return errors


def _body_bytes(length: int | None) -> bytes:
    """The body. One whose length is declared is read straight from the server's stream, with
    werkzeug's checks (413 past the limit, 400 when it ends early), skipping the stream wrapper
    that cost a command a twentieth of its time; a chunked one goes through werkzeug, which
    bounds it while reading. Read once: ``g.casus_json`` holds what it says."""
    if length is None:
        return request.get_data(cache=True)
    limit = request.max_content_length
    if limit is not None and length > limit:
        raise RequestEntityTooLarge()
    raw = request.environ["wsgi.input"].read(length)
    if len(raw) != length:
        raise ClientDisconnected()
    return raw


class _BigInt:
    """An integer literal too long to convert: kept as its length, refused with its path."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


def _parse_int(text: str):
    return int(text) if len(text) <= 20 else _BigInt(text)


def read_json(raw: bytes):
    """I-JSON (RFC 7493) at most MAX_JSON_DEPTH deep: 400 for what is not JSON, not Unicode or too
    deep, 422 naming each integer no JSON client can hold."""
    value, unsafe = _read_json(raw)
    if unsafe:
        raise validation(unsafe)
    return value


def _read_json(raw: bytes) -> tuple[object, dict[str, str]]:
    """``read_json``'s value, and each integer no JSON client can hold (path -> message) for the
    caller to refuse with the body's other errors.

    orjson reads a body first (a command's parse took a fifth of the request's own work). Where it
    could read differently from the strict reader -- anything it refuses, and any number it gives
    as a float, which is also how it gives an integer past 64 bits -- the strict reader reads the
    body again, so every answer is the strict reader's."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    else:
        unsafe, floats = _walk(value)
        if not floats:
            return value, unsafe
    try:
        value = json.loads(raw.decode("utf-8"), parse_int=_parse_int)
    except UnicodeDecodeError:
        raise bad_request("malformed-json", "Malformed JSON", "the body is not UTF-8") from None
    except RecursionError:
        raise _too_deep("the body") from None
    except ValueError:
        raise bad_request("malformed-json", "Malformed JSON", "the body is not valid JSON") from None
    return value, _walk(value)[0]


def _too_deep(where: str) -> Problem:
    return bad_request("json-too-deep", "JSON nested too deep",
                       f"{where} is nested deeper than {MAX_JSON_DEPTH} levels")


def _walk(value) -> tuple[dict[str, str], bool]:
    """Depth and lone surrogates (raised), out-of-range integers (returned, path -> message), and
    whether any float was seen."""
    unsafe: dict[str, str] = {}
    floats = False
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth >= MAX_JSON_DEPTH:
                raise _too_deep(path or "the body")
            if isinstance(item, dict):
                for key, child in item.items():
                    _unicode(key, f"a key of {path or 'the body'}")
                    stack.append((child, f"{path}.{key}" if path else key, depth + 1))
            else:
                stack.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(item))
        elif isinstance(item, str):
            _unicode(item, path or "the body")
        elif isinstance(item, _BigInt):
            unsafe[path or "<root>"] = f"an integer of {item.digits} digits; {_RANGE}"
        elif isinstance(item, float):
            floats = True
        elif isinstance(item, int) and not isinstance(item, bool) and not -SAFE_INTEGER <= item <= SAFE_INTEGER:
            unsafe[path or "<root>"] = _RANGE
    return unsafe, floats


_RANGE = f"must be an integer between {-SAFE_INTEGER} and {SAFE_INTEGER}"


def _unicode(text: str, where: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request("invalid-unicode", "Invalid Unicode",
                          f"{where} holds a lone surrogate (such as \\ud800); JSON text must be Unicode") from None


class CasusParser(FlaskParser):
    """webargs reading the body ``check_request`` parsed (strictly) once, with one instance of
    each schema class: webargs would build one per request (a quarter of a command's parsing),
    and a marshmallow schema keeps no state between loads."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._schemas: dict[type, ma.Schema] = {}

    def _get_schema(self, argmap, req):
        if not (isinstance(argmap, type) and issubclass(argmap, ma.Schema)):
            return super()._get_schema(argmap, req)
        return self.schema(argmap)

    def schema(self, cls: type[ma.Schema]) -> ma.Schema:
        schema = self._schemas.get(cls)
        if schema is None:
            schema = self._schemas[cls] = cls()
        return schema

    def _raw_load_json(self, req):
        if "casus_json" in g:
            return g.casus_json
        return super()._raw_load_json(req)


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = CasusParser()


def documented_only(*decorators):
    """flask-smorest's decorators for the documentation they write, without the wrappers they
    put around the view: for the hot path (POST commands), whose view reads its body with
    ``json_body`` and returns its own Response. Those four wrappers and webargs cost a command
    about a tenth of its time and did nothing else for it."""
    def apply(view):
        documented = view
        for decorator in reversed(decorators):
            documented = decorator(documented)
        view._apidoc = documented._apidoc
        return view
    return apply


def json_body(schema: type[ma.Schema]):
    """The body ``check_request`` read, loaded by ``schema``: what ``Blueprint.arguments`` gives a
    view, with the same 422 (``_http_problem``'s) when it does not fit."""
    data = g.casus_json
    try:
        return Blueprint.ARGUMENTS_PARSER.schema(schema).load({} if data is core.missing else data)
    except ma.ValidationError as error:
        raise _invalid(_allowed_fields(error.messages)) from None


# ---- wiring -------------------------------------------------------------------------------------

def install(app: Flask, per_seat_reads: frozenset[str]) -> None:
    """After flask-smorest's Api: problem+json for every error, request checks, read headers."""

    def handle(error: Exception):
        return problem_response(as_problem(error))

    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(Exception, handle)
    app.before_request(check_request)
    app.after_request(lambda response: read_headers(response, per_seat_reads))


def read_headers(response: Response, per_seat_reads: frozenset[str]) -> Response:
    """Reads get a strong ETag of the bytes sent (so per representation and reader) and answer
    304 to a matching If-None-Match; per-seat reads vary on Authorization and stay private."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200:
        return response
    private = request.endpoint in per_seat_reads
    response.headers["Cache-Control"] = "private, no-cache" if private else "no-cache"
    if private:
        response.vary.add("Authorization")
    if response.is_streamed:
        return response
    tag = hashlib.sha256(response.get_data()).hexdigest()
    response.set_etag(tag)
    if request.if_none_match.contains_weak(tag):
        response.status_code = 304
        response.set_data(b"")
        for name in ("Content-Type", "Content-Length"):
            response.headers.pop(name, None)
    return response


# ---- seats and versions ---------------------------------------------------------------------------

def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def game_state(game_id: str, checked: bool = True):
    """The game's current state, loaded once per request however many steps ask for it.
    ``checked=False``: the write path's load (see ``GameService.load``)."""
    loaded = g.setdefault("casus_loaded", {})
    state = loaded.get(game_id)
    if state is None:
        state = loaded[game_id] = g.services.games.load(game_id, checked=checked)
    return state


def current_seat(game_id: str, required: bool = False) -> str:
    """The seat behind the bearer token; SPECTATOR for anonymous reads."""
    state = game_state(game_id)  # 404 before anything else
    token = bearer_token()
    if token is None and not required:
        return SPECTATOR
    return g.services.games.authenticate(state, token)


def etag(version: int) -> str:
    """The ETag of a write's answer: the game version, the next command's If-Match."""
    return f'"{version}"'


_ENTITY_TAG = re.compile(r'\s*(?:W/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)')
_VERSION = re.compile(r"[0-9]{1,16}")


def parse_version(text: str) -> int | None:
    """A game version written in ASCII digits (1 to 2^53), else None."""
    if not _VERSION.fullmatch(text):
        return None
    value = int(text)
    return value if value <= SAFE_INTEGER else None


def require_if_match() -> str:
    """The If-Match header; 428 without it (checked before anything else about the command)."""
    raw = request.headers.get("If-Match")
    if raw is None:
        raise Problem(428, "precondition-required", "Precondition required",
                      'send If-Match: "<version>" with the version your command is based on')
    return raw


def if_match_version(actual: int, current: Callable[[], int] | None = None) -> int | None:
    """If-Match is required on commands and names a game version: 428 without it, 400 when it is
    no entity tag, 412 when it names none. A version that does not match goes on to the write
    path, which answers 412 (or the original answer of a repeated Idempotency-Key). ``*`` gives
    None: any version, which the write path takes only for commands that commute. ``current``
    reads the version now, for the 412's message when ``actual`` may be a cached state's."""
    raw = require_if_match()
    stripped = raw.strip()
    if stripped == "*":
        return None
    if _VERSION.fullmatch(stripped):  # an unquoted number: taken as the version, as it always was
        tags = [stripped]
    else:
        tags, position = [], 0
        while position < len(raw):
            found = _ENTITY_TAG.match(raw, position)
            if found is None or found.end() == position:
                raise bad_request("invalid-if-match", "Invalid If-Match",
                                  'If-Match must be a quoted game version such as "7"')
            tags.append(found.group(1))
            position = found.end()
    versions = [v for v in map(parse_version, tags) if v is not None]
    if actual in versions:
        return actual
    if versions:
        return versions[0]
    actual = current() if current is not None else actual
    raise Problem(412, "stale-version", "Precondition failed",
                  f"If-Match {raw[:40]!r} names no game version; send the version your command is based on "
                  f"(the `version` of what you read; read ETags are opaque and are not versions). "
                  f"The game is at version {actual}", actual=actual)
