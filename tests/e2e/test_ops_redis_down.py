"""Redis down (issue 11, item 8): with the test's own redis-server killed -9, every endpoint that
needs the store answers 503 problem+json with Retry-After (not 500), /healthz names the store
and its state, and once Redis is back the same app serves again without a restart. Started with
Redis down, ``casus serve`` and ``casus worker`` say so in one line."""
import os
import subprocess
import sys

import pytest

from service.http.app import create_app
from service.config import Config
from tests.e2e.ops_redis import OwnRedis
from tests.support.api import TINY, Table

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBLEM_JSON = "application/problem+json"


@pytest.fixture
def own_redis(tmp_path):
    server = OwnRedis(tmp_path, "--appendonly", "yes", "--appendfsync", "always").start()
    yield server
    server.stop()


def new_game(client) -> Table:
    body = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def requests_of(table: Table) -> list[tuple[str, str, dict | None, dict]]:
    game = f"/games/{table.game_id}"
    north, moderator = table.auth("north"), table.auth("moderator")
    command = {"type": "AddPoints", "data": {"power": "N", "amount": 1}}
    return [
        ("GET", "/healthz", None, {}), ("GET", "/games", None, {}), ("POST", "/games", {"ruleset": "tiny", "preset": "duel"}, {}),
        ("GET", game, None, {}), ("GET", f"{game}/state", None, north), ("GET", f"{game}/state?at=1", None, {}),
        ("GET", f"{game}/events", None, north), ("GET", f"{game}/legal-commands", None, north),
        ("GET", f"{game}/projections/totals", None, {}), ("GET", f"{game}/verify", None, {}),
        ("POST", f"{game}/commands", command, {**north, "If-Match": '"2"'}), ("POST", f"{game}/replay", None, north),
        ("POST", f"{game}/follow-ups/requeue", None, moderator), ("GET", "/jobs/some-job", None, {}),
    ]


def test_redis_down_is_503_with_retry_after_everywhere_and_the_app_recovers(own_redis):
    app = create_app(Config(redis_url=own_redis.url, redis_prefix="down", extra_rulesets=(TINY,)))
    client = app.test_client()
    table = new_game(client)
    assert table.command("north", "AddPoints", {"power": "N", "amount": 2}).status_code == 201
    assert client.get("/healthz").status_code == 200

    own_redis.kill_9()
    app.extensions["casus_services"].games.forget(table.game_id)  # no answer from a warm cache either
    for method, url, body, headers in requests_of(table):
        answer = client.open(url, method=method, json=body, headers=headers)
        assert answer.status_code == 503, (method, url, answer.status_code, answer.get_data(as_text=True))
        assert answer.content_type == PROBLEM_JSON and answer.headers["Retry-After"].isdigit(), (method, url)
        assert answer.json["type"].endswith("/store-unavailable"), (method, url)
    health = client.get("/healthz")
    assert health.json["store"] == "redis" and health.json["store_state"] == "down"
    assert client.get("/rulesets").status_code == 200  # what needs no store still answers

    own_redis.start()  # the same port, its append-only file: the game is still there
    assert client.get("/healthz").json == {"status": "ok", "store": "redis", "jobs": "rq"}
    assert table.version() == 2
    assert table.command("north", "AddPoints", {"power": "N", "amount": 3}).status_code == 201
    assert client.get(f"/games/{table.game_id}/projections/totals").json["data"]["points"]["N"] == 5
    assert new_game(client).game_id


@pytest.mark.parametrize("command", [["worker", "--burst"], ["serve", "--port"]])
def test_worker_and_serve_with_redis_down_say_so_in_one_line(own_redis, command):
    own_redis.kill_9()
    if command[-1] == "--port":
        command = [*command, str(own_redis.port)]  # free (its Redis is down), and in our range
    env = {**os.environ, "REDIS_URL": own_redis.url, "PYTHONPATH": ROOT}
    done = subprocess.run([sys.executable, "-m", "service.cli", *command], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"Redis at 127.0.0.1:{own_redis.port} is not answering" in lines[0], done.stderr
