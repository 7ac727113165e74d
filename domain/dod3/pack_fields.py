"""The marshmallow fields every section of the DoD III data pack is written with.

Any scalar may be written plainly or as ``{value: X, provisional: true}``; a section may carry
``provisional: true``. Provisional marks a stand-in for a value the seed does not give, so a
group that owns the game can find and replace every one (``provisional_paths``). Errors name the
path of the bad field (``powers.GE.money: Not a valid integer.``) and what was expected."""
from __future__ import annotations

from dataclasses import replace
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields, post_load, validate

from domain.dod3.powers import MAJOR_POWERS, Ideology

IDEOLOGIES = tuple(i.value for i in Ideology)


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
    """``X`` or ``{value: X, provisional: bool}``, loaded as X; inner errors keep the field's own path."""

    default_error_messages = {"required": "missing; expected a value", "null": "expected a value, not null"}

    def __init__(self, inner: fields.Field, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, dict):
            extra = set(value) - {"value", "provisional"}
            if extra or "value" not in value:
                raise ValidationError("expected a value or {value: ..., provisional: true}")
            if not isinstance(value.get("provisional", False), bool):
                raise ValidationError("expected provisional to be true or false")
            value = value["value"]
        return self.inner.deserialize(value, attr, data)


class Keyed(fields.Field):
    """A mapping whose errors are reported under each key (``powers.GE.money``). ``named``: the
    spec loaded for each key gets the key as that field (a minor's name)."""

    default_error_messages = {"required": "missing; expected a mapping", "null": "expected a mapping, not null"}

    def __init__(self, values: fields.Field, *, keys: tuple[str, ...] | None = None, named: str | None = None,
                 **kwargs):
        super().__init__(**kwargs)
        self.values = values
        self.keys = keys
        self.named = named

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
        if self.named is not None:
            return {key: replace(spec, **{self.named: key}) for key, spec in out.items()}
        return out


class Listed(fields.List):
    """A list, loaded as a tuple (specs are frozen)."""

    def _deserialize(self, value, attr, data, **kwargs):
        return tuple(super()._deserialize(value, attr, data, **kwargs))


class SpecSchema(Schema):
    """A section whose load builds ``spec``, the frozen class the rules read, from its fields
    (``spec_fields`` adjusts them first). A ``provisional`` mark is not kept in the spec: the Pack
    lists every one (``provisional_paths``)."""

    spec: ClassVar[type]

    def spec_fields(self, data: dict) -> dict:
        return data

    @post_load
    def _spec(self, data: dict, **kwargs):
        data.pop("provisional", None)
        return self.spec(**self.spec_fields(data))


class Word(fields.String):
    """A pack word read as its enum member (the YAML holds the value: ``approve``, ``minor``),
    refused with the list of words (``choices``: as the message lists them)."""

    def __init__(self, enum: type[Enum], *, choices: tuple | None = None, **kwargs):
        super().__init__(error_messages=_messages("a text"), **kwargs)
        self.enum = enum
        self.one_of = validate.OneOf(choices if choices is not None else tuple(m.value for m in enum))

    def _deserialize(self, value, attr, data, **kwargs):
        return self.enum(self.one_of(super()._deserialize(value, attr, data, **kwargs)))


def _messages(expected: str) -> dict[str, str]:
    return {"invalid": f"expected {expected}", "required": f"missing; expected {expected}",
            "null": f"expected {expected}, not null"}


def whole(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, error_messages=_messages("a whole number"), **kwargs)


def text(**kwargs) -> fields.String:
    return fields.String(error_messages=_messages("a text"), **kwargs)


def flag(**kwargs) -> fields.Boolean:
    return fields.Boolean(error_messages=_messages("true or false"), **kwargs)


def listed(inner: fields.Field, **kwargs) -> Listed:
    return Listed(inner, error_messages=_messages("a list"), **kwargs)


def nested(schema, **kwargs) -> fields.Nested:
    return fields.Nested(schema, error_messages=_messages("a mapping"), **kwargs)


def major_power(**kwargs) -> fields.String:
    return text(validate=validate.OneOf(MAJOR_POWERS, error="expected a major power: {choices}"), **kwargs)


def count(**kwargs) -> fields.Integer:
    return whole(validate=validate.Range(min=0, error="expected a whole number >= 0"), **kwargs)


def years(**kwargs) -> Keyed:
    """US entry by year: ``{1936: 10, 1938: 9}`` - each value holds from its year on."""
    return Keyed(Sourced(Rational()), **kwargs)


def by_year(written: dict[str, Fraction]) -> dict[int, Fraction]:
    return {int(year): value for year, value in written.items()}


def provisional_paths(schema: Schema, raw: Any) -> tuple[str, ...]:
    """Every path of a valid pack (``raw`` as written) that is marked provisional: a value, or a
    whole section, in the order the schema loads them."""
    return tuple(_marked(fields.Nested(schema), raw, ""))


def _marked(field: fields.Field, raw: Any, path: str) -> list[str]:
    def at(key) -> str:
        return f"{path}.{key}" if path else str(key)

    if isinstance(field, fields.Nested):
        if not isinstance(raw, dict):
            return []
        found = [path] if raw.get("provisional") is True else []
        for name, inner in field.schema.load_fields.items():
            key = inner.data_key or name
            if key in raw:
                found += _marked(inner, raw[key], at(name))
        return found
    if isinstance(field, Sourced):
        if isinstance(raw, dict):
            return ([path] if raw.get("provisional") is True else []) + _marked(field.inner, raw.get("value"), path)
        return _marked(field.inner, raw, path)
    if isinstance(field, Keyed) and isinstance(raw, dict):
        return [p for key, item in raw.items() for p in _marked(field.values, item, at(key))]
    if isinstance(field, fields.List) and isinstance(raw, list):
        return [p for index, item in enumerate(raw) for p in _marked(field.inner, item, at(index))]
    return []
