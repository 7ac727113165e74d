"""Rules 13.4 and 13.5: country status (activation, conquest, re-activation) and alignment."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import (
    ActivateAs,
    CountryMarker,
    Faction,
    ReactivateVia,
    Status,
    Trigger,
    WarState,
)
from tests.rules.totaler_krieg.tk_driver import hex_in, types


@pytest.mark.rule("TK-13.4")
def test_a_major_is_always_active_and_cannot_be_conquered(table):
    """13.4: "A Major Country always has a status of Active." """
    assert [table.country(m).status for m in ("britain", "germany", "russia", "united_states")] == [Status.ACTIVE] * 4
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ConquerCountry("axis", "britain"))
    assert refused.value.rule_id == "TK-13.4"


@pytest.mark.rule("TK-13.4")
def test_a_neutral_minor_s_units_are_set_aside_and_off_the_map(table):
    """13.4: "If a Minor Country is Neutral, its units and markers are set aside and cannot be placed on
    the map." """
    assert set(table.units("turkey").values()) == {"set_aside"}
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("western", ("turkey",), hex_in("turkey")))
    assert refused.value.rule_id == "TK-13.4"


@pytest.mark.rule("TK-13.4")
def test_declaring_war_activates_a_neutral_and_sets_it_up(table):
    """13.4: a Neutral Country selected in the Declare War part of the War & Peace Segment is activated:
    its status becomes Active, its alignment is determined (13.5) and its units are set up (13.7)."""
    table.given(war=WarState.LIMITED_WAR)
    events = table.act(c.ActivateNeutral("western", "bulgaria", Trigger.DECLARE_WAR), 5)
    assert types(events) == ["NeutralActivated", "MinorSetUp"]
    assert (events[0].faction, events[0].priority) == (Faction.AXIS, 1)
    assert (table.country("bulgaria").status, table.country("bulgaria").alignment) == (Status.ACTIVE, Faction.AXIS)


@pytest.mark.rule("TK-13.4")
def test_only_a_neutral_minor_can_be_activated(table):
    """13.4: activation applies to a Neutral Country."""
    table.given(active={"greece": Faction.WESTERN})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ActivateNeutral("axis", "greece", Trigger.OPTION_CARD, ActivateAs.ALLIED))
    assert refused.value.rule_id == "TK-13.2"


@pytest.mark.rule("TK-13.4")
def test_conquest_puts_the_units_in_the_conquered_minor_countries_box(table):
    """13.4: "If a Minor Country is Conquered, its units are placed in its faction's Conquered Minor
    Countries Box and cannot be placed on the map." """
    table.given(war=WarState.LIMITED_WAR, conquered={"greece": Faction.WESTERN})
    greece = table.country("greece")
    assert (greece.status, greece.alignment) == (Status.CONQUERED, Faction.WESTERN)
    assert set(table.units("greece").values()) == {"conquered_box"}


@pytest.mark.rule("TK-13.4")
def test_an_allied_faction_reactivates_its_own_conquered_country(table):
    """13.4: re-activation by the Allied Conquered Country Reactivation Conditional Event "immediately
    changes its status to Active. The Minor Country's units are moved from the Conquered Minor Countries
    Box to the Force Pool." """
    table.given(war=WarState.LIMITED_WAR, conquered={"greece": Faction.WESTERN})
    with pytest.raises(RuleViolation):
        table.act(c.ReactivateCountry("soviet", "greece", ReactivateVia.CONQUERED_COUNTRY_REACTIVATION))
    events = table.act(c.ReactivateCountry("western", "greece", ReactivateVia.CONQUERED_COUNTRY_REACTIVATION))
    assert types(events) == ["CountryReactivated"]
    assert table.country("greece").status is Status.ACTIVE
    assert set(table.units("greece").values()) == {"force_pool"}


@pytest.mark.rule("TK-13.4")
def test_the_axis_reactivates_a_conquered_country_with_minor_country_created(table):
    """13.4: "The Axis faction performs the Minor Country Created Political Event (15.25)." """
    table.given(war=WarState.LIMITED_WAR, conquered={"greece": Faction.WESTERN})
    table.act(c.ReactivateCountry("axis", "greece", ReactivateVia.MINOR_COUNTRY_CREATED))
    assert (table.country("greece").status, table.country("greece").alignment) == (Status.ACTIVE, Faction.AXIS)


@pytest.mark.rule("TK-13.5")
def test_poland_s_alignment_under_pre_war(table_1939):
    """13.5 example: Aug-Sept 1939, Pre-War, card 15 Demand Polish Corridor, Country Resists. No card
    faction (1), no Republican Stronghold (2), no influence marker (3); Poland borders Russia, so not
    priority 4. "Pre-War is in effect, so the Axis faction gets to pick Poland's alignment. The Western
    faction is chosen." """
    events = table_1939.act(c.ActivateNeutral("axis", "poland", Trigger.POLITICAL_EVENT, ActivateAs.ALLIED,
                                              "country_resists", axis_choice=Faction.WESTERN), 2)
    activated = events[0]
    assert (activated.faction, activated.priority, activated.roll) == (Faction.WESTERN, 5, None)
    assert table_1939.country("poland").alignment is Faction.WESTERN


@pytest.mark.rule("TK-13.5")
def test_priority_5_needs_the_axis_choice(table_1939):
    """13.5 priority 5: "If Pre-War is in effect, the Axis player must choose an Allied faction." """
    with pytest.raises(RuleViolation) as refused:
        table_1939.act(c.ActivateNeutral("axis", "poland", Trigger.POLITICAL_EVENT, ActivateAs.ALLIED,
                                         "country_resists"))
    assert refused.value.rule_id == "TK-13.5"
    with pytest.raises(RuleViolation):
        table_1939.act(c.ActivateNeutral("axis", "poland", Trigger.POLITICAL_EVENT, ActivateAs.ALLIED,
                                         "country_resists", axis_choice=Faction.AXIS))


@pytest.mark.rule("TK-13.5")
def test_priority_1_a_named_faction(table):
    """13.5 priority 1: "If an option card, rule, or event specifies a faction, the Neutral Minor Country
    aligns with that faction." """
    events = table.act(c.DetermineAlignment("soviet", "poland", specified=Faction.SOVIET))
    assert (events[0].faction, events[0].priority) == (Faction.SOVIET, 1)


@pytest.mark.rule("TK-13.5")
def test_priority_2_republican_stronghold(table):
    """13.5 priority 2: "If there is a Republican Stronghold marker in the Country, it aligns with the
    Allied faction shown on the Republican Support marker." """
    table.act(c.SetRepublicanSupport("soviet", Faction.SOVIET))
    table.given(markers={"spain": [CountryMarker.REPUBLICAN_STRONGHOLD, CountryMarker.WESTERN_INFLUENCE]})
    assert (table.country("spain").alignment, table.country("spain").alignment_priority) == (Faction.SOVIET, 2)


@pytest.mark.rule("TK-13.5")
def test_priority_3_influence_marker(table):
    """13.5 priority 3: "If a Soviet or Western Influence marker is in the Country, it aligns with the
    Allied faction shown on the marker." (Poland borders Russia, so priority 4 would not decide it.)"""
    table.given(markers={"poland": [CountryMarker.SOVIET_INFLUENCE]})
    assert (table.country("poland").alignment, table.country("poland").alignment_priority) == (Faction.SOVIET, 3)


@pytest.mark.rule("TK-13.5")
def test_priority_4_no_border_with_a_soviet_country(table):
    """13.5 priority 4: "If the country does not share a Border with any Soviet Country, it aligns with the
    Western faction." Sweden touches only Norway and Finland."""
    assert (table.country("sweden").alignment, table.country("sweden").alignment_priority) == (Faction.WESTERN, 4)


@pytest.mark.rule("TK-13.5")
def test_priority_6_no_axis_or_western_strategic_hex(table):
    """13.5 priority 6 (past Pre-War): "If the Country does not contain an Axis or Western Strategic Hex, it
    aligns with the Soviet faction." Bulgaria borders a Soviet country once Rumania is Soviet, and holds
    no Axis or Western Strategic Hex."""
    table.given(war=WarState.LIMITED_WAR, active={"rumania": Faction.SOVIET})
    assert (table.country("bulgaria").alignment, table.country("bulgaria").alignment_priority) == (Faction.SOVIET, 6)


@pytest.mark.rule("TK-13.5")
@pytest.mark.parametrize("roll, faction", [(3, Faction.WESTERN), (4, Faction.SOVIET)])
def test_priority_7_an_auditable_die_roll(table, roll, faction):
    """13.5 priority 7: "Roll an unmodified die. If the result is 3 or less, it aligns with the Western
    faction. If it is 4 or more, it aligns with the Soviet faction." The roll is in the event."""
    table.given(war=WarState.LIMITED_WAR)
    assert table.country("poland").alignment_needs == "die_roll"
    events = table.act(c.ActivateNeutral("axis", "poland", Trigger.DECLARE_WAR), roll, 1)
    assert (events[0].faction, events[0].priority, events[0].roll) == (faction, 7, roll)


@pytest.mark.rule("TK-13.5")
def test_a_major_never_switches_a_minor_may(table):
    """13.5: "A Major Country ... cannot switch its alignment. A Minor Country ... may switch its alignment
    to a different faction." """
    table.given(active={"hungary": Faction.AXIS})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.SwitchAlignment("western", "britain", Faction.SOVIET))
    assert refused.value.rule_id == "TK-13.5"
    table.act(c.SwitchAlignment("soviet", "hungary", Faction.SOVIET))
    assert table.country("hungary").alignment is Faction.SOVIET


@pytest.mark.rule("TK-13.5")
def test_an_active_minor_with_nothing_left_in_the_force_pool_keeps_its_alignment(table):
    """13.5: "an Active Country may have built all its units on the board and have nothing remaining in
    its faction's Force Pool - but that Country remains aligned with its faction." """
    table.given(active={"switzerland": Faction.WESTERN})
    assert set(table.units("switzerland").values()) == {"map"}
    assert table.country("switzerland").alignment is Faction.WESTERN
