"""Placing the units bought this turn (AAG-facilities, AAG-china, AAG40-china): units at a complex
of the power's that stood at the turn's start, within what it produces (minor 3, major 10; more
with Increased Factory Production; less its damage), sea units in a sea zone beside it;
complexes and bases on territories held since the turn's start that may take them; China's
units on any Chinese territory it holds. The UK places each economy's units on its own map. At the
end of placement units left unplaced are refunded, then aircraft with nowhere to land are lost."""
from __future__ import annotations

from domain.aa.global1940 import china as china_rules
from domain.aa.global1940.game.commands import EndPlacement, PlaceUnits
from domain.aa.global1940.game.common import (
    complex_in,
    next_phase,
    piece,
    require_turn,
    treasury_for,
)
from domain.aa.global1940.game.economy import IFP, prices
from domain.aa.global1940.game.events import PurchaseRefunded, UnitsLost, UnitsPlaced
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.mobilize import stranded
from domain.aa.revised_phase_one.game.pieces import plus
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Context, Event, RuleViolation

PLACE = "AAG-facilities"
CHINA = "AAG40-china"


def capacity(pack: GlobalGamePack, game: GlobalGame, territory: str) -> int:
    """AAG-facilities: how many more units the power's complex in ``territory`` places this turn (0
    without one standing there since the turn's start)."""
    found = complex_in(pack, game, territory)
    if found is None or found.power != game.power or territory not in game.factories_at_start:
        return 0
    made = pack.board.units[found.unit].produces
    if IFP in game.position.advances(game.power):
        made += pack.rules.extra_production.get(found.unit, 0)
    made -= game.position.damage_to(territory, found.unit)
    return max(0, made - game.produced.get(territory, 0))


def facility_problem(pack: GlobalGamePack, game: GlobalGame, territory: str, unit: str) -> str | None:
    """AAG-facilities: why ``unit`` (a complex or a base) may not be put down in ``territory`` (None: it may)."""
    board, rules = pack.board, pack.rules
    space = board.spaces[territory]
    standing = {p.unit for p in game.position.pieces(territory) if board.units[p.unit].is_facility}
    if unit in rules.complexes:
        spec = rules.complexes[unit]
        if territory in board.no_factory:
            return f"{territory} is an island that takes no industrial complex"
        if standing & set(rules.complexes):
            return f"{territory} has an industrial complex already"
        if space.ipc < spec.min_ipc:
            return f"a {board.units[unit].title.lower()} needs a territory worth {spec.min_ipc} or more"
        if spec.original_only and space.original_owner != game.power:
            return f"a {board.units[unit].title.lower()} goes only on an original territory of {game.power}'s"
        return None
    if unit in standing:
        return f"{territory} has a {board.units[unit].title.lower()} already"
    if rules.bases.get(unit) and not any(board.spaces[n].sea for n in space.neighbours):
        return f"a {board.units[unit].title.lower()} needs a territory beside a sea zone"
    return None


def _china_placement(pack: GlobalGamePack, game: GlobalGame, command: PlaceUnits) -> None:
    china = pack.extra.china
    china_rules.validate_placement(china, command.territory, game.position.owners)
    if any(not pack.board.units[u].is_land for u in command.units):
        raise RuleViolation(CHINA, "China places land units only")


def place_units(state: GlobalState, command: PlaceUnits, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG-facilities, AAG40-china: bought units put down (see the module's rules)."""
    game = require_turn(state, command, ctx, Phase.PLACE)
    board, power, territory = pack.board, command.power, command.territory
    units = {u: n for u, n in command.units.items() if n}
    if territory not in board.spaces or board.spaces[territory].sea:
        raise RuleViolation(PLACE, f"{territory!r} is not a land territory")
    if not units or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in units.values()):
        raise RuleViolation(PLACE, "place at least one unit, each count 1 or more")
    treasury = treasury_for(pack, power, territory)
    left = game.bought_by.get(treasury, {})
    for unit, n in units.items():
        if n > left.get(unit, 0):
            raise RuleViolation(PLACE, f"{treasury} has {left.get(unit, 0)} {unit} left to place here, not {n}")
    facilities = {u: n for u, n in units.items() if board.units[u].is_facility}
    counted = {u: n for u, n in units.items() if u not in facilities}
    ships = {u: n for u, n in counted.items() if board.units[u].is_sea}
    if power == pack.extra.china.power:
        _china_placement(pack, game, command)
    else:
        if game.position.owner(territory) != power or game.owners_at_start.get(territory) != power:
            raise RuleViolation(PLACE, f"{territory} has not been {power}'s since the start of the turn")
        for unit, n in facilities.items():
            problem = "place one facility of a kind at a time" if n > 1 \
                else facility_problem(pack, game, territory, unit)
            if problem:
                raise RuleViolation(PLACE, problem)
        if counted:
            room = capacity(pack, game, territory)
            if sum(counted.values()) > room:
                raise RuleViolation(PLACE, f"the complex in {territory} places {room} more units this turn, not "
                                           f"{sum(counted.values())}")
    zone = command.zone
    if ships and (zone is None or zone not in board.neighbours(territory) or not board.spaces[zone].sea):
        raise RuleViolation(PLACE, f"sea units go to a sea zone beside {territory}: name it in zone")
    ashore = [piece(power, u, n) for u, n in units.items() if u not in ships]
    afloat = [piece(power, u, n) for u, n in ships.items()]
    spaces = {territory: plus(game.position.pieces(territory), ashore)} if ashore else {}
    if afloat:
        spaces[zone] = plus(game.position.pieces(zone), afloat)
    return [UnitsPlaced(power, territory, zone if ships else territory, units, sum(counted.values()), spaces,
                        any(u in pack.rules.complexes for u in facilities), treasury)]


def end_placement(state: GlobalState, command: EndPlacement, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG-facilities: units left unplaced are refunded; then aircraft that cannot land are lost
    (after placement, so a new carrier could still have taken them)."""
    game = require_turn(state, command, ctx, Phase.PLACE)
    power = command.power
    table = prices(pack, game, power)
    events: list[Event] = []
    for treasury, units in sorted(game.bought_by.items()):
        if units and pack.rules.unplaced == "refund":
            events.append(PurchaseRefunded(power, treasury, dict(units), sum(table[u] * n for u, n in units.items())))
        elif units:
            events.append(UnitsLost(power, "unplaced", {}, dict(units)))
    lost = stranded(pack, game)
    if lost:
        events.append(UnitsLost(power, "no landing", lost))
    return events + [PhaseBegan(game.round, power, next_phase(pack, Phase.PLACE))]
