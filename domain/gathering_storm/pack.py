"""The Gathering Storm data pack: its marshmallow schema and the immutable object rules read.

The domain never reads files; the service loads YAML and hands the validated dict to
``build_pack``. Cross-field checks name the field path so a bad pack says what is wrong where."""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.gathering_storm.powers import AXIS, MAJOR_POWERS

def _power() -> fields.String:
    return fields.String(validate=validate.OneOf(MAJOR_POWERS))


class _ProvisionalInt(Schema):
    value = fields.Integer(required=True, strict=True)
    provisional = fields.Boolean(load_default=False)


class _OtherMinors(Schema):
    provisional = fields.Boolean(load_default=False)
    names = fields.List(fields.String(), required=True)


class _Minors(Schema):
    named = fields.List(fields.String(), required=True)
    others = fields.Nested(_OtherMinors, load_default=None)


class _Russia(Schema):
    sensitive_countries = fields.List(fields.String(), required=True)
    border_minors = fields.List(fields.String(), required=True)
    flag_in_russia = fields.Integer(required=True, strict=True)
    flag_result = fields.Integer(required=True, strict=True)
    trade_pact_result = fields.Integer(required=True, strict=True)
    allied_neutrality = fields.Integer(required=True, strict=True)


class _Aggression(Schema):
    aggressor = fields.String(required=True, validate=validate.OneOf(AXIS))
    value = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    second = fields.Boolean(required=True)
    target = fields.String(load_default=None)
    includes = fields.List(fields.String(), load_default=list)
    controls = fields.String(load_default=None)


class PackSchema(Schema):
    """Schema of ``data/default.yaml``; see the comments there for the rule behind each field."""

    ruleset = fields.String(validate=validate.Equal("gathering-storm"), load_default="gathering-storm")
    may_declare_war_on = fields.Dict(keys=_power(), values=fields.List(_power()), required=True)
    declare_together = fields.Dict(keys=_power(), values=fields.List(fields.List(_power())), load_default=dict)
    pact_blocks = fields.List(fields.List(_power(), validate=validate.Length(equal=2)), load_default=list)
    threshold = fields.Integer(required=True, strict=True)
    eai_cap = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    max_concession = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    more_aggressive_if_tied = fields.String(required=True, validate=validate.OneOf(AXIS))
    remilitarization = fields.String(required=True)
    eastern_neighbours = fields.List(fields.String(), required=True)
    tracked_control = fields.List(fields.String(), required=True)
    russia = fields.Nested(_Russia, required=True)
    max_flags_in_minor = fields.Nested(_ProvisionalInt, required=True)
    minors = fields.Nested(_Minors, required=True)
    aggressions = fields.Dict(keys=fields.String(), values=fields.Nested(_Aggression), required=True)

    @validates_schema
    def _cross_references(self, data, **_kwargs):
        """Every country and aggression named anywhere must be declared in the pack."""
        minors = set(data["minors"]["named"]) | set((data["minors"].get("others") or {}).get("names", ()))
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

    def together_with(self, power: str, target: str) -> frozenset[str]:
        """32.42: the targets ``power`` must declare war on along with ``target``."""
        for group in self.declare_together.get(power, ()):
            if target in group:
                return group
        return frozenset({target})

    def pact_blocked(self, declarer: str, target: str) -> bool:
        return frozenset({declarer, target}) in self.pact_blocks


def build_pack(raw: dict) -> Pack:
    """Validated YAML dict -> Pack."""
    minors = tuple(raw["minors"]["named"]) + tuple((raw["minors"].get("others") or {}).get("names", ()))
    return Pack(
        may_declare_war_on={p: tuple(t) for p, t in raw["may_declare_war_on"].items()},
        declare_together={p: tuple(frozenset(g) for g in groups) for p, groups in raw["declare_together"].items()},
        pact_blocks=frozenset(frozenset(pair) for pair in raw["pact_blocks"]),
        threshold=raw["threshold"],
        eai_cap=raw["eai_cap"],
        max_concession=raw["max_concession"],
        more_aggressive_if_tied=raw["more_aggressive_if_tied"],
        remilitarization=raw["remilitarization"],
        eastern_neighbours=tuple(raw["eastern_neighbours"]),
        tracked_control=tuple(raw["tracked_control"]),
        sensitive_countries=tuple(raw["russia"]["sensitive_countries"]),
        border_minors=tuple(raw["russia"]["border_minors"]),
        flag_in_russia=raw["russia"]["flag_in_russia"],
        flag_result=raw["russia"]["flag_result"],
        trade_pact_result=raw["russia"]["trade_pact_result"],
        allied_neutrality=raw["russia"]["allied_neutrality"],
        max_flags_in_minor=raw["max_flags_in_minor"]["value"],
        minors=minors,
        aggressions={
            name: Aggression(name, a["aggressor"], a["value"], a["second"], a["target"],
                             tuple(a["includes"]), a["controls"])
            for name, a in raw["aggressions"].items()
        },
    )
