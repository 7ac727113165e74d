"""The Gathering Storm data pack: its marshmallow schema and the immutable object rules read.

The domain never reads files; the service loads YAML and ``PackSchema().load`` returns the
``Pack`` (its ``post_load`` builds it). Cross-field checks name the field path so a bad pack says
what is wrong where."""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from domain.gathering_storm.powers import AXIS, MAJOR_POWERS

# The recorded numbers the rules leave unbounded: legal-commands offers a range for each (pack
# ``offered_ranges``); decide still takes any whole number of the right sign.
RANGED = ("balance_of_power", "support_level", "support_increase", "eai", "resistance_level", "factories")


def _power() -> fields.String:
    return fields.String(validate=validate.OneOf(MAJOR_POWERS))


class _Items(fields.List):
    """A list loaded as a tuple (the Pack is frozen)."""

    def _deserialize(self, value, attr, data, **kwargs) -> tuple:
        return tuple(super()._deserialize(value, attr, data, **kwargs))


class _ProvisionalInt(Schema):
    """A number that may be a stand-in; it loads as the number."""

    value = fields.Integer(required=True, strict=True)
    provisional = fields.Boolean(load_default=False)

    @post_load
    def _value(self, data, **kwargs) -> int:
        return data["value"]


class _OtherMinors(Schema):
    provisional = fields.Boolean(load_default=False)
    names = _Items(fields.String(), required=True)


class _Minors(Schema):
    """Loads as every minor country: the named ones, then the others."""

    named = _Items(fields.String(), required=True)
    others = fields.Nested(_OtherMinors, load_default=None)

    @post_load
    def _minors(self, data, **kwargs) -> tuple[str, ...]:
        return data["named"] + (data["others"] or {}).get("names", ())


class _Russia(Schema):
    sensitive_countries = _Items(fields.String(), required=True)
    border_minors = _Items(fields.String(), required=True)
    flag_in_russia = fields.Integer(required=True, strict=True)
    flag_result = fields.Integer(required=True, strict=True)
    trade_pact_result = fields.Integer(required=True, strict=True)
    allied_neutrality = fields.Integer(required=True, strict=True)


class _Aggression(Schema):
    aggressor = fields.String(required=True, validate=validate.OneOf(AXIS))
    value = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    second = fields.Boolean(required=True)
    target = fields.String(load_default=None)
    includes = _Items(fields.String(), load_default=tuple)
    controls = fields.String(load_default=None)
    counts_on_demand = fields.Boolean(load_default=False)


class _Range(Schema):
    minimum = fields.Integer(required=True, strict=True)
    maximum = fields.Integer(required=True, strict=True)

    @validates_schema
    def _ordered(self, data, **kwargs):
        if data["minimum"] > data["maximum"]:
            raise ValidationError("minimum is above maximum", "maximum")


class _OfferedRanges(Schema):
    """Loads as the ranges: legal-commands offers these for numbers the rules do not bound."""

    provisional = fields.Boolean(load_default=False)
    ranges = fields.Dict(keys=fields.String(validate=validate.OneOf(RANGED)), values=fields.Nested(_Range),
                         required=True)

    @post_load
    def _ranges(self, data, **kwargs) -> dict[str, dict[str, int]]:
        missing = set(RANGED) - set(data["ranges"])
        if missing:
            raise ValidationError({"ranges": [f"missing {sorted(missing)}"]})
        return data["ranges"]


class PackSchema(Schema):
    """Schema of ``data/default.yaml``; see the comments there for the rule behind each field."""

    ruleset = fields.String(validate=validate.Equal("gathering-storm"), load_default="gathering-storm")
    may_declare_war_on = fields.Dict(keys=_power(), values=_Items(_power()), required=True)
    declare_together = fields.Dict(keys=_power(), values=fields.List(fields.List(_power())), load_default=dict)
    pact_blocks = fields.List(fields.List(_power(), validate=validate.Length(equal=2)), load_default=list)
    threshold = fields.Integer(required=True, strict=True)
    eai_cap = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    max_concession = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    more_aggressive_if_tied = fields.String(required=True, validate=validate.OneOf(AXIS))
    remilitarization = fields.String(required=True)
    eastern_neighbours = _Items(fields.String(), required=True)
    tracked_control = _Items(fields.String(), required=True)
    russia = fields.Nested(_Russia, required=True)
    max_flags_in_minor = fields.Nested(_ProvisionalInt, required=True)
    minors = fields.Nested(_Minors, required=True)
    aggressions = fields.Dict(keys=fields.String(), values=fields.Nested(_Aggression), required=True)
    offered_ranges = fields.Nested(_OfferedRanges, load_default=dict)   # a pack without them offers examples only

    @validates_schema
    def _cross_references(self, data, **_kwargs):
        """Every country and aggression named anywhere must be declared in the pack."""
        minors = set(data["minors"])
        problems: dict[str, list[str]] = {}

        def need(path: str, name: str | None, known: set[str], what: str) -> None:
            if name is not None and name not in known:
                problems.setdefault(path, []).append(f"{name!r} is not a known {what}.")

        for power in MAJOR_POWERS:
            if power not in data["may_declare_war_on"]:
                problems.setdefault(f"may_declare_war_on.{power}", []).append("Missing power.")
        for i, name in enumerate(data["eastern_neighbours"]):
            need(f"eastern_neighbours.{i}", name, minors, "minor country")
        for i, name in enumerate(data["tracked_control"]):
            need(f"tracked_control.{i}", name, minors, "minor country")
        for key in ("sensitive_countries", "border_minors"):
            for i, name in enumerate(data["russia"][key]):
                need(f"russia.{key}.{i}", name, minors, "minor country")
        aggressions = data["aggressions"]
        need("remilitarization", data["remilitarization"], set(aggressions), "aggression")
        for name, aggression in aggressions.items():
            need(f"aggressions.{name}.target", aggression["target"], minors, "minor country")
            need(f"aggressions.{name}.controls", aggression["controls"], set(data["tracked_control"]),
                 "tracked country")
            for i, included in enumerate(aggression["includes"]):
                need(f"aggressions.{name}.includes.{i}", included, set(aggressions), "aggression")
        if problems:
            raise ValidationError(problems)

    @post_load
    def _pack(self, data, **kwargs) -> Pack:
        """The Pack: the sections as loaded, Russia's flattened into it, groups and pairs as sets."""
        loose = ("ruleset", "russia", "declare_together", "pact_blocks", "aggressions")
        return Pack(
            **{k: v for k, v in data.items() if k not in loose}, **data["russia"],
            declare_together={p: tuple(frozenset(g) for g in groups) for p, groups in data["declare_together"].items()},
            pact_blocks=frozenset(frozenset(pair) for pair in data["pact_blocks"]),
            aggressions={name: Aggression(name, **a) for name, a in data["aggressions"].items()},
        )


@dataclass(frozen=True)
class Aggression:
    """One entry of the 32.61B aggression list."""

    name: str
    aggressor: str
    value: int
    second: bool
    target: str | None
    includes: tuple[str, ...]
    controls: str | None
    counts_on_demand: bool = False   # 32.61B: counts in the total once demanded without triggering war


@dataclass(frozen=True)
class Pack:
    """What the chapter 32 rules read; built once from the validated YAML."""

    may_declare_war_on: dict[str, tuple[str, ...]]
    declare_together: dict[str, tuple[frozenset[str], ...]]
    pact_blocks: frozenset[frozenset[str]]
    threshold: int
    eai_cap: int
    max_concession: int
    more_aggressive_if_tied: str
    remilitarization: str
    eastern_neighbours: tuple[str, ...]
    tracked_control: tuple[str, ...]
    sensitive_countries: tuple[str, ...]
    border_minors: tuple[str, ...]
    flag_in_russia: int
    flag_result: int
    trade_pact_result: int
    allied_neutrality: int
    max_flags_in_minor: int
    minors: tuple[str, ...]
    aggressions: dict[str, Aggression]
    offered_ranges: dict[str, dict[str, int]]   # legal-commands: name -> {"minimum", "maximum"}

    def together_with(self, power: str, target: str) -> frozenset[str]:
        """32.42: the targets ``power`` must declare war on along with ``target``."""
        for group in self.declare_together.get(power, ()):
            if target in group:
                return group
        return frozenset({target})

    def pact_blocked(self, declarer: str, target: str) -> bool:
        return frozenset({declarer, target}) in self.pact_blocks
