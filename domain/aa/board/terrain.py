"""What a space means to a moving power: enemy ships, blitzable land, carrier room, landing spots.

Shared by the move validator (``moves``) and the reach query (``reach``) so both read one rule."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from domain.aa.board.model import Board
from domain.aa.board.position import Piece, Position


def enemy_pieces(board: Board, position: Position, power: str, space: str) -> list[Piece]:
    return [p for p in position.pieces(space) if board.enemies(power, p.power)]


def enemy_ships(board: Board, position: Position, power: str, zone: str) -> list[Piece]:
    """AAR-move-sea: every enemy ship blocks (submarines and transports too, in Revised)."""
    return [p for p in position.pieces(zone) if board.enemies(power, p.power) and board.units[p.unit].is_sea]


def enemy_destroyer(board: Board, position: Position, power: str, zone: str) -> bool:
    return any(board.units[p.unit].is_destroyer for p in enemy_ships(board, position, power, zone))


def blocks_ships(board: Board, position: Position, power: str, zone: str, subs_only: bool) -> bool:
    """AAR-move-sea: ``sea_blocker`` without the reason (for searches)."""
    units, side = board.units, board.side_of.get(power)
    for p in position.units.get(zone, ()):
        if board.side_of.get(p.power) != side and units[p.unit].is_sea and (
                not subs_only or units[p.unit].is_destroyer):
            return True
    return False


def sea_blocker(board: Board, position: Position, power: str, zone: str, subs_only: bool) -> str | None:
    """AAR-move-sea: why a group may not pass ``zone`` (None: it may). Submarines pass enemy ships
    unless an enemy destroyer is there."""
    ships = enemy_ships(board, position, power, zone)
    if not ships:
        return None
    if subs_only:
        return "an enemy destroyer is there" if any(board.units[p.unit].is_destroyer for p in ships) else None
    return f"enemy ships are there ({describe(board, ships)})"


def canal_open(board: Board, position: Position, power: str, a: str, b: str) -> bool:
    """AAR-canal: the step between two zones is open unless a canal joins them whose territories
    ``power``'s side has not all held since the turn's start."""
    canal = board.canal_between.get((a, b))
    return canal is None or all(position.held_since_turn_start(board, power, t) for t in canal.territories)


def is_enemy_land(board: Board, position: Position, power: str, territory: str) -> bool:
    return board.enemies(power, position.owner(territory))


def blitzable(board: Board, position: Position, power: str, territory: str) -> bool:
    """AAR-blitz: ``blitz_blocker`` without the reason (for searches)."""
    if territory in position.factories:
        return False
    side = board.side_of.get(power)
    return all(board.side_of.get(p.power) == side for p in position.units.get(territory, ()))


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
    room = 0
    for p in position.pieces(zone):
        if board.friendly(power, p.power):
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


def landable(board: Board, position: Position, power: str, space: str) -> bool:
    """AAR-air: friendly land held since the turn's start (carriers are counted separately)."""
    return board.spaces[space].land and position.held_since_turn_start(board, power, space)


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
    for zone, pieces in position.units.items():
        if zone == moving_from or not board.spaces[zone].sea:
            continue
        for p in pieces:
            profile = board.units[p.unit]
            if p.power != power or not profile.is_carrier or p.done or (noncombat and p.combat_moved):
                continue
            left = profile.move - p.moved
            room = min(p.count * profile.carrier_capacity, max(0, air_room(board, position, power, zone)))
            if left <= 0 or room <= 0:
                continue

            def open_sea(a: str, b: str) -> bool:
                return (board.spaces[b].sea and not blocks_ships(board, position, power, b, False)
                        and canal_open(board, position, power, a, b))

            for reached in distances(board, zone, left, open_sea):
                if reached != zone:
                    offers[reached] = offers.get(reached, 0) + room
    return offers
