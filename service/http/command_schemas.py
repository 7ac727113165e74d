"""Typed commands for clients: a JSON Schema of every command's ``data``, generated from the
command dataclass's type hints (the same hints the codec decodes by), with the rule it follows
and an example, for the OpenAPI document and for each legal-commands entry (narrowed by the
entry's choices).

The rule a command follows, its fields' ranges and its example come from the ruleset's rules
catalogue (``service/rules/<ruleset>.yaml``); an example the catalogue does not give is built
from the schema (each required field's first allowed value, or its minimum)."""
from __future__ import annotations

import collections.abc
import copy
import dataclasses
import enum
import types
import typing
from fractions import Fraction
from functools import lru_cache
from typing import Any, Union

from domain.kernel.platform import PLATFORM_COMMANDS
from service.rules import Catalogue, catalogue, platform_catalogue

FRACTION_PATTERN = r"^-?[0-9]+(/[0-9]+)?$"


def type_schema(tp: Any, openapi: bool, written: bool = False) -> dict:
    """The JSON Schema of values the codec (events/codec.py ``from_plain``) accepts for ``tp``.
    ``openapi``: OpenAPI 3.0's dialect (``nullable``), else JSON Schema 2020-12 (a null type).
    ``written``: what ``to_plain`` writes of a ``tp`` (an event's data), every field of a
    dataclass included, rather than what a client sends."""
    return _type_schema(tp, openapi, written, ())


def _type_schema(tp: Any, openapi: bool, written: bool, within: tuple) -> dict:
    origin, args = typing.get_origin(tp), typing.get_args(tp)

    def inner(part: Any) -> dict:
        return _type_schema(part, openapi, written, within)

    if tp is Any:
        return {}
    if origin in (Union, types.UnionType):
        inner_types = [a for a in args if a is not type(None)]
        if set(inner_types) == {int, float}:  # a number the rule itself judges (e.g. a fractional bid)
            schema = {"type": "number"}
        elif len(inner_types) == 1:
            schema = inner(inner_types[0])
        else:
            schema = {"anyOf": [inner(a) for a in inner_types]}
        if type(None) in args:
            schema = {**schema, "nullable": True} if openapi else {"anyOf": [schema, {"type": "null"}]}
        return schema
    if dataclasses.is_dataclass(tp):
        if tp in within:  # a dataclass holding itself: its shape is told once, above
            return {"type": "object"}
        return _object_schema(tp, openapi, None, written, (*within, tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        values = [m.value for m in tp]
        return {"type": "integer" if all(isinstance(v, int) for v in values) else "string", "enum": values}
    if origin is typing.Literal:
        return {"enum": list(args)}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp in simple:
        return {"type": simple[tp]}
    if tp is Fraction:
        return {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": FRACTION_PATTERN}]}
    if origin in (tuple, list, frozenset, set) or tp in (tuple, list, frozenset):
        if origin is tuple and args and args[-1] is not Ellipsis:
            items = [inner(a) for a in args]
            schema = {"type": "array", "minItems": len(args), "maxItems": len(args)}
            return {**schema, "items": items[0]} if len(set(map(repr, items))) == 1 else {**schema, "items": {}}
        return {"type": "array", "items": inner(args[0]) if args else {}}
    if origin in (dict, collections.abc.Mapping) or tp is dict:
        return {"type": "object", "additionalProperties": inner(args[1]) if args else {}}
    return {}


def object_schema(cls: type, openapi: bool, fields: dict | None = None, written: bool = False) -> dict:
    """A dataclass as a closed object: its init fields (``written``: every field), the ones
    without default required."""
    return _object_schema(cls, openapi, fields, written, (cls,))


def _object_schema(cls: type, openapi: bool, fields: dict | None, written: bool, within: tuple) -> dict:
    hints = typing.get_type_hints(cls)
    properties, required = {}, []
    for f in dataclasses.fields(cls):
        if not f.init and not written:
            continue
        schema = _type_schema(hints[f.name], openapi, written, within)
        schema.update((fields or {}).get(f.name, {}))
        if f.default is not dataclasses.MISSING and isinstance(f.default, (str, int, float, bool)):
            schema["default"] = f.default.value if isinstance(f.default, enum.Enum) else f.default
        properties[f.name] = schema
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    return {**schema, "required": required} if required else schema


def describe(cls: type, rule_id: str | None) -> str:
    """The command's doc line (its docstring's first line, unless the dataclass made it up) and
    the rule it follows."""
    doc = (cls.__doc__ or "").strip()
    line = "" if doc.startswith(cls.__name__ + "(") else doc.split("\n\n")[0].replace("\n", " ")
    line = " ".join(line.split())
    rule = f"Rule {rule_id}." if rule_id else ""
    return f"{line} {rule}".strip() or cls.__name__


@dataclasses.dataclass(frozen=True)
class CommandDoc:
    """What a client needs to build one command: its data schema, rule and example."""

    type: str
    rule_id: str | None
    description: str
    data_schema: dict  # JSON Schema 2020-12
    openapi_schema: dict  # the same in OpenAPI 3.0's dialect
    example: dict
    commutes: bool


def _powers(ruleset) -> list[str]:
    powers = {p for preset in ruleset.seat_presets.values() for held in preset.values() for p in held}
    return sorted(powers)


def command_doc(cls: type, cat: Catalogue, powers: list[str]) -> CommandDoc:
    entry = cat.commands.get(cls.__name__, {})
    fields = copy.deepcopy(entry.get("fields", {}))
    names = {f.name for f in dataclasses.fields(cls)}
    if "power" in names and powers:
        fields.setdefault("power", {})["enum"] = powers  # the acting power: one the ruleset seats
    rule_id = entry.get("rule")
    data_schema = object_schema(cls, openapi=False, fields=fields)
    example = entry.get("example")
    if example is None:
        example = example_of(data_schema)
    return CommandDoc(cls.__name__, rule_id, describe(cls, rule_id), data_schema,
                      object_schema(cls, openapi=True, fields=fields), example,
                      bool(getattr(cls, "COMMUTES", False)))


@lru_cache(maxsize=None)
def ruleset_docs(ruleset) -> dict[str, CommandDoc]:
    """Command type -> its doc, for a ruleset's own commands and the platform's."""
    cat, core = catalogue(ruleset.id), platform_catalogue()
    powers = _powers(ruleset)
    docs = {c.__name__: command_doc(c, cat, powers) for c in ruleset.commands}
    docs.update({c.__name__: command_doc(c, core, []) for c in PLATFORM_COMMANDS})
    return docs


def example_of(schema: dict) -> Any:
    """A value of ``schema``: required fields only, each its first allowed value or its least."""
    if "default" in schema:
        return schema["default"]
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return example_of(schema["anyOf"][0])
    kind = schema.get("type")
    if kind == "object":
        return {name: example_of(schema["properties"][name]) for name in schema.get("required", [])}
    if kind == "array":
        return [example_of(schema.get("items", {})) for _ in range(schema.get("minItems", 0))]
    if kind in ("integer", "number"):
        return schema.get("minimum", max(0, schema.get("exclusiveMinimum", -1) + 1))
    if kind == "boolean":
        return False
    if kind == "string":
        return "x" * schema.get("minLength", 1)
    return None


# ---- legal commands: a data schema narrowed by the choices ------------------------------------

def narrowed(doc: CommandDoc, choices: typing.Mapping[str, Any], power: str | None) -> dict:
    """The command's data schema with each chosen field limited to what the choices allow: a
    list of values becomes an ``enum`` (for a list field, of its items unless the values are
    lists themselves), ``{"minimum", "maximum"}`` a range; the acting power is the entry's own."""
    schema = copy.deepcopy(doc.data_schema)
    properties = schema["properties"]
    for name, allowed in choices.items():
        if name not in properties:
            continue  # a choice keyed by anything else is not part of the body
        if isinstance(allowed, list) and _is_array(properties[name]) and not (allowed and all(
                isinstance(v, list) for v in allowed)):
            # A list field offered item by item (a path's hexes; none: only the empty list): each
            # item is one of them; items described as objects (a modifier and its reachable path)
            # are hints, not values.
            if all(not isinstance(v, (dict, list)) for v in allowed):
                properties[name] = {**properties[name], "items": {**properties[name].get("items", {}), "enum": allowed}}
        elif isinstance(allowed, list):  # whole values, lists included (e.g. a set of targets)
            properties[name] = {**_without_range(properties[name]), "enum": allowed}
        elif isinstance(allowed, dict) and allowed.keys() <= {"minimum", "maximum"}:
            properties[name] = {**properties[name], **allowed}
    if power is not None and "power" in properties:
        properties["power"] = {"type": "string", "enum": [power]}
    return schema


def _is_array(schema: dict) -> bool:
    return schema.get("type") == "array"


def _without_range(schema: dict) -> dict:
    return {k: v for k, v in schema.items() if k not in ("minimum", "maximum", "enum")}


def ready_body(spec, docs: dict[str, CommandDoc]) -> dict:
    """A legal command as a client builds it: the data schema narrowed by the choices, and the
    whole body to POST when the ruleset names one."""
    doc = docs.get(spec.type)
    choices = dict(spec.choices)
    return {"type": spec.type, "power": spec.power, "rule_id": spec.rule_id or (doc and doc.rule_id),
            "choices": choices, "data_schema": narrowed(doc, choices, spec.power) if doc else {},
            "example": None if spec.example is None else {"type": spec.type, "data": dict(spec.example)}}


def legal_bodies(rules, state, seat: str) -> list[dict]:
    """What the game waits for from ``seat`` now, as ready bodies (GET legal-commands'
    ``commands``, and HELP by mail): a seat offered any is awaited."""
    docs = ruleset_docs(rules.ruleset)
    return [ready_body(spec, docs) for spec in rules.platform.legal_commands(state, seat)]


def optional_bodies(rules, state, seat: str, history=None) -> list[dict]:
    """The platform's commands ``seat`` may also send now, the game waiting for none of them
    (undo, the schedule, the seed, vacations, seat tokens), as ready bodies (GET legal-commands'
    ``optional``, and HELP by mail); ``history`` reads the log for the undo offered."""
    docs = ruleset_docs(rules.ruleset)
    return [ready_body(spec, docs) for spec in rules.platform.optional_commands(state, seat, history)]


# ---- the OpenAPI document: a request schema per command type -----------------------------------

def _prefix(ruleset_id: str) -> str:
    return "".join(word[:1].upper() + word[1:] for word in ruleset_id.replace("_", "-").split("-"))


def _command_schema(doc: CommandDoc, data_ref: str) -> dict:
    data = {"$ref": data_ref}
    schema = {"type": "object", "description": doc.description,
              "properties": {"type": {"type": "string", "enum": [doc.type]}, "data": data},
              "required": ["type", "data"] if doc.openapi_schema.get("required") else ["type"],
              "additionalProperties": False,
              "example": {"type": doc.type, "data": doc.example}}
    if doc.commutes:
        schema["description"] += " Commutes: may be sent with `If-Match: *`."
        schema["x-commutes"] = True  # for tools: If-Match: * is taken
    return schema


def openapi_commands(spec: dict, rulesets) -> None:
    """Add ``<Ruleset>Command`` (a oneOf over the ruleset's and the platform's command types,
    discriminated by ``type``) to the document and make it the body of ``submitCommand``."""
    schemas = spec["components"]["schemas"]
    unions = []
    for ruleset in rulesets:
        prefix = _prefix(ruleset.id)
        mapping = {}
        for name, doc in ruleset_docs(ruleset).items():
            owner = "Platform" if name in PLATFORM_NAMES else prefix
            schemas[f"{owner}{name}Data"] = doc.openapi_schema
            schemas[f"{owner}{name}"] = _command_schema(doc, f"#/components/schemas/{owner}{name}Data")
            mapping[name] = f"#/components/schemas/{owner}{name}"
        schemas[f"{prefix}Command"] = {
            "description": f"A command of a {ruleset.title} game (or one every game takes), by `type`",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}}
        unions.append({"$ref": f"#/components/schemas/{prefix}Command"})
    body = spec["paths"]["/games/{game_id}/commands"]["post"]["requestBody"]
    body["content"]["application/json"]["schema"] = {"anyOf": unions}
    body["description"] = "The command, typed per ruleset (`type` names it; `data` holds its fields)"


PLATFORM_NAMES = frozenset(c.__name__ for c in PLATFORM_COMMANDS)
