"""Rule 32.6: British and French declarations of war on Germany or Italy."""
import pytest

from domain.gathering_storm import commands as c
from domain.gathering_storm.verdict import Kind, Mode, Outcome


@pytest.mark.rule("GS-32.61A")
def test_seed_example_france_plus_two_britain_minus_one(table):
    """32.61A EXAMPLE: "France's result is +2; Britain's is -1. France may declare war because the overall
    result is positive (+1); Britain may not, because its result is negative." Germany is committing the
    Austrian aggression; France's support is 3, Britain's 0, Germany's 1."""
    table.given(aggression=("Germany", "Austria", 0), support={"France": 3, "Britain": 0, "Germany": 1})
    table.declare("France", "Germany")
    table.declare("Britain", "Germany")
    table.end_crisis()
    assert (table.ruling("France", "Germany").verdict.net, table.ruling("Britain", "Germany").verdict.net) == (2, -1)
    assert table.wars == {("France", "Germany")}


@pytest.mark.rule("GS-32.61A")
def test_seed_example_britain_minus_two_offsets_france(table):
    """32.61A EXAMPLE: "If Britain's result was -2, neither Allied major power could declare war, because
    the overall result would be 0." """
    table.given(aggression=("Germany", "Austria", 0), support={"France": 3, "Britain": -1, "Germany": 1})
    table.declare("France", "Germany")
    table.declare("Britain", "Germany")
    table.end_crisis()
    assert table.condition("France", "Germany", "GS-32.61A", "offset") is False
    assert table.wars == set()


@pytest.mark.rule("GS-32.61A")
def test_a_result_of_zero_does_not_offset(table):
    """32.61A: only the other Ally's "negative result" offsets: France +2 with Britain at 0 may declare."""
    table.given(aggression=("Germany", "Austria", 0), support={"France": 3, "Britain": 1, "Germany": 1})
    table.declare("France", "Germany")
    table.end_crisis()
    assert (table.verdict("France", "Germany").net, table.verdict("Britain", "Germany").net) == (2, 0)
    assert table.ruling("France", "Germany").outcome is Outcome.WAR


@pytest.mark.rule("GS-32.61A")
def test_the_offset_counts_even_if_the_other_ally_does_not_declare(table):
    """32.61A: a unilateral declaration stands only if "its positive result is not fully offset or exceeded
    by the other Allied major power's negative result" - Britain's result counts though only France
    declares."""
    table.given(aggression=("Germany", "Austria", 0), support={"France": 3, "Britain": -1, "Germany": 1})
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.ruling("France", "Germany").outcome is Outcome.NO_WAR


@pytest.mark.rule("GS-32.61A")
def test_joint_response_when_both_exceed(table):
    """32.61A: "If Britain and France both exceed the threshold value for declaring war, both may declare
    war." Responses need no mobilization and are never mere threats."""
    table.given(aggression=("Italy", "Ethiopia", 1), support={"Britain": 1, "France": 1},
                unmobilized=["Britain", "France"])
    table.threaten("Britain", "Italy")
    table.declare("France", "Italy")
    table.end_crisis()
    assert table.verdict("Britain", "Italy").mode is Mode.DECLARATION
    assert table.wars == {("Britain", "Italy"), ("France", "Italy")}


@pytest.mark.rule("GS-32.61B")
def test_pre_emptive_war_must_be_joint(table):
    """32.61B: "Britain and France must both meet the threshold requirement to declare war; a unilateral
    declaration of war by only one Allied major power is not permitted." """
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 2})
    table.declare("Britain", "Germany")
    table.end_crisis()
    assert table.condition("Britain", "Germany", "GS-32.61B", "also declares") is False
    assert table.wars == set()


@pytest.mark.rule("GS-32.61B")
def test_both_allies_must_exceed_for_pre_emptive_war(table):
    """32.61B: both must meet the threshold; France (support 0 vs Germany 0) does not, so neither may."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 0})
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.condition("Britain", "Germany", "GS-32.61B", "also exceeds") is False
    assert table.wars == set()


@pytest.mark.rule("GS-32.61B")
def test_fully_mobilized_allies_declare_without_a_second_aggression(table):
    """32.61B: "If Britain and France are both fully mobilized: The Allies may make a pre-emptive
    declaration of war against the more aggressive Axis major power whether or not it has carried out a
    second aggression" and it "may not avoid war by making concessions"."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 1}, rhineland=True)
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.verdict("France", "Germany").mode is Mode.DECLARATION
    assert table.wars == {("Britain", "Germany"), ("France", "Germany")}


@pytest.mark.rule("GS-32.61B")
def test_allies_not_mobilized_may_threaten_only_after_a_second_aggression(table):
    """32.61B: "If Britain and France are not both fully mobilized: The Allies may only threaten a
    pre-emptive declaration of war against the more aggressive Axis major power if it has carried out a
    second aggression." The Rhineland is not one (a second aggression is "a German aggression other than
    the Rhineland"); Austria is."""
    table.given(mobilized=["France"], unmobilized=["Britain"], support={"Britain": 2, "France": 2}, rhineland=True)
    table.threaten("Britain", "Germany")
    table.threaten("France", "Germany")
    assert table.verdict("Britain", "Germany").mode is Mode.THREAT
    assert table.condition("Britain", "Germany", "GS-32.61B", "second aggression") is False
    table.given(successful=["Austria"])
    assert table.verdict("Britain", "Germany").legal is True


@pytest.mark.rule("GS-32.61B")
def test_pre_emptive_war_only_against_the_more_aggressive_axis_power(table):
    """32.61B: "War only against the more aggressive Axis major power" - "the Axis major power with the
    higher aggression total". Italy (Ethiopia 1 + Albania 1 + Greece 2 = 4) outranks Germany (Rhineland 1
    + Austria 2 = 3)."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 2},
                successful=["Rhineland", "Austria", "Ethiopia", "Albania", "Greece"])
    assert table.condition("Britain", "Germany", "GS-32.61B", "more aggressive") is False
    assert table.condition("Britain", "Italy", "GS-32.61B", "more aggressive") is True


@pytest.mark.rule("GS-32.61B")
def test_germany_is_the_more_aggressive_when_tied(table):
    """32.61B: "the Axis major power with the higher aggression total (Germany if tied)". Czechoslovakia
    (3) includes the Sudetenland, so Germany's total is 3, tied with Italy's Yugoslavia (3)."""
    table.given(successful=["Sudetenland", "Czechoslovakia", "Yugoslavia"])
    assert table.decider.view(table.state, "moderator")["facts"]["aggression_totals"] == {"Germany": 3, "Italy": 3}
    assert table.condition("France", "Germany", "GS-32.61B", "more aggressive") is True
    assert table.condition("France", "Italy", "GS-32.61B", "more aggressive") is False


@pytest.mark.rule("GS-32.61B")
def test_no_pre_emptive_war_while_the_other_axis_power_commits_an_aggression(table):
    """32.61B: "Neither Axis major power may have committed an aggression in the turn in which pre-emptive
    war is threatened or declared." Italy's Albanian demand stands; the Allies do not answer it."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 2},
                aggression=("Italy", "Albania", 0))
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.condition("Britain", "Germany", "GS-32.61B", "Italy commits no aggression") is False
    assert table.wars == set()


@pytest.mark.rule("GS-32.61B")
def test_a_demand_backed_down_from_does_not_stop_pre_emptive_war(table):
    """32.61B: "An Axis major power that backed down in a crisis after attempting an aggression is
    considered not to be committing an aggression"; the calculations are made "without considering the
    resistance level of the minor country that was the target of the Axis major power's initial demand".
    "Germany cannot prevent an Allied pre-emptive declaration of war by making an aggressive demand, then
    backing down." """
    table.given(mobilized=["Britain", "France"], support={"Britain": 1, "France": 1},
                aggression=("Germany", "Czechoslovakia", 4, True))
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.ruling("Britain", "Germany").verdict.kind is Kind.PRE_EMPTIVE
    assert table.modifier("Britain", "Germany", "minor country resistance") == 0
    assert table.wars == {("Britain", "Germany"), ("France", "Germany")}


@pytest.mark.rule("GS-32.61B")
def test_second_aggression_increases_count_only_against_their_trigger(table):
    """32.61B: "Allied support increases from an Axis second aggression are only taken into account in
    determining whether Britain and France meet the threshold requirement to declare or threaten to
    declare pre-emptive war against the Axis major power that triggered the support increase." """
    table.given(mobilized=["Britain", "France"], second={("Britain", "Germany"): 2, ("France", "Italy"): 2})
    assert table.modifier("Britain", "Germany", "second-aggression support increase") == 2
    assert table.modifier("France", "Germany", "second-aggression support increase") == 0


@pytest.mark.rule("GS-32.62")
def test_britain_and_france_are_computed_separately(table):
    """32.62: "The ability of Britain and France to declare war on Germany or Italy is calculated
    separately": each its own support level (B) with the shared balance of power (A), EAI (C) and the
    resistance of the minor country that is the target of aggression (D)."""
    table.given(aggression=("Germany", "Sudetenland", 2), balance_of_power=1, eai=1,
                support={"Britain": 2, "France": 4, "Germany": 3})
    britain, france = table.verdict("Britain", "Germany"), table.verdict("France", "Germany")
    assert [(m.name, m.value) for m in britain.modifiers if m.value] == [
        ("balance of power", -1), ("support levels", -1), ("European Aggression Index", 1),
        ("minor country resistance", 2)]
    assert (britain.net, france.net) == (1, 3)


@pytest.mark.rule("GS-32.62")
def test_the_minor_country_s_resistance_counts_only_in_response(table):
    """32.62D: "The resistance level of a minor country that is the target of aggression in the turn in
    which war is being declared." No aggression, no such modifier."""
    table.given(aggression=("Italy", "Greece", 3))
    assert table.modifier("France", "Italy", "minor country resistance") == 3
    assert table.modifier("France", "Germany", "minor country resistance") == 0


@pytest.mark.rule("GS-32.63")
def test_allies_retaliate_for_a_german_declaration_on_russia_with_russia_s_war_readiness(table):
    """32.63: "If Germany declares war on Russia, Britain and France may retaliate by declaring war on
    Germany if they meet the threshold requirement. Russia's war readiness (32.42D) is added to the Allied
    totals." Britain's own total (support 1 vs 3, EAI +2) is 0; Russia's readiness (support 3) makes it
    +3."""
    table.given(rhineland=True, mobilized=["Germany"], control={"Poland": "Germany"}, eai=2,
                support={"Germany": 3, "Russia": 3, "Britain": 1, "France": 1})
    assert table.condition("Britain", "Germany", "GS-32.63", "Germany declared war", Kind.RETALIATION) is False
    table.declare("Germany", "Russia")
    table.declare("Britain", "Germany")
    table.end_crisis()
    ruling = table.ruling("Britain", "Germany")
    assert (ruling.verdict.kind, ruling.verdict.net) == (Kind.RETALIATION, 3)
    assert table.modifier("Britain", "Germany", "Russia's war readiness", Kind.RETALIATION) == 3
    assert table.wars == {("Germany", "Russia"), ("Britain", "Germany")}


@pytest.mark.rule("GS-32.61B")
@pytest.mark.parametrize("aggression", ["Austria", "Ethiopia"])
def test_no_pre_emptive_war_in_a_turn_an_aggression_succeeded(table, aggression):
    """32.61B "No aggressions in the turn of the declaration of war: Neither Axis major power may have
    committed an aggression in the turn in which pre-emptive war is threatened or declared."
    Given fully mobilized Allies able to pre-empt Germany (Rhineland last turn), when an aggression by
    Germany (Austria) or by Italy (Ethiopia) is recorded as successful this turn, with no demand recorded,
    then the pre-emptive declarations are illegal and no war breaks out."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 2}, rhineland=True,
                successful_this_turn=[aggression])
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    assert table.verdict("Britain", "Germany").kind is Kind.PRE_EMPTIVE
    assert table.verdict("Britain", "Germany").legal is False
    table.end_crisis()
    assert table.wars == set()


@pytest.mark.rule("GS-32.61B")
def test_an_aggression_successful_in_an_earlier_turn_does_not_block_pre_emptive_war(table):
    """32.61B: the bar is an aggression "in the turn in which pre-emptive war is threatened or declared".
    Given Austria recorded successful in the previous turn, when the mobilized Allies declare, then war."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 2, "France": 2}, successful=["Austria"])
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.end_crisis()
    assert table.wars == {("Britain", "Germany"), ("France", "Germany")}


@pytest.mark.rule("GS-32.61B")
def test_italy_s_demand_on_yugoslavia_counts_once_made_and_in_later_turns(table):
    """32.61B definitions: "The 'aggression total' is the cumulative value of each Axis major power's
    successful aggressions (Italian aggressions against Greece and Yugoslavia count once the aggressive
    demand has been made without triggering war with the Allies)" - Yugoslavia (3).
    Given Germany's Rhineland (1), when Italy demands Yugoslavia and no war follows, then Italy's total is 3
    this turn and the next, where Italy (not Germany) is the more aggressive Axis power."""
    table.given(rhineland=True, aggression=("Italy", "Yugoslavia", 1))
    assert table.view("moderator")["facts"]["aggression_totals"] == {"Germany": 1, "Italy": 3}
    table.end_crisis()
    table.moderator(c.StartTurn())
    assert table.view("moderator")["facts"]["aggression_totals"] == {"Germany": 1, "Italy": 3}
    assert table.condition("Britain", "Italy", "GS-32.61B", "more aggressive") is True
    assert table.condition("Britain", "Germany", "GS-32.61B", "more aggressive") is False


@pytest.mark.rule("GS-32.61B")
def test_a_demand_backed_down_from_or_outside_greece_and_yugoslavia_does_not_count(table):
    """32.61B: only the Italian demands on Greece and Yugoslavia count once made; "An Axis major power that
    backed down in a crisis after attempting an aggression is considered not to be committing an
    aggression". Given Italy backs down from Greece and Germany's Austrian demand is not recorded
    successful, then neither counts, this turn or the next."""
    table.moderator(c.RecordAggression("Italy", "Greece", 1, True), c.RecordAggression("Germany", "Austria", 1))
    table.end_crisis()
    table.moderator(c.StartTurn())
    assert table.view("moderator")["facts"]["aggression_totals"] == {"Germany": 0, "Italy": 0}
