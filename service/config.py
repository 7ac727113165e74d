"""Configuration from the environment: the embedded default needs none of it."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    database: str = "casus.db"  # SQLite file for the embedded default
    redis_url: str | None = None  # set -> Redis event store and RQ jobs
    redis_prefix: str = "casus"  # key prefix of the event store (tests use their own)
    jobs_redis_url: str | None = None  # RQ's Redis when it is not REDIS_URL (needed when that is a cluster)
    snapshot_every: int = 100  # a cold load folds at most 99 events after the newest snapshot
    max_body_bytes: int = 256 * 1024
    sse_heartbeat_seconds: float = 15.0
    sse_max_seconds: float = 3600.0
    extra_rulesets: tuple[str, ...] = ()  # modules exposing RULESET, e.g. a test ruleset

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
            extra_rulesets=tuple(m for m in env.get("CASUS_EXTRA_RULESETS", "").split(",") if m),
        )
        values.update(overrides)
        return cls(**values)
