"""Games and their commands: list and create games, a game's summary, and the command endpoint
(the write path's hot path). api.py routes them on the games blueprint."""
from __future__ import annotations

import dataclasses

import marshmallow as ma
import orjson
from flask import Response, g, request, url_for
from flask.views import MethodView

from domain import registry
from domain.kernel.platform import PLATFORM_COMMANDS
from service.http import schemas as s
from service.http.api_common import games, link, problems
from service.http.conditional import etag, if_match_version, require_if_match
from service.http.problems import Problem
from service.http.request_parsing import documented_only, json_body
from service.http.seats import bearer_token, current_seat, game_state


def _summary(game_id: str) -> dict:
    """A game as a list shows it: ruleset, seats, when it was created and whose move it is."""
    games_service = g.services.games
    state = game_state(game_id)  # 404 first
    created = games_service.store.read(game_id, after=0, limit=1)[0]
    visibility = created.data.get("visibility", "listed")
    rules = games_service.rules(game_id)
    # What the game waits for: ``legal_commands``, never the platform's optional commands (an
    # undo, a vacation: open to every seat at any time, they would make every seat awaited).
    awaiting = [seat for seat in state.seats if rules.platform.legal_commands(state, seat)]
    return {"game_id": state.game_id, "ruleset": state.ruleset, "version": state.version,
            "seats": {k: list(v) for k, v in state.seats.items()}, "terminal": rules.platform.is_terminal(state),
            "created_at": created.recorded_at, "visibility": visibility, "awaiting": awaiting}


def _listed_for(summary: dict, token: str | None) -> bool:
    """Listed games to everyone; an unlisted one to a reader holding one of its tokens."""
    if summary["visibility"] == "listed":
        return True
    try:
        return token is not None and bool(g.services.games.authenticate(game_state(summary["game_id"]), token))
    except Problem:
        return False


class CreateGameSchema(s.CreateGameSchema):
    """The body of a new game: ``schemas.CreateGameSchema`` (whose name it keeps in the OpenAPI
    document), and the ruleset and preset it names exist here. An unknown one is a field of
    the body that is wrong (422), not a resource that is missing (404), and is reported with
    every other bad field of the body."""

    @ma.validates_schema(skip_on_field_errors=False)
    def _known_here(self, data: dict, **kwargs) -> None:
        if "ruleset" not in data:  # missing or not a string: its field says so
            return
        ruleset = registry.get(data["ruleset"])
        if ruleset is None:
            known = ", ".join(sorted(r.id for r in registry.all_rulesets()))
            raise ma.ValidationError(f"unknown ruleset {data['ruleset']!r}; known: {known}", "ruleset")
        preset = data.get("preset")
        if preset is not None and preset not in ruleset.seat_presets:
            known = ", ".join(sorted(ruleset.seat_presets)) or "none"
            raise ma.ValidationError(f"{ruleset.id} has no preset {preset!r}; its presets: {known}", "preset")


class Games(MethodView):
    @games.arguments(s.GameListQuery, location="query")
    @games.response(200, s.GameListSchema)
    @problems("listGames", 422)
    def get(self, query):
        """List games (cursor pagination by game id; the next page is linked in `Link`).

        Anonymous readers see the listed games; a reader sending a seat's token also sees that
        game if it is unlisted."""
        limit, after, token = query["limit"], query["after"], bearer_token()
        listed, more = [], True
        while more and len(listed) < limit:
            ids = g.services.games.store.game_ids(after=after, limit=limit)
            more = len(ids) == limit
            for game_id in ids:
                after = game_id
                summary = _summary(game_id)
                if _listed_for(summary, token):
                    listed.append(summary)
                    if len(listed) == limit:
                        break
        next_url = url_for("games.Games", after=after, limit=limit) if more else None
        return {"games": listed, "next": next_url}, 200, link(next_url)

    @games.arguments(CreateGameSchema)
    @games.response(201, s.CreatedGameSchema)
    @problems("createGame", 400, 413, 415, 422)
    def post(self, body):
        """Create a game; the response shows each seat's token and the moderator token once."""
        created = g.services.games.create_game(body["ruleset"], body.get("seats"), body["options"],
                                               body["pack"], body.get("preset"), body["visibility"])
        state = created.state
        payload = {"game_id": created.game_id, "ruleset": state.ruleset, "version": state.version,
                   "seats": {k: list(v) for k, v in state.seats.items()}, "tokens": created.tokens,
                   "moderator_token": created.moderator_token}
        return payload, 201, {"Location": url_for("games.Game", game_id=created.game_id), "ETag": etag(state.version),
                              "Cache-Control": "no-store"}


class Game(MethodView):
    @games.response(200, s.GameSummarySchema)
    @problems("getGame", 404)
    def get(self, game_id):
        """A game's public summary (whose move it is, too)."""
        return _summary(game_id)


COMMAND_HEADERS = [
    {"in": "header", "name": "If-Match", "required": True, "schema": {"type": "string"},
     "description": 'The game version the command is based on, quoted: "7". It is the `version` of '
                    "what you read (state, summary, legal-commands) or the ETag of the last command's "
                    "answer; read ETags are opaque content hashes, not versions (412 if sent here). "
                    "`*` is taken for commands that commute (a sealed bid, an undo answer: their "
                    "schema says so): the service decides them against the latest version, retrying "
                    "a version race; any other command with `*` is 428."},
    {"in": "header", "name": "Idempotency-Key", "required": False,
     "schema": {"type": "string", "minLength": 1, "maxLength": 200},
     "description": "Makes a retry safe: the same seat sending the same request with the same key gets "
                    "the original answer (409 for another request). Keys are per game and seat."},
]


class CommandResultSchema(s.CommandResultSchema):
    """``schemas.CommandResultSchema`` (whose name it keeps), with the tokens a command issued."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(), metadata={
        "description": "Only when the command handed a seat over (ReissueSeatToken, CORE-seat): seat -> its new "
                       "bearer token, shown this once (the answer is then `Cache-Control: no-store`)"})


class Commands(MethodView):
    @documented_only(games.arguments(s.CommandSchema), games.response(201, CommandResultSchema),
                     games.doc(parameters=COMMAND_HEADERS),
                     problems("submitCommand", 400, 401, 403, 404, 409, 412, 413, 415, 422, 428))
    def post(self, game_id):
        """Submit a command for a seat. 201 with the new events (as this seat may see them)."""
        body = json_body(s.CommandSchema)
        game_state(game_id, checked=False)  # what current_seat and the command below read
        seat = current_seat(game_id, required=True)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= 200:
            raise Problem(422, "validation-error", "Invalid request", "Idempotency-Key must be 1-200 characters")
        state = game_state(game_id)
        games_service = g.services.games
        require_if_match()
        try:
            # A body that is no command of this game is 422 whatever version its If-Match names.
            command = games_service.decode(game_id, body["type"], body["data"])
            expected = if_match_version(state.version, lambda: games_service.load(game_id).version)
            handled = games_service.handle(game_id, seat, body["type"], body["data"], expected, key, state=state,
                                           command=command)
        except Problem as problem:
            raise _naming_allowed_fields(problem, game_id, body["type"])
        view = games_service.seat_view(handled.state, seat)
        payload = {"version": handled.last_version, "replayed": handled.replayed,
                   "events": view.events(list(handled.events)),
                   "signed_head": games_service.signed_head(handled.state)}
        if handled.tokens:  # CORE-seat: a seat handed over, its new token shown once
            payload["tokens"] = handled.tokens
            return _json_answer(payload, 201, {"ETag": etag(handled.last_version), "Cache-Control": "no-store"})
        return _json_answer(payload, 201, {"ETag": etag(handled.last_version)})


# The JSON Flask's jsonify wrote (sorted keys, a final newline; text other than ASCII now as
# UTF-8 rather than \u escapes), by orjson: the hot path's answer skips the response schema's
# dump, which changes nothing in it (its fields are the payload's, as a test checks) and cost
# more than deciding the command.
_ANSWER_JSON = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE


def _json_answer(payload: dict, status: int, headers: dict) -> Response:
    return Response(orjson.dumps(payload, option=_ANSWER_JSON), status=status, mimetype="application/json",
                    headers=headers)


def _naming_allowed_fields(problem: Problem, game_id: str, command_type: str) -> Problem:
    """An unknown field of a command's data names the fields that command takes.
    (The codec's message could say it itself; this edge knows the command classes too.)"""
    errors = problem.extra.get("errors")
    if problem.slug != "validation-error" or not isinstance(errors, dict):
        return problem
    cls = next((c for c in PLATFORM_COMMANDS + tuple(g.services.games.rules(game_id).ruleset.commands)
                if c.__name__ == command_type), None)
    if cls is None:
        return problem
    allowed = ", ".join(f.name for f in dataclasses.fields(cls) if f.init) or "none"
    for path, messages in errors.items():
        if path.count(".") == 1 and path.startswith("data.") and messages == ["unknown field"]:
            errors[path] = [f"unknown field; {command_type} takes: {allowed}"]
    return problem
