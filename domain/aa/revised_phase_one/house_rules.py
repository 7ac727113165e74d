"""The seed 001 house-rule facts (``data/house_rules.yaml``): marshmallow schema and builder.

The domain never reads files: a caller loads the YAML and hands the parsed dict to
``load_house_rules``, which validates it with ``HouseRulesSchema`` (errors name the field path) and
builds the frozen ``HouseRules`` the rule modules take.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

POWERS = ("Russia", "Germany", "UK", "Japan", "US")
RANKS = ("capital", "major", "moderate", "minor")
SIDES = ("Axis", "Allies")
_count = dict(strict=True, validate=validate.Range(min=0))
_power = fields.String(validate=validate.OneOf(POWERS))
_rank = fields.String(validate=validate.OneOf(RANKS))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class VictoryCitySchema(_Strict):
    city = fields.String(required=True)
    rank = fields.String(required=True, validate=validate.OneOf(RANKS))
    territory = fields.String(required=True)


class FirstDraftSchema(_Strict):
    rank_overrides = fields.Dict(keys=_power, values=fields.Dict(keys=_rank, values=fields.Integer(**_count)))
    captured = fields.Dict(keys=fields.String(validate=validate.OneOf(SIDES)),
                           values=fields.Dict(keys=_rank, values=fields.Integer(**_count)), required=True)


class ConnectedSchema(_Strict):
    unconnected_limit = fields.Integer(required=True, **_count)
    captured_divisor = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    always_connected = fields.List(_power, required=True)
    capital_limit = fields.Dict(keys=_power, values=fields.Integer(**_count), required=True)


class InfantrySchema(_Strict):
    first_draft = fields.Nested(FirstDraftSchema, required=True)
    connected = fields.Nested(ConnectedSchema, required=True)


class IndustrySchema(_Strict):
    base_ic_cost = fields.Integer(required=True, **_count)
    minimum_ic_cost = fields.Integer(required=True, **_count)
    placement_multiplier = fields.Integer(required=True, **_count)


class SubmarineRaidSchema(_Strict):
    unit = fields.String(required=True)
    attack = fields.Integer(required=True, **_count)
    dice = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    best = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class RaidVersionSchema(_Strict):
    multiplier = fields.Integer(required=True, **_count)
    subtract_connected = fields.Boolean(required=True)


class RaidingSchema(_Strict):
    surface_attack = fields.Dict(keys=fields.String(), values=fields.Integer(**_count), required=True)
    submarine = fields.Nested(SubmarineRaidSchema, required=True)
    surface_best = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    versions = fields.Dict(keys=fields.String(), values=fields.Nested(RaidVersionSchema), required=True)
    default_version = fields.String(required=True)

    @validates_schema
    def _default_known(self, data, **_):
        if data["default_version"] not in data["versions"]:
            raise ValidationError("not one of the versions", "default_version")


class VictorySchema(_Strict):
    major = fields.Dict(keys=fields.String(validate=validate.OneOf(SIDES)), values=fields.Integer(**_count),
                        required=True)
    checked_after = _power


class DiscountSchema(_Strict):
    power = fields.String(required=True, validate=validate.OneOf(POWERS))
    unit = fields.String(required=True)
    price = fields.Integer(required=True, **_count)
    quantity = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    times = fields.Integer(required=True, allow_none=True, strict=True, validate=validate.Range(min=1))
    name = fields.String(load_default="")
    provisional = fields.Boolean(load_default=False)


class NationalUnitsSchema(_Strict):
    default = fields.String(required=True)
    versions = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(DiscountSchema)), required=True)


class ItalianVersionSchema(_Strict):
    territories = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    place_at = fields.String(required=True)


class ItalianForcesSchema(_Strict):
    default = fields.String(required=True)
    versions = fields.Dict(keys=fields.String(), values=fields.Nested(ItalianVersionSchema), required=True)
    power = fields.String(required=True, validate=validate.OneOf(POWERS))


class LendLeaseSchema(_Strict):
    source = fields.String(data_key="from", required=True, validate=validate.OneOf(POWERS))
    amount = fields.Integer(required=True, **_count)
    recipients = fields.List(_power, required=True)


class InfrastructureSchema(_Strict):
    unit = fields.String(required=True)
    cost = fields.Integer(required=True, **_count)
    max_firing = fields.Integer(required=True, **_count)


class TerritorySchema(_Strict):
    ipc = fields.Integer(required=True, **_count)
    owner = fields.String(required=True, validate=validate.OneOf(POWERS))
    land = fields.List(fields.String(), required=True)
    sea = fields.List(fields.Integer(strict=True), required=True)


class HouseRulesSchema(_Strict):
    turn_sequence = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    sides = fields.Dict(keys=fields.String(validate=validate.OneOf(SIDES)), values=fields.List(_power),
                        required=True)
    vc_ranks = fields.Dict(keys=_rank, values=fields.Integer(**_count), required=True)
    victory_cities = fields.Dict(keys=_power, values=fields.List(fields.Nested(VictoryCitySchema)), required=True)
    infantry = fields.Nested(InfantrySchema, required=True)
    industry = fields.Nested(IndustrySchema, required=True)
    raiding = fields.Nested(RaidingSchema, required=True)
    victory = fields.Nested(VictorySchema, required=True)
    national_units = fields.Nested(NationalUnitsSchema, required=True)
    italian_forces = fields.Nested(ItalianForcesSchema, required=True)
    lend_lease = fields.Nested(LendLeaseSchema, required=True)
    infrastructure_defence = fields.Nested(InfrastructureSchema, required=True)
    territories = fields.Dict(keys=fields.String(), values=fields.Nested(TerritorySchema), required=True)
    impassable = fields.List(fields.String(), required=True)
    original_ics = fields.List(fields.String(), required=True)

    @validates_schema
    def _references(self, data, **_):
        """Every territory named elsewhere must be on the map, and adjacency must be symmetric."""
        known = data["territories"]
        for power, cities in data["victory_cities"].items():
            for i, vc in enumerate(cities):
                if vc["territory"] not in known:
                    raise ValidationError(f"unknown territory {vc['territory']!r}",
                                          f"victory_cities.{power}.{i}.territory")
        for name, terr in known.items():
            for other in terr["land"]:
                if name not in known.get(other, {}).get("land", ()):
                    raise ValidationError(f"{other!r} does not list {name!r} back", f"territories.{name}.land")
        for name in data["original_ics"]:
            if name not in known:
                raise ValidationError(f"unknown territory {name!r}", "original_ics")


@dataclass(frozen=True)
class VictoryCity:
    city: str
    rank: str
    vcp: int
    territory: str
    power: str


@dataclass(frozen=True)
class HouseRules:
    """The validated house-rule facts. Mappings are plain dicts treated as immutable."""
    turn_sequence: tuple[str, ...]
    side_of: dict
    victory_cities: tuple[VictoryCity, ...]
    infantry: dict
    industry: dict
    raiding: dict
    victory: dict
    national_units: dict
    italian_forces: dict
    lend_lease: dict
    infrastructure_defence: dict
    ipc: dict
    land: dict
    sea: dict
    starting_owner: dict
    original_ics: frozenset

    def vcs_in(self, territory: str) -> tuple[VictoryCity, ...]:
        return tuple(vc for vc in self.victory_cities if vc.territory == territory)

    def vc(self, city: str) -> VictoryCity:
        return next(vc for vc in self.victory_cities if vc.city == city)

    def capital_of(self, power: str) -> VictoryCity:
        return next(vc for vc in self.victory_cities if vc.power == power and vc.rank == "capital")


def load_house_rules(raw: dict) -> HouseRules:
    """Validate the parsed ``house_rules.yaml`` and build ``HouseRules`` (marshmallow errors on failure)."""
    data = HouseRulesSchema().load(raw)
    terr = data["territories"]
    return HouseRules(
        turn_sequence=tuple(data["turn_sequence"]),
        side_of={p: side for side, powers in data["sides"].items() for p in powers},
        victory_cities=tuple(VictoryCity(vc["city"], vc["rank"], data["vc_ranks"][vc["rank"]], vc["territory"], power)
                             for power, cities in data["victory_cities"].items() for vc in cities),
        infantry=data["infantry"],
        industry=data["industry"],
        raiding=data["raiding"],
        victory=data["victory"],
        national_units=data["national_units"],
        italian_forces=data["italian_forces"],
        lend_lease=data["lend_lease"],
        infrastructure_defence=data["infrastructure_defence"],
        ipc={n: t["ipc"] for n, t in terr.items()},
        land={n: tuple(t["land"]) for n, t in terr.items()},
        sea={n: tuple(t["sea"]) for n, t in terr.items()},
        starting_owner={n: t["owner"] for n, t in terr.items()},
        original_ics=frozenset(data["original_ics"]),
    )
