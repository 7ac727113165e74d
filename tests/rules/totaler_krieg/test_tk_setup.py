"""Rule 13.7: minor country set-up (steps 1-8), the mobilization roll and its exceptions, and the 13.7.2
set-up exceptions for Finland, Italy, Switzerland and Vichy."""
import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.vocabulary import ActivateAs, CountryMarker, Faction, Trigger, VichyVia, WarState
from tests.rules.totaler_krieg.tk_driver import types


def activate(table, country, faction=Faction.WESTERN, *rolls, **extra):
    return table.act(c.ActivateNeutral(faction.value, country, Trigger.OPTION_CARD, ActivateAs(faction.value),
                                       **extra), *rolls)


@pytest.mark.rule("TK-13.7")
def test_normal_set_up_steps_one_to_eight(table):
    """13.7.1: Step 1 sets aside the Partnership (P) counters; Step 2 puts the Res unit in the Force Pool;
    Step 3 puts delay-striped units (not fortresses) in the Delay Box; Step 5 places the rest in or next to
    City/Port hexes, one-step side up; Step 6 places a Mobilizing marker in the Capital; Step 7 rolls for
    Mobilizations; Step 8 removes Influence, Neutrality and Civil War markers."""
    table.given(markers={"poland": [CountryMarker.WESTERN_INFLUENCE, CountryMarker.NEUTRALITY]})
    setup = activate(table, "poland", Faction.WESTERN, 4)[1]
    steps = {p.unit: (p.step, p.location.value) for p in setup.placements}
    assert steps == {"pol-p1": ("1", "partnership_set_aside"), "pol-res": ("2", "force_pool"),
                     "pol-4": ("3", "delay_box"), "pol-1": ("5", "map"), "pol-2": ("5", "map"), "pol-3": ("5", "map")}
    assert (setup.capital_marker, setup.mobilization_roll) == ("mobilizing", 4)
    assert setup.cleared_markers == {CountryMarker.WESTERN_INFLUENCE, CountryMarker.NEUTRALITY}
    assert table.state.markers.get("poland") is None
    assert table.state.capital_markers["poland"] == ("mobilizing", Faction.WESTERN)


@pytest.mark.rule("TK-13.7")
def test_garrisons_and_fortresses_go_to_their_hexes(table):
    """13.7.1 Step 4: "Place any garrison and fortress units it may have in the appropriate hexes." A
    delay-striped fortress stays out of the Delay Box (Step 3 excepts fortress units)."""
    setup = activate(table, "czechoslovakia", Faction.WESTERN, 1)[1]
    where = {p.unit: (p.step, p.where) for p in setup.placements}
    assert where["cz-fort-1"] == ("4", "e3517") and where["cz-fort-2"] == ("4", "e3617")


@pytest.mark.rule("TK-13.7")
def test_mobilizations_flip_one_step_units(table):
    """13.7.1 Mobilization Roll: "The result is the total number of Mobilizations the Minor Country
    receives. Each Mobilization may be used ... to flip one one-step unit to its two-step side." """
    activate(table, "poland", Faction.WESTERN, 2)
    with pytest.raises(RuleViolation) as refused:
        table.act(c.MobilizeUnits("western", "poland", ("pol-1", "pol-2", "pol-3")))
    assert refused.value.rule_id == "TK-13.7"
    table.act(c.MobilizeUnits("western", "poland", ("pol-1",)))
    assert table.state.units["pol-1"].two_step and table.state.mobilizations["poland"] == 1


@pytest.mark.rule("TK-13.7")
@pytest.mark.parametrize("event, reason, marker", [
    ("coup_detat", "it was activated by Coup D'etat (15.9)", "mobilizing"),
    ("free_passage", "it was activated by Free Passage (15.15)", "free_passage"),
    ("gradual_decline", "it was activated by Gradual Decline (15.17)", "mobilizing"),
])
def test_no_mobilization_roll_after_these_events(table, event, reason, marker):
    """13.7.1 Step 7: no Mobilization Roll if activated by Coup D'etat (15.9), Free Passage (15.15) or
    Gradual Decline (15.17). Step 6: Free Passage places a Free Passage marker instead of Mobilizing."""
    setup = table.act(c.ActivateNeutral("axis", "hungary", Trigger.POLITICAL_EVENT, ActivateAs.AXIS, event))[1]
    assert (setup.mobilization_roll, setup.no_roll_reason, setup.capital_marker) == (None, reason, marker)


@pytest.mark.rule("TK-13.7")
def test_a_civil_war_country_gets_no_mobilization_roll(table):
    """13.7.1 Step 7 / 13.8.4: "If a Civil War Country is activated ... It does not receive a Mobilization
    Roll during setup." Step 8 removes its Civil War marker."""
    table.given(markers={"spain": [CountryMarker.CIVIL_WAR]})
    setup = activate(table, "spain", Faction.AXIS)[1]
    assert (setup.mobilization_roll, setup.no_roll_reason) == (None, "it is a Civil War Country (13.8.4)")
    assert not table.country("spain").civil_war


@pytest.mark.rule("TK-13.7")
def test_a_country_with_only_a_res_unit_sets_nothing_up_on_the_map(table):
    """13.7.1: "Some countries have only a Res unit and nothing else. So they don't set anything up on the
    map." """
    setup = activate(table, "ireland", Faction.WESTERN, 1)[1]
    assert [(p.unit, p.location.value) for p in setup.placements] == [("ire-res", "force_pool")]


@pytest.mark.rule("TK-13.7")
@pytest.mark.parametrize("ceded, location", [((), "map"), (("russian_finnish_frontier",), "removed")])
def test_finland_s_man_forts(table, ceded, location):
    """13.7.2 Finland: "The Man fortress units are set up in hexes e4607 and 4707 if the Finnish Frontier
    Region is part of Finland. If the Finnish Frontier has been ceded to Russia, these units are removed
    from the game." """
    table.given(ceded=ceded)
    setup = activate(table, "finland", Faction.WESTERN, 1)[1]
    forts = {p.unit: (p.location.value, p.where) for p in setup.placements if p.unit.startswith("fin-man")}
    hexes = ("e4607", "e4707") if location == "map" else (None, None)
    assert forts == {"fin-man-1": (location, hexes[0]), "fin-man-2": (location, hexes[1])}


@pytest.mark.rule("TK-13.7")
def test_italy_s_set_up(table):
    """13.7.2 Italy: placed before the rest - three 0-1-2 infantry [5, 9, 10] in or next to City/Port hexes
    in Albania and/or Libya; the Rhodes garrison in e1908; the Convoy marker in the Western Mediterranean,
    Central Mediterranean or Adriatic Convoys Box (either mode); two 1-1-3 infantry [1, 8], a 0-1-2
    colonial infantry, a 1-1-3 mech [Exp], the Regia Marina and War Economy +1 in the Delay Box."""
    with pytest.raises(RuleViolation) as no_box:
        activate(table, "italy", Faction.AXIS, 1, convoy_box="north_sea", convoy_mode="supply")
    assert no_box.value.rule_id == "TK-13.7"
    setup = activate(table, "italy", Faction.AXIS, 1, convoy_box="adriatic", convoy_mode="troop")[1]
    where = {p.unit: (p.location.value, p.where) for p in setup.placements}
    assert where["ita-5"] == ("map", "in or adjacent to City/Port hexes in Albania and/or Libya, one unit per hex")
    assert where["ita-rho"] == ("map", "e1908")
    assert where["ita-convoy"] == ("convoy_box", "adriatic (troop)")
    assert {u for u, (loc, _) in where.items() if loc == "delay_box"} == \
        {"ita-1", "ita-8", "ita-col", "ita-exp", "ita-fleet", "ita-we1"}
    assert where["ita-p1"][0] == "partnership_set_aside" and where["ita-res"][0] == "force_pool"


@pytest.mark.rule("TK-13.7")
def test_switzerland_sets_up_infantry_and_a_fortress_in_each_hex(table):
    """13.7.2 Switzerland: "A one-step infantry unit and a one-step fortress unit are placed in each Swiss
    hex." """
    setup = activate(table, "switzerland", Faction.WESTERN, 1)[1]
    assert {p.unit: p.where for p in setup.placements} == {
        "swi-inf-1": "w3416", "swi-fort-1": "w3416", "swi-inf-2": "w3516", "swi-fort-2": "w3516"}


@pytest.mark.rule("TK-13.7")
@pytest.mark.parametrize("faction, fleet", [(Faction.AXIS, "delay_box"), (Faction.WESTERN, "removed")])
def test_vichy_sets_up_its_v_counters_without_a_roll(table, faction, fleet):
    """13.7.2 Vichy: three colonial infantry in or next to cities in Vichy (not Occupied France) or its
    dependents, the Res in the Force Pool, four units in the Delay Box; the Surface Fleet and Convoy go to
    the Delay Box if Vichy is activated as Axis, and are removed from the game if Allied. Step 7: no
    Mobilization Roll for Vichy."""
    table.given(war=WarState.LIMITED_WAR, active={"france": Faction.WESTERN}, ceded=["german_occupied_france"])
    table.act(c.FormVichy("axis", VichyVia.CASE_YELLOW))
    setup = table.act(c.ActivateNeutral(faction.value, "vichy", Trigger.OPTION_CARD, ActivateAs(faction.value)))[1]
    where = {p.unit: (p.location.value, p.where) for p in setup.placements}
    assert where["vic-col-1"][1] == "in or adjacent to City/Port hexes in France (Corsica and the lands outside its " \
                                    "Regions) and/or Alsace-Lorraine and/or Vichy and/or Algeria and/or Morocco " \
                                    "and/or Syria and/or Tunisia, one unit per hex"
    assert where["vic-res"][0] == "force_pool" and where["vic-7"][0] == "delay_box"
    assert (where["vic-fleet"][0], where["vic-convoy"][0]) == (fleet, fleet)
    assert (setup.mobilization_roll, setup.no_roll_reason) == (None, "the country is Vichy")
    assert types(table.events[-2:]) == ["NeutralActivated", "MinorSetUp"]
