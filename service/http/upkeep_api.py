"""A game's upkeep beside its commands: the moderator hands a seat to a new player (a new token),
a seat has the projections rebuilt in a background job, anyone verifies the log. api.py routes
them on the games blueprint."""
from __future__ import annotations

import marshmallow as ma
from flask import g, url_for
from flask.views import MethodView

from domain.kernel import MODERATOR
from events.store import iter_all
from events.verify import verify
from service import jobs as job_functions
from service.http import schemas as s
from service.http.api_common import games, problems
from service.http.conditional import etag
from service.http.problems import Problem, not_found
from service.http.seats import current_seat, game_state


class SeatTokenSchema(ma.Schema):
    seat = ma.fields.String(required=True)
    token = ma.fields.String(required=True, metadata={
        "description": "The seat's new bearer token, shown this once; the old one no longer works"})
    version = ma.fields.Integer(required=True, metadata={"description": "The game version after SeatTokenReissued"})
    signed_head = ma.fields.String(required=True)


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


class Verify(MethodView):
    @games.response(200, s.VerifyReportSchema)
    @problems("verifyGame", 404)
    def get(self, game_id):
        """Recompute the hash chain and every die roll.

        Until the seed is revealed the server checks the rolls with its secret seed."""
        games_service = g.services.games
        state = game_state(game_id)
        return verify(list(iter_all(games_service.store, game_id)), seed=games_service.seed_in_play(state)).to_dict()
