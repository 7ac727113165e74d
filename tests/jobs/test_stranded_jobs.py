"""No job of a killed worker stays stranded (issue 22, item 2). A worker killed -9 (with its work
horse) again and again as soon as it has resolved a roll, then a fresh worker: every roll is
resolved, once. And each place a kill can leave a job, one by one: taken off the queue and not
yet registered as started, registered by the worker but not yet marked started by its work horse,
and a queue's cleaning lock held by a worker killed while it cleaned."""
import time
import uuid

import pytest
from rq.executions import Execution
from rq.job import Job

from service.config import Config
from service.http.app import create_app
from tests.jobs.test_ops_jobs import (STALL, TINY, cleanup, kill_9, new_game, rolled, start_worker, stop,
                                      wait_until)
from tests.support.backends import redis_url_or_skip

ROLLS = 12
KILLS = 4
DRAIN_SECONDS = 30  # with the one-second settings of start_worker: a retry comes within a few


@pytest.fixture
def deployment():
    url = redis_url_or_skip()
    prefix = f"strand-{uuid.uuid4().hex[:8]}"
    app = create_app(Config(redis_url=url, redis_prefix=prefix, extra_rulesets=(TINY, STALL)))
    yield app, url, prefix
    cleanup(app, prefix)


def request_rolls(app, count: int) -> list:
    """``count`` games, each with one RequestRoll whose ResolveRoll job is queued."""
    client = app.test_client()
    tables = [new_game(client) for _ in range(count)]
    for table in tables:
        assert table.command("north", "RequestRoll", {"power": "N"}).status_code == 201
    return tables


def resolved(app, tables) -> int:
    """How many of the rolls are resolved, read straight from the store (fast enough to kill a
    worker within a millisecond or two of a roll)."""
    store = app.extensions["casus_services"].games.store
    return sum(store.version(t.game_id) >= 4 for t in tables)  # created, asked, dice rolled, die rolled


def more_resolved(app, tables):
    """A check that more rolls are resolved than now."""
    now = resolved(app, tables)
    return lambda: resolved(app, tables) > now


def rq_job(app, table) -> Job:
    services = app.extensions["casus_services"]
    [asked] = [e for e in table.events("north") if e["type"] == "RollRequested"]
    rq_id = f"{services.jobs._id_prefix}{table.game_id}-combat-{asked['command_id']}-ResolveRoll"
    return Job.fetch(rq_id, connection=services.jobs.connection)


@pytest.mark.slow
def test_a_worker_killed_9_as_soon_as_it_resolves_a_roll_again_and_again_strands_no_roll(deployment):
    app, url, prefix = deployment
    tables = request_rolls(app, ROLLS)
    for _ in range(KILLS):
        worker = start_worker(url, prefix)
        try:
            wait_until(more_resolved(app, tables), 30, "the worker resolved a roll")
            kill_9(worker)  # the worker and its work horse, wherever they are
        finally:
            stop(worker)
    rescuer = start_worker(url, prefix)
    try:
        wait_until(lambda: resolved(app, tables) == ROLLS, DRAIN_SECONDS, "every roll resolved")
    finally:
        stop(rescuer)
    assert [rolled(t) for t in tables] == [1] * ROLLS  # each once, however often its job ran


def test_a_job_a_dying_worker_took_off_the_queue_before_registering_it_is_retried(deployment):
    """A worker reading several queues pops a job id (BLPOP) and only then registers the job as
    started: killed in between, it leaves the job "queued" in no list at all."""
    app, url, prefix = deployment
    [table] = request_rolls(app, 1)
    queue = app.extensions["casus_services"].jobs.queues["combat"]
    assert queue.connection.lpop(queue.key).decode() == rq_job(app, table).id  # what the dead worker did
    assert rq_job(app, table).get_status() == "queued" and rolled(table) == 0
    rescuer = start_worker(url, prefix)
    try:
        wait_until(lambda: rolled(table) == 1, DRAIN_SECONDS, "the popped job was retried")
    finally:
        stop(rescuer)


def test_a_job_a_dying_worker_registered_but_never_started_is_retried(deployment):
    """The worker registers the job's execution, forks its work horse, and the horse marks the
    job started: a kill before the horse did leaves a registered job still "queued", which RQ's
    cleanup of abandoned jobs skips (it retries only "started" ones) and drops."""
    app, url, prefix = deployment
    [table] = request_rolls(app, 1)
    queue = app.extensions["casus_services"].jobs.queues["combat"]
    job = rq_job(app, table)
    assert queue.connection.lpop(queue.key).decode() == job.id
    with queue.connection.pipeline() as pipeline:  # what the dead worker's prepare_execution wrote
        Execution.create(job, ttl=1, pipeline=pipeline, worker_name="killed")
        pipeline.execute()
    assert job.get_status(refresh=True) == "queued" and job.id in queue.started_job_registry
    time.sleep(1.5)  # its heartbeat lapsed
    rescuer = start_worker(url, prefix)
    try:
        wait_until(lambda: rolled(table) == 1, DRAIN_SECONDS, "the registered job was retried")
    finally:
        stop(rescuer)


def test_the_worker_marks_a_job_started_as_it_registers_it(deployment):
    """So a kill between the two cannot happen: the job RQ's cleanup finds abandoned is "started"
    and retried (and its retry runs it once more)."""
    from service.jobs import CasusWorker

    app, _, prefix = deployment
    [table] = request_rolls(app, 1)
    queue = app.extensions["casus_services"].jobs.queues["combat"]
    job = rq_job(app, table)
    assert queue.connection.lpop(queue.key).decode() == job.id
    worker = CasusWorker([queue.name], connection=queue.connection, name=f"{prefix}-worker")
    worker.prepare_execution(job)
    assert job.get_status(refresh=True) == "started" and job.id in queue.started_job_registry
    queue.started_job_registry.cleanup(timestamp=time.time() + 3600)  # as once its heartbeat lapsed
    assert job.get_status(refresh=True) == "queued" and job.id in queue.get_job_ids()


@pytest.mark.slow
def test_a_cleaning_lock_left_by_a_worker_killed_while_cleaning_holds_no_retry_back(deployment, tmp_path):
    """RQ locks a queue while one worker cleans its registries, for 899 s: a worker killed then
    stopped every other from retrying that queue's abandoned jobs for a quarter of an hour."""
    app, url, prefix = deployment
    queue = app.extensions["casus_services"].jobs.queues["combat"]
    stall = new_game(app.test_client(), "tiny-stall")
    stall.command("north", "RequestRoll", {"power": "N"})
    gate = tmp_path / "gate"
    worker = start_worker(url, prefix, CASUS_TEST_GATE=str(gate))
    try:
        wait_until(lambda: rq_job(app, stall).get_status() == "started", 30, "the stalling job runs")
        kill_9(worker)
    finally:
        stop(worker)
    assert queue.connection.set(queue.registry_cleaning_key, 1, ex=899)  # as a worker killed mid-cleaning
    gate.touch()
    rescuer = start_worker(url, prefix, CASUS_TEST_GATE=str(gate))
    try:
        wait_until(lambda: rolled(stall) == 1, DRAIN_SECONDS, "the abandoned job was retried")
    finally:
        stop(rescuer)
