"""Background jobs: RQ queues ``combat`` and ``replay`` with REDIS_URL, in-process otherwise.

Job functions are plain module-level functions taking ids, so an RQ worker on another machine
runs exactly the code the in-process executor runs. They write only through the one write path,
with idempotency keys, so a retried job changes nothing."""
from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import orjson
import redis
from rq import Queue, Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job

from domain.kernel import SYSTEM
from events.store import WrongExpectedVersion
from projections.timeline import Timeline

QUEUES = ("combat", "replay", "schedule", "webhooks")


def _services(services):
    """In-process jobs are handed the app's services; an RQ worker builds its own from the env."""
    if services is not None:
        return services
    from service import bootstrap  # bootstrap imports this module to wire the runners

    return bootstrap.from_env()


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
        self._db().execute(JOBS_TABLE)

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = sqlite3.connect(self._path, timeout=30, isolation_level=None,
                                                      check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=30000")
        return conn

    def enqueue(self, queue: str, fn: Callable[..., Any], *args, job_id: str | None = None) -> str:
        job_id = job_id or uuid.uuid4().hex
        inserted = self._db().execute("INSERT OR IGNORE INTO jobs (id, queue, status) VALUES (?, ?, 'queued')",
                                      (job_id, queue)).rowcount
        if inserted:  # the same id is the same job: never run twice
            with self._lock:
                self._mine.add(job_id)
            self._pool.submit(self._run, job_id, fn, args)
        return job_id

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
    id TEXT PRIMARY KEY, queue TEXT NOT NULL, status TEXT NOT NULL, result BLOB, error TEXT)"""


class RQJobs:
    kind = "rq"

    def __init__(self, redis_url: str):
        self.connection = redis.Redis.from_url(redis_url)
        self.queues = {name: Queue(name, connection=self.connection) for name in QUEUES}

    def enqueue(self, queue: str, fn: Callable[..., Any], *args, job_id: str | None = None) -> str:
        job_id = job_id or uuid.uuid4().hex
        try:
            Job.fetch(job_id, connection=self.connection)
            return job_id  # already queued or done under this id
        except NoSuchJobError:
            pass
        self.queues[queue].enqueue(fn, *args, job_id=job_id, result_ttl=86400, failure_ttl=86400)
        return job_id

    def status(self, job_id: str) -> dict | None:
        try:
            job = Job.fetch(job_id, connection=self.connection)
        except NoSuchJobError:
            return None
        status = job.get_status(refresh=True)
        status = getattr(status, "value", status)
        error = None
        if status == "failed":
            error = (job.latest_result().exc_string if job.latest_result() else "failed").strip().splitlines()[-1]
        return {"id": job_id, "queue": job.origin, "status": status,
                "result": job.return_value() if status == "finished" else None, "error": error}


def run_worker(redis_url: str, queues: tuple[str, ...] = QUEUES, burst: bool = False) -> None:
    connection = redis.Redis.from_url(redis_url)
    Worker(list(queues), connection=connection).work(burst=burst, with_scheduler=True)
