"""Rules 32.21, 32.22 and 32.5: who may declare war on whom, and the additional restrictions."""
import pytest

from domain.gathering_storm import commands as c
from domain.gathering_storm.verdict import Kind, Outcome
from domain.kernel import RuleViolation


@pytest.mark.rule("GS-32.21")
@pytest.mark.parametrize("declarer, target", [
    ("Britain", "Russia"), ("France", "Russia"), ("Russia", "Italy"), ("Russia", "Britain"),
    ("Germany", "Italy"), ("Britain", "France"),
])
def test_the_basic_restrictions_table_refuses_other_declarations(table, declarer, target):
    """32.21 A-E: Germany may declare war on Britain, France and Russia; Britain and France on Germany
    and Italy; Russia on Germany. Nothing else."""
    with pytest.raises(RuleViolation) as refused:
        table.declare(declarer, target)
    assert refused.value.rule_id == "GS-32.21"
    assert table.state.crisis.intentions == ()


@pytest.mark.rule("GS-32.21")
def test_every_declaration_on_an_opposing_power_has_a_verdict(table):
    """32.11, 32.21: the verdict list covers every major power declaring war on an opposing one (the Axis
    against the Allies and Russia, both ways); those the table does not allow are prohibited."""
    pairs = [(v.declarer, v.target) for v in table.verdicts()]
    assert sorted(set(pairs)) == sorted([
        ("Germany", "Britain"), ("Germany", "France"), ("Germany", "Russia"), ("Italy", "Britain"),
        ("Italy", "France"), ("Italy", "Russia"), ("Britain", "Germany"), ("Britain", "Italy"),
        ("France", "Germany"), ("France", "Italy"), ("Russia", "Germany"), ("Russia", "Italy")])
    assert (table.verdict("Russia", "Italy").kind, table.verdict("Russia", "Italy").rule_id) == (
        Kind.PROHIBITED, "GS-32.21")
    assert table.verdict("Germany", "Russia").kind is Kind.PRE_EMPTIVE


@pytest.mark.rule("GS-32.21")
def test_the_pact_forbids_germany_to_declare_war_on_russia(table):
    """32.21A: Germany may declare war "on Russia, if the Nazi-Soviet Pact has not been signed"."""
    table.given(pact=True)
    with pytest.raises(RuleViolation) as refused:
        table.declare("Germany", "Russia")
    assert refused.value.rule_id == "GS-32.21"


@pytest.mark.rule("GS-32.21")
def test_the_pact_forbids_russia_to_declare_war_on_germany(table):
    """32.21E: "Russia may declare war on Germany if the Nazi-Soviet Pact has not been signed." """
    table.given(pact=True)
    with pytest.raises(RuleViolation) as refused:
        table.declare("Russia", "Germany")
    assert refused.value.rule_id == "GS-32.21"


@pytest.mark.rule("GS-32.21")
def test_a_pact_signed_after_the_declarations_blocks_both_ways_at_the_end_of_the_crisis(table):
    """32.21A/E, 32.82: the Pact recorded during the crisis phase, after both declarations were made,
    blocks Germany's declaration on Russia and Russia's on Germany when they are judged."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 6, "Russia": 4},
                control={"Poland": "Germany"}, full_cohesion=True, flags={"Russia": (0, 9, 0)})
    table.declare("Germany", "Russia")
    table.declare("Russia", "Germany")
    table.given(pact=True)
    table.end_crisis()
    assert (table.verdict("Germany", "Russia").margin, table.verdict("Russia", "Germany").margin) == (2, 3)
    assert table.condition("Germany", "Russia", "GS-32.21", "Pact") is False
    assert table.condition("Russia", "Germany", "GS-32.21", "Pact") is False
    assert table.wars == set()


@pytest.mark.rule("GS-32.21")
def test_an_unknown_power_is_refused(table):
    """32.21: only the five major powers declare war or are declared war on."""
    with pytest.raises(RuleViolation) as refused:
        table.send("moderator", c.DeclareWar("Germany", ("Spain",)))
    assert refused.value.rule_id == "GS-32.21"


@pytest.mark.rule("GS-32.22")
def test_germany_may_not_declare_war_before_remilitarizing_the_rhineland(table):
    """32.22A: Germany "may not declare war on a major power until it has remilitarized the Rhineland"."""
    table.given(mobilized=["Germany"], support={"Germany": 5})
    table.declare("Germany", "Britain", "France")
    table.end_crisis()
    assert table.condition("Germany", "Britain", "GS-32.22", "Rhineland") is False
    assert table.ruling("Germany", "France").outcome is Outcome.NO_WAR
    assert table.wars == set()


@pytest.mark.rule("GS-32.22")
def test_germany_may_not_declare_war_in_a_turn_the_allies_answer_an_axis_aggression(table):
    """32.22A: Germany "may not declare war on a major power in the same turn as the Allies declare war on
    Germany or Italy in response to an Axis aggression". The Allies answer Italy's Greek aggression;
    Germany's declaration on Russia fails though it exceeds the threshold."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 5, "Britain": 3, "France": 3},
                control={"Poland": "Germany"}, aggression=("Italy", "Greece", 2))
    table.declare("Britain", "Italy")
    table.declare("Germany", "Russia")
    table.end_crisis()
    assert table.verdict("Germany", "Russia").exceeds is True
    assert table.condition("Germany", "Russia", "GS-32.22", "in response") is False
    assert table.wars == {("Britain", "Italy")}


@pytest.mark.rule("GS-32.5")
def test_italy_may_never_declare_war(table):
    """32.51: "Italy may not declare war on major powers." """
    table.given(mobilized=["Italy"], support={"Italy": 9}, eai=5, balance_of_power=9)
    with pytest.raises(RuleViolation) as refused:
        table.declare("Italy", "France")
    assert refused.value.rule_id == "GS-32.5"
    with pytest.raises(RuleViolation):
        table.threaten("Italy", "Britain")
    assert [table.verdict("Italy", t).kind for t in ("Britain", "France", "Russia")] == [Kind.PROHIBITED] * 3
    assert table.verdict("Italy", "Britain").rule_id == "GS-32.5"


@pytest.mark.rule("GS-32.5")
def test_the_italian_seat_is_offered_no_declaration(table):
    """32.21B: "Italy may not declare war on other major powers" - so legal_commands offers none."""
    assert table.decider.legal_commands(table.state, "italy") == []
