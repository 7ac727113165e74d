"""AAR-board (the Revised board as data, ``revised_phase_one/data/board.yaml``): the facts a player
checks on the printed board, and a board file with a bad field failing with its path."""
import copy
import functools
from importlib import resources

import pytest
import yaml
from marshmallow import ValidationError

from domain.aa.board import BOARD_FILE, Board, load_board, starting_position
from domain.aa.revised_phase_one import industry
from tests.rules.aa.aar1_house import house_rules


@functools.cache
def raw_board() -> dict:
    return yaml.safe_load(resources.files(BOARD_FILE[0]).joinpath(BOARD_FILE[1]).read_text(encoding="utf-8"))


@functools.cache
def board() -> Board:
    return load_board(raw_board())


def problems(raw: dict) -> dict:
    with pytest.raises(ValidationError) as err:
        load_board(raw)
    return err.value.messages


def edited(change) -> dict:
    raw = copy.deepcopy(raw_board())
    change(raw)
    return raw


B = board()
START = starting_position(B)


@pytest.mark.rule("AAR-income")
@pytest.mark.parametrize("power, income", [("Russia", 24), ("Germany", 40), ("UK", 30), ("Japan", 30), ("US", 42)])
def test_starting_income_is_the_value_of_the_territories_held(power, income):
    """AAR-income: "Income is the IPC value of the territories held". Reference: starting incomes
    Germany 40, USSR 24, UK 30, Japan 30, USA 42. Given the starting owners, when summing each
    power's territories, then its income comes out."""
    assert B.income(START.owners, power) == income


@pytest.mark.rule("AAR-board")
def test_starting_treasuries_equal_starting_incomes():
    """AAR-board: "starting units and treasuries from the board data"; TripleA ww2v2: starting PUs
    equal starting income. Given the board, then each treasury is the power's income."""
    assert B.treasuries == {"Russia": 24, "Germany": 40, "UK": 30, "Japan": 30, "US": 42}
    assert all(B.treasuries[p] == B.income(START.owners, p) for p in B.powers)


@pytest.mark.rule("AAR1-ic-limit")
def test_original_factories_and_their_capacities():
    """AAR1-ic-limit: "The total IPC value of all non-infantry units placed per turn at any IC ...
    may not exceed 4 times the IPC value of that territory." Given the board's eight original
    factories, then each places 4 x its territory's value (Germany 40, United Kingdom 32 ...)."""
    capacities = {t: industry.ic_placement_limit(house_rules(), t) for t in sorted(B.original_factories)}
    assert capacities == {"Caucasus": 16, "Eastern United States": 48, "Germany": 40, "Japan": 32, "Russia": 32,
                          "Southern Europe": 24, "United Kingdom": 32, "Western United States": 40}
    assert all(c == 4 * B.space(t).ipc for t, c in capacities.items())
    assert START.factories == B.original_factories


@pytest.mark.rule("AAR-board")
@pytest.mark.parametrize("a, b", [
    ("Karelia S.S.R.", "Archangel"), ("Karelia S.S.R.", "5 Sea Zone"), ("Germany", "Western Europe"),
    ("United Kingdom", "7 Sea Zone"), ("Anglo Egypt", "Trans-Jordan"), ("Panama", "20 Sea Zone"),
    ("15 Sea Zone", "34 Sea Zone"), ("Japan", "61 Sea Zone"), ("Western Europe", "Spain"),
])
def test_adjacency_runs_both_ways(a, b):
    """AAR-board: "Territories and sea zones, adjacency". Given two spaces the printed board shows
    touching, then each lists the other."""
    assert b in B.neighbours(a) and a in B.neighbours(b)


@pytest.mark.rule("AAR-board")
@pytest.mark.parametrize("a, b", [("Germany", "Russia"), ("United Kingdom", "Western Europe"),
                                  ("Japan", "Manchuria"), ("5 Sea Zone", "7 Sea Zone")])
def test_spaces_that_do_not_touch_are_not_adjacent(a, b):
    """AAR-board: the Channel separates the United Kingdom from Western Europe (land units cross only
    by transport); Japan is an island. Given two spaces apart, then neither lists the other."""
    assert b not in B.neighbours(a) and a not in B.neighbours(b)


@pytest.mark.rule("AAR-board")
def test_capitals_and_board_size():
    """AAR-board: "original owners, capitals". Given the board, then Moscow's Russia, Germany, the
    United Kingdom, Japan and Eastern United States are the capitals; 79 territories, 64 sea zones."""
    assert {p: B.capital_of(p) for p in B.powers} == {
        "Russia": "Russia", "Germany": "Germany", "UK": "United Kingdom", "Japan": "Japan",
        "US": "Eastern United States"}
    assert (len(B.territories), len(B.sea_zones)) == (79, 64)


@pytest.mark.rule("AAR-board")
def test_neutrals_are_impassable_and_held_by_nobody():
    """AAR-board: "neutrals impassable to land and air" (TripleA ww2v2: 16 impassable territories).
    Given the board, then Spain, Turkey, Switzerland and Sweden are among 16, none owned or worth IPCs."""
    neutrals = {n for n, s in B.spaces.items() if s.impassable}
    assert len(neutrals) == 16 and {"Spain", "Turkey", "Switzerland", "Sweden", "Mongolia"} <= neutrals
    assert all(n not in START.owners and B.space(n).ipc == 0 for n in neutrals)


@pytest.mark.rule("AAR-canal")
def test_suez_and_panama_canals():
    """AAR-canal: "Suez (Anglo Egypt and Trans-Jordan) and Panama are passable only to the side that
    held them". Given the board, then Suez joins 15 and 34 Sea Zone, Panama 19 and 20 Sea Zone."""
    suez, panama = B.canal("34 Sea Zone", "15 Sea Zone"), B.canal("19 Sea Zone", "20 Sea Zone")
    assert (suez.name, suez.territories) == ("Suez", ("Anglo Egypt", "Trans-Jordan"))
    assert (panama.name, panama.territories) == ("Panama", ("Panama",))
    assert B.canal("14 Sea Zone", "15 Sea Zone") is None


@pytest.mark.rule("AAR1-vc")
def test_twenty_five_victory_cities_with_their_ranks():
    """AAR1-vc: "Every nation starts with 5 victory cities ... 1 is designated as a capital (worth 5
    VCPs), 1 other ... major (3), 2 others ... moderate (2), and the last one ... minor (1)."
    Given the board, then 25 VCs, [1, 2, 2, 3, 5] per nation, on the board's territory names."""
    assert len(B.victory_cities) == 25
    for power in B.powers:
        assert sorted(vc.vcp for vc in B.victory_cities if vc.power == power) == [1, 2, 2, 3, 5]
    assert [(vc.city, vc.territory) for vc in B.victory_cities if vc.power == "Japan"] == [
        ("Tokyo", "Japan"), ("Changchun", "Manchuria"), ("Shanghai", "Kwantung"),
        ("Singapore", "French Indochina"), ("Manila", "Philipine Islands")]
    assert (B.vc("Leningrad").territory, B.vc("Vladivostok").territory) == ("Karelia S.S.R.", "Buryatia S.S.R.")
    assert (B.vc("Cairo").rank, B.vc("Cairo").vcp) == ("minor", 1)


@pytest.mark.rule("AAR1-vc")
def test_victory_cities_agree_with_the_house_rules_file():
    """AAR1-vc: the board and the house rules read the seed's one list. Given both files, then the
    same 25 (city, VCP, territory, power)."""
    assert {(vc.city, vc.vcp, vc.territory, vc.power) for vc in B.victory_cities} == {
        (vc.city, vc.vcp, vc.territory, vc.power) for vc in house_rules().victory_cities}


@pytest.mark.rule("AAR-board")
def test_starting_units_a_player_sets_up():
    """AAR-board: "starting units ... from the board data". Given the start, then Germany holds 3
    infantry, 2 armour, an AA gun, a fighter and a bomber; 5 Sea Zone a German transport, 2
    submarines and a destroyer; Karelia 3 Russian infantry and a fighter."""
    assert START.totals("Germany") == {"Germany": {"infantry": 3, "armour": 2, "aa_gun": 1, "fighter": 1,
                                                   "bomber": 1}}
    assert START.totals("5 Sea Zone") == {"Germany": {"transport": 1, "submarine": 2, "destroyer": 1}}
    assert START.totals("Karelia S.S.R.") == {"Russia": {"infantry": 3, "fighter": 1}}


@pytest.mark.rule("AAR-board")
def test_owners_at_the_start():
    """AAR-board: "original owners". Given the start, then Germany holds West Russia, Belorussia and
    Ukraine, the US holds China and Sinkiang, and the UK holds Persia and Trans-Jordan."""
    owners = START.owners
    assert [owners[t] for t in ("West Russia", "Belorussia", "Ukraine S.S.R.")] == ["Germany"] * 3
    assert [owners[t] for t in ("China", "Sinkiang", "Persia", "Trans-Jordan")] == ["US", "US", "UK", "UK"]


@pytest.mark.rule("AAR-transport")
def test_unit_profiles_for_movement():
    """AAR-transport / AAR-air / AAR-blitz: "infantry and one other land unit (or two infantry) per
    transport"; carriers hold 2 fighters; armour blitzes. Given the unit profiles, then a transport
    holds 5, infantry takes 2, artillery, armour and AA guns 3; fighters take 1 carrier space and
    bombers none; battleships bombard; submarines are subs; AA guns never combat-move."""
    u = B.units
    assert u["transport"].transport_capacity == 5 and u["carrier"].carrier_capacity == 2
    assert [u[k].transport_cost for k in ("infantry", "artillery", "armour", "aa_gun")] == [2, 3, 3, 3]
    assert (u["fighter"].carrier_cost, u["bomber"].carrier_cost, u["fighter"].transport_cost) == (1, 0, 0)
    assert u["armour"].blitz and not u["infantry"].blitz
    assert u["battleship"].can_bombard and u["submarine"].is_sub and u["destroyer"].is_destroyer
    assert not u["aa_gun"].combat_move and u["infantry"].combat_move
    assert (u["bomber"].is_air, u["carrier"].is_sea, u["artillery"].is_land) == (True, True, True)


@pytest.mark.rule("AAR-board")
def test_unit_combat_values_match_the_combat_pack():
    """AAR-board: one unit table. Given the board's profiles and data/default.yaml, then each unit
    has the same attack, defence, movement, cost and abilities in both."""
    combat = yaml.safe_load(resources.files(BOARD_FILE[0]).joinpath("default.yaml").read_text(encoding="utf-8"))
    for name, unit in combat["units"].items():
        profile = B.units[name]
        assert (profile.attack, profile.defence, profile.move, profile.cost) == (
            unit["attack"], unit["defence"], unit["move"], unit["cost"]), name
        assert {a.value for a in profile.type.abilities} == set(unit.get("abilities", [])), name


@pytest.mark.rule("AAR-tech")
def test_long_range_aircraft_adds_two_to_air_units():
    """AAR-tech: "the six Revised advances and their effects in movement"; TripleA gives Long-Range
    Aircraft "2:<each air unit>". Given the advance, then fighters move 6 and bombers 8; others
    nothing; no other Revised advance changes movement."""
    assert (B.movement("fighter"), B.movement("bomber")) == (4, 6)
    assert (B.movement("fighter", {"long_range_aircraft"}), B.movement("bomber", {"long_range_aircraft"})) == (6, 8)
    assert B.movement("armour", {"long_range_aircraft", "jet_power", "super_submarines"}) == 2
    assert set(B.movement_techs) == {"long_range_aircraft"}


@pytest.mark.rule("AAR-board")
def test_a_bad_field_fails_with_its_path():
    """AAR-board: the board is "validated on load", errors with field paths. Given a fighter's attack
    written as a word, then loading fails at units.fighter.attack."""
    raw = edited(lambda r: r["units"]["fighter"].update(attack="three"))
    assert problems(raw) == {"units.fighter.attack": ["Not a valid integer."]}


@pytest.mark.rule("AAR-board")
def test_an_unknown_neighbour_fails_with_its_path():
    """AAR-board: every name is on the board. Given Karelia's third neighbour renamed Foo, then
    loading fails at territories.Karelia S.S.R..neighbours[2]."""
    raw = edited(lambda r: r["territories"]["Karelia S.S.R."]["neighbours"].__setitem__(2, "Foo"))
    found = problems(raw)
    assert found["territories.Karelia S.S.R..neighbours[2]"] == ["unknown territory 'Foo'"]


@pytest.mark.rule("AAR-board")
def test_asymmetric_adjacency_fails_naming_the_pair():
    """AAR-board: "adjacency (symmetric: a check)". Given Norway no longer listing Karelia, then
    loading fails at Karelia's entry for Norway, naming both."""
    raw = edited(lambda r: r["territories"]["Norway"]["neighbours"].remove("Karelia S.S.R."))
    assert problems(raw) == {"territories.Karelia S.S.R..neighbours[3]": [
        "'Norway' does not list 'Karelia S.S.R.' back"]}


@pytest.mark.rule("AAR-board")
@pytest.mark.parametrize("change, path, message", [
    (lambda r: r["territories"]["Germany"].update(owner="Italy"), "territories.Germany.owner",
     "unknown power 'Italy'"),
    (lambda r: r["victory_cities"]["UK"][4].update(territory="Egypt"), "victory_cities.UK[4].territory",
     "unknown territory 'Egypt'"),
    (lambda r: r["canals"]["Suez"].update(zones=["15 Sea Zone", "16 Sea Zon"]), "canals.Suez.zones[1]",
     "unknown sea zone '16 Sea Zon'"),
    (lambda r: r["sea_zones"]["5 Sea Zone"]["units"]["Germany"].update(uboat=2), "sea_zones.5 Sea Zone.units.Germany.uboat",
     "unknown unit 'uboat'"),
    (lambda r: r["movement_techs"]["long_range_aircraft"].update(zeppelin=1),
     "movement_techs.long_range_aircraft.zeppelin", "unknown unit 'zeppelin'"),
])
def test_references_fail_with_their_paths(change, path, message):
    """AAR-board: owners, victory cities, canals, starting units and advances name things the board
    knows. Given one wrong name, then loading fails at its path."""
    assert problems(edited(change)) == {path: [message]}
