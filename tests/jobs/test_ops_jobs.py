"""No stranded job (issue 11, items 6 and 7): a follow-up whose worker is killed -9 while it runs,
or that a dead worker dequeued and never started, is retried and appends exactly once; a pending
follow-up (read from the log) is re-driven by the moderator over HTTP or with ``casus jobs
requeue``; and a worker of another deployment (another CASUS_REDIS_PREFIX) on the same Redis
never takes our jobs."""
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import orjson
import pytest
from rq import Queue

from service.http.app import create_app
from service.config import Config
from service.jobs import rq_safe
from tests.jobs.test_jobs import ROOT, run_worker
from tests.support.api import TINY, Table, assert_problem
from tests.support.backends import redis_url_or_skip

STALL = "tests.jobs.stall_ruleset"
EXTRA = f"{TINY},{STALL}"
FAST_MAINTENANCE = {"CASUS_WORKER_MAINTENANCE_SECONDS": "1", "CASUS_WORKER_GRACE_SECONDS": "1",
                    "CASUS_WORKER_STALE_SECONDS": "1"}


def worker_env(url: str, prefix: str, **extra) -> dict:
    return {**os.environ, "REDIS_URL": url, "CASUS_REDIS_PREFIX": prefix, "CASUS_EXTRA_RULESETS": EXTRA,
            "PYTHONPATH": str(ROOT), **FAST_MAINTENANCE, **extra}


def start_worker(url: str, prefix: str, **extra) -> subprocess.Popen:
    """A long-running ``casus worker`` in its own process group (RQ forks a work horse per job)."""
    return subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], env=worker_env(url, prefix, **extra),
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def descendants(pid: int) -> list[int]:
    """Child processes, recursively (RQ's work horse calls setsid: it is not in the worker's group)."""
    try:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return children + [d for c in children for d in descendants(c)]


def kill_9(process: subprocess.Popen) -> None:
    """kill -9 of the worker and of the work horse running its job."""
    for pid in [process.pid, *descendants(process.pid)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait(timeout=10)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            kill_9(process)


def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s: {what}")


def new_game(client, ruleset: str = "tiny") -> Table:
    body = client.post("/games", json={"ruleset": ruleset, "preset": "duel"}).json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def rolled(table) -> int:
    return [e["type"] for e in table.events("north")].count("DieRolled")


def job_id_of(response) -> str:
    key = f"combat:{response.json['events'][0]['command_id']}:ResolveRoll"
    return f"{response.json['events'][0]['game_id']}-{key}".replace(":", "-")


def cleanup(app, prefix: str) -> None:
    connection = app.extensions["casus_services"].games.store.redis
    assert rq_safe(prefix) == prefix  # so one scan finds the event store's keys and RQ's
    for key in connection.scan_iter(f"*{prefix}*", count=10_000):
        connection.delete(key)


@pytest.fixture
def deployment():
    url = redis_url_or_skip()
    prefix = f"ops-{uuid.uuid4().hex[:8]}"
    app = create_app(Config(redis_url=url, redis_prefix=prefix, extra_rulesets=(TINY, STALL)))
    yield app, url, prefix
    cleanup(app, prefix)


@pytest.mark.slow
def test_a_worker_killed_9_while_the_job_runs_does_not_strand_it(deployment, tmp_path):
    app, url, prefix = deployment
    client = app.test_client()
    jobs = app.extensions["casus_services"].jobs
    table = new_game(client, "tiny-stall")
    gate = tmp_path / "gate"
    worker = start_worker(url, prefix, CASUS_TEST_GATE=str(gate))
    try:
        requested = table.command("north", "RequestRoll", {"power": "N"})
        job_id = job_id_of(requested)
        wait_until(lambda: (jobs.status(job_id) or {}).get("status") == "started", 30, "the job started")
        horses = descendants(worker.pid)
        assert horses, "the job runs in a work horse"
        kill_9(worker)  # the worker and its work horse, mid-job
        wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in horses), 10, "the work horse is gone")
    finally:
        stop(worker)
    time.sleep(1)
    assert jobs.status(job_id)["status"] == "started" and rolled(table) == 0  # stranded, for now
    gate.touch()
    rescuer = start_worker(url, prefix, CASUS_TEST_GATE=str(gate))
    try:
        wait_until(lambda: rolled(table) == 1, 45, "a new worker retried the abandoned job")
        wait_until(lambda: jobs.status(job_id)["status"] == "finished", 15, "the retried job finished")
    finally:
        stop(rescuer)
    assert rolled(table) == 1
    assert client.post(f"/games/{table.game_id}/follow-ups/requeue", headers=table.auth("moderator")).json["requeued"] == []


@pytest.mark.slow
def test_a_job_dequeued_by_a_worker_that_died_before_starting_it_is_retried(deployment):
    app, url, prefix = deployment
    client = app.test_client()
    services = app.extensions["casus_services"]
    table = new_game(client)
    requested = table.command("north", "RequestRoll", {"power": "N"})
    job_id = job_id_of(requested)
    # What a worker killed between dequeue and start leaves: the id moved (as RQ's dequeue moves
    # it) from the queue to the queue's intermediate list, and nobody running it.
    queue: Queue = services.jobs.queues["combat"]
    connection = services.jobs.connection
    assert connection.lmove(queue.key, queue.intermediate_queue_key) == f"{rq_safe(prefix)}-{job_id}".encode()
    # Stranded: "queued", yet no worker will dequeue it (the queue itself is empty).
    assert connection.llen(queue.key) == 0
    assert services.jobs.status(job_id)["status"] == "queued" and rolled(table) == 0
    rescuer = start_worker(url, prefix)
    try:
        wait_until(lambda: rolled(table) == 1, 30, "the maintenance pass re-queued the stranded job")
        wait_until(lambda: services.jobs.status(job_id)["status"] == "finished", 15, "the job finished")
    finally:
        stop(rescuer)
    assert rolled(table) == 1 and connection.llen(queue.intermediate_queue_key) == 0


def lose_follow_ups(app, table, seat: str = "north", **headers) -> None:
    """RequestRoll with its job lost (as with a Redis that keeps nothing, or a web process killed
    between its append and its enqueue): the log asks for a roll that no queue knows of."""
    games = app.extensions["casus_services"].games
    listeners, games.listeners = games.listeners, []
    try:
        assert table.command(seat, "RequestRoll", {"power": seat[0].upper()}, **headers).status_code == 201
    finally:
        games.listeners = listeners


def test_a_retried_command_queues_the_follow_up_its_first_try_never_queued(tmp_path):
    """The soak's kill -9 between append and enqueue: the client's retry (same Idempotency-Key)
    gets the stored answer and the follow-up runs, once however often it retries."""
    app = create_app(Config(database=str(tmp_path / "retry.db"), extra_rulesets=(TINY,)))
    client, jobs = app.test_client(), app.extensions["casus_services"].jobs
    table = new_game(client)
    lose_follow_ups(app, table, **{"Idempotency-Key": "roll-1"})
    jobs.wait()
    assert rolled(table) == 0
    for _ in range(2):
        retry = table.command("north", "RequestRoll", {"power": "N"}, version=1, **{"Idempotency-Key": "roll-1"})
        assert retry.status_code == 201 and retry.json["version"] == 2
        jobs.wait()
        assert rolled(table) == 1
    assert client.post(f"/games/{table.game_id}/follow-ups/requeue", headers=table.auth("moderator")).json["requeued"] == []


@pytest.mark.parametrize("owner_alive", [False, True])
def test_a_retry_takes_over_an_in_process_job_whose_process_died(tmp_path, owner_alive):
    """The embedded default runs several web processes: one killed with a follow-up queued left
    the job's row behind, and a retry of its command found the id taken and ran nothing."""
    app = create_app(Config(database=str(tmp_path / "takeover.db"), extra_rulesets=(TINY,)))
    client, jobs = app.test_client(), app.extensions["casus_services"].jobs
    table = new_game(client)
    lose_follow_ups(app, table, **{"Idempotency-Key": "roll-1"})
    [request] = [e for e in table.events("north") if e["type"] == "RollRequested"]
    owner = os.getppid()  # alive
    if not owner_alive:
        gone = subprocess.Popen([sys.executable, "-c", "pass"])
        gone.wait()
        owner = gone.pid
    job_id = f"{table.game_id}-combat-{request['command_id']}-ResolveRoll"
    jobs._db().execute("INSERT INTO jobs (id, queue, status, owner) VALUES (?, 'combat', 'queued', ?)", (job_id, owner))
    retry = table.command("north", "RequestRoll", {"power": "N"}, version=1, **{"Idempotency-Key": "roll-1"})
    assert retry.status_code == 201
    jobs.wait()
    assert rolled(table) == (0 if owner_alive else 1)
    assert jobs.status(job_id)["status"] == ("queued" if owner_alive else "finished")


def test_a_jobs_table_from_before_gains_its_owner_column(tmp_path):
    path = str(tmp_path / "old.db")
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE jobs (id TEXT PRIMARY KEY, queue TEXT NOT NULL, status TEXT NOT NULL, "
                    "result BLOB, error TEXT)")
        old.execute("INSERT INTO jobs VALUES ('earlier', 'combat', 'finished', NULL, NULL)")
    jobs = create_app(Config(database=path, extra_rulesets=(TINY,))).extensions["casus_services"].jobs
    assert jobs.status("earlier")["status"] == "finished"
    assert "owner" in {row[1] for row in jobs._db().execute("PRAGMA table_info(jobs)")}


def test_the_moderator_requeues_a_lost_follow_up_over_http_and_it_appends_once(deployment):
    app, url, prefix = deployment
    client = app.test_client()
    table = new_game(client)
    lose_follow_ups(app, table)
    assert run_worker(url, prefix).returncode == 0 and rolled(table) == 0  # nothing queued: stranded
    url_requeue = f"/games/{table.game_id}/follow-ups/requeue"
    assert_problem(client.post(url_requeue), 401, "unauthorized")
    assert_problem(client.post(url_requeue, headers=table.auth("north")), 403, "forbidden")
    assert_problem(client.post(f"/games/{uuid.uuid4().hex}/follow-ups/requeue", headers=table.auth("moderator")),
                   404, "not-found")
    assert rolled(table) == 0
    answer = client.post(url_requeue, headers=table.auth("moderator"))
    assert answer.status_code == 200
    [job] = answer.json["requeued"]
    assert job["command_type"] == "ResolveRoll" and job["requested_at"] == 2 and job["status"] == "queued"
    twice = client.post(url_requeue, headers=table.auth("moderator")).json["requeued"]  # asked twice: still one roll
    assert [j["id"] for j in twice] == [job["id"]]
    assert run_worker(url, prefix).returncode == 0
    assert rolled(table) == 1 and client.get(f"/jobs/{job['id']}").json["status"] == "finished"
    assert client.post(url_requeue, headers=table.auth("moderator")).json["requeued"] == []


def casus(url: str, prefix: str, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", *args], env=worker_env(url, prefix), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_casus_jobs_requeue_re_drives_what_the_log_waits_for(deployment):
    app, url, prefix = deployment
    client = app.test_client()
    table = new_game(client)
    lose_follow_ups(app, table, "north")
    lose_follow_ups(app, table, "south")
    pending = casus(url, prefix, "jobs", "pending", table.game_id)
    assert pending.returncode == 0, pending.stderr
    assert [j["requested_at"] for j in orjson.loads(pending.stdout)] == [2, 3]
    requeued = casus(url, prefix, "jobs", "requeue", table.game_id)
    assert requeued.returncode == 0, requeued.stderr
    assert len(orjson.loads(requeued.stdout)) == 2
    assert run_worker(url, prefix).returncode == 0
    assert rolled(table) == 2
    assert orjson.loads(casus(url, prefix, "jobs", "pending", table.game_id).stdout) == []
    missing = casus(url, prefix, "jobs", "requeue", "no-such-game")
    assert missing.returncode == 1 and missing.stderr.strip() == "no game no-such-game"


def test_requeue_in_process_on_sqlite(tmp_path):
    app = create_app(Config(database=str(tmp_path / "requeue.db"), extra_rulesets=(TINY,)))
    client = app.test_client()
    table = new_game(client)
    lose_follow_ups(app, table)
    app.extensions["casus_services"].jobs.wait()
    assert rolled(table) == 0
    answer = client.post(f"/games/{table.game_id}/follow-ups/requeue", headers=table.auth("moderator"))
    assert len(answer.json["requeued"]) == 1
    app.extensions["casus_services"].jobs.wait()
    assert rolled(table) == 1
    assert client.post(f"/games/{table.game_id}/follow-ups/requeue", headers=table.auth("moderator")).json["requeued"] == []


def test_a_worker_of_another_deployment_on_the_same_redis_never_takes_our_job(deployment):
    app, url, prefix = deployment
    client = app.test_client()
    table = new_game(client)
    requested = table.command("north", "RequestRoll", {"power": "N"})
    job_id = job_id_of(requested)
    other = f"ops-other-{uuid.uuid4().hex[:8]}"
    try:
        assert run_worker(url, other).returncode == 0  # another deployment's worker, same Redis
        assert app.extensions["casus_services"].jobs.status(job_id)["status"] == "queued" and rolled(table) == 0
    finally:
        cleanup(app, other)
    assert run_worker(url, prefix).returncode == 0
    assert rolled(table) == 1
    # RQ's keys of our job are named by our queue and our job id, both under the prefix.
    connection = app.extensions["casus_services"].games.store.redis
    assert connection.exists(f"rq:job:{prefix}-{job_id}", f"rq:results:{prefix}-{job_id}") == 2
    assert connection.sismember("rq:queues", f"rq:queue:{prefix}:combat")
