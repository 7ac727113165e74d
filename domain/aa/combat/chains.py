"""Fast float odds for battles whose sides lose units along a fixed chain (numpy, vectorised).

When every hit may land on any unit (no submarines, evading or defenceless units, no submerging,
bombardment or retreat rule), a side's state after opening fire is fixed by how many hits it has
taken: its casualties follow one order of loss (``SideModel.assign``). A battle state is then a
cell (i, j) of a matrix: i hits taken by the attacker, j by the defender. One round moves mass
from (i, j) to (i + y, j + x) with P(defender scores y) x P(attacker scores x), and a round with
no hits repeats, so its share is spread over the others (divide by 1 - p_stay).

Rows are processed in order of i. Inside a row (the attacker takes no hit) mass only moves to
larger j: a unit triangular system, solved at once; what leaves the row is one matrix product
(defender hits x attacker hits) added to the rows below. Every array is float64; the results
match the exact Fraction programme to about 1e-15 (tests/unit/aa/test_aa_odds_fast.py).
"""
from __future__ import annotations

from math import comb

import numpy as np
from scipy.linalg import solve_triangular

from domain.aa.combat.distributions import Field
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.opening import opening
from domain.aa.combat.sides import SideModel
from domain.aa.units import Ability

# Abilities that make casualties depend on more than the number of hits (restricted hit classes,
# surprise strikes, units lost when left alone): such battles take the general programme.
_NOT_CHAIN = frozenset({Ability.EVADES_AIR, Ability.CANNOT_HIT_AIR, Ability.SURPRISE_STRIKE,
                        Ability.DEFENCELESS})


def chain_battle(model: BattleModel) -> bool:
    """Whether ``chain_odds`` applies: plain hits only and no rule that stops or reshapes a round."""
    options = model.options
    if model.bombard or options.retreat_below is not None or options.retreat_after_round is not None:
        return False
    if options.attacker_submerge or options.defender_submerge:
        return False
    return not any(spec.abilities & _NOT_CHAIN for side in (model.attacker, model.defender) for spec in side.spec)


class _Chain:
    """One side's states from a start: ``states[k]`` after k hits, with its fire and hit points."""

    def __init__(self, side: SideModel, start: tuple[int, ...], f: Field, sides: int):
        hp = side.hit_points(start)
        self.states = [start] + [side.assign(start, (0, 0, k)) for k in range(1, hp + 1)]
        # The chain must compose (k hits then one more = k + 1 hits); if an order of loss ever broke
        # that, the caller falls back to the general programme.
        self.ok = all(side.assign(s, (0, 0, 1)) == nxt for s, nxt in zip(self.states, self.states[1:]))
        self.alive = np.array([side.alive(s) for s in self.states], dtype=bool)
        pmfs = [_hits_pmf(side.shots(s, False, False), f, sides) for s in self.states]
        width = max(map(len, pmfs)) + 1
        fire = np.zeros((len(pmfs), width))
        for k, pmf in enumerate(pmfs):
            fire[k, :len(pmf)] = pmf
        self.fire = fire  # fire[k, x]: P(x hits) from this side at position k
        # tail[k, x] = P(at least x hits): hits beyond the enemy's last hit point are lumped there.
        self.tail = np.cumsum(fire[:, ::-1], axis=1)[:, ::-1]
        self.silent = fire[:, 0] == 1.0


def _binomial(n: int, p: float) -> np.ndarray:
    """P(k successes in n trials), k = 0..n, in float64."""
    k = np.arange(n + 1)
    return np.array([comb(n, int(i)) for i in k], dtype=float) * p ** k * (1.0 - p) ** (n - k)


def _hits_pmf(shots, f: Field, sides: int) -> np.ndarray:
    """Distribution of the hits a side's shots score (every hit lands anywhere in a chain battle)."""
    trials: dict[float, int] = {}
    for shot in shots:
        p = f.shot_probability(shot.needed, shot.dice, shot.best, sides)
        trials[p] = trials.get(p, 0) + (shot.count if shot.best else shot.count * shot.dice)
    pmf = np.ones(1)
    for p, n in sorted(trials.items()):
        pmf = np.convolve(pmf, _binomial(n, p))
    return pmf


def _hits_taken(fire: np.ndarray, tail: np.ndarray, room: int) -> np.ndarray:
    """[k, y] = P(y hits) with y capped at ``room`` (hits beyond it lumped into the last column)."""
    width = fire.shape[1]
    out = np.zeros((fire.shape[0], room + 1))
    take = min(room, width)
    out[:, :take] = fire[:, :take]
    if room < width:
        out[:, room] = tail[:, room]
    return out


def _transfer(fire_row: np.ndarray, tail_row: np.ndarray, n: int, index: np.ndarray) -> np.ndarray:
    """[j, j'] = P(the enemy, having taken j hits, has taken j' after this fire) over 0..n-1."""
    padded = np.concatenate((fire_row, np.zeros(n + 1)))
    out = padded[index]
    last = n - 1
    reach = last - np.arange(n)  # hits that take the enemy to its last position
    out[:, last] = np.where(reach < len(tail_row), tail_row[np.minimum(reach, len(tail_row) - 1)], 0.0)
    out[last, last] = 1.0
    return out


def _fight(att: _Chain, dfn: _Chain, p: float, tally: dict, counts: list) -> None:
    """Push ``p`` from (0, 0) through the whole battle; decided cells go to ``tally``."""
    na, nd = len(att.states), len(dfn.states)
    mass = np.zeros((na, nd))
    mass[0, 0] = p
    cols = np.arange(nd)
    diff = cols[None, :] - cols[:, None]
    index = np.where(diff < 0, len(att.fire[0]) + nd, diff)  # below the diagonal: a zero slot
    live_d = dfn.alive.copy()
    eye = np.eye(nd)
    for i in range(na):
        row = mass[i]
        if not row.any():
            continue
        if not att.alive[i]:
            _record(tally, i, np.nonzero(row)[0], row, counts)
            continue
        room = na - 1 - i
        taken = _hits_taken(dfn.fire, dfn.tail, room)  # [j, y]: the defender's hits on the attacker
        move = _transfer(att.fire[i], att.tail[i], nd, index)  # [j, j']: the attacker's on the defender
        stay = taken[:, 0] * np.diagonal(move)
        stalemate = live_d & dfn.silent & att.silent[i]
        active = live_d & ~stalemate
        scale = np.where(active, 1.0 / np.where(active, 1.0 - stay, 1.0), 0.0)
        within = move * (taken[:, 0] * scale)[:, None]
        np.fill_diagonal(within, 0.0)
        # m = row + m @ within, within strictly upper triangular: one unit triangular solve.
        final = solve_triangular(eye - within, row, trans="T", unit_diagonal=True, check_finite=False)
        counts[0] += int(np.count_nonzero(final))
        done = ~active & (final != 0.0)
        for j in np.nonzero(done)[0]:
            key = (Outcome.STALEMATE if stalemate[j] else None, i, j)
            tally[key] = tally.get(key, 0.0) + final[j]
        if room:
            weights = final * scale
            mass[i + 1:] += (taken[:, 1:] * weights[:, None]).T @ move


def _record(tally: dict, i: int, js, row, counts: list) -> None:
    for j in js:
        tally[(None, i, j)] = tally.get((None, i, j), 0.0) + row[j]
    counts[0] += len(js)


def chain_odds(model: BattleModel) -> tuple[dict, float, int] | None:
    """({(outcome, attacker counts, defender counts): p}, expected transports sunk, cells visited),
    or None when the battle is not a chain battle after all (the caller takes the programme)."""
    f = Field(False)
    starts, sunk = opening(model, f)
    chains: dict = {}
    terminal: dict = {}
    counts = [0]
    for (att0, dfn0), p in starts.items():
        pair = []
        for side, start in ((model.attacker, att0), (model.defender, dfn0)):
            key = (side.attacking, start)
            if key not in chains:
                chains[key] = _Chain(side, start, f, model.sides)
            if not chains[key].ok:
                return None
            pair.append(chains[key])
        att, dfn = pair
        tally: dict = {}
        _fight(att, dfn, p, tally, counts)
        for (kind, i, j), mass in tally.items():
            a, d = att.states[i], dfn.states[j]
            outcome = kind or model.outcome(a, d)
            terminal[(outcome, a, d)] = terminal.get((outcome, a, d), 0.0) + float(mass)
    return terminal, float(sunk), counts[0]
