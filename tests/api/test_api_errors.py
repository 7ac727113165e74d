"""Bad input gets a precise problem+json error with the right status, and the log is unchanged."""
import io

import pytest

from tests.support.api import assert_problem
from tests.support.api import log_unchanged as unchanged


@pytest.fixture
def log_unchanged(table):
    with unchanged(table):
        yield


def test_a_command_is_accepted_with_201_new_events_and_an_etag(table):
    response = table.command("north", "AddPoints", {"power": "N", "amount": 2})
    assert response.status_code == 201
    assert response.headers["ETag"] == '"2"'
    assert [e["type"] for e in response.json["events"]] == ["PointsAdded"]


def test_428_without_if_match(table, log_unchanged):
    response = table.client.post(f"/games/{table.game_id}/commands", headers=table.auth("north"),
                                 json={"type": "AddPoints", "data": {"power": "N", "amount": 1}})
    assert_problem(response, 428, "precondition-required")


def test_412_when_stale_names_expected_and_actual(table, log_unchanged):
    body = assert_problem(table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=7), 412, "stale-version")
    assert (body["expected"], body["actual"]) == (7, 1)


def test_idempotent_retry_returns_the_original_and_appends_nothing(table):
    first = table.command("north", "AddPoints", {"power": "N", "amount": 1}, **{"Idempotency-Key": "k-1"})
    again = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=1, **{"Idempotency-Key": "k-1"})
    assert again.status_code == 201 and again.json["replayed"] is True
    assert again.json["events"] == first.json["events"]
    assert table.version() == 2


def test_409_when_an_idempotency_key_is_reused_for_another_command(table):
    table.command("north", "AddPoints", {"power": "N", "amount": 1}, **{"Idempotency-Key": "k-2"})
    before = table.events("moderator")
    response = table.command("north", "AddPoints", {"power": "N", "amount": 5}, **{"Idempotency-Key": "k-2"})
    assert_problem(response, 409, "idempotency-key-reused")
    assert table.events("moderator") == before


def test_422_with_the_rule_id_for_a_rule_violation(table, log_unchanged):
    body = assert_problem(table.command("north", "AddPoints", {"power": "N", "amount": -3}), 422, "rule-violation")
    assert body["rule_id"] == "TINY-add"


@pytest.mark.parametrize("data, field", [
    ({"power": "N", "amount": "three"}, "data.amount"),
    ({"power": "N"}, "data.amount"),
    ({"power": "N", "amount": 1, "extra": True}, "data.extra"),
])
def test_422_names_the_bad_field(table, log_unchanged, data, field):
    body = assert_problem(table.command("north", "AddPoints", data), 422, "validation-error")
    assert field in body["errors"]


def test_422_for_an_unknown_command_type(table, log_unchanged):
    body = assert_problem(table.command("north", "LaunchMissiles", {}), 422, "validation-error")
    assert "type" in body["errors"]


def test_422_for_wrong_body_types(table, log_unchanged):
    response = table.client.post(f"/games/{table.game_id}/commands", json={"type": 5, "data": []},
                                 headers={**table.auth("north"), "If-Match": '"1"'})
    body = assert_problem(response, 422, "validation-error")
    assert {"type", "data"} <= set(body["errors"])


def test_400_for_malformed_json(table, log_unchanged):
    response = table.client.post(f"/games/{table.game_id}/commands", data="{not json",
                                 content_type="application/json", headers={**table.auth("north"), "If-Match": '"1"'})
    assert_problem(response, 400, "malformed-json")


def test_413_for_an_oversized_body(table, log_unchanged):
    response = table.client.post(f"/games/{table.game_id}/commands", data="[" + "1," * 200_000 + "1]",
                                 content_type="application/json", headers={**table.auth("north"), "If-Match": '"1"'})
    assert_problem(response, 413, "payload-too-large")


def test_400_for_a_body_that_ends_before_its_content_length(table, log_unchanged):
    """The body is read straight from the server's stream: one cut short is refused, not parsed."""
    body = b'{"type": "AddPoints", "data": {"power": "N", "amount": 1}}'
    response = table.client.post(f"/games/{table.game_id}/commands", input_stream=io.BytesIO(body),
                                 environ_overrides={"CONTENT_LENGTH": str(len(body) + 10)},
                                 content_type="application/json", headers={**table.auth("north"), "If-Match": '"1"'})
    assert_problem(response, 400, "bad-request")


def test_403_when_a_seat_acts_for_a_power_it_does_not_hold(table, log_unchanged):
    body = assert_problem(table.command("north", "AddPoints", {"power": "S", "amount": 1}), 403, "forbidden")
    assert "S" in body["detail"]


def test_401_for_a_bad_token_and_for_none(table, log_unchanged):
    path = f"/games/{table.game_id}/commands"
    body = {"type": "AddPoints", "data": {"power": "N", "amount": 1}}
    assert_problem(table.client.post(path, json=body, headers={"Authorization": "Bearer nope", "If-Match": '"1"'}), 401, "unauthorized")
    assert_problem(table.client.post(path, json=body, headers={"If-Match": '"1"'}), 401, "unauthorized")


def test_a_token_of_another_game_is_refused(client, table):
    from tests.support.api import create_table

    other = create_table(client)
    response = table.client.post(f"/games/{table.game_id}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                 headers={**other.auth("north"), "If-Match": '"1"'})
    assert_problem(response, 401, "unauthorized")


def test_404_for_unknown_games_rulesets_jobs_and_projections(client, table):
    assert_problem(client.get("/games/no-such-game/state"), 404, "not-found")
    assert_problem(client.post("/games/no-such-game/commands", json={"type": "X"}, headers={"If-Match": '"1"'}), 404, "not-found")
    assert_problem(client.get("/rulesets/no-such-ruleset"), 404, "not-found")
    assert_problem(client.get("/jobs/no-such-job"), 404, "not-found")
    assert_problem(client.get(f"/games/{table.game_id}/projections/no-such"), 404, "not-found")


def test_an_unknown_ruleset_in_a_new_game_is_a_body_error_naming_the_known_ones(client):
    """The ruleset is a field of the body, not the resource asked for (before: 404)."""
    body = assert_problem(client.post("/games", json={"ruleset": "no-such", "seats": {"a": ["A"]}}),
                          422, "validation-error")
    message = " ".join(body["errors"]["ruleset"])
    assert "no-such" in message and all(known in message for known in ("tiny", "dod3", "aa-global1940"))


def test_game_creation_refuses_bad_seats(client):
    assert_problem(client.post("/games", json={"ruleset": "tiny", "seats": {"moderator": ["A"]}}), 422, "validation-error")
    assert_problem(client.post("/games", json={"ruleset": "tiny"}), 422, "validation-error")
    assert_problem(client.post("/games", json={"ruleset": "tiny", "seats": {"a": []}}), 422, "rule-violation")


def test_state_at_an_impossible_version_is_422(table):
    assert_problem(table.client.get(f"/games/{table.game_id}/state?at=99"), 422, "validation-error")


def test_methods_not_allowed_are_problems_too(client):
    assert_problem(client.delete("/games"), 405, "method-not-allowed")


@pytest.mark.parametrize("amount", [2**53, -(2**53), 10**20])
def test_integers_no_json_client_can_hold_are_422(table, log_unchanged, amount):
    body = assert_problem(table.command("north", "AddPoints", {"power": "N", "amount": amount}), 422, "validation-error")
    assert "data.amount" in body["errors"]


def test_game_options_with_unsafe_integers_are_422(client):
    response = client.post("/games", json={"ruleset": "tiny", "seats": {"a": ["A"]}, "options": {"x": 10**30}})
    assert_problem(response, 422, "validation-error")


def test_an_unknown_body_field_lists_the_allowed_ones(client):
    body = assert_problem(client.post("/games", json={"ruleset": "tiny", "seats": {"a": ["A"]}, "seat": {}}),
                          422, "validation-error")
    message = " ".join(body["errors"]["seat"])
    assert all(name in message for name in ("ruleset", "seats", "preset", "options", "pack"))


def test_an_unknown_command_field_lists_the_command_s_fields(table, log_unchanged):
    body = assert_problem(table.command("north", "AddPoints", {"power": "N", "amount": 1, "amout": 2}), 422, "validation-error")
    message = " ".join(body["errors"]["data.amout"])
    assert "power" in message and "amount" in message


def test_an_unknown_field_of_any_body_lists_the_allowed_ones(client):
    body = assert_problem(client.post("/combat/odds", json={"ruleset": "aa-global1940", "attacker": {}, "atacker": {}}),
                          422, "validation-error")
    message = " ".join(body["errors"]["atacker"])
    assert "attacker" in message and "defender" in message


@pytest.mark.parametrize("body, fields", [
    ({"ruleset": "no-such", "preset": "duel", "visibility": "secret"}, {"ruleset", "visibility"}),
    ({"ruleset": "tiny", "preset": "no-such", "visibility": "secret"}, {"preset", "visibility"}),
    ({"ruleset": 5, "seats": {"a": ["A"]}, "options": {"x": 10**30}}, {"ruleset", "options.x"}),
])
def test_every_bad_field_of_a_new_game_is_reported(client, body, fields):
    """Before: only the first (the schema's before the ruleset's; an unsafe integer before the schema)."""
    problem = assert_problem(client.post("/games", json=body), 422, "validation-error")
    assert set(problem["errors"]) == fields


def test_every_bad_item_of_a_command_is_reported(table, log_unchanged):
    """Before: a list or a map stopped at its first bad item."""
    data = {"reminders": ["soon", 12, "later"], "hours": {"a": "x", "b": "y"}, "grace_hours": "none"}
    problem = assert_problem(table.command("moderator", "SetSchedule", data), 422, "validation-error")
    assert set(problem["errors"]) == {"data.reminders[0]", "data.reminders[2]", "data.hours.a", "data.hours.b",
                                      "data.grace_hours"}


def test_a_problem_type_is_the_page_of_this_service_as_rule_url_is(client):
    """Before: https://casus-belli.dev/problems/..., a host that is not the service."""
    root = "https://casus.example:8443"
    missing = client.get("/games/no-such-game", base_url=root)
    assert_problem(missing, 404, "not-found")
    assert missing.json["type"] == f"{root}/problems/not-found"
    created = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    violation = client.post(f"/games/{created['game_id']}/commands", base_url=root,  # DOD3-5: no bid on turn 1
                            json={"type": "SubmitBid", "data": {"power": "GE", "points": 1}},
                            headers={"Authorization": f"Bearer {created['tokens']['player1']}", "If-Match": '"1"'})
    body = assert_problem(violation, 422, "rule-violation")
    assert (body["type"], body["rule_url"]) == (f"{root}/problems/rule-violation", f"{root}/rules/DOD3-5")
    assert client.get("/problems/rule-violation", base_url=root).json["type"] == body["type"]
