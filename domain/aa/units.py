"""Axis & Allies unit tables, advances and combat constants: the objects rules read.

The values live in each ruleset's YAML data pack (domain/aa/*/data/default.yaml), validated by
``domain.aa.pack_schema``; this module only defines their shape and how advances change them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import Iterable, Mapping


class Domain(Enum):
    LAND = "land"
    SEA = "sea"
    AIR = "air"
    FACILITY = "facility"


class Keep(Enum):
    """How a unit rolling several dice counts them: each die may hit, or only the best counts."""

    ALL = "all"
    BEST = "best"


class Ability(StrEnum):
    """What a unit table may give a unit; the combat engine reads exactly these."""

    ANTI_AIRCRAFT = "anti_aircraft"  # fires at attacking air units in the first round only
    ANTI_SUBMARINE = "anti_submarine"  # cancels enemy surprise strikes and submerging; lets own air hit evading units
    BLITZ = "blitz"  # moves through an empty enemy territory (movement; not used in combat)
    BOMBARD = "bombard"  # may bombard before the land battle of an amphibious assault, hitting on its attack
    CANNOT_ATTACK = "cannot_attack"  # may not take part in an attack
    CANNOT_HIT_AIR = "cannot_hit_air"  # its hits cannot be assigned to air units
    CARRIER = "carrier"  # carries aircraft (movement; not used in combat)
    DEFENCELESS = "defenceless"  # taken as a casualty last; destroyed when alone against enemy units that can fire
    EVADES_AIR = "evades_air"  # air units cannot hit it unless their side has an anti_submarine unit in the battle
    NOT_CASUALTY = "not_casualty"  # never taken as a casualty (captured with the territory instead)
    SUBMERGE = "submerge"  # may leave the battle when the enemy has no anti_submarine unit
    SURPRISE_STRIKE = "surprise_strike"  # fires before general combat when the enemy has no anti_submarine unit
    TRANSPORT = "transport"  # carries land units (movement; not used in combat)


class AaMode(StrEnum):
    """How anti-aircraft guns fire: the edition's rule (the pack's ``aa_fire.mode``) or seed 001's."""

    PER_AIRCRAFT = "per_aircraft"  # one die per aircraft per gun
    SHOTS_PER_GUN = "shots_per_gun"  # pooled shots, never more than one per aircraft
    TWO_ROLL = "two_roll"  # AAR1-aa: each gun rolls <= target, then <= hit


class SubmergeTiming(StrEnum):
    """When submarines that may submerge leave a battle."""

    BEFORE_FIRE = "before_fire"  # at the start of each round
    END_OF_ROUND = "end_of_round"


class BombardLimit(StrEnum):
    """How many ships may bombard an amphibious assault."""

    LANDED_UNITS = "landed_units"  # one bombarding ship per land unit unloaded
    NONE = "none"


@dataclass(frozen=True)
class Support:
    """Each supporter raises the attack of up to ``count`` target units by ``bonus`` (no stacking)."""

    targets: tuple[str, ...]
    count: int
    bonus: int


@dataclass(frozen=True)
class Pairing:
    """One-to-one pairing: the unit attacks ``bonus`` higher while paired with one partner."""

    partners: tuple[str, ...]
    bonus: int


@dataclass(frozen=True)
class UnitType:
    name: str
    title: str
    attack: int
    defence: int
    move: int
    cost: int
    hits: int
    domain: Domain
    abilities: frozenset[Ability] = frozenset()
    supports: Support | None = None
    pairing: Pairing | None = None
    attack_dice: int = 1
    keep: Keep = Keep.ALL
    provisional: bool = False

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    @property
    def is_air(self) -> bool:
        return self.domain is Domain.AIR

    @property
    def is_land(self) -> bool:
        return self.domain is Domain.LAND

    @property
    def is_sea(self) -> bool:
        return self.domain is Domain.SEA


@dataclass(frozen=True)
class TechEffect:
    """One change an advance makes; ``unit`` None means a side-wide effect (e.g. Radar)."""

    unit: str | None = None
    attack: int | None = None
    defence: int | None = None
    attack_dice: int | None = None
    keep: Keep | None = None
    cost: int | None = None
    support_count: int | None = None
    adds_abilities: frozenset[Ability] = frozenset()
    adds_support: Support | None = None
    aa_hit: int | None = None


@dataclass(frozen=True)
class Tech:
    name: str
    title: str
    chart: str | None
    roll: int | None
    combat: bool
    effects: tuple[TechEffect, ...]
    note: str = ""
    provisional: bool = False


@dataclass(frozen=True)
class AaFire:
    """The edition's anti-aircraft fire: one die per aircraft, or ``shots_per_gun`` per gun."""

    mode: AaMode  # PER_AIRCRAFT or SHOTS_PER_GUN
    shots_per_gun: int
    max_guns: int | None
    hit: int


@dataclass(frozen=True)
class TwoRollAa:
    """Seed 001 (AAR1-aa): at most ``max_guns`` guns; each rolls <= target to target, then <= hit."""

    max_guns: int
    target: int
    hit: int


@dataclass(frozen=True)
class CombatRules:
    dice_sides: int
    aa_fire: AaFire
    two_roll_aa: TwoRollAa
    bombard_limit: BombardLimit
    submerge_timing: SubmergeTiming
    transport_unit: str


@dataclass(frozen=True)
class WarBonds:
    """AAG40-tech War Bonds: in the income phase a power with the advance rolls a die and collects
    its value; a variant reads some faces as others (seed: "1, 2 count as 3")."""

    advance: str
    die: int
    variants: Mapping[str, Mapping[int, int]]  # variant -> {face: IPCs} for faces read otherwise
    default: str

    def ipcs(self, variant: str, face: int) -> int:
        return self.variants[variant].get(face, face)


@dataclass(frozen=True)
class EditionPack:
    edition: str
    title: str
    powers: tuple[str, ...]
    units: Mapping[str, UnitType]
    techs: Mapping[str, Tech]
    combat: CombatRules
    default_aa_rule: str
    sides: Mapping[str, str] = field(default_factory=dict)  # power -> side (Axis / Allies)
    war_bonds: WarBonds | None = None

    def enemies(self, power: str, other: str) -> bool:
        """Powers on different sides are enemies; a power is never its own."""
        return power != other and self.sides.get(power) != self.sides.get(other)

    def unit_order(self) -> tuple[str, ...]:
        """Canonical unit order (as listed in the pack): fixes the layout of battle states."""
        return tuple(self.units)

    def side_units(self, techs: Iterable[str]) -> dict[str, UnitType]:
        """AAG40-tech: the unit table as one side sees it once its advances apply."""
        return apply_techs(self.units, (self.techs[name] for name in sorted(techs)))

    def aa_hit(self, techs: Iterable[str], base: int) -> int:
        """AAG40-tech (Radar): the best anti-aircraft hit value the side's advances give."""
        values = [e.aa_hit for name in techs for e in self.techs[name].effects if e.aa_hit is not None]
        return max([base, *values])


def apply_techs(units: Mapping[str, UnitType], techs: Iterable[Tech]) -> dict[str, UnitType]:
    """AAG40-tech: advances change unit values (Super Submarines, Jet Fighters, Heavy Bombers...)."""
    table = dict(units)
    for tech in techs:
        for effect in tech.effects:
            if effect.unit is None or effect.unit not in table:
                continue
            table[effect.unit] = _apply_effect(table[effect.unit], effect)
    return table


def _apply_effect(unit: UnitType, effect: TechEffect) -> UnitType:
    changes: dict = {}
    for name in ("attack", "defence", "attack_dice", "keep", "cost"):
        value = getattr(effect, name)
        if value is not None:
            changes[name] = value
    if effect.adds_abilities:
        changes["abilities"] = unit.abilities | effect.adds_abilities
    if effect.support_count is not None and unit.supports is not None:
        changes["supports"] = replace(unit.supports, count=effect.support_count)
    if effect.adds_support is not None:
        changes["supports"] = effect.adds_support
    return replace(unit, **changes)
