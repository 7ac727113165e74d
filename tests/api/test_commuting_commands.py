"""Commands that commute (a sealed bid, an undo answer) may be sent with ``If-Match: *``: the
service decides them against the latest state and retries a version race, so two seats bidding at
once both succeed. Any other command with ``*`` is refused (428) and changes nothing. Idempotency
keys belong to a game and a seat."""
import threading

import pytest

from events.store import WrongExpectedVersion
from service.games import COMMUTE_TRIES
from tests.support.api import assert_problem
from tests.support.dod3_api import ALLIES, AXIS, create_dod3_table, finish_turn, pass_every_option, roll_weather


def _star(table, seat, type_, data, **headers):
    return table.client.post(f"/games/{table.game_id}/commands", json={"type": type_, "data": data},
                             headers={**table.auth(seat), "If-Match": "*", **headers})


def test_two_seats_sealing_at_once_both_succeed_with_if_match_star(table):
    barrier = threading.Barrier(2, timeout=10)
    answers = {}

    def seal(seat, power, value):
        barrier.wait()
        answers[seat] = _star(table, seat, "SealValue", {"power": power, "value": value})

    threads = [threading.Thread(target=seal, args=args) for args in (("north", "N", 11), ("south", "S", 22))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert {seat: a.status_code for seat, a in answers.items()} == {"north": 201, "south": 201}
    sealed = table.client.get(f"/games/{table.game_id}/state", headers=table.auth("moderator")).json["state"]["sealed"]
    assert sealed == {"N": 11, "S": 22}


def test_a_version_race_is_decided_again_against_the_latest_state(app, table):
    """The deterministic race: while north's bid is being appended, south's lands first."""
    store = app.extensions["casus_services"].games.store
    append, raced = store.append, []

    def racing_append(game_id, events, expected_version, **kwargs):
        if not raced:
            raced.append(expected_version)
            assert _star(table, "south", "SealValue", {"power": "S", "value": 22}).status_code == 201
        return append(game_id, events, expected_version=expected_version, **kwargs)

    store.append = racing_append
    try:
        response = _star(table, "north", "SealValue", {"power": "N", "value": 11})
    finally:
        store.append = append
    assert response.status_code == 201, response.json
    assert (raced, response.json["version"]) == ([1], 3)  # decided at 1, lost the race, appended at 3


def test_the_retries_are_bounded(app, table):
    store = app.extensions["casus_services"].games.store
    calls = []

    def always_late(game_id, events, expected_version, **kwargs):
        calls.append(expected_version)
        raise WrongExpectedVersion(expected_version, expected_version + 1)

    store.append, append = always_late, store.append
    try:
        response = _star(table, "north", "SealValue", {"power": "N", "value": 11})
    finally:
        store.append = append
    assert_problem(response, 412, "stale-version")
    assert len(calls) == COMMUTE_TRIES


def test_a_command_that_does_not_commute_is_refused_with_if_match_star(table):
    before = table.events()
    body = assert_problem(_star(table, "north", "AddPoints", {"power": "N", "amount": 1}), 428, "precondition-required")
    assert "AddPoints" in body["detail"] and "If-Match" in body["detail"]
    assert table.events() == before


def test_a_stale_version_is_still_412_for_a_commuting_command(table):
    table.send("north", "AddPoints", power="N", amount=1)
    response = table.command("south", "SealValue", {"power": "S", "value": 1}, version=1)
    assert_problem(response, 412, "stale-version")


def test_an_undo_answer_commutes(table):
    table.send("north", "AddPoints", power="N", amount=1)
    table.send("north", "RollDie", power="N")
    table.send("north", "RequestUndo", to_version=1)
    response = _star(table, "south", "ApproveUndo", {})
    assert response.status_code == 201, response.json
    assert [e["type"] for e in response.json["events"]] == ["UndoApproved", "EventsReverted"]


def test_idempotency_keys_are_per_seat(table):
    """Another seat reusing a key is a new request; the same seat's retry is the original answer
    and its other request with that key is 409."""
    north = table.command("north", "AddPoints", {"power": "N", "amount": 1}, **{"Idempotency-Key": "k1"})
    south = table.command("south", "AddPoints", {"power": "S", "amount": 2}, **{"Idempotency-Key": "k1"})
    assert (north.status_code, south.status_code) == (201, 201)
    again = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=1, **{"Idempotency-Key": "k1"})
    assert (again.status_code, again.json["replayed"], again.json["version"]) == (201, True, north.json["version"])
    other = table.command("north", "AddPoints", {"power": "N", "amount": 5}, **{"Idempotency-Key": "k1"})
    assert_problem(other, 409, "idempotency-key-reused")


@pytest.mark.rule("DOD3-6.1")
def test_two_dod3_seats_bidding_at_once_both_succeed(client):
    """Given turn 2's bidding open, when the Axis and the Allies seats send their sealed bids
    (rule 6.1: "sealed simultaneous bids") at the same time with If-Match: *, then both are taken."""
    dod3 = create_dod3_table(client)
    roll_weather(dod3)
    pass_every_option(dod3)
    finish_turn(dod3)
    barrier = threading.Barrier(2, timeout=10)
    answers = {}

    def bid(seat, power):
        barrier.wait()
        answers[power] = _star(dod3, seat, "SubmitBid", {"power": power, "points": 0})

    threads = [threading.Thread(target=bid, args=args) for args in ((AXIS, "GE"), (ALLIES, "CW"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert {power: a.status_code for power, a in answers.items()} == {"GE": 201, "CW": 201}, \
        {power: a.json for power, a in answers.items()}
