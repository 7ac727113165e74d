"""Rule 13.6.1.2: ending policies, voluntarily and involuntarily, with every restriction and the
Axis's choice of order."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import ActivateAs, EndCause, Faction, Placement, Trigger, WarState
from tests.rules.totaler_krieg.tk_driver import hex_in, types


@pytest.mark.rule("TK-13.6.1.2")
@pytest.mark.parametrize("britain, removed, left", [
    ("guarantees", {"britain", "france"}, {}),
    ("appeasement", {"france"}, {"britain": "appeasement"}),
])
def test_case_yellow_ends_the_policy_in_france_s_box(table, britain, removed, left):
    """13.6.1.2 example: "Axis card 22a Case Yellow instructs you to end any Policy in France's Posture Box.
    If France and Britain both had the Guarantees Policy, you'd remove both of those Policy markers. If
    France's Policy was Entente but Britain's Policy was Appeasement, you'd only remove the Entente
    marker." """
    france = "guarantees" if britain == "guarantees" else "franco_russian_entente"
    table.given(war=WarState.LIMITED_WAR, posture={"britain": britain, "france": france})
    events = table.act(c.EndPolicy("axis", EndCause.OPTION_CARD, box="france"))
    assert set(events[0].boxes) == removed
    assert {b: m for b, m in table.state.boxes.items() if m} == left


@pytest.mark.rule("TK-13.6.1.2")
def test_case_yellow_on_a_france_at_war_ends_nothing(table):
    """13.6.1.2: "end any Policy in France's Posture Box" finds none when France is at War."""
    assert types(table.act(c.EndPolicy("axis", EndCause.OPTION_CARD, box="france"))) == ["NoPolicyEnded"]


@pytest.mark.rule("TK-13.6.1.2")
def test_demand_polish_corridor_ends_the_guarantees_and_pre_war(table_1939):
    """13.6.1.2 example: "Guarantees markers are in the Britain, France and Western Minors Posture Boxes.
    The Axis player plays card 15 Demand Polish Corridor. The Axis Political Event result is Country
    Resists (15.7). Poland is determined to be a Western Country, making it subject to the Guarantees
    Policy. According to the Country Resists Event, that Policy is ended. All Guarantees markers are
    immediately removed from the Posture Display, which ends Pre-War." """
    events = table_1939.act(c.ActivateNeutral("axis", "poland", Trigger.POLITICAL_EVENT, ActivateAs.ALLIED,
                                              "country_resists", axis_choice=Faction.WESTERN, end_policy=True), 3)
    assert types(events) == ["NeutralActivated", "MinorSetUp", "PolicyEnded", "WarStateChanged"]
    ended = events[2]
    assert (ended.policy, set(ended.boxes), ended.voluntary) == ("guarantees", {"britain", "france", "western_minors"},
                                                                 False)
    assert table_1939.state.war is WarState.LIMITED_WAR
    assert table_1939.country("poland").posture == "war"


@pytest.mark.rule("TK-13.6.1.2")
@pytest.mark.parametrize("intern, ends", [(False, True), (True, False)])
def test_russia_s_pact_and_eastern_poland(table, intern, ends):
    """13.6.1.2 example: "Russia's Posture is Pact and a German ground unit is in the Eastern Poland Region.
    Russia plays card 11 Demand Eastern Poland, and Eastern Poland is ceded to Russia in the Option Card
    Segment. If the Axis player chooses to not intern his unit in the Conditional Event Segment, the Pact
    will end." It ends involuntarily, so even in Pre-War."""
    table.given(posture={"russia": "nazi_soviet_pact", "soviet_minors": "nazi_soviet_pact"})
    table.act(c.CedeLand("soviet", "russian_eastern_poland"))
    assert table.owner("eastern_poland") == "russia"
    events = table.act(c.ResolvePolicyInternment("axis", ("germany",), "eastern_poland", intern))
    assert (table.country("russia").posture == "war") is ends
    if ends:
        assert (events[0].cause, events[0].voluntary, set(events[0].boxes)) == \
            (EndCause.AXIS_UNIT_NOT_INTERNED, False, {"russia", "soviet_minors"})


@pytest.mark.rule("TK-13.6.1.2")
def test_total_war_ends_every_policy_but_isolationism_and_ostland(table):
    """13.6.1.2: a policy ends involuntarily when "Total War goes into effect and the Policy is not
    Isolationism or Ostland Accord (12.3)." """
    table.given(war=WarState.LIMITED_WAR, posture={"united_states": "isolationism", "russia": "ostland_accord",
                                                   "britain": "appeasement", "france": "treaty_of_locarno"})
    events = table.moderator(c.SetWarState(WarState.TOTAL_WAR))
    assert [(e.policy, e.cause) for e in events[1:]] == [("appeasement", EndCause.TOTAL_WAR),
                                                         ("treaty_of_locarno", EndCause.TOTAL_WAR)]
    assert {b: m for b, m in table.state.boxes.items() if m} == {"united_states": "isolationism",
                                                                 "russia": "ostland_accord"}


@pytest.mark.rule("TK-13.6.1.2")
def test_an_italian_unit_entering_france_ends_appeasement(table):
    """13.6.1.2 example: "France's Posture is Appeasement. If the Axis player moves an Italian ground unit
    into France or any French Dependent, that ends Appeasement." (Voluntary: in Limited War.)"""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN, "italy": Faction.AXIS},
                posture={"france": "appeasement", "britain": "appeasement"})
    events = table.act(c.EnterHex("axis", ("italy",), hex_in("tunisia")))
    assert types(events) == ["GroundUnitEntered", "PolicyEnded"]
    assert (events[1].policy, events[1].cause, events[1].voluntary) == ("appeasement", EndCause.AXIS_GROUND_ENTRY, True)
    assert table.country("britain").posture == "war"


@pytest.mark.rule("TK-13.6.1.2")
def test_no_voluntary_end_in_pre_war(table):
    """13.6.1.2: "No faction can voluntarily end any Policy if Pre-War is in effect." "Any action listed
    immediately above that would violate these restrictions is prohibited." """
    table.given(active={"france": Faction.WESTERN, "italy": Faction.AXIS}, posture={"france": "appeasement"})
    before = table.state
    for command in (c.EnterHex("axis", ("italy",), hex_in("vichy")),
                    c.AttackHex("axis", ("italy",), hex_in("vichy", ground_units=("france",))),
                    c.PlaceSupportUnit("axis", ("germany",), Placement.HEX, hex_in("vichy")),
                    c.ApplyPoliticalEvent("axis", "neutrals_pressured", policy="appeasement")):
        with pytest.raises(RuleViolation) as refused:
            table.act(command)
        assert refused.value.rule_id == "TK-13.6.1.2"
    assert table.state is before


@pytest.mark.rule("TK-13.6.1.2")
def test_the_axis_cannot_end_the_ostland_accord_under_enforced_peace(table):
    """13.6.1.2: "The Axis faction cannot voluntarily end the Ostland Accord Policy if the Enforced Peace
    marker (14.11) is on the Turn Track." """
    table.given(war=WarState.LIMITED_WAR, posture={"russia": "ostland_accord"})
    table.moderator(c.SetEnforcedPeace(True))
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("axis", ("germany",), hex_in("russia")))
    assert refused.value.rule_id == "TK-13.6.1.2"
    table.moderator(c.SetEnforcedPeace(False))
    assert types(table.act(c.EnterHex("axis", ("germany",), hex_in("russia")))) == ["GroundUnitEntered", "PolicyEnded"]


@pytest.mark.rule("TK-13.6.1.2")
def test_an_axis_attack_on_a_pac_unit_ends_its_policy(table):
    """13.6.1.2: voluntarily ended when "An Axis ground unit attacks a PAC unit." """
    table.given(war=WarState.LIMITED_WAR, posture={"britain": "appeasement"})
    events = table.act(c.AttackHex("axis", ("germany",), hex_in("egypt", ground_units=("britain",))))
    assert types(events) == ["AttackDeclared", "PolicyEnded"]
    assert events[1].cause is EndCause.AXIS_ATTACK


@pytest.mark.rule("TK-13.6.1.2")
def test_declaring_war_on_a_neutral_pac(table):
    """13.6.1.2: voluntarily ended when "The Axis faction declares war on a Neutral PAC in the War & Peace
    Segment (6.1)." Sweden (Western by priority 4) is under Guarantees with the other Western minors."""
    table.given(war=WarState.LIMITED_WAR, posture={"western_minors": "guarantees"})
    events = table.act(c.ActivateNeutral("axis", "sweden", Trigger.DECLARE_WAR), 2)
    assert types(events) == ["NeutralActivated", "MinorSetUp", "PolicyEnded"]
    assert events[2].cause is EndCause.DECLARE_WAR_ON_NEUTRAL_PAC


@pytest.mark.rule("TK-13.6.1.2")
def test_declaring_war_on_a_neutral_pac_is_prohibited_in_pre_war(table):
    """13.6.1.2: the declaration would end a policy voluntarily during Pre-War, so it is prohibited."""
    table.given(posture={"western_minors": "guarantees"})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ActivateNeutral("axis", "sweden", Trigger.DECLARE_WAR), 2)
    assert refused.value.rule_id == "TK-13.6.1.2"
    assert table.country("sweden").status.value == "neutral"


@pytest.mark.rule("TK-13.6.1.2")
def test_neutrals_pressured_or_political_option_applied_to_a_policy(table):
    """13.6.1.2: voluntarily ended when "A Neutrals Pressured (15.28) or Political Option (15.31) Political
    Event is applied to a Policy." """
    table.given(war=WarState.LIMITED_WAR, posture={"united_states": "isolationism", "russia": "treaty_of_rapallo"})
    events = table.act(c.ApplyPoliticalEvent("western", "political_option", policy="isolationism"))
    assert (events[0].policy, events[0].cause, events[0].voluntary) == ("isolationism", EndCause.POLITICAL_OPTION, True)
    events = table.act(c.ApplyPoliticalEvent("axis", "neutrals_pressured", policy="treaty_of_rapallo"))
    assert events[0].cause is EndCause.NEUTRALS_PRESSURED


@pytest.mark.rule("TK-13.6.1.2")
def test_the_north_sea_placement_does_not_end_appeasement(table):
    """13.6.1.2 example: "Britain's Posture is Appeasement and France's Posture is War. If the Axis player
    places a German support unit in the North Sea On Station Box, it does not end Britain's Appeasement." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN}, posture={"britain": "appeasement"})
    events = table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.ON_STATION, zone="north_sea"))
    assert types(events) == ["SupportUnitPlaced"]
    assert table.country("britain").posture == "appeasement"


@pytest.mark.rule("TK-13.6.1.2")
@pytest.mark.parametrize("order, ended, kept", [
    (("franco_russian_entente", "appeasement"), "franco_russian_entente", ("britain", "appeasement")),
    (("appeasement", "franco_russian_entente"), "appeasement", ("france", "franco_russian_entente")),
])
def test_two_pacs_in_the_north_sea_the_axis_chooses_which_policy_ends(table, order, ended, kept):
    """13.6.1.2 clarification and example: "Limited War is in effect, Britain and France are both PACs,
    and the Axis faction attempts to place a Submarine Fleet in the On Station Box of the North Sea Naval
    Zone. Since Britain and France both have Ports within that Naval Zone, the Axis faction must end one
    of the British or French Policies; it gets to choose which one." The first checked ends; the other
    may stay, since there is now an active Allied country at War."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN},
                posture={"britain": "appeasement", "france": "franco_russian_entente"})
    with pytest.raises(RuleViolation) as unordered:
        table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.ON_STATION, zone="north_sea"))
    assert unordered.value.rule_id == "TK-13.6.1.2"
    events = table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.ON_STATION, zone="north_sea",
                                          policy_order=order))
    assert [e.policy for e in events[1:]] == [ended]
    assert table.state.boxes[kept[0]] == kept[1]


@pytest.mark.rule("TK-13.6.1.2")
def test_adjacent_placement_ends_a_policy_unless_an_allied_country_at_war_is_near(table):
    """13.6.1.2: "An Axis support unit attempts placement adjacent to an Active PAC hex, unless that hex is
    also in or adjacent to another Allied Country with a Posture of War." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN, "italy": Faction.AXIS},
                posture={"britain": "appeasement"})
    near_france = table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.HEX,
                                               hex_in("libya", adjacent=("egypt", "tunisia"))))
    assert types(near_france) == ["SupportUnitPlaced"]
    alone = table.act(c.PlaceSupportUnit("axis", ("germany",), Placement.HEX, hex_in("libya", adjacent=("egypt",))))
    assert types(alone) == ["SupportUnitPlaced", "PolicyEnded"]


@pytest.mark.rule("TK-13.6.1.2")
def test_replacing_a_policy_with_a_truce_replaces_every_marker(table):
    """13.6.1.2: "If you are instructed to replace any Policy marker with a Truce marker, replace all of that
    Policy's markers with Truce markers." """
    table.given(war=WarState.LIMITED_WAR, posture={"russia": "nazi_soviet_pact", "soviet_minors": "nazi_soviet_pact"})
    table.act(c.ReplacePolicyWithTruce("axis", "nazi_soviet_pact", "armistice"))
    assert (table.state.boxes["russia"], table.state.boxes["soviet_minors"]) == ("armistice", "armistice")


@pytest.mark.rule("TK-13.6.1.2")
def test_enforced_peace_bars_only_the_axis_from_ending_the_ostland_accord(table):
    """13.6.1.2: "The Axis faction cannot voluntarily end the Ostland Accord Policy if the Enforced Peace
    marker (14.11) is on the Turn Track."
    Given Limited War, the Ostland Accord in Russia's box and Enforced Peace on the Turn Track,
    when the Axis applies Neutrals Pressured to it, then it is refused and nothing changes;
    when the Soviet faction applies the same event, then the policy ends (the restriction names the Axis only)."""
    table.given(war=WarState.LIMITED_WAR, posture={"russia": "ostland_accord"})
    table.moderator(c.SetEnforcedPeace(True))
    refused = table.refused("axis", c.ApplyPoliticalEvent("axis", "neutrals_pressured", policy="ostland_accord"))
    assert refused.rule_id == "TK-13.6.1.2"
    events = table.act(c.ApplyPoliticalEvent("soviet", "neutrals_pressured", policy="ostland_accord"))
    assert "PolicyEnded" in types(events)
    assert "ostland_accord" not in table.state.boxes.values()
