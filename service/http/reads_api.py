"""What a seat may read of a game: its state, its events (a page or a live stream), the
commands it may send now, and its read models (projections). api.py routes them on the games
blueprint."""
from __future__ import annotations

import marshmallow as ma
import orjson
from flask import Response, g, request, url_for
from flask.views import MethodView

from service.http import schemas as s
from service.http.api_common import games, link, problems
from service.http.command_schemas import legal_bodies, optional_bodies
from service.http.conditional import parse_version
from service.http.problems import bad_request, not_found
from service.http.seats import current_seat, game_state
from service.http.sse import event_stream
from service.http.stream_tokens import events_seat


def _view(game_id: str, seat: str, at: int | None = None):
    """What ``seat`` may see of the game now (the request's one load) or at version ``at``."""
    games_service = g.services.games
    state = game_state(game_id) if at is None else games_service.load(game_id, at)
    return games_service.seat_view(state, seat)


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
            return event_stream(services, game_id, seat, after, query["follow"], limit, link(next_url))
        limit = limit or 100
        view = _view(game_id, seat)
        envelopes = services.games.store.read(game_id, after=after, limit=limit)
        next_url = None
        if envelopes and envelopes[-1].version < version:
            next_url = url_for("games.Events", game_id=game_id, after=envelopes[-1].version, limit=limit)
        page = {"events": view.events(envelopes), "next": next_url}
        return Response(orjson.dumps(page), mimetype="application/json", headers=link(next_url))


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


class Projections(MethodView):
    @games.response(200, s.ProjectionListSchema)
    @problems("listProjections", 404)
    def get(self, game_id):
        """Names of the read models this game's ruleset serves (every game also serves the
        platform's `schedule` and `lateness`)."""
        return {"projections": [p.name for p in g.services.games.rules(game_state(game_id).game_id).ruleset.projections]}


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
