"""Durability (issue 11, item 9): a Redis started with ``appendonly yes`` and ``appendfsync
always`` is killed -9 while four writers send commands; after a restart every command the
service acknowledged (201) is in the log, with its games' tokens and dice seeds (the games go
on rolling)."""
import threading
import time

import pytest

from service.http.app import create_app
from service.config import Config
from tests.e2e.ops_redis import OwnRedis
from tests.support.api import TINY, Table

WRITERS = 4
MAX_COMMANDS = 300  # per writer: bounds the test if the kill comes late
KILL_AFTER_ACKS = 120


def writer(client, table: Table, acked: list, stop: threading.Event) -> None:
    version = 1
    for n in range(MAX_COMMANDS):
        if stop.is_set():
            return
        kind = ("RollDie", {"power": "N", "sides": 6}) if n % 3 == 0 else ("AddPoints", {"power": "N", "amount": 1})
        try:
            answer = table.command("north", *kind, version=version)
        except Exception:  # the store went away mid-request: not acknowledged
            return
        if answer.status_code != 201:
            return  # 503 from here on: nothing more is acknowledged
        acked.extend((table.game_id, e["event_id"]) for e in answer.json["events"])
        version = answer.json["events"][-1]["version"]


@pytest.mark.slow
def test_every_acknowledged_command_survives_a_kill_9_of_redis_with_appendfsync_always(tmp_path):
    server = OwnRedis(tmp_path, "--appendonly", "yes", "--appendfsync", "always").start()
    try:
        app = create_app(Config(redis_url=server.url, redis_prefix="durable", extra_rulesets=(TINY,)))
        client = app.test_client()
        tables = []
        for _ in range(WRITERS):
            body = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
            tables.append(Table(app.test_client(), body["game_id"], body["tokens"], body["moderator_token"]))
        acked: list[tuple[str, str]] = []
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(t.client, t, acked, stop)) for t in tables]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while len(acked) < KILL_AFTER_ACKS and time.monotonic() < deadline and any(t.is_alive() for t in threads):
            time.sleep(0.005)
        server.kill_9()  # mid-load: writers are between requests, mid-request or mid-append
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert len(acked) >= KILL_AFTER_ACKS // 2, f"only {len(acked)} commands acknowledged before the kill"

        server.start()  # replays its append-only file
        services = app.extensions["casus_services"]
        for table in tables:
            services.games.forget(table.game_id)
        logged = {(t.game_id, e["event_id"]) for t in tables for e in t.events("moderator")}
        lost = [a for a in acked if a not in logged]
        assert not lost, f"{len(lost)} of {len(acked)} acknowledged events lost"
        for table in tables:  # tokens and the secret seed survived too: the game rolls on
            assert table.command("north", "RollDie", {"power": "N", "sides": 6}).status_code == 201
            assert client.get(f"/games/{table.game_id}/verify").json["ok"]
    finally:
        server.stop()
