"""RQ made to strand no job: the deployment's queues keep a ledger of their open jobs, and its
workers retry whatever a dead worker left, wherever it left it.

Where a worker killed -9 leaves a job, and what retries it:

- running (its work horse marked it ``started``): RQ's cleanup of the started registry, once the
  job's heartbeat is ``grace`` seconds late, retries it (every job here has retries);
- registered by the worker, its work horse not yet forked or not yet started: RQ 3 marks a job
  ``started`` in the horse, and its cleanup drops a registered job that is not ``started``, so a
  kill while forking lost the job. ``CasusWorker`` marks it ``started`` as it registers it;
- taken off the queue and not yet registered (a worker of several queues pops with BLPOP, so the
  job is then in no list at all; a worker of one queue moves it to the queue's intermediate
  list): found by the ledger. Each queue lists its jobs in a sorted set scored by when each was
  last seen accounted for (waiting in the queue, registered as started, scheduled); a job that
  has not been for ``stale_after`` seconds, and is not done, is queued again.

RQ also locks a queue for 899 s while one worker cleans it: a worker killed while cleaning held
every other off that queue's abandoned jobs for a quarter of an hour. Here the lock lasts one
maintenance interval. And RQ's scheduler (which queues deadlines and webhook retries when due)
holds its lock for 61 s after its last beat: here a silent scheduler's lock is released sooner.
Jobs are idempotent, so the rare second run of a job changes nothing."""
from __future__ import annotations

import time
from datetime import datetime

from rq import Queue, Worker, worker_registration
from rq.executions import Execution
from rq.job import Job, JobStatus
from rq.registry import clean_registries
from rq.scheduler import RQScheduler
from rq.scripts import release_lock
from rq.utils import now, parse_composite_key
from rq.worker import WorkerStatus

DONE = frozenset({"finished", "failed", "stopped", "canceled"})
ACCOUNTED_BY_STATUS = frozenset({"scheduled", "deferred"})  # in RQ's registries, which RQ moves on
LEDGER_BATCH = 1000  # jobs looked at per queue and maintenance pass
SCHEDULER_LOCK_SECONDS = 61  # RQ's scheduler lock: its interval (1 s) + 60, refreshed every beat
SCHEDULER_SILENCE = 10  # seconds without a beat after which a scheduler is taken for dead


def ledger_key(queue_name: str) -> str:
    return f"rq:casus:open:{queue_name}"


class TrackedQueue(Queue):
    """An RQ queue whose jobs are listed in its ledger of open jobs as they are queued or
    scheduled, and retried ``retries`` times when they fail or their worker dies unless they
    say otherwise (RQ's default is never)."""

    retries = 5

    def __init__(self, *args, retries: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if retries is not None:
            self.retries = retries

    def enqueue_job(self, job: Job, pipeline=None, at_front: bool = False, unique: bool = False) -> Job:
        self._open(job, pipeline)
        return super().enqueue_job(job, pipeline=pipeline, at_front=at_front, unique=unique)

    def schedule_job(self, job: Job, datetime: datetime, pipeline=None, unique: bool = False) -> Job:
        self._open(job, pipeline)
        return super().schedule_job(job, datetime, pipeline=pipeline, unique=unique)

    def _open(self, job: Job, pipeline) -> None:
        if job.retries_left is None:
            job.retries_left = self.retries
        (pipeline if pipeline is not None else self.connection).zadd(ledger_key(self.name), {job.id: time.time()})


def reconcile(queue: Queue, stale_after: float, log) -> list[str]:
    """One look at the jobs of ``queue``'s ledger not seen accounted for in ``stale_after``
    seconds: forget the done ones, note the accounted ones as seen now, queue the others again.
    Returns the ids queued again."""
    connection, key, moment = queue.connection, ledger_key(queue.name), time.time()
    candidates = [i.decode() for i in connection.zrangebyscore(key, "-inf", moment - stale_after,
                                                                start=0, num=LEDGER_BATCH)]
    if not candidates:
        return []
    with connection.pipeline(transaction=False) as pipeline:
        for rq_id in candidates:
            pipeline.hget(Job.key_for(rq_id), "status")
        pipeline.lrange(queue.key, 0, -1)
        pipeline.zrange(queue.started_job_registry.key, 0, -1)
        *statuses, waiting, started = pipeline.execute()
    waiting = {i.decode() for i in waiting}
    started = {parse_composite_key(e.decode())[0] for e in started}
    done, seen, lost = [], [], []
    for rq_id, status in zip(candidates, statuses):
        status = status.decode() if status else None
        if status is None or status in DONE:  # None: expired, deleted, or never saved
            done.append(rq_id)
        elif status in ACCOUNTED_BY_STATUS or rq_id in waiting or rq_id in started:
            seen.append(rq_id)
        else:
            lost.append((rq_id, status))
    with connection.pipeline() as pipeline:
        if done:
            pipeline.zrem(key, *done)
        if seen:
            pipeline.zadd(key, {rq_id: moment for rq_id in seen})
        pipeline.execute()
    requeued = []
    for rq_id, status in lost:
        job = queue.fetch_job(rq_id)
        if job is None:
            connection.zrem(key, rq_id)
            continue
        log.warning("job %s (%s) was in no queue and run by no worker for %s s: queued again",
                    rq_id, status, stale_after)
        # Not one transaction (RQ's enqueue runs its own): the ledger keeps the job until it is done.
        connection.lrem(queue.intermediate_queue_key, 0, rq_id)
        queue.enqueue_job(job)
        connection.zadd(key, {rq_id: moment})
        requeued.append(rq_id)
    return requeued


class CasusWorker(Worker):
    """An RQ worker that strands no job of a dead peer (see the module's docstring). RQ retries a
    started job once its heartbeat lapses (``job_monitoring_interval`` + ``grace`` seconds; RQ
    waits 60); the ledger queues again a job unaccounted for ``stale_after`` seconds; the
    maintenance pass that does both runs every ``maintenance_interval`` seconds."""

    queue_class = TrackedQueue
    grace: int = 60
    stale_after: float = 60.0

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        beat = self.job_monitoring_interval
        if job.timeout and job.timeout > 0:
            beat = min(job.timeout - working_time, beat)
        return int(beat) + self.grace

    def prepare_execution(self, job: Job) -> Execution:
        """RQ's, and the job marked ``started`` in the same transaction (RQ leaves that to the
        work horse, and drops a registered job that a killed worker never got to start)."""
        with self.connection.pipeline() as pipeline:
            execution = Execution.create(job, self.get_heartbeat_ttl(job), pipeline=pipeline, worker_name=self.name)
            job.set_status(JobStatus.STARTED, pipeline=pipeline)
            self.executions[execution.id] = execution
            self.set_state(WorkerStatus.BUSY, pipeline=pipeline)
            pipeline.execute()
        return execution

    def _lock(self, queue: Queue) -> bool:
        """The queue's cleaning lock for one maintenance interval; a longer one (RQ's 899 s, left
        by an RQ worker killed while cleaning) is cut to that, so the next pass takes it."""
        seconds = max(1, int(self.maintenance_interval))
        if self.connection.set(queue.registry_cleaning_key, 1, nx=True, ex=seconds):
            return True
        if self.connection.ttl(queue.registry_cleaning_key) > seconds:
            self.connection.expire(queue.registry_cleaning_key, seconds)
        return False

    def run_maintenance_tasks(self):
        self._release_locks_of_silent_schedulers()
        super().run_maintenance_tasks()  # takes a released lock: this worker's scheduler starts

    def _release_locks_of_silent_schedulers(self) -> None:
        """RQ's scheduler (deadlines, webhook retries) holds a lock per queue for 61 s past its
        last beat, and beats every second: a worker killed -9 held every other worker's scheduler
        off the queues' due jobs for a minute. A lock unrefreshed for ``grace`` seconds (at most
        ten: ten missed beats) is released."""
        silence = min(self.grace, SCHEDULER_SILENCE)
        for queue in self.queues:
            key = RQScheduler.get_locking_key(queue.name)
            holder = self.connection.get(key)
            if holder is not None and SCHEDULER_LOCK_SECONDS - self.connection.ttl(key) > silence + 1:
                self.log.warning("the scheduler of %s is silent: its lock is released", queue.name)
                release_lock(self.connection, key, holder.decode())

    def clean_registries(self):
        """RQ's maintenance of each queue under a short lock (``_lock``), then the ledger's look
        for jobs no worker will take."""
        for queue in self.queues:
            if not self._lock(queue):
                continue  # another worker cleans it now
            try:
                clean_registries(queue, self._exc_handlers)  # retries abandoned started jobs
                worker_registration.clean_worker_registry(queue)
                try:
                    reconcile(queue, self.stale_after, self.log)
                except Exception:  # logged; the worker works on, and the next pass looks again
                    self.log.exception("the ledger of %s was not reconciled", queue.name)
                queue.intermediate_queue.cleanup(self, queue)
            finally:
                queue.release_maintenance_lock()
        self.last_cleaned_at = now()
