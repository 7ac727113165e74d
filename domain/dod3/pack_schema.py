"""Marshmallow schemas for the DoD III data pack (the game's charts, tracks and set-up).

Any scalar may be written plainly or as ``{value: X, provisional: true}``; a section may carry
``provisional: true``. Provisional marks a stand-in for a value the seed does not give, so a
group that owns the game can find and replace every one. Errors name the path of the bad field
(``powers.GE.money: Not a valid integer.``) and what was expected."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.dod3.powers import MAJOR_POWERS, Ideology

SCHEMA_VERSION = 1
DIE_SIDES = 10  # Rule 1.2: every roll is a d10, so every chart column has ten rows
POINT_KINDS = ("bid_points", "army_points", "naval_points")


@dataclass(frozen=True)
class Marked:
    """A value as written in the pack, with its provisional flag (unwrapped by the builder)."""

    value: Any
    provisional: bool = False


class Rational(fields.Field):
    """An exact number: an integer, a decimal (read exactly) or a string like '13/2'."""

    default_error_messages = {"required": "missing; expected a number", "null": "expected a number, not null"}

    def __init__(self, *, minimum: Fraction | None = None, **kwargs):
        super().__init__(**kwargs)
        self.minimum = minimum

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValidationError("expected a number or a fraction like '13/2'")
        try:
            number = Fraction(str(value))
        except (ValueError, ZeroDivisionError) as error:
            raise ValidationError("expected a number or a fraction like '13/2'") from error
        if self.minimum is not None and number < self.minimum:
            raise ValidationError(f"expected at least {self.minimum}")
        return number


class Sourced(fields.Field):
    """``X`` or ``{value: X, provisional: bool}``; inner errors keep the field's own path."""

    default_error_messages = {"required": "missing; expected a value", "null": "expected a value, not null"}

    def __init__(self, inner: fields.Field, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner

    def _deserialize(self, value, attr, data, **kwargs):
        provisional = False
        if isinstance(value, dict):
            extra = set(value) - {"value", "provisional"}
            if extra or "value" not in value:
                raise ValidationError("expected a value or {value: ..., provisional: true}")
            provisional = value.get("provisional", False)
            if not isinstance(provisional, bool):
                raise ValidationError("expected provisional to be true or false")
            value = value["value"]
        return Marked(self.inner.deserialize(value, attr, data), provisional)


class Keyed(fields.Field):
    """A mapping whose errors are reported under each key (``powers.GE.money``)."""

    default_error_messages = {"required": "missing; expected a mapping", "null": "expected a mapping, not null"}

    def __init__(self, values: fields.Field, *, keys: tuple[str, ...] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.values = values
        self.keys = keys

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("expected a mapping")
        out, errors = {}, {}
        for key, item in value.items():
            if self.keys is not None and key not in self.keys:
                errors[str(key)] = [f"unknown key; expected one of {', '.join(self.keys)}"]
                continue
            try:
                out[str(key)] = self.values.deserialize(item, attr, data)
            except ValidationError as error:
                errors[str(key)] = error.messages
        if errors:
            raise ValidationError(errors)
        return out


def _messages(expected: str) -> dict[str, str]:
    return {"invalid": f"expected {expected}", "required": f"missing; expected {expected}",
            "null": f"expected {expected}, not null"}


def _int(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, error_messages=_messages("a whole number"), **kwargs)


def _str(**kwargs) -> fields.String:
    return fields.String(error_messages=_messages("a text"), **kwargs)


def _bool(**kwargs) -> fields.Boolean:
    return fields.Boolean(error_messages=_messages("true or false"), **kwargs)


def _list(inner: fields.Field, **kwargs) -> fields.List:
    return fields.List(inner, error_messages=_messages("a list"), **kwargs)


def _nested(schema: type, **kwargs) -> fields.Nested:
    return fields.Nested(schema, error_messages=_messages("a mapping"), **kwargs)


def _power(**kwargs) -> fields.String:
    return _str(validate=validate.OneOf(MAJOR_POWERS, error="expected a major power: {choices}"), **kwargs)


def _count(**kwargs) -> fields.Integer:
    return _int(validate=validate.Range(min=0, error="expected a whole number >= 0"), **kwargs)


class PowerSchema(Schema):
    name = _str(required=True)
    ideology = _str(required=True, validate=validate.OneOf([i.value for i in Ideology]))
    capital = Sourced(_str(), required=True)
    political_effectiveness = Sourced(_int(), required=True)
    pe_hidden = _bool(required=True)
    money = Sourced(_int(), required=True)
    credit_limit = Sourced(_count(), required=True)
    production_multiples = Sourced(_list(Rational(minimum=Fraction(0)), validate=validate.Length(min=1)),
                                   required=True)
    base_income = Sourced(_count(), required=True)
    bid_points = Sourced(_count(), required=True)
    army_points = Sourced(_count(), required=True)
    naval_points = Sourced(_count(), required=True)
    us_entry = Sourced(Rational(), required=True)
    objectives_needed = Sourced(_count(), required=True)
    historical_high_point = Sourced(_count(), required=True)


class SubordinateSchema(Schema):
    name = _str(required=True)
    serves_with = _power(required=True)
    bought_by = _list(_power(), required=True, validate=validate.Length(min=1))
    point_kinds = _list(_str(validate=validate.OneOf(("army_points", "naval_points"))), required=True)
    army_points = Sourced(_count(), required=True)
    naval_points = Sourced(_count(), required=True)


class CalendarSchema(Schema):
    first_year = _int(required=True)
    last_year = _int(required=True)
    periods = _list(_str(), required=True, validate=validate.Length(min=1))


class InitiativeSchema(Schema):
    start_track = _list(_power(), required=True)
    bid_modifiers = Sourced(_list(_int()), required=True)
    first_turn_options = _int(required=True, validate=validate.Range(min=1))


class WeatherSchema(Schema):
    provisional = _bool()
    results = _list(_str(), required=True, validate=validate.Length(min=1))
    chart = Keyed(_list(_str(), validate=validate.Length(
        equal=DIE_SIDES, error=f"expected {DIE_SIDES} results, one per d10 roll")), required=True)


class ProductionSchema(Schema):
    prices = Keyed(Sourced(_int(validate=validate.Range(min=1))), keys=POINT_KINDS,
                   required=True)


class USEntrySchema(Schema):
    adjustments = Keyed(Sourced(Rational()), keys=("at_war_with_china", "at_war_with_democracy", "search_and_seizure"),
                        required=True)


class TreatySchema(Schema):
    powers = _list(_power(), required=True, validate=validate.Length(equal=2))
    level = _int(required=True, validate=validate.Range(min=1))
    age = _int(required=True, validate=validate.Range(min=0))
    trade = _bool(required=True)


class TradeFlowSchema(Schema):
    sender = _power(required=True)
    receiver = _power(required=True)
    goods = Keyed(_int(validate=validate.Range(min=1)), required=True)


class TradeSchema(Schema):
    flows = _list(_nested(TradeFlowSchema), required=True, validate=validate.Length(min=1))
    routes = Keyed(_list(_str()), required=True)


class ResourceMarkerSchema(Schema):
    power = _power(required=True)
    location = _str(required=True)
    kind = _str(required=True, validate=validate.OneOf(("resource", "oil", "factory")))


class TerritorySchema(Schema):
    territory = _str(required=True)
    controller = _power(required=True)
    home_country = _bool(required=True)


class OffensiveSchema(Schema):
    origin = _str(required=True)
    into = _str(required=True)


class MinorWarSchema(Schema):
    power = _power(required=True)
    minor = _str(required=True)
    since = _str(required=True)
    offensives = _list(_nested(OffensiveSchema), load_default=list)


class MinorControlSchema(Schema):
    minor = _str(required=True)
    controller = _power(required=True)
    directs = _bool(required=True)


class GuaranteeSchema(Schema):
    power = _power(required=True)
    minor = _str(required=True)
    option = _str(required=True)


class PanamaSchema(Schema):
    controller = _power(required=True)
    central_america = _str(required=True)


class StartSchema(Schema):
    treaties = _list(_nested(TreatySchema), required=True)
    trade = _list(_nested(TradeSchema), required=True)
    resource_markers = _list(_nested(ResourceMarkerSchema), required=True)
    territories = _list(_nested(TerritorySchema), required=True)
    wars_with_minors = _list(_nested(MinorWarSchema), required=True)
    minor_control = _list(_nested(MinorControlSchema), required=True)
    guarantees = _list(_nested(GuaranteeSchema), required=True)
    panama_canal = _nested(PanamaSchema, required=True)


class ObjectiveSchema(Schema):
    name = _str(required=True)
    territory = _str(required=True)
    controller = _power(required=True, allow_none=True)
    minor = _str(load_default=None, allow_none=True)
    capital_distances = Keyed(_count(), keys=MAJOR_POWERS, load_default=dict)


class ObjectivesSchema(Schema):
    provisional = _bool()
    items = _list(_nested(ObjectiveSchema), required=True, validate=validate.Length(min=1))


class PackSchema(Schema):
    """The whole pack. Cross-field checks run once every field is valid on its own."""

    schema_version = _int(required=True, validate=validate.Equal(
        SCHEMA_VERSION, error=f"expected {SCHEMA_VERSION} (the pack format this ruleset reads)"))
    pack = _str(required=True)
    version = _str(required=True)
    ruleset = _str(required=True, validate=validate.Equal("dod3", error="expected dod3"))
    source = _str(required=True)
    calendar = _nested(CalendarSchema, required=True)
    powers = Keyed(_nested(PowerSchema), keys=MAJOR_POWERS, required=True)
    subordinates = Keyed(_nested(SubordinateSchema), required=True)
    initiative = _nested(InitiativeSchema, required=True)
    weather = _nested(WeatherSchema, required=True)
    production = _nested(ProductionSchema, required=True)
    us_entry = _nested(USEntrySchema, required=True)
    start = _nested(StartSchema, required=True)
    objectives = _nested(ObjectivesSchema, required=True)
    # Rules 2.6 and 8.1-8.7 (the political half; schemas in pack_schema_politics).
    politics = _nested(lambda: _politics_schemas().PoliticsSchema(), required=True)
    status_display = _nested(lambda: _politics_schemas().StatusDisplaySchema(), required=True)
    minors = _nested(lambda: _politics_schemas().MinorsSchema(), required=True)
    war_chart = _nested(lambda: _politics_schemas().WarChartSchema(), required=True)
    treaty_chart = _nested(lambda: _politics_schemas().TreatyChartSchema(), required=True)
    options = _nested(lambda: _politics_schemas().OptionsSchema(), required=True)

    @validates_schema
    def _consistent(self, data: dict, **kwargs) -> None:
        errors: dict = {}
        for check in (_check_powers, _check_calendar, _check_initiative, _check_weather, _check_objectives,
                      _check_production):
            _merge(errors, check(data))
        if not errors:
            from domain.dod3.pack_checks_politics import check_politics

            _merge(errors, check_politics(data))
        if errors:
            raise ValidationError(errors)


def _politics_schemas():
    # The political schemas build on this module's fields, so they are imported when first used.
    from domain.dod3 import pack_schema_politics

    return pack_schema_politics


def _merge(into: dict, more: dict) -> None:
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _check_powers(data: dict) -> dict:
    missing = [p for p in MAJOR_POWERS if p not in data["powers"]]
    if missing:
        return {"powers": [f"expected all eight major powers (rule 3.1a); missing {', '.join(missing)}"]}
    return {}


def _check_calendar(data: dict) -> dict:
    calendar = data["calendar"]
    errors = {}
    if calendar["last_year"] < calendar["first_year"]:
        errors["last_year"] = ["expected a year no earlier than first_year"]
    if len(set(calendar["periods"])) != len(calendar["periods"]):
        errors["periods"] = ["expected each period once"]
    return {"calendar": errors} if errors else {}


def _check_initiative(data: dict) -> dict:
    initiative, errors = data["initiative"], {}
    if sorted(initiative["start_track"]) != sorted(MAJOR_POWERS):
        errors["start_track"] = ["expected each of the eight major powers exactly once"]
    if len(initiative["bid_modifiers"].value) != len(MAJOR_POWERS):
        errors["bid_modifiers"] = [f"expected {len(MAJOR_POWERS)} modifiers, one per initiative position"]
    return {"initiative": errors} if errors else {}


def _check_weather(data: dict) -> dict:
    weather, periods, errors = data["weather"], data["calendar"]["periods"], {}
    missing = [p for p in periods if p not in weather["chart"]]
    extra = [p for p in weather["chart"] if p not in periods]
    if missing or extra:
        errors["chart"] = [f"expected one column per calendar period ({', '.join(periods)})"]
    for period, column in weather["chart"].items():
        bad = sorted({r for r in column if r not in weather["results"]})
        if bad:
            errors.setdefault("chart", {})
            if isinstance(errors["chart"], dict):
                errors["chart"][period] = [f"unknown result {', '.join(bad)}; expected one of {weather['results']}"]
    return {"weather": errors} if errors else {}


def _check_production(data: dict) -> dict:
    missing = [k for k in POINT_KINDS if k not in data["production"]["prices"]]
    return {"production": {"prices": [f"expected a price for {', '.join(missing)}"]}} if missing else {}


def _check_objectives(data: dict) -> dict:
    items, errors, seen = data["objectives"]["items"], {}, set()
    for index, objective in enumerate(items):
        problems = {}
        if objective["name"] in seen:
            problems["name"] = ["expected each objective name once"]
        seen.add(objective["name"])
        if objective["controller"] is None and not objective["capital_distances"]:
            problems["capital_distances"] = ["expected distances for an objective nobody controls (rule 4.2)"]
        if problems:
            errors[index] = problems
    return {"objectives": {"items": errors}} if errors else {}
