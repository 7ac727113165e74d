"""Gathering Storm (chapter 32) over REST, through Flask's test client only (issue 6).

A crisis phase driven as clients drive it: the moderator records the turn's facts, powers threaten
or declare, the moderator ends the phase, the threatened power answers, and the ``war-thresholds``
projection shows the support levels before and after. Facts outside their domain, a seat acting for
a power it does not hold and a stale If-Match are refused and leave the event log as it was."""
from __future__ import annotations

import pytest

from tests.support.api import (
    MODERATOR,
    Table,
    assert_problem,
    create_game_table,
    log_unchanged,
)

UNKNOWN_POWER = "Japan"  # a major power of the war, but not of chapter 32


# --- helpers: what a client does ------------------------------------------------------------------

def create_gs_table(client, preset: str = "one-per-power", options: dict | None = None) -> Table:
    return create_game_table(client, "gathering-storm", preset, options)


def send(table: Table, seat: str, type_: str, **data) -> dict:
    return table.send(seat, type_, **data)


def event_types(body: dict) -> list[str]:
    return [e["type"] for e in body["events"]]


def war_thresholds(table: Table, seat: str = MODERATOR) -> dict:
    return table.projection("war-thresholds", seat)


def support_levels(table: Table) -> dict[str, tuple[int, int, int]]:
    """Power -> (recorded, concession shift, level used), from the projection."""
    return {power: (row["recorded"], row["concessions"], row["level"])
            for power, row in war_thresholds(table)["support_levels"].items()}


def verdict(data: dict, declarer: str, target: str, kind: str = "pre-emptive") -> dict:
    return next(v for v in data["verdicts"] if (v["declarer"], v["target"], v["kind"]) == (declarer, target, kind))


# --- the seed's 32.83C example: France +4, Britain +1, Germany concedes 1 to Britain ---------------

@pytest.fixture
def seed_facts(client) -> Table:
    """32.83C EXAMPLE as the moderator records it: France fully mobilized (support 5), Britain not
    (support 2), Germany at support 1 after the Austrian aggression (its second aggression), made in the
    previous turn (32.61B: no pre-emptive war in a turn an Axis power committed an aggression)."""
    table = create_gs_table(client, options={"first_turn": 2})
    send(table, MODERATOR, "RecordFactories", major_power="France", idle=0, civilian=0, military=10)
    send(table, MODERATOR, "RecordFactories", major_power="Britain", idle=1, civilian=2, military=5)
    send(table, MODERATOR, "RecordSuccessfulAggression", aggression="Austria", turn=1)
    send(table, MODERATOR, "RecordSupportLevel", major_power="France", level=5)
    send(table, MODERATOR, "RecordSupportLevel", major_power="Britain", level=2)
    send(table, MODERATOR, "RecordSupportLevel", major_power="Germany", level=1)
    return table


@pytest.fixture
def seed_threats(seed_facts) -> Table:
    """France and Britain threaten pre-emptive war against Germany."""
    send(seed_facts, "france", "ThreatenWar", power="France", targets=["Germany"])
    send(seed_facts, "britain", "ThreatenWar", power="Britain", targets=["Germany"])
    return seed_facts


@pytest.fixture
def seed_demand(seed_threats) -> Table:
    """The moderator has ended the crisis phase; Germany's answer is awaited."""
    send(seed_threats, MODERATOR, "EndCrisisPhase")
    return seed_threats


@pytest.mark.rule("GS-32.3")
def test_the_recorded_facts_are_the_support_levels_in_the_projection(seed_facts):
    """32.3: the support levels the moderator records are those every declaration is judged on."""
    assert support_levels(seed_facts) == {
        "Germany": (1, 0, 1), "Italy": (0, 0, 0), "Britain": (2, 0, 2), "France": (5, 0, 5), "Russia": (0, 0, 0)}
    assert war_thresholds(seed_facts)["phase"] == "crisis"


@pytest.mark.rule("GS-32.61B")
def test_legal_commands_offer_france_a_threat_on_germany_exceeding_by_four(seed_facts):
    """32.83C EXAMPLE: "France ... exceeds the declaration of war threshold by 4"; the client reads the
    threat and its verdict from legal-commands before sending it."""
    spec = seed_facts.legal_command("france", "ThreatenWar", "France")
    on_germany = verdict(war_thresholds(seed_facts, "france"), "France", "Germany")
    assert (spec["rule_id"], spec["choices"]["targets"]) == ("GS-32.83", [["Germany"], ["Italy"]])
    assert (on_germany["margin"], on_germany["mode"], on_germany["kind"]) == (4, "threat", "pre-emptive")


@pytest.mark.rule("GS-32.83")
def test_seed_example_margins_once_both_allies_threaten(seed_threats):
    """32.83C EXAMPLE: "France ... exceeds the declaration of war threshold by 4; Britain exceeds the
    declaration of war threshold by only 1. To avoid war, Germany would have to make a concession of 1
    to Britain"."""
    data = war_thresholds(seed_threats)
    france, britain = verdict(data, "France", "Germany"), verdict(data, "Britain", "Germany")
    assert (france["margin"], france["legal"], france["mode"], france["concession_level"]) == (4, True, "threat", 1)
    assert (britain["margin"], britain["legal"], britain["mode"], britain["concession_level"]) == (1, True, "threat", 1)
    assert data["declarations"] == [{"power": "France", "targets": ["Germany"], "threat": True},
                                    {"power": "Britain", "targets": ["Germany"], "threat": True}]


@pytest.mark.rule("GS-32.83")
def test_ending_the_crisis_phase_demands_a_concession_of_one_from_germany(seed_demand):
    """32.82, 32.83C: judged at the end of the crisis phase, the joint threat asks Germany for a
    concession of 1 to Britain, the Ally with the lower support level."""
    data = war_thresholds(seed_demand)
    assert (data["phase"], data["wars"]) == ("adjudication", [])
    assert data["pending_concessions"] == [{
        "declarers": ["Britain", "France"], "targets": ["Germany"], "conceding_powers": ["Germany"],
        "beneficiaries": ["Britain"], "level": 1, "rule_id": "GS-32.83"}]
    # The demand's terms are in the projection above; legal-commands offers the bodies' own fields.
    assert [(c["type"], c["power"], c["choices"], c["rule_id"]) for c in seed_demand.legal_commands("germany")] == [
        ("MakeConcessions", "Germany", {"power": ["Germany"], "beneficiary": ["Britain", None]}, "GS-32.83"),
        ("DeclineConcessions", "Germany", {"power": ["Germany"]}, "GS-32.83")]
    assert seed_demand.legal_commands("britain") == []


@pytest.mark.rule("GS-32.83")
def test_germanys_concession_shifts_the_support_levels_in_the_projection(seed_demand):
    """32.83A/C EXAMPLE: the concession of 1 to Britain prevents "it declaring war, which would also
    prevent France from declaring war": Germany's support falls by 1, Britain's rises by 1."""
    before = support_levels(seed_demand)
    body = send(seed_demand, "germany", "MakeConcessions", power="Germany")
    after = war_thresholds(seed_demand)
    assert before == {"Germany": (1, 0, 1), "Italy": (0, 0, 0), "Britain": (2, 0, 2), "France": (5, 0, 5),
                      "Russia": (0, 0, 0)}
    assert support_levels(seed_demand) == {"Germany": (1, -1, 0), "Italy": (0, 0, 0), "Britain": (2, 1, 3),
                                           "France": (5, 0, 5), "Russia": (0, 0, 0)}
    assert event_types(body) == ["ConcessionsMade", "AdjudicationStageCompleted", "CrisisPhaseEnded"]
    assert after["concessions"] == [{"conceding_power": "Germany", "beneficiary": "Britain", "level": 1,
                                     "declarers": ["Britain", "France"], "targets": ["Germany"]}]
    assert (after["phase"], after["pending_concessions"], after["wars"], after["game_over"]) == (
        "concluded", [], [], None)
    assert (verdict(after, "Britain", "Germany")["net"], verdict(after, "France", "Germany")["legal"]) == (0, False)
    assert seed_demand.summary()["terminal"] is False


@pytest.mark.rule("GS-32.83")
def test_declining_the_concessions_means_war_and_ends_the_game(seed_demand):
    """32.83: "If the major power threatened with war declines to make the required concessions, war
    breaks out, and the game ends." """
    send(seed_demand, "germany", "DeclineConcessions", power="Germany")
    data = war_thresholds(seed_demand)
    assert seed_demand.summary()["terminal"] is True
    assert (data["phase"], [(w["declarer"], w["target"]) for w in data["wars"]]) == (
        "over", [("Britain", "Germany"), ("France", "Germany")])
    assert data["game_over"]["reason"].startswith("War broke out in turn 2")  # the game starts in turn 2
    assert (seed_demand.legal_commands("germany"), seed_demand.legal_commands(MODERATOR)) == ([], [])


# --- a German declaration while not fully mobilized is judged a threat ----------------------------

@pytest.fixture
def german_facts(client) -> Table:
    """Germany has remilitarized the Rhineland and controls Poland, is not fully mobilized, and its
    support level is 2 against Russia's 0."""
    table = create_gs_table(client)
    send(table, MODERATOR, "RecordSuccessfulAggression", aggression="Rhineland")
    send(table, MODERATOR, "RecordFactories", major_power="Germany", idle=1, civilian=2, military=5)
    send(table, MODERATOR, "RecordControl", country="Poland", controller="Germany")
    send(table, MODERATOR, "RecordSupportLevel", major_power="Germany", level=2)
    return table


@pytest.fixture
def german_demand(german_facts) -> Table:
    """Germany declares war on Russia; the moderator ends the crisis phase."""
    send(german_facts, "germany", "DeclareWar", power="Germany", targets=["Russia"])
    send(german_facts, MODERATOR, "EndCrisisPhase")
    return german_facts


@pytest.fixture
def german_concession(german_demand) -> Table:
    """Russia buys off the threat."""
    send(german_demand, "russia", "MakeConcessions", power="Russia")
    return german_demand


@pytest.fixture
def war_in_turn_two(german_concession) -> Table:
    """Turn 2: Germany, now fully mobilized at support 2, declares war on Russia, and war breaks out."""
    send(german_concession, MODERATOR, "StartTurn")
    send(german_concession, MODERATOR, "RecordFactories", major_power="Germany", idle=0, civilian=0, military=10)
    send(german_concession, MODERATOR, "RecordSupportLevel", major_power="Germany", level=2)
    send(german_concession, "germany", "DeclareWar", power="Germany", targets=["Russia"])
    send(german_concession, MODERATOR, "EndCrisisPhase")
    return german_concession


@pytest.mark.rule("GS-32.41")
def test_legal_commands_show_a_german_declaration_will_be_judged_a_threat(german_facts):
    """32.41C, 32.44: Germany not fully mobilized may only threaten; its declaration on Russia
    (exceeding by 2) is shown as a threat that a concession of 2 buys off."""
    spec = german_facts.legal_command("germany", "DeclareWar", "Germany")
    on_russia = verdict(war_thresholds(german_facts, "germany"), "Germany", "Russia")
    assert spec["choices"]["targets"] == [["Britain", "France"], ["Russia"]]
    assert (on_russia["margin"], on_russia["legal"], on_russia["mode"], on_russia["concession_level"]) == (
        2, True, "threat", 2)


@pytest.mark.rule("GS-32.44")
def test_a_german_declaration_while_not_fully_mobilized_is_judged_a_threat(german_demand):
    """32.44 and the ruleset's ruling: a DeclareWar by a power that is not fully mobilized is judged as a
    threat, so Russia is asked for concessions instead of war breaking out."""
    data = war_thresholds(german_demand)
    assert data["declarations"] == [{"power": "Germany", "targets": ["Russia"], "threat": False}]
    assert [(a["verdict"]["declarer"], a["verdict"]["target"], a["verdict"]["mode"], a["threatened"], a["outcome"])
            for a in data["adjudicated"]] == [("Germany", "Russia", "threat", False, "concessions-demanded")]
    assert data["pending_concessions"] == [{
        "declarers": ["Germany"], "targets": ["Russia"], "conceding_powers": ["Russia"],
        "beneficiaries": ["Germany"], "level": 2, "rule_id": "GS-32.83"}]
    assert (data["wars"], german_demand.summary()["terminal"]) == ([], False)
    assert [c["type"] for c in german_demand.legal_commands("russia")] == ["MakeConcessions", "DeclineConcessions"]


@pytest.mark.rule("GS-32.83")
def test_russias_concession_raises_germany_by_two_and_lowers_russia_by_two(german_concession):
    """32.83A: "+2: ... concessions ... increase the support level of the declaring major power by +2 and
    decrease the support level(s) of the major power(s) making the concessions by -2"; the concession is a
    negative modifier of the declaration it bought off."""
    data = war_thresholds(german_concession)
    assert support_levels(german_concession) == {"Germany": (2, 2, 4), "Italy": (0, 0, 0), "Britain": (0, 0, 0),
                                                 "France": (0, 0, 0), "Russia": (0, -2, -2)}
    assert [(m["value"], m["rule_id"]) for m in verdict(data, "Germany", "Russia")["modifiers"]
            if m["name"] == "concessions"] == [(-2, "GS-32.83")]
    assert (data["phase"], data["wars"]) == ("concluded", [])
    assert [(c["type"], c["power"], c["choices"], c["rule_id"]) for c in german_concession.legal_commands(MODERATOR)] \
        == [("StartTurn", None, {}, "GS-32.82")]


@pytest.mark.rule("GS-32.83")
def test_the_concessions_have_no_effect_on_the_next_turn(german_concession):
    """32.83B: concessions "have no effect on the next turn"."""
    send(german_concession, MODERATOR, "StartTurn")
    data = war_thresholds(german_concession)
    assert (data["turn"], data["phase"], data["concessions"]) == (2, "crisis", [])
    assert support_levels(german_concession)["Germany"] == (0, 0, 0)
    assert support_levels(german_concession)["Russia"] == (0, 0, 0)


@pytest.mark.rule("GS-32.41")
def test_a_fully_mobilized_german_declaration_makes_war_and_ends_the_game(war_in_turn_two):
    """32.41C, 32.12: a fully mobilized Germany's declaration cannot be bought off; war breaks out and
    the game ends, with the reason recorded."""
    data = war_thresholds(war_in_turn_two)
    assert war_in_turn_two.summary()["terminal"] is True
    assert [(w["declarer"], w["target"], w["rule_id"]) for w in data["wars"]] == [("Germany", "Russia", "GS-32.43")]
    assert data["game_over"]["reason"] == ("War broke out in turn 2: Germany declared war on Russia "
                                           "(pre-emptive declaration of war by a fully mobilized power, GS-32.43)")
    assert (war_in_turn_two.legal_commands("russia"), war_in_turn_two.legal_commands(MODERATOR)) == ([], [])


@pytest.mark.parametrize("seat, type_, data", [
    (MODERATOR, "StartTurn", {}),
    (MODERATOR, "RecordSupportLevel", {"major_power": "Russia", "level": 3}),
    ("russia", "DeclareWar", {"power": "Russia", "targets": ["Germany"]}),
])
def test_after_war_broke_out_every_command_is_refused(war_in_turn_two, seat, type_, data):
    """A game that has ended takes no more commands (the core's terminal rule)."""
    with log_unchanged(war_in_turn_two):
        body = assert_problem(war_in_turn_two.command(seat, type_, data), 422, "rule-violation")
    assert body["rule_id"] == "CORE-terminal"


# --- facts outside their domain: 422 and nothing changes ------------------------------------------

@pytest.mark.parametrize("type_, data, field", [
    ("RecordSupportLevel", {"major_power": "France", "level": 2.5}, "data.level"),
    ("RecordSupportLevel", {"major_power": "France", "level": "high"}, "data.level"),
    ("RecordSupportLevel", {"major_power": "France", "level": True}, "data.level"),
    ("RecordSupportLevel", {"major_power": "France", "level": None}, "data.level"),
    ("RecordSupportLevel", {"major_power": "France"}, "data.level"),
    ("RecordSupportLevel", {"major_power": "France", "level": 3, "temporary": 1}, "data.temporary"),
    ("RecordSupportLevel", {"major_power": ["France"], "level": 3}, "data.major_power"),
    ("RecordTemporarySupportIncrease", {"allied_power": "Britain", "axis_power": "Germany", "amount": 0.5},
     "data.amount"),
    ("RecordEai", {"value": "7"}, "data.value"),
    ("RecordFactories", {"major_power": "Germany", "idle": 0, "civilian": 0, "military": 9.5}, "data.military"),
    ("RecordBalanceOfPower", {"axis_advantage": 1.5}, "data.axis_advantage"),
])
def test_a_fact_of_the_wrong_type_is_422_naming_the_field(seed_facts, type_, data, field):
    """A fact whose value is not of its type is refused by the schema, which names the field."""
    with log_unchanged(seed_facts):
        body = assert_problem(seed_facts.command(MODERATOR, type_, data), 422, "validation-error")
    assert field in body["errors"]


@pytest.mark.parametrize("seat, type_, data, rule_id", [
    (MODERATOR, "RecordSupportLevel", {"major_power": UNKNOWN_POWER, "level": 3}, "GS-32.3"),
    (MODERATOR, "RecordSupportLevel", {"major_power": "france", "level": 3}, "GS-32.3"),
    (MODERATOR, "RecordTemporarySupportIncrease", {"allied_power": "Britain", "axis_power": UNKNOWN_POWER,
                                                   "amount": 1}, "GS-32.3"),
    (MODERATOR, "RecordTemporarySupportIncrease", {"allied_power": "Russia", "axis_power": "Germany",
                                                   "amount": 1}, "GS-32.3"),
    (MODERATOR, "RecordTemporarySupportIncrease", {"allied_power": "Britain", "axis_power": "Germany",
                                                   "amount": -1}, "GS-32.3"),
    (MODERATOR, "RecordSecondAggressionSupportIncrease", {"allied_power": UNKNOWN_POWER, "axis_power": "Germany",
                                                          "amount": 1}, "GS-32.61B"),
    (MODERATOR, "RecordFactories", {"major_power": UNKNOWN_POWER, "idle": 0, "civilian": 0, "military": 5},
     "GS-32.41"),
    (MODERATOR, "RecordControl", {"country": "Poland", "controller": UNKNOWN_POWER}, "GS-32.43"),
    (MODERATOR, "RecordTradePact", {"minor": "Hungary", "major_power": UNKNOWN_POWER}, "GS-32.7"),
    (MODERATOR, "RecordAggression", {"aggressor": UNKNOWN_POWER, "aggression": "Austria"}, "GS-32.61B"),
    (MODERATOR, "DeclareWar", {"power": UNKNOWN_POWER, "targets": ["Germany"]}, "GS-32.21"),
    ("germany", "DeclareWar", {"power": "Germany", "targets": [UNKNOWN_POWER]}, "GS-32.21"),
    ("france", "ThreatenWar", {"power": "France", "targets": []}, "GS-32.1"),
])
def test_a_fact_or_power_outside_its_domain_is_422_with_the_rule_id(seed_facts, seat, type_, data, rule_id):
    """Each fact is checked against its domain before it becomes an event (an unknown power, a power of
    the wrong side, a negative increase); the refusal names the rule that reads the fact."""
    with log_unchanged(seed_facts):
        body = assert_problem(seed_facts.command(seat, type_, data), 422, "rule-violation")
    assert body["rule_id"] == rule_id


def test_a_refused_fact_leaves_the_projection_as_it_was(seed_facts):
    """Nothing of a refused fact reaches the read side: the support levels are those recorded before."""
    before = war_thresholds(seed_facts)
    seed_facts.command(MODERATOR, "RecordSupportLevel", {"major_power": "Germany", "level": 2.5})
    seed_facts.command(MODERATOR, "RecordSupportLevel", {"major_power": UNKNOWN_POWER, "level": 9})
    assert war_thresholds(seed_facts) == before


def test_a_support_level_beyond_64_bits_is_422_not_500(seed_facts):
    """A support level of 10**20 cannot be stored as JSON the service can read back; it must be refused
    as a 422 naming the field, like any other value outside the fact's domain, and change nothing."""
    with log_unchanged(seed_facts):
        body = assert_problem(seed_facts.command(MODERATOR, "RecordSupportLevel",
                                                 {"major_power": "Germany", "level": 10**20}),
                              422, "validation-error")
    assert "data.level" in body["errors"]


def test_a_player_seat_may_not_record_facts(seed_facts):
    """Facts are the moderator's: a player's RecordSupportLevel is a rule violation (32.82)."""
    with log_unchanged(seed_facts):
        body = assert_problem(seed_facts.command("germany", "RecordSupportLevel",
                                                 {"major_power": "Germany", "level": 6}), 422, "rule-violation")
    assert body["rule_id"] == "GS-32.82"


# --- seats and versions: 403 and 412 --------------------------------------------------------------

@pytest.mark.parametrize("preset, seat, type_, data", [
    ("one-per-power", "britain", "ThreatenWar", {"power": "France", "targets": ["Germany"]}),
    ("one-per-power", "germany", "DeclareWar", {"power": "Russia", "targets": ["Germany"]}),
    ("three-sides", "allies", "ThreatenWar", {"power": "Germany", "targets": ["Britain", "France"]}),
    ("three-sides", "axis", "DeclareWar", {"power": "Russia", "targets": ["Germany"]}),
    ("axis-vs-allies", "axis", "DeclineConcessions", {"power": "Britain"}),
    ("solitaire", "solo", "DeclareWar", {"power": UNKNOWN_POWER, "targets": ["Germany"]}),
])
def test_403_when_a_seat_acts_for_a_power_it_does_not_hold(client, preset, seat, type_, data):
    """A seat acts only for the powers it holds; the refusal names the power and changes nothing."""
    table = create_gs_table(client, preset)
    with log_unchanged(table):
        body = assert_problem(table.command(seat, type_, data), 403, "forbidden")
    assert data["power"] in body["detail"]


def test_403_when_a_seat_concedes_for_the_threatened_power(seed_demand):
    """32.83: only the power threatened answers; Britain's seat cannot concede for Germany."""
    with log_unchanged(seed_demand):
        assert_problem(seed_demand.command("britain", "MakeConcessions", {"power": "Germany"}), 403, "forbidden")
    assert war_thresholds(seed_demand)["pending_concessions"][0]["conceding_powers"] == ["Germany"]


def test_412_for_a_stale_if_match_and_the_retry_on_the_current_version_succeeds(seed_facts):
    """France's client read the game, then the moderator recorded a fact: France's threat based on the
    version it read is stale (412 with expected and actual) and appends nothing; re-read and retried, it
    is accepted."""
    read = seed_facts.version()
    send(seed_facts, MODERATOR, "RecordEai", value=3)
    with log_unchanged(seed_facts):
        body = assert_problem(seed_facts.command("france", "ThreatenWar", {"power": "France", "targets": ["Germany"]},
                                                 version=read), 412, "stale-version")
    retried = seed_facts.command("france", "ThreatenWar", {"power": "France", "targets": ["Germany"]})
    assert (body["expected"], body["actual"]) == (read, read + 1)
    assert (retried.status_code, event_types(retried.json)) == (201, ["ThreatOfWarMade"])


def _specs(table, seat) -> list[dict]:
    """What legal-commands offers, without the data schema and ready body each entry also has."""
    return [{k: e[k] for k in ("type", "power", "choices", "rule_id")} for e in table.legal_commands(seat)]
