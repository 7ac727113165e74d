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

import numpy as np
from scipy.linalg.lapack import dtrtrs

from domain.aa.combat.distributions import Field
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.opening import opening
from domain.aa.combat.sides import SideModel
from domain.aa.units import Ability

_FLOAT = Field(False)
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

    def __init__(self, side: SideModel, start: tuple[int, ...], sides: int):
        hp = side.hit_points(start)
        states = [start]
        for slot in side.slots(start):
            states.append(side.apply(states[-1], (slot,)))
        self.states = states
        # Hits taken one at a time must give what the engine gives for them at once (one order of
        # loss); checked halfway and at the end, else the caller takes the general programme.
        self.ok = all(side.assign(start, (0, 0, k)) == states[k] for k in {hp // 2, hp})
        self.alive = np.array([side.alive(s) for s in states], dtype=bool)
        # Dice per hit chance at each position, then every position's hit distribution at once.
        chances: dict[float, int] = {}
        rows = []
        for s in states:
            row: dict[int, int] = {}
            for shot in side.shots(s, False, False):
                p = _FLOAT.shot_probability(shot.needed, shot.dice, shot.best, sides)
                column = chances.setdefault(p, len(chances))
                row[column] = row.get(column, 0) + (shot.count if shot.best else shot.count * shot.dice)
            rows.append(row)
        dice = np.zeros((len(states), len(chances)), dtype=np.int64)
        for k, row in enumerate(rows):
            for column, n in row.items():
                dice[k, column] = n
        # fire[k, x]: P(x hits) at position k (one spare zero column: "at least" reads past the end).
        fire = np.concatenate((_hit_distributions(dice, list(chances)), np.zeros((len(states), 1))), axis=1)
        self.fire = fire
        # tail[k, x] = P(at least x hits): hits beyond the enemy's last hit point are lumped there.
        self.tail = np.cumsum(fire[:, ::-1], axis=1)[:, ::-1]
        self.silent = fire[:, 0] == 1.0


def _binomials(n: int, p: float) -> np.ndarray:
    """[m, k] = P(k successes in m trials), m, k = 0..n (each row from the one before: no
    cancellation, every entry a sum of positive terms)."""
    table = np.zeros((n + 1, n + 1))
    table[0, 0] = 1.0
    q = 1.0 - p
    for m in range(1, n + 1):
        table[m, :m + 1] = table[m - 1, :m + 1] * q
        table[m, 1:m + 1] += table[m - 1, :m] * p
    return table


def _hit_distributions(dice: np.ndarray, chances: list[float]) -> np.ndarray:
    """[k, x] = P(x hits) for each position k: the binomials of its dice, one hit chance at a
    time, convolved row by row (a shift-and-add over the shorter side)."""
    out = np.ones((dice.shape[0], 1))
    for column, p in enumerate(chances):
        counts = dice[:, column]
        top = int(counts.max())
        if not top:
            continue
        terms = _binomials(top, p)[counts]  # [k, s]
        width = out.shape[1]
        new = np.zeros((dice.shape[0], width + top))
        for shift in range(top + 1):
            new[:, shift:shift + width] += out * terms[:, shift:shift + 1]
        out = new
    return out


def _moves(att: "_Chain", n: int) -> np.ndarray:
    """[i, j, j'] = P(the defender goes from j to j' hits taken) under the attacker's fire at
    position i: its hit distribution shifted right by j, hits beyond the last position lumped there
    (one gather for the whole chain, Toeplitz per row)."""
    rows = len(att.states)
    width = min(n, att.fire.shape[1])
    padded = np.zeros((rows, 2 * n))
    padded[:, n:n + width] = att.fire[:, :width]
    cols = np.arange(n)
    out = padded[:, n + cols[None, :] - cols[:, None]]
    reach = n - 1 - cols  # hits that take the defender to its last position
    tail = np.zeros((rows, n))
    width = min(n, att.tail.shape[1])
    tail[:, :width] = att.tail[:, :width]
    out[:, :, n - 1] = tail[:, reach]
    return out


def _fight(att: _Chain, dfn: _Chain, p: float, tally: dict, counts: list) -> None:
    """Push ``p`` from (0, 0) through the whole battle; decided cells go to ``tally``."""
    na, nd = len(att.states), len(dfn.states)
    mass = np.zeros((na, nd))
    mass[0, 0] = p
    # The defender's hits on the attacker, [j, y], wide enough for any room left.
    fire = np.zeros((nd, na + 1))
    tail = np.zeros((nd, na + 1))
    width = min(dfn.fire.shape[1], na + 1)
    fire[:, :width], tail[:, :width] = dfn.fire[:, :width], dfn.tail[:, :width]
    miss = fire[:, 0]  # the defender scores nothing: the attacker stays in its row
    moves = _moves(att, nd)
    diagonal = np.arange(nd)
    # Per cell (i, j): whether it still fights, and 1 / (1 - P(a round changes nothing)).
    stalemate = dfn.alive[None, :] & dfn.silent[None, :] & att.silent[:, None]
    active = att.alive[:, None] & dfn.alive[None, :] & ~stalemate
    stay = miss[None, :] * moves[:, diagonal, diagonal]
    scale = np.divide(active, 1.0 - stay, out=np.zeros((na, nd)), where=active)
    gain = -miss[None, :] * scale  # [i, j]: the within-row share of what leaves (i, j)
    for i in range(na):
        row = mass[i]
        if not row.any():
            continue
        room = na - 1 - i
        if not att.alive[i] or not room:
            _record(tally, i, np.nonzero(row)[0], row, counts)
            continue
        # m = row + m @ within, within strictly upper triangular: one unit triangular solve
        # (dtrtrs reads only the upper triangle, so the diagonal may hold anything).
        final, _ = dtrtrs(moves[i] * gain[i][:, None], row, lower=0, trans=1, unitdiag=1)
        counts[0] += int(np.count_nonzero(final))
        for j in np.nonzero(~active[i] & (final != 0.0))[0]:
            key = (Outcome.STALEMATE if stalemate[i, j] else None, i, j)
            tally[key] = tally.get(key, 0.0) + final[j]
        weights = final * scale[i]
        # Rows below: y = 1 .. room - 1 hits exactly, and at least ``room`` hits (the attacker gone).
        if room > 1:
            mass[i + 1:na - 1] += (fire[:, 1:room] * weights[:, None]).T @ moves[i]
        mass[na - 1] += (tail[:, room] * weights) @ moves[i]


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
                chains[key] = _Chain(side, start, model.sides)
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
