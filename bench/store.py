"""Appends per second for each event store backend, against a raw loop on the same engine.

SQLite: EventStore.append (version check, hash chain, one transaction per append) vs a raw
single-row INSERT per transaction with the same pragmas. Redis: EventStore.append (one Lua call)
vs a raw XADD loop. Both baselines run in this process, in this run. Target: >= 0.5 of raw."""
from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
import uuid

import orjson
import redis

from events.envelope import NewEvent
from events.redis_store import RedisEventStore
from events.sqlite_store import SQLiteEventStore


def event(n: int) -> NewEvent:
    return NewEvent(type="PointsAdded", data={"power": "N", "amount": n}, actor="north", event_id=uuid.uuid4().hex,
                    recorded_at="2026-01-01T00:00:00+00:00", ruleset="tiny", ruleset_version="1")


def per_second(count: int, run) -> float:
    started = time.perf_counter()
    run()
    return count / (time.perf_counter() - started)


def bench_sqlite(count: int, folder: str, round_: int) -> tuple[float, float]:
    store = SQLiteEventStore(os.path.join(folder, f"store-{round_}.db"))
    events = [event(n) for n in range(count)]

    def store_loop():
        for n, e in enumerate(events):
            store.append("bench", [e], expected_version=n)

    conn = sqlite3.connect(os.path.join(folder, f"raw-{round_}.db"), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE raw (position INTEGER PRIMARY KEY AUTOINCREMENT, body BLOB NOT NULL)")
    bodies = [orjson.dumps(e.__dict__) for e in events]

    def raw_loop():
        for body in bodies:
            conn.execute("INSERT INTO raw (body) VALUES (?)", (body,))

    raw = per_second(count, raw_loop)
    return per_second(count, store_loop), raw


def bench_redis(count: int, url: str) -> tuple[float, float]:
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    store = RedisEventStore(url, prefix=prefix)
    events = [event(n) for n in range(count)]
    client = redis.Redis.from_url(url)
    bodies = [orjson.dumps(e.__dict__) for e in events]

    def store_loop():
        for n, e in enumerate(events):
            store.append("bench", [e], expected_version=n)

    def raw_loop():
        for body in bodies:
            client.xadd(f"{prefix}:raw", {"b": body})

    try:
        raw = per_second(count, raw_loop)
        return per_second(count, store_loop), raw
    finally:
        for key in client.scan_iter(f"{prefix}*"):
            client.delete(key)


def report(name: str, baseline: str, runs: list[tuple[float, float]]) -> None:
    store = statistics.median(r[0] for r in runs)
    raw = statistics.median(r[1] for r in runs)
    ratio = statistics.median(r[0] / r[1] for r in runs)
    print(f"{name:7} store {store:9.0f}/s  {baseline} {raw:9.0f}/s  ratio {ratio:.2f}  "
          f"(median of {len(runs)} interleaved rounds; target >= 0.5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report("sqlite", "raw insert", [bench_sqlite(args.count, folder, r) for r in range(args.rounds)])
    try:
        report("redis", "raw XADD  ", [bench_redis(args.count, args.redis_url) for _ in range(args.rounds)])
    except redis.ConnectionError:
        print("redis   skipped: no Redis at", args.redis_url)


if __name__ == "__main__":
    main()
