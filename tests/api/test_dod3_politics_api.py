"""Days of Decision III political affairs through REST (issue 4): a two-turn 3-player game in which
options are played (one waiting for an approval), minors are activated with the modifier order and
marker paths the activator chooses from what /legal-commands offers, and political affairs end by
the audited end roll (rule 8.6); the ``minors`` projection and ``status-display.svg`` follow the
moves; illegal activations and options are refused with the DOD3-8.x rule id and change nothing.

The dice are the server's (commit-reveal, unscripted): the turn-1 fixture replays its script on a
fresh game until the rolls fall as the script needs (about one game in five), so every assertion
below is about one fixed sequence of moves. Runs on SQLite and on Redis (the ``client`` fixture)."""
import pytest

from events.envelope import first_broken_link
from tests.support.dod3_api import (
    ALLIES,
    AXIS,
    MODERATOR,
    create_dod3_table,
    finish_turn,
    legal,
    offered,
    play_offered,
    projection,
    roll_weather,
    turn,
)

PROBLEM = "application/problem+json"
SVG = "image/svg+xml"
ATTEMPTS = 80  # P(no fitting game in 80) < 1e-8 at about 0.2 a game

# Turn 1 (every power one option, set-up order GE IT CW FR RU JA US CH): Germany embargoes France
# (IPO 19: the war chart's French column halved: Belgium -2, Czechoslovakia -1, Poland -1) and
# activates Poland; Italy passes; the Commonwealth asks France for a treaty (CW 3, waiting for the
# approval) and activates Czechoslovakia; France approves (FR 0(f)): CW 3 places +1 CW markers
# (treaty chart, French column); France activates Belgium, the CW +1 first, then Germany's -2
# moving it away from Germany to E9. Its end roll ends political affairs.
EMBARGO = {"power": "GE", "option": "IPO 19", "target": "FR"}
TREATY = {"power": "CW", "option": "CW 3", "target": "FR"}
APPROVAL = {"power": "FR", "option": "FR 0(f)", "target": "CW"}
BELGIUM_PATHS = [("CW", []), ("GE", ["E9"])]  # France's order, not the offered one (GE, CW)


def activation(table, seat: str, power: str, minor: str, paths: list[tuple[str, list[str]]]) -> dict:
    """ActivateMinor built from the spec /legal-commands offers: every offered modifier, in the
    activator's order, each path ending in a hex offered as reachable for that modifier."""
    spec = next(c for c in legal(table, seat) if c["type"] == "ActivateMinor" and c["choices"]["minor"] == [minor])
    offered_modifiers = {m["nationality"]: m for m in spec["choices"]["moves"]}
    assert sorted(offered_modifiers) == sorted(n for n, _ in paths), spec
    assert all(not path or path[-1] in offered_modifiers[n]["path"] for n, path in paths), spec
    return {"power": power, "minor": minor, "moves": [{"nationality": n, "path": path} for n, path in paths]}


def command(table, seat: str, type_: str, data: dict) -> dict:
    response = table.command(seat, type_, data)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.json


def end_roll(body: dict) -> dict:
    (rolled,) = [e["data"] for e in body["events"] if e["type"] == "EndOfPoliticalAffairsRolled"]
    return rolled


def play_turn_one(client) -> tuple[object, dict] | None:
    """The turn-1 script on a fresh game; None as soon as a roll falls otherwise than it needs."""
    table = create_dod3_table(client)
    roll_weather(table)
    bodies = {"embargo": play_offered(table, AXIS, "PlayOption", **EMBARGO)}
    bodies["poland"] = command(table, AXIS, "ActivateMinor", activation(table, AXIS, "GE", "Poland", [("GE", [])]))
    if end_roll(bodies["poland"])["ended"]:
        return None
    play_offered(table, AXIS, "PassOption", "IT")
    bodies["treaty"] = play_offered(table, ALLIES, "PlayOption", **TREATY)
    bodies["czechoslovakia"] = command(table, ALLIES, "ActivateMinor",
                                       activation(table, ALLIES, "CW", "Czechoslovakia", [("GE", [])]))
    if end_roll(bodies["czechoslovakia"])["ended"]:
        return None
    bodies["approval"] = play_offered(table, ALLIES, "PlayOption", **APPROVAL)
    bodies["minors_before"] = projection(table, "minors", ALLIES)
    bodies["belgium"] = command(table, ALLIES, "ActivateMinor",
                                activation(table, ALLIES, "FR", "Belgium", BELGIUM_PATHS))
    return (table, bodies) if end_roll(bodies["belgium"])["ended"] else None


@pytest.fixture
def turn_one(client):
    for _ in range(ATTEMPTS):
        played = play_turn_one(client)
        if played is not None:
            return played
    raise AssertionError(f"no game in {ATTEMPTS} rolled as the script needs")


@pytest.fixture
def two_turns(turn_one):
    """Turn 2: Germany (2 bid points bought) is the only bidder, for one option: GE 4 on
    Czechoslovakia (no activation, rule 8.5a) ends political affairs without a roll (rule 8.6)."""
    table, bodies = turn_one
    finish_turn(table, buy_bid_points={"GE": 2})
    for seat, powers in table.seats.items():
        for power in powers:
            if power != "CC":
                play_offered(table, seat, "SubmitBid", power, points=2 if power == "GE" else 0)
    while turn(table)["phase"] == "democrat_moves":
        power = projection(table, "initiative-track")["democrat_queue"][0]
        play_offered(table, table.seat_of(power), "KeepInitiativePosition", power)
    roll_weather(table)
    bodies["war"] = play_offered(table, AXIS, "PlayOption", power="GE", option="GE 4", target="Czechoslovakia")
    bodies["after_war"] = projection(table, "minors", ALLIES)
    finish_turn(table)
    return table, bodies


@pytest.fixture
def must_activate(client):
    """Turn 1: Germany has embargoed France and must now activate a minor (rule 8.5a)."""
    table = create_dod3_table(client)
    roll_weather(table)
    play_offered(table, AXIS, "PlayOption", **EMBARGO)
    return table


def types(body: dict) -> list[str]:
    return [e["type"] for e in body["events"]]


def assert_refused(table, seat: str, type_: str, data: dict, rule_id: str) -> None:
    """422 problem+json naming the rule; the moderator's event log is unchanged."""
    before = table.events(MODERATOR)

    response = table.command(seat, type_, data)

    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.content_type == PROBLEM
    body = response.json
    assert body["type"].endswith("/rule-violation") and body["status"] == 422
    assert body["rule_id"] == rule_id, body
    assert table.events(MODERATOR) == before


# ---- turn 1: options, activations, the end roll ---------------------------------------------------

@pytest.mark.rule("DOD3-8.6a")
def test_the_end_roll_is_an_audited_die_and_ends_political_affairs(turn_one):
    """Rule 8.6: after the option and the activation the player rolls a d10, -1 for each option
    played before it this step (IPO 19 and CW 3 before FR 0(f)); 1 or less ends political
    affairs. The roll is the server's audited die: DiceRolled precedes it, /verify recomputes it."""
    table, bodies = turn_one
    belgium = bodies["belgium"]["events"]

    assert types(bodies["belgium"])[:4] == ["DiceRolled", "MinorActivated", "EndOfPoliticalAffairsRolled",
                                            "PoliticalAffairsEnded"]
    rolled = belgium[2]["data"]
    assert belgium[0]["data"]["rolls"] == [{"k": 0, "sides": 10, "value": rolled["roll"]}]
    assert belgium[0]["command_id"] == belgium[2]["command_id"]
    assert (rolled["power"], rolled["previous_options"], rolled["war_modifier"]) == ("FR", 2, 0)
    assert rolled["result"] == rolled["roll"] - 2 and rolled["ended"] and rolled["result"] <= 1
    assert [end_roll(bodies[k])["ended"] for k in ("poland", "czechoslovakia")] == [False, False]
    assert turn(table)["step"] == "E"
    report = table.client.get(f"/games/{table.game_id}/verify").json
    assert report["ok"] and report["chain_ok"] and report["dice_verifiable"] and report["dice_checked"] == 4
    assert first_broken_link(table.events(MODERATOR)) is None


@pytest.mark.rule("DOD3-8.4a")
def test_an_option_waiting_for_approval_resolves_when_the_partner_approves(turn_one):
    """Rule 8.4a: CW 3 waits for France's approval; FR 0(f) approves it and it resolves then,
    placing the Commonwealth's markers from the treaty chart's French column."""
    _, bodies = turn_one

    assert types(bodies["treaty"]) == ["OptionPlayed"]
    assert bodies["treaty"]["events"][0]["data"]["awaiting"] == "FR"
    assert types(bodies["approval"])[:3] == ["OptionPlayed", "OptionApproved", "OptionResolved"]
    markers = {m["minor"]: m["change"] for m in bodies["approval"]["events"][2]["data"]["markers"]}
    assert markers == {"Belgium": 1, "Czechoslovakia": 1, "Poland": 1}
    assert types(bodies["embargo"]) == ["OptionPlayed", "OptionResolved", "EmbargoDeclared"]


@pytest.mark.rule("DOD3-8.5c")
@pytest.mark.rule("DOD3-8.5e")
def test_the_activator_applies_the_modifiers_in_its_order_along_its_paths(turn_one):
    """Rules 8.5c-e: France applies the CW +1 first (it cannot move Belgium from D9), then
    Germany's -2, which moves Belgium one hex away from Germany, to E9, for 2 points."""
    _, bodies = turn_one
    offered_belgium = bodies["minors_before"]["minors"]["Belgium"]

    activated = bodies["belgium"]["events"][1]["data"]

    assert offered_belgium["markers"] == {"GE": -2, "CW": 1} and offered_belgium["hex"] == "D9"
    assert (activated["minor"], activated["start"], activated["end"]) == ("Belgium", "D9", "E9")
    assert [(m["nationality"], m["value"], m["path"], m["costs"], m["end"]) for m in activated["moves"]] == [
        ("CW", 1, [], [], "D9"), ("GE", -2, ["E9"], [2], "E9")]


def test_the_minors_projection_follows_turn_one(turn_one):
    """Rule 8.1: each minor's hex and markers; an activated minor's markers return to their owners."""
    table, _ = turn_one

    minors = projection(table, "minors", None)["minors"]

    assert (minors["Belgium"]["hex"], minors["Belgium"]["markers"]) == ("E9", {})
    assert minors["Czechoslovakia"]["markers"] == {"CW": 1} and minors["Poland"]["markers"] == {"CW": 1}
    assert minors["Czechoslovakia"]["hex"] == "D10" and minors["Poland"]["hex"] == "C5"


def test_the_status_display_svg_follows_turn_one(turn_one):
    """Rule 8.1a: the drawn display lists each minor's hex, controller and markers."""
    table, _ = turn_one

    response = table.client.get(f"/games/{table.game_id}/projections/status-display.svg")

    assert response.status_code == 200 and response.mimetype == SVG
    svg = response.get_data(as_text=True)
    assert svg.startswith("<svg") and "Belgium [BEL] E9" in svg
    assert "Czechoslovakia [CZE] D10" in svg and "CW+1" in svg


# ---- turn 2 --------------------------------------------------------------------------------------

@pytest.mark.rule("DOD3-8.6a")
def test_the_last_bidders_final_option_ends_political_affairs_without_a_roll(two_turns):
    """Rule 8.6: "If you are the last player to have bid and you have played your final option,
    political affairs end automatically"; GE 4 stipulates no activation (rule 8.5a)."""
    table, bodies = two_turns

    assert "DiceRolled" not in types(bodies["war"]) and "EndOfPoliticalAffairsRolled" not in types(bodies["war"])
    assert {"MinorWarDeclared", "ActivationSkipped", "PoliticalAffairsEnded"} <= set(types(bodies["war"]))
    assert {k: turn(table)[k] for k in ("number", "step")} == {"number": 3, "step": "A"}
    assert table.client.get(f"/games/{table.game_id}/verify").json["ok"]


def test_the_minors_projection_and_svg_follow_turn_two(two_turns):
    """Rules 8.1, 8.4c: GE 4 puts Germany at war with Czechoslovakia and places its markers."""
    table, bodies = two_turns
    minors = bodies["after_war"]["minors"]

    assert minors["Czechoslovakia"]["at_war_with"] == ["GE"]
    assert minors["Czechoslovakia"]["markers"]["GE"] < 0 and minors["Czechoslovakia"]["markers"]["CW"] == 1
    assert projection(table, "minors", None)["minors"]["Czechoslovakia"] == minors["Czechoslovakia"]
    svg = projection(table, "status-display.svg", None)
    assert f'GE{minors["Czechoslovakia"]["markers"]["GE"]:+d}' in svg


# ---- refused: illegal activations and options ------------------------------------------------------

ILLEGAL_ACTIVATIONS = {
    "a modifier left out": ({"minor": "Belgium", "moves": []}, "DOD3-8.5c"),
    "a hex not adjacent": ({"minor": "Belgium", "moves": [{"nationality": "GE", "path": ["A1"]}]}, "DOD3-8.5d"),
    "towards the power of a negative modifier": (
        {"minor": "Belgium", "moves": [{"nationality": "GE", "path": ["E9", "D9"]}]}, "DOD3-8.5d"),
    "more points than the modifier has": (
        {"minor": "Belgium", "moves": [{"nationality": "GE", "path": ["E9", "F9"]}]}, "DOD3-8.5e"),
    "a minor without effect markers": ({"minor": "Sweden", "moves": []}, "DOD3-8.5a"),
    "a modifier the minor does not hold": (
        {"minor": "Belgium", "moves": [{"nationality": "GE", "path": ["E9"]}, {"nationality": "FR", "path": []}]},
        "DOD3-8.5c"),
}


@pytest.mark.parametrize("data,rule_id", ILLEGAL_ACTIVATIONS.values(), ids=ILLEGAL_ACTIVATIONS.keys())
def test_an_illegal_activation_is_refused_and_changes_nothing(must_activate, data, rule_id):
    """Rule 8.5: every modifier in the minor once, each hex entered adjacent, away from the power
    of a negative modifier, and paid for from the modifier's points."""
    assert offered(must_activate, AXIS, "ActivateMinor", "GE")
    assert_refused(must_activate, AXIS, "ActivateMinor", {"power": "GE", **data}, rule_id)


ILLEGAL_OPTIONS = {
    "another power's card": (AXIS, {"power": "GE", "option": "FR 3", "target": "CW"}, "DOD3-8.2c"),
    "no such option": (AXIS, {"power": "GE", "option": "XX 9"}, "DOD3-8.2c"),
    "a target the option does not allow": (AXIS, {"power": "GE", "option": "GE 3", "target": "CW"}, "DOD3-8.2e"),
    "no minor of that name": (AXIS, {"power": "GE", "option": "GE 4", "target": "Atlantis"}, "DOD3-8.2e"),
    "treaty levels that are not there": (AXIS, {"power": "GE", "option": "IPO 11", "target": "FR"}, "DOD3-8.2e"),
    "out of initiative order": (AXIS, {"power": "IT", "option": "IPO 12", "target": "Belgium"}, "DOD3-8.2a"),
}


@pytest.mark.parametrize("seat,data,rule_id", ILLEGAL_OPTIONS.values(), ids=ILLEGAL_OPTIONS.keys())
def test_an_illegal_option_is_refused_and_changes_nothing(client, seat, data, rule_id):
    """Rules 8.2a-e: the current player, in initiative order, plays an option of its own card or
    the international card, at a target the option allows."""
    table = create_dod3_table(client)
    roll_weather(table)

    assert_refused(table, seat, "PlayOption", data, rule_id)


def test_an_option_while_a_minor_must_be_activated_is_refused(must_activate):
    """Rule 8.5a: after its option the player activates a minor before anything else."""
    assert "PlayOption" not in {c["type"] for c in legal(must_activate, AXIS)}
    assert_refused(must_activate, AXIS, "PlayOption", {"power": "GE", "option": "IPO 12", "target": "Belgium"},
                   "DOD3-8.5a")

