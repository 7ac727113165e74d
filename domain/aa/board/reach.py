"""Where may it go: every destination a unit may legally reach this phase, with a route, from one
bounded breadth-first search (plus one inside it for air landing). The position is surveyed once
for the moving power (enemy ships and units, enemy land, landing places, closed canals, carrier
room), so asking for every unit of a power costs little more than asking for one; the survey reads
the validator's rules (``terrain``): a route answered is a move ``check_move`` accepts for that unit
alone."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.aa.board.air import Rooms
from domain.aa.board.checks import Phase
from domain.aa.board.model import Board
from domain.aa.board.position import Position
from domain.aa.board.terrain import canal_open

Route = tuple[str, ...]


def where_may_it_go(board: Board, position: Position, phase: Phase | str, unit: str, start: str, owner: str,
                    movement_left: int | None = None) -> dict[str, Route]:
    """AAR-move-*: destination -> route (start first) for one ``unit`` of ``owner`` in ``start``.
    ``movement_left`` defaults to the most any such unit there has left; a unit that may not move
    in this phase reaches nothing."""
    return Survey(board, position, owner, Phase(phase)).reach(unit, start, movement_left)


def where_may_they_go(board: Board, position: Position, phase: Phase | str,
                      power: str) -> dict[tuple[str, str], dict[str, Route]]:
    """AAR-move-*: (space, unit) -> its destinations and routes, for every unit ``power`` has
    (cargo aboard transports aside), surveying the position once."""
    survey = Survey(board, position, power, Phase(phase))
    stacks = dict.fromkeys((space, p.unit) for space, pieces in position.units.items() for p in pieces
                           if p.power == power)
    return {(space, unit): survey.reach(unit, space) for space, unit in stacks}


class Survey:
    """The position as one power sees it in one phase: sets the searches look things up in."""

    def __init__(self, board: Board, position: Position, power: str, phase: Phase):
        self.board, self.position, self.power = board, position, power
        self.noncombat = phase is Phase.NONCOMBAT
        self.techs = position.advances(power)
        side_of = board.side_of
        side = side_of.get(power)
        self.enemy_units: set[str] = set()
        self.enemy_ships: set[str] = set()
        self.enemy_destroyers: set[str] = set()
        for space, pieces in position.units.items():
            for p in pieces:
                if side_of.get(p.power) != side:
                    self.enemy_units.add(space)
                    profile = board.units[p.unit]
                    if profile.is_sea:
                        self.enemy_ships.add(space)
                        if profile.is_destroyer:
                            self.enemy_destroyers.add(space)
        self.enemy_land = {t for t, holder in position.owners.items() if side_of.get(holder) != side}
        self.landable = {t for t, holder in position.owners.items()
                         if side_of.get(holder) == side and t not in position.conquered}
        self.closed = {pair for pair in board.canal_between if not canal_open(board, position, power, *pair)}
        self._spots: dict[int, frozenset[str]] = {}
        self._kinds: dict[str, tuple[int, bool, tuple]] = {}

    def carrier_spots(self, cost: int) -> frozenset[str]:
        """Zones where carriers have, or own carriers can bring, room for air of ``cost``."""
        spots = self._spots.get(cost)
        if spots is None:
            rooms = Rooms(self.board, self.position, self.power, self.noncombat, "", 0, "")
            side = self.board.side_of.get(self.power)
            zones = {z for z, pieces in self.position.units.items() if self.board.spaces[z].sea
                     and any(self.board.side_of.get(p.power) == side for p in pieces)} | set(rooms.offers)
            spots = self._spots[cost] = frozenset(z for z in zones if rooms.at(z) >= cost)
        return spots

    def reach(self, unit: str, start: str, movement_left: int | None = None) -> dict[str, Route]:
        kind = self._kinds.get(unit)
        if kind is None:
            kind = self._kinds[unit] = self._kind(unit)
        full, air, rules = kind
        if movement_left is None:
            movement_left = self._best_left(unit, start, full, air)
        if movement_left <= 0:
            return {}
        if air:
            return self._air(unit, start, movement_left)
        routes = _search(self.board, start, movement_left, *rules)
        del routes[start]
        return routes

    def _kind(self, unit: str) -> tuple[int, bool, tuple]:
        """(movement with advances, is air, search rules); movement 0 when it may not move now."""
        profile = self.board.units[unit]
        full = self.board.movement(unit, self.techs)
        if not profile.movable or (not self.noncombat and not profile.combat_move):
            full = 0
        if profile.is_air:
            return full, True, ()
        if profile.is_land:
            return full, False, self._land_rules(profile.blitz)
        return full, False, self._sea_rules(profile.is_sub)

    def _best_left(self, unit: str, start: str, full: int, air: bool) -> int:
        power, noncombat = self.power, self.noncombat
        in_battle = start in self.enemy_land or start in self.enemy_units
        best = 0
        for p in self.position.units.get(start, ()):
            if p.power != power or p.unit != unit or p.done:
                continue
            if (noncombat and p.combat_moved and not air) or (not noncombat and p.moved and in_battle):
                continue
            best = max(best, full - p.moved)
        return best

    def _land_rules(self, blitz: bool):
        spaces, enemy_land, noncombat = self.board.spaces, self.enemy_land, self.noncombat
        stops = self.enemy_units | self.position.factories
        conquered = self.position.conquered

        def enter(here: str, there: str) -> bool:
            space = spaces[there]
            return not (space.sea or space.impassable or (noncombat and there in enemy_land))

        def expand(space: str) -> bool:
            if space in enemy_land:
                return blitz and not noncombat and space not in stops
            return noncombat or space not in conquered

        return enter, expand

    def _sea_rules(self, sub: bool):
        spaces, closed, noncombat = self.board.spaces, self.closed, self.noncombat
        ships = self.enemy_ships
        blockers = self.enemy_destroyers if sub else ships

        def enter(here: str, there: str) -> bool:
            return spaces[there].sea and (here, there) not in closed and not (noncombat and there in ships)

        def expand(zone: str) -> bool:
            return zone not in blockers

        return enter, expand

    def _air(self, unit: str, start: str, left: int) -> dict[str, Route]:
        """Air flies over anything but neutrals; it may end where it can land (non-combat) or where
        the movement left can still bring it to a landing place (combat). A landing place that
        matters is within ``left`` of the start, and so is every space on the way to it: the
        landing search stays inside the first search's answer."""
        spaces, landable, enemy_units = self.board.spaces, self.landable, self.enemy_units
        cost = self.board.units[unit].carrier_cost

        def enter(here: str, there: str) -> bool:
            return not spaces[there].impassable

        carriers = self.carrier_spots(cost) if cost else frozenset()

        def lands(space: str) -> bool:
            return space in landable or space in carriers

        routes = _search(self.board, start, left, enter, lambda space: True)
        if self.noncombat:
            return {s: r for s, r in routes.items() if s != start and s not in enemy_units and lands(s)}
        to_land = _landing_distance(self.board, left, routes, [s for s in routes if lands(s)])
        out = {}
        for space, route in routes.items():
            if space == start or to_land.get(space, left + 1) > left - (len(route) - 1):
                continue
            if not cost and spaces[space].sea and space not in enemy_units:
                continue  # bombers never end at sea
            out[space] = route
        return out


def _search(board: Board, start: str, budget: int, enter: Callable[[str, str], bool],
            expand: Callable[[str], bool]) -> dict[str, Route]:
    """Bounded BFS: ``enter(here, there)`` says whether a step may be taken, ``expand(space)``
    whether a route may go on from a space it entered. Each route is its parent's plus one step."""
    spaces = board.spaces
    routes: dict[str, Route] = {start: (start,)}
    frontier = [start]
    for _ in range(budget):
        following = []
        for here in frontier:
            if here != start and not expand(here):
                continue
            route = routes[here]
            for there in spaces[here].neighbours:
                if there not in routes and enter(here, there):
                    routes[there] = (*route, there)
                    following.append(there)
        frontier = following
    return routes


def _landing_distance(board: Board, budget: int, within: Mapping[str, Route], spots: list[str]) -> dict[str, int]:
    """Multi-source BFS inside ``within``: space -> steps to the nearest landing place."""
    dist = dict.fromkeys(spots, 0)
    frontier = spots
    for steps in range(1, budget + 1):
        following = []
        for here in frontier:
            for there in board.spaces[here].neighbours:
                if there not in dist and there in within:
                    dist[there] = steps
                    following.append(there)
        frontier = following
    return dist
