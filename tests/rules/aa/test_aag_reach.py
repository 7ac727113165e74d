"""Where may it go on the Global 1940 board (AAG-move): the query and the one move validator agree,
from the real starting position and from one later in the war (the USSR and the USA at war, the
Axis at war with the true neutrals): every route answered is accepted, and every legal land and sea
route is answered. Relations, neutrals, straits, sea bans, China's area and bases all count."""
import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain.aa.board import (
    GLOBAL_BOARD_FILE,
    Board,
    Move,
    check_move,
    load_board,
    starting_position,
    where_may_it_go,
    where_may_they_go,
)
from domain.aa.board.terrain import movement_left
from domain.aa.global1940 import politics


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(
        resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text("utf-8")))


B = board()
START = starting_position(B)


def later_in_the_war():
    relations = START.relations
    for power, target in (("Germany", "USSR"), ("Japan", "UK"), ("Germany", "True neutral")):
        for event in politics.declare_war(B, relations, power, target, 2):
            relations = politics.relations_after(relations, event)
    for event in politics.automatic_wars(B, relations, "USA", 3):
        relations = politics.relations_after(relations, event)
    return replace(START, relations=relations)


POSITIONS = {"start": START, "later": later_in_the_war()}


def routes_from(start: str, length: int):
    """Every route without repeats of up to ``length`` steps, by plain adjacency."""
    frontier, out = [(start,)], []
    for _ in range(length):
        frontier = [r + (n,) for r in frontier for n in B.neighbours(r[-1]) if n not in r]
        out += frontier
    return out


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize("when", POSITIONS)
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
def test_every_answer_is_a_move_the_validator_accepts(when, phase):
    """AAG-move: one validator; the query answers legal moves. Given every unit of every power, then
    each route the query gives is a move ``check_move`` accepts for that unit alone."""
    position = POSITIONS[when]
    for power in B.powers:
        for (space, unit), reach in where_may_they_go(B, position, phase, power).items():
            for route in reach.values():
                assert check_move(B, position, power, phase, Move({unit: 1}, route)) is None, (power, unit, route)


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize("when", POSITIONS)
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
def test_every_legal_land_and_sea_route_is_answered(when, phase):
    """AAG-move: the query misses no destination. Given every land and sea unit, then every route
    the validator accepts (bases' bonus counted) ends at a destination the query answers."""
    position = POSITIONS[when]
    for space, pieces in position.units.items():
        for piece in pieces:
            profile = B.units[piece.unit]
            if profile.is_air or not profile.movable:
                continue
            reach = where_may_it_go(B, position, phase, piece.unit, space, piece.power)
            for route in routes_from(space, movement_left(B, position, piece.power, piece, space)):
                if check_move(B, position, piece.power, phase, Move({piece.unit: 1}, route)) is None:
                    assert route[-1] in reach, (piece, route)


@pytest.mark.rule("AAG-facilities")
def test_an_air_base_reaches_one_further():
    """AAG-facilities: "+1 move to air starting there". Given the UK's fighter on the United Kingdom's
    air base and the same fighter in Scotland's (damaged to 3), then from the United Kingdom it
    reaches spaces 5 steps away, and from Scotland none beyond 4."""
    from_base = where_may_it_go(B, START, "noncombat", "fighter", "United Kingdom", "UK")
    assert max(len(r) - 1 for r in from_base.values()) == 5
    damaged = replace(START, damage={"Scotland": {"air_base": 3}},
                      units={**START.units, "Scotland": START.pieces("United Kingdom")[-1:]})
    fighter = next(p for p in START.pieces("United Kingdom") if p.unit == "fighter")
    damaged = replace(damaged, units={**START.units, "Scotland": START.pieces("Scotland") + (fighter,)})
    assert max(len(r) - 1 for r in where_may_it_go(B, damaged, "noncombat", "fighter", "Scotland", "UK").values()) == 4


def shortest_air_routes(position, power, start: str, budget: int) -> dict:
    """Shortest routes over the spaces air may fly over (no impassable land, no land of a power at
    peace, no closed or friendly neutral)."""
    from domain.aa.board.terrain import air_passable
    passable = air_passable(B, position, power)
    routes, frontier = {start: (start,)}, [start]
    for _ in range(budget):
        following = []
        for here in frontier:
            for there in B.neighbours(here):
                if there not in routes and passable(there):
                    routes[there] = routes[here] + (there,)
                    following.append(there)
        frontier = following
    del routes[start]
    return routes


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize("when", POSITIONS)
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
def test_every_air_destination_in_range_is_answered_when_legal(when, phase):
    """AAG-move, air: for every air unit and every space within its range (bases counted) by a
    shortest route over spaces it may fly over, the validator accepts that route exactly when the
    query answers the space."""
    position = POSITIONS[when]
    for space, pieces in position.units.items():
        for piece in (p for p in pieces if B.units[p.unit].is_air):
            reach = where_may_it_go(B, position, phase, piece.unit, space, piece.power)
            budget = movement_left(B, position, piece.power, piece, space)
            for dest, route in shortest_air_routes(position, piece.power, space, budget).items():
                legal = check_move(B, position, piece.power, phase, Move({piece.unit: 1}, route)) is None
                assert legal == (dest in reach), (piece, route)
