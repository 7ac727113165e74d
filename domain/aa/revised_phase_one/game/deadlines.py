"""The whole game under deadlines (CORE-deadline): every step a seat owes is timed, and a missed
step applies a policy. The rules speak for battles (AAR-casualties: the standing orders decide
when a seat does not answer in time); for the rest the game's civil-disorder option decides:
``pass`` and ``default`` buy nothing, make no further moves, leave units unplaced (they are lost,
AAR-place) and roll no research; ``hold`` waits for the moderator. A battles-only game keeps the
battle calculator's declaration."""
from __future__ import annotations

from domain.aa.battles.deadlines import DEADLINES as BATTLE_DEADLINES
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.common import RevisedState
from domain.aa.revised_phase_one.game.state import Phase
from domain.aa.revised_phase_one.game.view import STEP_OF, awaiting
from domain.kernel import MODERATOR
from domain.kernel.schedule import CIVIL_DISORDER, HOLD, MissedOrders, Orders, Step

BATTLE = "battle"
STANDING = "standing orders (AAR-casualties)"


def game_step(state, awaited: list[tuple[str, str]], kinds: dict, detail: str = "") -> Step | None:
    """The step a whole game (Revised's or Global's) waits for: the seats owing their powers
    (``awaited``: (power, seat)), keyed by round, power, kind (``kinds``: phase -> kind) and a
    detail (in combat: the battle and its round)."""
    game = state.game
    owing: dict[str, tuple[str, ...]] = {}
    for power, seat in awaited:
        if seat != MODERATOR:
            owing[seat] = owing.get(seat, ()) + (power,)
    kind = kinds.get(game.phase)
    if not owing or kind is None:
        return None
    if game.phase is Phase.COMBAT:
        battle = next(b for b in game.battle_order() if b.status == "waiting")
        detail = f"{battle.battle_id}:{battle.round}"
    return Step(kind, f"{game.round}:{game.power}:{kind}:{detail}", owing)


def current_step(state: RevisedState) -> Step | None:
    if state.game is None:
        return BATTLE_DEADLINES.step(state)
    return game_step(state, awaiting(state), STEP_OF)


def missed_orders(state: RevisedState, step: Step, policy: str, seats: frozenset[str]) -> Orders:
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
    if step.kind == "bid":  # AAR1-victory: a side that does not bid in time bids the fewest turns, once
        by_side = {}
        for seat, power in powers:
            side = next(side for side, members in game.sides.items() if power in members)
            by_side.setdefault(side, seat)
        return [(seat, cmd.BidTurns(side, 1)) for side, seat in sorted(by_side.items())]
    missed = {"purchase": lambda p: cmd.Purchase(p), "combat_move": cmd.EndCombatMove,
              "non_combat_move": cmd.EndNonCombatMove, "place": cmd.EndPlacement,
              "research": lambda p: cmd.DevelopWeapons(p)}
    order = missed.get(step.kind)
    return [] if order is None else [(seat, order(power)) for seat, power in powers]


DEADLINES = MissedOrders(
    step=current_step,
    default_hours={**BATTLE_DEADLINES.default_hours, "bid": 48, "purchase": 48, "combat_move": 48, BATTLE: 24,
                   "non_combat_move": 48, "place": 24, "research": 24},
    policies={**BATTLE_DEADLINES.policies, "bid": CIVIL_DISORDER, "purchase": CIVIL_DISORDER,
              "combat_move": CIVIL_DISORDER,
              BATTLE: STANDING, "non_combat_move": CIVIL_DISORDER, "place": CIVIL_DISORDER,
              "research": CIVIL_DISORDER},
    orders=missed_orders,
)
