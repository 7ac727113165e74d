"""Follow-up jobs (background work a ruleset asks for after an event, e.g. a battle to fight):
starting them, finding the ones still pending in a game's log, and re-driving those.

A follow-up is the system command ``job.command_type`` appended with the idempotency key
``<queue>:<command_id>:<command_type>``, so however often its job runs it appends once. What is
pending is read from the game's log, not from the job queue (a queue can lose a job with a
worker, or with a Redis that keeps nothing): a follow-up asked for by an event that no undo has
reverted, whose key has no recorded append. ``POST /games/{id}/follow-ups/requeue`` (moderator)
and ``casus jobs requeue GAME`` queue each of them again."""
from __future__ import annotations

from dataclasses import dataclass

from flask import g
from flask.views import MethodView
from marshmallow import Schema, fields

from domain.kernel import MODERATOR, SYSTEM
from domain.kernel.platform import PLATFORM_EVENTS, EventsReverted
from events.store import iter_all
from service import jobs as job_functions
from service.http import schemas as s
from service.games import seat_key
from service.http.error_responses import PROBLEM_JSON
from service.http.request_parsing import Blueprint
from service.http.seats import current_seat
from service.http.problems import Problem

follow_ups = Blueprint("follow_ups", __name__, url_prefix="/games", description="Follow-up jobs")


@dataclass(frozen=True)
class PendingFollowUp:
    game_id: str
    queue: str
    command_type: str
    data: dict
    key: str  # the follow-up command's idempotency key
    requested_at: int  # version of the event that asked for it

    @property
    def job_id(self) -> str:
        return f"{self.game_id}-{self.key}".replace(":", "-")


def asked_for(game_id: str, rules, envelope, event) -> list[PendingFollowUp]:
    """The follow-ups one stored event asks for (none for platform events)."""
    if rules.ruleset.follow_ups is None or type(event) in PLATFORM_EVENTS:
        return []
    return [PendingFollowUp(game_id, job.queue, job.command_type, job.data,
                            f"{job.queue}:{envelope.command_id}:{job.command_type}", envelope.version)
            for job in rules.ruleset.follow_ups(event)]


def start(services, game_id: str, rules, envelopes, events) -> None:
    """After an append (one of ``GameService.listeners``): queue each follow-up the new events ask for."""
    for envelope, event in zip(envelopes, events):
        for follow_up in asked_for(game_id, rules, envelope, event):
            _enqueue(services, follow_up)


def _enqueue(services, follow_up: PendingFollowUp, again: bool = False) -> str:
    return services.jobs.enqueue(follow_up.queue, job_functions.run_system_command, follow_up.game_id,
                                 follow_up.command_type, follow_up.data, follow_up.key,
                                 job_id=follow_up.job_id, again=again)


def pending(services, game_id: str) -> list[PendingFollowUp]:
    """The follow-ups the log asks for that were never appended (and no undo took back)."""
    games = services.games
    rules = games.rules(game_id)  # 404 for a game that does not exist
    decode = rules.codec.decode_stored
    asked: list[PendingFollowUp] = []
    for envelope in iter_all(games.store, game_id):
        if rules.ruleset.follow_ups is None:
            break
        event = decode(envelope.type, envelope.data, envelope.schema_version)
        if type(event) is EventsReverted:  # CORE-undo: what it took back asks for nothing now
            asked = [f for f in asked if f.requested_at <= event.to_version]
        asked.extend(asked_for(game_id, rules, envelope, event))
    return [f for f in asked if games.store.idempotent_result(game_id, seat_key(SYSTEM, f.key)) is None]


def requeue(services, game_id: str) -> list[dict]:
    """Queue every pending follow-up of the game again; their jobs as ``GET /jobs/{id}`` shows them."""
    queued = []
    for follow_up in pending(services, game_id):
        job_id = _enqueue(services, follow_up, again=True)
        queued.append({**(services.jobs.status(job_id) or {"id": job_id, "status": "queued"}),
                       "command_type": follow_up.command_type, "requested_at": follow_up.requested_at})
    return queued


class RequeuedSchema(s.JobSchema):
    command_type = fields.String(required=True)
    requested_at = fields.Integer(required=True, metadata={"description": "version of the event that asked for it"})


class RequeueSchema(Schema):
    game_id = fields.String(required=True)
    requeued = fields.List(fields.Nested(RequeuedSchema), required=True)


PROBLEM = {"description": "Problem details (RFC 9457)", "content": {PROBLEM_JSON: {"schema": s.ProblemSchema}}}


@follow_ups.route("/<game_id>/follow-ups/requeue")
class Requeue(MethodView):
    @follow_ups.response(200, RequeueSchema)
    @follow_ups.doc(operationId="requeueFollowUps", responses={str(c): PROBLEM for c in (401, 403, 404)})
    def post(self, game_id):
        """Moderator: queue again every follow-up job the game's log still waits for (e.g. a battle
        whose worker died); each appends at most once however often it runs."""
        if current_seat(game_id, required=True) != MODERATOR:
            raise Problem(403, "forbidden", "Forbidden", "only the moderator re-drives follow-up jobs")
        return {"game_id": game_id, "requeued": requeue(g.services, game_id)}
