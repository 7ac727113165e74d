"""Per-seat redaction: the one place that decides what a seat may read.

Every read path (state, state at N, events pages, SSE, projections, job results) goes through
``SeatView``: state through the ruleset's ``view`` (deny by default), events through
``event_for`` (sealed data hidden until its seal is revealed), projections built from the view,
so a projection cannot see what the view hides."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.kernel import MODERATOR
from events.envelope import PUBLIC, Envelope, data_digest
from domain.kernel.platform import GameState
from domain.kernel.schedule_rules import current_step
from domain.kernel.schedule_views import platform_projection
from projections.timeline import Rules


def can_read(envelope: Envelope, seat: str, unsealed: frozenset[str]) -> bool:
    if envelope.visibility == PUBLIC or seat == MODERATOR:
        return True
    return seat in envelope.visibility["seats"] or envelope.visibility["seal"] in unsealed


@dataclass(frozen=True)
class SeatView:
    rules: Rules
    state: GameState
    seat: str

    def event_for(self, envelope: Envelope) -> dict:
        out = envelope.to_dict()
        if not can_read(envelope, self.seat, self.state.unsealed):
            # The digest keeps the chain verifiable; without the salt it says nothing of the data.
            out.update(data={}, salt="", redacted=True, data_digest=data_digest(envelope.salt, envelope.data))
        return out

    def events(self, envelopes: list[Envelope]) -> list[dict]:
        return [self.event_for(e) for e in envelopes]

    def state_view(self) -> dict:
        state = self.state
        pending = state.pending_undo
        return {
            "game_id": state.game_id,
            "ruleset": state.ruleset,
            "version": state.version,
            "seats": {seat: list(powers) for seat, powers in state.seats.items()},
            "terminal": self.rules.decider.is_terminal(state.domain),
            "dice_commitment": state.dice_commitment,
            "dice_seed": state.seed,
            "pending_undo": None if pending is None else {
                "requested_by": pending.requested_by, "to_version": pending.to_version,
                "waiting_for": sorted(pending.waiting_for),
            },
            "state": self.rules.decider.view(state.domain, self.seat),
        }

    def projection(self, name: str) -> tuple[str, Any] | None:
        projection = self.rules.ruleset.projection(name)
        if projection is None:  # the platform's own (CORE-deadline): public, the same for every seat
            platform = platform_projection(name, self.state.schedule, current_step(self.rules.platform, self.state),
                                           self.state.seats)
            return None if platform is None else ("application/json", platform)
        return projection.media_type, projection.build(self.rules.decider.view(self.state.domain, self.seat))

    def all_projections(self) -> dict[str, Any]:
        view = self.rules.decider.view(self.state.domain, self.seat)
        return {p.name: p.build(view) for p in self.rules.ruleset.projections}
