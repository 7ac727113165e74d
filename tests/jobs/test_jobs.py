"""Jobs: the replay job gives byte-identical projections through RQ (real Redis, a real
``casus worker`` process) and in-process; follow-up jobs append once however often they run."""
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from service import jobs
from service.http.app import create_app
from service.config import Config
from tests.support.api import TINY, create_table
from tests.support.backends import redis_url_or_skip

ROOT = Path(__file__).resolve().parents[2]


def play_a_little(table):
    table.command("north", "AddPoints", {"power": "N", "amount": 3})
    table.command("south", "SealValue", {"power": "S", "value": 8})
    table.command("north", "RollDie", {"power": "N", "sides": 10})
    table.command("moderator", "RevealValues")
    table.command("south", "AddPoints", {"power": "S", "amount": 2})


def live_digests(app, table) -> dict:
    """The digests of the projections served now, from the live (cached, incremental) state."""
    games = app.extensions["casus_services"].games
    return games.projection_digests(games.load(table.game_id))


def wait_for(client, job_url: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(job_url).json
        if job["status"] in ("finished", "failed"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_url} did not finish")


@pytest.fixture
def redis_app():
    url = redis_url_or_skip()
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    app = create_app(Config(redis_url=url, redis_prefix=prefix, extra_rulesets=(TINY,), snapshot_every=3))
    yield app, url, prefix
    store = app.extensions["casus_services"].games.store
    for key in store.redis.scan_iter(f"{prefix}:*"):
        store.redis.delete(key)


def run_worker(url: str, prefix: str, extra_rulesets: str = TINY) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDIS_URL": url, "CASUS_REDIS_PREFIX": prefix, "CASUS_EXTRA_RULESETS": extra_rulesets,
           "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "service.cli", "worker", "--burst"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_replay_through_rq_and_in_process_gives_byte_identical_projections(redis_app):
    app, url, prefix = redis_app
    client = app.test_client()
    table = create_table(client)
    play_a_little(table)
    accepted = client.post(f"/games/{table.game_id}/replay", headers=table.auth("north"))
    assert accepted.status_code == 202
    worker = run_worker(url, prefix)
    assert worker.returncode == 0, worker.stderr
    job = wait_for(client, accepted.headers["Location"])
    assert job["status"] == "finished", job
    in_process = jobs.replay_game(table.game_id, services=app.extensions["casus_services"])
    assert job["result"]["projection_digests"] == in_process["projection_digests"] == live_digests(app, table)
    assert job["result"]["version"] == table.version()


def test_the_in_process_replay_job_on_sqlite(tmp_path):
    app = create_app(Config(database=str(tmp_path / "jobs.db"), extra_rulesets=(TINY,), snapshot_every=3))
    client = app.test_client()
    table = create_table(client)
    play_a_little(table)
    accepted = client.post(f"/games/{table.game_id}/replay", headers=table.auth("south"))
    job = wait_for(client, accepted.headers["Location"])
    assert job["status"] == "finished"
    assert job["result"]["projection_digests"] == live_digests(app, table)


def test_a_follow_up_job_resolves_through_a_real_worker_and_appends_once(redis_app):
    app, url, prefix = redis_app
    client = app.test_client()
    table = create_table(client)
    requested = table.command("north", "RequestRoll", {"power": "N"})
    assert requested.status_code == 201
    assert run_worker(url, prefix).returncode == 0
    events = table.events("north")
    assert [e["type"] for e in events][-3:] == ["RollRequested", "DiceRolled", "DieRolled"]
    command_id = requested.json["events"][0]["command_id"]
    again = jobs.run_system_command(table.game_id, "ResolveRoll", {"power": "N"}, f"combat:{command_id}:ResolveRoll",
                                    services=app.extensions["casus_services"])
    assert again["replayed"] is True
    assert table.events("north") == events


def test_in_process_follow_up_jobs_run_without_redis(tmp_path):
    app = create_app(Config(database=str(tmp_path / "follow.db"), extra_rulesets=(TINY,)))
    client = app.test_client()
    table = create_table(client)
    table.command("south", "RequestRoll", {"power": "S"})
    app.extensions["casus_services"].jobs.wait()
    assert [e["type"] for e in table.events("south")][-2:] == ["DiceRolled", "DieRolled"]
