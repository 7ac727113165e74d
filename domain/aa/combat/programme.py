"""Round-by-round distributions for the exact odds: opening fire, then one round from any state.

Each function mirrors a step of ``sequence.fight_round`` (same BattleModel, same order), but returns
a distribution over next states instead of rolling. Side states are interned as small integers so
the propagation in odds.py keys its dictionaries by one int per battle state.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.aa.combat.distributions import Field
from domain.aa.combat.forces import AaRule
from domain.aa.combat.model import BattleModel, reachable
from domain.aa.combat.sides import SideModel

State = tuple[tuple[int, ...], tuple[int, ...]]
SHIFT = 32  # battle state key = attacker id << SHIFT | defender id
MASK = (1 << SHIFT) - 1


class Interned:
    """Side states <-> small ints, with each state's hit points and liveness computed once."""

    def __init__(self, side: SideModel):
        self.side = side
        self.ids: dict = {}
        self.states: list = []
        self.hp: list[int] = []
        self.alive: list[bool] = []
        self.by_hp: dict[int, list[int]] = {}
        self._successors: dict[int, list[int]] = {}
        self._signatures: dict[int, tuple] = {}

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
        ids = self.successors(i)[:len(probs)]
        return Rows(ids, probs, max(ids) + 1)

    def signature(self, i: int) -> tuple[bool, bool, bool, bool]:
        """What the enemy's fire depends on: (has an anti_submarine unit, has aircraft, has evading
        units, has other units) - memoised per state."""
        found = self._signatures.get(i)
        if found is None:
            counts = self.states[i]
            air, evades, other = self.side.targets(counts)
            found = self._signatures[i] = (self.side.has_anti_sub(counts), air > 0, evades > 0, other > 0)
        return found


class Rows(NamedTuple):
    """One side's next states: ids[k] with probs[k]; ``top`` is max(ids) + 1."""

    ids: list
    probs: list
    top: int


def rows_of(pairs: dict) -> Rows:
    ids = list(pairs)
    return Rows(ids, list(pairs.values()), max(ids) + 1)


class Product(NamedTuple):
    """A round whose two sides' casualties are independent: P(na, nd) = P(na) x P(nd). Most battles
    (no surprise strike, no lone transports) stay in this form, which the propagation walks fast."""

    attacker: Rows
    defender: Rows


class Programme:
    """The rounds of one battle as distributions over next states."""

    def __init__(self, model: BattleModel, exact: bool):
        self.model = model
        self.f = Field(exact)
        self.att = Interned(model.attacker)
        self.dfn = Interned(model.defender)
        self.expanded = 0
        self._bombard = None
        # Casualties of the two sides are coupled only by lone defenceless units and end-of-round
        # submerging; without them (and without a surprise strike) a round is a Product.
        submerging = model.options.attacker_submerge or model.options.defender_submerge
        self._coupled = model._has_defenceless or (submerging and model.pack.combat.submerge_timing == "end_of_round")
        self._submerging = submerging and model.pack.combat.submerge_timing == "before_fire"
        self._surprising = model.attacker.may_surprise or model.defender.may_surprise
        # A general round is then a Product that depends only on the two interned ids.
        self.fast = not (self._coupled or self._submerging or self._surprising)
        self._fires: dict = {}

    # -- opening fire (round 1) --------------------------------------------------------------

    def opening(self) -> tuple[dict, object]:
        """Distribution of states after AA fire at transports and aircraft; expected transports sunk."""
        m, f = self.model, self.f
        att, dfn = m.initial()
        dist = {att: f.one}
        sunk = f.zero
        mode, guns, shots_or_target, hit = m.aa_plan()
        if m.fires_at_transports():
            q = f.ratio(shots_or_target, m.sides) * f.ratio(hit, m.sides)
            dist, sunk = self._transports(att, guns, q)
        if guns:
            dist = self._aa(dist, mode, guns, shots_or_target, hit)
        out: dict = {}
        for a, p in dist.items():
            key = m.cleanup(a, dfn)
            out[key] = out.get(key, f.zero) + p
        return out, sunk

    def _transports(self, att, guns: int, q):
        """AAR1-aa at unloading transports: per transport (TWO_ROLL) or per assault (TWO_ROLL_ID)."""
        m, f = self.model, self.f
        if m.aa_rule is AaRule.TWO_ROLL:
            p_sink = f.one - (f.one - q) ** guns
            dist = {att: f.one}
            for cargo in m.landings:
                nxt: dict = {}
                for a, p in dist.items():
                    nxt[a] = nxt.get(a, f.zero) + p * (f.one - p_sink)
                    sunk_a = tuple(x - c for x, c in zip(a, cargo))
                    nxt[sunk_a] = nxt.get(sunk_a, f.zero) + p * p_sink
                dist = nxt
            return dist, p_sink * len(m.landings)
        cheapest = sorted(range(len(m.landings)), key=lambda i: (m.landing_values[i], i))
        dist, sunk = {}, f.zero
        for kills, p in enumerate(f.binomial(guns, q)):
            lost = cheapest[:kills]
            a = att
            for i in lost:
                a = tuple(x - c for x, c in zip(a, m.landings[i]))
            dist[a] = dist.get(a, f.zero) + p
            sunk += p * len(lost)
        return dist, sunk

    def _aa(self, dist: dict, mode: str, guns: int, shots_or_target: int, hit: int) -> dict:
        m, f = self.model, self.f
        side = m.attacker
        out: dict = {}
        for att, p in dist.items():
            aircraft = [(g, c) for g, c in enumerate(att) if c and side.air[g] and side.present[g]]
            n_air = sum(c for _, c in aircraft)
            if mode == "per_aircraft":
                p_down = f.one - (f.one - f.ratio(hit, m.sides)) ** guns
                branch = {att: p}
                for g, c in aircraft:
                    nxt: dict = {}
                    for a, pa in branch.items():
                        for k, pk in enumerate(f.binomial(c, p_down)):
                            a2 = a[:g] + (a[g] - k,) + a[g + 1:]
                            nxt[a2] = nxt.get(a2, f.zero) + pa * pk
                    branch = nxt
                for a, pa in branch.items():
                    out[a] = out.get(a, f.zero) + pa
                continue
            if mode == "shots_per_gun":
                kills = f.binomial(min(guns * shots_or_target, n_air), f.ratio(hit, m.sides))
            else:
                kills = f.binomial(guns, f.ratio(shots_or_target, m.sides) * f.ratio(hit, m.sides))
            for k, pk in enumerate(kills):
                a2 = side.remove_air(att, min(k, n_air))
                out[a2] = out.get(a2, f.zero) + p * pk
        return out

    # -- one round ----------------------------------------------------------------------------

    def _bombard_pmf(self):
        if self._bombard is None:
            pmf = [self.f.one]
            for _, needed, count in self.model.bombard:
                pmf = self.f.convolve(pmf, self.f.binomial(count, self.f.ratio(needed, self.model.sides)))
            self._bombard = pmf
        return self._bombard

    def _exchange(self, att, dfn, surprise: bool, first: bool, p0, out: dict) -> None:
        """Both sides fire at once; adds the distribution of (att, dfn) after casualties to ``out``."""
        m, f = self.model, self.f
        a, d = m.attacker, m.defender
        a_shots = m.shots(att, dfn, True, surprise)
        d_shots = m.shots(att, dfn, False, surprise)
        bombard = first and not surprise and m.bombard
        if not (a_shots or d_shots or bombard):
            key = (att, dfn)
            out[key] = out.get(key, f.zero) + p0
            return
        a_vec = f.vectors(self._pmfs(a_shots, d.targets(dfn), bombard), d.targets(dfn))
        d_vec = f.vectors(self._pmfs(d_shots, a.targets(att), False), a.targets(att))
        new_d = [(d.assign(dfn, h), p0 * p) for h, p in a_vec]
        new_a = [(a.assign(att, h), q) for h, q in d_vec]
        get = out.get
        zero = f.zero
        for nd, p in new_d:
            for na, q in new_a:
                key = (na, nd)
                out[key] = get(key, zero) + p * q

    def round(self, att, dfn, first: bool):
        """One round from a live state: ({next state: p} or a Product, None), or (None, state) for a
        stalemate."""
        m, f = self.model, self.f
        if self._submerging:
            att, dfn = m.submerge(att, dfn, "before_fire")
            if m.outcome(att, dfn) is not None:
                return {(att, dfn): f.one}, None
        a_fire, d_fire = m.shots(att, dfn, True, False), m.shots(att, dfn, False, False)
        surprise = self._surprising and bool(m.shots(att, dfn, True, True) or m.shots(att, dfn, False, True))
        if not (a_fire or d_fire or surprise or (first and m.bombard)):
            return None, (att, dfn)  # m.can_fight is False: nobody can hit anybody
        if not self._coupled and not surprise:
            return self._product(att, dfn, first, a_fire, d_fire), None
        after_surprise: dict = {}
        self._exchange(att, dfn, True, first, f.one, after_surprise)
        after_fire: dict = {}
        for (a, d), p in after_surprise.items():
            if m.outcome(a, d) is None:
                self._exchange(a, d, False, first, p, after_fire)
            else:
                after_fire[(a, d)] = after_fire.get((a, d), f.zero) + p
        out: dict = {}
        for (a, d), p in after_fire.items():
            a, d = m.cleanup(a, d)
            if m.outcome(a, d) is None:
                a, d = m.submerge(a, d, "end_of_round")
            out[(a, d)] = out.get((a, d), f.zero) + p
        return out, None

    def _pmfs(self, shots, reach: tuple[int, int, int], bombard) -> tuple[list, list, list]:
        return self.f.merged_pmfs(shots, self.model.sides, reach[0] > 0, reach[1] > 0,
                                  self._bombard_pmf() if bombard else None)

    def _rows(self, target: Interned, i: int, pmfs) -> Rows:
        """The target's next states (by id) and their probabilities for the hits it takes."""
        f, side = self.f, target.side
        sub, air, anyc = pmfs
        if len(sub) == 1 and len(air) == 1:
            return target.rows(i, f.truncate(anyc, target.hp[i]))
        counts = target.states[i]
        pairs: dict = {}
        for h, p in f.vectors(pmfs, side.targets(counts)):
            j = target.id(side.assign(counts, h))
            pairs[j] = pairs.get(j, f.zero) + p
        return rows_of(pairs)

    def _product(self, att, dfn, first: bool, a_fire, d_fire) -> Product:
        m = self.model
        a, d = m.attacker, m.defender
        a_pmfs = self._pmfs(a_fire, d.targets(dfn), first and m.bombard)
        d_pmfs = self._pmfs(d_fire, a.targets(att), False)
        return Product(self._rows(self.att, self.att.id(att), d_pmfs), self._rows(self.dfn, self.dfn.id(dfn), a_pmfs))

    def fast_product(self, a_id: int, d_id: int) -> Product | None:
        """A general round (not the first) from interned ids, or None for a stalemate; only when
        ``fast`` (no submerging, surprise strike or lone defenceless units in this battle)."""
        A, D = self.att, self.dfn
        a_fires, a_pmfs = self._fire(A, a_id, D.signature(d_id), True)
        d_fires, d_pmfs = self._fire(D, d_id, A.signature(a_id), False)
        if not (a_fires or d_fires):
            return None
        return Product(self._rows(A, a_id, d_pmfs), self._rows(D, d_id, a_pmfs))

    def _fire(self, side: Interned, i: int, enemy: tuple, attacking: bool):
        """(fires at all, per-class hit distributions) of a side state against an enemy signature,
        memoised: the same as ``BattleModel.shots`` for general fire, keyed by ids."""
        key = (attacking, i, enemy)
        found = self._fires.get(key)
        if found is None:
            anti_sub, air, evades, other = enemy
            shots = reachable(side.side.shots(side.states[i], False, anti_sub), air, evades, other)
            found = self._fires[key] = (bool(shots), self.f.merged_pmfs(shots, self.model.sides, air, evades))
        return found

    def round_dict(self, att, dfn, first: bool):
        """``round`` with a Product spelled out as {(att, dfn): p}."""
        nxt, stalemate = self.round(att, dfn, first)
        if not isinstance(nxt, Product):
            return nxt, stalemate
        out: dict = {}
        for d_id, p in zip(nxt.defender.ids, nxt.defender.probs):
            for a_id, q in zip(nxt.attacker.ids, nxt.attacker.probs):
                key = (self.att.states[a_id], self.dfn.states[d_id])
                out[key] = out.get(key, self.f.zero) + p * q
        return out, stalemate

    def key(self, att, dfn) -> int:
        return self.att.id(att) << SHIFT | self.dfn.id(dfn)

    def state(self, key: int) -> State:
        return self.att.states[key >> SHIFT], self.dfn.states[key & MASK]

    def hit_points(self, key: int) -> int:
        return self.att.hp[key >> SHIFT] + self.dfn.hp[key & MASK]
