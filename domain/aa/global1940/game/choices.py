"""A power's sealed standing orders (AAG-battle): the Revised game's (losses, submerging, retreating,
choosing itself each round: ``domain.aa.revised_phase_one.game.choices`` answers the battle
choices) with the Global defender decisions, scramble and kamikaze, so a seat that is not there
never holds a battle up."""
from __future__ import annotations

from domain.aa.global1940.game.commands import SetStandingOrders
from domain.aa.global1940.game.common import require_seat
from domain.aa.global1940.game.events import StandingOrdersSet
from domain.aa.global1940.game.state import GlobalStandingOrders, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.choices import check_order
from domain.kernel import Context, Event, RuleViolation

RETREAT = "AAR-retreat"
BATTLE = "AAG-battle"


def set_standing_orders(state: GlobalState, command: SetStandingOrders, ctx: Context,
                        pack: GlobalGamePack) -> list[Event]:
    """Standing orders, any time, sealed to the power's seat."""
    require_seat(state, command.power, ctx)
    order = check_order(pack, command.order_of_losses)
    below, after = command.retreat_below, command.retreat_after_round
    if below is not None and not 0 <= below <= 1:
        raise RuleViolation(RETREAT, "retreat_below: a chance between 0 and 1")
    if after is not None and after < 1:
        raise RuleViolation(RETREAT, "retreat_after_round: a round number of 1 or more")
    if below is not None and after is not None:
        raise RuleViolation(RETREAT, "give one retreat rule, not both")
    if command.kamikaze < 0 or (command.kamikaze and command.power != pack.rules.kamikaze_power):
        raise RuleViolation(BATTLE, f"kamikaze: strikes of {pack.rules.kamikaze_power}'s tokens, 0 or more")
    for i, unit in enumerate(command.kamikaze_targets):
        if unit not in pack.units or not pack.units[unit].is_sea:
            raise RuleViolation(BATTLE, f"kamikaze_targets[{i}]: {unit!r} is not a ship")
    orders = GlobalStandingOrders(order, command.submerge, below, after, command.interactive,
                                  scramble=command.scramble, kamikaze=command.kamikaze,
                                  kamikaze_targets=tuple(command.kamikaze_targets))
    seat = state.owners.get(command.power, ctx.seat)
    return [StandingOrdersSet(command.power, seat, orders, state.game.seals)]
