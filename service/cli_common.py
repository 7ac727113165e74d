"""What every ``casus`` command shares: its one-line errors, the services over the store it reads
(refusing a store that is not there), and a Redis that does not answer said plainly. Nothing here
imports redis at module level: `casus serve` must patch sockets (gevent) before anything does."""
from __future__ import annotations

import os
from pathlib import Path


def redis_down(error: Exception) -> bool:
    # redis is imported here, not at the top: `casus serve` must patch sockets (gevent) before
    # anything imports them.
    import redis

    return isinstance(error, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError))


class CommandError(Exception):
    """A command that cannot do what it was asked: said in one line, never a traceback."""

    exit_code = 1


class NoStore(CommandError):
    """The store a command reads is not there (the wrong folder, or CASUS_DB unset)."""

    exit_code = 2


class Queues:
    """``--queue``'s choices, service.jobs.QUEUES, imported only when asked (the help, or a
    --queue to check): importing it imports redis, which `casus serve` must not do before gevent
    patches sockets. With a metavar, argparse does not list the choices while building."""

    def __iter__(self):
        from service.jobs import QUEUES

        return iter(QUEUES)

    def __contains__(self, name) -> bool:
        return name in tuple(self)


def redis_where() -> str:
    """REDIS_URL without its password, for an error line."""
    from urllib.parse import urlsplit

    url = urlsplit(os.environ.get("REDIS_URL", ""))
    return f"{url.hostname}:{url.port or 6379}" if url.hostname else "REDIS_URL"


def require_store(config) -> None:
    """Before starting a long-running process: a store that does not answer is one clear line."""
    if config.redis_url:
        import redis

        redis.Redis.from_url(config.redis_url, socket_connect_timeout=5).ping()


def open_services():
    from service import bootstrap

    return bootstrap.from_env()


def open_existing_services(why: str = ""):
    """The services over a store that exists. A command that reads games refuses a SQLite file
    that is not there: opening it would create an empty database, and the game asked for would
    seem not to exist."""
    from service.config import Config

    config = Config.from_env()
    if not config.redis_url and not Path(config.database).is_file():
        raise NoStore(f"no store at {Path(config.database).resolve()}{why}: run it where the server keeps its "
                      f"database, or set CASUS_DB to that file (or REDIS_URL)")
    return open_services()
