"""Rule 13.6.1: the nine policies and what a Policy Affected Country (PAC) may and may not do."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.ground_rules import strategic_hex_counts, use_convoy
from domain.totaler_krieg.support_rules import may_contest
from domain.totaler_krieg.vocabulary import Entry, Faction, Placement, WarState
from tests.rules.totaler_krieg.tk_driver import PACK, hex_in, types


@pytest.mark.rule("TK-13.6.1")
def test_nine_policies():
    """13.6.1: "There are nine Policies" with their short names."""
    assert {p.name: p.short for p in PACK.policies.values()} == {
        "Appeasement": "Appeasement", "Cordon Sanitaire": "Cordon", "Franco-Russian Entente": "Entente",
        "Guarantees": "Guarantees", "Isolationism": "Isolationism", "Nazi-Soviet Pact": "Pact",
        "Ostland Accord": "Ostland", "Treaty of Locarno": "Locarno", "Treaty of Rapallo": "Rapallo"}


@pytest.mark.rule("TK-13.6.1")
def test_a_policy_covers_the_pac_its_units_and_its_dependents(table):
    """13.6.1 example: "If Britain's Posture is Appeasement ... all British units and markers, and all Land
    hexes inside Great Britain and all British Dependents, are affected by the Appeasement Policy." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "appeasement"}, active={"france": Faction.WESTERN})
    denied = table.projection("unit-rules")["units"]["france"]["move"]["denied"]
    assert denied["britain"]["rule"] == denied["gibraltar"]["rule"] == denied["egypt"]["rule"] == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_axis_strategic_hexes_in_an_active_pac_do_not_count(table):
    """13.6.1: "Axis Strategic Hexes under Allied control in an active PAC are not counted when
    determining the Current Strategic Value." """
    table.given(posture={"britain": "appeasement"})
    assert strategic_hex_counts(table.sit, "london", Faction.WESTERN).rule == "TK-13.6.1"
    assert strategic_hex_counts(table.sit, "moscow", Faction.SOVIET).allowed


@pytest.mark.rule("TK-13.6.1")
def test_support_units_and_pacs(table):
    """13.6.1: "An Allied support unit or Airdrop marker with a Posture of War cannot be placed in a PAC
    hex." "A PAC support unit or Airdrop marker cannot be placed in a hex, On Station Box, or the
    Strategic Warfare Box." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "appeasement"}, active={"france": Faction.WESTERN})
    with pytest.raises(RuleViolation) as at_war:
        table.act(c.PlaceSupportUnit("western", ("france",), Placement.HEX, hex_in("britain")))
    for placement, where in ((Placement.HEX, dict(hex=hex_in("britain"))),
                             (Placement.ON_STATION, dict(zone="north_sea")), (Placement.STRATEGIC_WARFARE, {})):
        with pytest.raises(RuleViolation) as pac:
            table.act(c.PlaceSupportUnit("western", ("britain",), placement, **where))
        assert pac.value.rule_id == "TK-13.6.1"
    assert at_war.value.rule_id == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_the_pact_ends_on_the_attempted_placement_so_russia_may_contest(table):
    """13.6.1 example: "Russia's Posture is Pact. The Axis faction attempts to place a German Air Force
    unit in a hex in Russia. This attempted placement immediately ends the Pact, which allows the Soviet
    faction to contest it." """
    table.given(war=WarState.LIMITED_WAR, posture={"russia": "nazi_soviet_pact"})
    assert not may_contest(table.sit, "russia", "germany").allowed
    events = table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.HEX, hex_in("russia")))
    assert types(events) == ["SupportUnitPlaced", "PolicyEnded"]
    assert "russia" in events[0].contestable_by
    assert table.country("russia").posture == "war"


@pytest.mark.rule("TK-13.6.1")
def test_pre_war_appeasement_keeps_french_units_home(table):
    """13.6.1 example (Pre-War): "Britain and France both have a Posture of Appeasement. A French ground
    unit cannot move into Britain or British Dependents. It can move within or between France and French
    Dependents. Also, a French unit cannot move using a British Troop Convoy marker." """
    table.given(active={"france": Faction.WESTERN}, posture={"britain": "appeasement", "france": "appeasement"})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("western", ("france",), hex_in("gibraltar")))
    assert refused.value.rule_id == "TK-13.6.1"
    assert types(table.act(c.EnterHex("western", ("france",), hex_in("algeria")))) == ["GroundUnitEntered"]
    assert types(table.act(c.EnterHex("western", ("france",), hex_in("vichy")))) == ["GroundUnitEntered"]
    assert use_convoy(table.sit, ("france",), "britain").rule == "TK-13.6.1"
    assert use_convoy(table.sit, ("france",), "france").allowed


@pytest.mark.rule("TK-13.6.1")
def test_limited_war_shared_appeasement_opens_the_british_convoy(table):
    """13.6.1 example: "Britain and France's Posture is Appeasement. A French ground unit can move using a
    British Troop Convoy marker in Limited War." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN},
                posture={"britain": "appeasement", "france": "appeasement"})
    assert use_convoy(table.sit, ("france",), "britain").allowed
    assert types(table.act(c.EnterHex("western", ("france",), hex_in("britain")))) == ["GroundUnitEntered"]


@pytest.mark.rule("TK-13.6.1")
def test_a_turkish_unit_under_guarantees_moves_only_into_guarantees_countries(table):
    """13.6.1 example: "Turkey is a Western Country and its Posture is Guarantees. A Turkish ground unit can
    move only into a country with a Posture of Guarantees." """
    table.given(war=WarState.LIMITED_WAR, posture={"western_minors": "guarantees", "britain": "guarantees"},
                active={"turkey": Faction.WESTERN, "greece": Faction.WESTERN, "france": Faction.WESTERN})
    assert types(table.act(c.EnterHex("western", ("turkey",), hex_in("greece")))) == ["GroundUnitEntered"]
    assert types(table.act(c.EnterHex("western", ("turkey",), hex_in("egypt")))) == ["GroundUnitEntered"]
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("western", ("turkey",), hex_in("vichy")))
    assert refused.value.rule_id == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_a_russian_unit_under_the_pact_stays_out_of_conquered_poland(table):
    """13.6.1 example: "Russia's Posture is Pact. A Russian ground unit cannot move into a Conquered Allied
    Poland because Poland does not have a Posture of Pact." """
    table.given(war=WarState.LIMITED_WAR, posture={"russia": "nazi_soviet_pact"},
                conquered={"poland": Faction.WESTERN})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("soviet", ("russia",), hex_in("poland")))
    assert refused.value.rule_id == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_pac_combat_restrictions(table):
    """13.6.1 Combat: "A PAC ground unit cannot participate in an attack. An Allied ground unit with a
    Posture of War cannot attack a PAC ground unit ... cannot Retreat, Advance After Combat, or Exploit
    into a PAC hex." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "appeasement"},
                active={"france": Faction.WESTERN, "rumania": Faction.SOVIET, "hungary": Faction.AXIS})
    for command in (c.AttackHex("western", ("britain",), hex_in("hungary", ground_units=("hungary",))),
                    c.AttackHex("soviet", ("rumania",), hex_in("egypt", ground_units=("britain",)))):
        with pytest.raises(RuleViolation) as refused:
            table.act(command)
        assert refused.value.rule_id == "TK-13.6.1"
    for entry in (Entry.RETREAT, Entry.ADVANCE, Entry.EXPLOIT):
        with pytest.raises(RuleViolation) as refused:
            table.act(c.EnterHex("western", ("france",), hex_in("britain"), entry))
        assert refused.value.rule_id == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_pac_zone_of_control(table):
    """13.6.1 ZOC examples: "France's Posture is Appeasement. A French ground unit does not project a ZOC."
    "An Axis ground unit does not project a ZOC into a hex within France or any French Dependent." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN}, posture={"france": "appeasement"})
    units = table.projection("unit-rules")["units"]
    assert units["france"]["zoc"]["denied"]["germany"]["rule"] == "TK-13.6.1"
    german = units["germany"]["zoc"]
    assert german["denied"]["vichy"]["rule"] == german["denied"]["tunisia"]["rule"] == "TK-13.6.1"
    assert "britain" in german["allowed"]


@pytest.mark.rule("TK-13.6.1")
def test_pac_supply(table):
    """13.6.1 Supply: a War unit cannot trace through a PAC hex; a PAC unit traces only through its Home
    Country and Dependents in Pre-War, or through lands under the same policy in Limited or Total War."""
    table.given(active={"france": Faction.WESTERN}, posture={"britain": "appeasement"})
    units = table.projection("unit-rules")["units"]
    assert units["france"]["supply"]["denied"]["britain"]["rule"] == "TK-13.6.1"
    assert "egypt" in units["britain"]["supply"]["allowed"]
    assert units["britain"]["supply"]["denied"]["vichy"]["rule"] == "TK-13.6.1"


@pytest.mark.rule("TK-13.6.1")
def test_policy_violation_internment(table):
    """13.6.1: "At the end of any Conditional Events Segment, a unit in a Country that it could not move
    into or be placed in due to one of the above rules may be interned (16.7)." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN}, posture={"britain": "appeasement"})
    assert types(table.act(c.ResolvePolicyInternment("western", ("france",), "britain", True))) == ["UnitInterned"]
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ResolvePolicyInternment("western", ("france",), "vichy", True))
    assert refused.value.rule_id == "TK-13.6.1"
