"""Webhooks against real HTTP receivers on loopback (receivers on system-picked ports): Standard Webhooks
signatures checked by the reference library, retries after 500s and timeouts, no secret in any
payload, a disabled webhook announced to the moderator, and commands that never wait on a
receiver that is down."""
import socket
import sqlite3
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import standardwebhooks

from service.http.app import create_app
from service.config import Config
from service.notify.webhooks import Settings
from tests.support.api import MODERATOR, Table

FAST = Settings(attempts=3, backoff=0.05, timeout=0.5, disable_after=3)


class Receiver:
    """A loopback HTTP server answering each POST with the next scripted reply: a status,
    "hang" (answer only after the sender's timeout), or "hold" (answer 500 only once the test
    sets ``released``). Every request is kept."""

    def __init__(self, replies=()):
        self.replies = list(replies)
        self.requests: list[tuple[dict, bytes]] = []
        self.released = threading.Event()  # ends a "hold"
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                receiver.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
                reply = receiver.replies.pop(0) if receiver.replies else 200
                if reply == "hang":
                    time.sleep(FAST.timeout * 3)
                    reply = 200
                if reply == "hold":  # the sender waits until the test releases it, then gets a 500
                    receiver.released.wait(60)
                    reply = 500
                self.send_response(reply)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = _bind(Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def _bind(handler) -> ThreadingHTTPServer:
    # A port the system picks, never one an earlier test's receiver had: that test's service may
    # still be retrying deliveries to it, and they must not land on this test's receivers.
    return ThreadingHTTPServer(("127.0.0.1", 0), handler)


def _silent_port() -> int:
    for port in range(7899, 7890, -1):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                return port
    raise RuntimeError("every port in 7890-7899 answers")


def eventually(check, seconds=20.0):
    """Deliveries run off the request thread: wait (bounded) until ``check`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


@pytest.fixture
def receivers():
    made = []

    def make(replies=()):
        made.append(Receiver(replies))
        return made[-1]

    yield make
    for receiver in made:
        receiver.close()


@pytest.fixture
def sqlite_app(tmp_path):
    return create_app(Config(database=str(tmp_path / "webhooks.db")))


@pytest.fixture
def dod3(sqlite_app):
    services = sqlite_app.extensions["casus_services"]
    services.webhooks.settings = FAST
    client = sqlite_app.test_client()
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def subscribe(table, seat, url) -> dict:
    response = table.client.post(f"/games/{table.game_id}/webhooks", json={"url": url}, headers=table.auth(seat))
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.json


def deliveries(table, seat, subscription):
    return table.client.get(f"/games/{table.game_id}/webhooks/{subscription['id']}/deliveries",
                            headers=table.auth(seat)).json["deliveries"]


def test_a_delivery_verifies_with_the_standard_webhooks_reference(dod3, receivers):
    """Given player1's webhook, when its deadline opens, then the POST it receives verifies
    with the standardwebhooks package under the secret shown at subscription."""
    receiver = receivers()
    subscription = subscribe(dod3, "player1", receiver.url)
    assert subscription["secret"].startswith("whsec_")
    dod3.send(MODERATOR, "SetSchedule")
    assert eventually(lambda: receiver.requests)
    headers, body = receiver.requests[0]
    payload = standardwebhooks.Webhook(subscription["secret"]).verify(body, headers)
    assert payload["type"] == "your_move" and payload["data"]["seat"] == "player1"
    with pytest.raises(standardwebhooks.WebhookVerificationError):
        standardwebhooks.Webhook(subscribe(dod3, "player2", receiver.url)["secret"]).verify(body, headers)


def test_a_500_is_retried_with_the_same_id_until_delivered(dod3, receivers):
    """Given a receiver answering 500 twice, then the third attempt delivers; the log has the
    three attempts and every attempt carries the same webhook-id."""
    receiver = receivers([500, 500])
    subscription = subscribe(dod3, "player1", receiver.url)
    dod3.send(MODERATOR, "SetSchedule")
    assert eventually(lambda: len(deliveries(dod3, "player1", subscription)) == 3)
    log = deliveries(dod3, "player1", subscription)
    assert [(d["attempt"], d["status"], d["ok"]) for d in log] == [(1, 500, False), (2, 500, False), (3, 200, True)]
    assert len({headers["webhook-id"] for headers, _ in receiver.requests}) == 1


def test_a_timeout_is_retried(dod3, receivers):
    """Given a receiver that does not answer within the timeout once, then the delivery is
    logged as a timeout and retried."""
    receiver = receivers(["hang"])
    subscription = subscribe(dod3, "player1", receiver.url)
    dod3.send(MODERATOR, "SetSchedule")
    assert eventually(lambda: any(d["ok"] for d in deliveries(dod3, "player1", subscription)))
    log = deliveries(dod3, "player1", subscription)
    assert log[0]["error"] == "ReadTimeout" and log[-1]["ok"]


def test_no_payload_carries_any_secret(dod3, receivers, sqlite_app):
    """Given a webhook per seat and the moderator's, when deadlines open, pass and resolve,
    then no body any receiver gets holds a seat token, a webhook secret or the dice seed."""
    receiver = receivers()
    secrets = [subscribe(dod3, seat, receiver.url)["secret"] for seat in ("player1", "player2", "player3", MODERATOR)]
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    dod3.send("player1", "RollWeather")
    dod3.send("player1", "MarkReady")
    assert eventually(lambda: len(receiver.requests) >= 6)
    games = sqlite_app.extensions["casus_services"].games
    seed = games.secrets.get(dod3.game_id, "dice_seed").hex()
    forbidden = [*dod3.tokens.values(), dod3.moderator, *secrets, *(s.removeprefix("whsec_") for s in secrets), seed]
    for headers, body in receiver.requests:
        text = body.decode() + repr(headers)
        assert not [f for f in forbidden if f in text]


def test_a_failing_webhook_is_disabled_and_the_moderator_told(dod3, receivers):
    """Given player1's receiver always answering 500 and a moderator webhook, when deliveries
    fail three times in a row, then player1's webhook is disabled and the moderator's receives
    a webhook_disabled notice naming it."""
    failing, moderator = receivers([500] * 10), receivers()
    subscription = subscribe(dod3, "player1", failing.url)
    subscribe(dod3, MODERATOR, moderator.url)
    dod3.send(MODERATOR, "SetSchedule")

    def notice():
        return [b for _, b in moderator.requests if b"webhook_disabled" in b]

    assert eventually(notice)
    assert subscription["id"].encode() in notice()[0]
    [listed] = [w for w in dod3.client.get(f"/games/{dod3.game_id}/webhooks", headers=dod3.auth("player1")).json["webhooks"]]
    assert listed["active"] is False and "secret" not in listed


def test_the_moderator_reads_the_webhook_disabled_notice_in_the_games_notifications(dod3, receivers):
    """Given player1's receiver always answering 500 and no moderator webhook, when player1's
    webhook is disabled, then the moderator's notifications (read from the start, and from the
    version read up to before it) hold the webhook_disabled notice naming it, without its
    secret; player1's own notifications do not."""
    failing = receivers([500] * 10)
    subscription = subscribe(dod3, "player1", failing.url)
    dod3.send(MODERATOR, "SetSchedule")
    read_up_to = notifications(dod3, MODERATOR)["after"]

    def notices(after=0):
        return [n for n in notifications(dod3, MODERATOR, after)["notifications"] if n["kind"] == "webhook_disabled"]

    assert eventually(notices)
    [notice] = notices()
    assert notice["seat"] == MODERATOR and notice["data"]["subscription"]["id"] == subscription["id"]
    assert notice["data"]["subscription"]["active"] is False and "secret" not in notice["data"]["subscription"]
    assert notices(read_up_to) == [notice]  # a client polling from where it was finds it
    assert [n["kind"] for n in notifications(dod3, "player1")["notifications"]].count("webhook_disabled") == 0
    dod3.send("player1", "RollWeather")
    assert notices(notifications(dod3, MODERATOR)["after"]) == []  # once read past, not again


def test_a_delivery_a_dead_process_left_in_the_outbox_is_attempted_when_its_lease_ends(tmp_path, dod3, receivers):
    """Given a delivery pending in the store's file, claimed by a process that died (its lease
    runs 3 s more), when the service starts again on the file, then it attempts the delivery
    once the lease has ended, and the outbox is empty after."""
    receiver = receivers()
    subscription = subscribe(dod3, "player1", receiver.url)
    lease_ends = time.time() + 3
    with sqlite3.connect(tmp_path / "webhooks.db") as db:
        db.execute("INSERT INTO webhook_outbox VALUES (?, ?, 'msg_left', ?, 2, ?, ?)",
                   (dod3.game_id, subscription["id"], b'{"type": "your_move"}', time.time(), lease_ends))
    create_app(Config(database=str(tmp_path / "webhooks.db")))
    time.sleep(0.5)
    # Still claimed (checked only while the lease surely runs: a slow start must not fail the test).
    assert receiver.requests == [] or time.time() >= lease_ends
    assert eventually(lambda: deliveries(dod3, "player1", subscription))
    assert [(d["message_id"], d["attempt"], d["ok"]) for d in deliveries(dod3, "player1", subscription)] == [
        ("msg_left", 2, True)]
    with sqlite3.connect(tmp_path / "webhooks.db") as db:
        assert eventually(lambda: db.execute("SELECT COUNT(*) FROM webhook_outbox").fetchone() == (0,))


def notifications(table, seat, after=0) -> dict:
    answer = table.client.get(f"/games/{table.game_id}/notifications?after={after}", headers=table.auth(seat))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.json


def test_a_receiver_that_is_down_does_not_slow_commands(dod3, receivers):
    """Given webhooks to a port nobody listens on and to a receiver that hangs, when seats
    play through deadlines, then every command answers within 2 s (a liveness bound)."""
    dead_url = f"http://127.0.0.1:{_silent_port()}/hook"  # nobody listens: connection refused
    hanging = receivers(["hang"] * 20)
    for seat in ("player1", MODERATOR):
        subscribe(dod3, seat, dead_url)
        subscribe(dod3, seat, hanging.url)
    for seat, command in [(MODERATOR, "SetSchedule"), ("player1", "RollWeather"), ("player1", "MarkReady")]:
        started = time.monotonic()
        dod3.send(seat, command)
        assert time.monotonic() - started < 2.0
