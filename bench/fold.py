"""Events folded per second into game state, against raw ``orjson.loads`` of the same events.

The fold is the full read path from stored bytes: parse the envelope, decode the event into its
dataclass (upcasters included), ``evolve``. The baseline only parses the same bytes. Both are
measured in this run, on this machine. Target: >= 0.3."""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import orjson

from domain import registry
from events.envelope import Envelope, NewEvent, chain
from projections.timeline import READ_PAGE, Timeline, bulk_read
from service.games import GameService
from events.sqlite_store import open_sqlite
from tests.support import tiny_ruleset

registry.register(tiny_ruleset.RULESET)


def stored_bodies(count: int) -> tuple[GameService, str, list[bytes]]:
    """A tiny game with ``count`` PointsAdded events, as the bytes a store holds."""
    folder = tempfile.mkdtemp(prefix="casus-fold-")
    service = GameService(open_sqlite(str(Path(folder) / "fold.db")), snapshot_every=10**9)
    game_id = service.create_game("tiny", {"north": ["N"], "south": ["S"]}, {}).game_id
    created = service.store.read(game_id)[0]
    events = [NewEvent(type="PointsAdded", data={"power": "NS"[n % 2], "amount": 1 + n % 5}, actor="north",
                       event_id=uuid.uuid4().hex, command_id=uuid.uuid4().hex, correlation_id=uuid.uuid4().hex,
                       recorded_at="2026-01-01T00:00:00.000000+00:00", ruleset="tiny", ruleset_version="1")
              for n in range(count)]
    bodies = [orjson.dumps(b) for b in chain(game_id, 2, created.hash, events)]
    return service, game_id, bodies


def fold_rate(service: GameService, game_id: str, bodies: list[bytes]) -> float:
    timeline: Timeline = service.timeline
    rules = timeline.rules(game_id)
    start = timeline.load(game_id)  # the GameCreated state
    started = time.perf_counter()
    state = start
    with bulk_read(len(bodies)):  # as Timeline.load reads a long log: READ_PAGE events a query
        for first in range(0, len(bodies), READ_PAGE):
            page = bodies[first:first + READ_PAGE]
            state = timeline.fold(rules, state, [Envelope.from_json(body, n) for n, body in enumerate(page, first + 2)])
    elapsed = time.perf_counter() - started
    assert state.version == len(bodies) + 1
    return len(bodies) / elapsed


def parse_rate(bodies: list[bytes]) -> float:
    started = time.perf_counter()
    for body in bodies:
        orjson.loads(body)
    return len(bodies) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    service, game_id, bodies = stored_bodies(args.events)
    ratios, folds, parses = [], [], []
    for _ in range(args.rounds):  # interleaved, so load on the machine hits both alike
        parses.append(parse_rate(bodies))
        folds.append(fold_rate(service, game_id, bodies))
        ratios.append(folds[-1] / parses[-1])
    print(f"fold {statistics.median(folds):10.0f} events/s  orjson.loads {statistics.median(parses):10.0f} events/s  "
          f"ratio {statistics.median(ratios):.2f}  (median of {args.rounds}; target >= 0.3)")


if __name__ == "__main__":
    main()
