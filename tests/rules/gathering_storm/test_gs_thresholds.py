"""Rule 32.3: the threshold requirement - balance of power, support levels, EAI, Allied increases."""
import pytest

from domain.gathering_storm.verdict import Kind


@pytest.mark.rule("GS-32.3")
def test_the_threshold_must_be_exceeded(table):
    """32.31: "The threshold requirement for declaring war on a major power must be exceeded to permit the
    declaration of war." A net total of 0 does not exceed it; +1 does."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Germany": 1, "Britain": 1, "France": 1})
    assert (table.verdict("Germany", "Britain").net, table.verdict("Germany", "Britain").exceeds) == (0, False)
    table.given(support={"Germany": 2})
    assert (table.verdict("Germany", "Britain").margin, table.verdict("Germany", "Britain").legal) == (1, True)


@pytest.mark.rule("GS-32.3")
def test_the_balance_of_power_counts_one_for_one_for_the_favoured_side(table):
    """32.32A/B: "a +2 balance of power advantage gives the favored side a +2 towards declaring war";
    if it favours the Axis, "German declarations of war are easier and Allied declarations of war are
    more difficult"."""
    table.given(balance_of_power=2)
    assert table.modifier("Germany", "Britain", "balance of power") == 2
    assert table.modifier("Britain", "Germany", "balance of power") == -2
    assert table.modifier("France", "Italy", "balance of power") == -2


@pytest.mark.rule("GS-32.3")
def test_a_balance_favouring_the_allies_helps_them_and_hinders_germany(table):
    """32.32B: "if the Axis-Allied balance of power favors the Allies, German declarations of war are
    more difficult and Allied declarations of war are easier"."""
    table.given(balance_of_power=-3)
    assert table.modifier("Germany", "Russia", "balance of power") == -3
    assert table.modifier("France", "Germany", "balance of power") == 3


@pytest.mark.rule("GS-32.3")
def test_russia_s_declarations_ignore_the_balance_of_power(table):
    """32.32: the balance of power modifies declarations by "Germany, Britain and France" only."""
    table.given(balance_of_power=4)
    names = [m.name for m in table.verdict("Russia", "Germany").modifiers]
    assert "balance of power" not in names


@pytest.mark.rule("GS-32.3")
def test_support_levels_count_by_their_difference(table):
    """32.33A/B: if the declarer's support level is greater "the ability to declare war is increased by
    that amount"; if the target's is greater, "decreased by that amount"."""
    table.given(support={"Britain": 5, "Germany": 2, "France": 1, "Italy": 4})
    assert table.modifier("Britain", "Germany", "support levels") == 3
    assert table.modifier("France", "Italy", "support levels") == -3


@pytest.mark.rule("GS-32.3")
@pytest.mark.parametrize("eai, applied", [(8, 5), (5, 5), (3, 3), (0, 0), (-2, -2), (-5, -5), (-7, -5)])
def test_the_eai_is_applied_capped_at_plus_or_minus_five(table, eai, applied):
    """32.34: "The EAI at the time war is declared is applied. The EAI may modify the ability to declare
    war by +5 to -5." A positive EAI favours every declaration, a negative one impedes it (32.31C)."""
    table.given(eai=eai)
    assert table.modifier("Germany", "Britain", "European Aggression Index") == applied
    assert table.modifier("Britain", "Italy", "European Aggression Index") == applied
    assert table.modifier("Russia", "Germany", "European Aggression Index") == applied


@pytest.mark.rule("GS-32.3")
def test_the_eai_cap_holds_in_the_ruling(table):
    """32.34: an EAI of +9 adds only +5: Germany (support 0 vs 6) stays one short of the threshold."""
    table.given(rhineland=True, mobilized=["Germany"], support={"Britain": 6, "France": 6}, eai=9)
    table.declare("Germany", "Britain", "France")
    table.end_crisis()
    assert table.ruling("Germany", "Britain").verdict.net == -1
    assert table.wars == set()


@pytest.mark.rule("GS-32.3")
def test_allied_increases_count_only_against_the_axis_power_that_triggered_them(table):
    """32.33C: "Allied support increases from an Axis second aggression and temporary Allied support
    increases from Axis aggressions are only taken into account in determining whether Britain and France
    may declare war against the Axis major power that triggered the support increases." Italy's
    aggression raised Britain's support; it does not help against Germany."""
    table.given(aggression=("Italy", "Albania", 0), temporary={("Britain", "Italy"): 2},
                second={("Britain", "Italy"): 1})
    assert table.modifier("Britain", "Italy", "temporary support increase") == 2
    assert table.modifier("Britain", "Italy", "second-aggression support increase") == 1
    assert table.modifier("Britain", "Germany", "temporary support increase") == 0
    assert table.modifier("Britain", "Germany", "second-aggression support increase") == 0


@pytest.mark.rule("GS-32.3")
def test_temporary_increases_do_not_count_for_pre_emptive_war(table):
    """32.33C: "Temporary support increases only apply in response to an aggression, and do not count for
    pre-emptive war." Germany backed down this turn, so a declaration on it is pre-emptive."""
    table.given(aggression=("Germany", "Austria", 3, True), temporary={("France", "Germany"): 2},
                second={("France", "Germany"): 1})
    assert table.verdict("France", "Germany").kind is Kind.PRE_EMPTIVE
    assert table.modifier("France", "Germany", "temporary support increase") == 0
    assert table.modifier("France", "Germany", "second-aggression support increase") == 1


@pytest.mark.rule("GS-32.3")
def test_each_modifier_names_its_value_and_rule(table):
    """32.31 A-F: the breakdown lists every factor taken into account, with the rule that adds it."""
    table.given(balance_of_power=1, support={"Britain": 2, "Germany": 1}, eai=2)
    breakdown = {(m.name, m.value, m.rule_id) for m in table.verdict("Britain", "Germany").modifiers}
    assert {("balance of power", -1, "GS-32.3"), ("support levels", 1, "GS-32.3"),
            ("European Aggression Index", 2, "GS-32.3")} <= breakdown
