"""Gathering Storm chapter 32 under deadlines (CORE-deadline): the one step seats owe orders in
is the answer to a threat (32.83: make or decline the concessions demanded); the crisis phase
itself is closed by the moderator (32.82), so it is not timed. The rules name no answer for a
power that stays silent, so the game's civil-disorder option decides: ``pass`` or ``default``
make the concessions (no war is declared on a player's behalf), ``hold`` waits for the
moderator."""
from __future__ import annotations

from domain.gathering_storm.commands import MakeConcessions
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.kernel.schedule import CIVIL_DISORDER, HOLD, MissedOrders, Orders, Step

CONCESSIONS = "concessions"


def current_step(state: GatheringStormState) -> Step | None:
    """32.83: while threats wait for answers, the seats holding a power that owes one."""
    if state.phase is not Phase.ADJUDICATION:
        return None
    conceding = {p for demand in state.crisis.pending for p in demand.conceding_powers}
    owing = {seat: tuple(p for p in powers if p in conceding) for seat, powers in state.seats.items()}
    owing = {seat: powers for seat, powers in owing.items() if powers}
    return Step(CONCESSIONS, f"{state.turn}:{CONCESSIONS}", owing) if owing else None


def missed_orders(state: GatheringStormState, step: Step, policy: str, seats: frozenset[str]) -> Orders:
    if policy == HOLD:
        return []
    return [(seat, MakeConcessions(power)) for seat in sorted(seats) for power in step.owing.get(seat, ())]


DEADLINES = MissedOrders(step=current_step, default_hours={CONCESSIONS: 48}, policies={CONCESSIONS: CIVIL_DISORDER},
                         orders=missed_orders)
