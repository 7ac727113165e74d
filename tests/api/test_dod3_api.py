"""Days of Decision III through REST (issue 3): a 3-player game created from the rulebook's preset,
each seat with its own token, driven by what /legal-commands offers each seat: turn 1's options
step, turn 2's sealed bids (secret from every other reader on every read path until the reveal),
the reveal, the initiative order and the weather roll; and invalid bids refused with the rule id,
changing nothing. Runs on SQLite and on Redis (the ``client`` fixture)."""
import pytest

from events.envelope import first_broken_link
from tests.support.api import assert_problem
from tests.support.dod3_api import (
    ALLIES,
    AXIS,
    MODERATOR,
    SOVIET,
    bid_sightings,
    bids_matching_digest,
    create_dod3_table,
    every_read,
    finish_turn,
    legal,
    offered,
    pass_every_option,
    play_offered,
    projection,
    roll_weather,
    turn,
)

START_TRACK = ["GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"]  # rule 3.2
# Distinctive sealed bids: Germany (player1) 7 points for 3 options, the Commonwealth (player2)
# 11 points for 5 options, each bid from a larger pool so the pool does not give the bid away.
GE_BID, CW_BID = {"points": 7, "options": 3}, {"points": 11, "options": 5}
GE_POOL, CW_POOL = 9, 13  # bonus bid points (modified PE 5 and 3) + 4 and 10 bought on turn 1
BIDS = {"GE": GE_BID, "CW": CW_BID}
SECRETS = {"GE": AXIS, "CW": ALLIES}  # power -> the only player seat that may read its bid


@pytest.fixture
def dod3(client):
    return create_dod3_table(client)


@pytest.fixture
def bidding(dod3):
    """Turn 2 (Mar/Apr 1936), bidding open: turn 1 played with every option passed; Germany and
    the Commonwealth bought bid points in production."""
    roll_weather(dod3)
    pass_every_option(dod3)
    finish_turn(dod3, buy_bid_points={"GE": GE_POOL - 5, "CW": CW_POOL - 3})
    return dod3


@pytest.fixture
def sealed(bidding):
    """Every power of player1 and player2 has bid (Germany and the Commonwealth for real, the rest
    no bid); the Soviet Union has not, so nothing is revealed."""
    for seat, power, bid in ((AXIS, "GE", GE_BID), (AXIS, "IT", {"points": 0}), (AXIS, "JA", {"points": 0}),
                             (ALLIES, "CW", CW_BID), (ALLIES, "FR", {"points": 0}),
                             (ALLIES, "US", {"points": 0}), (ALLIES, "CH", {"points": 0})):
        play_offered(bidding, seat, "SubmitBid", power, **bid)
    return bidding


@pytest.fixture
def reveal(sealed):
    """The Soviet Union bids last (1 point, 1 option): every bid is revealed at once."""
    return play_offered(sealed, SOVIET, "SubmitBid", "RU", points=1, options=1)


@pytest.fixture
def revealed(sealed, reveal):
    return sealed


@pytest.fixture
def settled(revealed):
    """Rule 6.5: the USA keeps its place, France moves down to 6th."""
    play_offered(revealed, ALLIES, "KeepInitiativePosition", "US")
    play_offered(revealed, ALLIES, "MoveDownInitiative", "FR", position=6)
    return revealed


@pytest.fixture
def log_unchanged(bidding):
    before = bidding.events(MODERATOR)
    yield
    assert bidding.events(MODERATOR) == before


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# ---- creation and turn 1 ----------------------------------------------------------------------

def test_the_three_player_preset_seats_every_power_and_each_token_is_its_seat(client, dod3):
    """Rule 3.1: the recommended 3-player grouping, the Communist Chinese with the Soviet player."""
    assert dod3.seats == {AXIS: ["GE", "JA", "IT"], ALLIES: ["CW", "FR", "CH", "US"], SOVIET: ["CC", "RU"]}
    for seat in (AXIS, ALLIES, SOVIET, MODERATOR):
        assert client.get(f"/games/{dod3.game_id}/state", headers=dod3.auth(seat)).json["seat"] == seat
    assert client.get(f"/games/{dod3.game_id}/state", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_turn_one_starts_at_the_weather_and_only_the_first_power_may_roll(dod3):
    """Rule 5: turn 1 (Jan/Feb 1936) skips initiative; rule 7: the first power on the track rolls."""
    assert {k: turn(dod3)[k] for k in ("number", "label", "step", "awaiting")} == {
        "number": 1, "label": "Jan/Feb 1936", "step": "B", "awaiting": [{"power": "GE", "seat": AXIS}]}
    assert [c["type"] for c in legal(dod3, AXIS)] == ["RollWeather"]
    assert legal(dod3, ALLIES) == legal(dod3, SOVIET) == []


def test_turn_one_options_step_passes_one_option_per_power_in_set_up_order(dod3):
    """Rule 5 step C on turn 1: every power may play one option, in set-up order; each passes."""
    roll_weather(dod3)

    passed = pass_every_option(dod3)

    assert passed == START_TRACK
    assert turn(dod3)["step"] == "E"
    assert [e["data"]["power"] for e in dod3.events(MODERATOR) if e["type"] == "OptionPassed"] == START_TRACK


def test_turn_two_opens_bidding_and_each_seat_is_offered_a_bid_for_its_own_powers(bidding):
    """Rule 6.1: every power bids from its own pool; legal-commands offers each seat its powers."""
    assert {k: turn(bidding)[k] for k in ("number", "label", "step", "phase")} == {
        "number": 2, "label": "Mar/Apr 1936", "step": "A", "phase": "bidding"}
    offers = {seat: {c["power"] for c in legal(bidding, seat) if c["type"] == "SubmitBid"}
              for seat in (AXIS, ALLIES, SOVIET)}
    assert offers == {AXIS: {"GE", "IT", "JA"}, ALLIES: {"CW", "FR", "US", "CH"}, SOVIET: {"RU"}}
    assert offered(bidding, AXIS, "SubmitBid", "GE")["choices"]["points"] == {"minimum": 0, "maximum": GE_POOL}
    assert offered(bidding, ALLIES, "SubmitBid", "CW")["choices"]["points"] == {"minimum": 0, "maximum": CW_POOL}
    assert "CloseBidding" in {c["type"] for c in legal(bidding, MODERATOR)}


# ---- sealed bids --------------------------------------------------------------------------------

@pytest.mark.parametrize("reader", [AXIS, ALLIES, SOVIET, None], ids=["player1", "player2", "player3", "anonymous"])
def test_no_reader_sees_another_seats_bid_on_any_read_path_before_the_reveal(sealed, reader):
    """Rule 6.1: bids are secret until every bidding seat has submitted or the moderator closes
    bidding. Every read path: summary, state, state at every version, events (JSON and SSE),
    legal commands, every projection (now and at every version), verify, the replay job."""
    hidden = [power for power, owner in SECRETS.items() if owner != reader]

    documents = every_read(sealed, reader)

    leaks = {power: [(path, where) for path, doc in documents.items() for where in bid_sightings(doc, power)]
             for power in hidden}
    assert leaks == {power: [] for power in hidden}


@pytest.mark.parametrize("reader,powers", [(AXIS, ["GE"]), (ALLIES, ["CW"]), (MODERATOR, ["GE", "CW"])],
                         ids=["player1", "player2", "moderator"])
def test_the_bidding_seat_and_the_moderator_read_the_bid(sealed, reader, powers):
    """The scan above finds a bid where it may be read: the bidder's own state and events, and
    everything for the moderator."""
    documents = every_read(sealed, reader)
    state = documents[f"/games/{sealed.game_id}/state"]["state"]
    events, stream = documents[f"/games/{sealed.game_id}/events?limit=1000"], documents["SSE /events?follow=false"]

    sealed_bids = state["initiative"]["sealed_bids"]
    assert {p: sealed_bids[p] for p in powers} == {p: {"submitted": True, **BIDS[p]} for p in powers}
    assert all(bid_sightings(events, power) and bid_sightings(stream, power) for power in powers)


@pytest.mark.parametrize("reader", [SOVIET, None], ids=["player3", "anonymous"])
def test_another_seat_sees_only_that_a_bid_was_submitted(sealed, reader):
    """Rule 6.1: other readers see that Germany has bid, not what, and its pool is not yet spent."""
    headers = sealed.auth(reader) if reader else {}
    state = sealed.client.get(f"/games/{sealed.game_id}/state", headers=headers).json["state"]
    bid_events = [e for e in sealed.events(reader) if e["type"] == "BidSubmitted"]

    assert state["initiative"]["sealed_bids"]["GE"] == {"submitted": True, "points": None, "options": None}
    assert state["initiative"]["sealed_bids"]["RU"] == {"submitted": False, "points": None, "options": None}
    assert state["initiative"]["revealed"] is False and state["initiative"]["entries"] == []
    assert state["powers"]["GE"]["bid_points"] == GE_POOL and state["powers"]["CW"]["bid_points"] == CW_POOL
    assert len(bid_events) == 7
    assert all(e["redacted"] and e["data"] == {} and e["data_digest"] for e in bid_events)
    track = projection(sealed, "initiative-track", reader)
    assert track["revealed"] is False and all(row["bid"] is None for row in track["track"])
    assert first_broken_link(sealed.events(reader)) is None  # the redacted page still verifies


def test_the_replay_job_result_gives_no_way_to_recover_another_seats_bid(sealed):
    """Rule 6.1 on the replay job's read path: player3 starts a replay (any seat may), an
    anonymous reader fetches the job and the public projections, and guesses Germany's bid
    until the public projections hash to player1's digest."""
    client, game = sealed.client, sealed.game_id
    jobs = client.application.extensions["casus_services"].jobs
    if jobs.kind != "in-process":
        pytest.skip("RQ jobs wait for a worker: tests/jobs covers them")
    location = client.post(f"/games/{game}/replay", headers=sealed.auth(SOVIET)).headers["Location"]
    jobs.wait()
    digest = client.get(location).json["result"]["projection_digests"][AXIS]
    names = client.get(f"/games/{game}/projections").json["projections"]
    public = {name: projection(sealed, name, None) for name in names}

    recovered = bids_matching_digest(public, digest, "GE", GE_POOL, no_bids=("IT", "JA"))

    assert (GE_BID["points"], GE_BID["options"]) not in recovered


# ---- the reveal, the order, the weather ---------------------------------------------------------

def test_the_last_bid_in_reveals_every_bid_at_once(reveal):
    """Rule 6.1: when every bidding seat has submitted, one event reveals every bid."""
    assert types(reveal["events"]) == ["BidSubmitted", "BidsRevealed", "InitiativeDetermined"]
    bids = {b["power"]: {"points": b["points"], "options": b["options"]} for b in reveal["events"][1]["data"]["bids"]}
    assert bids["GE"] == GE_BID and bids["CW"] == CW_BID and bids["RU"] == {"points": 1, "options": 1}
    assert reveal["events"][1]["data"]["closed_by_moderator"] is False


@pytest.mark.parametrize("reader", [SOVIET, ALLIES, None], ids=["player3", "player2", "anonymous"])
def test_after_the_reveal_every_reader_sees_the_bids(revealed, reader):
    """Rule 6.1: revealed bids are public: in the track, and in the once-sealed events."""
    rows = {row["power"]: row["bid"] for row in projection(revealed, "initiative-track", reader)["track"]}
    bid_events = {e["data"]["power"]: e for e in revealed.events(reader) if e["type"] == "BidSubmitted"}

    assert {k: rows["GE"][k] for k in ("points", "options")} == GE_BID
    assert {k: rows["CW"][k] for k in ("points", "options")} == CW_BID
    assert not bid_events["GE"].get("redacted") and bid_events["GE"]["data"]["points"] == GE_BID["points"]
    assert projection(revealed, "money", reader)["GE"]["bid_points"] == GE_POOL - GE_BID["points"]


def test_the_initiative_track_ranks_the_bids(revealed):
    """Rules 6.2-6.4: modifier by last turn's position (GE 1st +4, CW 3rd +3, RU 5th +2), added
    before dividing by the options, unrounded: GE (7+4)/3 = 11/3, RU (1+2)/1 = 3, CW (11+3)/5 =
    14/5. Non-bidders follow every bidder, by modifier then modified PE (JA PE 3 above US PE 2).
    The last card marker goes to the last bidder. Democrats who could move down are queued in
    reverse initiative order (the CW, a bidder, may not drop below a non-bidder: no move)."""
    track = projection(revealed, "initiative-track", AXIS)

    assert [row["power"] for row in track["track"]] == ["GE", "RU", "CW", "IT", "FR", "JA", "US", "CH"]
    assert {row["power"]: (row["bid"]["modifier"], row["bid"]["final_bid"]) for row in track["track"][:3]} == {
        "GE": (4, "11/3"), "RU": (2, 3), "CW": (3, "14/5")}
    assert [row["power"] for row in track["track"] if row["bid"]["made_bid"]] == ["GE", "RU", "CW"]
    assert track["last_card"] == "CW"
    assert track["democrat_queue"] == ["US", "FR"]
    assert track["phase"] == "democrat_moves"


def test_legal_commands_offer_each_democrat_its_move_down_in_turn(revealed):
    """Rule 6.5: in reverse initiative order each Democrat may move down once, staying above
    non-bidders if it bid; legal-commands offers the positions it may take."""
    us = offered(revealed, ALLIES, "MoveDownInitiative", "US")
    offered(revealed, ALLIES, "KeepInitiativePosition", "US")
    play_offered(revealed, ALLIES, "KeepInitiativePosition", "US")
    fr = offered(revealed, ALLIES, "MoveDownInitiative", "FR")
    play_offered(revealed, ALLIES, "MoveDownInitiative", "FR", position=6)

    assert us["choices"]["position"] == [8] and fr["choices"]["position"] == [6, 7, 8]
    track = projection(revealed, "initiative-track", SOVIET)
    assert [row["power"] for row in track["track"]] == ["GE", "RU", "CW", "IT", "JA", "FR", "US", "CH"]
    assert track["democrat_moves"] == [{"power": "FR", "from": 5, "to": 6}]
    assert turn(revealed)["step"] == "B"


def test_a_democrat_out_of_turn_is_refused_with_the_rule_id(revealed):
    """Rule 6.5: France waits for the USA's chance (reverse initiative order)."""
    before = revealed.events(MODERATOR)

    response = revealed.command(ALLIES, "MoveDownInitiative", {"power": "FR", "position": 6})

    assert assert_problem(response, 422, "rule-violation")["rule_id"] == "DOD3-6.5"
    assert revealed.events(MODERATOR) == before


def test_the_first_power_on_the_track_rolls_the_weather_and_the_roll_is_recorded(settled):
    """Rule 7 (rule 1.2: a d10): the first power on the initiative track rolls; the roll is an
    audited die (DiceRolled precedes the weather) and /verify recomputes it."""
    assert [c["type"] for c in legal(settled, AXIS)] == ["RollWeather"]
    assert legal(settled, ALLIES) == legal(settled, SOVIET) == []

    rolled = roll_weather(settled)["events"]

    dice, weather = rolled[0], rolled[1]
    assert types(rolled[:2]) == ["DiceRolled", "WeatherDetermined"]
    assert dice["data"]["rolls"] == [{"k": 0, "sides": 10, "value": weather["data"]["roll"]}]
    assert dice["command_id"] == weather["command_id"]
    assert weather["data"]["turn"] == 2 and weather["data"]["period"] == "Mar/Apr"
    assert turn(settled)["weather"] == {k: weather["data"][k] for k in ("turn", "period", "roll", "result")}
    report = settled.client.get(f"/games/{settled.game_id}/verify").json
    assert report["ok"] and report["chain_ok"] and report["dice_verifiable"] and report["dice_checked"] == 2


def test_bidders_then_play_their_options_in_initiative_order(settled):
    """Rule 5 step C: only bidders play, in initiative order, as many options as they bid for."""
    roll_weather(settled)

    assert pass_every_option(settled) == ["GE"] * 3 + ["RU"] + ["CW"] * 5
    assert turn(settled)["step"] == "E"


def test_the_moderator_may_close_bidding_and_a_power_that_has_not_bid_made_no_bid(sealed):
    """Rule 6.1: the moderator closes bidding; the Soviet Union, not yet in, made no bid."""
    refused = sealed.command(SOVIET, "CloseBidding")
    assert assert_problem(refused, 422, "rule-violation")["rule_id"] == "DOD3-6.1"

    closed = play_offered(sealed, MODERATOR, "CloseBidding")["events"]

    assert types(closed)[:2] == ["BidsRevealed", "InitiativeDetermined"]
    assert closed[0]["data"]["closed_by_moderator"] is True
    assert {b["power"]: b["points"] for b in closed[0]["data"]["bids"]}["RU"] == 0
    track = projection(sealed, "initiative-track", SOVIET)
    assert [row["power"] for row in track["track"] if row["bid"]["made_bid"]] == ["GE", "CW"]


# ---- invalid bids -------------------------------------------------------------------------------

INVALID_BIDS = {
    "negative": (AXIS, {"power": "GE", "points": -1, "options": 1}, 422, "DOD3-6.1"),
    "fractional points": (AXIS, {"power": "GE", "points": 2.5, "options": 1}, 422, "DOD3-6.1"),
    "fractional options": (AXIS, {"power": "GE", "points": 4, "options": 1.5}, 422, "DOD3-6.1"),
    "no options": (AXIS, {"power": "GE", "points": 4, "options": 0}, 422, "DOD3-6.1"),
    "more than the pool": (AXIS, {"power": "GE", "points": GE_POOL + 1, "options": 1}, 422, "DOD3-6.1"),
    "another seat's power": (AXIS, {"power": "CW", "points": 1, "options": 1}, 403, None),
    "a power nobody at the table holds": (AXIS, {"power": "XX", "points": 1, "options": 1}, 403, None),
    "a force that is not a major power": (SOVIET, {"power": "CC", "points": 1, "options": 1}, 422, "DOD3-3.1a"),
}


@pytest.mark.parametrize("seat,data,status,rule_id", INVALID_BIDS.values(), ids=INVALID_BIDS.keys())
def test_an_invalid_bid_is_refused_and_changes_nothing(bidding, log_unchanged, seat, data, status, rule_id):
    """Rule 6.1: a bid is a positive whole number of points from the power's own pool (0: no bid)
    for a positive whole number of options, made by the seat that holds the power."""
    response = bidding.command(seat, "SubmitBid", data)

    body = assert_problem(response, status, "rule-violation" if status == 422 else "forbidden")
    assert body.get("rule_id") == rule_id


def test_a_bid_after_the_reveal_is_refused_and_changes_nothing(revealed):
    """Rule 6.1: bids are taken only before they are revealed."""
    before = revealed.events(MODERATOR)

    response = revealed.command(AXIS, "SubmitBid", {"power": "GE", "points": 1, "options": 1})

    assert assert_problem(response, 422, "rule-violation")["rule_id"] == "DOD3-6.1"
    assert revealed.events(MODERATOR) == before
    assert "SubmitBid" not in {c["type"] for c in legal(revealed, AXIS)}


def test_a_bid_on_turn_one_is_refused_with_the_turn_sequence_rule(dod3):
    """Rule 5: turn 1 skips the initiative step."""
    before = dod3.events(MODERATOR)

    response = dod3.command(AXIS, "SubmitBid", {"power": "GE", "points": 0})

    assert assert_problem(response, 422, "rule-violation")["rule_id"] == "DOD3-5"
    assert dod3.events(MODERATOR) == before
