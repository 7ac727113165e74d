"""What each seat may do now in the whole Global game, as ready bodies (``CommandSpec``): ``example``
is a complete ``data`` object ``decide`` accepts unchanged now, so a bot sending only examples plays
the game on; ``choices`` list other values field by field. The command that ends the current step
is the view's ``turn.ends_step``."""
from __future__ import annotations

from domain.aa.global1940 import china as china_rules
from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game import declarations
from domain.aa.global1940.game.common import treasuries_of, treasury_for
from domain.aa.global1940.game.economy import (
    buyable,
    buying_treasuries,
    may_research,
    open_charts,
    prices,
)
from domain.aa.global1940.game.mobilize import capacity, facility_problem
from domain.aa.global1940.game.movement import operational, rocket_targets
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.legal import battle_choices
from domain.aa.revised_phase_one.game.legal_moves import move_examples
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import MODERATOR, SYSTEM, CommandSpec
from domain.kernel.plain import to_plain

MAX_ARMOUR = 2  # the example buys a little armour beside the infantry


def _spec(command: type, power: str | None, rule: str, example: dict | None,
          choices: dict | None = None) -> CommandSpec:
    return CommandSpec(command.__name__, power, choices or {}, rule, example)


def _research(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[CommandSpec]:
    specs = [_spec(cmd.Research, power, "AAG40-rd", {"power": power, "dice": 0, "chart": ""})]
    charts = open_charts(pack, game, power)
    cost = pack.extra.research.die_cost
    money = game.treasury.get(treasuries_of(pack, power)[0], 0)
    if charts and may_research(pack, game, power) and money >= cost:
        specs.append(_spec(cmd.Research, power, "AAG40-rd", {"power": power, "dice": 1, "chart": charts[0]},
                           {"chart": charts, "dice": {"minimum": 0, "maximum": money // cost}}))
    return specs


def _room(pack: GlobalGamePack, game: GlobalGame, power: str, treasury: str) -> int:
    """Units the treasury's complexes could place this turn (China: as many as it can pay for)."""
    if power == pack.extra.china.power:
        held = china_rules.placement_territories(pack.extra.china, game.position.owners)
        return 99 if held else 0
    return sum(capacity(pack, game, t) for t, owner in game.owners_at_start.items()
               if owner == power and treasury_for(pack, power, t) == treasury)


def _purchase(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[CommandSpec]:
    treasury = buying_treasuries(pack, game, power)[0]
    money, table, known = game.treasury.get(treasury, 0), prices(pack, game, power), buyable(pack, game, power)
    room = _room(pack, game, power, treasury)
    units = {}
    infantry = min(room, money // table["infantry"])
    if infantry:
        units["infantry"] = infantry
    armour = "armour" if "armour" in known else "artillery" if "artillery" in known else None
    if armour and infantry > MAX_ARMOUR:
        spare = money - infantry * table["infantry"]
        swap = min(MAX_ARMOUR, spare // (table[armour] - table["infantry"]) if table[armour] > table["infantry"] else 0)
        if swap:
            units = {"infantry": infantry - swap, armour: swap}
    alternatives = [units, {}] + [{u: 1} for u in ("fighter", "destroyer", "transport", "minor_industrial_complex",
                                                    "air_base") if u in known and table[u] <= money]
    return [_spec(cmd.Purchase, power, "AAG-facilities", {"power": power, "units": units, "repairs": {},
                                                           "economy": treasury},
                  {"units": alternatives})]


def _politics(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[CommandSpec]:
    specs = [_spec(cmd.EndPolitics, power, "AAG-politics", {"power": power})]
    targets = list(declarations.targets(pack, game, power))
    if targets:
        specs.append(_spec(cmd.DeclareWar, power, "AAG-politics", {"power": power, "target": targets[0]},
                           {"target": targets}))
    return specs


def _moves(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[CommandSpec]:
    combat = game.phase is Phase.COMBAT_MOVE
    end = cmd.EndCombatMove if combat else cmd.EndNonCombatMove
    specs = [_spec(end, power, "AAG-order", {"power": power})]
    specs += [_spec(cmd.MoveUnits, power, "AAG-move", body) for body in move_examples(pack, game, power)]
    if combat and "rockets" in game.position.advances(power):
        for launch in sorted(t for t, o in game.position.owners.items() if o == power):
            if launch in game.rockets or not operational(pack, game, launch, pack.rules.rocket_launch, power):
                continue
            targets = rocket_targets(pack, game, power, launch)
            if targets:
                specs.append(_spec(cmd.FireRockets, power, "AAG40-tech",
                                   {"power": power, "launch": launch, "target": targets[0]}, {"target": targets}))
                break
    return specs


def _site(pack: GlobalGamePack, game: GlobalGame, power: str, treasury: str, unit: str) -> dict | None:
    """A body placing ``unit`` now (territory, zone) from ``treasury``'s purchase, or None."""
    board = pack.board
    owners = game.position.owners
    if power == pack.extra.china.power:
        held = sorted(china_rules.placement_territories(pack.extra.china, owners))
        return {"territory": held[0]} if held and board.units[unit].is_land else None
    for territory in sorted(t for t, o in game.owners_at_start.items() if o == power and owners.get(t) == power):
        if treasury_for(pack, power, territory) != treasury:
            continue
        if board.units[unit].is_facility:
            if facility_problem(pack, game, territory, unit) is None:
                return {"territory": territory}
            continue
        if capacity(pack, game, territory) < 1:
            continue
        if board.units[unit].is_sea:
            zones = [z for z in board.neighbours(territory) if board.spaces[z].sea]
            if zones:
                return {"territory": territory, "zone": zones[0]}
            continue
        return {"territory": territory}
    return None


def _placements(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[CommandSpec]:
    specs = [_spec(cmd.EndPlacement, power, "AAG-facilities", {"power": power})]
    for treasury, units in sorted(game.bought_by.items()):
        for unit, left in sorted(units.items()):
            site = _site(pack, game, power, treasury, unit)
            if site is None:
                continue
            n = 1
            if not pack.board.units[unit].is_facility:
                n = left if power == pack.extra.china.power else min(left, capacity(pack, game, site["territory"]))
            specs.append(_spec(cmd.PlaceUnits, power, "AAG-facilities", {"power": power, **site, "units": {unit: n}}))
    return specs


def _standing(game: GlobalGame, power: str) -> CommandSpec:
    orders = to_plain(game.orders_of(power))
    body = {k: orders[k] for k in ("order_of_losses", "submerge", "retreat_below", "retreat_after_round",
                                   "interactive", "scramble", "kamikaze", "kamikaze_targets")}
    return _spec(cmd.SetStandingOrders, power, "AAG-battle", {"power": power, **body},
                 {"interactive": [False, True], "submerge": [False, True], "scramble": [False, True],
                  "retreat_below": [None, "1/3"]})


def _for_power(pack: GlobalGamePack, state: GlobalState, power: str) -> list[CommandSpec]:
    game = state.game
    if game.phase is Phase.COMBAT:
        return battle_choices(pack, game, power)
    if power != game.power:
        return []
    match game.phase:
        case Phase.RESEARCH:
            # Standing orders are taken at any time; they are offered at the start of the power's turn.
            return [_standing(game, power), *_research(pack, game, power)]
        case Phase.PURCHASE:
            return _purchase(pack, game, power)
        case Phase.POLITICS:
            return _politics(pack, game, power)
        case Phase.COMBAT_MOVE | Phase.NON_COMBAT_MOVE:
            return _moves(pack, game, power)
        case Phase.PLACE:
            return _placements(pack, game, power)
    return []


def offers(pack: GlobalGamePack, state: GlobalState, seat: str) -> list[CommandSpec]:
    game = state.game
    if game.phase is Phase.OVER:
        return []
    specs: list[CommandSpec] = []
    if seat in (MODERATOR, SYSTEM):
        fighting = [b.battle_id for b in game.battle_order() if b.status == "fighting"]
        if fighting:
            specs.append(CommandSpec("FightBattle", None, {"battle_id": fighting}, "AAG-battle",
                                     {"battle_id": fighting[0]}))
    if seat == SYSTEM:
        return specs
    for power in state.powers:
        if seat == MODERATOR or state.owners.get(power) == seat:
            specs += _for_power(pack, state, power)
    return specs
