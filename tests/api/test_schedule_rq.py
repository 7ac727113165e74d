"""CORE-deadline in Redis mode: the scheduler plans each due command as an RQ job at its instant
(``enqueue_at``), named by its deadline, so planning again (a restart) adds nothing."""
import time
import uuid
from datetime import datetime, timezone

import pytest
from rq import Queue

from service.http.app import create_app
from service.config import Config
from service.notify.scheduler import RQScheduler
from tests.jobs.test_jobs import run_worker
from tests.support.backends import redis_url_or_skip

HOUR = 3600
START = 4_000_000_000

pytestmark = pytest.mark.rule("CORE-deadline")


@pytest.fixture
def redis_services():
    url = redis_url_or_skip()
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    services = create_app(Config(redis_url=url, redis_prefix=prefix)).extensions["casus_services"]
    queue = f"schedule-{prefix}"  # its own queue: no worker of another test picks these up
    services.scheduler = RQScheduler(services.games, services.jobs.connection, lambda: START, queue)
    yield services
    registry = services.scheduler.queue.scheduled_job_registry
    for job_id in registry.get_job_ids():
        registry.remove(job_id, delete_job=True)
    Queue(queue, connection=services.jobs.connection).delete(delete_jobs=True)
    store = services.games.store
    for key in store.redis.scan_iter(f"{prefix}:*"):
        store.redis.delete(key)


def test_a_deadline_is_an_rq_job_at_its_instant_planned_once(redis_services):
    """Given a DoD III game whose moderator sets a 24 h weather deadline with a reminder 2 h
    before, then two jobs wait in RQ's scheduled registry at those instants, and rebuilding the
    plan (as a restart does) adds none."""
    games = redis_services.games
    game_id = games.create_game("dod3", None, {}, preset="3").game_id
    games.handle(game_id, "moderator", "SetSchedule", {"reminders": [2]}, games.store.version(game_id))
    registry = redis_services.scheduler.queue.scheduled_job_registry
    planned = sorted(registry.get_scheduled_time(job_id) for job_id in registry.get_job_ids())
    due = START + 24 * HOUR
    assert planned == [datetime.fromtimestamp(t, timezone.utc) for t in (due - 2 * HOUR, due)]
    redis_services.scheduler.rebuild()
    assert len(registry.get_job_ids()) == 2


@pytest.fixture
def redis_app_on_the_wall_clock():
    """A Redis-mode app whose scheduler (on the deployment's ``<prefix>:schedule`` queue, as ``casus worker``
    reads it) believes it is 25 h ago: a 24 h deadline it opens is already due."""
    url = redis_url_or_skip()
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    services = create_app(Config(redis_url=url, redis_prefix=prefix)).extensions["casus_services"]
    services.scheduler = RQScheduler(services.games, services.jobs.connection, lambda: int(time.time()) - 25 * HOUR,
                                     services.jobs.queues["schedule"].name)
    yield services, url, prefix
    queue = services.scheduler.queue
    games = tuple(services.games.store.game_ids())  # the jobs of this test's games, named by them
    for registry in (queue.scheduled_job_registry, queue.finished_job_registry, queue.failed_job_registry):
        for job_id in registry.get_job_ids():
            if job_id.startswith(games):
                registry.remove(job_id, delete_job=True)
    store = services.games.store
    for key in store.redis.scan_iter(f"{prefix}:*"):
        store.redis.delete(key)


def test_a_worker_started_with_the_scheduler_fires_a_due_deadline_once(redis_app_on_the_wall_clock):
    """Given a deadline that fell due while no worker ran, when a worker starts (with RQ's
    scheduler, in burst mode) and then another, then the policy is applied once."""
    services, url, prefix = redis_app_on_the_wall_clock
    games = services.games
    game_id = games.create_game("dod3", None, {}, preset="3").game_id
    games.handle(game_id, "moderator", "SetSchedule", {"reminders": []}, games.store.version(game_id))
    for _ in range(2):
        worker = run_worker(url, prefix, extra_rulesets="")
        assert worker.returncode == 0, worker.stderr
    applied = [e for e in games.store.read(game_id, after=0, limit=1000) if e.type == "MissedOrdersApplied"]
    assert [(e.data["kind"], e.actor) for e in applied] == [("weather", "system")]
