"""Fast float odds for the general programme: every battle state of one hit-point level at once.

``odds._until_decided`` pushes each state's mass in Python, one successor at a time; sea battles
(restricted hit classes, surprise strikes, two-hit units, lone transports) have ~30,000 states at
30v30 and took seconds. Here the same rounds (``Programme``'s memoised fire and casualty rows) are
gathered per state as small arrays and spread with numpy for a whole level (all states with the
same total hit points) at once:

- a round is the surprise step S (subs only; identity where nobody surprises), then general fire G,
  then the loss of lone defenceless units C; within S and G the two sides' casualties are
  independent, so a state's successors are the outer product of its two rows;
- every change removes a hit point, so what a level sends to its own level is only the round that
  changes nothing: it repeats, so each state's mass is scaled by 1 / (1 - P(stay)) beforehand and
  that share dropped (as ``_push_blocks`` does).

Used for float odds without round limits, retreat rule or submerging; the Fraction path stays the
reference (tests/unit/aa/test_aa_odds_fast.py compares the two to 1e-12).
"""
from __future__ import annotations

import numpy as np

from domain.aa.combat.model import Outcome
from domain.aa.combat.programme import MASK, SHIFT, Interned, Programme


def applies(prog: Programme, values) -> bool:
    """Whether ``until_decided`` may replace ``odds._until_decided`` for this programme."""
    return not prog.f.exact and values is None and not (prog._submerge_first or prog._submerge_last)


class _Side:
    """One side's per-state facts as numpy arrays (grown as states are interned) and its
    casualty rows as arrays, memoised per (state, enemy fire)."""

    def __init__(self, prog: Programme, side: Interned, attacking: bool):
        self.prog, self.side, self.attacking = prog, side, attacking
        self.rows: dict = {}
        self.hp = np.zeros(0, dtype=np.int64)
        self.alive = np.zeros(0, dtype=bool)
        self.fires = np.zeros(0, dtype=bool)
        self.stripped = np.zeros(0, dtype=np.int64)

    def row(self, i: int, pmfs) -> tuple[np.ndarray, np.ndarray, float]:
        """(next ids, probabilities, P(unchanged)) for state ``i`` under the enemy's ``pmfs``."""
        key = (i, id(pmfs))
        found = self.rows.get(key)
        if found is None:
            rows = self.prog._rows(self.side, i, pmfs)
            ids = np.array(rows.ids, dtype=np.int64)
            probs = np.array(rows.probs, dtype=np.float64)
            found = self.rows[key] = (ids, probs, float(probs[ids == i].sum()))
        return found

    def grow(self) -> None:
        """Extend the arrays to every state interned so far (stripping may intern more)."""
        side, strip = self.side, self.prog.model._has_defenceless
        while len(self.hp) < len(side.states):
            start, end = len(self.hp), len(side.states)
            new = range(start, end)
            # Stripping may intern further states: the loop takes them next.
            stripped = [side.stripped(i, True) if strip else i for i in new]
            self.hp = np.concatenate((self.hp, np.array(side.hp[start:end], dtype=np.int64)))
            self.alive = np.concatenate((self.alive, np.array(side.alive[start:end], dtype=bool)))
            self.fires = np.concatenate((self.fires, np.array([side.signature(i)[4] for i in new], dtype=bool)))
            self.stripped = np.concatenate((self.stripped, np.array(stripped, dtype=np.int64)))


def _spread(weights: np.ndarray, a_rows: list, d_rows: list) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every state's successors, the outer product of its two rows: (attacker ids, defender ids,
    mass), flat over all states (no Python loop over the products)."""
    la = np.array([len(r[0]) for r in a_rows], dtype=np.int64)
    ld = np.array([len(r[0]) for r in d_rows], dtype=np.int64)
    a_ids, a_p = np.concatenate([r[0] for r in a_rows]), np.concatenate([r[1] for r in a_rows])
    d_ids, d_p = np.concatenate([r[0] for r in d_rows]), np.concatenate([r[1] for r in d_rows])
    a_off, d_off = np.cumsum(la) - la, np.cumsum(ld) - ld
    n = la * ld
    pair = np.repeat(np.arange(len(n)), n)
    t = np.arange(int(n.sum())) - (np.cumsum(n) - n)[pair]
    i = t // ld[pair]
    ai, dj = a_off[pair] + i, d_off[pair] + t - i * ld[pair]
    return a_ids[ai], d_ids[dj], weights[pair] * a_p[ai] * d_p[dj]


class _Levels:
    """Mass waiting to be processed: a dense (attacker state x defender state) matrix, grown as
    states are interned (a few hundred per side), taken out a hit-point level at a time."""

    def __init__(self, att: _Side, dfn: _Side):
        self.att, self.dfn = att, dfn
        self.mass = np.zeros((0, 0))
        self.pending = np.zeros(0, dtype=bool)  # by level: whether any mass may wait there

    def _fit(self) -> None:
        self.att.grow()
        self.dfn.grow()
        na, nd = len(self.att.hp), len(self.dfn.hp)
        if na > self.mass.shape[0] or nd > self.mass.shape[1]:
            grown = np.zeros((max(na, 2 * self.mass.shape[0]), max(nd, 2 * self.mass.shape[1])))
            grown[:self.mass.shape[0], :self.mass.shape[1]] = self.mass
            self.mass = grown
        top = int(self.att.hp.max(initial=0) + self.dfn.hp.max(initial=0)) + 1
        if top > len(self.pending):
            self.pending = np.concatenate((self.pending, np.zeros(top - len(self.pending), dtype=bool)))

    def dense(self, a: np.ndarray, d: np.ndarray, w: np.ndarray) -> np.ndarray:
        """The (a, d, w) triples summed into a matrix shaped like ``mass``."""
        self._fit()
        shape = self.mass.shape
        return np.bincount(a * shape[1] + d, weights=w, minlength=shape[0] * shape[1]).reshape(shape)

    def add(self, a: np.ndarray, d: np.ndarray, w: np.ndarray) -> None:
        extra = self.dense(a, d, w)  # may grow ``mass`` first
        self.mass += extra
        self.pending[np.unique(self.att.hp[a] + self.dfn.hp[d])] = True

    def pop(self) -> tuple[int, np.ndarray, np.ndarray] | None:
        """(level, keys, mass) of the highest level with mass, taken out; None when all is done."""
        while self.pending.any():
            level = int(np.flatnonzero(self.pending)[-1])
            self.pending[level] = False
            na, nd = len(self.att.hp), len(self.dfn.hp)
            block = self.mass[:na, :nd]
            a, d = np.nonzero((self.att.hp[:, None] + self.dfn.hp[None, :] == level) & (block != 0.0))
            if len(a):
                mass = block[a, d].copy()
                block[a, d] = 0.0
                return level, a << SHIFT | d, mass
        return None


def until_decided(prog: Programme, live: dict, tally) -> None:
    """``odds._until_decided`` for float odds, a level at a time (see the module docstring)."""
    A, D = prog.att, prog.dfn
    att, dfn = _Side(prog, A, True), _Side(prog, D, False)
    levels = _Levels(att, dfn)
    keys = np.array(list(live), dtype=np.int64)
    levels.add(keys >> SHIFT, keys & MASK, np.array(list(live.values()), dtype=np.float64))
    surprising, fire, silent = prog._surprising, prog._fire, prog._silent
    while (found := levels.pop()) is not None:
        level, keys, mass = found
        a_all, d_all = keys >> SHIFT, keys & MASK
        fighting = att.alive[a_all] & dfn.alive[d_all]
        for k in np.flatnonzero(~fighting):
            tally.decide(int(keys[k]), float(mass[k]))
        # Per state: its general-fire rows, and its surprise rows where anyone surprises.
        plain_w, plain_a, plain_d = [], [], []
        sur_w, sur_a, sur_d = [], [], []
        for k in np.flatnonzero(fighting):
            a_id, d_id, m = int(a_all[k]), int(d_all[k]), float(mass[k])
            prog.expanded += 1
            a_sig, d_sig = A.signature(a_id), D.signature(d_id)
            a_sur = fire(A, a_id, d_sig, True, True, False) if surprising else silent
            d_sur = fire(D, d_id, a_sig, False, True, False) if surprising else silent
            a_gen = fire(A, a_id, d_sig, True, False, False)
            d_gen = fire(D, d_id, a_sig, False, False, False)
            ra, rd = att.row(a_id, d_gen[1]), dfn.row(d_id, a_gen[1])
            if not (a_sur[0] or d_sur[0]):
                if not (a_gen[0] or d_gen[0]):
                    tally.stop(Outcome.STALEMATE, a_id << SHIFT | d_id, m)
                    continue
                plain_w.append(m / (1.0 - ra[2] * rd[2]))
                plain_a.append(ra)
                plain_d.append(rd)
                continue
            sa, sd = att.row(a_id, d_sur[1]), dfn.row(d_id, a_sur[1])
            sur_w.append(m / (1.0 - sa[2] * sd[2] * ra[2] * rd[2]))
            sur_a.append(sa)
            sur_d.append(sd)
        if sur_w:
            _surprise_then_fire(prog, att, dfn, levels, level, np.array(sur_w), sur_a, sur_d,
                                plain_w, plain_a, plain_d)
        if plain_w:
            _after_fire(prog, att, dfn, levels, level, *_spread(np.array(plain_w), plain_a, plain_d))


def _surprise_then_fire(prog, att: _Side, dfn: _Side, levels: _Levels, level: int, weights, a_rows, d_rows,
                        plain_w: list, plain_a: list, plain_d: list) -> None:
    """The surprise step's outcomes, merged; those still fighting join the general fire (appended to
    the ``plain_*`` lists), the others are decided as they stand."""
    merged = levels.dense(*_spread(weights, a_rows, d_rows))
    a_all, d_all = np.nonzero(merged)
    mass = merged[a_all, d_all]
    fighting = att.alive[a_all] & dfn.alive[d_all]
    done = ~fighting
    if done.any():
        levels.add(a_all[done], d_all[done], mass[done])
    A, D, fire = prog.att, prog.dfn, prog._fire
    for k in np.flatnonzero(fighting):
        a_id, d_id = int(a_all[k]), int(d_all[k])
        a_gen = fire(A, a_id, D.signature(d_id), True, False, False)
        d_gen = fire(D, d_id, A.signature(a_id), False, False, False)
        plain_w.append(float(mass[k]))
        plain_a.append(att.row(a_id, d_gen[1]))
        plain_d.append(dfn.row(d_id, a_gen[1]))


def _after_fire(prog, att: _Side, dfn: _Side, levels: _Levels, level: int, a, d, w) -> None:
    """Lone defenceless units lost to a side that still fires (``Programme._after_fire``), the
    round that changed nothing dropped (its share is in the weights), the rest queued."""
    att.grow()
    dfn.grow()
    if prog.model._has_defenceless:
        a, d = np.where(dfn.fires[d], att.stripped[a], a), np.where(att.fires[a], dfn.stripped[d], d)
        att.grow()
        dfn.grow()
    keep = (att.hp[a] + dfn.hp[d] < level) & (w != 0.0)
    levels.add(a[keep], d[keep], w[keep])
