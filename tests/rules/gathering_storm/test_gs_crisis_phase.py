"""Rules 32.1 and 32.82: declarations are made in the crisis phase and judged at its end."""
import pytest

from domain.gathering_storm import commands as c
from domain.gathering_storm.verdict import Kind, Mode, Outcome
from domain.kernel import RuleViolation


@pytest.mark.rule("GS-32.1")
def test_a_declaration_is_only_judged_at_the_end_of_the_crisis_phase(table):
    """32.11: "Major powers may declare war on opposing major powers at the end of the crisis phase if
    they exceed the threshold requirement for declaring war and are otherwise permitted to declare war."
    """
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 3, "Britain": 1, "France": 1})
    made = table.declare("Germany", "Britain", "France")
    assert table.event_types(made) == ["DeclarationOfWarMade"]
    assert table.wars == set()
    table.end_crisis()
    assert table.wars == {("Germany", "Britain"), ("Germany", "France")}


@pytest.mark.rule("GS-32.1")
def test_the_determination_is_made_separately_for_each_declarer_and_each_target(table):
    """32.11: "This determination is made separately for each declaring major power and each major power
    upon which war is being declared." Britain (support 4) may declare on Italy (support 1), France
    (support 0) may not."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 4, "France": 0, "Germany": 1, "Italy": 1},
                successful=["Ethiopia", "Albania", "Greece"])
    assert table.verdict("Britain", "Italy").margin == 3
    assert table.verdict("France", "Italy").margin == -1
    assert table.verdict("Britain", "Germany").margin == 3


@pytest.mark.rule("GS-32.1")
def test_a_threat_by_a_power_not_fully_mobilized_may_be_bought_off(table):
    """32.12: "If a pre-emptive declaration of war is threatened, the target major power may prevent the
    declaration of war by making concessions, provided the major power making the declaration of war
    isn't fully mobilized (32.83)." """
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 3, "Britain": 1, "France": 1})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    assert table.ruling("Germany", "Britain").outcome is Outcome.CONCESSIONS_DEMANDED
    table.concede("Britain")
    assert table.wars == set()


@pytest.mark.rule("GS-32.1")
def test_a_fully_mobilized_power_s_threat_cannot_be_bought_off(table):
    """32.12: concessions prevent war only if the declaring power "isn't fully mobilized". Germany is,
    so its threat is a declaration and war breaks out at the end of the crisis phase."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 3, "Britain": 1, "France": 1})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    assert table.verdict("Germany", "Britain").mode is Mode.DECLARATION
    assert table.ruling("Germany", "Britain").outcome is Outcome.WAR
    assert table.state.crisis.pending == ()


@pytest.mark.rule("GS-32.1")
def test_no_declaration_after_the_crisis_phase_has_ended(table):
    """32.11: declarations are made "at the end of the crisis phase"; once it has been judged, none."""
    table.end_crisis()
    with pytest.raises(RuleViolation) as refused:
        table.declare("Britain", "Germany")
    assert refused.value.rule_id == "GS-32.1"


@pytest.mark.rule("GS-32.82")
def test_legality_uses_the_support_revealed_before_the_end_of_the_crisis_phase(table):
    """32.82: "Pre-emptive declaration of war legality is determined at the end of the crisis phase,
    after all secret support events have been revealed." Germany declares while short of the threshold;
    a support event revealed afterwards carries it over."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 1, "Britain": 1, "France": 1})
    table.declare("Germany", "Britain", "France")
    table.given(support={"Germany": 2})
    table.end_crisis()
    assert table.wars == {("Germany", "Britain"), ("Germany", "France")}


@pytest.mark.rule("GS-32.82")
def test_responses_to_aggression_are_judged_before_pre_emptive_declarations(table):
    """32.82: legality is determined "after any Allied declarations of war on an Axis major power that
    conducted an aggression have been made". Germany declared first, but the Allied response to Italy's
    aggression forbids it (32.41B)."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 5, "Britain": 2, "France": 2, "Italy": 0},
                aggression=("Italy", "Albania", 1))
    table.declare("Germany", "Britain", "France")
    table.declare("Britain", "Italy")
    table.declare("France", "Italy")
    table.end_crisis()
    assert table.wars == {("Britain", "Italy"), ("France", "Italy")}
    assert table.ruling("Germany", "Britain").outcome is Outcome.NO_WAR
    assert table.ruling("Britain", "Italy").verdict.kind is Kind.RESPONSE


@pytest.mark.rule("GS-32.82")
def test_facts_are_frozen_once_the_crisis_phase_has_closed(table):
    """32.82: legality is determined at the end of the crisis phase on the facts then recorded; while
    concessions are awaited no fact may change."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 3, "Britain": 1, "France": 1})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    with pytest.raises(RuleViolation) as refused:
        table.moderator(c.RecordSupportLevel("Britain", 9))
    assert refused.value.rule_id == "GS-32.82"
    assert table.state.facts.support["Britain"] == 1


@pytest.mark.rule("GS-32.82")
def test_only_the_moderator_records_facts_and_ends_the_crisis_phase(table):
    """32.82: the end of the crisis phase, and the facts judged there, are the moderator's to record."""
    with pytest.raises(RuleViolation) as refused:
        table.send("germany", c.RecordSupportLevel("Germany", 9))
    assert refused.value.rule_id == "GS-32.82"
    with pytest.raises(RuleViolation):
        table.send("britain", c.EndCrisisPhase())
    assert table.state.facts.support == {}


@pytest.mark.rule("GS-32.82")
def test_without_war_the_turn_concludes_and_the_next_one_starts_afresh(table):
    """32.82, 32.83B: the crisis phase's results stand for the rest of the turn; the next turn starts
    with no declarations and the turn's facts to be recorded again."""
    table.given(support={"Britain": 3}, eai=2)
    table.declare("Britain", "Germany")
    table.end_crisis()
    assert table.state.phase.value == "concluded"
    table.moderator(c.StartTurn())
    assert (table.state.turn, table.state.phase.value) == (3, "crisis")
    assert (table.state.crisis.intentions, table.state.facts.support, table.state.facts.eai) == ((), {}, 0)
