"""What a space means to a moving power: enemy ships, blitzable land, carrier room, landing spots,
base bonuses. "Enemy" is whoever the power is at war with (``relations.stances``: on a Revised
board, the other side); factories and bases are never enemy *units*.

Shared by the move validator (``moves``) and the reach query (``reach``) so both read one rule."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from domain.aa.board.model import Board, UnitProfile
from domain.aa.board.position import Piece, Position
from domain.aa.board.relations import stances


def enemy_pieces(board: Board, position: Position, power: str, space: str) -> list[Piece]:
    at_war = stances(board, position, power).at_war
    return [p for p in position.pieces(space) if p.power in at_war and not board.units[p.unit].is_facility]


def enemy_ships(board: Board, position: Position, power: str, zone: str) -> list[Piece]:
    """AAR-move-sea: the enemy ships in a zone (a battle in the combat move; none may be met in the
    non-combat move)."""
    at_war = stances(board, position, power).at_war
    return [p for p in position.pieces(zone) if p.power in at_war and board.units[p.unit].is_sea]


def blocks(board: Board, profile: UnitProfile) -> bool:
    """AAR-move-sea, AAG-move: an enemy ship of this kind stops ships passing (``Board.blocking_units``)."""
    return profile.name in board.blocking_units


def blocking_ships(board: Board, position: Position, power: str, zone: str) -> list[Piece]:
    blockers = board.blocking_units
    return [p for p in enemy_ships(board, position, power, zone) if p.unit in blockers]


def enemy_destroyer(board: Board, position: Position, power: str, zone: str) -> bool:
    return any(board.units[p.unit].is_destroyer for p in enemy_ships(board, position, power, zone))


def blocks_ships(board: Board, position: Position, power: str, zone: str, subs_only: bool) -> bool:
    """AAR-move-sea: ``sea_blocker`` without the reason (for searches)."""
    return _blocks_ships(board, position, stances(board, position, power).at_war, zone, subs_only)


def _blocks_ships(board: Board, position: Position, at_war: frozenset[str], zone: str, subs_only: bool) -> bool:
    units, blockers = board.units, board.blocking_units
    for p in position.units.get(zone, ()):
        if p.power in at_war and p.unit in blockers and (not subs_only or units[p.unit].is_destroyer):
            return True
    return False


def sea_blocker(board: Board, position: Position, power: str, zone: str, subs_only: bool) -> str | None:
    """AAR-move-sea, AAG-move: why a group may not pass ``zone`` (None: it may). Enemy ships that
    block stop it; submarines pass them unless an enemy destroyer is there."""
    ships = blocking_ships(board, position, power, zone)
    if not ships:
        return None
    if subs_only:
        return "an enemy destroyer is there" if any(board.units[p.unit].is_destroyer for p in ships) else None
    return f"enemy ships are there ({describe(board, ships)})"


def canal_open(board: Board, position: Position, power: str, a: str, b: str, units=()) -> bool:
    """AAR-canal, AAG-move: the step between two zones is open unless a canal joins them whose
    territories ``power``'s side has not all held since the turn's start; ``units`` all exempt from
    the canal (submarines at Gibraltar) cross anyway."""
    canal = board.canal_between.get((a, b))
    if canal is None or (units and all(u in canal.exempt for u in units)):
        return True
    return all(position.held_since_turn_start(board, power, t) for t in canal.territories)


def is_enemy_land(board: Board, position: Position, power: str, territory: str) -> bool:
    return position.owner(territory) in stances(board, position, power).at_war


def blitzable(board: Board, position: Position, power: str, territory: str) -> bool:
    """AAR-blitz: ``blitz_blocker`` without the reason (for searches)."""
    if territory in position.factories:
        return False
    at_war = stances(board, position, power).at_war
    return not any(p.power in at_war and not board.units[p.unit].is_facility
                   for p in position.units.get(territory, ()))


def blitz_blocker(board: Board, position: Position, power: str, territory: str) -> str | None:
    """AAR-blitz: why armour may not blitz through enemy ``territory`` (None: it may): enemy units
    (an AA gun among them) or a factory stop it."""
    units = enemy_pieces(board, position, power, territory)
    if units:
        return f"enemy units are there ({describe(board, units)})"
    if territory in position.factories:
        return "an industrial complex is there"
    return None


def air_room(board: Board, position: Position, power: str, zone: str) -> int:
    """AAR-air: free carrier space for ``power``'s side in ``zone`` (allied air counts against it)."""
    room, allied = 0, stances(board, position, power).allied
    for p in position.pieces(zone):
        if p.power in allied:
            profile = board.units[p.unit]
            room += p.count * (profile.carrier_capacity - profile.carrier_cost)
    return room


def describe(board: Board, pieces: Iterable[Piece]) -> str:
    """"2 infantry, 1 AA gun": counts by unit title, in board order."""
    counts: dict[str, int] = {}
    for p in pieces:
        counts[p.unit] = counts.get(p.unit, 0) + p.count
    return ", ".join(f"{counts[u]} {title(board, u)}" for u in board.units if u in counts)


def title(board: Board, unit: str) -> str:
    text = board.units[unit].title
    return text if text[:2].isupper() else text.lower()


def air_passable(board: Board, position: Position, power: str):
    """AAR-air, AAG-politics, AAG-neutral, AAG40-china: ``space -> bool``, whether air units may fly
    over it: not impassable, inside the power's movement area (China's), and no land of a power at
    peace with ``power`` nor any neutral that has not turned against it."""
    spaces, owners = board.spaces, position.owners
    found = stances(board, position, power)
    area = board.movement_areas.get(power)
    if found.by_sides and area is None:
        return lambda space: not spaces[space].impassable  # every owner an ally or an enemy
    open_to = found.allied | found.at_war

    def passable(space: str) -> bool:
        place = spaces[space]
        if place.impassable or (area is not None and space not in area):
            return False
        owner = owners.get(space) if place.land else None
        return owner is None or owner in open_to

    return passable


def landable(board: Board, position: Position, power: str, space: str) -> bool:
    """AAR-air: friendly land held since the turn's start (carriers are counted separately)."""
    return board.spaces[space].land and position.held_since_turn_start(board, power, space)


def base_bonus(board: Board, position: Position, power: str, unit: str, space: str) -> int:
    """AAG-facilities: the movement an operational base of ``power`` or an ally gives ``unit`` setting
    off from ``space`` (an air base in its territory for air; a naval base beside its zone for ships)."""
    if not board.bases:
        return 0
    profile = board.units[unit]
    moves = "air" if profile.is_air else "sea" if profile.is_sea else None
    if moves is None:
        return 0
    last = _LAST[0]
    if last[0] is not board or last[1] is not position:
        last = _LAST[0] = (board, position, {})
    found = last[2]
    key = (power, moves, space)
    if key not in found:
        found[key] = _base_bonus(board, position, power, moves, space)
    return found[key]


# The bonuses worked out for the last (board, position) asked about: a search asks about one
# position many times, and keeping only the last keeps no old position alive. One tuple, replaced
# whole, so a thread never reads another position's answers.
_LAST: list[tuple] = [(None, None, {})]


def _base_bonus(board: Board, position: Position, power: str, moves: str, space: str) -> int:
    allied, best = stances(board, position, power).allied, 0
    for base in board.bases.values():
        if base.moves != moves or base.bonus <= best:
            continue
        places = (space,) if base.reach == "territory" else \
            tuple(n for n in board.spaces[space].neighbours if board.spaces[n].land) if board.spaces[space].sea else ()
        if any(_operational(board, position, place, base, allied) for place in places):
            best = base.bonus
    return best


def _operational(board: Board, position: Position, place: str, base, allied: frozenset[str]) -> bool:
    damage = getattr(position, "damage", {}).get(place, {}).get(base.unit, 0)
    return damage < base.out_of_action_at and any(p.unit == base.unit and p.power in allied
                                                  for p in position.pieces(place))


def movement_left(board: Board, position: Position, power: str, piece: Piece, space: str) -> int:
    """AAR-move-*, AAG-facilities: a piece's movement with its power's advances, plus a base's bonus
    (where it stands now, before it moves; the bonus it set off with, after), less what it spent."""
    full = board.movement(piece.unit, position.advances(power))
    if not board.bases:
        return full - piece.moved
    bonus = getattr(piece, "bonus", 0) if piece.moved else base_bonus(board, position, power, piece.unit, space)
    return full + bonus - piece.moved


def distances(board: Board, start: str, budget: int, can_step) -> Mapping[str, int]:
    """Bounded breadth-first search: space -> steps from ``start`` (at most ``budget``), taking only
    the steps ``can_step(here, there)`` allows."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        steps = seen[here] + 1
        if steps > budget:
            continue
        for there in board.spaces[here].neighbours:
            if there not in seen and can_step(here, there):
                seen[there] = steps
                todo.append(there)
    return seen


def carrier_offers(board: Board, position: Position, power: str, noncombat: bool,
                   moving_from: str | None = None) -> dict[str, int]:
    """AAR-air: zone -> carrier space ``power``'s own carriers could still bring there this turn
    (carriers already there count in ``air_room``). A carrier that moved in the combat move does
    not move again in the non-combat move; one in the zone ``moving_from`` is moving now."""
    offers: dict[str, int] = {}
    at_war, spaces = stances(board, position, power).at_war, board.spaces

    def open_sea(a: str, b: str) -> bool:
        return (spaces[b].sea and not _blocks_ships(board, position, at_war, b, False)
                and ((a, b) not in board.canal_between or canal_open(board, position, power, a, b)))

    for zone, pieces in position.units.items():
        if zone == moving_from or not board.spaces[zone].sea:
            continue
        for p in pieces:
            profile = board.units[p.unit]
            if p.power != power or not profile.is_carrier or p.done or (noncombat and p.combat_moved):
                continue
            left = profile.move - p.moved + (getattr(p, "bonus", 0) if p.moved
                                             else base_bonus(board, position, power, p.unit, zone))
            room = min(p.count * profile.carrier_capacity, max(0, air_room(board, position, power, zone)))
            if left <= 0 or room <= 0:
                continue
            for reached in distances(board, zone, left, open_sea):
                if reached != zone:
                    offers[reached] = offers.get(reached, 0) + room
    return offers
