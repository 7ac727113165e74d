"""What a battle is fought from: the forces on both sides and the options, and their validation.

Bad input raises ``InvalidBattleInput`` (a ValueError) naming the field, e.g. ``attacker.zeppelin``,
so the API can answer 422 with the field and the decider can turn it into a RuleViolation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Mapping

from domain.aa.units import Ability, BombardLimit, Domain, EditionPack, UnitType


class BattleKind(Enum):
    LAND = "land"
    SEA = "sea"


class AaRule(Enum):
    """EDITION: the pack's AA fire. TWO_ROLL: seed 001's AA gun rule (AAR1-aa), per unloading
    transport. TWO_ROLL_ID: the seed's earlier infrastructure-defence draft: one set of up to 3
    targeting rolls for the whole amphibious assault."""

    EDITION = "edition"
    TWO_ROLL = "two_roll"
    TWO_ROLL_ID = "two_roll_id"


@dataclass(frozen=True)
class Forces:
    """Units by type. ``amphibious`` lists the land units each transport unloads (not counted in
    ``attacker``); ``bombard`` the attacker's ships bombarding before an amphibious land battle."""

    kind: BattleKind
    attacker: dict[str, int]
    defender: dict[str, int]
    amphibious: tuple[tuple[str, ...], ...] = ()
    bombard: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class BattleOptions:
    """How a battle is fought. Orders of loss list unit names, ``"<unit>:hit"`` placing the first hit
    of a two-hit unit; unlisted units follow, cheapest first. ``aa_rule`` None = the game's default."""

    aa_rule: AaRule | None = None
    attacker_techs: frozenset[str] = frozenset()
    defender_techs: frozenset[str] = frozenset()
    attacker_order: tuple[str, ...] = ()
    defender_order: tuple[str, ...] = ()
    take_territory: bool = True
    sea_combat: bool = False
    attacker_submerge: bool = False
    defender_submerge: bool = False
    retreat_after_round: int | None = None
    retreat_below: Fraction | None = None


class InvalidBattleInput(ValueError):
    """Battle input that cannot be fought; ``field`` is the first bad field, ``errors`` all of them."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors = dict(errors)
        self.field, self.message = next(iter(self.errors.items()))
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_side(pack: EditionPack, units: Mapping[str, UnitType], counts, where: str,
                kind: BattleKind, attacking: bool, errors: dict) -> None:
    if not isinstance(counts, Mapping):
        errors[where] = "must be an object of unit -> count"
        return
    for name, count in counts.items():
        path = f"{where}.{name}"
        unit = units.get(name)
        if unit is None:
            errors[path] = f"unknown unit for {pack.edition}"
        elif not _is_count(count):
            errors[path] = "must be an integer"
        elif count < 0:
            errors[path] = "must be >= 0"
        elif unit.domain is Domain.FACILITY:
            errors[path] = "a facility is not a combat unit"
        elif kind is BattleKind.SEA and unit.is_land:
            errors[path] = "land units cannot fight in a sea battle"
        elif kind is BattleKind.LAND and unit.is_sea:
            errors[path] = "sea units cannot fight in a land battle (use bombard)"
        elif attacking and unit.has(Ability.CANNOT_ATTACK) and count:
            errors[path] = "this unit may not attack"


def _check_order(order, units: Mapping[str, UnitType], where: str, errors: dict) -> None:
    for i, entry in enumerate(order):
        name, _, hit = str(entry).partition(":")
        unit = units.get(name)
        if unit is None or hit not in ("", "hit"):
            errors[f"{where}.{i}"] = "unknown unit (entries are '<unit>' or '<unit>:hit')"
        elif hit and unit.hits < 2:
            errors[f"{where}.{i}"] = "':hit' is only for two-hit units"


def _check_options(pack: EditionPack, forces: Forces, options: BattleOptions, errors: dict) -> None:
    for side in ("attacker", "defender"):
        for name in sorted(getattr(options, f"{side}_techs")):
            if name not in pack.techs:
                errors[f"options.{side}_techs"] = f"unknown advance {name!r}"
        _check_order(getattr(options, f"{side}_order"), pack.units, f"options.{side}_order", errors)
    after, below = options.retreat_after_round, options.retreat_below
    if after is not None and (not _is_count(after) or after < 1):
        errors["options.retreat_after_round"] = "must be a round number >= 1"
    if below is not None and not 0 <= below <= 1:
        errors["options.retreat_below"] = "must be a probability between 0 and 1"
    if after is not None and below is not None:
        errors["options.retreat_below"] = "give one retreat rule, not both"
    if forces.amphibious and (after is not None or below is not None):
        errors["options.retreat_after_round" if after is not None else "options.retreat_below"] = (
            "amphibious land units may not retreat")


def _check_landing(pack: EditionPack, forces: Forces, options: BattleOptions, errors: dict) -> None:
    units = pack.side_units(t for t in options.attacker_techs if t in pack.techs)
    if forces.amphibious and forces.kind is not BattleKind.LAND:
        errors["amphibious"] = "amphibious landings only happen in land battles"
    for i, cargo in enumerate(forces.amphibious):
        if not cargo:
            errors[f"amphibious.{i}"] = "a transport unloads at least one land unit"
        for j, name in enumerate(cargo):
            unit = units.get(name)
            if unit is None or not unit.is_land or unit.has(Ability.CANNOT_ATTACK):
                errors[f"amphibious.{i}.{j}"] = "not a land unit that can attack"
    if not isinstance(forces.bombard, Mapping):
        errors["bombard"] = "must be an object of unit -> count"
        return
    ships = 0
    for name, count in forces.bombard.items():
        unit = units.get(name)
        if unit is None or not unit.has(Ability.BOMBARD):
            errors[f"bombard.{name}"] = "this unit cannot bombard"
        elif not _is_count(count) or count < 0:
            errors[f"bombard.{name}"] = "must be an integer >= 0"
        else:
            ships += count
    if ships and not forces.amphibious:
        errors["bombard"] = "bombardment only supports an amphibious assault"
    elif ships and options.sea_combat:
        errors["bombard"] = "no bombardment when there was sea combat in the zone"
    elif pack.combat.bombard_limit is BombardLimit.LANDED_UNITS and ships > sum(len(c) for c in forces.amphibious):
        errors["bombard"] = "at most one bombarding ship per land unit unloaded"


def validate_battle(pack: EditionPack, forces: Forces, options: BattleOptions) -> None:
    """Raise InvalidBattleInput naming every bad field; return None when the battle can be fought."""
    errors: dict[str, str] = {}
    if not isinstance(forces.kind, BattleKind):
        errors["kind"] = f"must be one of {[k.value for k in BattleKind]}"
        raise InvalidBattleInput(errors)
    attacker_units = pack.side_units(t for t in options.attacker_techs if t in pack.techs)
    _check_side(pack, attacker_units, forces.attacker, "attacker", forces.kind, True, errors)
    _check_side(pack, pack.units, forces.defender, "defender", forces.kind, False, errors)
    _check_landing(pack, forces, options, errors)
    _check_options(pack, forces, options, errors)
    if not errors:
        attacking = sum(forces.attacker.values()) + sum(len(c) for c in forces.amphibious)
        if attacking == 0:
            errors["attacker"] = "no attacking units"
    if errors:
        raise InvalidBattleInput(errors)
