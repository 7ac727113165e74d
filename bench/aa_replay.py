"""Replaying the golden whole game of Axis & Allies Revised (issue 23): the fold of its log from the
stored bytes (parse the envelope, decode the event, ``evolve``: what a cold load does), against
folding the same number of tiny-ruleset events (bench/fold.py's) in this run, on this machine.

The log is tests/golden/aa-revised-game.jsonl: three rounds of five powers, every event after
``GameCreated`` (a whole game's events carry the spaces they changed, and its state is the board).
Each measurement folds the log ``--repeat`` times; rounds interleave the two, so load on the machine
hits both alike. Prints the median of ``--rounds``: events/s of each, and the ratio (how many
times longer an event of the whole game takes to fold than a tiny one)."""
from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import orjson

from bench.fold import fold_rate, stored_bodies
from events.envelope import Envelope, NewEvent
from events.sqlite_store import open_sqlite
from service.games import GameService

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "aa-revised-game.jsonl"
STORED = ("type", "data", "actor", "schema_version", "event_id", "command_id", "correlation_id", "recorded_at",
          "ruleset", "ruleset_version", "visibility", "reveals", "salt")


def golden_bodies(log: Path) -> tuple[GameService, str, list[bytes]]:
    """A store holding the golden game's ``GameCreated`` (as ``casus import`` writes it), and the
    bytes of the rest of its log."""
    lines = [line for line in log.read_bytes().splitlines() if line.strip()]
    created = Envelope.from_dict(orjson.loads(lines[0]))
    folder = tempfile.mkdtemp(prefix="casus-aa-replay-")
    service = GameService(open_sqlite(str(Path(folder) / "replay.db")), snapshot_every=10**9)
    stored = service.store.append(created.game_id, [NewEvent(**{f: getattr(created, f) for f in STORED})],
                                  expected_version=0)
    assert stored.events[0].hash == created.hash, "the golden log's first event did not store as exported"
    return service, created.game_id, lines[1:]


def rate(service: GameService, game_id: str, bodies: list[bytes], repeat: int) -> float:
    """Events folded per second over ``repeat`` folds of the whole log."""
    rates = [fold_rate(service, game_id, bodies) for _ in range(repeat)]
    return len(rates) / sum(1 / r for r in rates)  # total events over total time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, default=GOLDEN)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20, help="folds of the log per measurement")
    args = parser.parse_args()
    aa_service, aa_game, aa_bodies = golden_bodies(args.log)
    tiny_service, tiny_game, tiny_bodies = stored_bodies(len(aa_bodies))
    aa_rates, tiny_rates, ratios = [], [], []
    for _ in range(args.rounds):
        tiny_rates.append(rate(tiny_service, tiny_game, tiny_bodies, args.repeat))
        aa_rates.append(rate(aa_service, aa_game, aa_bodies, args.repeat))
        ratios.append(tiny_rates[-1] / aa_rates[-1])
    aa, tiny = statistics.median(aa_rates), statistics.median(tiny_rates)
    print(f"golden game ({len(aa_bodies)} events) {aa:9.0f} events/s ({1000 * len(aa_bodies) / aa:.1f} ms a replay)  "
          f"tiny ruleset {tiny:9.0f} events/s  ratio {statistics.median(ratios):.1f}x  "
          f"(median of {args.rounds}, {args.repeat} folds each)")


if __name__ == "__main__":
    main()
