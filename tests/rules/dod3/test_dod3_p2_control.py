"""Rules 8.1a-8.1i: the status display and political control of minor countries, on the default
pack's provisional reference layout (hex ids: a letter per row, a number along the row)."""
import pytest

from domain.dod3.political_affairs.control.minors import colonies_of, eligible_to_control, powers_at_war_with_minor
from domain.dod3.political_affairs.control.political_control import (
    ForcesStatus, Resources, control_effects, forces_status, political_controller, war_on_minor_refused,
)
from domain.dod3.political_affairs.control.status_display import NEUTRAL
from domain.dod3.powers import Ideology
from domain.dod3.state import MinorWar, war_pair


def at(table, **positions):
    """The given markers moved to the given hexes (underscores for spaces in minors' names)."""
    moved = {name.replace("_", " "): hex_id for name, hex_id in positions.items()}
    return table.given(positions={**table.state.positions, **moved})


@pytest.mark.rule("DOD3-8.1a")
def test_three_ideologies_of_three_factions_around_a_neutral_zone(table):
    """Rule 8.1: "The display is divided into the 3 primary ideologies of the time: Fascism,
    Communism and Democracy. Each ideology is further divided into 3 factions" (2.3: "and a
    neutral zone"); the remaining minors "are in the neutral hex in the middle of the display"."""
    display = table.pack.display

    assert {i: sorted(f.id for f in display.factions.values() if f.ideology is i) for i in Ideology} == {
        Ideology.DEMOCRACY: ["free_market", "liberal", "social_democratic"],
        Ideology.FASCISM: ["authoritarian", "fascist", "national_socialist"],
        Ideology.COMMUNISM: ["leninist", "socialist", "stalinist"]}
    assert display.zone("F6") == NEUTRAL and table.state.positions["Yugoslavia"] == "F6"
    assert table.view("player1")["minors"]["Czechoslovakia"]["hex"] == "D10"


@pytest.mark.rule("DOD3-8.1a")
def test_lettered_edge_hexes_are_adjacent(table):
    """Rule 8.5: "The status display wraps around. if a marker is in one of the lettered edge hexes,
    it is adjacent to the other hex with the same letter"."""
    display = table.pack.display

    assert display.wrap["A"] == ("A3", "C1") and display.adjacent("A3", "C1")
    assert display.distance("A4", "D1") == 1


@pytest.mark.rule("DOD3-8.1b")
def test_a_colony_follows_its_controller(table):
    """Rule 8.1: colonies "are controlled for all purposes throughout the game by that major power
    or minor country until conquered. Their political status is always that of their controlling
    major power or minor country (e.g. they are at war and at peace with the same major powers)"."""
    state = table.given(minor_wars=table.state.minor_wars + (MinorWar("GE", "Belgium", "Mar 1936", ()),)).state

    assert colonies_of(table.pack, "Belgium") == ("Belgian Congo",)
    assert political_controller(state, table.pack, "Belgian Congo") == political_controller(state, table.pack, "Belgium")
    assert powers_at_war_with_minor(state, table.pack, "Belgian Congo") == {"GE"}
    assert political_controller(state, table.pack, "Eritrea") == "IT"


@pytest.mark.rule("DOD3-8.1b")
def test_no_war_on_a_colony(table):
    """Rule 8.1: "A major power cannot declare war on a colony. Instead, a declaration of war on the
    controlling major power or minor country brings all its colonies to war as well." """
    assert "colony" in war_on_minor_refused(table.state, table.pack, "GE", "Belgian Congo")


@pytest.mark.rule("DOD3-8.1d")
def test_china_italy_japan_and_the_usa_control_only_minors_under_their_flags(table):
    """Rule 8.1: "China, Italy, Japan and the USA are only eligible to control minor counties with
    flags if they are listed under their respective flags on the Status Display. Germany, the
    Soviet Union, France and the Commonwealth may control any minor country." Italy (C3) stands
    next to both; Austria is under Italy's flag, Czechoslovakia is not, so Germany (A1) gets it."""
    at(table, Czechoslovakia="C4", Austria="C2", GE="A1")

    assert not eligible_to_control(table.pack, "IT", "Czechoslovakia")
    assert eligible_to_control(table.pack, "GE", "Czechoslovakia")
    assert political_controller(table.state, table.pack, "Czechoslovakia") == "GE"
    assert political_controller(table.state, table.pack, "Austria") == "IT"


@pytest.mark.rule("DOD3-8.1e")
def test_nobody_controls_a_minor_in_the_neutral_zone(table):
    """Rule 8.1: "No one controls a minor country in the neutral zone." """
    at(table, Czechoslovakia="E7")

    assert political_controller(table.state, table.pack, "Czechoslovakia") is None


@pytest.mark.rule("DOD3-8.1e")
def test_a_power_in_the_minors_faction_beats_a_closer_one_in_another(table):
    """Rule 8.1: "A major power that is in the same faction as the minor country is always closer
    than a major power in another faction." Belgium (D9, liberal) has the CW next to it in the
    free market (D8) and France four hexes away in its own faction (B14)."""
    at(table, CW="D8", FR="B14", US="A9")

    assert table.pack.display.distance("D9", "D8") == 1
    assert political_controller(table.state, table.pack, "Belgium") == "FR"


@pytest.mark.rule("DOD3-8.1e")
@pytest.mark.parametrize("track, controller", [
    (("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"), "CW"),
    (("GE", "IT", "FR", "CW", "RU", "JA", "US", "CH"), "FR"),
])
def test_equally_close_powers_in_the_faction_go_by_the_lower_initiative(table, track, controller):
    """Rule 8.1: "the closest is the major power closest in hexes ... If they are still tied, the
    major power with the lower initiative controls it." France (D9) and the CW (D11) are both
    one hex from Czechoslovakia (D10)."""
    at(table, FR="D9", CW="D11", Belgium="F6")
    table.given(initiative=type(table.state.initiative)(track, track, table.state.initiative.phase, {}))

    assert political_controller(table.state, table.pack, "Czechoslovakia") == controller


@pytest.mark.rule("DOD3-8.1e")
def test_a_minor_with_nobody_eligible_in_its_ideology_is_not_controlled(table):
    """Rule 8.1: "If no one in the ideology is eligible to control it, the minor is not
    controlled." Czechoslovakia in the Fascist ideology after Germany's conquest: neither Italy
    nor Japan has it under its flag."""
    at(table, Czechoslovakia="C4")
    table.given_power("GE", conquered=True)

    assert political_controller(table.state, table.pack, "Czechoslovakia") is None


@pytest.mark.rule("DOD3-8.1f")
@pytest.mark.parametrize("czech_hex, faction_distance, resources", [
    ("F9", 2, Resources.NONE),
    ("C11", 1, Resources.UNCOMMITTED),
    ("C9", 0, Resources.NOT_COMMITTED_TO_LOWER_INITIATIVE),
    ("B10", 0, Resources.ALL),
])
def test_control_in_peace_by_faction_distance(table, czech_hex, faction_distance, resources):
    """Rule 8.1 (Political Control Effects During Peace): 2 factions away "you control the minor
    country's League of Nations voting"; 1 faction away also resources and red factories "not
    committed to another major power"; in the same faction all "except those committed to another
    major power in turns its initiative is less than yours"; stacked "any resources and factories
    (red and blue) ... even those committed to another major power". France is conquered, so the
    CW (B10) is the only Democrat that may control Czechoslovakia."""
    at(table, Czechoslovakia=czech_hex)
    table.given_power("FR", conquered=True)

    effects = control_effects(table.state, table.pack, "Czechoslovakia")

    assert (effects.controller, effects.faction_distance, effects.league_vote) == ("CW", faction_distance, True)
    assert effects.resources is resources


@pytest.mark.rule("DOD3-8.1g")
@pytest.mark.parametrize("czech_hex, resources", [
    ("F9", Resources.UNCOMMITTED),
    ("C11", Resources.NOT_COMMITTED_TO_LOWER_INITIATIVE),
    ("D8", Resources.ALL),
])
def test_control_in_war_is_one_step_more(table, czech_hex, resources):
    """Rule 8.1 (During War): 2 factions away "League of Nations voting and ... resources and red
    factories ... not committed"; 1 faction "except those committed to another major power in
    turns its initiative is less than yours"; same faction "any resources and factories (red and
    blue)". The CW (B10) is at war with Italy; France is conquered."""
    at(table, Czechoslovakia=czech_hex)
    table.given_power("FR", conquered=True)
    table.given(wars=frozenset({war_pair("CW", "IT")}))

    assert control_effects(table.state, table.pack, "Czechoslovakia").resources is resources


@pytest.mark.rule("DOD3-8.1g")
def test_allied_minor_in_the_faction_lets_forces_in_and_a_common_enemy_aligns_it(table):
    """Rule 8.1 (During War): in the same faction, "If you are allied with the minor country, your
    major power forces can also enter its territory, and you may trace supply"; stacked, "If the
    minor country is also at war with a major power that you are at war with then, provided it is
    not in civil war, you may align the minor ... without having to play IPO 5"."""
    at(table, FR="D10")
    table.given(wars=frozenset({war_pair("FR", "GE")}),
                minor_wars=table.state.minor_wars + (MinorWar("GE", "Czechoslovakia", "Sep 1938", ()),))

    effects = control_effects(table.state, table.pack, "Czechoslovakia")

    assert (effects.enter_and_supply, effects.align, effects.align_without_ipo5) == (True, True, True)
    table.given(civil_wars=frozenset({"Czechoslovakia"}))
    assert not control_effects(table.state, table.pack, "Czechoslovakia").align_without_ipo5


@pytest.mark.rule("DOD3-8.1h")
@pytest.mark.parametrize("czech_hex, status", [
    ("D9", ForcesStatus.MAY_ENTER),
    ("C9", ForcesStatus.STAY),
    ("F6", ForcesStatus.WITHDRAW),
])
def test_forces_in_a_minor_that_leaves_the_faction_or_the_ideology(table, czech_hex, status):
    """Rule 8.1: "If a minor country leaves your faction, or another major power gains control of
    it, your forces in that minor do not need to leave, but you may not move any more forces into
    it. ... If the minor country leaves your ideology ... all your forces in that minor country are
    immediately moved to the nearest location controlled by your major power." France, allied to
    Czechoslovakia and at war with Germany, has forces there."""
    at(table, Czechoslovakia=czech_hex)
    table.given(wars=frozenset({war_pair("FR", "GE")}), forces_in_minors={"Czechoslovakia": frozenset({"FR"})})

    assert forces_status(table.state, table.pack, "FR", "Czechoslovakia") is status


@pytest.mark.rule("DOD3-8.1h")
def test_forces_leave_when_their_power_is_at_peace_with_everyone(table):
    """Rule 8.1: "... or you come to peace with all other major powers, all your forces in that
    minor country are immediately moved"."""
    table.given(forces_in_minors={"Czechoslovakia": frozenset({"FR"})})

    assert forces_status(table.state, table.pack, "FR", "Czechoslovakia") is ForcesStatus.WITHDRAW


@pytest.mark.rule("DOD3-8.1i")
@pytest.mark.parametrize("wars, minor_wars, refused", [
    (frozenset(), (), True),
    (frozenset(), (MinorWar("FR", "Belgium", "Mar 1936", ()),), False),
    (frozenset({war_pair("GE", "FR")}), (), False),
])
def test_war_on_a_minor_holding_another_powers_units(table, wars, minor_wars, refused):
    """Rule 8.1: "A major power may only declare war on a minor country which has another major
    powers units in it if: a) all the major powers units in the minor are at war with the minor;
    or b) the major power attempting to declare war is already at war with all major powers whose
    units are in the minor, excepting those belonging to major powers at war with the minor". French
    units are in Belgium."""
    table.given(forces_in_minors={"Belgium": frozenset({"FR"})}, wars=wars,
                minor_wars=table.state.minor_wars + minor_wars)

    reason = war_on_minor_refused(table.state, table.pack, "GE", "Belgium")

    assert (reason is not None) is refused


@pytest.mark.rule("DOD3-8.1i")
def test_border_rectification_and_the_monroe_doctrine_may_ignore_foreign_units(table):
    """Rule 8.1: "c) war occurs by Soviet Border rectification (see RU 4); or d) war occurs by the
    Monroe Doctrine (see US 8)"."""
    table.given(forces_in_minors={"Finland": frozenset({"GE"})})

    assert war_on_minor_refused(table.state, table.pack, "RU", "Finland") is not None
    assert war_on_minor_refused(table.state, table.pack, "RU", "Finland", ignores_foreign_forces=True) is None
