"""Round-by-round distributions for the exact odds: opening fire, then one round from any state.

Each function mirrors a step of ``sequence.fight_round`` (same BattleModel, same order), but returns
a distribution over next states instead of rolling. Side states are interned as small integers so
the propagation in odds.py keys its dictionaries by one int per battle state.
"""
from __future__ import annotations

from typing import NamedTuple

from domain.aa.combat.distributions import Field
from domain.aa.combat.forces import AaRule
from domain.aa.combat.model import BattleModel
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


class Product(NamedTuple):
    """A round whose two sides' casualties are independent: P(na, nd) = P(na) x P(nd), as rows of
    (interned id, probability). Most battles (no surprise strike, no lone transports) stay in this
    form, which the propagation walks fast."""

    attacker: list
    defender: list


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
        self._coupled = model._has_defenceless or (
            model.pack.combat.submerge_timing == "end_of_round"
            and (model.options.attacker_submerge or model.options.defender_submerge))

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
        """One round from a live state: ({next state: p}, None), or (None, state) for a stalemate."""
        m, f = self.model, self.f
        att, dfn = m.submerge(att, dfn, "before_fire")
        if m.outcome(att, dfn) is not None:
            return {(att, dfn): f.one}, None
        if not m.can_fight(att, dfn, first):
            return None, (att, dfn)
        if not self._coupled and not self._surprise(att, dfn):
            return self._product(att, dfn, first), None
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

    def _surprise(self, att, dfn) -> bool:
        return bool(self.model.shots(att, dfn, True, True) or self.model.shots(att, dfn, False, True))

    def _pmfs(self, shots, reach: tuple[int, int, int], bombard) -> tuple[list, list, list]:
        return self.f.merged_pmfs(shots, self.model.sides, reach[0] > 0, reach[1] > 0,
                                  self._bombard_pmf() if bombard else None)

    def _rows(self, target: Interned, counts, pmfs) -> list:
        """[(id of the target's next state, probability)] for the hits it takes."""
        f, side = self.f, target.side
        reach = side.targets(counts)
        sub, air, anyc = pmfs
        i = target.id(counts)
        if len(sub) == 1 and len(air) == 1:
            return list(zip(target.successors(i), f.truncate(anyc, target.hp[i])))
        rows: dict = {}
        for h, p in f.vectors(pmfs, reach):
            j = target.id(side.assign(counts, h))
            rows[j] = rows.get(j, f.zero) + p
        return list(rows.items())

    def _product(self, att, dfn, first: bool) -> Product:
        m = self.model
        a, d = m.attacker, m.defender
        a_pmfs = self._pmfs(m.shots(att, dfn, True, False), d.targets(dfn), first and m.bombard)
        d_pmfs = self._pmfs(m.shots(att, dfn, False, False), a.targets(att), False)
        return Product(self._rows(self.att, att, d_pmfs), self._rows(self.dfn, dfn, a_pmfs))

    def round_dict(self, att, dfn, first: bool):
        """``round`` with a Product spelled out as {(att, dfn): p}."""
        nxt, stalemate = self.round(att, dfn, first)
        if not isinstance(nxt, Product):
            return nxt, stalemate
        out: dict = {}
        for d_id, p in nxt.defender:
            for a_id, q in nxt.attacker:
                key = (self.att.states[a_id], self.dfn.states[d_id])
                out[key] = out.get(key, self.f.zero) + p * q
        return out, stalemate

    def key(self, att, dfn) -> int:
        return self.att.id(att) << SHIFT | self.dfn.id(dfn)

    def state(self, key: int) -> State:
        return self.att.states[key >> SHIFT], self.dfn.states[key & MASK]

    def hit_points(self, key: int) -> int:
        return self.att.hp[key >> SHIFT] + self.dfn.hp[key & MASK]
