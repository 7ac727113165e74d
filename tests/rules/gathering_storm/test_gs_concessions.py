"""Rule 32.83: threats of pre-emptive war and the concessions that avoid it."""
import pytest

from domain.gathering_storm import commands as c
from domain.gathering_storm.verdict import Mode, Outcome
from domain.kernel import RuleViolation


def _seed_example(table):
    """32.83C EXAMPLE: France (fully mobilized, support 5) exceeds by 4, Britain (not, support 2) by 1,
    against Germany (support 1, after the Austrian aggression)."""
    table.given(mobilized=["France"], unmobilized=["Britain"], successful=["Austria"],
                support={"France": 5, "Britain": 2, "Germany": 1})
    table.threaten("France", "Germany")
    table.threaten("Britain", "Germany")


@pytest.mark.rule("GS-32.83")
def test_seed_example_germany_concedes_one_to_britain(table):
    """32.83C EXAMPLE: "France is fully mobilized; Britain is not. France and Britain threaten pre-emptive
    war against Germany. France draws a good support random event and exceeds the declaration of war
    threshold by 4; Britain exceeds the declaration of war threshold by only 1. To avoid war, Germany would
    have to make a concession of 1 to Britain"."""
    _seed_example(table)
    assert (table.verdict("France", "Germany").margin, table.verdict("Britain", "Germany").margin) == (4, 1)
    table.end_crisis()
    demand = table.state.crisis.pending[0]
    assert (demand.conceding_powers, demand.beneficiaries, demand.level) == (("Germany",), ("Britain",), 1)


@pytest.mark.rule("GS-32.83")
def test_seed_example_the_concession_stops_both_allies(table):
    """32.83C EXAMPLE: the concession of 1 to Britain prevents "it declaring war, which would also prevent
    France from declaring war"; Germany's support falls by 1 and Britain's rises by 1 (32.83A)."""
    _seed_example(table)
    table.end_crisis()
    table.concede("Germany")
    assert table.wars == set()
    assert (table.support("Germany"), table.support("Britain"), table.support("France")) == (0, 3, 5)
    assert table.verdict("Britain", "Germany").net == 0
    assert table.verdict("France", "Germany").legal is False


@pytest.mark.rule("GS-32.83")
@pytest.mark.parametrize("german_support, level", [(1, 1), (2, 2), (3, 3)])
def test_the_concession_equals_the_margin_up_to_three(table, german_support, level):
    """32.83A: "+1: If the declaring major power exceeds the declaration of war threshold by one,
    concessions ... increase the support level of the declaring major power by +1 and decrease the
    support level(s) of the major power(s) making the concessions by -1", and likewise +2 and +3."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": german_support},
                control={"Poland": "Germany"})
    table.threaten("Germany", "Russia")
    table.end_crisis()
    table.concede("Russia")
    assert (table.support("Germany"), table.support("Russia")) == (german_support + level, -level)


@pytest.mark.rule("GS-32.83")
@pytest.mark.parametrize("german_support", [4, 7])
def test_exceeding_by_four_or_more_cannot_be_prevented(table, german_support):
    """32.83A: "+4 of more: If the declaring major power exceeds the declaration of war threshold by four or
    more, the declaration of war may not be prevented by making concessions." """
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": german_support},
                control={"Poland": "Germany"})
    table.threaten("Germany", "Russia")
    assert (table.verdict("Germany", "Russia").preventable, table.verdict("Germany", "Russia").concession_level) \
        == (False, None)
    table.end_crisis()
    assert table.wars == {("Germany", "Russia")}
    assert table.decider.is_terminal(table.state) is True


@pytest.mark.rule("GS-32.83")
def test_a_german_threat_is_bought_off_by_the_ally_with_the_higher_support(table):
    """32.83C: "the concession level required to prevent war is based on the amount by which Germany
    exceeds the declaration of war threshold against the Allied major power with the higher support
    level ... The Allied major power with the higher support level makes the concessions." """
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 3, "Britain": 0, "France": 1})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    with pytest.raises(RuleViolation):
        table.concede("Britain")
    table.concede("France")
    assert (table.support("Germany"), table.support("France"), table.support("Britain")) == (5, -1, 0)


@pytest.mark.rule("GS-32.83")
def test_on_a_support_tie_either_ally_may_concede(table):
    """32.83C: with Britain and France at the same support level either is "the Allied major power with the
    higher support level"; the first to concede does."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 2, "Britain": 1, "France": 1})
    table.threaten("Germany", "Britain", "France")
    table.end_crisis()
    assert table.state.crisis.pending[0].conceding_powers == ("Britain", "France")
    table.concede("Britain")
    assert (table.support("Britain"), table.support("France"), table.state.crisis.pending) == (0, 1, ())


@pytest.mark.rule("GS-32.83")
def test_on_a_support_tie_the_conceding_axis_power_names_the_beneficiary(table):
    """32.83C: "The Allied major power with the lower support level benefits from the concessions"; when
    the Allies are tied, Germany must say which of them."""
    table.given(unmobilized=["Britain", "France"], successful=["Austria"], support={"Britain": 2, "France": 2})
    table.threaten("Britain", "Germany")
    table.threaten("France", "Germany")
    table.end_crisis()
    with pytest.raises(RuleViolation) as refused:
        table.concede("Germany")
    assert refused.value.rule_id == "GS-32.83"
    table.concede("Germany", "France")
    assert (table.support("France"), table.support("Britain"), table.support("Germany")) == (4, 2, -2)


@pytest.mark.rule("GS-32.83")
def test_declining_an_allied_threat_means_war_with_both_allies(table):
    """32.83: "If the major power threatened with war declines to make the required concessions, war breaks
    out, and the game ends." """
    _seed_example(table)
    table.end_crisis()
    table.decline("Germany")
    assert table.wars == {("Britain", "Germany"), ("France", "Germany")}
    assert table.decider.is_terminal(table.state) is True
    with pytest.raises(RuleViolation):
        table.moderator(c.StartTurn())


@pytest.mark.rule("GS-32.83")
def test_concessions_take_effect_at_once_for_the_rest_of_the_turn(table):
    """32.83B: "Concessions to avoid a pre-emptive war modify support levels in the turn in which they are
    made." Britain's concession of 1 raises Germany's support to 3 before Russia's declaration is judged,
    which then falls one short (Russia: support 0 vs 2, Russian trade pacts with three non-bordering minors
    +6 and a flag in a fourth +1, both Allies neutral -4)."""
    table.given(rhineland=True, unmobilized=["Germany"], full_cohesion=True, flags={"Hungary": (0, 0, 1)},
                trade_pacts={"Yugoslavia": "Russia", "Bulgaria": "Russia", "Greece": "Russia"},
                support={"Germany": 2, "Britain": 1, "France": 0})
    table.threaten("Germany", "Britain", "France")
    table.declare("Russia", "Germany")
    assert table.verdict("Russia", "Germany").net == 1
    table.end_crisis()
    assert table.state.crisis.pending[0].level == 1
    table.concede("Britain")
    assert table.ruling("Russia", "Germany").verdict.net == 0
    assert table.wars == set()


@pytest.mark.rule("GS-32.83")
def test_concessions_have_no_effect_on_the_next_turn(table):
    """32.83B: concessions "have no effect on the next turn"."""
    _seed_example(table)
    table.end_crisis()
    table.concede("Germany")
    table.moderator(c.StartTurn())
    assert table.state.crisis.concessions == ()
    assert (table.support("Germany"), table.support("Britain")) == (0, 0)


@pytest.mark.rule("GS-32.83")
def test_each_concession_is_a_negative_modifier_of_the_bought_off_declaration(table):
    """32.83A: "Each concession, up to a maximum value of 3, is treated as a negative modifier in
    determining whether the declaration of war threshold is met." """
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 2}, control={"Poland": "Germany"})
    table.threaten("Germany", "Russia")
    table.end_crisis()
    table.concede("Russia")
    verdict = table.verdict("Germany", "Russia")
    assert [(m.name, m.value, m.rule_id) for m in verdict.modifiers if m.name == "concessions"] == [
        ("concessions", -2, "GS-32.83")]
    assert (verdict.net, verdict.exceeds, verdict.mode) == (0, False, Mode.THREAT)


@pytest.mark.rule("GS-32.83")
def test_only_the_power_threatened_answers(table):
    """32.83: the major power threatened with war has the option of making concessions - nobody else."""
    table.given(rhineland=True, unmobilized=["Germany"], support={"Germany": 1}, control={"Poland": "Germany"})
    table.threaten("Germany", "Russia")
    table.end_crisis()
    with pytest.raises(RuleViolation):
        table.concede("Britain")
    with pytest.raises(RuleViolation):
        table.send("germany", c.MakeConcessions("Russia"))
    assert table.ruling("Germany", "Russia").outcome is Outcome.CONCESSIONS_DEMANDED
