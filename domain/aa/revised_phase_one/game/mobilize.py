"""Placing the units bought this turn (AAR-place, AAR1-inf, AAR1-ic-limit, AAR1-ic-place,
AAR1-optional), the end of placement (unplaced units and aircraft with nowhere to land are lost,
AAR-air), and weapons development at the end of the turn (AAR-tech)."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.board import Piece
from domain.aa.board.terrain import air_room
from domain.aa.revised_phase_one import industry, optional, placement
from domain.aa.revised_phase_one.game.commands import DevelopWeapons, EndPlacement, PlaceUnits
from domain.aa.revised_phase_one.game.common import RevisedState, require_turn
from domain.aa.revised_phase_one.game.events import PhaseBegan, UnitsLost, UnitsPlaced, WeaponsDeveloped
from domain.aa.revised_phase_one.game.pieces import plus, without
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.game.turn import end_turn
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import Context, Event, RuleViolation

PLACE = "AAR-place"
INFANTRY = "infantry"


def infantry_room(pack: GamePack, game: Game, territory: str) -> int:
    """AAR1-inf: how many more infantry ``game.power`` may place in ``territory`` this turn."""
    limit = sum(placement.infantry_limit(pack.house, vc.city, game.power, game.owners_at_start,
                                         game.options.infantry_rule) for vc in pack.house.vcs_in(territory))
    return max(0, limit - game.placed_infantry.get(territory, 0))


def factory_room(pack: GamePack, game: Game, territory: str) -> int:
    """AAR1-ic-limit: the IPC value of non-infantry units the IC in ``territory`` may still take
    (0 without an IC there at the turn's start, AAR1-ic-place)."""
    if territory not in game.factories_at_start or territory not in pack.house.ipc:
        return 0
    return max(0, industry.ic_placement_limit(pack.house, territory) - game.placed_value.get(territory, 0))


def italian_quota(pack: GamePack, game: Game) -> tuple[int, str]:
    """AAR1-optional Italian Forces: "all 14 IPCs must be used to place units in Southern Europe IC":
    (IPCs of this turn's purchase still owed to the place named, that place). Nothing is owed once
    the power cannot place there (the territory or its IC lost since the turn began)."""
    if not game.italian_due:
        return 0, ""
    place_at = pack.house.italian_forces["versions"][game.options.italian_forces]["place_at"]
    if game.owners_at_start.get(place_at) != game.power or place_at not in game.factories_at_start:
        return 0, place_at
    placed = game.placed_value.get(place_at, 0) + game.placed_infantry.get(place_at, 0) * pack.units[INFANTRY].cost
    return max(0, game.italian_due - placed), place_at


def italian_slack(pack: GamePack, game: Game, territory: str) -> int | None:
    """AAR1-optional Italian Forces: the IPCs of units that may still go to ``territory`` while
    enough are left for the Italian quota (None: no limit)."""
    owed, place_at = italian_quota(pack, game)
    if not owed or territory == place_at:
        return None
    return sum(pack.units[u].cost * n for u, n in game.bought.items()) - owed


def _infrastructure(pack: GamePack, game: Game, unit: str) -> bool:
    return game.options.infrastructure_defence and unit == pack.house.infrastructure_defence["unit"]


def place_units(state: RevisedState, command: PlaceUnits, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-place: bought units at a territory held since the turn's start: infantry at its VC within
    the seed's limit, other units at its IC (there at the turn's start) within 4 x its IPCs, sea units
    in a sea zone beside it."""
    game = require_turn(state, command, ctx, Phase.PLACE)
    board, power, territory = pack.board, command.power, command.territory
    units = {u: n for u, n in command.units.items() if n}
    if not units or any(not isinstance(n, int) or n < 0 for n in units.values()):
        raise RuleViolation(PLACE, "place at least one unit, each count 1 or more")
    for unit, n in units.items():
        if n > game.bought.get(unit, 0):
            raise RuleViolation(PLACE, f"{power} has {game.bought.get(unit, 0)} {unit} left to place, not {n}")
    if territory not in board.spaces or board.spaces[territory].sea:
        raise RuleViolation(PLACE, f"{territory!r} is not a land territory")
    if game.position.owner(territory) != power or game.owners_at_start.get(territory) != power:
        raise RuleViolation(industry.PLACE, f"{territory} has not been {power}'s since the start of the turn")
    infantry = units.get(INFANTRY, 0)
    if infantry:
        placement.check_infantry_site(pack.house, territory)
        room = infantry_room(pack, game, territory)
        if infantry > room:
            raise RuleViolation(placement.RULE, f"{power} may place {room} more infantry in {territory}, "
                                                f"not {infantry}")
    anywhere = {u: n for u, n in units.items() if _infrastructure(pack, game, u)}
    for unit in anywhere:
        optional.check_infrastructure_site(power, territory, game.owners_at_start)
    at_ic = {u: n for u, n in units.items() if u != INFANTRY and u not in anywhere}
    value = sum(pack.units[u].cost * n for u, n in at_ic.items())
    if at_ic:
        industry.check_units_at_ic(territory, game.factories_at_start)
        room = factory_room(pack, game, territory)
        if value > room:
            raise RuleViolation(industry.LIMIT, f"{value} IPCs of units at {territory}'s IC; {room} more may be "
                                                f"placed there this turn (4 x its IPCs)")
    slack = italian_slack(pack, game, territory)
    if slack is not None and sum(pack.units[u].cost * n for u, n in units.items()) > slack:
        owed, place_at = italian_quota(pack, game)
        raise RuleViolation(optional.RULE, f"{owed} IPCs of this turn's units are Italian forces: they must be "
                                           f"placed in {place_at}, so at most {max(0, slack)} IPCs of units may go "
                                           f"elsewhere")
    ships = {u: n for u, n in units.items() if board.units[u].is_sea}
    zone = command.zone
    if ships and (zone is None or zone not in board.neighbours(territory) or not board.spaces[zone].sea):
        raise RuleViolation(PLACE, f"sea units go to a sea zone beside {territory}: name it in zone")
    ashore = [Piece(power, u, n) for u, n in units.items() if u not in ships]
    afloat = [Piece(power, u, n) for u, n in ships.items()]
    spaces = {territory: plus(game.position.pieces(territory), ashore)} if ashore else {}
    if afloat:
        spaces[zone] = plus(game.position.pieces(zone), afloat)
    return [UnitsPlaced(power, territory, zone if ships else territory, units, value, spaces)]


def stranded(pack: GamePack, game: Game) -> dict[str, tuple[Piece, ...]]:
    """AAR-air: space -> pieces left, where the mover's aircraft have nowhere to land at the end of
    its turn: land not held since the turn's start, or a sea zone without carrier room for them."""
    board, position, power = pack.board, game.position, game.power
    out = {}
    for space, pieces in position.units.items():
        mine = [p for p in pieces if p.power == power and board.units[p.unit].is_air]
        if not mine:
            continue
        if board.spaces[space].land:
            if not position.held_since_turn_start(board, power, space):
                out[space] = without(pieces, mine)
            continue
        gone = [p for p in mine if not board.units[p.unit].carrier_cost]
        over = -air_room(board, position, power, space)
        for p in sorted((p for p in mine if board.units[p.unit].carrier_cost), key=lambda p: -p.moved):
            if over <= 0:
                break
            n = min(p.count, -(-over // board.units[p.unit].carrier_cost))
            gone.append(replace(p, count=n))
            over -= n * board.units[p.unit].carrier_cost
        if gone:
            out[space] = without(pieces, gone)
    return out


def end_placement(state: RevisedState, command: EndPlacement, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-place: ICs bought this turn are put down; units left unplaced are lost; then aircraft that
    cannot land are lost (after placement, so a new carrier could still have taken them)."""
    game = require_turn(state, command, ctx, Phase.PLACE)
    power = command.power
    events: list[Event] = [UnitsPlaced(power, t, t, {"industrial_complex": 1}, 0, {}, True)
                           for t in game.factories_bought if game.position.owner(t) == power]
    if game.bought:
        events.append(UnitsLost(power, "unplaced", {}, dict(game.bought)))
    lost = stranded(pack, game)
    if lost:
        events.append(UnitsLost(power, "no landing", lost))
    return events + [PhaseBegan(game.round, power, Phase.VICTORY)]


def develop_weapons(state: RevisedState, command: DevelopWeapons, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-tech: research dice at 5 IPCs each for the advance named first; any 6 grants it. Ends the turn."""
    game = require_turn(state, command, ctx, Phase.RESEARCH)
    power, dice = command.power, command.dice
    events: list[Event] = []
    if dice:
        have = game.position.advances(power)
        if command.advance not in pack.techs or command.advance in have:
            left = sorted(set(pack.techs) - set(have))
            raise RuleViolation("AAR-tech", f"name an advance {power} does not have: one of {left}")
        cost = dice * pack.number("research_die_cost")
        money = game.treasury.get(power, 0)
        if dice < 0 or cost > money:
            raise RuleViolation("AAR-tech", f"{dice} research dice cost {cost} IPCs; {power} has {money}")
        rolls = tuple(ctx.dice.roll(pack.combat.dice_sides) for _ in range(dice))
        gained = pack.number("research_success") in rolls
        events.append(WeaponsDeveloped(power, dice, cost, command.advance, rolls, gained, money - cost))
    elif dice < 0:
        raise RuleViolation("AAR-tech", "research dice: 0 or more")
    return events + end_turn(pack, game)
