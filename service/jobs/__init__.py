"""Background jobs: RQ queues ``combat`` and ``replay`` with REDIS_URL, in-process otherwise.

Job functions are plain module-level functions taking ids, so an RQ worker on another machine
runs exactly the code the in-process executor runs. They write only through the one write path,
with idempotency keys, so a retried job changes nothing."""
from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import orjson
import redis
from rq.exceptions import NoSuchJobError
from rq.job import Job, Retry

from domain.kernel import SYSTEM
from events.store import WrongExpectedVersion
from projections.timeline import Timeline
from service.jobs.redis_jobs import CasusWorker, TrackedQueue

QUEUES = ("combat", "replay", "schedule", "webhooks")


# How a job in a worker process finds the services: bootstrap installs its ``from_env`` here
# when imported, so this package never imports bootstrap (bootstrap wires these runners).
_worker_services = None


def provide_services(factory) -> None:
    """Set the factory of a worker process's services (service/bootstrap.py calls it)."""
    global _worker_services
    _worker_services = factory


def _services(services):
    """In-process jobs are handed the app's services; an RQ worker builds its own from the env."""
    if services is not None:
        return services
    if _worker_services is None:
        raise RuntimeError("no services for this job: run workers with `casus worker`")
    return _worker_services()


def replay_game(game_id: str, services=None) -> dict:
    """Rebuild a game's state from its whole log (no snapshots), rewrite its snapshots and
    return a keyed digest of every seat's projections, byte for byte comparable across runs."""
    games = _services(services).games
    started = time.perf_counter()
    # A timeline that reads no snapshot: the whole log is folded, and the fold rewrites them.
    timeline = Timeline(games.store, games.stores.snapshots, games.rules_for, games.timeline.snapshot_every,
                        read_snapshots=False)
    state = timeline.load(game_id)
    if state is None:
        raise LookupError(f"game {game_id} does not exist")
    games.forget(game_id)
    digests = games.projection_digests(state, timeline.rules(game_id))
    return {"game_id": game_id, "version": state.version, "events": state.version,
            "projection_digests": digests, "seconds": round(time.perf_counter() - started, 4)}


def run_system_command(game_id: str, command_type: str, data: dict, idempotency_key: str, services=None) -> dict:
    """Issue a follow-up command as the system seat (e.g. fight a requested battle)."""
    services = _services(services)
    for _ in range(50):  # another writer may be appending to the same game
        try:
            result = services.games.handle(game_id, SYSTEM, command_type, data,
                                           expected_version=services.games.store.version(game_id),
                                           idempotency_key=idempotency_key)
            return {"game_id": game_id, "versions": [e.version for e in result.events], "replayed": result.replayed}
        except WrongExpectedVersion:
            continue
    raise RuntimeError(f"game {game_id} kept moving; gave up after 50 attempts")


class InProcessJobs:
    """The embedded default: jobs run on a small thread pool in the web process that enqueued
    them, and their records live in a table of the SQLite file, so every process of
    ``casus serve --workers N`` answers ``GET /jobs/{id}`` and an id enqueued twice (by any
    process) runs once."""

    kind = "in-process"

    def __init__(self, services, path: str, workers: int = 2):
        self._services = services
        self._path = path
        self._local = threading.local()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="casus-job")
        self._mine: set[str] = set()  # ids this process runs, for wait()
        self._lock = threading.Lock()
        db = self._db()
        db.execute(JOBS_TABLE)
        if "owner" not in {row[1] for row in db.execute("PRAGMA table_info(jobs)")}:  # a file from before
            try:
                db.execute("ALTER TABLE jobs ADD COLUMN owner INTEGER")
            except sqlite3.OperationalError:  # another process added it first
                pass

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = sqlite3.connect(self._path, timeout=30, isolation_level=None,
                                                      check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=30000")
        return conn

    def enqueue(self, queue: str, fn: Callable[..., Any], *args, job_id: str | None = None,
                again: bool = False) -> str:
        """Run ``fn(*args)`` once per id; ``again`` runs it even if the id ran. A job left queued
        or started by a process that has died (killed, or the server restarted) is taken over
        by the next enqueue of its id: the jobs are idempotent, so a second run changes nothing."""
        job_id = job_id or uuid.uuid4().hex
        db, me = self._db(), os.getpid()
        inserted = db.execute("INSERT OR IGNORE INTO jobs (id, queue, status, owner) VALUES (?, ?, 'queued', ?)",
                              (job_id, queue, me)).rowcount
        if again and not inserted:
            self._set(job_id, status="queued", result=None, error=None, owner=me)
        elif not inserted:
            inserted = self._take_over(db, job_id, me)
        if inserted or again:  # the same id is the same job: never run twice unless asked
            with self._lock:
                self._mine.add(job_id)
            self._pool.submit(self._run, job_id, fn, args)
        return job_id

    @staticmethod
    def _take_over(db: sqlite3.Connection, job_id: str, me: int) -> bool:
        """Claim a job whose owner process is gone before it finished (one UPDATE: of two
        processes taking it over at once, one wins)."""
        row = db.execute("SELECT status, owner FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is None or row[0] not in ("queued", "started") or row[1] in (None, me) or _alive(row[1]):
            return False
        return db.execute("UPDATE jobs SET status = 'queued', owner = ? WHERE id = ? AND owner = ?",
                          (me, job_id, row[1])).rowcount == 1

    def _run(self, job_id: str, fn, args) -> None:
        self._set(job_id, status="started")
        try:
            result = fn(*args, services=self._services)
        except Exception as error:  # recorded on the job, which is where a client looks
            self._set(job_id, status="failed", error=f"{type(error).__name__}: {error}")
        else:
            self._set(job_id, status="finished", result=orjson.dumps(result))

    def _set(self, job_id: str, **changes) -> None:
        columns = ", ".join(f"{name} = ?" for name in changes)
        self._db().execute(f"UPDATE jobs SET {columns} WHERE id = ?", (*changes.values(), job_id))

    def status(self, job_id: str) -> dict | None:
        row = self._db().execute("SELECT queue, status, result, error FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is None:
            return None
        queue, status, result, error = row
        return {"id": job_id, "queue": queue, "status": status,
                "result": orjson.loads(result) if result is not None else None, "error": error}

    def wait(self, timeout: float = 10) -> None:
        """Tests and the CLI: let the jobs this process runs finish."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                mine = list(self._mine)
            if all((self.status(j) or {}).get("status") in ("finished", "failed") for j in mine):
                return
            time.sleep(0.01)


JOBS_TABLE = """CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, queue TEXT NOT NULL, status TEXT NOT NULL, result BLOB, error TEXT, owner INTEGER)"""


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (the SQLite file is local: its processes are ours)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    return True


def rq_safe(prefix: str) -> str:
    """The deployment prefix as RQ takes it in a job id (letters, digits, ``_`` and ``-``)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", prefix)


class RQJobs:
    """Jobs on RQ, all under the deployment's ``CASUS_REDIS_PREFIX``: queue ``<prefix>:combat``
    (Redis key ``rq:queue:<prefix>:combat``) and job ids ``<prefix>-<id>``, so a worker of another
    deployment on the same Redis never takes one of ours. A job is retried when it fails or its
    worker dies, wherever the worker left it (``Retry``, and the queues' ledger of open jobs:
    service/jobs/redis_jobs.py); jobs are idempotent, so a retry of one that had in fact finished
    changes nothing."""

    kind = "rq"

    def __init__(self, redis_url: str, prefix: str = "casus", retries: int = 5, timeout: int = 300):
        self.connection = redis.Redis.from_url(redis_url)
        self.prefix = prefix
        self._id_prefix = rq_safe(prefix) + "-"
        self.retries, self.timeout = retries, timeout
        self.queues = {name: TrackedQueue(queue_name(prefix, name), connection=self.connection, retries=retries)
                       for name in QUEUES}

    def _rq_id(self, job_id: str) -> str:
        return self._id_prefix + job_id

    def enqueue(self, queue: str, fn: Callable[..., Any], *args, job_id: str | None = None,
                again: bool = False) -> str:
        """Queue ``fn(*args)`` once per id; ``again`` queues it even if the id ran or is stranded
        (a moderator re-driving a follow-up: the job is idempotent, so a second run is harmless)."""
        job_id = job_id or uuid.uuid4().hex
        rq_id = self._rq_id(job_id)
        if not again and self.connection.exists(Job.key_for(rq_id)):
            return job_id  # already queued or done under this id
        target = self.queues[queue]
        if again:
            if self.connection.lpos(target.key, rq_id) is not None:
                return job_id  # waiting in the queue already: it runs once
            # A worker that died after dequeuing it left it in the intermediate list.
            self.connection.lrem(target.intermediate_queue_key, 0, rq_id)
        target.enqueue(fn, *args, job_id=rq_id, result_ttl=86400, failure_ttl=86400, job_timeout=self.timeout,
                       retry=Retry(max=self.retries))
        return job_id

    def status(self, job_id: str) -> dict | None:
        try:
            job = Job.fetch(self._rq_id(job_id), connection=self.connection)
        except NoSuchJobError:
            return None
        status = job.get_status(refresh=True)
        status = getattr(status, "value", status)
        error = None
        if status == "failed":
            error = (job.latest_result().exc_string if job.latest_result() else "failed").strip().splitlines()[-1]
        queue = job.origin.rpartition(":")[2]
        return {"id": job_id, "queue": queue, "status": status,
                "result": job.return_value() if status == "finished" else None, "error": error}


def queue_name(prefix: str, queue: str) -> str:
    return f"{prefix}:{queue}"


def run_worker(redis_url: str, prefix: str, queues: tuple[str, ...] = QUEUES, burst: bool = False,
               maintenance_seconds: int = 30, grace_seconds: int = 60, stale_seconds: float = 60.0) -> None:
    connection = redis.Redis.from_url(redis_url)
    connection.ping()  # a clear error now rather than a worker that spins on a dead store
    worker = CasusWorker([queue_name(prefix, q) for q in queues], connection=connection,
                         maintenance_interval=maintenance_seconds,
                         job_monitoring_interval=max(1, min(30, maintenance_seconds)),
                         # The blocking dequeue returns every worker_ttl - 15 s: maintenance runs then.
                         worker_ttl=max(16, maintenance_seconds + 15))
    worker.grace, worker.stale_after = grace_seconds, stale_seconds
    worker.work(burst=burst, with_scheduler=True)  # RQ's scheduler fires due deadlines (CORE-deadline)
