"""Seed 004 extra-rule facts (``data/extra_rules.yaml``): marshmallow schema and builder.

The domain never reads files: a caller loads the YAML and hands the parsed dict to
``load_extra_rules``, which validates it with ``ExtraRulesSchema`` (errors name the field path) and
builds the frozen ``ExtraRules`` the rule modules (industry, mongolia, research, china) take.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

_names = dict(required=True, validate=validate.Length(min=1))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class UsIndustrySchema(_Strict):
    power = fields.String(required=True)
    complexes = fields.List(fields.String(), **_names)
    starts_as = fields.String(required=True)
    upgrades_to = fields.String(required=True)
    capital = fields.String(required=True)
    not_capital = fields.List(fields.String(), load_default=list)


class MongoliaSchema(_Strict):
    ally = fields.String(required=True)
    enemy = fields.String(required=True)
    territories = fields.List(fields.String(), **_names)
    soviet_borders = fields.List(fields.String(), **_names)
    japanese_borders = fields.List(fields.String(), **_names)


class ChartSchema(_Strict):
    title = fields.String(load_default="")
    advances = fields.List(fields.String(), required=True, validate=validate.Length(min=1))


class ResearchSchema(_Strict):
    die_cost = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    success = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    attempts_per_turn = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    excluded = fields.List(fields.String(), load_default=list)
    charts = fields.Dict(keys=fields.String(), values=fields.Nested(ChartSchema), required=True,
                         validate=validate.Length(min=1))

    @validates_schema
    def _one_advance_per_face(self, data, **_):
        sizes = {len(chart["advances"]) for chart in data.get("charts", {}).values()}
        if len(sizes) > 1:
            raise ValidationError("every chart needs one advance per die face", "charts")
        if sizes and data.get("success", 0) > sizes.pop():
            raise ValidationError("success must be a face of the research die", "success")


class FlyingTigersSchema(_Strict):
    unit = fields.String(required=True)
    territory = fields.String(required=True)
    supplied_by = fields.String(required=True)


class ChinaSchema(_Strict):
    power = fields.String(required=True)
    territories = fields.List(fields.String(), **_names)
    also_enter = fields.List(fields.String(), load_default=list)
    hold_condition = fields.String(required=True)
    purchases = fields.List(fields.String(), **_names)
    burma_road_purchases = fields.List(fields.String(), load_default=list)
    burma_road = fields.List(fields.String(), **_names)
    burma_road_bonus = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    flying_tigers = fields.Nested(FlyingTigersSchema, required=True)


class ExtraRulesSchema(_Strict):
    us_industry = fields.Nested(UsIndustrySchema, required=True)
    mongolia = fields.Nested(MongoliaSchema, required=True)
    research = fields.Nested(ResearchSchema, required=True)
    china = fields.Nested(ChinaSchema, required=True)
    provisional = fields.List(fields.String(), load_default=list)


@dataclass(frozen=True)
class UsIndustry:
    power: str
    complexes: tuple[str, ...]
    starts_as: str
    upgrades_to: str
    capital: str
    not_capital: frozenset[str]


@dataclass(frozen=True)
class Mongolia:
    ally: str
    enemy: str
    territories: tuple[str, ...]
    soviet_borders: frozenset[str]
    japanese_borders: frozenset[str]


@dataclass(frozen=True)
class Research:
    die_cost: int
    success: int
    attempts_per_turn: int
    excluded: frozenset[str]
    charts: tuple[tuple[str, tuple[str, ...]], ...]  # (chart, advances by die face 1..n)

    def chart(self, name: str) -> tuple[str, ...] | None:
        return dict(self.charts).get(name)


@dataclass(frozen=True)
class FlyingTigers:
    unit: str
    territory: str
    supplied_by: str


@dataclass(frozen=True)
class China:
    power: str
    territories: frozenset[str]
    also_enter: frozenset[str]
    hold_condition: str
    purchases: frozenset[str]
    burma_road_purchases: frozenset[str]
    burma_road: tuple[str, ...]
    burma_road_bonus: int
    flying_tigers: FlyingTigers


@dataclass(frozen=True)
class ExtraRules:
    us_industry: UsIndustry
    mongolia: Mongolia
    research: Research
    china: China
    provisional: frozenset[str]


def load_extra_rules(raw: dict) -> ExtraRules:
    """Validate the parsed ``extra_rules.yaml`` and build the facts; raises marshmallow ValidationError."""
    data = ExtraRulesSchema().load(raw)
    us, mo, rd, ch = data["us_industry"], data["mongolia"], data["research"], data["china"]
    return ExtraRules(
        us_industry=UsIndustry(us["power"], tuple(us["complexes"]), us["starts_as"], us["upgrades_to"],
                               us["capital"], frozenset(us["not_capital"])),
        mongolia=Mongolia(mo["ally"], mo["enemy"], tuple(mo["territories"]), frozenset(mo["soviet_borders"]),
                          frozenset(mo["japanese_borders"])),
        research=Research(rd["die_cost"], rd["success"], rd["attempts_per_turn"], frozenset(rd["excluded"]),
                          tuple((name, tuple(c["advances"])) for name, c in rd["charts"].items())),
        china=China(ch["power"], frozenset(ch["territories"]), frozenset(ch["also_enter"]), ch["hold_condition"],
                    frozenset(ch["purchases"]), frozenset(ch["burma_road_purchases"]), tuple(ch["burma_road"]),
                    ch["burma_road_bonus"], FlyingTigers(**ch["flying_tigers"])),
        provisional=frozenset(data["provisional"]),
    )
