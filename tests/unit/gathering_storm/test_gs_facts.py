"""The moderator's facts: each within its domain is recorded; outside it, refused with nothing changed."""
import pytest

from domain.gathering_storm import commands as c
from domain.kernel import RuleViolation
from tests.rules.gathering_storm.gs_driver import Table

OUT_OF_DOMAIN = [
    (c.RecordSupportLevel("Germany", 2.5), "GS-32.3"),
    (c.RecordSupportLevel("Germany", "3"), "GS-32.3"),
    (c.RecordSupportLevel("Germany", True), "GS-32.3"),
    (c.RecordSupportLevel("Prussia", 3), "GS-32.3"),
    (c.RecordSupportLevel("germany", 3), "GS-32.3"),
    (c.RecordBalanceOfPower(1.0), "GS-32.3"),
    (c.RecordEai(None), "GS-32.3"),
    (c.RecordTemporarySupportIncrease("Russia", "Germany", 1), "GS-32.3"),
    (c.RecordTemporarySupportIncrease("Britain", "France", 1), "GS-32.3"),
    (c.RecordTemporarySupportIncrease("Britain", "Germany", -1), "GS-32.3"),
    (c.RecordSecondAggressionSupportIncrease("France", "Russia", 1), "GS-32.61B"),
    (c.RecordResistanceLevel("Austria", 2), "GS-32.42"),
    (c.RecordResistanceLevel("Poland", 1.5), "GS-32.42"),
    (c.RecordAggression("Russia", "Poland"), "GS-32.61B"),
    (c.RecordAggression("Germany", "Ethiopia"), "GS-32.61B"),
    (c.RecordAggression("Italy", "Albania", "high"), "GS-32.62"),
    (c.RecordAggression("Italy", "Albania", 1, "yes"), "GS-32.61B"),
    (c.RecordSuccessfulAggression("Memel"), "GS-32.61B"),
    (c.RecordSuccessfulAggression("Austria", turn=2), "GS-32.61B"),
    (c.RecordSuccessfulAggression("Austria", turn=0), "GS-32.61B"),
    (c.RecordControl("Austria", "Germany"), "GS-32.43"),
    (c.RecordControl("Poland", "Japan"), "GS-32.43"),
    (c.RecordFlags("Atlantis", 1), "GS-32.7"),
    (c.RecordFlags("Finland", 3), "GS-32.7"),
    (c.RecordFlags("Finland", -1), "GS-32.7"),
    (c.RecordFlags("Russia", 0, 0, 1), "GS-32.7"),
    (c.RecordTradePact("Finland", "Japan"), "GS-32.7"),
    (c.RecordTradePact("Russia", "Germany"), "GS-32.7"),
    (c.RecordNaziSovietPact("yes"), "GS-32.21"),
    (c.RecordFactories("Germany", 0, -1, 3), "GS-32.41"),
    (c.RecordFactories("Germany", 0, 0, 2.0), "GS-32.41"),
    (c.RecordFactories("Spain", 0, 0, 2), "GS-32.41"),
    (c.RecordRussianCohesion(1), "GS-32.7"),
]


@pytest.mark.rule("GS-32.3")
@pytest.mark.parametrize("command, rule_id", OUT_OF_DOMAIN, ids=[repr(cmd) for cmd, _ in OUT_OF_DOMAIN])
def test_a_fact_outside_its_domain_is_refused_and_changes_nothing(command, rule_id):
    """A support level that is not an integer, an unknown power, a flag count a minor cannot hold...:
    RuleViolation naming the rule that reads the fact, and the state is exactly as before."""
    table = Table()
    table.given(support={"Germany": 1}, eai=2)
    before = table.state
    with pytest.raises(RuleViolation) as refused:
        table.moderator(command)
    assert refused.value.rule_id == rule_id
    assert table.state == before


def test_facts_within_their_domain_are_recorded():
    """Every fact command in its domain becomes one event and shows in the view."""
    table = Table()
    table.moderator(
        c.RecordBalanceOfPower(-2), c.RecordSupportLevel("Russia", -3), c.RecordEai(7),
        c.RecordTemporarySupportIncrease("France", "Italy", 2), c.RecordSecondAggressionSupportIncrease(
            "Britain", "Germany", 1), c.RecordResistanceLevel("Poland", -1), c.RecordAggression("Italy", "Greece", 2),
        c.RecordControl("Baltic States", "Russia"), c.RecordFlags("Russia", 2, 1), c.RecordTradePact("Turkey", "Britain"),
        c.RecordNaziSovietPact(True), c.RecordFactories("France", 0, 0, 4), c.RecordRussianCohesion(True))
    facts = table.decider.view(table.state, "moderator")["facts"]
    assert facts["balance_of_power"] == {"axis_advantage": -2, "favours": "Allies"}
    assert facts["support_levels"]["Russia"]["level"] == -3
    assert facts["eai"] == {"recorded": 7, "applied": 5, "cap": 5}
    assert facts["support_levels"]["France"]["temporary_increases"] == {"Germany": 0, "Italy": 2}
    assert facts["support_levels"]["Britain"]["second_aggression_increases"] == {"Germany": 1, "Italy": 0}
    assert facts["resistance_levels"]["Poland"] == {"level": -1, "conquered": False}
    assert facts["aggressions_this_turn"]["Italy"]["target"] == "Greece"
    assert facts["control"]["Baltic States"]["controller"] == "Russia"
    assert facts["flags"]["Russia"] == {"axis": 2, "allied": 1, "russian": 0}
    assert facts["trade_pacts"] == {"Turkey": "Britain"}
    assert (facts["nazi_soviet_pact"], facts["russian_full_cohesion"]) == (True, True)
    assert facts["factories"]["France"]["fully_mobilized"] is True
    assert "support:Germany" in facts["not_recorded_this_turn"]


def test_recording_again_replaces_and_none_withdraws():
    """A fact recorded twice keeps the later value; an aggression, trade pact or control set to None goes."""
    table = Table()
    table.moderator(c.RecordSupportLevel("Italy", 2), c.RecordSupportLevel("Italy", 4),
                    c.RecordAggression("Germany", "Austria", 1), c.RecordAggression("Germany", None),
                    c.RecordTradePact("Finland", "Germany"), c.RecordTradePact("Finland", None),
                    c.RecordControl("Poland", "Germany"), c.RecordControl("Poland", None))
    assert table.state.facts.support["Italy"] == 4
    assert (table.state.facts.aggressions, table.state.trade_pacts, table.state.control) == ({}, {}, {})


def test_a_successful_aggression_brings_control_and_withdrawing_it_takes_it_back():
    """32.43, 32.71B: Poland's aggression gives Germany control of Poland; withdrawing the record (a
    correction) removes that control again."""
    table = Table()
    table.moderator(c.RecordSuccessfulAggression("Poland"))
    assert table.state.controller_of("Poland") == "Germany"
    table.moderator(c.RecordSuccessfulAggression("Poland", successful=False))
    assert (table.state.controller_of("Poland"), table.state.successful_aggressions) == (None, {})
