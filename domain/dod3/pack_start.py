"""Rule 3.2: the ``start`` section of the data pack, the rest of the set-up. Most of it loads straight
into the values the state holds (trade agreements, resource markers, wars with minors, guarantees),
so setting up copies them."""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import validate

from domain.dod3.pack_fields import Keyed, SpecSchema, flag, listed, major_power, nested, text, whole
from domain.dod3.state import Guarantee, MinorWar, Offensive, ResourceMarker, TradeAgreement, TradeFlow


@dataclass(frozen=True)
class TreatySpec:
    powers: tuple[str, str]
    level: int
    age: int
    trade: bool


class TreatySchema(SpecSchema):
    spec = TreatySpec

    powers = listed(major_power(), required=True, validate=validate.Length(equal=2))
    level = whole(required=True, validate=validate.Range(min=1))
    age = whole(required=True, validate=validate.Range(min=0))
    trade = flag(required=True)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "powers": tuple(sorted(data["powers"]))}


class TradeFlowSchema(SpecSchema):
    spec = TradeFlow

    sender = major_power(required=True)
    receiver = major_power(required=True)
    goods = Keyed(whole(validate=validate.Range(min=1)), required=True)


class TradeSchema(SpecSchema):
    spec = TradeAgreement

    flows = listed(nested(TradeFlowSchema), required=True, validate=validate.Length(min=1))
    routes = Keyed(listed(text()), required=True)


class ResourceMarkerSchema(SpecSchema):
    spec = ResourceMarker

    power = major_power(required=True)
    location = text(required=True)
    kind = text(required=True, validate=validate.OneOf(("resource", "oil", "factory")))


@dataclass(frozen=True)
class TerritorySpec:
    territory: str
    controller: str
    home_country: bool


class TerritorySchema(SpecSchema):
    spec = TerritorySpec

    territory = text(required=True)
    controller = major_power(required=True)
    home_country = flag(required=True)


class OffensiveSchema(SpecSchema):
    spec = Offensive

    origin = text(required=True)
    into = text(required=True)


class MinorWarSchema(SpecSchema):
    spec = MinorWar

    power = major_power(required=True)
    minor = text(required=True)
    since = text(required=True)
    offensives = listed(nested(OffensiveSchema), load_default=tuple)


@dataclass(frozen=True)
class MinorControlSpec:
    minor: str
    controller: str
    directs: bool


class MinorControlSchema(SpecSchema):
    spec = MinorControlSpec

    minor = text(required=True)
    controller = major_power(required=True)
    directs = flag(required=True)


class GuaranteeSchema(SpecSchema):
    spec = Guarantee

    power = major_power(required=True)
    minor = text(required=True)
    option = text(required=True)


@dataclass(frozen=True)
class PanamaSpec:
    controller: str
    central_america: str


class PanamaSchema(SpecSchema):
    spec = PanamaSpec

    controller = major_power(required=True)
    central_america = text(required=True)


@dataclass(frozen=True)
class StartSpec:
    """Rule 3.2: the rest of the set-up, most of it already as the state holds it."""

    treaties: tuple[TreatySpec, ...]
    trade: tuple[TradeAgreement, ...]
    resource_markers: tuple[ResourceMarker, ...]
    territories: tuple[TerritorySpec, ...]
    wars_with_minors: tuple[MinorWar, ...]
    minor_control: tuple[MinorControlSpec, ...]
    guarantees: tuple[Guarantee, ...]
    panama_canal: PanamaSpec


class StartSchema(SpecSchema):
    spec = StartSpec

    treaties = listed(nested(TreatySchema), required=True)
    trade = listed(nested(TradeSchema), required=True)
    resource_markers = listed(nested(ResourceMarkerSchema), required=True)
    territories = listed(nested(TerritorySchema), required=True)
    wars_with_minors = listed(nested(MinorWarSchema), required=True)
    minor_control = listed(nested(MinorControlSchema), required=True)
    guarantees = listed(nested(GuaranteeSchema), required=True)
    panama_canal = nested(PanamaSchema, required=True)
