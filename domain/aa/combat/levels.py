"""Fast float odds for the general programme: every battle state of one hit-point level at once.

``odds._until_decided`` pushes each state's mass in Python, one successor at a time; sea battles
(restricted hit classes, surprise strikes, two-hit units, lone transports) have ~30,000 states at
30v30 and took seconds. Here the rules stay where they are (``Programme._fire`` gives each side's
fire against an enemy signature, ``SideModel`` the casualties, in casualties.py as arrays) and the
bookkeeping is numpy, a whole level (all states with the same total hit points) at a time:

- fire profiles and casualty rows are numbered and found per level by array gathers; new rows
  are built for a batch at once (every hit vector, cut at the hit points it can reach);
- a round is the surprise step S (subs only; skipped where nobody surprises), then general fire G,
  then the loss of lone defenceless units C; within S and G the two sides' casualties are
  independent, so a level's successors are one sparse product (attacker rows)^T x (defender rows);
- every change removes a hit point, so what a level sends to its own level is only the round that
  changes nothing: it repeats, so each state's mass is scaled by 1 / (1 - P(stay)) beforehand and
  that share dropped (as ``_push_blocks`` does).

Used for float odds without round limits, retreat rule or submerging; the Fraction path stays the
reference (tests/unit/aa/test_aa_odds_levels.py compares the two to 1e-12 and the states visited).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix

from domain.aa.combat.casualties import CasualtyTable
from domain.aa.combat.model import Outcome
from domain.aa.combat.programme import MASK, SHIFT, Interned, Programme

# Below this many (attacker hit points x defender hit points) at the start, numpy's fixed cost per
# call outweighs the per-state Python loop (bench sea mixes: 8v8 (90) 14 ms there, 29 ms here;
# 12v12 (182) 50 ms both; 15v15 (306) 136 ms there, 75 ms here).
SMALL = 200


def applies(prog: Programme, values) -> bool:
    """Whether ``until_decided`` should replace ``odds._until_decided`` for this programme."""
    if prog.f.exact or values is not None or prog._submerge_first or prog._submerge_last:
        return False
    model = prog.model
    att, dfn = model.initial()
    return model.attacker.hit_points(att) * model.defender.hit_points(dfn) >= SMALL


class _Grid:
    """An int table indexed by (state, column), -1 where not yet known, grown on demand."""

    def __init__(self, columns: int = 1):
        self.cells = np.full((1, columns), -1, dtype=np.int64)

    def get(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        need_r, need_c = int(rows.max(initial=0)) + 1, int(cols.max(initial=0)) + 1
        have_r, have_c = self.cells.shape
        if need_r > have_r or need_c > have_c:
            shape = (max(need_r, 2 * have_r) if need_r > have_r else have_r,
                     max(need_c, 2 * have_c) if need_c > have_c else have_c)
            grown = np.full(shape, -1, dtype=np.int64)
            grown[:have_r, :have_c] = self.cells
            self.cells = grown
        return self.cells[rows, cols]


def _signature(code: int) -> tuple[bool, ...]:
    """``Interned.signature`` back from its 5 bits."""
    return tuple(bool(code >> k & 1) for k in range(5))


class _Side:
    """One side's per-state facts as numpy arrays (grown as states are interned), its fire profiles
    (``Programme._fire`` results, numbered) and its casualty rows (``Programme._rows`` results,
    numbered, stored end to end), with grids from (state, enemy signature) to profile and from
    (state, enemy profile) to row, so a level's lookups are array gathers."""

    def __init__(self, prog: Programme, side: Interned, attacking: bool):
        self.prog, self.side, self.attacking = prog, side, attacking
        self.hp = np.zeros(0, dtype=np.int64)
        self.alive = np.zeros(0, dtype=bool)
        self.fires = np.zeros(0, dtype=bool)
        self.stripped = np.zeros(0, dtype=np.int64)
        self.sig = np.zeros(0, dtype=np.int64)  # the state's signature as 5 bits
        # Fire profiles: surprise step and general fire, by (state, enemy signature bits).
        self.profile_grid = {True: _Grid(32), False: _Grid(32)}
        self.profile_ids: dict = {}
        self.profiles: list = []
        self.profile_fires = np.zeros(0, dtype=bool)
        # Casualty rows by (state, enemy profile): ids and probabilities end to end.
        self.row_grid = _Grid()
        self.row_ids = np.zeros(0, dtype=np.int64)
        self.row_probs = np.zeros(0)
        self.row_start = np.zeros(0, dtype=np.int64)
        self.row_len = np.zeros(0, dtype=np.int64)
        self.row_self = np.zeros(0)
        # Hit points a sub / an air / any hit can land on, per state; a radix for hit vectors.
        self.reach = np.zeros((0, 3), dtype=np.int64)
        start = prog.model.initial()[0 if attacking else 1]
        self.radix = max([side.side.hit_points(start), *side.hp]) + 1
        # Casualties already chosen: sorted keys (state, hit vector) and the state they leave.
        self.cas_keys = np.zeros(0, dtype=np.int64)
        self.cas_ids = np.zeros(0, dtype=np.int64)
        self.table = CasualtyTable(side)
        # This side's fire profiles as padded arrays per hit class: pmf, tail sums, length.
        self.table_size = 0
        self.pmf = [np.zeros((0, 1)) for _ in range(3)]
        self.tail = [np.zeros((0, 1)) for _ in range(3)]
        self.pmf_len = np.zeros((0, 3), dtype=np.int64)

    def grow(self) -> None:
        """Extend the arrays to every state interned so far (stripping may intern more)."""
        side, strip = self.side, self.prog.model._has_defenceless
        while len(self.hp) < len(side.states):
            start, end = len(self.hp), len(side.states)
            new = range(start, end)
            # Stripping may intern further states: the loop takes them next.
            stripped = [side.stripped(i, True) if strip else i for i in new]
            sigs = [side.signature(i) for i in new]
            codes = [sum(bit << k for k, bit in enumerate(sig)) for sig in sigs]
            self.hp = np.concatenate((self.hp, np.array(side.hp[start:end], dtype=np.int64)))
            self.alive = np.concatenate((self.alive, np.array(side.alive[start:end], dtype=bool)))
            self.fires = np.concatenate((self.fires, np.array([sig[4] for sig in sigs], dtype=bool)))
            self.stripped = np.concatenate((self.stripped, np.array(stripped, dtype=np.int64)))
            self.sig = np.concatenate((self.sig, np.array(codes, dtype=np.int64)))
            reach = [side.side.targets(side.states[i]) for i in new]
            reach = np.array([(e + o, a + o, a + e + o) for a, e, o in reach], dtype=np.int64).reshape(-1, 3)
            self.reach = np.concatenate((self.reach, reach))

    def profile(self, states: np.ndarray, enemy_sig: np.ndarray, surprise: bool) -> np.ndarray:
        """Fire profile numbers of ``states`` against enemies with these signatures."""
        grid = self.profile_grid[surprise]
        found = grid.get(states, enemy_sig)
        missing = found < 0
        if missing.any():
            for i, code in set(zip(states[missing].tolist(), enemy_sig[missing].tolist())):
                fires, pmfs = self.prog._fire(self.side, i, _signature(code), self.attacking, surprise, False)
                number = self.profile_ids.get((fires, id(pmfs)))
                if number is None:
                    number = self.profile_ids[(fires, id(pmfs))] = len(self.profiles)
                    self.profiles.append(pmfs)
                    self.profile_fires = np.append(self.profile_fires, fires)
                grid.cells[i, code] = number
            found = grid.cells[states, enemy_sig]
        return found

    def rows(self, states: np.ndarray, enemy_profiles: np.ndarray, enemy: _Side) -> np.ndarray:
        """Row numbers for ``states`` taking the hits of these enemy fire profiles."""
        found = self.row_grid.get(states, enemy_profiles)
        missing = found < 0
        if missing.any():
            pairs = np.unique(states[missing] << SHIFT | enemy_profiles[missing])
            self._build(pairs >> SHIFT, pairs & MASK, enemy)
            found = self.row_grid.cells[states, enemy_profiles]
        return found

    def _build(self, states: np.ndarray, profiles: np.ndarray, enemy: _Side) -> None:
        """``Programme._rows`` for many (state, enemy profile) pairs at once: every hit vector
        (sub, air, any), each class cut at the hit points it can reach (``Field.vectors``), its
        probability and the state it leaves (``SideModel.assign``), summed per next state."""
        pmf, tail, lengths = enemy.pmf_table()
        caps = self.reach[states]
        dims = np.minimum(lengths[profiles], caps + 1)
        n = dims.prod(axis=1)
        row = np.repeat(np.arange(len(states)), n)
        t = np.arange(int(n.sum())) - (np.cumsum(n) - n)[row]
        hits = [None, None, t % dims[row, 2]]
        t //= dims[row, 2]
        hits[1], hits[0] = t % dims[row, 1], t // dims[row, 1]
        prob = np.ones(len(t))
        for klass, x in enumerate(hits):
            p = profiles[row]
            # Hits beyond what the class can reach are lumped at the cap: the tail sum.
            prob *= np.where(x == caps[row, klass], tail[klass][p, x], pmf[klass][p, x])
        keep = prob != 0.0
        row, prob = row[keep], prob[keep]
        radix = self.radix
        ids = self._casualties(states[row], (hits[0][keep] * radix + hits[1][keep]) * radix + hits[2][keep])
        keys, inverse = np.unique(row << SHIFT | ids, return_inverse=True)
        probs = np.bincount(inverse.ravel(), weights=prob, minlength=len(keys))
        row_of, ids = keys >> SHIFT, keys & MASK
        count = np.bincount(row_of, minlength=len(states))
        selfs = np.bincount(row_of, weights=probs * (ids == states[row_of]), minlength=len(states))
        self.row_grid.cells[states, profiles] = len(self.row_len) + np.arange(len(states))
        self.row_start = np.concatenate((self.row_start, len(self.row_ids) + np.cumsum(count) - count))
        self.row_len = np.concatenate((self.row_len, count))
        self.row_self = np.concatenate((self.row_self, selfs))
        self.row_ids = np.concatenate((self.row_ids, ids))
        self.row_probs = np.concatenate((self.row_probs, probs))

    def _casualties(self, states: np.ndarray, vectors: np.ndarray) -> np.ndarray:
        """The state each state is left in by each hit vector (coded in ``radix``), memoised."""
        cube = self.radix ** 3
        keys, inverse = np.unique(states * cube + vectors, return_inverse=True)
        known = np.zeros(len(keys), dtype=bool)
        out = np.full(len(keys), -1, dtype=np.int64)
        if len(self.cas_keys):
            pos = np.minimum(np.searchsorted(self.cas_keys, keys), len(self.cas_keys) - 1)
            known = self.cas_keys[pos] == keys
            out[known] = self.cas_ids[pos[known]]
        if not known.all():
            radix, fresh = self.radix, keys[~known]
            out[~known] = self.table.assign(fresh // cube, fresh % cube // radix ** 2, fresh // radix % radix,
                                            fresh % radix)
            merged = np.concatenate((self.cas_keys, fresh))
            order = np.argsort(merged, kind="stable")
            self.cas_keys, self.cas_ids = merged[order], np.concatenate((self.cas_ids, out[~known]))[order]
        return out[inverse.ravel()]

    def pmf_table(self):
        """This side's fire profiles as arrays: per class (sub, air, any) the pmfs and their tail
        sums (P(at least x hits)), zero-padded, and each pmf's length."""
        new = self.profiles[self.table_size:]
        if new:
            width = max([self.pmf[0].shape[1], *(len(c) for pmfs in new for c in pmfs)])
            for k in range(3):
                block = np.zeros((len(self.profiles), width))
                block[:self.table_size, :self.pmf[k].shape[1]] = self.pmf[k]
                for r, pmfs in enumerate(new, self.table_size):
                    block[r, :len(pmfs[k])] = pmfs[k]
                self.pmf[k] = block
                self.tail[k] = np.cumsum(block[:, ::-1], axis=1)[:, ::-1]
            lengths = np.array([[len(c) for c in pmfs] for pmfs in new], dtype=np.int64)
            self.pmf_len = np.concatenate((self.pmf_len, lengths))
            self.table_size = len(self.profiles)
        return self.pmf, self.tail, self.pmf_len


def _sparse(side: _Side, rows: np.ndarray, columns: int, weights: np.ndarray | None = None) -> csr_matrix:
    """Rows ``rows`` of a side's store as a sparse matrix (one line per state pair), optionally
    scaled line by line."""
    lengths = side.row_len[rows]
    indptr = np.concatenate(([0], np.cumsum(lengths)))
    at = np.repeat(side.row_start[rows] - indptr[:-1], lengths) + np.arange(indptr[-1])
    data = side.row_probs[at] if weights is None else side.row_probs[at] * np.repeat(weights, lengths)
    return csr_matrix((data, side.row_ids[at], indptr), shape=(len(rows), columns))


class _Levels:
    """Mass waiting to be processed: a dense (attacker state x defender state) matrix, grown as
    states are interned (a few hundred per side), taken out a hit-point level at a time."""

    def __init__(self, att: _Side, dfn: _Side):
        self.att, self.dfn = att, dfn
        self.mass = np.zeros((0, 0))
        self.last = None  # the level taken last: every round removes a hit point, so levels fall

    def _fit(self) -> None:
        self.att.grow()
        self.dfn.grow()
        na, nd = len(self.att.hp), len(self.dfn.hp)
        if na > self.mass.shape[0] or nd > self.mass.shape[1]:
            grown = np.zeros((max(na, 2 * self.mass.shape[0]), max(nd, 2 * self.mass.shape[1])))
            grown[:self.mass.shape[0], :self.mass.shape[1]] = self.mass
            self.mass = grown

    def dense(self, a: np.ndarray, d: np.ndarray, w: np.ndarray) -> np.ndarray:
        """The (a, d, w) triples summed into a matrix shaped like ``mass``."""
        self._fit()
        shape = self.mass.shape
        return np.bincount(a * shape[1] + d, weights=w, minlength=shape[0] * shape[1]).reshape(shape)

    def spread(self, weights: np.ndarray, ra: np.ndarray, rd: np.ndarray) -> np.ndarray:
        """Every state pair's successors, the outer product of its two rows (row numbers ``ra``,
        ``rd``) times its weight, summed into a matrix shaped like ``mass``: one sparse product
        (attacker rows)^T x (defender rows), no Python loop and no array of all the products."""
        self._fit()
        rows, columns = self.mass.shape
        product = _sparse(self.att, ra, rows, weights).T @ _sparse(self.dfn, rd, columns)
        return product.toarray()

    def add(self, a: np.ndarray, d: np.ndarray, w: np.ndarray) -> None:
        extra = self.dense(a, d, w)  # may grow ``mass`` first
        self.mass += extra

    def hit_points(self) -> np.ndarray:
        """[a, d]: the level of every known state pair."""
        return self.att.hp[:, None] + self.dfn.hp[None, :]

    def strip(self, out: np.ndarray) -> None:
        """Lone defenceless units lost where the other side still fires (``Programme._after_fire``),
        in a matrix from ``dense``: the few state pairs concerned move their mass."""
        att, dfn = self.att, self.dfn
        lone_a = att.stripped != np.arange(len(att.stripped))
        lone_d = dfn.stripped != np.arange(len(dfn.stripped))
        block = out[:len(lone_a), :len(lone_d)]
        concerned = (lone_a[:, None] & dfn.fires[None, :]) | (att.fires[:, None] & lone_d[None, :])
        a, d = np.nonzero(concerned & (block != 0.0))
        if len(a):
            to_a = np.where(dfn.fires[d], att.stripped[a], a)
            to_d = np.where(att.fires[a], dfn.stripped[d], d)
            moved = block[a, d].copy()
            block[a, d] = 0.0
            np.add.at(block, (to_a, to_d), moved)

    def pop(self) -> tuple[int, np.ndarray, np.ndarray] | None:
        """(level, keys, mass) of the highest level with mass, taken out; None when all is done."""
        block = self.mass[:len(self.att.hp), :len(self.dfn.hp)]
        waiting = block != 0.0
        if not waiting.any():
            return None
        levels = self.hit_points()
        level = int(levels[waiting].max())
        if self.last is not None and level >= self.last:
            raise RuntimeError(f"battle state mass at level {level} after level {self.last}: a round added hit points")
        self.last = level
        a, d = np.nonzero(waiting & (levels == level))
        mass = block[a, d].copy()
        block[a, d] = 0.0
        return level, a << SHIFT | d, mass


def until_decided(prog: Programme, live: dict, tally) -> None:
    """``odds._until_decided`` for float odds, a level at a time (see the module docstring)."""
    att, dfn = _Side(prog, prog.att, True), _Side(prog, prog.dfn, False)
    levels = _Levels(att, dfn)
    keys = np.array(list(live), dtype=np.int64)
    levels.add(keys >> SHIFT, keys & MASK, np.array(list(live.values()), dtype=np.float64))
    while (found := levels.pop()) is not None:
        level, keys, mass = found
        a, d = keys >> SHIFT, keys & MASK
        fighting = att.alive[a] & dfn.alive[d]
        for k in np.flatnonzero(~fighting):
            tally.decide(int(keys[k]), float(mass[k]))
        a, d, mass = a[fighting], d[fighting], mass[fighting]
        prog.expanded += len(a)
        ra, rd, fire_a, fire_d = _general(att, dfn, a, d)
        stay = att.row_self[ra] * dfn.row_self[rd]
        surprise = np.zeros(len(a), dtype=bool)
        if prog._surprising:
            pa, pd = att.profile(a, dfn.sig[d], True), dfn.profile(d, att.sig[a], True)
            surprise = att.profile_fires[pa] | dfn.profile_fires[pd]
        stalemate = ~surprise & ~fire_a & ~fire_d
        for k in np.flatnonzero(stalemate):
            tally.stop(Outcome.STALEMATE, int(a[k]) << SHIFT | int(d[k]), float(mass[k]))
        plain = ~surprise & ~stalemate
        weights, ra, rd = mass[plain] / (1.0 - stay[plain]), ra[plain], rd[plain]
        if surprise.any():
            s = surprise
            sa, sd = att.rows(a[s], pd[s], dfn), dfn.rows(d[s], pa[s], att)
            w = mass[s] / (1.0 - stay[s] * att.row_self[sa] * dfn.row_self[sd])
            # The surprise step's outcomes, merged: those still fighting take general fire.
            merged = levels.spread(w, sa, sd)
            a1, d1 = np.nonzero(merged)
            w1 = merged[a1, d1]
            on = att.alive[a1] & dfn.alive[d1]
            levels.add(a1[~on], d1[~on], w1[~on])
            ra1, rd1, _, _ = _general(att, dfn, a1[on], d1[on])
            weights, ra, rd = np.concatenate((weights, w1[on])), np.concatenate((ra, ra1)), np.concatenate((rd, rd1))
        if len(weights):
            _after_fire(prog, att, dfn, levels, level, levels.spread(weights, ra, rd))


def _general(att: _Side, dfn: _Side, a: np.ndarray, d: np.ndarray):
    """General fire from states (a, d): each side's row under the other's fire, and whether each fires."""
    pa, pd = att.profile(a, dfn.sig[d], False), dfn.profile(d, att.sig[a], False)
    return att.rows(a, pd, dfn), dfn.rows(d, pa, att), att.profile_fires[pa], dfn.profile_fires[pd]


def _after_fire(prog, att: _Side, dfn: _Side, levels: _Levels, level: int, out: np.ndarray) -> None:
    """Lone defenceless units lost, the round that changed nothing dropped (its share is in the
    weights: what lands on this level can only be that), the rest queued."""
    if prog.model._has_defenceless:
        levels.strip(out)
    block = out[:len(att.hp), :len(dfn.hp)]
    block[levels.hit_points() == level] = 0.0
    levels.mass += out
