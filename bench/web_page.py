"""The game page's server time for a long Days of Decision III game (all 66 turns, ~4,500 events)
against GET /games/{id}/state of the same game, measured in the same run.

The game is played through a real ``casus serve`` (bench/dod3_turns.py's script); the pages are
then timed in this process through Flask's test client on the same SQLite file (the server's own
time: no network, no browser), interleaved with the baseline, median of ``--rounds``. Also the
page at a past version (time travel), the seat's refreshable part, the charts and the audit:
as a repeat view (what the process keeps of the log's prefix: the charts' walk, the verified
prefix, the export's cut) and as a first view (all of that forgotten before each request)."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.dod3_turns import Table, play_game
from bench.http import ROOT, UNLIMITED, Server, free_port

BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def timed(client, path: str, headers: dict, forget=None) -> float:
    if forget is not None:
        forget()
    started = time.perf_counter()
    response = client.get(path, headers=headers)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"{path}: {response.status_code} {response.get_data(as_text=True)[:300]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=66)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), **UNLIMITED}
    env.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "dod3.db")
        env["CASUS_DB"] = database
        port = free_port()
        server = Server("casus-serve", [sys.executable, "-m", "service.cli", "serve", "--port", str(port)], port, env,
                        Path(folder))
        try:
            table = Table(f"http://127.0.0.1:{port}")
            play_game(table, args.turns)
        finally:
            server.stop()
        from service.config import Config
        from service.http.app import create_app

        app = create_app(Config(database=database))
        client = app.test_client()
        game = table.game_id
        auth = {"Authorization": table.sessions["player1"].headers["Authorization"]}
        past = table.version // 2
        from service.http import export_api
        from service.web import audit, charts

        def forget_walks() -> None:
            charts.WALKS.clear()
            charts.DRAWN.clear()

        def forget_checks() -> None:
            audit.VERIFIED.clear()
            export_api._PREFIXES = export_api._Prefixes()

        cases = {
            "game page (spectator, now)": (f"/games/{game}", BROWSER, None),
            f"game page at version {past} (time travel)": (f"/games/{game}?at={past}", BROWSER, None),
            "seat's part (player1, now)": (f"/table/games/{game}/parts", {**BROWSER, **auth}, None),
            "charts page (repeat view)": (f"/table/games/{game}/charts", BROWSER, None),
            "charts page (first view)": (f"/table/games/{game}/charts", BROWSER, forget_walks),
            "audit page (repeat view)": (f"/table/games/{game}/audit", BROWSER, None),
            "audit page (first view)": (f"/table/games/{game}/audit", BROWSER, forget_checks),
        }
        baseline_path = f"/games/{game}/state"
        for path, headers, _ in [*cases.values(), (baseline_path, {}, None)]:
            timed(client, path, headers)  # warm-up: caches, templates, the pack
        baseline: list[float] = []
        results: dict[str, list[float]] = {name: [] for name in cases}
        ratios: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.rounds):
            for name, (path, headers, forget) in cases.items():
                base = timed(client, baseline_path, {})
                page = timed(client, path, headers, forget)
                baseline.append(base)
                results[name].append(page)
                ratios[name].append(page / base)
    state_ms = statistics.median(baseline) * 1000
    print(f"DoD III, {args.turns} turns: {table.version} events; GET state (spectator) {state_ms:.1f} ms "
          f"(median of {len(baseline)})")
    for name in cases:
        ms = statistics.median(results[name]) * 1000
        print(f"{name:42s} {ms:8.1f} ms  ratio to GET state {statistics.median(ratios[name]):6.1f} "
              f"(rounds {min(ratios[name]):.1f}-{max(ratios[name]):.1f})")


if __name__ == "__main__":
    main()
