"""Benchmark: exact battle odds (dynamic programming) against the seeded Monte Carlo mode.

For mixed Global 1940 land battles of 5v5, 20v20 and 40v40 units, in one run: CPU time of the
exact odds and of 10,000 Monte Carlo runs (the baseline), their ratio (target: exact <= 0.1 of
Monte Carlo at 20v20 and 40v40), the largest outcome-probability difference (also in Monte Carlo
standard errors), battle states visited, the exact odds' peak memory (tracemalloc, in a separate
run so tracing does not slow the timed one), and the exponent of memory growth with army size
(least-squares slope of log peak memory over log army size). Times are CPU seconds, the best of
--repeats runs each for both methods. A second table, for information and
without a target, does the same for mixed sea battles (subs, destroyers, carriers, transports,
aircraft), whose restricted hits make far more states than land battles.

Run: PYTHONPATH=/work/main /work/venv/bin/python bench/odds.py [--runs 10000] [--seed 1]
"""
from __future__ import annotations

import argparse
import gc
import math
import time
import tracemalloc

from domain import registry
from domain.aa.combat import BattleKind, BattleModel, BattleOptions, Forces, battle_odds, monte_carlo
from service.packs import default_pack

SIZES = (5, 20, 40)
SEA_SIZES = (5, 10, 20)
TARGET_RATIO = 0.1
OUTCOMES = ("attacker_wins", "defender_wins", "mutual_destruction", "stalemate")
# Shares of each army (the defender also holds one AA gun, counted in its size).
ATTACKER_MIX = {"infantry": 0.4, "artillery": 0.2, "armour": 0.2, "fighter": 0.1, "tactical_bomber": 0.1}
DEFENDER_MIX = {"infantry": 0.5, "artillery": 0.1, "armour": 0.2, "fighter": 0.2}
SEA_ATTACKER_MIX = {"submarine": 0.25, "destroyer": 0.25, "cruiser": 0.125, "battleship": 0.125, "fighter": 0.25}
SEA_DEFENDER_MIX = {"submarine": 0.2, "destroyer": 0.2, "carrier": 0.2, "fighter": 0.2, "transport": 0.2}


def army(size: int, mix: dict[str, float], reserved: int = 0) -> dict[str, int]:
    """``size`` units in the given shares (largest remainders), ``reserved`` of them left out."""
    total = size - reserved
    exact = {unit: share * total for unit, share in mix.items()}
    counts = {unit: int(value) for unit, value in exact.items()}
    for unit in sorted(exact, key=lambda u: counts[u] - exact[u])[: total - sum(counts.values())]:
        counts[unit] += 1
    return {unit: n for unit, n in counts.items() if n}


def model_for(pack, size: int) -> BattleModel:
    defender = army(size, DEFENDER_MIX, reserved=1)
    defender["aa_gun"] = 1
    forces = Forces(BattleKind.LAND, army(size, ATTACKER_MIX), defender)
    return BattleModel(pack, forces, BattleOptions())


def sea_model_for(pack, size: int) -> BattleModel:
    forces = Forces(BattleKind.SEA, army(size, SEA_ATTACKER_MIX), army(size, SEA_DEFENDER_MIX))
    return BattleModel(pack, forces, BattleOptions())


def timed(fn, repeats: int):
    """(result, CPU seconds): the best of ``repeats`` runs of process time, so other work on the
    machine skews the ratio less; both sides of the ratio get the same number of repeats."""
    best = None
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        result = fn()
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return result, best


def peak_memory(make_model, pack, size: int) -> int:
    """Peak bytes allocated while computing the exact odds (fresh model: no warm caches)."""
    gc.collect()
    tracemalloc.start()
    battle_odds(make_model(pack, size))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def slope(xs, ys) -> float:
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def table(pack, make_model, sizes, runs: int, seed: int, repeats: int, target: bool) -> bool:
    """One row per army size; returns whether the time target holds (when it applies)."""
    header = (f"{'size':>7} {'exact s':>9} {'MC s':>8} {'ratio':>7} {'max |dp|':>9} {'in SE':>6} "
              f"{'P(att wins)':>11} {'states':>7} {'peak MiB':>9}")
    print(header)
    print("-" * len(header))
    peaks, ok = [], True
    for size in sizes:
        exact, t_exact = timed(lambda: battle_odds(make_model(pack, size)), repeats)
        sampled, t_mc = timed(lambda: monte_carlo(make_model(pack, size), runs, seed), repeats)
        worst, outcome = max((abs(float(exact.probability(o)) - sampled.probability(o)), o) for o in OUTCOMES)
        p = float(exact.probability(outcome))
        se = math.sqrt(p * (1 - p) / runs) or float("nan")
        peak = peak_memory(make_model, pack, size)
        peaks.append(peak)
        ratio = t_exact / t_mc
        if target and size >= 20:
            ok = ok and ratio <= TARGET_RATIO
        print(f"{size:>3}v{size:<3} {t_exact:>9.4f} {t_mc:>8.2f} {ratio:>7.4f} {worst:>9.5f} {worst / se:>6.2f} "
              f"{exact.attacker_wins:>11.5f} {exact.states:>7} {peak / 2**20:>9.2f}")
    print("-" * len(header))
    print(f"memory growth exponent (least squares, log peak vs log size, sizes {sizes}): {slope(sizes, peaks):.2f}")
    print(f"memory growth exponent ({sizes[-2]} -> {sizes[-1]}): "
          f"{math.log(peaks[-1] / peaks[-2]) / math.log(sizes[-1] / sizes[-2]):.2f}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="timings are the best of this many runs")
    args = parser.parse_args()
    pack = default_pack(registry.get("aa-global1940"))
    print(f"exact odds vs Monte Carlo ({args.runs:,} runs, seed {args.seed}), Global 1940 land battles; "
          f"CPU seconds, best of {args.repeats}")
    print(f"attacker mix {ATTACKER_MIX}; defender mix {DEFENDER_MIX} + 1 AA gun")
    ok = table(pack, model_for, SIZES, args.runs, args.seed, args.repeats, target=True)
    print(f"target exact <= {TARGET_RATIO} x Monte Carlo time at 20v20 and 40v40: {'met' if ok else 'NOT met'}")
    print()
    print("for information (no target): Global 1940 sea battles")
    print(f"attacker mix {SEA_ATTACKER_MIX}; defender mix {SEA_DEFENDER_MIX}")
    table(pack, sea_model_for, SEA_SIZES, args.runs, args.seed, args.repeats, target=False)


if __name__ == "__main__":
    main()
