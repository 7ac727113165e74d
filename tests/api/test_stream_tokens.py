"""Stream tokens: a browser's EventSource follows a seat's view with ?stream_token= (it cannot send
Authorization); the token opens that game's events stream as that seat, and nothing else."""
import pytest

pytestmark = pytest.mark.timeout(60)  # a stream that does not end is a failure, not a hang

from tests.support.api import assert_problem, create_table, log_unchanged

SECRET = 987654
SSE = {"Accept": "text/event-stream"}


@pytest.fixture
def table(client):
    table = create_table(client)
    table.send("north", "SealValue", power="N", value=SECRET)
    return table


def stream_token(table, seat: str) -> dict:
    response = table.client.post(f"/games/{table.game_id}/stream-tokens", headers=table.auth(seat))
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    return response.json


def stream(table, query: str = "", headers: dict | None = None):
    return table.client.get(f"/games/{table.game_id}/events?follow=false{query}", headers={**SSE, **(headers or {})})


def tokens_service(table):
    return table.client.application.extensions["casus_stream_tokens"]


def test_a_stream_token_opens_the_stream_as_its_seat(table):
    issued = stream_token(table, "north")
    assert issued["seat"] == "north"
    seat_view = table.client.get(issued["events_url"] + "&follow=false", headers=SSE)
    assert seat_view.status_code == 200
    assert str(SECRET) in seat_view.get_data(as_text=True)  # north reads its own sealed value
    south = stream(table, f"&stream_token={stream_token(table, 'south')['stream_token']}")
    assert south.status_code == 200 and "id: 2" in south.get_data(as_text=True)
    assert str(SECRET) not in south.get_data(as_text=True)


def test_anonymous_streams_keep_the_public_view(table):
    public = stream(table)
    assert public.status_code == 200 and "id: " in public.get_data(as_text=True)
    assert str(SECRET) not in public.get_data(as_text=True)


def test_issuing_needs_a_seat_token(table):
    assert_problem(table.client.post(f"/games/{table.game_id}/stream-tokens"), 401, "unauthorized")
    assert_problem(table.client.post(f"/games/{table.game_id}/stream-tokens", headers={"Authorization": "Bearer nope"}),
                   401, "unauthorized")
    assert_problem(table.client.post("/games/no-such-game/stream-tokens", headers=table.auth("north")), 404, "not-found")


def test_an_expired_token_is_refused(table, monkeypatch):
    tokens = tokens_service(table)
    token = stream_token(table, "north")["stream_token"]
    now = tokens.clock()
    monkeypatch.setattr(tokens, "clock", lambda: now + tokens.lifetime + 1)
    body = assert_problem(stream(table, f"&stream_token={token}"), 401, "unauthorized")
    assert "expired" in body["detail"]


def test_a_token_of_another_game_is_refused(table):
    other = create_table(table.client)
    token = stream_token(other, "north")["stream_token"]
    body = assert_problem(stream(table, f"&stream_token={token}"), 403, "forbidden")
    assert "another game" in body["detail"]


def test_a_token_of_another_seat_is_refused(table):
    """Beside the bearer token of another seat; and a token whose seat was edited no longer verifies."""
    token = stream_token(table, "north")["stream_token"]
    body = assert_problem(stream(table, f"&stream_token={token}", table.auth("south")), 403, "forbidden")
    assert "another seat" in body["detail"]
    payload, signature = token.rsplit(".", 1)
    forged = tokens_service(table)._serializer().dumps({"g": table.game_id, "s": "south", "e": 2**40}).rsplit(".", 1)[0]
    assert forged != payload
    assert_problem(stream(table, f"&stream_token={forged}.{signature}"), 401, "unauthorized")


def test_a_token_signed_for_another_purpose_is_refused(table):
    from itsdangerous import URLSafeSerializer

    tokens = tokens_service(table)
    tokens._serializer()
    other_purpose = URLSafeSerializer(tokens._key, salt="something-else").dumps(
        {"g": table.game_id, "s": "north", "e": 2**40})
    assert_problem(stream(table, f"&stream_token={other_purpose}"), 401, "unauthorized")


def test_a_stream_token_opens_no_other_endpoint(table):
    token = stream_token(table, "north")["stream_token"]
    game = table.game_id
    # As a query parameter anywhere else, the JSON page of events included: 403.
    for path in (f"/games/{game}/state", f"/games/{game}/events", f"/games/{game}/legal-commands", f"/games/{game}"):
        assert_problem(table.client.get(f"{path}?stream_token={token}"), 403, "forbidden")
    with log_unchanged(table):
        refused = table.client.post(f"/games/{game}/commands?stream_token={token}", headers={"If-Match": '"2"'},
                                    json={"type": "AddPoints", "data": {"power": "N", "amount": 1}})
        assert_problem(refused, 403, "forbidden")
        # As a bearer token it is no seat token: 401.
        as_bearer = table.client.post(f"/games/{game}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                      headers={"Authorization": f"Bearer {token}", "If-Match": '"2"'})
        assert_problem(as_bearer, 401, "unauthorized")
    assert_problem(table.client.get(f"/games/{game}/state", headers={"Authorization": f"Bearer {token}"}),
                   401, "unauthorized")
