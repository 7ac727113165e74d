"""Issue 22 item 11, CORE-seat: the moderator hands a seat to a new player. ``POST
/games/{id}/seats/{seat}/token`` (or the command ``ReissueSeatToken``) answers the new token once;
the old one stops working at once on every process sharing the store, SQLite or Redis, whatever
state a process has cached; the event holds no secret; an undo does not bring the old token back;
the seat's mail registration ends with it."""
from __future__ import annotations

import hashlib

import orjson
import pytest

from service.config import Config
from service.http.app import create_app
from tests.support.api import MODERATOR, TINY, Table, assert_problem, create_table, log_unchanged
from tests.support.backends import delete_prefixed, redis_url_or_skip, unique_prefix

pytestmark = pytest.mark.rule("CORE-seat")


@pytest.fixture(params=["sqlite", "redis"])
def two_apps(request, tmp_path):
    """Two app instances (two processes' worth of caches) on one store."""
    if request.param == "sqlite":
        config = Config(database=str(tmp_path / "shared.db"), extra_rulesets=(TINY,), snapshot_every=5)
        yield create_app(config), create_app(config)
        return
    url, prefix = redis_url_or_skip(), unique_prefix()
    config = Config(redis_url=url, redis_prefix=prefix, jobs_redis_url=url, extra_rulesets=(TINY,), snapshot_every=5)
    first, second = create_app(config), create_app(config)
    yield first, second
    delete_prefixed(first.extensions["casus_services"].games.store.redis, prefix)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def reissue(table: Table, seat: str, by: str = MODERATOR):
    return table.client.post(f"/games/{table.game_id}/seats/{seat}/token", headers=table.auth(by))


def state_as(client, game_id: str, token: str):
    return client.get(f"/games/{game_id}/state", headers=bearer(token))


def add(client, game_id: str, token: str, version: int):
    return client.post(f"/games/{game_id}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                       headers={**bearer(token), "If-Match": f'"{version}"'})


def test_the_old_token_stops_working_at_once_on_every_process(two_apps):
    """Given two processes, the second having read the game and taken a command with north's
    token (its caches hold the state and the token), when the moderator hands north over on the
    first, then on both the old token is refused, a command with it too (whatever version it
    names, however old the state the process has cached), and the new token works."""
    first, second = (app.test_client() for app in two_apps)
    table = create_table(first)
    old = table.tokens["north"]
    assert state_as(second, table.game_id, old).status_code == 200
    assert add(second, table.game_id, old, 1).status_code == 201

    answer = reissue(table, "north")

    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "no-store"
    new = answer.json["token"]
    assert (answer.json["seat"], answer.json["version"]) == ("north", 3) and new != old
    for client in (second, first):  # commands first: the second's cached state is still at 2, the game at 3
        for version in (2, 3):
            assert_problem(add(client, table.game_id, old, version), 401, "unauthorized")
        assert_problem(state_as(client, table.game_id, old), 401, "unauthorized")
    assert state_as(second, table.game_id, new).json["seat"] == "north"
    assert add(second, table.game_id, new, 3).status_code == 201
    assert state_as(first, table.game_id, new).json["seat"] == "north"
    assert state_as(first, table.game_id, table.tokens["south"]).status_code == 200  # other seats keep theirs


def test_the_event_names_the_seat_and_no_secret(two_apps):
    """The log (as stored, and as every reader reads it) holds neither the token nor its hash."""
    first, _ = two_apps
    table = create_table(first.test_client())
    new = reissue(table, "north").json["token"]

    events = [e for e in table.events(MODERATOR) if e["type"] == "SeatTokenReissued"]
    assert [(e["data"], e["actor"]) for e in events] == [({"seat": "north"}, MODERATOR)]
    stored = first.extensions["casus_services"].games.store.read(table.game_id, after=0, limit=1000)
    written = orjson.dumps([e.to_dict() for e in stored]).decode() + str([table.events(s) for s in (None, "south")])
    for secret in (new, hashlib.sha256(new.encode()).hexdigest(), new[:12]):
        assert secret not in written


def test_an_undo_of_the_hand_over_keeps_the_new_token(table):
    """The decision: a seat handed over stays handed over. The moderator undoes back past the
    reissue (taken at once); the old token is still refused and the new one still works."""
    table.send("north", "AddPoints", power="N", amount=1)
    new = reissue(table, "north").json["token"]

    undone = table.send(MODERATOR, "RequestUndo", to_version=2)

    assert [e["type"] for e in undone["events"]] == ["UndoRequested", "EventsReverted"]
    assert_problem(state_as(table.client, table.game_id, table.tokens["north"]), 401, "unauthorized")
    assert state_as(table.client, table.game_id, new).json["seat"] == "north"


def test_only_the_moderator_hands_a_seat_over(table):
    with log_unchanged(table):
        assert_problem(reissue(table, "south", by="north"), 403, "forbidden")
        assert_problem(reissue(table, "south", by=None), 401, "unauthorized")
        assert_problem(reissue(table, "east"), 404, "not-found")
        assert_problem(table.command("north", "ReissueSeatToken", {"seat": "south"}), 422, "rule-violation")
    assert state_as(table.client, table.game_id, table.tokens["south"]).status_code == 200


def test_the_command_s_answer_shows_the_new_token_once(table):
    """``ReissueSeatToken`` through POST /commands (as legal-commands offers it to the moderator):
    the answer carries the token (not stored: no-store); a retry with the same key replays the
    events, never the token."""
    offered = table.client.get(f"/games/{table.game_id}/legal-commands", headers=table.auth(MODERATOR)).json
    (spec,) = [c for c in offered["optional"] if c["type"] == "ReissueSeatToken"]
    assert spec["example"] == {"type": "ReissueSeatToken", "data": {"seat": "north"}}

    answer = table.command(MODERATOR, "ReissueSeatToken", {"seat": "south"}, **{"Idempotency-Key": "k1"})
    again = table.command(MODERATOR, "ReissueSeatToken", {"seat": "south"}, **{"Idempotency-Key": "k1"})

    assert answer.status_code == 201 and answer.headers["Cache-Control"] == "no-store"
    assert state_as(table.client, table.game_id, answer.json["tokens"]["south"]).json["seat"] == "south"
    assert again.json["replayed"] is True and "tokens" not in again.json


def test_the_moderator_hands_its_own_seat_over(table):
    """A moderator token that leaked is replaced the same way."""
    new = reissue(table, MODERATOR).json["token"]
    assert_problem(state_as(table.client, table.game_id, table.moderator), 401, "unauthorized")
    assert state_as(table.client, table.game_id, new).json["seat"] == MODERATOR


def test_handing_a_seat_over_ends_its_mail_registration(table):
    """The decision: the old player's order password would still sign orders for the seat, so
    its mail registration ends with the token; the new player registers with the new token."""
    client, game = table.client, table.game_id
    for seat in ("north", "south"):
        registered = client.put(f"/games/{game}/mail/seats/{seat}", headers=table.auth(seat),
                                json={"addresses": [f"{seat}@players.example"], "order_password": f"{seat}-pw-1"})
        assert registered.status_code == 200

    new = reissue(table, "north").json["token"]

    seats = client.get(f"/games/{game}/mail", headers=table.auth(MODERATOR)).json["seats"]
    assert [s["seat"] for s in seats] == ["south"]
    again = client.put(f"/games/{game}/mail/seats/north", headers=bearer(new),
                       json={"addresses": ["new-north@players.example"], "order_password": "fresh-pw-2"})
    assert again.status_code == 200
