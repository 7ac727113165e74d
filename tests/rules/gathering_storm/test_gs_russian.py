"""Rule 32.7: Russian declarations of war on Germany."""
import pytest

from domain.gathering_storm import commands as c
from domain.kernel import RuleViolation
from tests.rules.gathering_storm.gs_driver import Table


@pytest.mark.rule("GS-32.7")
def test_russia_needs_one_of_the_conditions_a_to_d(table):
    """32.71: Russia may declare war "provided the Nazi-Soviet Pact has not been signed and at least one of
    the following conditions is met". Russia exceeds the threshold but none holds until it reaches full
    cohesion (32.71D)."""
    table.given(support={"Russia": 5})
    assert (table.verdict("Russia", "Germany").exceeds, table.verdict("Russia", "Germany").legal) == (True, False)
    table.given(full_cohesion=True)
    assert table.verdict("Russia", "Germany").legal is True


@pytest.mark.rule("GS-32.7")
@pytest.mark.parametrize("aggression, russian_flags, met", [
    ("Danzig and the Corridor", 0, True), ("Baltic States", 0, True), ("Austria", 1, True), ("Austria", 0, False),
])
def test_condition_a_german_aggression_against_a_country_russia_protects(table, aggression, russian_flags, met):
    """32.71A: "Germany is carrying out an aggression against Poland, the Baltic States or a minor country
    containing at least one Russian flag." """
    table.given(aggression=("Germany", aggression, 0), flags={"Austria": (0, 0, russian_flags)})
    assert table.condition("Russia", "Germany", "GS-32.7", "32.71 A-D") is met


@pytest.mark.rule("GS-32.7")
def test_condition_b_needs_control_taken_in_a_previous_turn():
    """32.71B: "Germany controls Poland or the Baltic States as a result of aggression in a previous
    turn." Control taken this turn (3) does not count; taken in turn 2 it does."""
    table = Table(options={"first_turn": 3})
    table.moderator(c.RecordControl("Poland", "Germany"))
    assert table.condition("Russia", "Germany", "GS-32.7", "32.71 A-D") is False
    table.moderator(c.RecordControl("Poland", "Germany", 2))
    assert table.condition("Russia", "Germany", "GS-32.7", "32.71 A-D") is True


@pytest.mark.rule("GS-32.7")
def test_condition_c_allied_pre_emptive_war_in_the_same_turn(table):
    """32.71C: "Britain and France declare pre-emptive war on Germany in the same turn" - and, both Allies
    now at war with Germany, the -2 per neutral Ally of 32.72F falls away."""
    table.given(mobilized=["Britain", "France"], support={"Britain": 3, "France": 3, "Russia": 1})
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.declare("Russia", "Germany")
    table.end_crisis()
    assert table.ruling("Russia", "Germany").verdict.net == 1
    assert table.wars == {("Britain", "Germany"), ("France", "Germany"), ("Russia", "Germany")}


@pytest.mark.rule("GS-32.7")
def test_condition_c_holds_when_germany_declared_on_the_allies_first(table):
    """32.71C: the Allies' pre-emptive declarations count though Germany's own declaration on them (EAI +5
    favours both sides) had already brought war that turn."""
    table.given(rhineland=True, mobilized=["Germany", "Britain", "France"], eai=5)
    table.declare("Germany", "Britain", "France")
    table.declare("Britain", "Germany")
    table.declare("France", "Germany")
    table.declare("Russia", "Germany")
    table.end_crisis()
    assert table.ruling("Britain", "Germany").outcome.value == "war"
    assert table.ruling("Russia", "Germany").verdict.legal is True
    assert table.wars == {("Germany", "Britain"), ("Germany", "France"), ("Russia", "Germany")}


@pytest.mark.rule("GS-32.7")
def test_russian_modifiers_a_to_f(table):
    """32.72 A-F: support levels (3 vs 1, +2); EAI +1; flags in Russia (two Allied +2, one Axis -1);
    bordering minors (Finland one Axis flag -1, Rumania Axis trade pact -2, Turkey two Russian flags +1,
    Poland Russian trade pact +2); Russian flags in non-border countries (Yugoslavia one flag +1, Bulgaria
    trade pact +2; Greece's Axis flag ignored); no aggression target; both Allies neutral -4. Net +3."""
    table.given(support={"Russia": 3, "Germany": 1}, eai=1, flags={
        "Russia": (1, 2, 0), "Finland": (1, 0, 0), "Turkey": (0, 0, 2), "Yugoslavia": (0, 0, 1), "Greece": (1, 0, 0)},
        trade_pacts={"Rumania": "Germany", "Poland": "Russia", "Bulgaria": "Russia"})
    verdict = table.verdict("Russia", "Germany")
    assert [(m.name, m.value) for m in verdict.modifiers] == [
        ("support levels", 2), ("European Aggression Index", 1), ("flags in Russia", 1),
        ("Finland diplomatic result", -1), ("Rumania diplomatic result", -2), ("Turkey diplomatic result", 1),
        ("Poland diplomatic result", 2), ("Russian influence in Yugoslavia", 1),
        ("Russian influence in Bulgaria", 2), ("minor country resistance", 0), ("Allied neutrality", -4)]
    assert verdict.net == 3


@pytest.mark.rule("GS-32.7")
def test_poland_as_germany_s_target_counts_by_its_resistance(table):
    """32.72D/E: Poland is treated like the other bordering countries "unless it is the target of German
    aggression in the turn in which Russia seeks to declare war, in which case 32.72E applies instead" -
    the resistance level of the minor country that is the target of aggression."""
    table.given(aggression=("Germany", "Poland", 3), trade_pacts={"Poland": "Russia"})
    assert table.modifier("Russia", "Germany", "Poland diplomatic result") == 0
    assert table.modifier("Russia", "Germany", "minor country resistance") == 3


@pytest.mark.rule("GS-32.7")
def test_an_allied_declaration_on_italy_does_not_negate_allied_neutrality(table):
    """32.72F: "-2 for each Allied major power that is not at war with Germany ... An Allied declaration of
    war on Italy does not negate this modifier." """
    table.given(aggression=("Italy", "Albania", 2), support={"Britain": 1, "France": 1})
    table.declare("Britain", "Italy")
    table.declare("France", "Italy")
    table.end_crisis()
    assert table.wars == {("Britain", "Italy"), ("France", "Italy")}
    assert table.modifier("Russia", "Germany", "Allied neutrality") == -4


@pytest.mark.rule("GS-32.7")
def test_russia_never_declares_war_under_the_pact(table):
    """32.73: "Russia may not declare war on Germany if the Nazi-Soviet Pact has been signed." """
    table.given(support={"Russia": 9}, full_cohesion=True, pact=True)
    assert table.verdict("Russia", "Germany").exceeds is True
    assert table.verdict("Russia", "Germany").legal is False
    with pytest.raises(RuleViolation):
        table.declare("Russia", "Germany")


@pytest.mark.rule("GS-32.7")
def test_russia_declares_but_never_threatens(table):
    """32.71, 32.83: only Germany and the Allies threaten pre-emptive war; Russia declares or does not."""
    with pytest.raises(RuleViolation) as refused:
        table.threaten("Russia", "Germany")
    assert refused.value.rule_id == "GS-32.83"
