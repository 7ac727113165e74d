"""Axis & Allies battles under deadlines (CORE-deadline), both editions: the one step a seat owes
an order in is the defending seat's ``ConfirmDefence`` of a battle the attacker declared (status
awaiting_defence); fighting is the combat job's, and advances and War Bonds are the moderator's.

One deadline per awaiting battle: the schedule times one step at a time, so battles waiting for
their defence are timed one after another, in the order they were declared (a battle declared
while another's deadline runs does not restart that deadline's clock).

Neither the rulebooks nor the house rules say what happens when a defender stays silent (at the
table the defender is always there), so the game's civil-disorder option decides: ``pass`` and
``default`` confirm the defence the attacker saw (the units the attacker named for the defender:
the battle is fought as declared, and nobody is made to fight with forces it never named);
``hold`` waits for the moderator (who may confirm the defence as the seat would)."""
from __future__ import annotations

from domain.aa.battles.messages import ConfirmDefence
from domain.aa.battles.state import AAState, BattleStatus
from domain.kernel import MODERATOR
from domain.kernel.schedule import CIVIL_DISORDER, MissedOrders, Orders, Step

DEFENCE = "defence"


def current_step(state: AAState) -> Step | None:
    """The first battle (in declaration order: the battles keep the order they were declared in,
    snapshots too) waiting for its defending seat's ``ConfirmDefence``."""
    for entry in state.battles.values():
        seat = state.owners.get(entry.defender)
        if entry.status is BattleStatus.AWAITING_DEFENCE and seat is not None and seat != MODERATOR:
            return Step(DEFENCE, f"{DEFENCE}:{entry.battle_id}", {seat: (entry.defender,)})
    return None


def missed_orders(state: AAState, step: Step, policy: str, seats: frozenset[str]) -> Orders:
    """``pass``/``default``: the defending seat confirms the defence the attacker saw (the kernel
    asks for no orders under ``hold``; ``step`` is the state's own, so its battle still waits)."""
    battle_id = step.key.removeprefix(f"{DEFENCE}:")
    seen = state.battles[battle_id].forces.defender
    return [(seat, ConfirmDefence(battle_id, dict(seen))) for seat in sorted(seats)]


DEADLINES = MissedOrders(step=current_step, default_hours={DEFENCE: 48}, policies={DEFENCE: CIVIL_DISORDER},
                         orders=missed_orders)
