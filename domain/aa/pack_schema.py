"""Marshmallow schema and builder for an Axis & Allies edition data pack (units, advances, combat).

The domain never reads files: service.packs loads the YAML, validates it with ``EditionPackSchema``
and hands the validated dict to ``build_pack``. Errors name the field path (``units.fighter.attack``).
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.aa.units import (
    ABILITIES,
    AaFire,
    CombatRules,
    Domain,
    EditionPack,
    Keep,
    Pairing,
    Support,
    Tech,
    TechEffect,
    TwoRollAa,
    UnitType,
)

AA_RULES = ("edition", "two_roll", "two_roll_id")
_count = dict(strict=True, validate=validate.Range(min=0))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class SupportSchema(_Strict):
    targets = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    count = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    bonus = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class PairingSchema(_Strict):
    partners = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    bonus = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class UnitSchema(_Strict):
    title = fields.String(load_default="")
    attack = fields.Integer(required=True, **_count)
    defence = fields.Integer(required=True, **_count)
    move = fields.Integer(required=True, **_count)
    cost = fields.Integer(required=True, **_count)
    hits = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1, max=2))
    domain = fields.String(required=True, validate=validate.OneOf([d.value for d in Domain]))
    abilities = fields.List(fields.String(validate=validate.OneOf(sorted(ABILITIES))), load_default=list)
    supports = fields.Nested(SupportSchema, load_default=None, allow_none=True)
    pairing = fields.Nested(PairingSchema, load_default=None, allow_none=True)
    attack_dice = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1, max=3))
    keep = fields.String(load_default="all", validate=validate.OneOf([k.value for k in Keep]))
    provisional = fields.Boolean(load_default=False)


class TechEffectSchema(_Strict):
    unit = fields.String(load_default=None, allow_none=True)
    attack = fields.Integer(load_default=None, allow_none=True, **_count)
    defence = fields.Integer(load_default=None, allow_none=True, **_count)
    attack_dice = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=3))
    keep = fields.String(load_default=None, allow_none=True, validate=validate.OneOf([k.value for k in Keep]))
    cost = fields.Integer(load_default=None, allow_none=True, **_count)
    support_count = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    adds_abilities = fields.List(fields.String(validate=validate.OneOf(sorted(ABILITIES))), load_default=list)
    adds_support = fields.Nested(SupportSchema, load_default=None, allow_none=True)
    aa_hit = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))


class TechSchema(_Strict):
    title = fields.String(required=True)
    chart = fields.String(load_default=None, allow_none=True)
    roll = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    combat = fields.Boolean(required=True)
    effects = fields.List(fields.Nested(TechEffectSchema), load_default=list)
    note = fields.String(load_default="")
    provisional = fields.Boolean(load_default=False)


class AaFireSchema(_Strict):
    mode = fields.String(required=True, validate=validate.OneOf(["per_aircraft", "shots_per_gun"]))
    shots_per_gun = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1))
    max_guns = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    hit = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    provisional = fields.Boolean(load_default=False)


class TwoRollAaSchema(_Strict):
    max_guns = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    target = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    hit = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class CombatSchema(_Strict):
    dice_sides = fields.Integer(required=True, strict=True, validate=validate.Range(min=2))
    aa_fire = fields.Nested(AaFireSchema, required=True)
    two_roll_aa = fields.Nested(TwoRollAaSchema, required=True)
    bombard_limit = fields.String(required=True, validate=validate.OneOf(["landed_units", "none"]))
    submerge_timing = fields.String(required=True, validate=validate.OneOf(["before_fire", "end_of_round"]))
    transport_unit = fields.String(required=True)
    provisional = fields.List(fields.String(), load_default=list)


class EditionPackSchema(_Strict):
    """An edition's data pack: powers, unit table, advances, combat constants."""

    edition = fields.String(required=True, validate=validate.OneOf(["revised", "global1940"]))
    title = fields.String(required=True)
    powers = fields.List(fields.String(), required=True, validate=validate.Length(min=2))
    default_aa_rule = fields.String(required=True, validate=validate.OneOf(AA_RULES))
    units = fields.Dict(keys=fields.String(), values=fields.Nested(UnitSchema), required=True)
    techs = fields.Dict(keys=fields.String(), values=fields.Nested(TechSchema), load_default=dict)
    combat = fields.Nested(CombatSchema, required=True)

    @validates_schema
    def _references(self, data, **kwargs):
        """Every unit an ability, support, pairing or advance names must be in the table."""
        units = data["units"]
        errors: dict = {}
        for name, unit in units.items():
            for key, names in (("supports", "targets"), ("pairing", "partners")):
                if unit[key] is not None:
                    for i, other in enumerate(unit[key][names]):
                        if other not in units:
                            errors[f"units.{name}.{key}.{names}.{i}"] = f"unknown unit {other!r}"
        for name, tech in data["techs"].items():
            for i, effect in enumerate(tech["effects"]):
                where = f"techs.{name}.effects.{i}"
                if effect["unit"] is not None and effect["unit"] not in units:
                    errors[f"{where}.unit"] = f"unknown unit {effect['unit']!r}"
                if effect["unit"] is None and effect["aa_hit"] is None:
                    errors[where] = "an effect names a unit or is a side-wide aa_hit"
        if data["combat"]["transport_unit"] not in units:
            errors["combat.transport_unit"] = "unknown unit"
        if errors:
            raise ValidationError(errors)


def _support(raw: dict | None) -> Support | None:
    return None if raw is None else Support(tuple(raw["targets"]), raw["count"], raw["bonus"])


def _unit(name: str, raw: dict) -> UnitType:
    pairing = raw["pairing"]
    return UnitType(
        name=name, title=raw["title"] or name.replace("_", " "), attack=raw["attack"], defence=raw["defence"],
        move=raw["move"], cost=raw["cost"], hits=raw["hits"], domain=Domain(raw["domain"]),
        abilities=frozenset(raw["abilities"]), supports=_support(raw["supports"]),
        pairing=None if pairing is None else Pairing(tuple(pairing["partners"]), pairing["bonus"]),
        attack_dice=raw["attack_dice"], keep=Keep(raw["keep"]), provisional=raw["provisional"],
    )


def _effect(raw: dict) -> TechEffect:
    return TechEffect(
        unit=raw["unit"], attack=raw["attack"], defence=raw["defence"], attack_dice=raw["attack_dice"],
        keep=None if raw["keep"] is None else Keep(raw["keep"]), cost=raw["cost"],
        support_count=raw["support_count"], adds_abilities=frozenset(raw["adds_abilities"]),
        adds_support=_support(raw["adds_support"]), aa_hit=raw["aa_hit"],
    )


def build_pack(raw: dict) -> EditionPack:
    """Validated pack dict -> EditionPack."""
    combat = raw["combat"]
    aa = combat["aa_fire"]
    two = combat["two_roll_aa"]
    return EditionPack(
        edition=raw["edition"],
        title=raw["title"],
        powers=tuple(raw["powers"]),
        units={name: _unit(name, unit) for name, unit in raw["units"].items()},
        techs={
            name: Tech(name, t["title"], t["chart"], t["roll"], t["combat"],
                       tuple(_effect(e) for e in t["effects"]), t["note"], t["provisional"])
            for name, t in raw["techs"].items()
        },
        combat=CombatRules(
            dice_sides=combat["dice_sides"],
            aa_fire=AaFire(aa["mode"], aa["shots_per_gun"], aa["max_guns"], aa["hit"]),
            two_roll_aa=TwoRollAa(two["max_guns"], two["target"], two["hit"]),
            bombard_limit=combat["bombard_limit"],
            submerge_timing=combat["submerge_timing"],
            transport_unit=combat["transport_unit"],
        ),
        default_aa_rule=raw["default_aa_rule"],
    )
