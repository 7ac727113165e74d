"""A webhook retry outlives the server (issue 22, item 3): a delivery answered 500 just before
`casus serve` is killed -9 (or stopped with SIGTERM), or cut short by a kill -9 while the
receiver holds it, is attempted again once the server runs again, with the same webhook-id. On
the embedded default (SQLite: the store's file holds what is owed) and on Redis (RQ jobs and a
`casus worker`, killed -9 with the server)."""
import os
import signal
import subprocess
import sys
import time
import uuid

import pytest
import redis
import requests

from tests.e2e.test_webhooks import Receiver, eventually
from tests.jobs.test_ops_jobs import FAST_MAINTENANCE, descendants
from tests.support.api import MODERATOR, Table
from tests.support.backends import redis_url_or_skip
from tests.support.server import ROOT, free_port

WEBHOOKS = {"CASUS_WEBHOOK_BACKOFF": "3", "CASUS_WEBHOOK_TIMEOUT": "2", "CASUS_WEBHOOK_ATTEMPTS": "3",
            "CASUS_RATE_LIMIT_CREATE": "off", "CASUS_RATE_LIMIT_COMMANDS": "off"}
RETRY_SECONDS = 40  # the backoff, a restart, a lease (timeout + 10 s) or a worker's maintenance


class Answer:
    """A requests response as Flask's test client gives one (``.json``), so a Table drives it."""

    def __init__(self, response: requests.Response):
        self.status_code = response.status_code
        self.text = response.text
        self.json = response.json() if "json" in response.headers.get("content-type", "") else None

    def get_data(self, as_text: bool = False):
        return self.text


class Http:
    """A client of the server at ``base`` (which a restart may move)."""

    def __init__(self, base: str):
        self.base = base

    def post(self, path: str, json=None, headers=None) -> Answer:
        return Answer(requests.post(self.base + path, json=json, headers=headers, timeout=10))

    def get(self, path: str, headers=None) -> Answer:
        return Answer(requests.get(self.base + path, headers=headers, timeout=10))


def start(args: list[str], env: dict) -> subprocess.Popen:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    environment = {k: v for k, v in environment.items() if v is not None}
    return subprocess.Popen([sys.executable, "-m", "service.cli", *args], cwd=ROOT, env=environment,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def serve(env: dict) -> subprocess.Popen:
    port = free_port()
    process = start(["serve", "--port", str(port), "--workers", "2"], env)
    process.base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "casus serve exited"
        try:
            if requests.get(f"{process.base}/healthz", timeout=2).ok:
                return process
        except requests.RequestException:  # not listening yet, or still loading the app
            time.sleep(0.1)
    end(process)
    raise AssertionError(f"casus serve did not answer on {process.base}")


def kill(process: subprocess.Popen, how: int) -> None:
    """kill -9 of the process and every process under it (gunicorn's workers; RQ's work horse and
    scheduler), or a SIGTERM to it and a wait for its orderly stop."""
    if how == signal.SIGTERM:
        process.send_signal(signal.SIGTERM)
    else:
        for pid in [process.pid, *descendants(process.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    process.wait(timeout=30)


def end(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            kill(process, signal.SIGKILL)


def deliveries(table: Table, subscription: dict) -> list[tuple]:
    answer = table.client.get(f"/games/{table.game_id}/webhooks/{subscription['id']}/deliveries",
                              headers=table.auth("player1"))
    return [(d["attempt"], d["status"], d["ok"]) for d in answer.json["deliveries"]]


def owe_a_retry(client: Http, receiver, hold: bool) -> tuple[Table, dict]:
    """A DoD III game whose player1 webhook gets a your_move when the schedule is set, and a
    first attempt answered 500 (logged: a retry is owed) or held by the receiver (in flight)."""
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    subscription = table.client.post(f"/games/{table.game_id}/webhooks", json={"url": receiver.url},
                                     headers=table.auth("player1")).json
    table.send(MODERATOR, "SetSchedule")
    if hold:
        assert eventually(lambda: receiver.requests), "the first attempt reached the receiver"
    else:
        assert eventually(lambda: deliveries(table, subscription) == [(1, 500, False)]), "attempt 1 was logged"
    return table, subscription


def assert_retried(table: Table, subscription: dict, receiver, hold: bool) -> None:
    expected = [(1, 200, True)] if hold else [(1, 500, False), (2, 200, True)]
    retried = eventually(lambda: deliveries(table, subscription) == expected, RETRY_SECONDS)
    assert retried, deliveries(table, subscription)
    assert len(receiver.requests) == 2
    assert len({headers["webhook-id"] for headers, _ in receiver.requests}) == 1


STOPS = {"kill -9 after a 500": (signal.SIGKILL, False), "SIGTERM after a 500": (signal.SIGTERM, False),
         "kill -9 mid-attempt": (signal.SIGKILL, True)}


@pytest.fixture
def receiver(request):
    """A receiver whose first answer is a 500, or a 500 held until the test releases it."""
    _, hold = STOPS[request.getfixturevalue("stop")]
    made = Receiver(["hold" if hold else 500])
    yield made
    made.released.set()
    made.close()


@pytest.mark.slow
@pytest.mark.parametrize("stop", list(STOPS))
def test_a_retry_owed_when_the_server_stops_is_made_when_it_serves_again_on_sqlite(tmp_path, receiver, stop):
    how, hold = STOPS[stop]
    env = {**WEBHOOKS, "CASUS_DB": str(tmp_path / "casus.db"), "REDIS_URL": None}
    server = serve(env)
    try:
        table, subscription = owe_a_retry(Http(server.base), receiver, hold)
        kill(server, how)
    finally:
        end(server)
    receiver.released.set()
    time.sleep(1)
    assert len(receiver.requests) == 1  # nothing retried it while the server was down
    server = serve(env)
    try:
        table.client.base = server.base
        assert_retried(table, subscription, receiver, hold)
    finally:
        end(server)


@pytest.mark.slow
@pytest.mark.parametrize("stop", ["kill -9 after a 500", "kill -9 mid-attempt"])
def test_a_retry_owed_when_the_server_and_its_worker_are_killed_is_made_when_they_run_again_on_redis(
        receiver, stop):
    how, hold = STOPS[stop]
    url = redis_url_or_skip()
    prefix = f"hooks-{uuid.uuid4().hex[:8]}"
    env = {**WEBHOOKS, **FAST_MAINTENANCE, "REDIS_URL": url, "CASUS_REDIS_PREFIX": prefix}
    try:
        server, worker = serve(env), start(["worker"], env)
        try:
            table, subscription = owe_a_retry(Http(server.base), receiver, hold)
            kill(worker, how)
            kill(server, how)
        finally:
            end(worker)
            end(server)
        receiver.released.set()
        time.sleep(1)
        assert len(receiver.requests) == 1
        server, worker = serve(env), start(["worker"], env)
        try:
            table.client.base = server.base
            assert_retried(table, subscription, receiver, hold)
        finally:
            end(worker)
            end(server)
    finally:
        connection = redis.Redis.from_url(url)
        for key in connection.scan_iter(f"*{prefix}*", count=10_000):
            connection.delete(key)
