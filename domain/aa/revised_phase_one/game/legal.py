"""What each seat may do now in the whole game, as ready bodies (``CommandSpec``): ``example`` is a
complete ``data`` object ``decide`` accepts unchanged now, so a bot sending only examples plays the
game to its end; ``choices`` list other values field by field. The command that ends the current
step is the phase's ``turn.ends_step`` in the view (``Purchase``, ``EndCombatMove``, ...)."""
from __future__ import annotations

from domain.aa.revised_phase_one.game import bidding
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.combat import affordable_emergency
from domain.aa.revised_phase_one.game.common import RevisedState, has_capital
from domain.aa.revised_phase_one.game.economy import purchase_price
from domain.aa.revised_phase_one.game.fighting import retreat_spaces
from domain.aa.revised_phase_one.game.legal_moves import move_examples
from domain.aa.revised_phase_one.game.mobilize import factory_room, infantry_room, italian_quota, italian_slack
from domain.aa.revised_phase_one.game.movement import rocket_launchers, rocket_targets
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import MODERATOR, SYSTEM, CommandSpec
from domain.kernel.plain import to_plain

MAX_ARMOUR = 3  # the example buys a little armour beside the infantry


def _spec(command: type, power: str | None, rule: str, example: dict | None,
          choices: dict | None = None) -> CommandSpec:
    return CommandSpec(command.__name__, power, choices or {}, rule, example)


def _sites(pack: GamePack, game: Game, power: str) -> tuple[int, int]:
    """(infantry the power may place this turn, IPCs of other units its ICs may take)."""
    held = [t for t, owner in game.owners_at_start.items() if owner == power]
    infantry = sum(infantry_room(pack, game, t) for t in held if pack.house.vcs_in(t))
    factories = sum(factory_room(pack, game, t) for t in held)
    return infantry, factories


def _purchase(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    money = game.treasury.get(power, 0)
    infantry_room_, ic_room = _sites(pack, game, power)
    units = {}
    infantry = min(infantry_room_, money // pack.units["infantry"].cost)
    if infantry:
        units["infantry"] = infantry
    armour = min(MAX_ARMOUR, ic_room // pack.units["armour"].cost)
    while armour and purchase_price(pack, game, power, {**units, "armour": armour}, ()) > money:
        armour -= 1
    if armour:
        units["armour"] = armour
    while units and purchase_price(pack, game, power, units, ()) > money:
        units = {}
    alternatives = [units, {}, {"fighter": 1}, {"transport": 1}, {"destroyer": 1}, {"artillery": 2}]
    sites = sorted(t for t, o in game.owners_at_start.items() if o == power and t not in game.position.factories
                   and t in pack.house.ipc)
    return [_spec(cmd.Purchase, power, "AAR-purchase", {"power": power, "units": units, "factories": []},
                  {"units": alternatives, "factories": [[], sites[:1]]})]


def _placements(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    specs = [_spec(cmd.EndPlacement, power, "AAR-place", {"power": power})]
    board = pack.board
    held = sorted(t for t, owner in game.owners_at_start.items() if owner == power and game.position.owner(t) == power)
    owed, place_at = italian_quota(pack, game)
    if owed and place_at in held:  # AAR1-optional: the Italian forces' place is offered first
        held = [place_at] + [t for t in held if t != place_at]
    for unit, left in sorted(game.bought.items()):
        profile = board.units[unit]
        for territory in held:
            body = {"power": power, "territory": territory}
            if unit == "infantry":
                n = min(left, infantry_room(pack, game, territory)) if pack.house.vcs_in(territory) else 0
            elif game.options.infrastructure_defence and unit == pack.house.infrastructure_defence["unit"]:
                n = left
            else:
                n = min(left, factory_room(pack, game, territory) // pack.units[unit].cost)
            slack = italian_slack(pack, game, territory)
            if slack is not None:
                n = min(n, max(0, slack) // pack.units[unit].cost)
            if n and profile.is_sea:
                zones = [z for z in board.neighbours(territory) if board.spaces[z].sea]
                if not zones:
                    continue
                body["zone"] = zones[0]
            if n:
                specs.append(_spec(cmd.PlaceUnits, power, "AAR-place", {**body, "units": {unit: n}},
                                   {"territory": held}))
                break
    return specs


def _research(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    specs = [_spec(cmd.DevelopWeapons, power, "AAR-tech", {"power": power, "dice": 0, "advance": ""})]
    left = sorted(set(pack.techs) - set(game.position.advances(power)))
    cost = pack.number("research_die_cost")
    if left and game.treasury.get(power, 0) >= cost:
        specs.append(_spec(cmd.DevelopWeapons, power, "AAR-tech", {"power": power, "dice": 1, "advance": left[0]},
                           {"advance": left, "dice": {"minimum": 0, "maximum": game.treasury.get(power, 0) // cost}}))
    return specs


def _moves(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    combat = game.phase is Phase.COMBAT_MOVE
    end = cmd.EndCombatMove if combat else cmd.EndNonCombatMove
    specs = [_spec(end, power, "AAR1-seq", {"power": power})]
    specs += [_spec(cmd.MoveUnits, power, "AAR-move-land", body) for body in move_examples(pack, game, power)]
    if combat:  # AAR-tech: the first launcher with a target in range, the others' targets as choices
        for launch in rocket_launchers(pack, game, power):
            targets = rocket_targets(pack, game, power, launch)
            if targets:
                specs.append(_spec(cmd.FireRockets, power, "AAR-tech",
                                   {"power": power, "launch": launch, "target": targets[0]}, {"target": targets}))
                break
    return specs


def battle_choices(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    """AAR-casualties, AAR-retreat: what ``power`` may answer in the battle waiting for it (the
    Global game's too: its battles are fought alike)."""
    specs = []
    for battle in game.battle_order():
        if battle.status != "waiting" or power not in battle.waiting:
            continue
        key = {"power": power, "battle_id": battle.battle_id}
        order = list(game.orders_of(power).order_of_losses)
        specs.append(_spec(cmd.UseStandingOrders, power, "AAR-casualties", key))
        specs.append(_spec(cmd.ChooseLosses, power, "AAR-casualties", {**key, "losses": order}))
        if power == battle.attacker:
            specs.append(_spec(cmd.PressAttack, power, "AAR-retreat", key))
            places = retreat_spaces(pack, game, battle) if battle.round else []
            if places:
                specs.append(_spec(cmd.Retreat, power, "AAR-retreat", {**key, "to": places[0]}, {"to": places}))
    return specs


def _battles(pack: GamePack, game: Game, power: str) -> list[CommandSpec]:
    specs = battle_choices(pack, game, power)
    for battle in game.battle_order():  # AAR1-emergency: before the first round, the defender may buy
        if battle.status == "waiting" and power == battle.defender and power in battle.waiting \
                and not battle.round and not battle.emergency:
            most = affordable_emergency(pack, game, battle)
            if most:
                key = {"power": power, "battle_id": battle.battle_id}
                specs.append(_spec(cmd.BuyEmergencyInfantry, power, "AAR1-emergency", {**key, "count": most},
                                   {"count": {"minimum": 0, "maximum": most}}))
    return specs


def _for_power(pack: GamePack, state: RevisedState, power: str) -> list[CommandSpec]:
    game = state.game
    orders = to_plain(game.orders_of(power))
    standing = _spec(cmd.SetStandingOrders, power, "AAR-casualties", {"power": power, **orders},
                     {"interactive": [False, True], "submerge": [False, True], "retreat_below": [None, "1/3"],
                      "destroy_factories": [True, False]})
    if game.phase is Phase.COMBAT:
        return _battles(pack, game, power)
    if power != game.power:
        return []
    specs = []
    match game.phase:
        case Phase.PURCHASE if has_capital(pack, game, power):
            # Standing orders are taken at any time; they are offered at the start of the power's turn.
            specs += [standing, *_purchase(pack, game, power)]
        case Phase.COMBAT_MOVE | Phase.NON_COMBAT_MOVE:
            specs += _moves(pack, game, power)
        case Phase.PLACE:
            specs += _placements(pack, game, power)
        case Phase.RESEARCH:
            specs += _research(pack, game, power)
    return specs


def offers(pack: GamePack, state: RevisedState, seat: str) -> list[CommandSpec]:
    game = state.game
    if game.phase is Phase.OVER or seat == SYSTEM and game.phase is Phase.BID:
        return []
    if game.phase is Phase.BID:
        return bidding.offers(state, seat)
    moderator = seat == MODERATOR
    specs: list[CommandSpec] = []
    if seat in (MODERATOR, SYSTEM):
        fighting = [b.battle_id for b in game.battle_order() if b.status == "fighting"]
        if fighting:
            specs.append(CommandSpec("FightBattle", None, {"battle_id": fighting}, "AAR-battle",
                                     {"battle_id": fighting[0]}))
    if seat == SYSTEM:
        return specs
    for power in state.powers:
        if moderator or state.owners.get(power) == seat:
            specs += _for_power(pack, state, power)
    return specs
