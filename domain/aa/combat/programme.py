"""One round of a battle as a distribution over next states, for the exact odds.

Mirrors ``sequence.fight_round`` step by step (same BattleModel, same order) but returns
probabilities instead of rolling. Side states are interned as small ints; a round's result is a
list of ``Block``s, weight x (attacker rows) x (defender rows): within a block the two sides'
casualties are independent, which is what lets odds.py push mass fast. A plain round is one block;
a surprise strike gives one block per surprise outcome; lone defenceless units split a block by
whether each side still fires. Only end-of-round submerging falls back to single-pair blocks.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.aa.combat.distributions import Field
from domain.aa.combat.model import BattleModel, reachable
from domain.aa.combat.opening import opening
from domain.aa.combat.sides import SideModel
from domain.aa.units import SubmergeTiming

State = tuple[tuple[int, ...], tuple[int, ...]]
SHIFT = 32  # battle state key = attacker id << SHIFT | defender id
MASK = (1 << SHIFT) - 1


class Interned:
    """Side states <-> small ints, with each state's facts computed once."""

    def __init__(self, model: BattleModel, side: SideModel):
        self.model = model
        self.side = side
        self.ids: dict = {}
        self.states: list = []
        self.hp: list[int] = []
        self.alive: list[bool] = []
        self.by_hp: dict[int, list[int]] = {}
        self._successors: dict[int, list[int]] = {}
        self._signatures: dict[int, tuple] = {}
        self._stripped: dict[tuple[int, bool], int] = {}
        self._prefixes: dict[tuple[int, int], tuple[list[int], int]] = {}

    def id(self, counts: tuple[int, ...]) -> int:
        found = self.ids.get(counts)
        if found is None:
            found = self.ids[counts] = len(self.states)
            self.states.append(counts)
            hp = self.side.hit_points(counts)
            self.hp.append(hp)
            self.alive.append(self.side.alive(counts))
            self.by_hp.setdefault(hp, []).append(found)
        return found

    def successors(self, i: int) -> list[int]:
        """Ids of the states after 0, 1, 2... plain hits, up to all hit points (memoised)."""
        found = self._successors.get(i)
        if found is None:
            counts = self.states[i]
            found = self._successors[i] = [self.id(self.side.assign(counts, (0, 0, k)))
                                           for k in range(self.hp[i] + 1)]
        return found

    def rows(self, i: int, probs: list) -> Rows:
        """Rows for 0, 1, 2... plain hits on state ``i`` with these probabilities."""
        key = (i, len(probs))
        found = self._prefixes.get(key)
        if found is None:
            ids = self.successors(i)[:len(probs)]
            found = self._prefixes[key] = (ids, max(ids) + 1)
        return Rows(found[0], probs, found[1])

    def signature(self, i: int) -> tuple[bool, bool, bool, bool]:
        """What the enemy's fire depends on: (has an anti_submarine unit, has aircraft, has evading
        units, has other units), plus whether this side fires at all - memoised per state."""
        found = self._signatures.get(i)
        if found is None:
            counts = self.states[i]
            air, evades, other = self.side.targets(counts)
            found = self._signatures[i] = (self.side.has_anti_sub(counts), air > 0, evades > 0, other > 0,
                                           self.side.fires(counts))
        return found

    def stripped(self, i: int, enemy_fires: bool) -> int:
        """The state after lone defenceless units are lost (``BattleModel.cleanup``), memoised."""
        key = (i, enemy_fires)
        found = self._stripped.get(key)
        if found is None:
            found = self._stripped[key] = self.id(self.model.lone_defenceless(self.side, self.states[i], enemy_fires))
        return found


class Rows(NamedTuple):
    """One side's next states: ids[k] with probs[k]; ``top`` is max(ids) + 1."""

    ids: list
    probs: list
    top: int


class Block(NamedTuple):
    """weight x P(attacker row) x P(defender row): independent casualties."""

    weight: object
    attacker: Rows
    defender: Rows


class Programme:
    """The rounds of one battle as distributions over next states."""

    def __init__(self, model: BattleModel, exact: bool):
        self.model = model
        self.f = Field(exact)
        self.att = Interned(model, model.attacker)
        self.dfn = Interned(model, model.defender)
        self.expanded = 0
        options, timing = model.options, model.pack.combat.submerge_timing
        submerging = options.attacker_submerge or options.defender_submerge
        self._submerge_first = submerging and timing is SubmergeTiming.BEFORE_FIRE
        self._submerge_last = submerging and timing is SubmergeTiming.END_OF_ROUND
        self._surprising = model.attacker.may_surprise or model.defender.may_surprise
        self._fires: dict = {}
        self._silent = (False, ([self.f.one], [self.f.one], [self.f.one]))
        self._bombard = None

    def opening(self) -> tuple[dict, object]:
        return opening(self.model, self.f)

    def key(self, att, dfn) -> int:
        return self.att.id(att) << SHIFT | self.dfn.id(dfn)

    def state(self, key: int) -> State:
        return self.att.states[key >> SHIFT], self.dfn.states[key & MASK]

    def hit_points(self, key: int) -> int:
        return self.att.hp[key >> SHIFT] + self.dfn.hp[key & MASK]

    # -- one round ----------------------------------------------------------------------------

    def round(self, a_id: int, d_id: int, first: bool) -> tuple[list[Block] | None, int | None]:
        """One round from a live state: (blocks, None), or (None, key) when nobody can hit anybody
        (a stalemate, after any submerging)."""
        A, D, one = self.att, self.dfn, self.f.one
        if self._submerge_first:
            att, dfn = self.model.submerge(A.states[a_id], D.states[d_id], SubmergeTiming.BEFORE_FIRE)
            a_id, d_id = A.id(att), D.id(dfn)
            if not (A.alive[a_id] and D.alive[d_id]):
                return [self._point(one, a_id, d_id)], None
        a_sig, d_sig = A.signature(a_id), D.signature(d_id)
        bombard = first and bool(self.model.bombard)
        a_sur = self._fire(A, a_id, d_sig, True, True, False) if self._surprising else self._silent
        d_sur = self._fire(D, d_id, a_sig, False, True, False) if self._surprising else self._silent
        if not (a_sur[0] or d_sur[0]):
            a_gen = self._fire(A, a_id, d_sig, True, False, bombard)
            d_gen = self._fire(D, d_id, a_sig, False, False, False)
            if not (a_gen[0] or d_gen[0] or bombard):
                return None, a_id << SHIFT | d_id
            return self._after_fire(one, self._rows(A, a_id, d_gen[1]), self._rows(D, d_id, a_gen[1])), None
        # Surprise strike: its casualties are removed before anyone else fires; then general fire
        # from every outcome of it.
        blocks: list[Block] = []
        hit_a, hit_d = self._rows(A, a_id, d_sur[1]), self._rows(D, d_id, a_sur[1])
        for d1, p in zip(hit_d.ids, hit_d.probs):
            for a1, q in zip(hit_a.ids, hit_a.probs):
                if not (A.alive[a1] and D.alive[d1]):
                    blocks.append(self._point(p * q, a1, d1))
                    continue
                a_gen = self._fire(A, a1, D.signature(d1), True, False, bombard)
                d_gen = self._fire(D, d1, A.signature(a1), False, False, False)
                blocks += self._after_fire(p * q, self._rows(A, a1, d_gen[1]), self._rows(D, d1, a_gen[1]))
        return blocks, None

    def _fire(self, side: Interned, i: int, enemy: tuple, attacking: bool, surprise: bool, bombard: bool):
        """(fires at all, per-class hit distributions) of one side's state in one step against an
        enemy signature: ``BattleModel.shots`` keyed by ids, memoised."""
        key = (attacking, i, enemy, surprise, bombard)
        found = self._fires.get(key)
        if found is None:
            anti_sub, air, evades, other, _ = enemy
            shots = () if surprise and not side.side.may_surprise else \
                side.side.shots(side.states[i], surprise, anti_sub)
            shots = reachable(shots, air, evades, other) if shots else shots
            extra = self._bombard_pmf() if bombard else None
            found = self._fires[key] = (bool(shots), self.f.merged_pmfs(shots, self.model.sides, air, evades, extra))
        return found

    def _bombard_pmf(self):
        if self._bombard is None:
            pmf = [self.f.one]
            for _, needed, count in self.model.bombard:
                pmf = self.f.convolve(pmf, self.f.binomial(count, self.f.ratio(needed, self.model.sides)))
            self._bombard = pmf
        return self._bombard

    @staticmethod
    def _plain(pmfs) -> bool:
        return len(pmfs[0]) == 1 and len(pmfs[1]) == 1

    def _rows(self, target: Interned, i: int, pmfs) -> Rows:
        """The target's next states (by id) and their probabilities for the hits it takes."""
        if self._plain(pmfs):
            return target.rows(i, self.f.truncate(pmfs[2], target.hp[i]))
        f, side = self.f, target.side
        counts = target.states[i]
        pairs: dict = {}
        for h, p in f.vectors(pmfs, side.targets(counts)):
            j = target.id(side.assign(counts, h))
            pairs[j] = pairs.get(j, f.zero) + p
        ids = list(pairs)
        return Rows(ids, list(pairs.values()), max(ids) + 1)

    def _point(self, weight, a_id: int, d_id: int) -> Block:
        one = [self.f.one]
        return Block(weight, Rows([a_id], one, a_id + 1), Rows([d_id], one, d_id + 1))

    def _after_fire(self, weight, hit_a: Rows, hit_d: Rows) -> list[Block]:
        """Casualties removed, then lone defenceless units lost and end-of-round submerging."""
        if self._submerge_last:
            return self._pairwise(weight, hit_a, hit_d)
        if not self.model._has_defenceless:
            return [Block(weight, hit_a, hit_d)]
        # A side's lone defenceless units go when the other side still fires: split both sides'
        # rows by whether they fire, so each part is again independent.
        A, D = self.att, self.dfn
        blocks = []
        for a_fires in (True, False):
            a_part = [(i, q) for i, q in zip(hit_a.ids, hit_a.probs) if A.signature(i)[4] == a_fires]
            for d_fires in (True, False) if a_part else ():
                d_part = [(j, p) for j, p in zip(hit_d.ids, hit_d.probs) if D.signature(j)[4] == d_fires]
                if d_part:
                    a_ids = [A.stripped(i, d_fires) for i, _ in a_part]
                    d_ids = [D.stripped(j, a_fires) for j, _ in d_part]
                    blocks.append(Block(weight, Rows(a_ids, [q for _, q in a_part], max(a_ids) + 1),
                                        Rows(d_ids, [p for _, p in d_part], max(d_ids) + 1)))
        return blocks

    def _pairwise(self, weight, hit_a: Rows, hit_d: Rows) -> list[Block]:
        """End-of-round submerging couples the sides pair by pair (rare: an option, Revised)."""
        m, A, D = self.model, self.att, self.dfn
        blocks = []
        for d_id, p in zip(hit_d.ids, hit_d.probs):
            for a_id, q in zip(hit_a.ids, hit_a.probs):
                att, dfn = m.cleanup(A.states[a_id], D.states[d_id])
                if m.outcome(att, dfn) is None:
                    att, dfn = m.submerge(att, dfn, SubmergeTiming.END_OF_ROUND)
                blocks.append(self._point(weight * p * q, A.id(att), D.id(dfn)))
        return blocks

    def round_dict(self, att, dfn, first: bool):
        """``round`` from state tuples, spelled out as ({(att, dfn): p}, None) or (None, stalemate)."""
        blocks, stalemate = self.round(self.att.id(att), self.dfn.id(dfn), first)
        if blocks is None:
            return None, self.state(stalemate)
        out: dict = {}
        for weight, a, d in blocks:
            for d_id, p in zip(d.ids, d.probs):
                for a_id, q in zip(a.ids, a.probs):
                    key = (self.att.states[a_id], self.dfn.states[d_id])
                    out[key] = out.get(key, self.f.zero) + weight * p * q
        return out, None
