"""Hit-count distributions for the exact odds: binomials, convolutions, per-class hit vectors.

Probabilities are floats or exact Fractions; the same code serves both (``Field``).
"""
from __future__ import annotations

from fractions import Fraction

from domain.aa.combat.sides import HIT_AIR, HIT_ANY, HIT_SUB, Shot


class Field:
    """Float or exact rational arithmetic for the dynamic programme."""

    def __init__(self, exact: bool):
        self.exact = exact
        self.zero = Fraction(0) if exact else 0.0
        self.one = Fraction(1) if exact else 1.0
        self._binomials: dict = {}
        self._pmfs: dict = {}
        self._merged: dict = {}

    def ratio(self, a: int, b: int):
        return Fraction(a, b) if self.exact else a / b

    def shot_probability(self, needed: int, dice: int, best: bool, sides: int):
        """Chance one shot hits: one die <= needed, or the best of ``dice`` dice."""
        miss = self.one - self.ratio(needed, sides)
        return self.one - miss ** dice if best else self.ratio(needed, sides)

    def binomial(self, n: int, p) -> list:
        """P(k successes in n trials), built up from n-1 and memoised per (p, n)."""
        cached = self._binomials.get((p, n))
        if cached is not None:
            return cached
        start = n
        while start > 0 and (p, start) not in self._binomials:
            start -= 1
        pmf = self._binomials.setdefault((p, start), [self.one]) if start == 0 else self._binomials[(p, start)]
        q = self.one - p
        for m in range(start + 1, n + 1):
            pmf = [pmf[0] * q] + [pmf[k] * p + pmf[k + 1] * q for k in range(m - 1)] + [pmf[-1] * p]
            self._binomials[(p, m)] = pmf
        return pmf

    def convolve(self, a: list, b: list) -> list:
        if len(a) == 1:
            return [a[0] * y for y in b] if a[0] != self.one else b
        if len(b) == 1:
            return [x * b[0] for x in a] if b[0] != self.one else a
        out = [self.zero] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out

    def class_pmfs(self, shots: tuple[Shot, ...], sides: int) -> tuple[list, list, list]:
        """Distribution of hits per hit class (sub, air, any) for a side's shots (memoised)."""
        cached = self._pmfs.get(shots)
        if cached is not None:
            return cached
        trials: list[dict] = [{}, {}, {}]
        for shot in shots:
            p = self.shot_probability(shot.needed, shot.dice, shot.best, sides)
            n = shot.count if shot.best else shot.count * shot.dice
            trials[shot.klass][p] = trials[shot.klass].get(p, 0) + n
        pmfs = []
        for by_p in trials:
            pmf = [self.one]
            for p, n in sorted(by_p.items()):
                pmf = self.convolve(pmf, self.binomial(n, p))
            pmfs.append(pmf)
        result = (pmfs[0], pmfs[1], pmfs[2])
        self._pmfs[shots] = result
        return result

    def truncate(self, pmf: list, cap: int) -> list:
        """Hits beyond ``cap`` can land nowhere: lump them into ``cap``."""
        if len(pmf) <= cap + 1:
            return pmf
        return pmf[:cap] + [sum(pmf[cap:], self.zero)]

    def merged_pmfs(self, shots: tuple[Shot, ...], sides: int, target_air: bool, target_evades: bool,
                    extra: list | None = None) -> tuple[list, list, list]:
        """Per-class hit distributions with the classes a target makes equivalent merged: against no
        aircraft, sub hits are plain hits; against no evading units, air hits are plain hits. Most
        battles end with a single class. ``extra``: plain hits added (bombardment). Memoised."""
        key = (shots, target_air, target_evades, extra is not None)
        cached = self._merged.get(key)
        if cached is not None:
            return cached
        sub, air, anyc = self.class_pmfs(shots, sides)
        if extra is not None:
            anyc = self.convolve(anyc, extra)
        if not target_air and len(sub) > 1:
            anyc, sub = self.convolve(anyc, sub), [self.one]
        if not target_evades and len(air) > 1:
            anyc, air = self.convolve(anyc, air), [self.one]
        result = (sub, air, anyc)
        self._merged[key] = result
        return result

    def vectors(self, pmfs: tuple[list, list, list], reach: tuple[int, int, int]):
        """[((sub, air, any) hits, probability)], each class cut at the hit points it can reach."""
        sub, air, anyc = pmfs
        n_air, n_evades, n_other = reach
        sub = self.truncate(sub, n_evades + n_other)
        air = self.truncate(air, n_air + n_other)
        anyc = self.truncate(anyc, n_air + n_evades + n_other)
        vectors = [((0, 0, k), p) for k, p in enumerate(anyc) if p]
        if len(air) > 1:
            vectors = [((0, a, k), p * q) for (_, _, k), p in vectors for a, q in enumerate(air) if q]
        if len(sub) > 1:
            vectors = [((s, a, k), p * q) for (_, a, k), p in vectors for s, q in enumerate(sub) if q]
        return vectors


__all__ = ["Field", "HIT_AIR", "HIT_ANY", "HIT_SUB"]
