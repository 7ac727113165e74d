"""Totaler Krieg! chapter 13 over REST, through Flask's test client only (issue 7).

Clients activate a Neutral (Poland's alignment under Pre-War; a declaration of war whose alignment
is the auditable die roll of priority 7), end policies and read the posture change in the
``countries`` and ``posture-display`` projections. Selecting a Dependent or Region where a Country is
required, or a Country that no longer exists, is 422 with the TK rule id; a seat acting for a faction
it does not hold is 403; a stale If-Match is 412. Every refusal leaves the event log as it was."""
from __future__ import annotations

import pytest

from tests.support.api import (
    MODERATOR,
    Table,
    assert_problem,
    create_game_table,
    log_unchanged,
)

# 13.5 priority 7: "If the result is 3 or less, it aligns with the Western faction. If it is 4 or more,
# it aligns with the Soviet faction."
ALIGNMENT_BY_ROLL = {1: "western", 2: "western", 3: "western", 4: "soviet", 5: "soviet", 6: "soviet"}
MINORS_BOX = {"western": "western_minors", "soviet": "soviet_minors"}
ROW = ("status", "alignment", "alignment_priority", "posture", "posture_kind", "posture_box", "pac")
# 13.5 example: card 15 Demand Polish Corridor, Country Resists; the Axis picks Poland's alignment.
POLAND_RESISTS = {"power": "axis", "country": "poland", "trigger": "political_event", "activate_as": "allied",
                  "political_event": "country_resists", "axis_choice": "western"}
GONE = ("austria", "czechoslovakia")  # 13.8.1.2: ceded to Germany, gone for good


# --- helpers: what a client does ------------------------------------------------------------------

def create_tk_table(client, scenario: str = "blank", preset: str = "three-player") -> Table:
    return create_game_table(client, "totaler-krieg", preset, {"scenario": scenario})


def send(table: Table, seat: str, type_: str, **data) -> dict:
    return table.send(seat, type_, **data)


def event_types(body: dict) -> list[str]:
    return [e["type"] for e in body["events"]]


def event_data(body: dict, type_: str) -> dict:
    return next(e["data"] for e in body["events"] if e["type"] == type_)


def projection(table: Table, name: str, seat: str = MODERATOR, at: int | None = None) -> dict:
    return table.projection(name, seat, at)


def countries(table: Table) -> dict[str, dict]:
    return {row["id"]: row for row in projection(table, "countries")["countries"]}


def country(table: Table, cid: str) -> tuple:
    """One country's status, alignment, alignment priority, posture, posture kind, box and PAC flag."""
    row = countries(table)[cid]
    return tuple(row[k] for k in ROW)


def postures(table: Table, *ids: str) -> dict[str, str | None]:
    rows = countries(table)
    return {cid: rows[cid]["posture"] for cid in ids}


def boxes(table: Table) -> dict[str, str | None]:
    return {box: spec["marker"] for box, spec in projection(table, "posture-display")["boxes"].items()}


# --- games as clients set them up -----------------------------------------------------------------

@pytest.fixture
def tk_1939(client) -> Table:
    """Aug-Sept 1939: Pre-War; Guarantees in the Britain, France and Western Minors boxes, Isolationism
    in the US box; France an Active Western minor, Poland Neutral."""
    return create_tk_table(client, "1939")


@pytest.fixture
def tk_limited(client) -> Table:
    """Every minor Neutral, no markers; the moderator has moved the game to Limited War (chapter 12)."""
    table = create_tk_table(client)
    send(table, MODERATOR, "SetWarState", war="limited_war")
    return table


@pytest.fixture
def ceded(tk_limited) -> Table:
    """The Axis has ceded Austria and Czechoslovakia to Germany, each chosen from legal-commands."""
    for gone in GONE:
        assert gone in tk_limited.legal_command("axis", "CedeCountry", "axis")["choices"]["country"]
        send(tk_limited, "axis", "CedeCountry", power="axis", country=gone)
    return tk_limited


# --- activating a Neutral ---------------------------------------------------------------------------

@pytest.mark.rule("TK-13.5")
def test_legal_commands_offer_poland_s_activation_and_the_projection_says_the_axis_chooses(tk_1939):
    """13.5 example: "Pre-War is in effect, so the Axis faction gets to pick Poland's alignment." The
    client reads the activation from legal-commands and the priority that applies from ``countries``."""
    spec = tk_1939.legal_command("axis", "ActivateNeutral", "axis")
    poland = countries(tk_1939)["poland"]
    assert spec["rule_id"] == "TK-13.4"
    assert ("poland" in spec["choices"]["country"], "political_event" in spec["choices"]["trigger"],
            "allied" in spec["choices"]["activate_as"]) == (True, True, True)
    assert country(tk_1939, "poland") == ("neutral", None, 5, None, None, None, False)
    assert poland["alignment_basis"] == "Pre-War is in effect: the Axis chooses an Allied faction"


@pytest.mark.rule("TK-13.5")
def test_poland_s_alignment_under_pre_war_through_rest(tk_1939):
    """13.5 example: Demand Polish Corridor, Country Resists; "the Axis faction gets to pick Poland's
    alignment. The Western faction is chosen." Poland becomes an Active Western minor under the Western
    Minors' Guarantees; its set-up's mobilization roll is recorded in DiceRolled before the events."""
    body = send(tk_1939, "axis", "ActivateNeutral", **POLAND_RESISTS)
    activated, setup = event_data(body, "NeutralActivated"), event_data(body, "MinorSetUp")
    assert event_types(body) == ["DiceRolled", "NeutralActivated", "MinorSetUp"]
    assert (activated["faction"], activated["priority"], activated["roll"]) == ("western", 5, None)
    assert event_data(body, "DiceRolled")["rolls"] == [{"k": 0, "sides": 6, "value": setup["mobilization_roll"]}]
    assert len({e["command_id"] for e in body["events"]}) == 1
    assert country(tk_1939, "poland") == ("active", "western", None, "guarantees", "policy", "western_minors", True)
    assert countries(tk_1939)["poland"]["mobilizations_left"] == setup["mobilization_roll"]
    assert "poland" in projection(tk_1939, "posture-display")["boxes"]["western_minors"]["countries"]
    assert (tk_1939.verify()["ok"], tk_1939.verify()["dice_checked"]) == (True, 1)


@pytest.mark.rule("TK-13.5")
def test_legal_commands_offer_every_field_poland_s_pre_war_activation_requires(tk_1939):
    """13.5 priority 5: "the Axis player must choose an Allied faction"; a political-event activation must
    name its event. Both fields are required here (422 without them), so the spec should offer them."""
    choices = tk_1939.legal_command("axis", "ActivateNeutral", "axis")["choices"]
    assert ("country_resists" in choices.get("political_event", []),
            set(choices.get("axis_choice", [])) - {None} == {"western", "soviet"}) == (True, True)


@pytest.mark.rule("TK-13.5")
@pytest.mark.parametrize("axis_choice", [None, "axis"])
def test_priority_5_needs_an_allied_axis_choice(tk_1939, axis_choice):
    """13.5 priority 5: "If Pre-War is in effect, the Axis player must choose an Allied faction." """
    data = {**POLAND_RESISTS, "axis_choice": axis_choice}
    with log_unchanged(tk_1939):
        body = assert_problem(tk_1939.command("axis", "ActivateNeutral", data), 422, "rule-violation")
    assert body["rule_id"] == "TK-13.5"
    assert country(tk_1939, "poland")[:2] == ("neutral", None)


@pytest.mark.rule("TK-13.5")
def test_declaring_war_on_a_neutral_rolls_its_alignment_and_the_roll_is_audited(tk_limited):
    """13.5 priority 7: "Roll an unmodified die. If the result is 3 or less, it aligns with the Western
    faction. If it is 4 or more, it aligns with the Soviet faction." Poland borders Russia and holds an
    Axis Strategic Hex, so an Axis declaration of war rolls; DiceRolled (the alignment roll, then the
    mobilization roll) precedes the activation and /verify recomputes both."""
    spec = tk_limited.legal_command("axis", "ActivateNeutral", "axis")
    assert ("poland" in spec["choices"]["country"], "declare_war" in spec["choices"]["trigger"]) == (True, True)
    assert country(tk_limited, "poland") == ("neutral", None, 7, None, None, None, False)

    body = send(tk_limited, "axis", "ActivateNeutral", power="axis", country="poland", trigger="declare_war")

    activated, setup = event_data(body, "NeutralActivated"), event_data(body, "MinorSetUp")
    faction = ALIGNMENT_BY_ROLL[activated["roll"]]
    assert event_types(body) == ["DiceRolled", "NeutralActivated", "MinorSetUp"]
    assert event_data(body, "DiceRolled")["rolls"] == [{"k": 0, "sides": 6, "value": activated["roll"]},
                                                       {"k": 1, "sides": 6, "value": setup["mobilization_roll"]}]
    assert (activated["faction"], activated["priority"], activated["trigger"]) == (faction, 7, "declare_war")
    assert country(tk_limited, "poland") == ("active", faction, None, "war", "war", MINORS_BOX[faction], False)
    assert projection(tk_limited, "countries") == projection(tk_limited, "countries", at=tk_limited.version())
    assert (tk_limited.verify()["ok"], tk_limited.verify()["dice_checked"]) == (True, 2)


@pytest.mark.rule("TK-13.6.1.2")
def test_declaring_war_on_a_neutral_pac_in_pre_war_is_422_and_rolls_nothing(tk_1939):
    """13.6.1.2: an Axis declaration of war on a Neutral PAC ends its policy voluntarily, and "No faction
    can voluntarily end any Policy if Pre-War is in effect." Sweden is Western (priority 4) under the
    Western Minors' Guarantees."""
    assert country(tk_1939, "sweden") == ("neutral", "western", 4, "guarantees", "policy", "western_minors", True)
    with log_unchanged(tk_1939):
        body = assert_problem(tk_1939.command("axis", "ActivateNeutral", {
            "power": "axis", "country": "sweden", "trigger": "declare_war"}), 422, "rule-violation")
    assert body["rule_id"] == "TK-13.6.1.2"
    assert tk_1939.verify()["ok"] is True


# --- ending a policy: the posture changes ---------------------------------------------------------

@pytest.mark.rule("TK-13.6.1.2")
def test_demand_polish_corridor_ends_the_guarantees_and_pre_war_through_rest(tk_1939):
    """13.6.1.2 example: "Poland is determined to be a Western Country, making it subject to the
    Guarantees Policy. According to the Country Resists Event, that Policy is ended. All Guarantees
    markers are immediately removed from the Posture Display, which ends Pre-War." """
    assert postures(tk_1939, "britain", "france", "poland", "united_states") == {
        "britain": "guarantees", "france": "guarantees", "poland": None, "united_states": "isolationism"}
    assert boxes(tk_1939) == {"united_states": "isolationism", "britain": "guarantees", "france": "guarantees",
                              "western_minors": "guarantees", "russia": None, "soviet_minors": None}

    body = send(tk_1939, "axis", "ActivateNeutral", **POLAND_RESISTS, end_policy=True)

    assert event_types(body) == ["DiceRolled", "NeutralActivated", "MinorSetUp", "PolicyEnded", "WarStateChanged"]
    assert event_data(body, "PolicyEnded") == {"policy": "guarantees", "boxes": ["britain", "france", "western_minors"],
                                               "cause": "option_card", "voluntary": False, "by": "axis"}
    assert postures(tk_1939, "britain", "france", "poland", "united_states") == {
        "britain": "war", "france": "war", "poland": "war", "united_states": "isolationism"}
    assert (country(tk_1939, "britain"), country(tk_1939, "poland")) == (
        ("active", "western", None, "war", "war", "britain", False),
        ("active", "western", None, "war", "war", "western_minors", False))
    assert boxes(tk_1939) == {"united_states": "isolationism", "britain": None, "france": None,
                              "western_minors": None, "russia": None, "soviet_minors": None}
    assert (projection(tk_1939, "countries")["war"], projection(tk_1939, "posture-display")["war"]) == (
        "limited_war", "limited_war")


@pytest.mark.rule("TK-13.6.1.2")
@pytest.mark.parametrize("named", [{"policy": "franco_russian_entente"}, {"box": "france"}])
def test_case_yellow_ends_only_the_entente_and_france_s_posture_becomes_war(tk_limited, named):
    """13.6.1.2 example: "Axis card 22a Case Yellow instructs you to end any Policy in France's Posture
    Box. ... If France's Policy was Entente but Britain's Policy was Appeasement, you'd only remove the
    Entente marker." The Western faction places both policies and the Axis ends one, each as
    legal-commands offers it; named by the policy or by the box holding it."""
    placing = tk_limited.legal_command("western", "PlacePolicy", "western")["choices"]
    assert ({"britain", "france"} <= set(placing["box"]),
            {"appeasement", "franco_russian_entente"} <= set(placing["policy"])) == (True, True)
    send(tk_limited, "western", "PlacePolicy", power="western", box="britain", policy="appeasement")
    send(tk_limited, "western", "PlacePolicy", power="western", box="france", policy="franco_russian_entente")
    assert tk_limited.legal_command("axis", "EndPolicy", "axis")["choices"] == {
        "power": ["axis"], "policy": ["appeasement", "franco_russian_entente"], "cause": ["option_card"]}
    assert (country(tk_limited, "britain")[3:], country(tk_limited, "france")[3:]) == (
        ("appeasement", "policy", "britain", True), ("franco_russian_entente", "policy", "france", True))

    body = send(tk_limited, "axis", "EndPolicy", power="axis", cause="option_card", **named)

    assert event_data(body, "PolicyEnded") == {"policy": "franco_russian_entente", "boxes": ["france"],
                                               "cause": "option_card", "voluntary": False, "by": "axis"}
    assert (country(tk_limited, "britain")[3:], country(tk_limited, "france")[3:]) == (
        ("appeasement", "policy", "britain", True), ("war", "war", "france", False))
    assert boxes(tk_limited) == {"united_states": None, "britain": "appeasement", "france": None,
                                 "western_minors": None, "russia": None, "soviet_minors": None}
    assert tk_limited.legal_command("axis", "EndPolicy", "axis")["choices"]["policy"] == ["appeasement"]


# --- selecting what is not a Country: 422 with the rule id ----------------------------------------

@pytest.mark.rule("TK-13.2")
@pytest.mark.parametrize("seat, type_, data, role", [
    ("axis", "SelectCountry", {"power": "axis", "country": "libya", "purpose": "28a Treaty", "sizes": ["minor"]},
     "Libya is a Dependent of Italy"),
    ("axis", "ConquerCountry", {"power": "axis", "country": "egypt"}, "Egypt is a Dependent of Britain"),
    ("axis", "CreatePartnership", {"power": "axis", "country": "albania"}, "Albania is a Dependent of Italy"),
    ("axis", "ActivateNeutral", {"power": "axis", "country": "denmark", "trigger": "declare_war"},
     "Denmark is a Region of Denmark-Norway"),
    ("soviet", "DetermineAlignment", {"power": "soviet", "country": "eastern_poland"},
     "Eastern Poland is a Region of Poland"),
    ("western", "SelectCountry", {"power": "western", "country": "vichy"}, "Vichy is a Region of France"),
    ("western", "SelectCountry", {"power": "western", "country": "basque"}, "Basque is a Breakaway Region of Spain"),
])
def test_a_dependent_or_region_where_a_country_is_required_is_422(tk_limited, seat, type_, data, role):
    """13.3 example: "If he had played 28a Treaty instead, he could not name Libya, because it is not a
    Minor Country." 13.2: "When you are instructed to select a Country, you cannot select a Dependent
    or Region." legal-commands never offers one as a Country."""
    assert data["country"] not in tk_limited.legal_command(seat, "SelectCountry", seat)["choices"]["country"]
    with log_unchanged(tk_limited):
        body = assert_problem(tk_limited.command(seat, type_, data), 422, "rule-violation")
    assert body["rule_id"] == "TK-13.2"
    assert body["detail"].startswith(f"{role}, not a Country: it cannot be selected")


@pytest.mark.rule("TK-13.2")
def test_a_ceded_country_no_longer_exists_in_the_projection_nor_in_LEGAL(ceded):
    """13.2 example: "Austria has been ceded to Germany (13.8.1.2), so it no longer exists." """
    rows = countries(ceded)
    offered = {c["type"]: c["choices"]["country"] for c in ceded.legal_commands("axis") if "country" in c["choices"]}
    assert [(rows[g]["exists"], rows[g]["status"], rows[g]["absent_reason"]) for g in GONE] == [
        (False, None, "Austria was ceded to Germany and is gone for good (13.8.1.2)"),
        (False, None, "Czechoslovakia was ceded to Germany and is gone for good (13.8.1.2)")]
    assert {kind: [g for g in GONE if g in choices] for kind, choices in offered.items()} == {
        kind: [] for kind in offered}
    assert {"SelectCountry", "ActivateNeutral", "DetermineAlignment", "CedeCountry"} <= set(offered)


@pytest.mark.rule("TK-13.2")
@pytest.mark.parametrize("seat, type_, data", [
    ("axis", "SelectCountry", {"power": "axis", "country": "austria", "purpose": "25 Operation Marita",
                               "statuses": ["neutral"]}),
    ("axis", "ActivateNeutral", {"power": "axis", "country": "austria", "trigger": "declare_war"}),
    ("western", "DetermineAlignment", {"power": "western", "country": "czechoslovakia"}),
    ("axis", "CedeCountry", {"power": "axis", "country": "czechoslovakia"}),
    ("soviet", "SwitchAlignment", {"power": "soviet", "country": "austria", "faction": "soviet"}),
    ("axis", "PlaceCountryMarker", {"power": "axis", "country": "czechoslovakia", "marker": "reich_annex"}),
])
def test_a_country_that_no_longer_exists_cannot_be_selected_422(ceded, seat, type_, data):
    """13.2: "Any Country that does not exist at the moment of play cannot be selected for any game
    purpose." Example: Operation Marita cannot select Austria once it is ceded to Germany."""
    with log_unchanged(ceded):
        body = assert_problem(ceded.command(seat, type_, data), 422, "rule-violation")
    assert body["rule_id"] == "TK-13.2"
    assert "was ceded to Germany and is gone for good (13.8.1.2): it cannot be selected" in body["detail"]


def test_a_refused_selection_leaves_every_projection_as_it_was(ceded):
    """Nothing of a refused command reaches the read side."""
    before = {name: projection(ceded, name) for name in ("countries", "areas", "posture-display")}
    ceded.command("axis", "SelectCountry", {"power": "axis", "country": "austria"})
    ceded.command("axis", "ConquerCountry", {"power": "axis", "country": "egypt"})
    assert {name: projection(ceded, name) for name in before} == before


# --- seats and versions: legal-commands, 403 and 412 ----------------------------------------------

def test_legal_commands_are_the_seat_s_own_factions_and_the_moderator_s_facts(tk_1939):
    """Each seat is offered commands for the factions it holds; the moderator for every faction, plus
    the war state and the Enforced Peace marker; an anonymous reader nothing."""
    powers = {seat: {c["power"] for c in tk_1939.legal_commands(seat)} for seat in ("axis", "western", "soviet")}
    moderator = tk_1939.legal_commands(MODERATOR)
    anonymous = tk_1939.client.get(f"/games/{tk_1939.game_id}/legal-commands").json["commands"]
    assert powers == {"axis": {"axis"}, "western": {"western"}, "soviet": {"soviet"}}
    assert {c["power"] for c in moderator} == {"axis", "western", "soviet", None}
    assert [(c["type"], c["choices"]) for c in moderator if c["power"] is None] == [
        ("SetWarState", {"war": ["limited_war", "total_war"]}), ("SetEnforcedPeace", {"on": [True]})]
    assert anonymous == []


@pytest.mark.parametrize("preset, seat, type_, data", [
    ("three-player", "western", "ActivateNeutral", {**POLAND_RESISTS}),
    ("three-player", "soviet", "EndPolicy", {"power": "western", "cause": "option_card", "policy": "guarantees"}),
    ("three-player", "axis", "DetermineAlignment", {"power": "soviet", "country": "poland"}),
    ("two-player", "axis", "PlacePolicy", {"power": "soviet", "box": "russia", "policy": "nazi_soviet_pact"}),
    ("two-player", "allies", "CedeCountry", {"power": "axis", "country": "austria"}),
])
def test_403_when_a_seat_acts_for_a_faction_it_does_not_hold(client, preset, seat, type_, data):
    """A seat acts only for the factions it holds; the refusal names the faction and changes nothing."""
    table = create_tk_table(client, "1939", preset)
    with log_unchanged(table):
        body = assert_problem(table.command(seat, type_, data), 403, "forbidden")
    assert repr(data["power"]) in body["detail"]


def test_412_for_a_stale_if_match_and_the_retry_on_the_current_version_succeeds(tk_1939):
    """The Axis client read the game, then the Western faction placed a policy: the Axis's command on the
    version it read is stale (412 with expected and actual) and appends nothing; re-read, it is accepted."""
    read = tk_1939.version()
    send(tk_1939, "western", "PlacePolicy", power="western", box="russia", policy="cordon_sanitaire")
    stale = {"power": "axis", "cause": "option_card", "policy": "cordon_sanitaire"}
    with log_unchanged(tk_1939):
        body = assert_problem(tk_1939.command("axis", "EndPolicy", stale, version=read), 412, "stale-version")
    retried = tk_1939.command("axis", "EndPolicy", stale)
    assert (body["expected"], body["actual"]) == (read, read + 1)
    assert (retried.status_code, event_types(retried.json)) == (201, ["PolicyEnded"])
    assert boxes(tk_1939)["russia"] is None


def test_a_retried_activation_returns_the_same_roll_and_appends_nothing(tk_limited):
    """An Idempotency-Key retry of a die-rolling activation answers with the original events (the same
    roll) instead of rolling again."""
    data = {"power": "axis", "country": "poland", "trigger": "declare_war"}
    read = tk_limited.version()
    first = tk_limited.command("axis", "ActivateNeutral", data, **{"Idempotency-Key": "poland-dw"})
    again = tk_limited.command("axis", "ActivateNeutral", data, version=read, **{"Idempotency-Key": "poland-dw"})
    assert (first.status_code, again.status_code, again.json["replayed"]) == (201, 201, True)
    assert again.json["events"] == first.json["events"]
    assert tk_limited.version() == read + 3
