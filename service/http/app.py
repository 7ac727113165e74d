"""Flask app factory: wiring (bootstrap), the API and its OpenAPI document, error handling."""
from __future__ import annotations

import functools
import inspect
import re
import weakref

import yaml
from apispec.yaml_utils import dict_to_yaml
from flask import Flask, g
from flask_smorest import Api

from domain import registry
from domain.kernel import MODERATOR
from service import bootstrap
from service.http import limits
from service.http import stream_tokens
from service.http import streams
from service.http.api import PER_SEAT_READS, games, meta
from service.http.combat import combat, openapi_odds
from service.http.export_api import export
from service.http.reference import reference
from service.http.command_schemas import openapi_commands
from service.http.event_schemas import openapi_events
from service.http.game_schemas import openapi_new_games
from service.http.projection_schemas import openapi_projections
from service.config import Config
from service.http.notify_api import deadlines
from service.mail.api import mail
from service.web import web
from service.jobs.follow_ups import follow_ups
from service.http.plumbing import install

API_TITLE = "Casus Belli"
API_VERSION = "0.1.0"


INFO = """Event-sourced adjudication service for WWII grand-strategy board games.

Every error is application/problem+json (RFC 9457) with a stable `type`.

Writes and reads use two kinds of entity tag. A command's `If-Match` takes the game version
its command is based on, quoted (`"7"`): the `version` field of any read, or the `ETag` of the
previous command's answer. Reads answer with an opaque, strong `ETag` derived from the bytes
that reader is sent (it differs per representation and per seat; it is not a version); send it
back as `If-None-Match` to get 304 while nothing changed. Per-seat reads vary on
`Authorization` and are `Cache-Control: private`. Paged lists link their next page in `Link`."""


class CasusApi(Api):
    DEFAULT_ERROR_RESPONSE_NAME = None  # every error is problem+json, documented per operation


class CasusFlask(Flask):
    """Flask asking once per function whether a view or hook is a coroutine, not on every call:
    ``ensure_sync`` runs for each hook and view of every request (about ten inspections of a
    command's request). Weak keys: a function dropped is forgotten."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._coroutines: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def ensure_sync(self, func):
        target = getattr(func, "__func__", func)  # a bound method is made anew on each access
        try:
            coroutine = self._coroutines[target]
        except (KeyError, TypeError):  # TypeError: no weak reference to it, so not remembered
            coroutine = inspect.iscoroutinefunction(func)
            try:
                self._coroutines[target] = coroutine
            except TypeError:
                pass
        return self.async_to_sync(func) if coroutine else func


def create_app(config: Config | None = None, services: bootstrap.Services | None = None) -> Flask:
    config = config or Config.from_env()
    services = services or bootstrap.build(config)
    app = CasusFlask("casus", static_folder=None)
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        MAX_CONTENT_LENGTH=config.max_body_bytes,
        JSON_SORT_KEYS=False,
    )
    api = CasusApi(app, spec_kwargs={
        "info": {"description": INFO},
    })
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{}, {"bearerAuth": []}]
    api.register_blueprint(meta)
    api.register_blueprint(games)
    api.register_blueprint(combat)
    api.register_blueprint(deadlines)
    api.register_blueprint(follow_ups)
    api.register_blueprint(reference)
    api.register_blueprint(mail)
    api.register_blueprint(export)
    app.register_blueprint(web)  # pages, not part of the API contract
    install(app, PER_SEAT_READS)
    streams.install(app, services)
    stream_tokens.install(api, app, services)
    limits.install(app, config)
    app.extensions["casus_services"] = services
    app.extensions["casus_openapi"] = functools.cache(lambda: openapi_yaml(api))  # the same for the app's life

    @app.before_request
    def attach_services():
        g.services = services

    return app


def openapi_yaml(api: Api) -> str:
    """The document: what the decorators say, then what the registry says of each built-in
    ruleset (its new-game body, commands, events, projections with an example of each, battles)
    and HTTP by the book (operation ids, headers, links)."""
    spec = api.spec.to_dict()
    rulesets = registry.all_rulesets(builtin_only=True)
    limits.document(spec)
    openapi_new_games(spec, rulesets)
    openapi_commands(spec, rulesets)
    openapi_events(spec, rulesets)
    openapi_projections(spec, rulesets)
    openapi_odds(spec)
    return dict_to_yaml(http_by_the_book(spec), {"Dumper": _PlainDumper})


class _PlainDumper(yaml.SafeDumper):
    """No &anchors / *aliases: every part of the contract reads where it stands."""

    def ignore_aliases(self, data) -> bool:
        return True


# ---- HTTP by the book: operation ids, links, response headers ----------------------------------

HEADERS = {
    "ETag": {"description": "Opaque strong entity tag of these bytes for this reader (sha256); send it as "
                            "If-None-Match to get 304. Not a game version.", "schema": {"type": "string"}},
    "VersionETag": {"description": 'The game version after the write, quoted ("8"): the next command\'s If-Match',
                    "schema": {"type": "string", "pattern": '^"[0-9]+"$'}},
    "Cache-Control": {"description": "`no-cache` (revalidate with If-None-Match); per-seat reads are `private`",
                      "schema": {"type": "string"}},
    "NoStore": {"description": "`no-store`: the answer holds the seats' tokens, shown once", "schema": {"type": "string"}},
    "Vary": {"description": "`Authorization`: the bytes depend on the reader's seat", "schema": {"type": "string"}},
    "Link": {"description": 'The next page, `<url>; rel="next"` (RFC 8288); absent on the last page',
             "schema": {"type": "string"}},
    "Location": {"description": "The created game, or the job to poll", "schema": {"type": "string"}},
    "Retry-After": {"description": "Seconds to wait before retrying (or before polling the job)",
                    "schema": {"type": "string", "pattern": "^[0-9]+$"}},
}
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                 "description": "An ETag this reader was sent before: 304 while the representation is unchanged"}
GAME_PATH = re.compile(r"^/games/\{game_id\}")
PATH_EXAMPLES = {"ruleset_id": "dod3", "slug": "stale-version", "rule_id": "DOD3-6.1"}  # ids that exist


def http_by_the_book(spec: dict) -> dict:
    """What the decorators cannot say: every operation named, response headers declared, 304 and
    503 documented, and links from a created game (and a started job) to what a client does next."""
    components = spec.setdefault("components", {})
    components["headers"] = HEADERS
    components.setdefault("responses", {})["ServiceUnavailable"] = {
        "description": "The store is not answering; retry after Retry-After seconds (problem details)",
        "headers": {"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
        "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    operations = [(path, method, op) for path, item in spec["paths"].items() for method, op in item.items()
                  if method in ("get", "post", "put", "patch", "delete")]
    for path, method, op in operations:
        op.setdefault("operationId", _operation_id(method, path))
        for parameter in op.get("parameters", []) + spec["paths"][path].get("parameters", []):
            if parameter.get("in") == "path" and parameter["name"] in PATH_EXAMPLES:
                parameter["example"] = PATH_EXAMPLES[parameter["name"]]
        responses = op["responses"]
        responses["503"] = {"$ref": "#/components/responses/ServiceUnavailable"}
        for code in ("414", "431"):  # any request: a URL or headers past the service's limits
            responses.setdefault(code, _problem())
        if "requestBody" in op:
            for code in ("400", "413", "415"):
                responses.setdefault(code, _problem())
        if method == "get":
            _conditional_read(path, op)
        for code, response in responses.items():
            if code in ("201", "202"):
                headers = response.setdefault("headers", {})
                headers["Location"] = _ref("Location")
                if code == "202":
                    headers["Retry-After"] = _ref("Retry-After")
    created = spec["paths"]["/games"]["post"]["responses"]["201"]
    created["headers"].update({"ETag": _ref("VersionETag"), "Cache-Control": _ref("NoStore")})
    spec["paths"]["/games/{game_id}/commands"]["post"]["responses"]["201"]["headers"] = {"ETag": _ref("VersionETag")}
    # A created game links to each of its operations but those on what it does not have yet (a
    # webhook, a mail registration, a battle): what creates that links to them.
    created["links"] = {op["operationId"]: _created_game_link(path, op) for path, method, op in operations
                        if GAME_PATH.match(path) and method != "delete"
                        and set(PATH_PARAMETER.findall(path)) <= LINKED}
    _follow_ups(spec)
    for path, _, op in operations:
        if "202" in op["responses"] and "$ref" not in op["responses"]["202"]:
            op["responses"]["202"]["links"] = {"getJob": {
                "operationId": "getJob", "parameters": {"job_id": "$response.body#/id"},
                "description": "Poll the job"}}
    return spec


# The moderator's token reads and writes everything of the game it created.
MODERATOR_BEARER = "Bearer {$response.body#/moderator_token}"
IF_MATCH_VERSION = '"{$response.body#/version}"'  # a quoted version: what If-Match takes
SAME_GAME = "$request.path.game_id"
PATH_PARAMETER = re.compile(r"\{([^}]+)\}")
LINKED = {"game_id", "seat", "name"}  # what a link from a created game can name: itself, the moderator, schedule
MODERATOR_MAIL = {"addresses": ["moderator@example.org"], "order_password": "orders-2-go"}


def _created_game_link(path: str, op: dict) -> dict:
    """A link from a created game to one of its operations: the game, the moderator's token,
    the version to write on, the moderator's own mail seat, a read model every game has."""
    parameters = {"game_id": "$response.body#/game_id", "header.Authorization": MODERATOR_BEARER}
    declared = {p["name"] for p in op.get("parameters", [])}
    if "If-Match" in declared:
        parameters["header.If-Match"] = IF_MATCH_VERSION
    link = {"operationId": op["operationId"], "parameters": parameters,
            "description": f"{op['operationId']} of the created game, as its moderator"}
    if "{seat}" in path:
        parameters["seat"] = MODERATOR
        if "/mail/seats/" in path and "requestBody" in op:  # the moderator's mail: an address and password
            link["requestBody"] = MODERATOR_MAIL
    if "{name}" in path:
        parameters["name"] = "schedule"
    return link


def _follow_ups(spec: dict) -> None:
    """Links between a game's operations (the same game; the reader keeps its own token): a ready
    body of legal-commands is sent as it is, on the version it was offered at; a command's answer
    leads to what may be done next; a listed projection is read; a webhook is read and removed."""
    paths = spec["paths"]
    legal = paths["/games/{game_id}/legal-commands"]["get"]["responses"]["200"]
    legal["links"] = {"submitCommand": {
        "operationId": "submitCommand", "requestBody": "$response.body#/commands/0/example",
        "parameters": {"game_id": SAME_GAME, "header.If-Match": IF_MATCH_VERSION},
        "x-schemathesis": {"merge_body": False},  # the ready body as it is, not merged into a drawn one
        "description": "Send the first ready body on the version it was offered at"}}
    paths["/games/{game_id}/commands"]["post"]["responses"]["201"]["links"] = {"getLegalCommands": {
        "operationId": "getLegalCommands", "parameters": {"game_id": SAME_GAME},
        "description": "What may be done now"}}
    listed = paths["/games/{game_id}/projections"]["get"]["responses"]["200"]
    listed["links"] = {"getProjection": {
        "operationId": "getProjection", "parameters": {"game_id": SAME_GAME, "name": "$response.body#/projections/0"},
        "description": "Read the first read model listed"}}
    registered = paths["/games/{game_id}/mail/seats/{seat}"]["put"]["responses"]["200"]
    registered["links"] = {"deleteSeatMail": {
        "operationId": "deleteSeatMail", "parameters": {"game_id": SAME_GAME, "seat": "$request.path.seat"},
        "description": "Stop this seat's play by email"}}
    webhook = paths["/games/{game_id}/webhooks"]["post"]["responses"]["201"]
    webhook["links"] = {operation: {
        "operationId": operation, "parameters": {"game_id": SAME_GAME, "subscription_id": "$response.body#/id"},
        "description": f"{operation} of the new webhook"} for operation in ("listWebhookDeliveries", "deleteWebhook")}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/headers/{name}"}


def _problem() -> dict:
    return {"description": "Problem details (RFC 9457)",
            "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}


def _conditional_read(path: str, op: dict) -> None:
    per_seat = path in PER_SEAT_PATHS
    op.setdefault("parameters", []).append(dict(IF_NONE_MATCH))
    names = ["ETag", "Cache-Control"] + (["Vary"] if per_seat else [])
    paged = ["Link"] if path in PAGED_PATHS else []
    op["responses"]["200"].setdefault("headers", {}).update({name: _ref(name) for name in names + paged})
    op["responses"]["304"] = {"description": "Not modified: If-None-Match names this reader's current ETag",
                              "headers": {name: _ref(name) for name in names}}


PER_SEAT_PATHS = frozenset({"/games/{game_id}/state", "/games/{game_id}/events", "/games/{game_id}/legal-commands",
                            "/games/{game_id}/projections/{name}"})
PAGED_PATHS = frozenset({"/games", "/games/{game_id}/events"})


def _operation_id(method: str, path: str) -> str:
    words = [w for w in re.split(r"[^A-Za-z0-9]+", path) if w]
    return method + "".join(w[:1].upper() + w[1:] for w in words)
