"""Marshmallow schema for an Axis & Allies edition data pack (units, advances, combat).

The domain never reads files: service.packs loads the YAML and ``EditionPackSchema().load``
returns the ``EditionPack`` the rules read (each schema's ``post_load`` builds its part). Errors
name the field path (``units.fighter.attack``).
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from domain.aa.units import (
    AaFire,
    AaMode,
    Ability,
    BombardLimit,
    CombatRules,
    Domain,
    EditionPack,
    Keep,
    Pairing,
    SubmergeTiming,
    Support,
    Tech,
    TechEffect,
    TwoRollAa,
    UnitType,
    WarBonds,
)

AA_RULES = ("edition", "two_roll", "two_roll_id")
_count = dict(strict=True, validate=validate.Range(min=0))


_EDITION_AA = [AaMode.PER_AIRCRAFT.value, AaMode.SHOTS_PER_GUN.value]  # TWO_ROLL is the seed's, no edition's


def _enum(enum: type, **kwargs) -> fields.Enum:
    """A pack word read as its enum member; the YAML holds the value (``land``, ``best``)."""
    return fields.Enum(enum, by_value=fields.String, **kwargs)


def _abilities() -> fields.List:
    return fields.List(fields.String(validate=validate.OneOf(sorted(a.value for a in Ability))), load_default=list)


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class SupportSchema(_Strict):
    targets = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    count = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    bonus = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))

    @post_load
    def _support(self, data, **kwargs) -> Support:
        return Support(**{**data, "targets": tuple(data["targets"])})


class PairingSchema(_Strict):
    partners = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    bonus = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))

    @post_load
    def _pairing(self, data, **kwargs) -> Pairing:
        return Pairing(**{**data, "partners": tuple(data["partners"])})


class UnitSchema(_Strict):
    title = fields.String(load_default="")
    attack = fields.Integer(required=True, **_count)
    defence = fields.Integer(required=True, **_count)
    move = fields.Integer(required=True, **_count)
    cost = fields.Integer(required=True, **_count)
    hits = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1, max=2))
    domain = _enum(Domain, required=True)
    abilities = _abilities()
    supports = fields.Nested(SupportSchema, load_default=None, allow_none=True)
    pairing = fields.Nested(PairingSchema, load_default=None, allow_none=True)
    attack_dice = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1, max=3))
    keep = _enum(Keep, load_default=Keep.ALL)
    provisional = fields.Boolean(load_default=False)

    @post_load
    def _unit(self, data, **kwargs) -> dict:
        """The unit's fields; the pack names it (``UnitType`` is built with its key)."""
        return {**data, "abilities": frozenset(Ability(a) for a in data["abilities"])}


class TechEffectSchema(_Strict):
    unit = fields.String(load_default=None, allow_none=True)
    attack = fields.Integer(load_default=None, allow_none=True, **_count)
    defence = fields.Integer(load_default=None, allow_none=True, **_count)
    attack_dice = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=3))
    keep = _enum(Keep, load_default=None, allow_none=True)
    cost = fields.Integer(load_default=None, allow_none=True, **_count)
    support_count = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    adds_abilities = _abilities()
    adds_support = fields.Nested(SupportSchema, load_default=None, allow_none=True)
    aa_hit = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))

    @post_load
    def _effect(self, data, **kwargs) -> TechEffect:
        return TechEffect(**{**data, "adds_abilities": frozenset(Ability(a) for a in data["adds_abilities"])})


class TechSchema(_Strict):
    title = fields.String(required=True)
    chart = fields.String(load_default=None, allow_none=True)
    roll = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    combat = fields.Boolean(required=True)
    effects = fields.List(fields.Nested(TechEffectSchema), load_default=list)
    note = fields.String(load_default="")
    provisional = fields.Boolean(load_default=False)

    @post_load
    def _tech(self, data, **kwargs) -> dict:
        """The advance's fields; the pack names it (``Tech`` is built with its key)."""
        return {**data, "effects": tuple(data["effects"])}


class AaFireSchema(_Strict):
    mode = fields.String(required=True, validate=validate.OneOf(_EDITION_AA))
    shots_per_gun = fields.Integer(load_default=1, strict=True, validate=validate.Range(min=1))
    max_guns = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))
    hit = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    provisional = fields.Boolean(load_default=False)

    @post_load
    def _aa_fire(self, data, **kwargs) -> AaFire:
        return AaFire(AaMode(data["mode"]), data["shots_per_gun"], data["max_guns"], data["hit"])


class TwoRollAaSchema(_Strict):
    max_guns = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    target = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    hit = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))

    @post_load
    def _two_roll(self, data, **kwargs) -> TwoRollAa:
        return TwoRollAa(**data)


class CombatSchema(_Strict):
    dice_sides = fields.Integer(required=True, strict=True, validate=validate.Range(min=2))
    aa_fire = fields.Nested(AaFireSchema, required=True)
    two_roll_aa = fields.Nested(TwoRollAaSchema, required=True)
    bombard_limit = _enum(BombardLimit, required=True)
    submerge_timing = _enum(SubmergeTiming, required=True)
    transport_unit = fields.String(required=True)
    provisional = fields.List(fields.String(), load_default=list)

    @post_load
    def _combat(self, data, **kwargs) -> CombatRules:
        return CombatRules(**{k: v for k, v in data.items() if k != "provisional"})


class WarBondsSchema(_Strict):
    advance = fields.String(required=True)
    die = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    variants = fields.Dict(keys=fields.String(),
                           values=fields.Dict(keys=fields.Integer(), values=fields.Integer(**_count)),
                           required=True, validate=validate.Length(min=1))
    default = fields.String(required=True)

    @validates_schema
    def _faces(self, data, **kwargs):
        if data["default"] not in data["variants"]:
            raise ValidationError("not one of the variants", "default")
        for name, faces in data["variants"].items():
            if any(not 1 <= face <= data["die"] for face in faces):
                raise ValidationError(f"faces run 1..{data['die']}", f"variants.{name}")

    @post_load
    def _war_bonds(self, data, **kwargs) -> WarBonds:
        return WarBonds(**data)


class EditionPackSchema(_Strict):
    """An edition's data pack: powers, unit table, advances, combat constants."""

    edition = fields.String(required=True, validate=validate.OneOf(["revised", "global1940"]))
    title = fields.String(required=True)
    powers = fields.List(fields.String(), required=True, validate=validate.Length(min=2))
    default_aa_rule = fields.String(required=True, validate=validate.OneOf(AA_RULES))
    units = fields.Dict(keys=fields.String(), values=fields.Nested(UnitSchema), required=True)
    techs = fields.Dict(keys=fields.String(), values=fields.Nested(TechSchema), load_default=dict)
    combat = fields.Nested(CombatSchema, required=True)
    # Who fights whom: every power on exactly one side (attacks go against enemies only). A pack
    # without sides (written before they existed) keeps the old reading: every other power is an enemy.
    sides = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), load_default=None)
    war_bonds = fields.Nested(WarBondsSchema, load_default=None)

    @validates_schema
    def _references(self, data, **kwargs):
        """Every unit an ability, support, pairing or advance names must be in the table."""
        units = data["units"]
        errors: dict = {}
        for name, unit in units.items():
            for key, names in (("supports", "targets"), ("pairing", "partners")):
                if unit[key] is not None:
                    for i, other in enumerate(getattr(unit[key], names)):
                        if other not in units:
                            errors[f"units.{name}.{key}.{names}.{i}"] = f"unknown unit {other!r}"
        for name, tech in data["techs"].items():
            for i, effect in enumerate(tech["effects"]):
                where = f"techs.{name}.effects.{i}"
                if effect.unit is not None and effect.unit not in units:
                    errors[f"{where}.unit"] = f"unknown unit {effect.unit!r}"
                if effect.unit is None and effect.aa_hit is None:
                    errors[where] = "an effect names a unit or is a side-wide aa_hit"
        if data["combat"].transport_unit not in units:
            errors["combat.transport_unit"] = "unknown unit"
        placed = [p for powers in (data["sides"] or {}).values() for p in powers]
        if data["sides"] is not None and sorted(placed) != sorted(data["powers"]):
            errors["sides"] = "every power on exactly one side"
        bonds = data.get("war_bonds")
        if bonds is not None and bonds.advance not in data["techs"]:
            errors["war_bonds.advance"] = f"unknown advance {bonds.advance!r}"
        if errors:
            raise ValidationError(errors)

    @post_load
    def _pack(self, data, **kwargs) -> EditionPack:
        """The pack, each unit and advance named by its key (a unit's title defaults to its name)."""
        return EditionPack(**{
            **data, "powers": tuple(data["powers"]),
            "sides": {power: side for side, powers in (data["sides"] or {p: [p] for p in data["powers"]}).items()
                      for power in powers},
            "units": {name: UnitType(name=name, **{**u, "title": u["title"] or name.replace("_", " ")})
                      for name, u in data["units"].items()},
            "techs": {name: Tech(name=name, **t) for name, t in data["techs"].items()},
        })
