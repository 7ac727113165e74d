"""Loading a game's state: a 100,000-event game against a 100-event game, both cold (a fresh
service: no cache). The big game loads its newest snapshot and folds the tail after it (best
case: none; worst case: snapshot_every - 1 events); the small one folds all its 100 events.
Target: the big game costs at most 2x the small one, and peak memory stays flat."""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path

from domain import registry
from events.envelope import NewEvent
from events.sqlite_store import open_sqlite
from events.store import Stores
from service.games import GameService
from service.jobs import replay_game
from service.bootstrap import Services
from service.config import Config
from tests.support import tiny_ruleset

registry.register(tiny_ruleset.RULESET)
SNAPSHOT_EVERY = Config.snapshot_every


def build_game(stores: Stores, events: int) -> str:
    service = GameService(stores, snapshot_every=SNAPSHOT_EVERY)
    store = stores.events
    game_id = service.create_game("tiny", {"north": ["N"], "south": ["S"]}, {}).game_id
    version = 1
    while version < events:
        batch = [NewEvent(type="PointsAdded", data={"power": "NS"[n % 2], "amount": 1}, actor="north",
                          event_id=uuid.uuid4().hex, recorded_at="2026-01-01T00:00:00+00:00",
                          ruleset="tiny", ruleset_version="1")
                 for n in range(min(1000, events - version))]
        version = store.append(game_id, batch, expected_version=version).last_version
    # Snapshots are written as the log is folded: the replay job does that once.
    replay_game(game_id, services=Services(Config(), service, None))
    return game_id


def cold_service(stores: Stores, game_id: str, snapshots: bool = True) -> GameService:
    service = GameService(stores, snapshot_every=SNAPSHOT_EVERY, read_snapshots=snapshots)
    service.timeline.rules(game_id)  # resolving the ruleset is a one-off per process, not a load
    return service


def cold_load(stores: Stores, game_id: str, snapshots: bool) -> tuple[float, int]:
    """Time without tracing (tracemalloc slows every allocation), then peak memory traced."""
    service = cold_service(stores, game_id, snapshots)
    started = time.perf_counter()
    state = service.load(game_id)
    elapsed = time.perf_counter() - started
    assert state.version == stores.events.version(game_id)
    service = cold_service(stores, game_id, snapshots)
    tracemalloc.start()
    service.load(game_id)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return elapsed, peak


def measure(store, game_id, rounds: int, snapshots: bool = True) -> tuple[float, int]:
    runs = [cold_load(store, game_id, snapshots) for _ in range(rounds)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = open_sqlite(str(Path(folder) / "load.db"))
        small = build_game(store, args.small)
        big = build_game(store, args.big)
        tail = build_game(store, args.big + SNAPSHOT_EVERY - 1)  # worst case: longest tail after a snapshot
        # The baseline folds its 100 events from the first one (as if it had no snapshot).
        small_t, small_mem = measure(store, small, args.rounds, snapshots=False)
        for label, game, events in (("big", big, args.big), ("big+tail", tail, args.big + SNAPSHOT_EVERY - 1)):
            t, mem = measure(store, game, args.rounds)
            print(f"{label:8} {events:7d} events: {t * 1000:7.2f} ms, peak {mem / 1024:7.1f} KiB | "
                  f"small {args.small} events: {small_t * 1000:6.2f} ms, peak {small_mem / 1024:6.1f} KiB | "
                  f"time ratio {t / small_t:.2f} (target <= 2), memory ratio {mem / small_mem:.2f}")


if __name__ == "__main__":
    main()
