"""Rule 32.81: pre-emptive declarations of war, power by power."""
import pytest

from domain.gathering_storm.verdict import Kind


@pytest.mark.rule("GS-32.81")
def test_germany_declares_after_its_own_unanswered_aggression(table):
    """32.81A: Germany may declare war "whether or not it carried out an aggression, provided the
    aggression did not lead to a declaration of war on Germany". The Allies let Austria go."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 3}, aggression=("Germany", "Austria", 1))
    table.declare("Germany", "Britain", "France")
    table.end_crisis()
    assert table.wars == {("Germany", "Britain"), ("Germany", "France")}


@pytest.mark.rule("GS-32.81")
def test_an_unanswered_italian_aggression_does_not_stop_germany(table):
    """32.81A: "An Italian aggression that does not lead to an Allied declaration of war on Italy also does
    not prevent a German pre-emptive declaration of war." """
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 2}, control={"Poland": "Germany"},
                aggression=("Italy", "Greece", 1))
    table.declare("Germany", "Russia")
    table.end_crisis()
    assert table.wars == {("Germany", "Russia")}


@pytest.mark.rule("GS-32.81")
def test_an_aggression_answered_by_the_allies_stops_germany(table):
    """32.81A: "provided the aggression did not lead to a declaration of war on Germany"."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 2, "France": 3},
                control={"Poland": "Germany"}, aggression=("Germany", "Austria", 1))
    table.declare("France", "Germany")
    table.declare("Germany", "Russia")
    table.end_crisis()
    assert table.wars == {("France", "Germany")}


@pytest.mark.rule("GS-32.81")
def test_italy_may_not_declare_war(table):
    """32.81B: "Italy may not declare war." """
    assert table.verdict("Italy", "France").kind is Kind.PROHIBITED


@pytest.mark.rule("GS-32.81")
def test_allies_answer_one_axis_power_and_pre_empt_the_other(table):
    """32.81C: "An Allied declaration of war on one Axis major power after an aggression by that Axis major
    power does not prevent an Allied pre-emptive declaration of war on the other Axis major power. Both
    Britain and France must be able to declare war." Italy's Albanian aggression is answered; Germany,
    the more aggressive (Rhineland), is pre-empted."""
    table.given(mobilized=["Britain", "France"], rhineland=True, support={"Britain": 2, "France": 2},
                aggression=("Italy", "Albania", 1))
    table.declare("Britain", "Germany", "Italy")
    table.declare("France", "Germany", "Italy")
    table.end_crisis()
    assert table.ruling("Britain", "Germany").verdict.kind is Kind.PRE_EMPTIVE
    assert table.wars == {("Britain", "Italy"), ("France", "Italy"), ("Britain", "Germany"), ("France", "Germany")}


@pytest.mark.rule("GS-32.81")
def test_allies_may_not_pre_empt_an_axis_power_committing_an_aggression(table):
    """32.81C: Britain and France declare pre-emptive war "in a turn in which the target Axis major power
    did not carry out an aggression" - against an aggressor the declaration is a response (32.61A)."""
    table.given(aggression=("Germany", "Austria", 0))
    assert table.verdict("Britain", "Germany").kind is Kind.RESPONSE


@pytest.mark.rule("GS-32.81")
def test_russia_declares_in_any_turn_it_meets_32_7(table):
    """32.81D: "Russia may declare war on Germany in any turn in which it meets the requirements of
    32.7." """
    table.given(full_cohesion=True, support={"Russia": 5})
    table.declare("Russia", "Germany")
    table.end_crisis()
    assert table.wars == {("Russia", "Germany")}
