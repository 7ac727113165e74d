"""REST endpoints: thin handlers that turn a request into a call on the game service."""
from __future__ import annotations

import dataclasses
import re

import marshmallow as ma
import orjson
from flask import Response, current_app, g, request, url_for
from flask.views import MethodView

from domain import registry
from domain.kernel import MODERATOR
from domain.kernel.platform import PLATFORM_COMMANDS
from domain.kernel.schedule_views import PLATFORM_PROJECTIONS
from events.store import iter_all
from events.verify import verify
from service import jobs as job_functions
from service.http import schemas as s
from service.http.command_schemas import legal_bodies, optional_bodies
from service.http.plumbing import (
    PROBLEM_JSON,
    Blueprint,
    as_problem,
    bearer_token,
    current_seat,
    documented_only,
    etag,
    game_state,
    if_match_version,
    json_body,
    parse_version,
    require_if_match,
)
from service.http.problems import Problem, bad_request, not_found
from service.http.sse import event_stream
from service.http.stream_tokens import events_seat

games = Blueprint("games", __name__, url_prefix="/games", description="Games, commands, events, projections")
meta = Blueprint("meta", __name__, description="Health, rulesets, jobs")

PROBLEM = {"description": "Problem details (RFC 9457)", "content": {PROBLEM_JSON: {"schema": s.ProblemSchema}}}
# Reads whose bytes depend on the bearer token: they vary on Authorization and are private.
PER_SEAT_READS = frozenset({"games.State", "games.Events", "games.LegalCommands", "games.ProjectionView",
                            "export.Export"})
JOB_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")  # what a job id may be (RQ refuses anything else)


def problems(operation_id: str, *codes: int):
    """Name the operation and document the problem responses it can give."""
    return games.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


def meta_problems(operation_id: str, *codes: int):
    return meta.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


def _view(game_id: str, seat: str, at: int | None = None):
    """What ``seat`` may see of the game now (the request's one load) or at version ``at``."""
    games_service = g.services.games
    state = game_state(game_id) if at is None else games_service.load(game_id, at)
    return games_service.seat_view(state, seat)


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


@games.route("")
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
        return {"games": listed, "next": next_url}, 200, _link(next_url)

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


def _link(next_url: str | None) -> dict:
    return {"Link": f'<{next_url}>; rel="next"'} if next_url else {}


@games.route("/<game_id>")
class Game(MethodView):
    @games.response(200, s.GameSummarySchema)
    @problems("getGame", 404)
    def get(self, game_id):
        """A game's public summary (whose move it is, too)."""
        return _summary(game_id)


@games.route("/<game_id>/state")
class State(MethodView):
    @games.arguments(s.AtQuery, location="query")
    @games.response(200, s.GameStateSchema)
    @problems("getGameState", 401, 404, 422)
    def get(self, query, game_id):
        """The state one seat may see.

        The seat is the bearer token's; anonymous readers see what everyone sees.
        ``at=N`` gives the state at version N."""
        seat = current_seat(game_id)
        view = _view(game_id, seat, query.get("at"))
        return {**view.state_view(), "seat": seat}


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


@games.route("/<game_id>/commands")
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


@games.route("/<game_id>/events")
class Events(MethodView):
    @games.arguments(s.EventsQuery, location="query")
    @games.doc(parameters=[
        {"in": "header", "name": "Last-Event-ID", "required": False,
         "schema": {"type": "string", "pattern": "^[0-9]{1,15}$"},  # 15 digits stay below 2^53
         "description": "Resume after this event version, as EventSource does (overrides `after`; 400 unless "
                        "a version)"},
    ], responses={"200": {
        "description": "A page of events, or with Accept: text/event-stream a stream of them",
        "content": {"application/json": {"schema": s.EventsPageSchema},
                    "text/event-stream": {"schema": {"type": "string"}}}}})
    @problems("listEvents", 400, 401, 403, 404, 422)
    def get(self, query, game_id):
        """Events after a version, as this seat may see them.

        ``Accept: text/event-stream`` streams them live (resume with ``Last-Event-ID``;
        ``follow=false`` ends after the catch-up, ``limit`` after that many events). JSON pages
        and limited streams link the next page in ``Link``."""
        seat = events_seat(game_id, query["stream_token"])
        services = g.services
        version = game_state(game_id).version
        after, limit = _last_event_id(query["after"]), query["limit"]
        if request.accept_mimetypes.best_match(["application/json", "text/event-stream"]) == "text/event-stream":
            next_url = None
            if limit is not None and after + limit < version:
                next_url = url_for("games.Events", game_id=game_id, after=after + limit, limit=limit,
                                   follow=str(query["follow"]).lower())
            return event_stream(services, game_id, seat, after, query["follow"], limit, _link(next_url))
        limit = limit or 100
        view = _view(game_id, seat)
        envelopes = services.games.store.read(game_id, after=after, limit=limit)
        next_url = None
        if envelopes and envelopes[-1].version < version:
            next_url = url_for("games.Events", game_id=game_id, after=envelopes[-1].version, limit=limit)
        page = {"events": view.events(envelopes), "next": next_url}
        return Response(orjson.dumps(page), mimetype="application/json", headers=_link(next_url))


def _last_event_id(after: int) -> int:
    """The resume point ``Last-Event-ID`` names (as EventSource sends it), else ``after``."""
    raw = request.headers.get("Last-Event-ID")
    if raw is None:
        return after
    version = parse_version(raw.strip())
    if version is None:
        raise bad_request("invalid-last-event-id", "Invalid Last-Event-ID",
                          f"Last-Event-ID must be an event version (1 to 2^53), not {raw[:40]!r}")
    return version


class LegalCommandsSchema(s.LegalCommandsSchema):
    """``schemas.LegalCommandsSchema`` (whose name it keeps): what the game waits for from the
    seat, and apart from it what the seat may also do."""

    commands = ma.fields.List(ma.fields.Nested(s.CommandSpecSchema), required=True, metadata={
        "description": "What the game waits for from this seat (its moves, a ready mark, the answers to a "
                       "pending undo): a seat offered any is awaited (the game summary's `awaiting`)"})
    optional = ma.fields.List(ma.fields.Nested(s.CommandSpecSchema), required=True, metadata={
        "description": "The platform's commands this seat may also send now, which the game never waits for: "
                       "RequestUndo (back to where the seat's own last command began), RevealDiceSeed, "
                       "SetSchedule, PauseSchedule, ResumeSchedule, ExtendDeadline, SetVacation, "
                       "ReissueSeatToken, each as it is open now; the same ready bodies as `commands`"})


@games.route("/<game_id>/legal-commands")
class LegalCommands(MethodView):
    @games.response(200, LegalCommandsSchema)
    @problems("getLegalCommands", 401, 404)
    def get(self, game_id):
        """What the game waits for from this seat now (while an undo waits: its answers), and the
        platform's commands it may also send (undo, the schedule, the seed, vacations, tokens)."""
        seat = current_seat(game_id)
        view = _view(game_id, seat)
        state = view.state
        return {"seat": seat, "version": state.version, "commands": legal_bodies(view.rules, state, seat),
                "optional": optional_bodies(view.rules, state, seat, g.services.games.history(game_id))}


class SeatTokenSchema(ma.Schema):
    seat = ma.fields.String(required=True)
    token = ma.fields.String(required=True, metadata={
        "description": "The seat's new bearer token, shown this once; the old one no longer works"})
    version = ma.fields.Integer(required=True, metadata={"description": "The game version after SeatTokenReissued"})
    signed_head = ma.fields.String(required=True)


@games.route("/<game_id>/seats/<seat>/token")
class SeatToken(MethodView):
    @games.response(201, SeatTokenSchema)
    @problems("reissueSeatToken", 401, 403, 404, 412)
    def post(self, game_id, seat):
        """Moderator: hand a seat to a new player (CORE-seat).

        201 with the seat's new token, shown this once (`no-store`): the old token stops working
        at once, and the seat's mail registration ends (its new player registers again). An undo
        never brings the old token back; sending this again issues another token. The moderator's
        own seat is handed over (a leaked moderator token replaced) the same way. The command
        `ReissueSeatToken` does the same, its answer carrying the token too."""
        state = game_state(game_id)
        caller = current_seat(game_id, required=True)
        if seat not in (*state.seats, MODERATOR):
            raise not_found(f"seat {seat!r}")
        if caller != MODERATOR:
            raise Problem(403, "forbidden", "Forbidden", "only the moderator hands a seat over")
        games_service = g.services.games
        handled = games_service.handle(game_id, MODERATOR, "ReissueSeatToken", {"seat": seat}, None, state=state)
        body = {"seat": seat, "token": handled.tokens[seat], "version": handled.last_version,
                "signed_head": games_service.signed_head(handled.state)}
        return body, 201, {"ETag": etag(handled.last_version), "Cache-Control": "no-store",
                           "Location": url_for("games.Game", game_id=game_id)}


@games.route("/<game_id>/projections")
class Projections(MethodView):
    @games.response(200, s.ProjectionListSchema)
    @problems("listProjections", 404)
    def get(self, game_id):
        """Names of the read models this game's ruleset serves (every game also serves the
        platform's `schedule` and `lateness`)."""
        return {"projections": [p.name for p in g.services.games.rules(game_state(game_id).game_id).ruleset.projections]}


@games.route("/<game_id>/projections/<name>")
class ProjectionView(MethodView):
    @games.arguments(s.AtQuery, location="query")
    @games.doc(responses={"200": {
        "description": "The read model (JSON, or an image for drawn projections)",
        "content": {"application/json": {"schema": s.ProjectionSchema},
                    "image/svg+xml": {"schema": {"type": "string"}}}}})
    @problems("getProjection", 401, 404, 422)
    def get(self, query, game_id, name):
        """One read model, built from what this seat may see.

        ``at=N`` gives it as it was at version N."""
        seat = current_seat(game_id)
        view = _view(game_id, seat, query.get("at"))
        found = view.projection(name)
        if found is None:
            raise not_found(f"projection {name!r}")
        media_type, data = found
        if media_type != "application/json":
            return Response(data, mimetype=media_type)
        body = {"name": name, "ruleset": view.state.ruleset, "version": view.state.version, "seat": seat, "data": data}
        return Response(orjson.dumps(body), mimetype="application/json")


@games.route("/<game_id>/replay")
class Replay(MethodView):
    @games.response(202, s.JobSchema)
    @problems("replayGame", 401, 404)
    def post(self, game_id):
        """Rebuild the game's projections from its log in a background job (poll its `Location`)."""
        current_seat(game_id, required=True)
        version = g.services.games.store.version(game_id)
        job_id = g.services.jobs.enqueue("replay", job_functions.replay_game, game_id,
                                         job_id=f"replay-{game_id}-{version}")
        status = g.services.jobs.status(job_id) or {"id": job_id, "status": "queued"}
        return status, 202, {"Location": url_for("meta.Job", job_id=job_id), "Retry-After": "1"}


@games.route("/<game_id>/verify")
class Verify(MethodView):
    @games.response(200, s.VerifyReportSchema)
    @problems("verifyGame", 404)
    def get(self, game_id):
        """Recompute the hash chain and every die roll.

        Until the seed is revealed the server checks the rolls with its secret seed."""
        games_service = g.services.games
        state = game_state(game_id)
        return verify(list(iter_all(games_service.store, game_id)), seed=games_service.seed_in_play(state)).to_dict()


@meta.route("/keys")
class Keys(MethodView):
    @meta.response(200, s.KeysSchema)
    @meta_problems("getKeys")
    def get(self):
        """The public keys that verify the signed heads of command answers (rotated keys stay)."""
        return {"keys": g.services.games.keys.public_keys()}


@meta.route("/healthz")
class Health(MethodView):
    @meta.response(200, s.HealthSchema)
    @meta_problems("getHealth")
    def get(self):
        """Liveness: the service answers and its store is reachable; when the store does not
        answer, 503 naming it (`store`, `store_state: down`) with Retry-After."""
        services = g.services
        try:
            services.games.store.version("healthz")
        except Exception as error:
            problem = as_problem(error)  # 503 with Retry-After for a store that does not answer
            if problem.status == 503:
                problem.extra.update(store=services.store_kind, store_state="down")
            raise problem from error
        return {"status": "ok", "store": services.store_kind, "jobs": services.jobs.kind}


@meta.route("/rulesets")
class Rulesets(MethodView):
    @meta.response(200, s.RulesetListSchema)
    @meta_problems("listRulesets")
    def get(self):
        """The rulesets this service adjudicates."""
        return {"rulesets": [_ruleset(r) for r in registry.all_rulesets()]}


@meta.route("/rulesets/<ruleset_id>")
class RulesetView(MethodView):
    @meta.response(200, s.RulesetSchema)
    @meta_problems("getRuleset", 404)
    def get(self, ruleset_id):
        """One ruleset: its commands (and the platform's every game takes), events, projections
        and seat presets."""
        ruleset = registry.get(ruleset_id)
        if ruleset is None:
            raise not_found(f"ruleset {ruleset_id!r}")
        return _ruleset(ruleset)


@meta.route("/jobs/<job_id>")
class Job(MethodView):
    @meta.response(200, s.JobSchema)
    @meta_problems("getJob", 404)
    def get(self, job_id):
        """A background job's status and result."""
        status = g.services.jobs.status(job_id) if JOB_ID.fullmatch(job_id) else None
        if status is None:
            raise not_found(f"job {job_id!r}")
        return status


@meta.route("/openapi.yaml")
class OpenAPI(MethodView):
    @meta.doc(operationId="getOpenAPI", responses={"200": {
        "description": "This API's OpenAPI document", "content": {"application/yaml": {"schema": {"type": "object"}}}}})
    def get(self):
        """The published contract (the same text as openapi.yaml in the repository)."""
        return Response(current_app.extensions["casus_openapi"](), mimetype="application/yaml")


def _ruleset(ruleset) -> dict:
    return {"id": ruleset.id, "version": ruleset.version, "title": ruleset.title,
            "description": ruleset.description,
            "commands": [c.__name__ for c in ruleset.commands],
            "platform_commands": [c.__name__ for c in PLATFORM_COMMANDS],
            "events": [e.__name__ for e in ruleset.events],
            "projections": [p.name for p in ruleset.projections] + list(PLATFORM_PROJECTIONS),
            "seat_presets": {k: {seat: list(p) for seat, p in v.items()} for k, v in ruleset.seat_presets.items()}}
