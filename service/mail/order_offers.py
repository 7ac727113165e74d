"""Judging an order line against what legal-commands offers the seat now: the line's fields
(filled, for a short form, from its data templates and the words it read) are typed by the
command's schema and matched to an offer; the fields it leaves out that every matching offer pins
to one value are filled in, and what is still open is named with the values the offers allow."""
from __future__ import annotations

import dataclasses
import json
import re
from functools import lru_cache
from typing import Any, Callable

import jsonschema_rs

from domain.kernel.plain import to_plain
from domain.kernel.platform import PLATFORM_COMMANDS
from service.http.command_schemas import ruleset_docs
from service.mail import form_files
from service.mail.form_files import ShortForm
from service.mail.order_values import (
    NO_VALUE,
    BadLine,
    Raw,
    canonical,
    shape,
    shown,
    spoken,
    typed,
)


def resolve(ruleset, kind: str, given_text: dict, legal: list[dict], form: ShortForm | None = None,
            groups: dict | None = None, label: str | None = None) -> dict:
    """The command's data: the line's fields typed and matched to an offer, the rest filled in."""
    label = label or kind
    for name in form.required if form else ():
        if (groups or {}).get(name) is None:
            raise BadLine(f"{label} needs {_the(name)}: {form.usage}", kind)
    schema = ruleset_docs(ruleset)[kind].data_schema
    bodies = form_files.offers_for(form, kind, legal, schema)
    if not bodies:
        raise BadLine(f"{kind} is not open to you now.")
    props, defaults = schema.get("properties", {}), command_defaults(ruleset, kind)
    stray = sorted(set(given_text) - set(props))
    if stray:
        raise BadLine(f"{kind} has no field {stray[0]}; its fields are {', '.join(props) or 'none'}.", kind)
    given, pending, waiting = {}, dict(given_text), {}
    while pending:  # a template may name fields only the offer fills (APPROVE: "{power} 0(f)")
        matched = _matching(label, kind, given, bodies)
        known = {**_pinned(props, defaults, given, matched), **given}
        ready = {}
        for name, template in pending.items():
            try:
                raw = template if form is None else _substitute(template, _lookup(groups or {}, known, matched))
            except _Later as later:
                waiting[name] = str(later)
                continue
            ready[name] = raw if raw is _OMIT else _fit(label, kind, name, raw, props[name], bodies)
        if not ready:
            break
        for name, value in ready.items():
            del pending[name]
            if value is not _OMIT:
                given[name] = value
    matched = _matching(label, kind, given, bodies)
    known = {**_pinned(props, defaults, given, matched), **given}
    for name in pending:
        raise BadLine(f"{label} needs {_the(waiting.get(name, name))}{_one_of(waiting.get(name, name), matched)}.",
                      kind)
    required = schema.get("required", [])
    for name in props:
        if name not in known and (name in required or _offer_leaves_open(name, props[name], defaults, matched)):
            raise BadLine(f"{label} needs {_the(name)}{_one_of(name, matched)}.", kind)
    _matching(label, kind, known, bodies)
    return {**defaults, **known}


def _the(name: str) -> str:
    return "the " + name.split(".")[-1].replace("_", " ")


class _Later(Exception):
    """A template names a value not known yet."""


_OMIT = object()  # a field whose group did not match: left out of the line
PLACE = re.compile(r"\{([a-z_.]+)(?:\|([a-z_]+))?\}")  # {field} or, in write, {field|writer}


def _lookup(groups: dict, known: dict, matched: list[dict]) -> Callable[[str], Any]:
    def value(name: str) -> Any:
        if name in groups:
            if groups[name] is None:
                raise _Omitted
            return groups[name]
        if name in known:
            return known[name]
        if name.startswith("example."):  # the value every matching offer's example shows (a battle's id)
            seen = {json.dumps((b.get("example") or {}).get("data", {}).get(name[8:])) for b in matched}
            if len(seen) == 1 and (item := json.loads(seen.pop())) is not None:
                return item
        if name.startswith("choices."):  # the one item every matching offer shows (ACTIVATE's modifier)
            _, field, key = (name.split(".") + [""])[:3]
            seen = {json.dumps(_only(b["choices"].get(field), key)) for b in matched}
            if len(seen) == 1 and (item := json.loads(seen.pop())) is not None:
                return item
        raise _Later(name)
    return value


def _only(choice: Any, key: str) -> Any:
    if isinstance(choice, list) and len(choice) == 1 and isinstance(choice[0], dict):
        return choice[0].get(key)
    return None


class _Omitted(Exception):
    pass


def _substitute(template: Any, value: Callable[[str], Any]) -> Any:
    try:
        return _filled(template, value)
    except _Omitted:
        return _OMIT


def _filled(template: Any, value: Callable[[str], Any]) -> Any:
    if isinstance(template, dict):
        return {k: _filled(v, value) for k, v in template.items()}
    if isinstance(template, list):
        return [_filled(v, value) for v in template]
    if isinstance(template, str):
        whole = PLACE.fullmatch(template)
        if whole and not isinstance(found := value(whole.group(1)), str):
            return found  # typed already (a reader's units or route)
        return Raw(PLACE.sub(lambda m: spoken(value(m.group(1))), template))
    return template


def _matching(label: str, kind: str, given: dict, bodies: list[dict]) -> list[dict]:
    """The offers that take every given field; none: which field no offer takes."""
    fits = [b for b in bodies if all(_accepts(_prop(b, f), v) for f, v in given.items())]
    if fits:
        return fits
    for name, value in reversed(given.items()):  # the later fields narrow the earlier ones' offer
        others = [b for b in bodies if all(_accepts(_prop(b, f), v) for f, v in given.items() if f != name)]
        if others and not any(_accepts(_prop(b, name), value) for b in others):
            bodies = others
            raise BadLine(f"{label}: {name.replace('_', ' ')} {shown(value)} is not open to you now"
                       f"{_one_of(name, bodies)}.", kind)
    together = ", ".join(f"{f}={shown(v)}" for f, v in given.items())
    raise BadLine(f"{label}: no {kind} open to you now takes {together} together.", kind)


def _prop(body: dict, name: str) -> dict:
    return body.get("data_schema", {}).get("properties", {}).get(name, {})


@lru_cache(maxsize=4096)
def _validator(schema_json: str):
    return jsonschema_rs.validator_for(json.loads(schema_json))


def _accepts(schema: dict, value: Any) -> bool:
    try:
        return _validator(json.dumps(schema, sort_keys=True)).is_valid(value)
    except (ValueError, OverflowError):  # a value no JSON Schema number can hold
        return False


def pin_of(body: dict, name: str, schema: dict) -> Any:
    """The one value an offer allows for a field, or NO_VALUE."""
    if name == "power" and body.get("power"):
        return body["power"]
    choice = body.get("choices", {}).get(name)
    if not isinstance(choice, list) or not choice:
        return NO_VALUE
    listed_by_item = shape(schema, "array") is not None and not isinstance(choice[0], list)
    if len(choice) == 1 and not listed_by_item:
        return choice[0]
    example = (body.get("example") or {}).get("data", {})
    if listed_by_item and all(isinstance(c, dict) for c in choice) and name in example:
        return example[name]  # described item by item (each modifier): the offer's own list
    return NO_VALUE


def _pinned(props: dict, defaults: dict, given: dict, matched: list[dict]) -> dict:
    """Fields not given that every matching offer pins to the same value (or the default among them)."""
    out = {}
    for name, schema in props.items():
        if name in given:
            continue
        values = [pin_of(b, name, schema) for b in matched]
        if any(v is NO_VALUE for v in values):
            continue
        if len({json.dumps(v, sort_keys=True) for v in values}) == 1:
            out[name] = values[0]
        elif name in defaults and defaults[name] in values:
            out[name] = defaults[name]
    return out


def _offer_leaves_open(name: str, schema: dict, defaults: dict, matched: list[dict]) -> bool:
    """An offer lists the field's values and its default is not among them: the seat must choose."""
    for body in matched:
        choice = body.get("choices", {}).get(name)
        if not isinstance(choice, list) or not choice or isinstance(choice[0], dict):
            continue
        listed_by_item = shape(schema, "array") is not None and not isinstance(choice[0], list)
        if not listed_by_item and (name not in defaults or defaults[name] not in choice):
            return True
    return False


def _allowed(name: str, bodies: list[dict]) -> list:
    """Every value (or item) offered for a field, in offer order."""
    values = []
    for body in bodies:
        if name == "power" and body.get("power"):
            values.append(body["power"])
        choice = body.get("choices", {}).get(name)
        if isinstance(choice, list):
            values += [c for c in choice if not isinstance(c, dict)]
        schema = _prop(body, name)
        values += schema.get("enum", []) + schema.get("items", {}).get("enum", [])
    return [v for i, v in enumerate(values) if v not in values[:i]]


def _one_of(name: str, bodies: list[dict]) -> str:
    """What the offers allow for a field, as " (one of a, b)" or " (from 0 to 9)"."""
    values = _allowed(name, bodies)
    ranges = [b["choices"][name] for b in bodies if isinstance(b.get("choices", {}).get(name), dict)]
    if values:
        return f" (one of {', '.join(shown(v) for v in values[:12])}{', ...' if len(values) > 12 else ''})"
    if ranges:
        return f" (from {min(r.get('minimum', 0) for r in ranges)} to {max(r.get('maximum', 0) for r in ranges)})"
    return ""


def _fit(label: str, kind: str, name: str, raw: Any, schema: dict, bodies: list[dict]) -> Any:
    value = typed(raw, schema, f"{label}: {name.replace('_', ' ')}", kind)
    return canonical(value, _allowed(name, bodies))


@lru_cache(maxsize=None)
def _classes(ruleset) -> dict[str, type]:
    return {c.__name__: c for c in (*ruleset.commands, *PLATFORM_COMMANDS)}


def command_defaults(ruleset, kind: str) -> dict:
    """The command's defaults as plain values: a parsed order states every field."""
    out = {}
    for f in dataclasses.fields(_classes(ruleset)[kind]):
        if f.default is not dataclasses.MISSING:
            out[f.name] = to_plain(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = to_plain(f.default_factory())
    return out
