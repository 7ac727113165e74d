"""``SideModel.assign`` for many (state, hit vector) pairs at once, with numpy (used by levels.py).

The same rule as ``SideModel.choose`` and ``apply``: hit points are taken in the owner's order of
loss (``slots``), an air hit point only while the air and plain hits cover it, an evading one only
while the sub and plain hits cover it, until every hit is placed; a damage point moves a two-hit
unit to its damaged group, a sink point removes the unit (with its damage point, if taken).
"""
from __future__ import annotations

import numpy as np

from domain.aa.combat.programme import Interned
from domain.aa.combat.sides import _AIR, _EVADES, _OTHER, DAMAGE, SINK


class CasualtyTable:
    """One side's states as arrays (counts, and per hit point in order of loss: category, group,
    damage or sink), grown as states are interned."""

    def __init__(self, side: Interned):
        self.side = side
        model = side.side
        groups = len(model.groups)
        self.counts = np.zeros((0, groups), dtype=np.int64)
        self.cat = np.full((0, 1), -1, dtype=np.int64)  # -1 past the state's last hit point
        self.group = np.zeros((0, 1), dtype=np.int64)
        self.kind = np.zeros((0, 1), dtype=np.int64)
        # A damaged two-hit unit's move: [g, damaged group of g].
        self.to_damaged = np.zeros((groups, groups), dtype=np.int64)
        for g, damaged in model.damaged_of.items():
            self.to_damaged[g, damaged] = 1

    def _grow(self) -> None:
        side, start = self.side, len(self.counts)
        if start == len(side.states):
            return
        new = side.states[start:]
        slots = [side.side.slots(counts) for counts in new]
        width = max([self.cat.shape[1], *(len(s) for s in slots)])
        total = len(side.states)
        cat = np.full((total, width), -1, dtype=np.int64)
        group = np.zeros((total, width), dtype=np.int64)
        kind = np.zeros((total, width), dtype=np.int64)
        known = self.cat.shape[1]
        cat[:start, :known], group[:start, :known], kind[:start, :known] = self.cat, self.group, self.kind
        for r, row in enumerate(slots, start):
            group[r, :len(row)] = [g for g, _ in row]
            kind[r, :len(row)] = [k for _, k in row]
            cat[r, :len(row)] = [side.side.cat[g] for g, _ in row]
        self.cat, self.group, self.kind = cat, group, kind
        self.counts = np.concatenate((self.counts, np.array(new, dtype=np.int64).reshape(len(new), -1)))

    def assign(self, states: np.ndarray, sub: np.ndarray, air: np.ndarray, plain: np.ndarray) -> np.ndarray:
        """Ids of the states left after (sub, air, plain) hits on each of ``states``."""
        self._grow()
        cat = self.cat[states]
        is_air, is_evading = cat == _AIR, cat == _EVADES
        covered = ((cat == _OTHER)
                   | (is_air & (np.cumsum(is_air, axis=1) <= (air + plain)[:, None]))
                   | (is_evading & (np.cumsum(is_evading, axis=1) <= (sub + plain)[:, None])))
        chosen = covered & (np.cumsum(covered, axis=1) <= (sub + air + plain)[:, None])
        q, j = np.nonzero(chosen)
        groups = self.counts.shape[1]
        cell = q * groups + self.group[states[q], j]
        kind = self.kind[states[q], j]
        size = len(states) * groups
        sunk = np.bincount(cell[kind == SINK], minlength=size).reshape(len(states), groups)
        damaged = np.bincount(cell[kind == DAMAGE], minlength=size).reshape(len(states), groups)
        # As ``SideModel.apply``: a damaged unit not also sunk moves to its damaged group.
        hit = damaged > 0
        new = self.counts[states] - np.where(hit, damaged, sunk) + np.where(hit, damaged - sunk, 0) @ self.to_damaged
        # One int per result where it fits (no count exceeds the largest number of units a state
        # has: a mixed radix), else unique rows.
        radix = int(self.counts.sum(axis=1).max(initial=0)) + 1
        if radix ** new.shape[1] < 2 ** 62:
            code = new @ (radix ** np.arange(new.shape[1], dtype=np.int64))
            _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
        else:
            _, first, inverse = np.unique(new, axis=0, return_index=True, return_inverse=True)
        ids = np.array([self.side.id(tuple(row)) for row in new[first].tolist()], dtype=np.int64)
        return ids[inverse.ravel()]
