"""One side of a battle: its unit groups, what they fire, and how hits become casualties.

A side's state is a tuple of counts, one per group (unit type x damaged / amphibious / submerged),
so battle states are small canonical tuples the engine and the exact odds share. Results are
memoised per state: the same rules object serves every round of the engine, every Monte Carlo run
and every state of the dynamic programme.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple

from domain.aa.units import Ability, Keep, UnitType

# Hit classes: a sub's hits cannot land on aircraft; an aircraft's hits cannot land on evading
# units (submarines) unless its side has an anti_submarine unit; every other hit lands anywhere.
HIT_SUB, HIT_AIR, HIT_ANY = 0, 1, 2
_AIR, _EVADES, _OTHER = 0, 1, 2  # target categories
DAMAGE, SINK = 0, 1


@dataclass(frozen=True)
class Group:
    unit: str
    damaged: bool = False
    amphibious: bool = False
    submerged: bool = False


class Shot(NamedTuple):
    """``count`` units of ``group`` each fire ``dice`` dice hitting on <= ``needed``."""

    group: int
    count: int
    needed: int
    dice: int
    best: bool
    klass: int


def default_order(units: Mapping[str, UnitType], canonical: tuple[str, ...]) -> tuple[str, ...]:
    """Default order of loss: absorb the first hit of two-hit units, then cheapest first."""
    rank = {name: i for i, name in enumerate(canonical)}
    by_cost = sorted(units, key=lambda n: (units[n].cost, rank[n]))
    return tuple(f"{n}:hit" for n in by_cost if units[n].hits > 1) + tuple(by_cost)


def full_order(owner: tuple[str, ...], units: Mapping[str, UnitType], canonical: tuple[str, ...]) -> tuple[str, ...]:
    """The owner's order of loss completed: unlisted two-hit units absorb hits first, unlisted units
    follow the owner's entries cheapest first."""
    if not owner:
        return default_order(units, canonical)
    listed = set(owner)
    mentioned = {entry.partition(":")[0] for entry in listed}
    # A unit listed only by its first hit ("battleship:hit") is still sunk, in its default place.
    rest = [e for e in default_order(units, canonical)
            if e.partition(":")[0] not in mentioned or (e not in listed and f"{e}:hit" in listed)]
    return tuple(e for e in rest if e.endswith(":hit")) + owner + tuple(e for e in rest if not e.endswith(":hit"))


class SideModel:
    """Static facts of one side plus memoised per-state rules."""

    def __init__(self, *, attacking: bool, groups: tuple[Group, ...], units: Mapping[str, UnitType],
                 order: tuple[str, ...], keep_last_land: bool, sides: int):
        self.attacking = attacking
        self.groups = groups
        self.sides = sides
        self.units = units
        specs = [units[g.unit] for g in groups]
        self.spec = tuple(specs)
        self.index = {g: i for i, g in enumerate(groups)}
        self.present = tuple(not g.submerged and not s.has(Ability.NOT_CASUALTY) for g, s in zip(groups, specs))
        self.air = tuple(s.is_air for s in specs)
        self.land = tuple(s.is_land for s in specs)
        self.cat = tuple(_AIR if s.is_air else _EVADES if s.has(Ability.EVADES_AIR) else _OTHER for s in specs)
        self.defenceless = tuple(s.has(Ability.DEFENCELESS) for s in specs)
        self.anti_sub = tuple(s.has(Ability.ANTI_SUBMARINE) and p for s, p in zip(specs, self.present))
        self.surprise = tuple(s.has(Ability.SURPRISE_STRIKE) for s in specs)
        self._anti_sub_groups = tuple(g for g, a in enumerate(self.anti_sub) if a)
        # Whether this side can ever fire a surprise strike (most battles: no subs at all).
        self.fire = self._fire_values(specs, groups)
        self.may_surprise = any(s and f for s, f in zip(self.surprise, self.fire))
        self.dice = tuple(s.attack_dice if attacking else 1 for s in specs)
        self.best = tuple(attacking and s.keep is Keep.BEST for s in specs)
        self.klass_base = tuple(HIT_SUB if s.has(Ability.CANNOT_HIT_AIR) else HIT_ANY for s in specs)
        self.cost = tuple(s.cost for s in specs)
        self.damaged_of = {i: self.index[Group(g.unit, True, g.amphibious)] for i, g in enumerate(groups)
                           if specs[i].hits > 1 and not g.damaged}
        self.submerged_of = {i: self.index[Group(g.unit, submerged=True)] for i, g in enumerate(groups)
                             if Group(g.unit, submerged=True) in self.index and not g.submerged}
        self.keep_last_land = keep_last_land
        self._order = order
        self._supports = self._support_relations() if attacking else ()
        self._pairings = self._pairing_relations() if attacking else ()
        self._slots: dict = {}
        self._assigned: dict = {}
        self._shots: dict = {}
        self._targets: dict = {}

    # -- firepower ---------------------------------------------------------------------------

    def _fire_values(self, specs, groups) -> tuple[int, ...]:
        return tuple(0 if g.submerged else min(s.attack if self.attacking else s.defence, self.sides)
                     for g, s in zip(groups, specs))

    def _groups_of(self, name: str) -> list[int]:
        return [i for i, g in enumerate(self.groups) if g.unit == name and not g.submerged]

    def _support_relations(self):
        relations = []
        for name, unit in self.units.items():
            supporters = self._groups_of(name)
            if unit.supports is None or not supporters:
                continue
            targets = [i for t in unit.supports.targets for i in self._groups_of(t)]
            if targets:
                relations.append((tuple(supporters), unit.supports.count, unit.supports.bonus, tuple(targets)))
        # Supporters with fewer kinds of target choose first, so no support is wasted.
        return tuple(sorted(relations, key=lambda r: len({self.groups[t].unit for t in r[3]})))

    def _pairing_relations(self):
        relations = []
        for name, unit in self.units.items():
            paired = self._groups_of(name)
            if unit.pairing is None or not paired:
                continue
            partners = tuple(i for p in unit.pairing.partners for i in self._groups_of(p))
            if partners:
                relations.append((tuple(paired), unit.pairing.bonus, partners))
        return tuple(relations)

    def boosted(self, counts: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """Artillery support and tactical bomber pairing: (group, units, bonus) pieces."""
        pieces = []
        supported = [0] * len(counts)
        for supporters, per, bonus, targets in self._supports:
            capacity = sum(counts[s] for s in supporters) * per
            for t in targets:
                take = min(counts[t] - supported[t], capacity)
                if take > 0:
                    pieces.append((t, take, bonus))
                    supported[t] += take
                    capacity -= take
        for paired, bonus, partners in self._pairings:
            capacity = sum(counts[p] for p in partners)
            for t in paired:
                take = min(counts[t], capacity)
                if take > 0:
                    pieces.append((t, take, bonus))
                    capacity -= take
        return pieces

    def fires(self, counts: tuple[int, ...]) -> bool:
        """Whether any unit here rolls dice (a lone transport does not)."""
        return any(c and f for c, f in zip(counts, self.fire))

    def has_anti_sub(self, counts: tuple[int, ...]) -> bool:
        return any(counts[g] for g in self._anti_sub_groups)

    def shots(self, counts: tuple[int, ...], surprise_phase: bool, enemy_anti_sub: bool) -> tuple[Shot, ...]:
        """What this side fires in the surprise strike step or in general fire.

        Subs fire in the surprise step only while the enemy has no anti_submarine unit; then they
        do not fire again in general fire. Aircraft hit evading units only with a friendly
        anti_submarine unit present."""
        key = (counts, surprise_phase, enemy_anti_sub)
        cached = self._shots.get(key)
        if cached is not None:
            return cached
        air_class = HIT_ANY if self.has_anti_sub(counts) else HIT_AIR
        bonus = {}
        for g, n, b in self.boosted(counts):
            bonus.setdefault(g, []).append((n, b))
        out = []
        for g, n in enumerate(counts):
            if not n or not self.fire[g]:
                continue
            early = self.surprise[g] and not enemy_anti_sub
            if early != surprise_phase:
                continue
            klass = air_class if self.air[g] else self.klass_base[g]
            rest = n
            for k, b in bonus.get(g, ()):
                out.append(Shot(g, k, min(self.fire[g] + b, self.sides), self.dice[g], self.best[g], klass))
                rest -= k
            if rest:
                out.append(Shot(g, rest, self.fire[g], self.dice[g], self.best[g], klass))
        result = tuple(out)
        self._shots[key] = result
        return result

    @staticmethod
    def unrestricted(shots: tuple[Shot, ...]) -> bool:
        """Every shot may hit any unit."""
        return all(s.klass == HIT_ANY for s in shots)

    # -- casualties ---------------------------------------------------------------------------

    def slots(self, counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """Hit points in the order the owner loses them: (group, DAMAGE | SINK)."""
        cached = self._slots.get(counts)
        if cached is not None:
            return cached
        out: list[tuple[int, int]] = []
        hit_done: set[str] = set()
        # An entry named twice counts once: its units would otherwise be lost twice over (a side
        # with negative units never dies, and its battle never ends).
        for entry in dict.fromkeys(self._order):
            name, _, hit = entry.partition(":")
            groups = [g for g in self._groups_of(name) if self.present[g] and not self.defenceless[g]]
            if hit:
                hit_done.add(name)
                out += [(g, DAMAGE) for g in groups if g in self.damaged_of for _ in range(counts[g])]
                continue
            for g in sorted(groups, key=lambda g: (not self.groups[g].damaged, not self.groups[g].amphibious)):
                if g in self.damaged_of and name not in hit_done:
                    out += [(g, DAMAGE)] * counts[g]
                out += [(g, SINK)] * counts[g]
        if self.keep_last_land:
            last = max((i for i, (g, _) in enumerate(out) if self.land[g]), default=None)
            if last is not None:
                out.append(out.pop(last))
        out += [(g, SINK) for g, n in enumerate(counts) if self.defenceless[g] and self.present[g] for _ in range(n)]
        result = tuple(out)
        self._slots[counts] = result
        return result

    def hit_points(self, counts: tuple[int, ...]) -> int:
        return len(self.slots(counts))

    def alive(self, counts: tuple[int, ...]) -> bool:
        return any(c and p for c, p in zip(counts, self.present))

    def targets(self, counts: tuple[int, ...]) -> tuple[int, int, int]:
        """How many hit points an air / evading / other hit could land on."""
        cached = self._targets.get(counts)
        if cached is None:
            found = [0, 0, 0]
            for g, _ in self.slots(counts):
                found[self.cat[g]] += 1
            cached = self._targets[counts] = (found[0], found[1], found[2])
        return cached

    def assign(self, counts: tuple[int, ...], hits: tuple[int, int, int]) -> tuple[int, ...]:
        """Counts after (sub, air, any) hits, casualties chosen by ``choose`` (memoised)."""
        key = (counts, hits)
        cached = self._assigned.get(key)
        if cached is None:
            cached = self._assigned[key] = self.apply(counts, self.choose(counts, hits))
        return cached

    def choose(self, counts: tuple[int, ...], hits: tuple[int, int, int]) -> list[tuple[int, int]]:
        """Hit points lost to (sub, air, any) hits, by the order of loss.

        Restricted hits make this a matching problem; taking hit points greedily in the owner's order
        whenever the chosen set can still be matched to the hits (Hall's condition per category)
        gives the owner's preferred casualties."""
        h_sub, h_air, h_any = hits
        total = h_sub + h_air + h_any
        slots = self.slots(counts)
        if not h_sub and not h_air:
            return list(slots[:total])
        chosen, taken = [], [0, 0, 0]
        for slot in slots:
            if len(chosen) == total:
                break
            cat = self.cat[slot[0]]
            if cat == _AIR and taken[_AIR] + 1 > h_air + h_any:
                continue
            if cat == _EVADES and taken[_EVADES] + 1 > h_sub + h_any:
                continue
            taken[cat] += 1
            chosen.append(slot)
        return chosen

    def apply(self, counts: tuple[int, ...], chosen) -> tuple[int, ...]:
        """Remove chosen hit points: a damage point moves a unit to its damaged group."""
        new = list(counts)
        damage: dict[int, int] = {}
        sunk: dict[int, int] = {}
        for g, kind in chosen:
            bucket = damage if kind == DAMAGE else sunk
            bucket[g] = bucket.get(g, 0) + 1
        for g, s in sunk.items():
            new[g] -= s
        for g, d in damage.items():
            # A sink point on an undamaged two-hit unit always comes with that unit's damage point:
            # units damaged but not sunk move to the damaged group.
            still_afloat = d - sunk.get(g, 0)
            new[g] -= still_afloat
            new[self.damaged_of[g]] += still_afloat
        return tuple(new)

    def remove_air(self, counts: tuple[int, ...], kills: int) -> tuple[int, ...]:
        """Anti-aircraft casualties: the owner's order of loss among aircraft."""
        air = [s for s in self.slots(counts) if self.air[s[0]]]
        return self.apply(counts, air[:kills])

    def submerge(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """Move every sub that may submerge into its submerged group."""
        new = list(counts)
        for g, s in self.submerged_of.items():
            new[s] += new[g]
            new[g] = 0
        return tuple(new)

    def value(self, counts: tuple[int, ...]) -> int:
        """IPC value of the units (a damaged unit is repaired, so it keeps its value)."""
        return sum(c * v for c, v in zip(counts, self.cost))

    def describe(self, counts: tuple[int, ...]) -> tuple[tuple[Group, int], ...]:
        return tuple((g, c) for g, c in zip(self.groups, counts) if c)
