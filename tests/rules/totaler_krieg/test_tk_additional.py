"""Rules 13.8.3-13.8.7: multi-national units, civil war countries, partnership countries, Vichy and the
Pacific War Display."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import (
    ActivateAs,
    CountryMarker,
    CreateVia,
    Faction,
    PacificWar,
    Status,
    Trigger,
    VichyVia,
    WarState,
)
from tests.rules.totaler_krieg.tk_driver import Table, hex_in, types


@pytest.mark.rule("TK-13.8.3")
def test_case_yellow_breaks_down_the_aa_army(table):
    """13.8.3 example: "If a French step were in the Western AA Unit Holding Box and the Case Yellow
    Conditional Event were being performed, you would have to breakdown the AA infantry unit. The French
    unit would be removed from the game and the British BEF unit would remain on the map." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN})
    table.act(c.FormMultinationalUnit("western", "aa-1", "western_aa", ("britain", "france")))
    events = table.act(c.PerformEmergencyBreakdown("western", "aa-1", "france"))
    assert (events[0].removed, events[0].remaining, events[0].remaining_unit) == ("france", "britain", "BEF")
    assert "aa-1" not in table.state.multinational


@pytest.mark.rule("TK-13.8.3")
def test_the_ostland_accord_breaks_down_the_bal_hq(table):
    """13.8.3 example: performing the Ostland Accord, "you would have to remove the Soviet Bal HQ unit from
    the map and perform a breakdown ... the Russian component units would be removed [but] the minor
    country unit used to build the Bal HQ would remain on the map." """
    table.given(war=WarState.LIMITED_WAR, active={"baltic_states": Faction.SOVIET})
    table.act(c.FormMultinationalUnit("soviet", "bal", "soviet_bal_hq", ("russia", "baltic_states")))
    events = table.act(c.PerformEmergencyBreakdown("soviet", "bal", "russia"))
    assert events[0].remaining == "baltic_states"
    assert events[0].remaining_unit == "the baltic_states unit used to build it"


@pytest.mark.rule("TK-13.8.3")
def test_every_rule_of_either_nationality_applies(table):
    """13.8.3: "a multi-national unit is considered to belong to both nationalities ... any rule that applies
    to either one of its nationalities applies to that multi-national unit." With Britain under Appeasement
    (Pre-War) a British-French AA unit cannot leave British lands, nor French units enter them."""
    table.given(active={"france": Faction.WESTERN}, posture={"britain": "appeasement"})
    with pytest.raises(RuleViolation) as refused:
        table.act(c.EnterHex("western", ("britain", "france"), hex_in("vichy")))
    assert refused.value.rule_id == "TK-13.6.1"
    with pytest.raises(RuleViolation):
        table.act(c.EnterHex("western", ("britain", "france"), hex_in("britain")))


@pytest.mark.rule("TK-13.8.3")
def test_multi_national_units_are_the_listed_ones(table):
    """13.8.3: "You cannot use British colonial units to build the AA army"; an Axis PA unit is German and
    an Axis minor, never two minors."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN, "hungary": Faction.AXIS,
                                                  "rumania": Faction.AXIS})
    for command in (c.FormMultinationalUnit("western", "aa", "western_aa", ("britain", "france"), True),
                    c.FormMultinationalUnit("axis", "pa", "axis_pa", ("hungary", "rumania"))):
        with pytest.raises(RuleViolation) as refused:
            table.act(command)
        assert refused.value.rule_id == "TK-13.8.3"
    assert types(table.act(c.FormMultinationalUnit("axis", "pa", "axis_pa", ("germany", "hungary")))) \
        == ["MultinationalUnitFormed"]


@pytest.mark.rule("TK-13.8.4")
def test_operation_marita_and_spain_in_civil_war(table):
    """13.8.4 example: Axis card 25 Operation Marita names Spain, a Civil War Country. "If he chooses the
    Declare War option, that is applied normally. If he rolls on the Diplomatic Incident Table and gets a
    Free Passage result, that is ignored because it is not on the list of events that can be applied to a
    Civil War Country." Declared, Spain's alignment is determined normally (13.5: it borders no Soviet
    country, so Western) and it gets no Mobilization Roll."""
    table.given(war=WarState.LIMITED_WAR, markers={"spain": [CountryMarker.CIVIL_WAR]})
    ignored = table.act(c.ActivateNeutral("axis", "spain", Trigger.POLITICAL_EVENT, ActivateAs.AXIS, "free_passage"))
    assert types(ignored) == ["PoliticalEventHadNoResult"]
    assert table.country("spain").status is Status.NEUTRAL and table.country("spain").civil_war
    applied = table.act(c.ActivateNeutral("axis", "spain", Trigger.POLITICAL_EVENT, ActivateAs.ALLIED, "declare_war"))
    assert types(applied) == ["NeutralActivated", "MinorSetUp"]
    assert (applied[0].faction, applied[0].priority, applied[1].mobilization_roll) == (Faction.WESTERN, 4, None)
    assert not table.country("spain").civil_war


@pytest.mark.rule("TK-13.8.4")
def test_a_civil_war_country_accepts_only_the_listed_events(table):
    """13.8.4: "Only the following Political Events can be applied to a Civil War Country: Civil War Defeat,
    Civil War Victory, Declare War, No Pasaran!, Political Option, Provincial Independence, Republican
    Infighting, The Bell Tolls for Thee. Treat all other events as 'No Result'." """
    table.given(markers={"spain": [CountryMarker.CIVIL_WAR]})
    accepted = [e["name"] for e in table.projection("civil-war")["accepted_events"]]
    assert accepted == ["Civil War Defeat", "Civil War Victory", "Declare War", "No Pasaran!", "Political Option",
                        "Provincial Independence", "Republican Infighting", "The Bell Tolls for Thee"]
    assert types(table.act(c.ApplyPoliticalEvent("axis", "coup_detat", "spain"))) == ["PoliticalEventHadNoResult"]
    assert types(table.act(c.ApplyPoliticalEvent("axis", "no_pasaran", "spain"))) == ["PoliticalEventApplied"]


@pytest.mark.rule("TK-13.8.4")
def test_a_final_civil_war_victory_ends_the_civil_war(table):
    """13.8.4: a civil war ends by activation or "as the result of a final Civil War Defeat or Civil War
    Victory Political Event"; a standard game's Civil War Country is Spain."""
    table.given(markers={"spain": [CountryMarker.CIVIL_WAR]})
    with pytest.raises(RuleViolation) as not_spain:
        table.act(c.PlaceCountryMarker("axis", "portugal", CountryMarker.CIVIL_WAR))
    assert not_spain.value.rule_id == "TK-13.8.4"
    events = table.act(c.ApplyPoliticalEvent("axis", "civil_war_victory", "spain", final=True))
    assert types(events) == ["CivilWarEnded"]
    assert not table.country("spain").civil_war


@pytest.mark.rule("TK-13.8.4")
def test_breakaway_regions(table):
    """13.8.4: "A Breakaway Region may become a separate Minor Country through the Provincial Independence
    Political Event (15.34). Unless that happens however, a Breakaway Region is considered part of its Civil
    War Country for all purposes." """
    table.given(markers={"spain": [CountryMarker.CIVIL_WAR]})
    assert table.projection("civil-war")["countries"]["spain"]["breakaway_regions"] == ["basque", "catalonia"]
    assert table.owner("basque") == "spain"
    table.act(c.CreateMinor("western", "basque", CreateVia.PROVINCIAL_INDEPENDENCE))
    assert (table.owner("basque"), table.country("basque").status) == ("basque", Status.NEUTRAL)


@pytest.mark.rule("TK-13.8.4")
def test_any_minor_may_be_in_civil_war_in_the_random_campaign():
    """13.8.4: "In the Axis Empires Expansion Kit Random Campaign Game, it could be another Minor Country." """
    table = Table(random_campaign=True)
    events = table.act(c.PlaceCountryMarker("axis", "portugal", CountryMarker.CIVIL_WAR))
    assert types(events) == ["CountryMarkerPlaced"]


@pytest.mark.rule("TK-13.8.5")
def test_partnership_country(table):
    """13.8.5: the country is one of France, Italy, Poland, Spain, Turkey; a Minor Country of the faction
    playing the card; never conquered or liberated. "Creating a Partnership Country puts all of a Minor
    Country's Partnership ground units into the Delay Box." One per faction."""
    table.given(war=WarState.LIMITED_WAR, active={"poland": Faction.WESTERN, "greece": Faction.WESTERN,
                                                  "turkey": Faction.WESTERN, "italy": Faction.AXIS})
    for power, country in (("western", "greece"), ("western", "italy"), ("soviet", "poland")):
        with pytest.raises(RuleViolation) as refused:
            table.act(c.CreatePartnership(power, country))
        assert refused.value.rule_id == "TK-13.8.5"
    events = table.act(c.CreatePartnership("western", "poland"))
    assert [(p.unit, p.location.value) for p in events[0].placements] == [("pol-p1", "delay_box")]
    with pytest.raises(RuleViolation) as second:
        table.act(c.CreatePartnership("western", "turkey"))
    assert second.value.rule_id == "TK-13.8.5"


@pytest.mark.rule("TK-13.8.5")
def test_a_once_conquered_country_cannot_be_a_partner(table):
    """13.8.5: "It has not been conquered or liberated at any point in the game." """
    table.given(war=WarState.LIMITED_WAR, conquered={"turkey": Faction.WESTERN})
    table.act(c.ReactivateCountry("western", "turkey", c.ReactivateVia.CONQUERED_COUNTRY_REACTIVATION))
    with pytest.raises(RuleViolation) as refused:
        table.act(c.CreatePartnership("western", "turkey"))
    assert "conquered or liberated" in refused.value.message


@pytest.mark.rule("TK-13.8.6")
def test_case_yellow_creates_neutral_vichy(table):
    """13.8.6: "The Vichy Home Country consists of all French Home Country lands that have not been ceded to
    Germany (either directly or as a Dependent), including the island of Corsica. Any Dependents identified
    as French Dependents are Vichy Dependents." 13.8.6.1: Case Yellow makes it Neutral with the Vichy
    marker in w3217; "France" refers to the country only before it is conquered."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN},
                ceded=["german_occupied_france", "german_alsace_lorraine"])
    events = table.act(c.FormVichy("axis", VichyVia.CASE_YELLOW))
    assert (events[0].status, events[0].marker_hex) == (Status.NEUTRAL, "w3217")
    assert table.sit.home("vichy") == ("france", "vichy")
    assert table.sit.dependents("vichy") == ("algeria", "morocco", "syria", "tunisia")
    with pytest.raises(RuleViolation) as became_vichy:
        table.act(c.SelectCountry("axis", "france"))
    assert "has become Vichy" in became_vichy.value.message


@pytest.mark.rule("TK-13.8.6")
@pytest.mark.parametrize("power, event, location", [("axis", "VichyFleetSeized", "force_pool"),
                                                    ("western", "VichyFleetSunk", "removed")])
def test_the_neutral_vichy_fleet(table, power, event, location):
    """13.8.6.1: "The Vichy Surface Fleet unit may be added to the Axis Force Pool as the result of an Axis
    Neutrals Pressured Political Event (15.28). The Vichy Surface Fleet unit may be removed from the game by
    a Western Neutrals Pressured Political Event." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN})
    table.act(c.FormVichy("axis", VichyVia.CASE_YELLOW))
    assert types(table.act(c.ApplyPoliticalEvent(power, "neutrals_pressured", "vichy", vichy_fleet=True))) == [event]
    assert table.state.units["vic-fleet"].location.value == location
    assert table.view()["vichy"]["home_ports"]["note"] == "for an Axis Vichy Surface Fleet, every Port in Neutral Vichy"


@pytest.mark.rule("TK-13.8.6")
def test_allied_conquest_creates_an_active_vichy_that_will_not_surrender(table):
    """13.8.6.2: "When Vichy is created through the Allied Minor Country Conquest Conditional Event, it is
    immediately created as an active Allied Minor Country." "No Surrender: Vichy is not subject to Allied
    Minor Country Conquest (16.1.1)." """
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN})
    events = table.act(c.ConquerCountry("axis", "france"))
    assert types(events) == ["VichyFormed", "MinorSetUp"]
    assert (table.country("vichy").status, table.country("vichy").alignment) == (Status.ACTIVE, Faction.WESTERN)
    french = table.units("france")
    assert (french["fra-1"], french["fra-p1"]) == ("conquered_box", "partnership_set_aside")
    with pytest.raises(RuleViolation) as refused:
        table.act(c.ConquerCountry("axis", "vichy"))
    assert refused.value.rule_id == "TK-13.8.6"


@pytest.mark.rule("TK-13.8.6")
def test_france_on_the_ds_map_is_never_conquered():
    """13.8.6.3: "France is always considered 'France' on the DS map; it can never be conquered." """
    table = Table(map="DS")
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN})
    for command in (c.ConquerCountry("axis", "france"), c.FormVichy("axis", VichyVia.CASE_YELLOW)):
        with pytest.raises(RuleViolation) as refused:
            table.act(command)
        assert refused.value.rule_id == "TK-13.8.6"


@pytest.mark.rule("TK-13.8.7")
def test_pacific_war_status_and_holding_box(table):
    """13.8.7: "An Allied faction's Pacific War Status will be one of No War, Limited War or Total War ...
    If there is no marker, its Pacific War Status is No War." Units in the Pacific Holding Box are out of
    play until returned to the Delay Box."""
    assert table.view()["pacific"] == {"western": {"status": "no_war", "holding": []},
                                       "soviet": {"status": "no_war", "holding": []}}
    with pytest.raises(RuleViolation) as axis:
        table.act(c.SetPacificWarStatus("axis", PacificWar.LIMITED_WAR))
    assert axis.value.rule_id == "TK-13.8.7"
    table.act(c.SetPacificWarStatus("western", PacificWar.LIMITED_WAR))
    table.act(c.SendToPacific("western", ("us-af-1", "br-fleet-2")))
    table.act(c.ReturnFromPacific("western", ("br-fleet-2",)))
    assert table.view()["pacific"]["western"] == {"status": "limited_war", "holding": ["us-af-1"]}


@pytest.mark.rule("TK-13.8.7")
@pytest.mark.parametrize("units, why", [
    (("fra-mag-1",), "a French fortress is not a support unit"),
    (("ita-fleet",), "a minor country's fleet is not a major power's"),
    (("no-such-unit",), "an unknown unit id"),
    (("rus-af-1",), "a Soviet unit is not the Western faction's to send"),
    (("br-fleet-1", "br-fleet-1"), "the same unit twice"),
    ((), "no unit at all"),
])
def test_the_pacific_holding_box_takes_the_faction_s_major_power_support_units_only(table, units, why):
    """13.8.7: "Pacific Holding Box: Support units that have been sent 'to the Pacific' through Pacific
    Commitment Political Events (15.30.1) are placed here."
    Given the Western faction's Pacific Holding Box, when it sends something that is not one of its major
    powers' support units, then it is refused with 13.8.7 and nothing changes."""
    assert table.refused("western", c.SendToPacific("western", units)).rule_id == "TK-13.8.7", why


@pytest.mark.rule("TK-13.8.7")
def test_a_unit_cannot_be_in_both_factions_pacific_holding_boxes(table):
    """13.8.7: a unit in the Pacific Holding Box "is considered to be 'out of play' until is returned":
    one counter, one place. Given a British fleet in the Western box, when it is sent again (by either
    Allied faction), then it is refused; once returned it may be sent again."""
    table.act(c.SendToPacific("western", ("br-fleet-1",)))
    assert table.refused("western", c.SendToPacific("western", ("br-fleet-1",))).rule_id == "TK-13.8.7"
    assert table.refused("soviet", c.SendToPacific("soviet", ("br-fleet-1",))).rule_id == "TK-13.8.7"
    table.act(c.SendToPacific("soviet", ("rus-fleet-1",)))
    assert table.view()["pacific"]["soviet"]["holding"] == ["rus-fleet-1"]
    table.act(c.ReturnFromPacific("western", ("br-fleet-1",)))
    table.act(c.SendToPacific("western", ("br-fleet-1", "us-af-1")))
    assert table.view()["pacific"]["western"]["holding"] == ["br-fleet-1", "us-af-1"]


@pytest.mark.rule("TK-13.8.3")
def test_case_yellow_forces_the_emergency_breakdown_of_the_aa_army(table):
    """13.8.3: "When a step belonging to one of the nationalities of a multi-national unit is removed from
    the game due to a Conditional Event, the owning faction must perform an Emergency Breakdown (2.3.4).
    The remaining component unit remains on the map."
    Given a British-French AA unit and a British-US 15 HQ, when Case Yellow removes France's units, then
    the same command breaks the AA unit down (France removed, the BEF remains) and leaves the 15 HQ alone."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN})
    table.act(c.FormMultinationalUnit("western", "aa-1", "western_aa", ("britain", "france")))
    table.act(c.FormMultinationalUnit("western", "hq-15", "western_15_hq", ("britain", "united_states")))
    events = table.act(c.FormVichy("axis", VichyVia.CASE_YELLOW))
    broken = [e for e in events if type(e).__name__ == "EmergencyBreakdownPerformed"]
    assert [(e.unit_id, e.removed, e.remaining, e.remaining_unit) for e in broken] == \
        [("aa-1", "france", "britain", "BEF")]
    assert set(table.state.multinational) == {"hq-15"}


@pytest.mark.rule("TK-13.8.3")
def test_a_conquered_minor_forces_the_breakdown_of_the_axis_pa(table):
    """13.8.3: a multi-national unit "belong[s] to both nationalities"; when one nationality's steps leave
    play the owner "must perform an Emergency Breakdown". Given an Axis PA of Germany and Hungary, when
    Hungary is conquered, then the PA is broken down in the same command and the German unit remains."""
    table.given(war=WarState.LIMITED_WAR, active={"hungary": Faction.AXIS})
    table.act(c.FormMultinationalUnit("axis", "pa", "axis_pa", ("germany", "hungary")))
    events = table.act(c.ConquerCountry("western", "hungary"))
    assert [(type(e).__name__, e.removed, e.remaining) for e in events[-1:]] == \
        [("EmergencyBreakdownPerformed", "hungary", "germany")]
    assert table.state.multinational == {}
