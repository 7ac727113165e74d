"""AAG-board (the Global 1940 board as data, ``global1940/data/board.yaml``, loaded by the Revised
board's ``load_board``): the facts a player checks on the printed board, and a board file with a bad
field failing with its path."""
import copy
import functools
from importlib import resources

import pytest
import yaml
from marshmallow import ValidationError

from domain.aa.board import (
    GLOBAL_BOARD_FILE,
    Board,
    GlobalPosition,
    load_board,
    starting_position,
)
from domain.aa.board.relations import Stance, stances


@functools.cache
def raw_board() -> dict:
    return yaml.safe_load(resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text("utf-8"))


@functools.cache
def board() -> Board:
    return load_board(raw_board())


def edited(change) -> dict:
    raw = copy.deepcopy(raw_board())
    change(raw)
    return raw


def problems(raw: dict) -> dict:
    with pytest.raises(ValidationError) as err:
        load_board(raw)
    return err.value.messages


B = board()
START = starting_position(B)


@pytest.mark.rule("AAG-order")
def test_nine_powers_in_turn_order_on_two_sides():
    """AAG-order: "Germany, USSR, Japan, US, China, UK (Europe and Pacific economies), Italy, ANZAC,
    France". Given the board, then the powers come in that order and the Axis are Germany, Japan, Italy."""
    assert B.powers == ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")
    assert {p for p in B.powers if B.side_of[p] == "Axis"} == {"Germany", "Japan", "Italy"}


@pytest.mark.rule("AAG-income")
@pytest.mark.parametrize("treasury, income", [
    ("Germany", 30), ("USSR", 37), ("Japan", 26), ("USA", 52), ("China", 12), ("UK Europe", 28),
    ("UK Pacific", 17), ("Italy", 10), ("ANZAC", 10), ("France", 19)])
def test_starting_income_per_power_and_economy(treasury, income):
    """AAG-income: "Income, ... the UK's two economies". Reference (TripleA GX L5880-5889): G 30, R 37,
    J 26, UK 28, UKP 17, ANZAC 10, ITA 10, US 52, CHN 12, FRA 19, "both equal the JSON sums". Given the
    starting owners, when summing each economy's territories, then its income comes out."""
    assert B.economy_income(START.owners, treasury) == income


@pytest.mark.rule("AAG-board")
def test_treasuries_equal_starting_incomes_and_the_uk_has_two():
    """AAG-board: "treasuries". Given the board, then each treasury is its economy's income, and the
    UK spends two: UK Europe and UK Pacific."""
    assert B.treasuries == {"Germany": 30, "USSR": 37, "Japan": 26, "USA": 52, "China": 12, "UK Europe": 28,
                            "UK Pacific": 17, "Italy": 10, "ANZAC": 10, "France": 19}
    assert {t for t, p in B.treasury_owners.items() if p == "UK"} == {"UK Europe", "UK Pacific"}
    assert B.economy_of("UK", "Burma") == "UK Pacific" and B.economy_of("UK", "Gibraltar") == "UK Europe"


@pytest.mark.rule("AAG-board")
def test_capitals_the_us_capital_is_washington_and_china_has_none():
    """AAG-board, AAG40-sf ("San Francisco is not a capital"), AAG40-china ("no capital"). Given the
    board, then each power's capitals are these; the UK has London and Calcutta (India)."""
    assert {p: B.capitals_of(p) for p in B.powers} == {
        "Germany": ("Germany",), "USSR": ("Russia",), "Japan": ("Japan",), "USA": ("Eastern United States",),
        "China": (), "UK": ("India", "United Kingdom"), "Italy": ("Southern Italy",),
        "ANZAC": ("New South Wales",), "France": ("France",)}
    assert B.capital_of("UK") == "United Kingdom"
    assert not B.space("Western United States").capital


@pytest.mark.rule("AAG-board")
@pytest.mark.parametrize("a, b", [
    ("Alaska", "British Columbia"), ("British Columbia", "Alberta Saskatchewan Manitoba"),
    ("Manchuria", "Amur"), ("Egypt", "Trans-Jordan"), ("Gibraltar", "91 Sea Zone"), ("Gibraltar", "92 Sea Zone"),
    ("Turkey", "Greece"), ("Yunnan", "Burma"), ("10 Sea Zone", "Western United States"),
    ("112 Sea Zone", "113 Sea Zone")])
def test_adjacency_runs_both_ways(a, b):
    """AAG-board: "Both maps joined: ... adjacency", the board wrapping east-west (British Columbia
    beside Alberta). Given two spaces that touch on the printed board, then each lists the other."""
    assert b in B.neighbours(a) and a in B.neighbours(b)


@pytest.mark.rule("AAG-board")
@pytest.mark.parametrize("a, b", [("Germany", "Russia"), ("Japan", "Manchuria"), ("Spain", "Morocco")])
def test_spaces_that_do_not_touch_are_not_adjacent(a, b):
    """AAG-board: adjacency. Given two spaces apart on the printed board, then neither lists the other."""
    assert b not in B.neighbours(a) and a not in B.neighbours(b)


@pytest.mark.rule("AAG-board")
def test_board_size_and_impassable_territories():
    """AAG-board: both maps joined. Given the board, then it has 204 territories and 128 sea zones;
    the Himalayas and the Pripet Marshes are impassable and held by nobody."""
    assert (len(B.territories), len(B.sea_zones)) == (204, 128)
    assert {n for n, s in B.spaces.items() if s.impassable} == {"Himalayas", "Pripet Marshes"}
    assert START.owner("Himalayas") is None


@pytest.mark.rule("AAG-board")
def test_original_owners_of_the_chinese_provinces_japan_holds():
    """AAG-board: "original owners". Given Manchuria, Jehol, Shantung, Kiangsu, Kiangsi, Kwangsi, then
    each is Chinese originally and Japanese at the start."""
    provinces = ("Jehol", "Kiangsi", "Kiangsu", "Kwangsi", "Manchuria", "Shantung")
    assert {t: (B.space(t).original_owner, START.owner(t)) for t in provinces} == dict.fromkeys(
        provinces, ("China", "Japan"))


@pytest.mark.rule("AAG-move")
def test_canals_and_straits_with_who_controls_them():
    """AAG-move: "canals and straits (Suez, Gibraltar, Danish, Turkish, Panama)". TripleA GX
    L3498-3539. Given the board, then each joins its two zones, needs these territories, and
    submarines pass Gibraltar whoever holds it."""
    assert {c.name: (c.zones, c.territories, c.exempt) for c in B.canals} == {
        "Suez Canal": (("81 Sea Zone", "98 Sea Zone"), ("Egypt", "Trans-Jordan"), ()),
        "Danish Straits": (("112 Sea Zone", "113 Sea Zone"), ("Denmark",), ()),
        "Strait of Gibraltar": (("91 Sea Zone", "92 Sea Zone"), ("Gibraltar",), ("submarine",)),
        "Panama Canal": (("64 Sea Zone", "89 Sea Zone"), ("Central America",), ()),
        "Turkish Straits": (("99 Sea Zone", "100 Sea Zone"), ("Turkey",), ())}
    assert {c.name: [START.owner(t) for t in c.territories] for c in B.canals}["Turkish Straits"] == ["True neutral"]


@pytest.mark.rule("AAG-neutral")
@pytest.mark.parametrize("kind, territories", [
    ("Pro-Axis neutral", {"Bulgaria": 4, "Finland": 4, "Iraq": 3}),
    ("Pro-Allied neutral", {"Brazil": 3, "Persia": 2, "Yugoslavia": 5, "Greece": 4, "Crete": 0, "Eastern Persia": 0,
                            "Northwest Persia": 0, "Eire": 0}),
    ("Mongolia", {"Ulaanbaatar": 1, "Buyant-Uhaa": 2, "Olgiy": 2, "Dzavhan": 1, "Central Mongolia": 0,
                  "Tsagaan Olom": 0}),
])
def test_neutrals_and_their_garrisons(kind, territories):
    """AAG-neutral: "Pro-Axis: Bulgaria 4, Finland 4, Iraq 3 infantry. Pro-Allied: Brazil 3, Persia 2,
    Yugoslavia 5, Greece 4, plus Crete, E./NW Persia, Eire". Given the board, then these territories
    belong to that kind of neutral, garrisoned by that many infantry."""
    held = {t for t, owner in START.owners.items() if owner == kind}
    assert held == set(territories)
    assert {t: START.count(t, kind, "infantry") for t in held} == territories


@pytest.mark.rule("AAG-neutral")
def test_true_neutrals_and_their_garrisons():
    """AAG-neutral: true neutrals (TripleA Neutral_True): 22 territories, Turkey 8, Spain 6 and
    Sweden 6 infantry among them."""
    held = {t for t, owner in START.owners.items() if owner == "True neutral"}
    assert len(held) == 22
    assert {t: START.count(t, "True neutral", "infantry") for t in ("Turkey", "Spain", "Sweden", "Switzerland")} == {
        "Turkey": 8, "Spain": 6, "Sweden": 6, "Switzerland": 2}


@pytest.mark.rule("AAG-neutral")
def test_which_side_each_kind_of_neutral_welcomes_at_the_start():
    """AAG-neutral: pro-Axis neutrals welcome the Axis, pro-Allied the Allies (powers at war only),
    true neutrals nobody. Given the start, then Germany is welcomed by Bulgaria and at war with
    Greece, the UK the reverse, and nobody may enter Spain; the USSR, not at war, is welcomed by none."""
    def of(power, territory):
        return stances(B, START, power).of(START.owner(territory))

    assert (of("Germany", "Bulgaria"), of("Germany", "Greece"), of("Germany", "Spain")) == (
        Stance.WELCOMING, Stance.AT_WAR, Stance.AT_PEACE)
    assert (of("UK", "Bulgaria"), of("UK", "Greece"), of("UK", "Spain")) == (
        Stance.AT_WAR, Stance.WELCOMING, Stance.AT_PEACE)
    assert of("USSR", "Persia") is Stance.AT_PEACE


@pytest.mark.rule("AAG-politics")
def test_wars_at_the_start():
    """AAG-politics: "At start, GER/ITA are at war with the UK, UKP, ANZAC, FRA and the Dutch; Japan only
    with China". Given the starting position, then these are the wars, and the USSR and the USA are at
    war with nobody."""
    position = START
    assert isinstance(position, GlobalPosition)
    assert sorted(position.relations.wars) == [
        ("Germany", "ANZAC"), ("Germany", "Dutch"), ("Germany", "France"), ("Germany", "UK"),
        ("Italy", "ANZAC"), ("Italy", "Dutch"), ("Italy", "France"), ("Italy", "UK"), ("Japan", "China")]
    assert not position.relations.in_the_war("USSR") and not position.relations.in_the_war("USA")


@pytest.mark.rule("AAG-victory")
def test_victory_cities_per_map():
    """AAG-victory: "8 of the Europe map's victory cities or 6 of the Pacific's": 11 and 8 cities
    (aa-engine.md: "Axis 8/11 European or 6/8 Pacific VCs")."""
    assert {vc.city for vc in B.vcs_on("europe")} == {
        "Washington", "London", "Paris", "Berlin", "Rome", "Moscow", "Leningrad", "Stalingrad", "Warsaw", "Cairo",
        "Ottawa"}
    assert {vc.city for vc in B.vcs_on("pacific")} == {
        "Tokyo", "Shanghai", "Hong Kong", "Calcutta", "Manila", "Honolulu", "San Francisco", "Sydney"}


@pytest.mark.rule("AAG-facilities")
def test_factories_minor_and_major():
    """AAG-facilities: "minor and major industrial complexes" (minor produces 3, major 10). TripleA
    GX: majors in Germany, Western Germany, Northern Italy, Russia, United Kingdom, India, Japan,
    France; minors elsewhere, the three US ones minor (AAG40-us-ic)."""
    def with_unit(unit):
        return {t for t, pieces in START.units.items() for p in pieces if p.unit == unit}

    assert with_unit("major_industrial_complex") == {
        "Germany", "Western Germany", "Northern Italy", "Russia", "United Kingdom", "India", "Japan", "France"}
    assert {"Eastern United States", "Central United States", "Western United States"} <= with_unit(
        "minor_industrial_complex")
    assert len(with_unit("minor_industrial_complex")) == 12
    assert START.factories == with_unit("major_industrial_complex") | with_unit("minor_industrial_complex")
    assert (B.units["minor_industrial_complex"].produces, B.units["major_industrial_complex"].produces) == (3, 10)


@pytest.mark.rule("AAG-facilities")
def test_air_and_naval_bases():
    """AAG-facilities: "air and naval bases ... the +1 movement". TripleA GX: 20 airfields and 22
    harbours at the start; each gives +1, out of action at 3 damage."""
    def with_unit(unit):
        return {t for t, pieces in START.units.items() for p in pieces if p.unit == unit}

    assert (len(with_unit("air_base")), len(with_unit("naval_base"))) == (20, 22)
    assert {"United Kingdom", "India", "Hawaiian Islands", "Caroline Islands"} <= with_unit("air_base")
    assert {"Gibraltar", "Egypt", "Southern Italy", "Western Germany"} <= with_unit("naval_base")
    assert {(b.unit, b.bonus, b.moves, b.out_of_action_at) for b in B.bases.values()} == {
        ("air_base", 1, "air", 3), ("naval_base", 1, "sea", 3)}


@pytest.mark.rule("AAG-board")
def test_kamikaze_convoy_islands_and_china_s_area():
    """AAG-board: "kamikaze zones, convoy zones, island territories that take no factory, China's
    movement area". Reference: kamikaze SZ 6/17/19/20/22/35; 34 convoy zones; China's provinces,
    Kwangtung and Burma."""
    assert B.kamikaze_zones == {f"{n} Sea Zone" for n in (6, 17, 19, 20, 22, 35)}
    assert len(B.convoy_zones) == 34 and "109 Sea Zone" in B.convoy_zones
    assert {"Hawaiian Islands", "Sicily", "Iceland"} <= B.no_factory and "Japan" not in B.no_factory
    assert {"Kwangtung", "Burma", "Szechwan"} <= B.movement_areas["China"] and "India" not in B.movement_areas["China"]


@pytest.mark.rule("AAG-board")
def test_unit_profiles_for_movement():
    """AAG-board: "unit profiles for Global". Reference: mech infantry 1/2/2/4, tactical bomber
    3/3/4/11, cruiser 3/3/2/12; transports hold 5 (infantry 2, the rest 3); carriers 2 aircraft."""
    u = B.units
    assert [(u[n].attack, u[n].defence, u[n].move, u[n].cost) for n in ("mech_infantry", "tactical_bomber", "cruiser")] \
        == [(1, 2, 2, 4), (3, 3, 4, 11), (3, 3, 2, 12)]
    assert (u["transport"].transport_capacity, u["infantry"].transport_cost, u["mech_infantry"].transport_cost) == (5, 2, 3)
    assert (u["carrier"].carrier_capacity, u["tactical_bomber"].carrier_cost, u["bomber"].carrier_cost) == (2, 1, 0)
    assert u["mech_infantry"].blitz_with == ("armour",) and not u["mech_infantry"].blitz


@pytest.mark.rule("AAG-board")
def test_unit_combat_values_match_the_combat_pack():
    """AAG-board: one unit table. Given the board's profiles and data/default.yaml (the battles' pack),
    then each unit's combat values agree (blitz is movement's: mech infantry blitz only with armour)."""
    combat = yaml.safe_load(resources.files(GLOBAL_BOARD_FILE[0]).joinpath("default.yaml").read_text("utf-8"))
    for name, unit in combat["units"].items():
        profile = B.units[name].type
        assert (profile.attack, profile.defence, profile.move, profile.cost, profile.hits, profile.domain.value) == (
            unit["attack"], unit["defence"], unit["move"], unit["cost"], unit.get("hits", 1), unit["domain"]), name
        assert {a.value for a in profile.abilities} == set(unit.get("abilities", ())) - {"blitz"} | (
            {"blitz"} if name == "armour" else set()), name


@pytest.mark.rule("AAG-board")
@pytest.mark.parametrize("change, path, message", [
    (lambda r: r["territories"]["Spain"].update(owner="Spanish"), "territories.Spain.owner",
     "unknown power 'Spanish'"),
    (lambda r: r["canals"]["Strait of Gibraltar"].update(exempt=["u-boat"]), "canals.Strait of Gibraltar.exempt[0]",
     "unknown unit 'u-boat'"),
    (lambda r: r["sea_bans"]["Japan"]["zones"].append("0 Sea Zone"), "sea_bans.Japan.zones[8]",
     "unknown sea zone '0 Sea Zone'"),
    (lambda r: r["politics"]["declarations"][1]["when_any"][1].update(condition="paris_fallen"),
     "politics.declarations[1].when_any[1].condition", "unknown condition 'paris_fallen'"),
    (lambda r: r["economies"]["UK"]["UK Pacific"].update(capital="Burma"), "economies.UK.UK Pacific.capital",
     "'Burma' is not a capital of UK"),
    (lambda r: r["holders"]["Dutch"].update(side="Comintern"), "holders.Dutch.side", "unknown side 'Comintern'"),
    (lambda r: r["territories"]["India"].update(factory=False), "territories.India.factory",
     "an industrial complex stands here at the start: say factory: true"),
])
def test_references_fail_with_their_paths(change, path, message):
    """AAG-board: the board is validated on load, errors with field paths. Given one wrong name in a
    Global section, then loading fails at its path."""
    assert problems(edited(change)) == {path: [message]}
