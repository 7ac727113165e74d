"""The whole Global game under deadlines (CORE-deadline): every step a seat owes is timed, and a
missed step applies a policy. The rules speak for battles (AAR-casualties: the standing orders
decide when a seat does not answer in time); for the rest the game's civil-disorder option
decides: ``pass`` and ``default`` research nothing, buy nothing (each treasury in turn), declare
no war, make no further moves and place nothing (the purchase is refunded); ``hold`` waits for the
moderator. A battles-only game keeps the battle calculator's declaration."""
from __future__ import annotations

from domain.aa.battles.deadlines import DEADLINES as BATTLE_DEADLINES
from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.state import GlobalState
from domain.aa.global1940.game.view import STEP_OF, awaiting
from domain.aa.revised_phase_one.game.deadlines import BATTLE, STANDING, game_step
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel.schedule import CIVIL_DISORDER, HOLD, MissedOrders, Orders, Step

def current_step(state: GlobalState) -> Step | None:
    if state.game is None:
        return BATTLE_DEADLINES.step(state)
    game = state.game
    # Each of the UK's treasuries buys in a step of its own.
    detail = str(len(game.purchased)) if game.phase is Phase.PURCHASE else ""
    return game_step(state, awaiting(state), STEP_OF, detail)


def missed_orders(state: GlobalState, step: Step, policy: str, seats: frozenset[str]) -> Orders:
    if state.game is None:
        return BATTLE_DEADLINES.orders(state, step, policy, seats)
    game = state.game
    powers = [(seat, power) for seat in sorted(seats) for power in step.owing.get(seat, ())]
    if step.kind == BATTLE:
        battle = next((b for b in game.battle_order() if b.status == "waiting"), None)
        if battle is None:
            return []
        return [(seat, cmd.UseStandingOrders(power, battle.battle_id)) for seat, power in powers
                if power in battle.waiting]
    if policy == HOLD:
        return []
    missed = {"research": lambda p: cmd.Research(p), "purchase": lambda p: cmd.Purchase(p),
              "politics": cmd.EndPolitics, "combat_move": cmd.EndCombatMove,
              "non_combat_move": cmd.EndNonCombatMove, "place": cmd.EndPlacement}
    order = missed.get(step.kind)
    return [] if order is None else [(seat, order(power)) for seat, power in powers]


DEADLINES = MissedOrders(
    step=current_step,
    default_hours={**BATTLE_DEADLINES.default_hours, "research": 24, "purchase": 48, "politics": 24,
                   "combat_move": 48, BATTLE: 24, "non_combat_move": 48, "place": 24},
    policies={**BATTLE_DEADLINES.policies, "research": CIVIL_DISORDER, "purchase": CIVIL_DISORDER,
              "politics": CIVIL_DISORDER, "combat_move": CIVIL_DISORDER, BATTLE: STANDING,
              "non_combat_move": CIVIL_DISORDER, "place": CIVIL_DISORDER},
    orders=missed_orders,
)
