"""Where may it go (issue 23 item 5): every destination one unit may legally reach this phase, with
a route, from the real starting position; and the query agrees with the move validator."""
import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain.aa.board import (
    BOARD_FILE,
    Board,
    Move,
    Piece,
    apply_move,
    check_move,
    load_board,
    starting_position,
    where_may_it_go,
)


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(resources.files(BOARD_FILE[0]).joinpath(BOARD_FILE[1]).read_text("utf-8")))


B = board()
START = starting_position(B)


def without(*spaces):
    return replace(START, units={s: ps for s, ps in START.units.items() if s not in spaces})


def routes_from(start: str, length: int):
    """Every route without repeats of up to ``length`` steps, by plain adjacency."""
    frontier, out = [(start,)], []
    for _ in range(length):
        frontier = [r + (n,) for r in frontier for n in B.neighbours(r[-1]) if n not in r]
        out += frontier
    return out


@pytest.mark.rule("AAR-move-land")
def test_infantry_reaches_its_neighbours_in_the_combat_move():
    """AAR-move-land: "Land units move along land adjacency up to their movement". Given the start,
    when asking where Karelia's infantry may go in the combat move, then every land neighbour, each by
    a one-step route."""
    reach = where_may_it_go(B, START, "combat", "infantry", "Karelia S.S.R.", "Russia")
    assert reach == {t: ("Karelia S.S.R.", t) for t in
                     ("Archangel", "Belorussia", "Eastern Europe", "Norway", "West Russia")}


@pytest.mark.rule("AAR-ncm")
def test_the_non_combat_move_reaches_only_friendly_land():
    """AAR-ncm: "Non-combat moves enter no enemy territory". Given the start, when asking where
    Karelia's infantry may go in the non-combat move, then only Archangel."""
    assert where_may_it_go(B, START, "noncombat", "infantry", "Karelia S.S.R.", "Russia") == {
        "Archangel": ("Karelia S.S.R.", "Archangel")}


@pytest.mark.rule("AAR-blitz")
def test_armour_reaches_past_empty_enemy_land_only():
    """AAR-blitz: armour blitzes through enemy territory holding no units. Given the start, then
    Russian armour in Russia stops at occupied West Russia; given West Russia empty, it reaches
    Belorussia through it."""
    occupied = where_may_it_go(B, START, "combat", "armour", "Russia", "Russia")
    assert "Belorussia" not in occupied and occupied["West Russia"] == ("Russia", "West Russia")
    assert {"Karelia S.S.R.", "Ukraine S.S.R.", "Persia", "Sinkiang"} <= set(occupied)
    empty = where_may_it_go(B, without("West Russia"), "combat", "armour", "Russia", "Russia")
    assert empty["Belorussia"] == ("Russia", "West Russia", "Belorussia")


@pytest.mark.rule("AAR-move-sea")
def test_submarines_reach_past_ships_other_ships_cannot():
    """AAR-move-sea: "every enemy ship ... blocks passage; submarines pass unless an enemy destroyer
    is there". Given a British battleship in 6 Sea Zone, then a German submarine in 5 Sea Zone
    reaches 7 Sea Zone through it and the German destroyer does not."""
    pos = replace(START, units={**START.units, "6 Sea Zone": (Piece("UK", "battleship"),)})
    sub = where_may_it_go(B, pos, "combat", "submarine", "5 Sea Zone", "Germany")
    destroyer = where_may_it_go(B, pos, "combat", "destroyer", "5 Sea Zone", "Germany")
    assert sub["7 Sea Zone"] == ("5 Sea Zone", "6 Sea Zone", "7 Sea Zone")
    assert "6 Sea Zone" in destroyer and "7 Sea Zone" not in destroyer


@pytest.mark.rule("AAR-canal")
def test_suez_opens_for_its_holders_only():
    """AAR-canal: Suez is passable only to the side that held Anglo Egypt and Trans-Jordan since the
    turn's start. Given the start, then the British destroyer in 15 Sea Zone reaches 34 and 35 Sea
    Zone; the German battleship reaches 15 Sea Zone (emptied) but not 34."""
    uk = where_may_it_go(B, START, "combat", "destroyer", "15 Sea Zone", "UK")
    assert uk["35 Sea Zone"] == ("15 Sea Zone", "34 Sea Zone", "35 Sea Zone")
    german = where_may_it_go(B, without("15 Sea Zone"), "combat", "battleship", "14 Sea Zone", "Germany")
    assert "15 Sea Zone" in german and "34 Sea Zone" not in german


@pytest.mark.rule("AAR-air")
def test_a_fighter_reaches_only_where_it_can_still_land():
    """AAR-air: "must be able to land in friendly territory held since the turn's start or on a
    carrier with room". Issue 23: "a fighter in Western Europe cannot end in 10 Sea Zone: no carrier
    can reach it". Given the start, then the fighter in Western Europe may attack 7 Sea Zone and the
    United Kingdom but not reach 10 Sea Zone; in the non-combat move it reaches only friendly land."""
    combat = where_may_it_go(B, START, "combat", "fighter", "Western Europe", "Germany")
    assert {"7 Sea Zone", "United Kingdom", "Karelia S.S.R."} <= set(combat)
    assert "10 Sea Zone" not in combat and "9 Sea Zone" not in combat
    noncombat = where_may_it_go(B, START, "noncombat", "fighter", "Western Europe", "Germany")
    assert set(noncombat) == {"Algeria", "Balkans", "Belorussia", "Eastern Europe", "Germany", "Libya", "Norway",
                              "Southern Europe", "Ukraine S.S.R.", "West Russia"}


@pytest.mark.rule("AAR-air")
def test_bombers_reach_no_empty_sea():
    """AAR-air: "bombers never end at sea". Given the start, then the Japanese bomber may attack the
    ships in 52 Sea Zone but ends in no sea zone without enemy ships."""
    reach = where_may_it_go(B, START, "combat", "bomber", "Japan", "Japan")
    seas = {s for s in reach if B.is_sea(s)}
    assert "52 Sea Zone" in seas and all(START.pieces(s) for s in seas)


@pytest.mark.rule("AAR-tech")
def test_long_range_aircraft_reach_further():
    """AAR-tech: Long-Range Aircraft +2 to air units. Given the advance, then the fighter in Western
    Europe may attack Russia, four steps out, and still land in West Russia; without it, not."""
    pos = replace(START, techs={**START.techs, "Germany": frozenset({"long_range_aircraft"})})
    plain = where_may_it_go(B, START, "combat", "fighter", "Western Europe", "Germany")
    longer = where_may_it_go(B, pos, "combat", "fighter", "Western Europe", "Germany")
    assert "Russia" not in plain and len(longer["Russia"]) - 1 == 4
    assert set(plain) < set(longer)


@pytest.mark.rule("AAR-move-land")
def test_units_that_may_not_move_reach_nothing():
    """AAR-move-land / AAR-ncm: AA guns do not combat-move; units that moved in the combat move do not
    move again. Given the start, then Germany's AA gun reaches nothing in the combat move; given
    Russia's infantry moved in combat, then it reaches nothing in the non-combat move."""
    assert where_may_it_go(B, START, "combat", "aa_gun", "Germany", "Germany") == {}
    assert where_may_it_go(B, START, "noncombat", "aa_gun", "Germany", "Germany")
    moved = apply_move(B, START, "Russia", "combat", Move({"infantry": 3}, ("Karelia S.S.R.", "Archangel")))
    assert where_may_it_go(B, moved, "noncombat", "infantry", "Karelia S.S.R.", "Russia") == {}
    assert where_may_it_go(B, START, "combat", "fighter", "Karelia S.S.R.", "Russia", movement_left=0) == {}


@pytest.mark.rule("AAR-air")
def test_movement_left_bounds_the_search():
    """AAR-air: air units move up to their range. Given a fighter with 1 movement left, then it
    reaches only neighbours of Karelia where it can land."""
    reach = where_may_it_go(B, START, "noncombat", "fighter", "Karelia S.S.R.", "Russia", movement_left=1)
    assert reach == {"Archangel": ("Karelia S.S.R.", "Archangel")}


@pytest.mark.rule("AAR-move-land")
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
@pytest.mark.parametrize("power", ["Russia", "Germany", "UK", "Japan", "US"])
def test_every_answer_is_a_move_the_validator_accepts(power, phase):
    """Issue 23 item 5: one validator; the query answers legal moves. Given every unit of the power at
    the start, then each route the query gives is a move ``check_move`` accepts for that unit."""
    for space, pieces in START.units.items():
        for piece in (p for p in pieces if p.power == power):
            for route in where_may_it_go(B, START, phase, piece.unit, space, power).values():
                assert check_move(B, START, power, phase, Move({piece.unit: 1}, route)) is None, (piece.unit, route)


@pytest.mark.rule("AAR-move-sea")
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
def test_every_legal_land_and_sea_route_is_answered(phase):
    """Issue 23 item 5: the query misses no destination. Given every land and sea unit at the start,
    then every route the validator accepts ends at a destination the query answers."""
    for space, pieces in START.units.items():
        for piece in pieces:
            profile = B.units[piece.unit]
            if profile.is_air:
                continue
            reach = where_may_it_go(B, START, phase, piece.unit, space, piece.power)
            for route in routes_from(space, profile.move):
                if check_move(B, START, piece.power, phase, Move({piece.unit: 1}, route)) is None:
                    assert route[-1] in reach, (piece, route)


@pytest.mark.rule("AAR-air")
@pytest.mark.parametrize("phase", ["combat", "noncombat"])
def test_every_air_destination_in_range_is_answered_when_legal(phase):
    """Issue 23 item 5, air: for every air unit at the start and every space within its range by a
    shortest route over passable spaces, the validator accepts that route exactly when the query
    answers the space."""
    for space, pieces in START.units.items():
        for piece in (p for p in pieces if B.units[p.unit].is_air):
            reach = where_may_it_go(B, START, phase, piece.unit, space, piece.power)
            for dest, route in _shortest_air_routes(space, B.movement(piece.unit)).items():
                legal = check_move(B, START, piece.power, phase, Move({piece.unit: 1}, route)) is None
                assert legal == (dest in reach), (piece, route)


def _shortest_air_routes(start: str, budget: int) -> dict:
    routes, frontier = {start: (start,)}, [start]
    for _ in range(budget):
        nxt = []
        for here in frontier:
            for there in B.neighbours(here):
                if there not in routes and not B.space(there).impassable:
                    routes[there] = routes[here] + (there,)
                    nxt.append(there)
        frontier = nxt
    del routes[start]
    return routes
