"""A battle's static rules: both sides' groups, opening fire, and the checks between steps.

``BattleModel`` is built once from (pack, forces, options); the engine (sequence.py), the exact
odds (odds.py) and the Monte Carlo cross-check all read it, so they apply the same rules.
"""
from __future__ import annotations

from enum import Enum

from domain.aa.combat.forces import AaRule, BattleKind, BattleOptions, Forces, validate_battle
from domain.aa.combat.sides import Group, Shot, SideModel, full_order
from domain.aa.units import AaMode, Ability, EditionPack, SubmergeTiming, UnitType


class Outcome(Enum):
    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    MUTUAL_DESTRUCTION = "mutual_destruction"
    ATTACKER_RETREATED = "attacker_retreated"
    STALEMATE = "stalemate"


def reachable(shots: tuple[Shot, ...], air: bool, evades: bool, other: bool) -> tuple[Shot, ...]:
    """The shots that could hit something: a sub's shot needs a non-aircraft target, an aircraft's
    (without a friendly anti_submarine unit) a non-evading one."""
    reach = (evades or other, air or other, air or evades or other)  # by hit class (sub, air, any)
    if all(reach[s.klass] for s in shots):
        return shots
    return tuple(s for s in shots if reach[s.klass])


def _groups(names: list[str], amphibious: set[str], units: dict[str, UnitType], counts: dict[str, int],
            submerge: bool) -> tuple[Group, ...]:
    out: list[Group] = []
    for name in names:
        unit = units[name]
        if unit.has(Ability.NOT_CASUALTY):
            continue
        variants = [a for a, present in ((False, counts.get(name, 0) > 0), (True, name in amphibious)) if present]
        for amph in variants:
            out.append(Group(name, amphibious=amph))
            if unit.hits > 1:
                out.append(Group(name, damaged=True, amphibious=amph))
        if submerge and unit.has(Ability.SUBMERGE) and variants:
            out.append(Group(name, submerged=True))
    return tuple(out)


class BattleModel:
    """Static facts and shared rule checks of one battle."""

    def __init__(self, pack: EditionPack, forces: Forces, options: BattleOptions = BattleOptions()):
        validate_battle(pack, forces, options)
        self.pack, self.forces, self.options = pack, forces, options
        self.sides = pack.combat.dice_sides
        self.aa_rule = options.aa_rule or AaRule(pack.default_aa_rule)
        self.land = forces.kind is BattleKind.LAND
        canonical = pack.unit_order()
        att_units = pack.side_units(options.attacker_techs)
        def_units = pack.side_units(options.defender_techs)
        cargo = [name for landing in forces.amphibious for name in landing]
        att_names = [n for n in canonical if forces.attacker.get(n, 0) > 0 or n in cargo]
        def_names = [n for n in canonical if forces.defender.get(n, 0) > 0]
        att_groups = _groups(att_names, set(cargo), att_units, forces.attacker, options.attacker_submerge)
        def_groups = _groups(def_names, set(), def_units, forces.defender, options.defender_submerge)
        present_att = {g.unit: att_units[g.unit] for g in att_groups}
        present_def = {g.unit: def_units[g.unit] for g in def_groups}
        self.attacker = SideModel(
            attacking=True, groups=att_groups, units=present_att, sides=self.sides,
            order=full_order(tuple(options.attacker_order), present_att, canonical),
            keep_last_land=self.land and options.take_territory)
        self.defender = SideModel(
            attacking=False, groups=def_groups, units=present_def, sides=self.sides,
            order=full_order(tuple(options.defender_order), present_def, canonical), keep_last_land=False)
        self.landings = tuple(self._cargo_counts(landing) for landing in forces.amphibious)
        self.landing_values = tuple(sum(att_units[n].cost for n in landing) for landing in forces.amphibious)
        self.transport_cost = att_units[pack.combat.transport_unit].cost
        guns = {n: c for n, c in forces.defender.items() if c and def_units[n].has(Ability.ANTI_AIRCRAFT)}
        self.aa_guns = sum(guns.values())
        self.aa_unit = next(iter(guns), "")
        self.bombard = tuple((n, min(att_units[n].attack, self.sides), c) for n, c in forces.bombard.items() if c)
        self._defender_techs = options.defender_techs
        self._initial = self._initial_counts()
        self._outcomes: dict = {}
        self._has_defenceless = any(self.attacker.defenceless) or any(self.defender.defenceless)

    def _cargo_counts(self, landing: tuple[str, ...]) -> tuple[int, ...]:
        counts = [0] * len(self.attacker.groups)
        for name in landing:
            counts[self.attacker.index[Group(name, amphibious=True)]] += 1
        return tuple(counts)

    def initial(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Counts before opening fire; amphibious units count as landed (opening fire may sink them)."""
        return self._initial

    def _initial_counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        att = [0] * len(self.attacker.groups)
        for i, g in enumerate(self.attacker.groups):
            if not (g.damaged or g.submerged):
                att[i] = (sum(c[i] for c in self.landings) if g.amphibious else self.forces.attacker.get(g.unit, 0))
        dfn = [0] * len(self.defender.groups)
        for i, g in enumerate(self.defender.groups):
            if not (g.damaged or g.submerged):
                dfn[i] = self.forces.defender.get(g.unit, 0)
        return tuple(att), tuple(dfn)

    # -- opening fire parameters (AA) -------------------------------------------------------

    def aa_plan(self) -> tuple[AaMode, int, int, int]:
        """(mode, firing guns, shots or target number, hit number) of anti-aircraft fire: the
        edition's (the pack's mode) or, under the seed's rule, TWO_ROLL (AAR1-aa)."""
        if self.aa_rule is AaRule.EDITION:
            rule = self.pack.combat.aa_fire
            guns = min(self.aa_guns, rule.max_guns or self.aa_guns)
            hit = self.pack.aa_hit(self._defender_techs, rule.hit)
            return rule.mode, guns, rule.shots_per_gun, min(hit, self.sides)
        rule = self.pack.combat.two_roll_aa
        hit = self.pack.aa_hit(self._defender_techs, rule.hit)
        return AaMode.TWO_ROLL, min(self.aa_guns, rule.max_guns), rule.target, min(hit, self.sides)

    def fires_at_transports(self) -> bool:
        """AAR1-aa: under the seed's rule AA guns also fire at unloading transports."""
        return self.aa_rule is not AaRule.EDITION and bool(self.landings) and self.aa_guns > 0

    # -- checks between steps ---------------------------------------------------------------

    def cleanup(self, att: tuple[int, ...], dfn: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Defenceless units (Global 1940 transports) left alone against units that can fire are lost."""
        if not self._has_defenceless:
            return att, dfn
        return (self.lone_defenceless(self.attacker, att, self.defender.fires(dfn)),
                self.lone_defenceless(self.defender, dfn, self.attacker.fires(att)))

    @staticmethod
    def lone_defenceless(side: SideModel, counts: tuple[int, ...], enemy_fires: bool) -> tuple[int, ...]:
        """``counts`` without its defenceless units if they are all it has left and the enemy fires."""
        if not enemy_fires or not any(c and d for c, d in zip(counts, side.defenceless)):
            return counts
        if any(c and p and not d for c, p, d in zip(counts, side.present, side.defenceless)):
            return counts
        return tuple(0 if d and p else c for c, d, p in zip(counts, side.defenceless, side.present))

    def outcome(self, att: tuple[int, ...], dfn: tuple[int, ...]) -> Outcome | None:
        """None while both sides have units in the battle (memoised: the odds ask often)."""
        key = (att, dfn)
        if key in self._outcomes:
            return self._outcomes[key]
        a, d = self.attacker.alive(att), self.defender.alive(dfn)
        if a and d:
            result = None
        elif a:
            result = Outcome.ATTACKER_WINS
        else:
            result = Outcome.DEFENDER_WINS if d else Outcome.MUTUAL_DESTRUCTION
        self._outcomes[key] = result
        return result

    def captures(self, att: tuple[int, ...]) -> bool:
        """A land battle is won for the territory only by a surviving land unit."""
        side = self.attacker
        return self.land and any(c and side.land[g] and side.present[g] for g, c in enumerate(att))

    def shots(self, att, dfn, attacking: bool, surprise: bool):
        """What one side fires in the surprise step or in general fire, leaving out shots that could
        hit nothing (a sub's shot at aircraft only, an aircraft's at evading subs only): those
        units do not roll."""
        side, counts, enemy, enemy_counts = ((self.attacker, att, self.defender, dfn) if attacking
                                             else (self.defender, dfn, self.attacker, att))
        if surprise and not side.may_surprise:
            return ()
        shots = side.shots(counts, surprise, enemy.has_anti_sub(enemy_counts))
        if not shots or (side.unrestricted(shots) and enemy.hit_points(enemy_counts)):
            return shots
        air, evades, other = enemy.targets(enemy_counts)
        return reachable(shots, air > 0, evades > 0, other > 0)

    def can_fight(self, att: tuple[int, ...], dfn: tuple[int, ...], first: bool) -> bool:
        """False when no unit on either side can hit anything: the battle stops (stalemate)."""
        if first and self.bombard:
            return True
        return any(self.shots(att, dfn, attacking, surprise) for attacking in (True, False)
                   for surprise in (True, False))

    def submerge(self, att, dfn, timing: SubmergeTiming):
        """Subs whose owner chose to submerge leave the battle if the enemy has no anti_submarine unit."""
        if self.pack.combat.submerge_timing is not timing:
            return att, dfn
        new_att, new_dfn = att, dfn
        if self.options.attacker_submerge and not self.defender.has_anti_sub(dfn):
            new_att = self.attacker.submerge(att)
        if self.options.defender_submerge and not self.attacker.has_anti_sub(att):
            new_dfn = self.defender.submerge(dfn)
        return new_att, new_dfn

    def ipc_lost(self, att, dfn, transports_lost: int = 0) -> tuple[int, int]:
        att0, dfn0 = self.initial()
        return (self.attacker.value(att0) - self.attacker.value(att) + transports_lost * self.transport_cost,
                self.defender.value(dfn0) - self.defender.value(dfn))
