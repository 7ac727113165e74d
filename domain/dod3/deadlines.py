"""Days of Decision III under deadlines (CORE-deadline): the timed steps, a default schedule and
what a power that misses a deadline does, from the rules where they speak.

- Rule 6.1: a power that does not bid has not bid (the bidding closes as the moderator's
  ``CloseBidding`` would). Rule 6.5: a Democrat that does not move down keeps its position.
- Step C (rule 5, 8.2): an option not chosen is a pass.
- Rule 7: the weather roll is made for the first power on the track (a roll, not a choice).
- Step F and the activation of a minor (8.5): the rules are silent, so the game's civil-disorder
  option decides (``pass`` ends production buying nothing; ``hold`` waits for the moderator)."""
from __future__ import annotations

from domain.dod3.commands import (CloseBidding, EndProduction, KeepInitiativePosition, PassOption,
                                  RollWeather)
from domain.dod3.state import InitiativePhase, PoliticalStage, State, Step as TurnStep
from domain.dod3.view import awaiting
from domain.kernel import MODERATOR
from domain.kernel.schedule import CIVIL_DISORDER, HOLD, MissedOrders, Orders, Step

BIDS, MOVE_DOWN, WEATHER, OPTION, ACTIVATION, PRODUCTION = (
    "bids", "democrat_move_down", "weather", "political_option", "activation", "production")


def current_step(state: State) -> Step | None:
    """Rule 5: the step the turn waits in, and the seats owing an order in it."""
    owing: dict[str, tuple[str, ...]] = {}
    for power, seat in awaiting(state):
        if seat != MODERATOR and power is not None:
            owing[seat] = owing.get(seat, ()) + (power,)
    if not owing:
        return None
    step, initiative, political = state.step, state.initiative, state.political
    if step is TurnStep.INITIATIVE:
        kind = BIDS if initiative.phase is InitiativePhase.BIDDING else MOVE_DOWN
        detail = initiative.democrat_queue[0] if kind == MOVE_DOWN else ""
    elif step is TurnStep.WEATHER:
        kind, detail = WEATHER, ""
    elif step is TurnStep.POLITICAL_AFFAIRS and political is not None:
        kind = ACTIVATION if political.stage is PoliticalStage.ACTIVATE else OPTION
        detail = f"{political.current}:{political.used}:{len(political.plays)}"
    elif step is TurnStep.PRODUCTION:
        kind, detail = PRODUCTION, ""
    else:
        return None
    return Step(kind, f"{state.turn}:{step.value}:{kind}:{detail}", owing)


def missed_orders(state: State, step: Step, policy: str, seats: frozenset[str]) -> Orders:
    """The orders a policy gives the seats still owing (none for ``hold``)."""
    powers = [(seat, power) for seat in sorted(seats) for power in step.owing.get(seat, ())]
    match step.kind:
        case "bids":
            return [(MODERATOR, CloseBidding())]
        case "democrat_move_down":
            return [(seat, KeepInitiativePosition(power)) for seat, power in powers]
        case "weather":
            return [(seat, RollWeather()) for seat in sorted(seats)][:1]
        case "political_option":
            return [(seat, PassOption(power)) for seat, power in powers]
        case "production" if policy != HOLD:
            return [(seat, EndProduction(power)) for seat, power in powers]
    return []


DEADLINES = MissedOrders(
    step=current_step,
    default_hours={BIDS: 48, MOVE_DOWN: 24, WEATHER: 24, OPTION: 24, ACTIVATION: 24, PRODUCTION: 48},
    policies={BIDS: "no-bid (rule 6.1)", MOVE_DOWN: "keep position (rule 6.5)", WEATHER: "roll for the power (rule 7)",
              OPTION: "pass (step C)", ACTIVATION: HOLD, PRODUCTION: CIVIL_DISORDER},
    orders=missed_orders,
)
