"""Typing an order line's values for play by email: text as the player wrote it (``Raw``) typed by
the field's JSON schema (a number, yes or no, none, a list "a, b and c", an enum's value case and
spacing aside), matched to the offered spelling, and values spoken back the way a line writes them.
Also the refusal every step of reading a line raises (``BadLine``)."""
from __future__ import annotations

import json
import re
from typing import Any

FALSY, TRUTHY = ("no", "false", "n", "off"), ("yes", "true", "y", "on")
NULLS = ("none", "null")
JSON = json.JSONDecoder()
NO_VALUE = object()  # none: no one value an offer pins, or text not of a schema branch's type


class BadLine(Exception):
    """Why a line was refused, and the command type whose legal lines make the best hint."""

    def __init__(self, reason: str, kind: str | None = None):
        super().__init__(reason)
        self.reason, self.kind = reason, kind


class Raw(str):
    """Text as the player wrote it, still to be typed by the field's schema (a JSON value is not)."""


def spoken(value: Any) -> str:
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, list):
        return ", ".join(map(spoken, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def shown(value: Any) -> str:
    text = spoken(value) if not isinstance(value, dict) else json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def typed(raw: Any, schema: dict, what: str, kind: str) -> Any:
    if isinstance(raw, Raw):
        return _from_text(str(raw).strip(), schema, what, kind)
    if isinstance(raw, list) and (array := shape(schema, "array")) is not None:
        return [typed(item, array.get("items", {}), what, kind) for item in raw]
    if isinstance(raw, dict) and (obj := shape(schema, "object")) is not None:
        props = obj.get("properties", {})
        return {k: typed(v, props.get(k, {}), what, kind) for k, v in raw.items()}
    return raw


def _branches(schema: dict) -> list[dict]:
    if "anyOf" in schema:
        return [b for s in schema["anyOf"] for b in _branches(s)]
    return [schema, {"type": "null"}] if schema.get("nullable") else [schema]


def shape(schema: dict, kind: str) -> dict | None:
    return next((b for b in _branches(schema) if b.get("type") == kind), None)


_INTEGER = re.compile(r"[+-]?\d{1,15}")
_NUMBER = re.compile(r"[+-]?\d{1,15}(\.\d{1,15})?")


def _from_text(text: str, schema: dict, what: str, kind: str) -> Any:
    if text[:1] in ("[", "{", '"'):
        try:
            return JSON.decode(text)
        except (ValueError, RecursionError):
            raise BadLine(f"{what} is not valid JSON.", kind) from None
    branches = _branches(schema)  # "none" is null wherever null is allowed, before any text
    for branch in sorted(branches, key=lambda b: b.get("type") != "null"):
        value = _converted(text, branch, what, kind)
        if value is not NO_VALUE:
            return value
    raise BadLine(f"{what} must be {' or '.join(dict.fromkeys(map(_described, branches)))}, "
               f"not {shown(text)}.", kind)


def _converted(text: str, branch: dict, what: str, kind: str) -> Any:
    lowered = text.lower()
    match branch.get("type"):
        case "null":
            return None if lowered in NULLS else NO_VALUE
        case "integer":
            return int(text) if _INTEGER.fullmatch(text) else NO_VALUE
        case "number":
            return NO_VALUE if not _NUMBER.fullmatch(text) else int(text) if _INTEGER.fullmatch(text) else float(text)
        case "boolean":
            return True if lowered in TRUTHY else False if lowered in FALSY else NO_VALUE
        case "string":
            return text
        case "array":
            return [_from_text(item, branch.get("items", {}), what, kind) for item in _items(text)]
        case "object":
            return NO_VALUE  # only JSON names an object
    if "enum" in branch:
        return next((v for v in branch["enum"] if _key(v) == _key(text)), NO_VALUE)
    return text


def _items(text: str) -> list[str]:
    """A list as written: comma-separated (items may hold spaces), "a and b", or space-separated."""
    if not text:
        return []
    parts = re.split(r"\s*,\s*|\s+and\s+|\s*&\s*", text, flags=re.IGNORECASE) \
        if re.search(r",|\s(and|&)\s", text, re.IGNORECASE) else text.split()
    return [p for p in parts if p]


def _described(branch: dict) -> str:
    names = {"integer": "a whole number", "number": "a number", "boolean": "yes or no", "null": "none",
             "string": "text", "array": "a list (a, b)", "object": "a JSON object {...}"}
    if "enum" in branch:
        return "one of " + ", ".join(map(spoken, branch["enum"][:8]))
    return names.get(branch.get("type"), "a value")


def _key(value: Any) -> str:
    """How a value is spoken: case, spaces, hyphens and underscores aside ("GE4" is "GE 4")."""
    return re.sub(r"[\s_\-]+", "", str(value).casefold())


def canonical(value: Any, allowed: list) -> Any:
    """The offered spelling of a value written otherwise ("ge4" -> "GE 4", "France, Britain" ->
    the offered ["Britain", "France"])."""
    if isinstance(value, str):
        hits = {json.dumps(a): a for a in allowed if isinstance(a, str) and _key(a) == _key(value)}
        return next(iter(hits.values())) if len(hits) == 1 else value
    if isinstance(value, list):
        wanted = sorted(map(_key, value))
        whole = [a for a in allowed if isinstance(a, list) and sorted(map(_key, a)) == wanted]
        return whole[0] if whole else [canonical(v, allowed) for v in value]
    return value
