"""Rules 13.1-13.3: factions, countries, dependents and regions, and what may be selected."""
import pytest

from domain.kernel import RuleViolation, Setup
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import (
    CountryMarker,
    CreateVia,
    Entry,
    Faction,
    Size,
    Status,
    WarState,
    enemies,
)
from tests.rules.totaler_krieg.tk_driver import PACK, RULESET, hex_in, types

MAJORS = ["britain", "germany", "russia", "united_states"]
MINORS = ["algeria", "austria", "baltic_states", "basque", "belgium_holland", "bulgaria", "byelorussia", "catalonia",
          "caucasus", "crimea", "czechoslovakia", "denmark", "denmark_norway", "donbass", "egypt", "finland", "france",
          "greece", "hungary", "iraq", "ireland", "italy", "libya", "morocco", "palestine", "persia", "poland",
          "portugal", "rumania", "spain", "sweden", "switzerland", "syria", "trans_jordan", "tunisia", "turkey",
          "ukraine", "vichy", "yugoslavia"]


@pytest.mark.rule("TK-13.1")
def test_three_factions_each_the_enemy_of_both_others():
    """13.1: "Anything related to one faction is considered an enemy to both other factions at all times.
    The Western and Soviet factions are sometimes referred to collectively as Allied." """
    assert [f.value for f in Faction] == ["axis", "western", "soviet"]
    assert enemies(Faction.WESTERN, Faction.SOVIET) and enemies(Faction.AXIS, Faction.SOVIET)
    assert not enemies(Faction.SOVIET, Faction.SOVIET)
    assert [f.allied for f in Faction] == [False, True, True]


@pytest.mark.rule("TK-13.1")
def test_a_game_seats_the_three_factions_and_nothing_else():
    """13.1: the powers of a game are the three factions; each must be held by a seat."""
    decider = RULESET.make_decider(PACK)
    with pytest.raises(RuleViolation) as missing:
        decider.initial_state(Setup({"axis": ("axis",), "west": ("western",)}, {}, PACK))
    with pytest.raises(RuleViolation) as unknown:
        decider.initial_state(Setup({"a": ("axis", "japan"), "w": ("western",), "s": ("soviet",)}, {}, PACK))
    assert missing.value.rule_id == unknown.value.rule_id == "TK-13.1"


@pytest.mark.rule("TK-13.1")
def test_a_faction_cannot_attack_its_own_side(table):
    """13.1: only enemies fight; a Western unit does not attack a Western country's units."""
    table.given(war=WarState.LIMITED_WAR, active={"greece": Faction.WESTERN})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.AttackHex("western", ("britain",), hex_in("greece", ground_units=("greece",))))
    assert refused.value.rule_id == "TK-13.1"


@pytest.mark.rule("TK-13.2")
def test_major_and_minor_countries_are_chapter_13_lists(table):
    """13.2.1, 13.2.2: four Major Countries and the listed Minor Countries with their Nationality IDs."""
    sizes = {c: f.size for c, f in table.sit.countries.items()}
    assert sorted(c for c, s in sizes.items() if s is Size.MAJOR) == MAJORS
    assert sorted(c for c, s in sizes.items() if s is Size.MINOR) == MINORS
    assert PACK.countries["belgium_holland"].abbr == "B-H" and PACK.countries["vichy"].abbr == "Fra"


@pytest.mark.rule("TK-13.2")
def test_germany_consists_of_germany_east_prussia_and_ceded_regions(table):
    """13.2.1: "Germany (consists of Germany, East Prussia, any Region ceded to Germany, and any Country
    that has the Reich Annex marker in its Capital)"; Russia includes the Central Asia Box."""
    table.given(ceded=["german_memelland"])
    assert table.sit.home("germany") == ("germany", "east_prussia", "memelland")
    assert "central_asia" in table.sit.home("russia")


@pytest.mark.rule("TK-13.2")
def test_a_reich_annex_marker_makes_a_country_part_of_germany(table):
    """13.2.1: Germany consists also of "any Country that has the Reich Annex marker in its Capital"."""
    table.given(war=WarState.LIMITED_WAR, conquered={"denmark_norway": Faction.WESTERN})
    table.act(c.PlaceCountryMarker("axis", "denmark_norway", CountryMarker.REICH_ANNEX))
    assert (table.owner("denmark_norway"), table.owner("denmark")) == ("germany", "germany")


@pytest.mark.rule("TK-13.2")
def test_selecting_a_dependent_where_a_country_is_required_is_refused_and_changes_nothing(table):
    """13.3 example: "If he had played 28a Treaty instead, he could not name Libya, because it is not a
    Minor Country." 13.2: "When you are instructed to select a Country, you cannot select a Dependent
    or Region." """
    before = table.state
    with pytest.raises(RuleViolation) as refused:
        table.act(c.SelectCountry("axis", "libya", "28a Treaty", sizes=frozenset({Size.MINOR})))
    assert refused.value.rule_id == "TK-13.2"
    assert "Dependent of Italy" in refused.value.message
    assert table.state is before


@pytest.mark.rule("TK-13.2")
def test_selecting_a_region_where_a_country_is_required_is_refused(table):
    """13.2: a Region (here Denmark, part of Denmark-Norway) cannot be selected as a Country."""
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ActivateNeutral("axis", "denmark", c.Trigger.DECLARE_WAR))
    assert refused.value.rule_id == "TK-13.2"
    assert "Region of Denmark-Norway" in refused.value.message


@pytest.mark.rule("TK-13.2")
def test_operation_marita_cannot_select_austria_once_ceded(table):
    """13.2 example: "The Axis faction plays card 25 Operation Marita. Austria has been ceded to Germany
    (13.8.1.2), so it no longer exists. Thus, it cannot be selected as the target Country." """
    table.act(c.CedeCountry("axis", "austria"))
    before = table.state
    with pytest.raises(RuleViolation) as refused:
        table.act(c.SelectCountry("axis", "austria", "25 Operation Marita", statuses=frozenset({Status.NEUTRAL})))
    assert refused.value.rule_id == "TK-13.2"
    assert "no longer exists" in refused.value.message or "gone for good" in refused.value.message
    assert table.state is before


@pytest.mark.rule("TK-13.2")
def test_a_selection_may_be_limited_by_status(table):
    """13.2: "If you are instructed to select a Neutral Minor Country, you cannot select an Active Minor
    Country, Conquered Minor Country, or Major Country." """
    table.given(active={"greece": Faction.WESTERN})
    neutral_minor = dict(sizes=frozenset({Size.MINOR}), statuses=frozenset({Status.NEUTRAL}))
    for country in ("greece", "britain"):
        with pytest.raises(RuleViolation) as refused:
            table.act(c.SelectCountry("axis", country, "an event", **neutral_minor))
        assert refused.value.rule_id == "TK-13.2"
    assert types(table.act(c.SelectCountry("axis", "turkey", "an event", **neutral_minor))) == ["CountrySelected"]


@pytest.mark.rule("TK-13.3")
def test_dependents_have_their_countries_and_regions_their_start_dispositions(table):
    """13.3.1: "Gibraltar is a Dependent of Britain, so it's referred to as a 'British Dependent.'"
    13.3.2: regions start as part of their country (Eastern Poland of Poland, Cyrenaica of Libya)."""
    areas = {a["id"]: a for a in table.projection("areas")["areas"]}
    assert (areas["gibraltar"]["country"], areas["gibraltar"]["dependent"]) == ("britain", "gibraltar")
    assert (areas["eastern_poland"]["country"], areas["eastern_poland"]["dependent"]) == ("poland", None)
    assert (areas["cyrenaica"]["country"], areas["cyrenaica"]["dependent"]) == ("italy", "libya")
    assert (areas["vichy"]["country"], areas["vichy"]["kind"]) == ("france", "region")


@pytest.mark.rule("TK-13.3")
def test_the_ostland_regions(table):
    """13.3.2: "Byelorussia, Caucasus, Crimea, Donbass, and Ukraine are sometimes identified as Ostland
    Regions." """
    areas = table.projection("areas")["areas"]
    assert sorted(a["id"] for a in areas if a["ostland"]) == ["byelorussia", "caucasus", "crimea", "donbass", "ukraine"]


@pytest.mark.rule("TK-13.3")
def test_a_neutral_country_s_dependents_are_neutral_and_closed(table):
    """13.3.1: "If Italy is Neutral, so are all Italian Dependents (Albania, Libya, and Rhodes), and thus no
    unit is allowed to move into any of those places." """
    table.given(war=WarState.LIMITED_WAR)
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("western", ("britain",), hex_in("libya")))
    assert refused.value.rule_id == "TK-13.3"
    closed = table.projection("unit-rules")["closed"]["places"]
    assert (closed["albania"], closed["rhodes"], closed["italy"]) == ("TK-13.3", "TK-13.3", "TK-13.4")


@pytest.mark.rule("TK-13.3")
def test_an_axis_country_s_dependents_stay_axis_even_when_occupied(table):
    """13.3.1: "If Italy is an Axis Country, then its Dependents are all Axis Dependents, even if they are
    completely occupied by enemy units." """
    table.given(active={"italy": Faction.AXIS})
    areas = {a["id"]: a for a in table.projection("areas")["areas"]}
    assert [areas[p]["alignment"] for p in ("albania", "libya", "rhodes")] == ["axis", "axis", "axis"]


@pytest.mark.rule("TK-13.3")
def test_puppet_government_may_name_libya_a_dependent(table):
    """13.3 example: "The Axis player plays card 28b Puppet Government. He may apply the card's event to
    Libya, because it is a Dependent and all of its Cities are under Axis control at the moment." """
    table.given(active={"italy": Faction.AXIS})
    events = table.act(c.CreateMinor("axis", "libya", CreateVia.PUPPET_GOVERNMENT, cities_under_axis_control=True))
    assert types(events) == ["MinorCreated"]
    libya = table.country("libya")
    assert (libya.exists, libya.status, libya.alignment) == (True, Status.ACTIVE, Faction.AXIS)
    assert table.sit.home("libya") == ("libya", "cyrenaica")


@pytest.mark.rule("TK-13.3")
def test_a_dependent_cannot_be_conquered_on_its_own(table):
    """13.3: "A Dependent or Region cannot be independently conquered or liberated." """
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ConquerCountry("axis", "egypt"))
    assert refused.value.rule_id == "TK-13.2"
    assert "Dependent of Britain" in refused.value.message


@pytest.mark.rule("TK-13.3")
def test_entering_a_place_that_does_not_exist_is_refused(table):
    """13.3: every hex lies in a country's core, a dependent or a region the pack names."""
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("axis", ("germany",), hex_in("atlantis"), Entry.MOVE))
    assert refused.value.rule_id == "TK-13.3"
