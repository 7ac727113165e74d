"""The whole game's numbers as data (``data/game_rules.yaml``): the turn's steps (AAG-order,
AAG40-rd), facilities (AAG-facilities), the advances that change production and rockets
(AAG40-tech), convoy disruption (AAG-income), bombing, scramble and kamikaze (AAG-battle) and
victory (AAG-victory). ``load_game_rules`` validates the parsed file and builds ``GameRules``;
errors name the field path."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates

_count = {"strict": True, "validate": validate.Range(min=0)}
_positive = {"strict": True, "validate": validate.Range(min=1)}


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class ComplexSchema(_Strict):
    min_ipc = fields.Integer(required=True, **_count)
    original_only = fields.Boolean(required=True)


class BaseSchema(_Strict):
    coastal = fields.Boolean(required=True)


class FacilitiesSchema(_Strict):
    complexes = fields.Dict(keys=fields.String(), values=fields.Nested(ComplexSchema), required=True)
    bases = fields.Dict(keys=fields.String(), values=fields.Nested(BaseSchema), required=True)
    repair_cost = fields.Integer(required=True, **_positive)
    unplaced = fields.String(required=True, validate=validate.OneOf(("refund", "lost")))


class FactoryProductionSchema(_Strict):
    production = fields.Dict(keys=fields.String(), values=fields.Integer(**_count), required=True)
    damage_per_ipc = fields.Integer(required=True, **_positive)


class RocketsSchema(_Strict):
    launch = fields.String(required=True)
    range = fields.Integer(required=True, **_positive)


class AdvancesSchema(_Strict):
    increased_factory_production = fields.Nested(FactoryProductionSchema, required=True)
    rockets = fields.Nested(RocketsSchema, required=True)


class ConvoySchema(_Strict):
    dice = fields.Dict(keys=fields.String(), values=fields.Integer(**_count), required=True)
    hits_at_most = fields.Integer(required=True, **_positive)


class BombingSchema(_Strict):
    units = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    targets = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    hit_on = fields.Integer(required=True, **_count)
    damage_bonus = fields.Integer(required=True, **_count)


class ScrambleSchema(_Strict):
    base = fields.String(required=True)
    units = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    per_base = fields.Integer(required=True, **_positive)


class KamikazeSchema(_Strict):
    power = fields.String(required=True)
    tokens = fields.Integer(required=True, **_count)
    hit_on = fields.Integer(required=True, **_positive)


class AxisVictorySchema(_Strict):
    maps = fields.Dict(keys=fields.String(), values=fields.Integer(**_positive), required=True)
    capitals = fields.List(fields.String(), required=True)


class AlliedVictorySchema(_Strict):
    hold_all = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    and_one_of = fields.List(fields.String(), required=True)


class VictorySchema(_Strict):
    Axis = fields.Nested(AxisVictorySchema, required=True)
    Allies = fields.Nested(AlliedVictorySchema, required=True)
    held_for_rounds = fields.Integer(required=True, **_count)


STEPS = ("develop_weapons", "purchase_units", "politics", "combat_move", "combat", "non_combat_move", "place_units",
         "collect_income", "determine_victory")


class GameRulesSchema(_Strict):
    turn_sequence = fields.List(fields.String(validate=validate.OneOf(STEPS)), required=True,
                                validate=validate.Length(min=len(STEPS), max=len(STEPS)))
    facilities = fields.Nested(FacilitiesSchema, required=True)
    advances = fields.Nested(AdvancesSchema, required=True)
    convoy = fields.Nested(ConvoySchema, required=True)
    bombing = fields.Nested(BombingSchema, required=True)
    scramble = fields.Nested(ScrambleSchema, required=True)
    kamikaze = fields.Nested(KamikazeSchema, required=True)
    victory = fields.Nested(VictorySchema, required=True)

    @validates("turn_sequence")
    def _sequence(self, value, **kwargs):
        """Every step once; the battles follow the combat move and lead to the non-combat move; the
        victory check ends the turn."""
        if sorted(value) != sorted(STEPS):
            raise ValidationError(f"every step once: {list(STEPS)}")
        at = value.index
        if at("combat") != at("combat_move") + 1 or at("non_combat_move") != at("combat") + 1 \
                or value[-1] != "determine_victory":
            raise ValidationError("combat follows combat_move, non_combat_move follows combat, determine_victory "
                                  "is last")


@dataclass(frozen=True)
class Complex:
    min_ipc: int
    original_only: bool


@dataclass(frozen=True)
class GameRules:
    """The parsed ``game_rules.yaml`` (see its comments for what each number means)."""

    turn_sequence: tuple[str, ...]
    complexes: Mapping[str, Complex]
    bases: Mapping[str, bool]  # base unit -> only on a coastal territory
    repair_cost: int
    unplaced: str
    extra_production: Mapping[str, int]  # Increased Factory Production: complex -> extra units
    damage_per_ipc: int
    rocket_launch: str
    rocket_range: int
    convoy_dice: Mapping[str, int]
    convoy_hits_at_most: int
    bombing_units: tuple[str, ...]
    bombing_targets: tuple[str, ...]
    bombing_hit_on: int
    bombing_bonus: int
    scramble_base: str
    scramble_units: tuple[str, ...]
    scramble_per_base: int
    kamikaze_power: str
    kamikaze_tokens: int
    kamikaze_hit_on: int
    axis_maps: Mapping[str, int]
    axis_capitals: tuple[str, ...]
    allied_hold_all: tuple[str, ...]
    allied_one_of: tuple[str, ...]
    held_for_rounds: int

    @property
    def facilities(self) -> frozenset[str]:
        return frozenset(self.complexes) | frozenset(self.bases)


def load_game_rules(raw) -> GameRules:
    """Validate the parsed ``game_rules.yaml``; raises marshmallow ValidationError with field paths."""
    data = GameRulesSchema().load(raw)
    facilities, advances, victory = data["facilities"], data["advances"], data["victory"]
    factory = advances["increased_factory_production"]
    return GameRules(
        turn_sequence=tuple(data["turn_sequence"]),
        complexes={name: Complex(**c) for name, c in facilities["complexes"].items()},
        bases={name: b["coastal"] for name, b in facilities["bases"].items()},
        repair_cost=facilities["repair_cost"], unplaced=facilities["unplaced"],
        extra_production=dict(factory["production"]), damage_per_ipc=factory["damage_per_ipc"],
        rocket_launch=advances["rockets"]["launch"], rocket_range=advances["rockets"]["range"],
        convoy_dice=dict(data["convoy"]["dice"]), convoy_hits_at_most=data["convoy"]["hits_at_most"],
        bombing_units=tuple(data["bombing"]["units"]), bombing_targets=tuple(data["bombing"]["targets"]),
        bombing_hit_on=data["bombing"]["hit_on"], bombing_bonus=data["bombing"]["damage_bonus"],
        scramble_base=data["scramble"]["base"], scramble_units=tuple(data["scramble"]["units"]),
        scramble_per_base=data["scramble"]["per_base"],
        kamikaze_power=data["kamikaze"]["power"], kamikaze_tokens=data["kamikaze"]["tokens"],
        kamikaze_hit_on=data["kamikaze"]["hit_on"],
        axis_maps=dict(victory["Axis"]["maps"]), axis_capitals=tuple(victory["Axis"]["capitals"]),
        allied_hold_all=tuple(victory["Allies"]["hold_all"]), allied_one_of=tuple(victory["Allies"]["and_one_of"]),
        held_for_rounds=victory["held_for_rounds"],
    )
