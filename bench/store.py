"""Appends per second for each event store backend, against a raw loop on the same engine.

Target: EventStore.append (one event per append, the expected version each time) >= 0.8 of raw.

SQLite: append (version check, hash chain, one autocommit transaction) vs a raw single-row
INSERT per autocommit transaction with the store's pragmas, into the table the target was set
against (AUTOINCREMENT: each commit writes two b-trees, the table and sqlite_sequence, as an
append writes the table and its (game_id, version) index). The ratio to a bare rowid table (one
b-tree) is printed too, for information. Redis: append (one EVALSHA) vs a raw XADD loop on the
store's own client. Both loops run in this process in alternating blocks (raw, store, raw, ...),
so load from elsewhere on the machine falls on both alike; a round's ratio is its store rate over
its raw rate, and the median round is quoted with the range."""
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
from events.sqlite_store import PRAGMAS, SQLiteEventStore

BLOCK = 250  # appends per block: long enough to time, short enough to share the machine's moods


def event(n: int) -> NewEvent:
    return NewEvent(type="PointsAdded", data={"power": "N", "amount": n}, actor="north", event_id=uuid.uuid4().hex,
                    recorded_at="2026-01-01T00:00:00+00:00", ruleset="tiny", ruleset_version="1")


def alternate(count: int, loops: dict) -> dict[str, float]:
    """Operations/s of each named loop (called with 0..count-1), timing blocks of each in turn."""
    spent = dict.fromkeys(loops, 0.0)
    for start in range(0, count, BLOCK):
        for name, one in loops.items():
            began = time.perf_counter()
            for n in range(start, min(start + BLOCK, count)):
                one(n)
            spent[name] += time.perf_counter() - began
    return {name: count / seconds for name, seconds in spent.items()}


def bench_sqlite(count: int, folder: str, round_: int) -> dict[str, float]:
    store = SQLiteEventStore(os.path.join(folder, f"store-{round_}.db"))
    events = [event(n) for n in range(count)]
    conn = sqlite3.connect(os.path.join(folder, f"raw-{round_}.db"), isolation_level=None)
    for pragma in PRAGMAS:
        conn.execute(pragma)
    conn.execute("CREATE TABLE raw (position INTEGER PRIMARY KEY AUTOINCREMENT, body BLOB NOT NULL)")
    conn.execute("CREATE TABLE bare (position INTEGER PRIMARY KEY, body BLOB NOT NULL)")
    bodies = [orjson.dumps(e.__dict__) for e in events]
    try:
        return alternate(count, {
            "raw": lambda n: conn.execute("INSERT INTO raw (body) VALUES (?)", (bodies[n],)),
            "store": lambda n: store.append("bench", [events[n]], expected_version=n),
            "bare": lambda n: conn.execute("INSERT INTO bare (body) VALUES (?)", (bodies[n],)),
        })
    finally:
        conn.close()
        store.close()


def bench_redis(count: int, url: str) -> dict[str, float]:
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    store = RedisEventStore(url, prefix=prefix)
    client = store.redis  # the raw loop uses the store's own client (and connection pool)
    events = [event(n) for n in range(count)]
    bodies = [orjson.dumps(e.__dict__) for e in events]
    raw_key = f"{prefix}:raw"
    try:
        return alternate(count, {
            "raw": lambda n: client.xadd(raw_key, {"b": bodies[n]}),
            "store": lambda n: store.append("bench", [events[n]], expected_version=n),
        })
    finally:
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
        store.close()


def report(name: str, baseline: str, runs: list[dict[str, float]], against: str = "raw",
           note: str = "target >= 0.8") -> None:
    ratios = sorted(run["store"] / run[against] for run in runs)
    print(f"{name:7} store {statistics.median(r['store'] for r in runs):9.0f}/s  "
          f"{baseline} {statistics.median(r[against] for r in runs):9.0f}/s  ratio {statistics.median(ratios):.2f}  "
          f"(median of {len(runs)} rounds, {ratios[0]:.2f}-{ratios[-1]:.2f}; {note})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        runs = [bench_sqlite(args.count, folder, r) for r in range(args.rounds)]
    report("sqlite", "raw insert", runs)
    report("", "bare insert", runs, against="bare", note="for information: one b-tree, the log needs two")
    try:
        report("redis", "raw XADD  ", [bench_redis(args.count, args.redis_url) for _ in range(args.rounds)])
    except redis.ConnectionError:
        print("redis   skipped: no Redis at", args.redis_url)


if __name__ == "__main__":
    main()
