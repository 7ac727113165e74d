"""Where may it go: every destination a unit may legally reach this phase, with a route, from one
bounded breadth-first search (plus one inside it for air landing). The position is surveyed once
for the moving power (enemy ships and units, enemy land, landing places, closed canals, carrier
room), so asking for every unit of a power costs little more than asking for one; the survey reads
the validator's rules (``terrain``): a route answered is a move ``check_move`` accepts for that unit
alone."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.aa.board.air import Rooms
from domain.aa.board.borders import can_take
from domain.aa.board.checks import Phase
from domain.aa.board.model import Board
from domain.aa.board.position import Position
from domain.aa.board.relations import stances
from domain.aa.board.terrain import blocks, canal_open
from domain.aa.board.terrain import movement_left as piece_left

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
        found = stances(board, position, power)
        at_war, allied = found.at_war, found.allied
        self.enemy_units: set[str] = set()
        self.enemy_ships: set[str] = set()
        self.blocking: set[str] = set()
        self.enemy_destroyers: set[str] = set()
        self.peace: set[str] = set()  # spaces holding units of a power at peace with the mover
        kinds = _unit_kinds(board)
        for space, pieces in position.units.items():
            for p in pieces:
                owner = p.power
                if owner in allied:
                    continue
                facility, sea, blocking, destroyer = kinds[p.unit]
                if facility:
                    continue
                if owner not in at_war:
                    self.peace.add(space)
                    continue
                self.enemy_units.add(space)
                if sea:
                    self.enemy_ships.add(space)
                    if blocking:
                        self.blocking.add(space)
                    if destroyer:
                        self.enemy_destroyers.add(space)
        welcoming, conquered = found.welcoming, position.conquered
        self.enemy_land, self.landable, self.closed_land, self.welcoming = set(), set(), set(), set()
        for t, holder in position.owners.items():
            if holder in at_war:
                self.enemy_land.add(t)
            elif holder in allied:
                if t not in conquered:
                    self.landable.add(t)
            elif holder in welcoming:
                self.welcoming.add(t)
            else:
                self.closed_land.add(t)
        area = board.movement_areas.get(power)
        ban = board.sea_bans.get(power)
        self.ban = ban if ban is not None and not any(e in at_war for e in ban.until_at_war_with) else None
        # Spaces no unit of the power enters: outside its movement area, or a sea zone it may not enter.
        self.barred = set() if area is None else set(board.spaces) - area
        if self.ban is not None and self.ban.may_not == "enter":
            self.barred |= self.ban.zones
        self._closed: dict[str, frozenset] = {}
        self._shut: set[tuple[str, str]] | None = None
        self._spots: dict[int, frozenset[str]] = {}
        self._kinds: dict[str, tuple[int, bool, tuple]] = {}

    def closed(self, unit: str) -> frozenset:
        """The zone steps a canal or strait closes to ``unit`` (exempt units pass)."""
        found = self._closed.get(unit)
        if found is None:
            if self._shut is None:  # the canals the mover's side has not held: judged once a survey
                board, position, power = self.board, self.position, self.power
                self._shut = {pair for pair in board.canal_between if not canal_open(board, position, power, *pair)}
            found = self._closed[unit] = frozenset(
                pair for pair in self._shut if unit not in self.board.canal_between[pair].exempt)
        return found

    def carrier_spots(self, cost: int) -> frozenset[str]:
        """Zones where carriers have, or own carriers can bring, room for air of ``cost``."""
        spots = self._spots.get(cost)
        if spots is None:
            rooms = Rooms(self.board, self.position, self.power, self.noncombat, "", 0, "")
            allied = stances(self.board, self.position, self.power).allied
            zones = {z for z, pieces in self.position.units.items() if self.board.spaces[z].sea
                     and any(p.power in allied for p in pieces)} | set(rooms.offers)
            spots = self._spots[cost] = frozenset(z for z in zones if rooms.at(z) >= cost)
        return spots

    def reach(self, unit: str, start: str, movement_left: int | None = None) -> dict[str, Route]:
        kind = self._kinds.get(unit)
        if kind is None:
            kind = self._kinds[unit] = self._kind(unit)
        full, air, rules = kind
        if movement_left is None:
            movement_left = self._best_left(unit, start, full)
        if movement_left <= 0:
            return {}
        if air:
            routes = self._air(unit, start, movement_left)
        else:
            routes = _search(self.board, start, movement_left, *rules[:2])
            del routes[start]
            if rules[2] is not None:
                routes = {s: r for s, r in routes.items() if rules[2](s)}
        return self._allowed(routes) if self.ban is not None or self.peace else routes

    def _allowed(self, routes: dict[str, Route]) -> dict[str, Route]:
        """AAG-politics: a sea ban on ending a move, and no attack on a space where units of a power
        at peace stand (spaces never entered are left out by the searches: ``barred``)."""
        if self.ban is not None and self.ban.may_not == "end":
            routes = {s: r for s, r in routes.items() if s not in self.ban.zones}
        if self.peace and not self.noncombat:
            battles = self.enemy_units | self.enemy_land
            routes = {s: r for s, r in routes.items() if not (s in self.peace and s in battles)}
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
            return full, False, self._land_rules(self.board.blitzes(unit, self.techs), can_take(profile))
        return full, False, self._sea_rules(unit, profile.is_sub)

    def _best_left(self, unit: str, start: str, full: int) -> int:
        if not full:
            return 0
        board, position, power, noncombat = self.board, self.position, self.power, self.noncombat
        air = board.units[unit].is_air
        in_battle = start in self.enemy_land or start in self.enemy_units
        best = 0
        for p in position.units.get(start, ()):
            if p.power != power or p.unit != unit or p.done:
                continue
            if (noncombat and p.combat_moved and not air) or (not noncombat and p.moved and in_battle):
                continue
            left = piece_left(board, position, power, p, start) if board.bases else full - p.moved
            best = max(best, left)
        return best

    def _land_rules(self, blitz: bool, takes: bool):
        spaces, enemy_land, noncombat = self.board.spaces, self.enemy_land, self.noncombat
        stops = self.enemy_units | self.position.factories
        conquered, closed, welcoming, barred = self.position.conquered, self.closed_land, self.welcoming, self.barred

        def enter(here: str, there: str) -> bool:
            space = spaces[there]
            return not (space.sea or space.impassable or (noncombat and there in enemy_land) or there in closed
                        or (there in welcoming and not (noncombat and takes)) or there in barred)

        def expand(space: str) -> bool:
            if space in welcoming:
                return False
            if space in enemy_land:
                return blitz and not noncombat and space not in stops
            return noncombat or space not in conquered

        return enter, expand, None

    def _sea_rules(self, unit: str, sub: bool):
        spaces, closed, noncombat = self.board.spaces, self.closed(unit), self.noncombat
        ships, blocking, barred = self.enemy_ships, self.blocking, self.barred
        blockers = self.enemy_destroyers if sub else blocking

        def enter(here: str, there: str) -> bool:
            return (spaces[there].sea and (here, there) not in closed and not (noncombat and there in blocking)
                    and there not in barred)

        def expand(zone: str) -> bool:
            return zone not in blockers

        def ends(zone: str) -> bool:
            return zone not in ships

        return enter, expand, ends if noncombat else None

    def _air(self, unit: str, start: str, left: int) -> dict[str, Route]:
        """Air flies over anything but impassable land, land of powers at peace and closed or
        friendly neutrals; it may end where it can land (non-combat) or where the movement left can
        still bring it to a landing place (combat). A landing place that matters is within ``left``
        of the start, and so is every space on the way to it: the landing search stays inside the
        first search's answer."""
        spaces, landable, enemy_units = self.board.spaces, self.landable, self.enemy_units
        cost = self.board.units[unit].carrier_cost
        closed, welcoming, barred = self.closed_land, self.welcoming, self.barred

        def enter(here: str, there: str) -> bool:
            return not (spaces[there].impassable or there in closed or there in welcoming or there in barred)

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


_KINDS: dict[int, tuple[Board, dict[str, tuple[bool, bool, bool, bool]]]] = {}


def _unit_kinds(board: Board) -> dict[str, tuple[bool, bool, bool, bool]]:
    """unit -> (facility, ship, blocks ships passing, destroyer), worked out once per board."""
    hit = _KINDS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_KINDS) > 16:
            _KINDS.clear()
        hit = _KINDS[id(board)] = (board, {name: (u.is_facility, u.is_sea, blocks(board, u), u.is_destroyer)
                                           for name, u in board.units.items()})
    return hit[1]


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
