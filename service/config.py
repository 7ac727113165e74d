"""Configuration from the environment: the embedded default needs none of it."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    database: str = "casus.db"  # SQLite file for the embedded default
    redis_url: str | None = None  # set -> Redis event store and RQ jobs
    jobs_redis_url: str | None = None  # RQ's Redis when it is not REDIS_URL (needed when that is a cluster)
    redis_prefix: str = "casus"  # every Redis key and RQ queue of this deployment (tests use their own)
    snapshot_every: int = 100  # a cold load folds at most 99 events after the newest snapshot
    max_body_bytes: int = 256 * 1024
    sse_heartbeat_seconds: float = 15.0
    sse_max_seconds: float = 3600.0
    sse_poll_seconds: float = 0.01  # how often a process looks for new events of followed games
    stream_token_seconds: int = 300  # lifetime of a browser's ?stream_token=
    cors_origins: tuple[str, ...] = ()  # allowed browser origins; none: no CORS headers at all
    # Rate limits ("30 per minute"; "" for none). Built in code (tests, tools) there are none; a
    # served app reads the environment, whose defaults below limit every client.
    rate_limit_create: str = ""  # POST /games, per client address
    rate_limit_commands: str = ""  # POST /games/{id}/commands, per client address and seat token
    extra_rulesets: tuple[str, ...] = ()  # modules exposing RULESET, e.g. a test ruleset
    job_retries: int = 5  # RQ retries of a job that failed or whose worker died
    job_timeout: int = 300  # seconds a job may run before RQ stops it (and retries it)
    worker_maintenance_seconds: int = 30  # how often a worker looks for jobs of dead workers
    worker_grace_seconds: int = 60  # a started job whose heartbeat is this late is retried
    worker_stale_seconds: float = 60.0  # a job dequeued but not started this long is retried

    @property
    def jobs_url(self) -> str | None:
        """RQ does not support Redis Cluster: with a cluster store, jobs need a single Redis."""
        return self.jobs_redis_url or self.redis_url

    @classmethod
    def from_env(cls, **overrides) -> "Config":
        env = os.environ
        values = dict(
            database=env.get("CASUS_DB", cls.database),
            redis_url=env.get("REDIS_URL") or None,
            redis_prefix=env.get("CASUS_REDIS_PREFIX", cls.redis_prefix),
            jobs_redis_url=env.get("CASUS_JOBS_REDIS_URL") or None,
            snapshot_every=int(env.get("CASUS_SNAPSHOT_EVERY", cls.snapshot_every)),
            max_body_bytes=int(env.get("CASUS_MAX_BODY_BYTES", cls.max_body_bytes)),
            sse_poll_seconds=float(env.get("CASUS_SSE_POLL_SECONDS", cls.sse_poll_seconds)),
            stream_token_seconds=int(env.get("CASUS_STREAM_TOKEN_SECONDS", cls.stream_token_seconds)),
            cors_origins=tuple(o.strip() for o in env.get("CASUS_CORS_ORIGINS", "").split(",") if o.strip()),
            rate_limit_create=_limit(env.get("CASUS_RATE_LIMIT_CREATE", SERVED_CREATE_LIMIT)),
            rate_limit_commands=_limit(env.get("CASUS_RATE_LIMIT_COMMANDS", SERVED_COMMANDS_LIMIT)),
            extra_rulesets=tuple(m for m in env.get("CASUS_EXTRA_RULESETS", "").split(",") if m),
            job_retries=int(env.get("CASUS_JOB_RETRIES", cls.job_retries)),
            job_timeout=int(env.get("CASUS_JOB_TIMEOUT", cls.job_timeout)),
            worker_maintenance_seconds=int(env.get("CASUS_WORKER_MAINTENANCE_SECONDS", cls.worker_maintenance_seconds)),
            worker_grace_seconds=int(env.get("CASUS_WORKER_GRACE_SECONDS", cls.worker_grace_seconds)),
            worker_stale_seconds=float(env.get("CASUS_WORKER_STALE_SECONDS", cls.worker_stale_seconds)),
        )
        values.update(overrides)
        return cls(**values)


SERVED_CREATE_LIMIT = "30 per minute"
SERVED_COMMANDS_LIMIT = "30 per second"


def _limit(text: str) -> str:
    return "" if text.strip().lower() in ("", "off", "none") else text
