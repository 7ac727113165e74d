"""What a request may be and how its body is read: URL and header limits, the strict JSON body of
an operation that takes one (read once, before the view), and the Blueprint whose webargs parser
loads that body."""
from __future__ import annotations

import marshmallow as ma
from flask import current_app, g, request
from flask_smorest import Blueprint as SmorestBlueprint
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge

from service.http.problems import Problem
from service.http.strict_json import read_json_reporting

MAX_URL_BYTES = 4096  # path + query; gunicorn's request line limit (4094) is of the same size
MAX_HEADER_BYTES = 8190  # one field, as gunicorn's limit_request_field_size
MAX_HEADERS_BYTES = 32 * 1024
MAX_HEADERS = 100


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


def allowed_fields(errors: dict) -> dict:
    """marshmallow's bare "Unknown field." for a body field, with the fields the body takes."""
    schema = _body_schema()
    if schema is None:
        return errors
    fields = schema().load_fields if isinstance(schema, type) else schema.load_fields
    allowed = ", ".join(sorted(f.data_key or name for name, f in fields.items()))
    return {k: [f"Unknown field; allowed: {allowed}."] if v == ["Unknown field."] else v for k, v in errors.items()}


def invalid(errors) -> Problem:
    return Problem(422, "validation-error", "Invalid request", "the request does not fit the schema", errors=errors)


def _json_body():
    length = request.content_length
    mimetype = request.mimetype
    if mimetype != "application/json":
        if not length and "chunked" not in request.headers.get("Transfer-Encoding", "") and not mimetype:
            return core.missing  # no body at all: the schema says what is required
        raise Problem(415, "unsupported-media-type", "Unsupported media type",
                      f"send the body as Content-Type: application/json (not {mimetype or 'none'!r})",
                      headers={"Accept-Post": "application/json"})
    value, unsafe = read_json_reporting(_body_bytes(length))
    if unsafe:  # reported with every other error of the body, not before them
        raise invalid(_schema_errors(value, unsafe))
    return value


def _schema_errors(value, more: dict[str, str]) -> dict:
    """The errors of the routed operation's body schema with ``value``, and ``more``."""
    schema = _body_schema()
    errors = allowed_fields(Blueprint.ARGUMENTS_PARSER.schema(schema).validate(value)
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
    view, with the same 422 (``error_responses._http_problem``'s) when it does not fit."""
    data = g.casus_json
    try:
        return Blueprint.ARGUMENTS_PARSER.schema(schema).load({} if data is core.missing else data)
    except ma.ValidationError as error:
        raise invalid(allowed_fields(error.messages)) from None
