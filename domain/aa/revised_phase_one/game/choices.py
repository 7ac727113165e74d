"""What a seat that chooses itself says while a battle waits for it (AAR-casualties, AAR-retreat,
AAR1-emergency), and its sealed standing orders, which decide whenever it does not."""
from __future__ import annotations

from domain.aa.revised_phase_one.game.combat import affordable_emergency, emergency
from domain.aa.revised_phase_one.game import combat
from domain.aa.revised_phase_one.game.commands import (BuyEmergencyInfantry, ChooseLosses, PressAttack, Retreat,
                                                        SetStandingOrders, UseStandingOrders)
from domain.aa.revised_phase_one.game.common import RevisedState, require_seat
from domain.aa.revised_phase_one.game.events import AttackPressed, LossesChosen, StandingOrdersSet
from domain.aa.revised_phase_one.game.fighting import retreat_spaces
from domain.aa.revised_phase_one.game.state import Game, GameBattle, Phase, Source, StandingOrders
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import Context, Event, RuleViolation

CASUALTIES = "AAR-casualties"
RETREAT = "AAR-retreat"


def _source(ctx: Context) -> Source:
    return Source.MODERATOR if ctx.is_moderator else Source.PLAYER


def check_order(pack: GamePack, order, field: str = "order_of_losses") -> tuple[str, ...]:
    """AAR-casualties: an order of losses names units of the table (``<unit>:hit`` for two-hit units)."""
    for i, entry in enumerate(order):
        name, _, hit = str(entry).partition(":")
        unit = pack.units.get(name)
        if unit is None or hit not in ("", "hit") or (hit and unit.hits < 2):
            raise RuleViolation(CASUALTIES, f"{field}[{i}]: {entry!r} is not '<unit>' or '<two-hit unit>:hit'")
        if entry in order[:i]:
            raise RuleViolation(CASUALTIES, f"{field}[{i}]: {entry!r} is named twice; name each unit once, "
                                            "in the order its units are lost")
    return tuple(order)


def set_standing_orders(state: RevisedState, command: SetStandingOrders, ctx: Context, pack: GamePack) -> list[Event]:
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
    board = pack.board
    for territory, zone in command.raid_zones.items():
        if territory not in board.spaces or zone not in board.spaces or zone not in board.neighbours(territory) \
                or not board.spaces[zone].sea:
            raise RuleViolation("AAR1-raid", f"raid_zones.{territory}: {zone!r} is not a sea zone beside it")
    lease = pack.house.lend_lease
    if command.lend_lease:
        if set(command.lend_lease) - set(lease["recipients"]) or any(n < 0 for n in command.lend_lease.values()) \
                or sum(command.lend_lease.values()) != lease["amount"]:
            raise RuleViolation("AAR1-optional", f"lend_lease: all {lease['amount']} IPCs to "
                                                 f"{' and '.join(lease['recipients'])}")
    orders = StandingOrders(order, command.submerge, below, after, command.interactive, command.destroy_factories,
                            command.emergency_infantry, dict(command.raid_zones), dict(command.lend_lease))
    seat = state.owners.get(command.power, ctx.seat)
    return [StandingOrdersSet(command.power, seat, orders, state.game.seals)]


def _waiting(state: RevisedState, command, ctx: Context) -> tuple[Game, GameBattle]:
    require_seat(state, command.power, ctx)
    game = state.game
    battle = game.battles.get(command.battle_id)
    if game.phase is not Phase.COMBAT or battle is None or battle.status != "waiting" \
            or command.power not in battle.waiting:
        raise RuleViolation(CASUALTIES, f"battle {command.battle_id!r} does not wait for {command.power}'s choice")
    return game, battle


def choose_losses(state: RevisedState, command: ChooseLosses, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-casualties: the owner of the units chooses its losses for the next round."""
    game, battle = _waiting(state, command, ctx)
    order = check_order(pack, command.losses, "losses")
    answered = not (command.power == battle.attacker and battle.round >= 1 and retreat_spaces(pack, game, battle))
    return [LossesChosen(battle.battle_id, command.power, order, _source(ctx), answered,
                         state.owners.get(command.power, ""), game.seals)]


def _attacker(state: RevisedState, command, ctx: Context) -> tuple[Game, GameBattle]:
    game, battle = _waiting(state, command, ctx)
    if command.power != battle.attacker:
        raise RuleViolation(RETREAT, "only the attacker presses on or retreats")
    return game, battle


def press_attack(state: RevisedState, command: PressAttack, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-retreat: the attacker fights another round."""
    game, battle = _attacker(state, command, ctx)
    return [AttackPressed(battle.battle_id, command.power, "", _source(ctx))]


def retreat(state: RevisedState, command: Retreat, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-retreat: after a round, all the attacker's units to one space its attacking units came
    from (friendly, not taken this turn); never from an amphibious assault."""
    game, battle = _attacker(state, command, ctx)
    if battle.round < 1:
        raise RuleViolation(RETREAT, "the attacker retreats only after a round of combat")
    places = retreat_spaces(pack, game, battle)
    if command.to not in places:
        why = "an amphibious assault cannot retreat" if battle.amphibious else \
            f"retreat to one of {places}" if places else "there is nowhere to retreat to"
        raise RuleViolation(RETREAT, f"cannot retreat to {command.to!r}: {why}")
    return [AttackPressed(battle.battle_id, command.power, command.to, _source(ctx))]


def use_standing_orders(state: RevisedState, command: UseStandingOrders, ctx: Context, pack: GamePack) -> list[Event]:
    """The power's standing orders answer what the battle waits for."""
    game, battle = _waiting(state, command, ctx)
    order = game.orders_of(command.power).order_of_losses
    return [LossesChosen(battle.battle_id, command.power, tuple(order), Source.STANDING_ORDER, True,
                         state.owners.get(command.power, ""), game.seals)]


def buy_emergency_infantry(state: RevisedState, command: BuyEmergencyInfantry, ctx: Context,
                           pack: GamePack) -> list[Event]:
    """AAR1-emergency: the defender buys infantry at the attacked VC just before the first round."""
    game, battle = _waiting(state, command, ctx)
    if command.power != battle.defender or battle.round or battle.emergency or emergency(pack, game, battle) is None:
        raise RuleViolation("AAR1-emergency", f"battle {battle.battle_id!r} offers {command.power} no emergency "
                                              "infantry")
    most = affordable_emergency(pack, game, battle)
    if not 0 <= command.count <= most:
        raise RuleViolation("AAR1-emergency", f"buy 0 to {most} emergency infantry, not {command.count}")
    return [combat.buy_emergency(pack, game, battle, command.count, _source(ctx))]
