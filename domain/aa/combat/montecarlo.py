"""Seeded Monte Carlo odds, only to cross-check the exact odds: the real engine, many times.

Dice come from SplitMix64, a pure-Python seeded generator (the domain may not use ``random``), so a
run is reproducible from its seed. Each run is ``sequence.fight_state`` with those dice, so
agreement with the exact odds checks the dynamic programme against the step-by-step engine.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import sqrt

from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.odds import continuation_values
from domain.aa.combat.results import UNDECIDED, OddsResult, as_floats, summarise
from domain.aa.combat.sequence import fight_state

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea & Flood's SplitMix64: 64-bit outputs from a 64-bit counter."""

    def __init__(self, seed: int):
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


class SeededDice:
    """A Dice (``roll(sides)``) from SplitMix64, without modulo bias (rejection sampling)."""

    def __init__(self, seed: int):
        self._gen = SplitMix64(seed)
        self._limits: dict[int, int] = {}

    def roll(self, sides: int) -> int:
        limit = self._limits.get(sides)
        if limit is None:
            limit = self._limits[sides] = (1 << 64) - (1 << 64) % sides
        while True:
            value = self._gen.next()
            if value < limit:
                return value % sides + 1


def monte_carlo(model: BattleModel, runs: int, seed: int, rounds: int | None = None) -> OddsResult:
    """Fight the battle ``runs`` times with seeded dice; the same result shape as the exact odds,
    with the standard error of each outcome probability."""
    dice = SeededDice(seed)
    limits = [r for r in (rounds, model.options.retreat_after_round) if r is not None]
    values = continuation_values(model) if model.options.retreat_below is not None else None
    tally: dict = {}
    sunk = 0
    for _ in range(runs):
        state, _ = fight_state(model, dice, min(limits) if limits else None, values, record=False)
        key = (state.outcome or UNDECIDED, state.attacker, state.defender)
        tally[key] = tally.get(key, 0) + 1
        sunk += state.transports_lost
    # Frequencies as exact fractions, so sums are exact; floats only at the end.
    terminal = {key: Fraction(n, runs) for key, n in tally.items()}
    out = as_floats(summarise(model, terminal, mode="monte_carlo", zero=Fraction(0), states=runs, rounds=rounds,
                              transports_lost=Fraction(sunk, runs)))
    errors = {}
    for name in [o.value for o in Outcome] + [UNDECIDED]:
        p = out.probability(name)
        errors[name] = sqrt(p * (1 - p) / runs)
    return replace(out, standard_errors=errors)
