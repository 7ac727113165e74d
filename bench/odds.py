"""Benchmark: exact battle odds against a vectorised numpy Monte Carlo of the same battles.

Land (the target): mixed Global 1940 land battles of 5v5 to 100v100 units. For each: CPU time of
the exact odds (float path; the Fraction path is the tests' reference) and of 10,000 Monte Carlo
runs vectorised over runs with numpy (the baseline, measured in the same run), their ratio
(target: exact <= 1 x Monte Carlo at 20v20 and 40v40; exact < 0.1 s at 100v100), the largest
outcome-probability difference (also in Monte Carlo standard errors), battle states visited and
the exact odds' peak memory. Then time-to-accuracy: the Monte Carlo runs (and seconds, at the
measured rate) needed to be within 1e-4 of every exact outcome probability at 99% confidence.
Sea (target: exact < 0.5 s at 30v30): mixed sea battles (subs, destroyers, carriers, transports,
aircraft), exact time and states.

The Monte Carlo baseline is honest: every run rolls its own dice (binomial draws per hit
number, numpy's PCG64), AA fire first, then rounds until one side is gone, casualties by the
engine's own order of loss (``SideModel.assign``, tabulated once per battle, table time counted).
Times are CPU seconds, the best of --repeats runs each, single-threaded BLAS (a shared machine).

Run from the repository root: .venv/bin/python -m bench.odds [--runs 10000] [--seed 1]
"""
from __future__ import annotations

import os

# Both methods single-threaded: OpenBLAS threads spin on a shared machine and CPU time counts them.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import gc  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402

import numpy as np  # noqa: E402

from domain import registry  # noqa: E402
from domain.aa.combat import BattleKind, BattleModel, BattleOptions, Forces, battle_odds  # noqa: E402
from domain.aa.units import AaMode  # noqa: E402
from service.packs import default_pack  # noqa: E402

SIZES = (5, 20, 40, 100)
SEA_SIZES = (5, 10, 20, 30)
RATIO_TARGET_SIZES = (20, 40)
LAND_100_TARGET_S = 0.1
SEA_30_TARGET_S = 0.5
ACCURACY, CONFIDENCE_Z = 1e-4, 2.5758  # within 1e-4 at 99% (two-sided normal quantile)
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


# -- the vectorised Monte Carlo baseline --------------------------------------------------------

class _Table:
    """One side's states from its starts, in chain blocks: dice per hit chance, room, alive."""

    def __init__(self, side, starts, sides: int):
        states, left = [], []
        self.offset = []
        for start in starts:
            self.offset.append(len(states))
            hp = side.hit_points(start)
            states += [start] + [side.assign(start, (0, 0, k)) for k in range(1, hp + 1)]
            left += list(range(hp, -1, -1))
        chances: dict[float, int] = {}
        dice = []
        for s in states:
            row: dict[int, int] = {}
            for shot in side.shots(s, False, False):
                p = 1 - (1 - shot.needed / sides) ** shot.dice if shot.best else shot.needed / sides
                column = chances.setdefault(p, len(chances))
                row[column] = row.get(column, 0) + (shot.count if shot.best else shot.count * shot.dice)
            dice.append(row)
        self.chances = np.array(list(chances))
        self.dice = np.zeros((len(states), len(chances)), dtype=np.int64)
        for i, row in enumerate(dice):
            for column, n in row.items():
                self.dice[i, column] = n
        self.left = np.array(left)
        self.alive = np.array([side.alive(s) for s in states])
        self.silent = self.dice.sum(axis=1) == 0

    def hits(self, rng, pos: np.ndarray) -> np.ndarray:
        out = np.zeros(len(pos), dtype=np.int64)
        for column, p in enumerate(self.chances):
            out += rng.binomial(self.dice[pos, column], p)
        return out


def numpy_monte_carlo(model: BattleModel, runs: int, seed: int) -> dict[str, float]:
    """Outcome frequencies of ``runs`` battles fought at once (chain battles: plain hits only)."""
    rng = np.random.default_rng(seed)
    att0, dfn0 = model.initial()
    side = model.attacker
    n_air = sum(c for g, c in enumerate(att0) if side.air[g] and side.present[g])
    mode, guns, shots, hit = model.aa_plan()
    if guns and n_air:
        if mode is AaMode.SHOTS_PER_GUN:
            kills = rng.binomial(min(guns * shots, n_air), hit / model.sides, runs)
        elif mode is AaMode.TWO_ROLL:
            kills = np.minimum(rng.binomial(guns, shots * hit / model.sides ** 2, runs), n_air)
        else:
            raise NotImplementedError("per-aircraft AA is not in this benchmark's battles")
    else:
        kills = np.zeros(runs, dtype=np.int64)
    attacker = _Table(side, [side.remove_air(att0, k) for k in range(n_air + 1)], model.sides)
    defender = _Table(model.defender, [dfn0], model.sides)
    a = np.array(attacker.offset)[kills]
    d = np.zeros(runs, dtype=np.int64)
    stalemate = np.zeros(runs, dtype=bool)
    while True:
        live = attacker.alive[a] & defender.alive[d] & ~stalemate
        idx = np.nonzero(live)[0]
        if not len(idx):
            break
        ai, di = a[idx], d[idx]
        still = attacker.silent[ai] & defender.silent[di]
        stalemate[idx[still]] = True
        a_hits, d_hits = attacker.hits(rng, ai), defender.hits(rng, di)
        a[idx] = ai + np.minimum(d_hits, attacker.left[ai])
        d[idx] = di + np.minimum(a_hits, defender.left[di])
    a_alive, d_alive = attacker.alive[a], defender.alive[d]
    return {"attacker_wins": float(np.mean(a_alive & ~d_alive & ~stalemate)),
            "defender_wins": float(np.mean(~a_alive & d_alive)),
            "mutual_destruction": float(np.mean(~a_alive & ~d_alive)),
            "stalemate": float(np.mean(stalemate))}


# -- measuring ---------------------------------------------------------------------------------

def timed(fn, repeats: int):
    """(result, CPU seconds): the best of ``repeats`` runs of process time."""
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


def runs_for_accuracy(p: float) -> int:
    """Runs for a 99% confidence half-width of ACCURACY on a probability p (normal approximation)."""
    return math.ceil((CONFIDENCE_Z / ACCURACY) ** 2 * p * (1 - p))


def land_table(pack, runs: int, seed: int, repeats: int) -> bool:
    header = (f"{'size':>7} {'exact s':>9} {'numpy MC s':>10} {'ratio':>7} {'max |dp|':>9} {'in SE':>6} "
              f"{'P(att wins)':>11} {'states':>7} {'peak MiB':>9}")
    print(header)
    print("-" * len(header))
    ok, accuracy = True, []
    for size in SIZES:
        exact, t_exact = timed(lambda: battle_odds(model_for(pack, size)), repeats)
        sampled, t_mc = timed(lambda: numpy_monte_carlo(model_for(pack, size), runs, seed), repeats)
        worst, outcome = max((abs(float(exact.probability(o)) - sampled[o]), o) for o in OUTCOMES)
        p = float(exact.probability(outcome))
        se = math.sqrt(p * (1 - p) / runs) or float("nan")
        ratio = t_exact / t_mc
        if size in RATIO_TARGET_SIZES:
            ok = ok and ratio <= 1
        if size == 100:
            ok = ok and t_exact < LAND_100_TARGET_S
        peak = peak_memory(model_for, pack, size)
        print(f"{size:>3}v{size:<3} {t_exact:>9.4f} {t_mc:>10.4f} {ratio:>7.3f} {worst:>9.5f} {worst / se:>6.2f} "
              f"{exact.attacker_wins:>11.5f} {exact.states:>7} {peak / 2**20:>9.2f}")
        need = max(runs_for_accuracy(float(exact.probability(o))) for o in OUTCOMES)
        accuracy.append((size, need, need / runs * t_mc, t_exact))
    print("-" * len(header))
    print(f"time to accuracy: Monte Carlo runs for every outcome within {ACCURACY:g} of the exact value at 99% "
          f"confidence (z {CONFIDENCE_Z}), seconds at this run's numpy rate")
    for size, need, seconds, t_exact in accuracy:
        print(f"  {size:>3}v{size:<3} {need:>12,} runs  {seconds:>9.1f} s   (exact: {t_exact:.4f} s, "
              f"{seconds / t_exact:,.0f}x longer)")
    return ok


def sea_table(pack, repeats: int) -> bool:
    header = f"{'size':>7} {'exact s':>9} {'P(att wins)':>11} {'states':>7} {'peak MiB':>9}"
    print(header)
    print("-" * len(header))
    ok = True
    for size in SEA_SIZES:
        exact, t_exact = timed(lambda: battle_odds(sea_model_for(pack, size)), repeats)
        peak = peak_memory(sea_model_for, pack, size)
        if size == 30:
            ok = t_exact < SEA_30_TARGET_S
        print(f"{size:>3}v{size:<3} {t_exact:>9.4f} {exact.attacker_wins:>11.5f} {exact.states:>7} "
              f"{peak / 2**20:>9.2f}")
    print("-" * len(header))
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="timings are the best of this many runs")
    args = parser.parse_args()
    pack = default_pack(registry.get("aa-global1940"))
    print(f"exact odds vs vectorised numpy Monte Carlo ({args.runs:,} runs, seed {args.seed}), Global 1940 "
          f"land battles; CPU seconds, best of {args.repeats}")
    print(f"attacker mix {ATTACKER_MIX}; defender mix {DEFENDER_MIX} + 1 AA gun")
    ok = land_table(pack, args.runs, args.seed, args.repeats)
    print(f"target exact <= numpy Monte Carlo at 20v20 and 40v40, exact < {LAND_100_TARGET_S} s at 100v100: "
          f"{'met' if ok else 'NOT met'}")
    print()
    print("Global 1940 sea battles")
    print(f"attacker mix {SEA_ATTACKER_MIX}; defender mix {SEA_DEFENDER_MIX}")
    sea_ok = sea_table(pack, args.repeats)
    print(f"target exact < {SEA_30_TARGET_S} s at 30v30: {'met' if sea_ok else 'NOT met'}")


if __name__ == "__main__":
    main()
