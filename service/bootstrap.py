"""Wiring, in one place: config -> store, game service, job runner."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

from domain import registry
from events.envelope import Envelope
from service import jobs as job_module
from service.config import Config
from service.games import GameService
from service.jobs import follow_ups
from service.notify.scheduler import wire_schedule
from service.notify.webhooks import wire_webhooks


@dataclass
class Services:
    config: Config
    games: GameService
    jobs: object  # InProcessJobs | RQJobs
    scheduler: object = None  # InProcessScheduler | RQScheduler (service/scheduler.py)
    webhooks: object = None  # service/webhooks.py

    @property
    def store_kind(self) -> str:
        return "redis" if self.config.redis_url else "sqlite"


def build(config: Config) -> Services:
    for module in config.extra_rulesets:
        registry.register(importlib.import_module(module).RULESET)
    if config.redis_url:
        from events.redis_store import open_redis

        stores = open_redis(config.redis_url, prefix=config.redis_prefix)
        if stores.events.clustered and not config.jobs_redis_url:
            raise ValueError("REDIS_URL is a Redis Cluster, which RQ cannot use: "
                             "set CASUS_JOBS_REDIS_URL to a single Redis for the job queues")
    else:
        from events.sqlite_store import open_sqlite

        stores = open_sqlite(config.database)
    games = GameService(stores, snapshot_every=config.snapshot_every)
    services = Services(config, games, None)
    services.jobs = (job_module.RQJobs(config.jobs_url, config.redis_prefix, config.job_retries, config.job_timeout)
                     if config.redis_url
                     else job_module.InProcessJobs(services, config.database))

    def start_follow_ups(game_id: str, rules, envelopes: list[Envelope], events: list) -> None:
        """A ruleset may ask for background work after some events (e.g. a battle to fight)."""
        follow_ups.start(services, game_id, rules, envelopes, events)

    games.listeners.append(start_follow_ups)
    wire_schedule(services)
    wire_webhooks(services)
    return services


@lru_cache(maxsize=1)
def from_env() -> Services:
    """The process-wide services of a worker (the web app builds its own in create_app)."""
    return build(Config.from_env())


job_module.provide_services(from_env)
