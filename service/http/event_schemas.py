"""Typed events for the OpenAPI document: the ``data`` of every event type, generated from the
event dataclass's type hints (as the commands' are, ``command_schemas.type_schema``, but as
``to_plain`` writes it: every field), and ``Event`` as a union discriminated by ``ruleset`` then
by ``type``, so a generated client reads each event as its own class. A type registered in a
ruleset (or the platform) is documented with no edit here.

Two things an event may carry besides its data's shape: a sealed event a seat may not read yet
comes with ``redacted: true`` and empty ``data`` (its ``data_digest`` keeps the chain verifiable);
an event stored under an older ``schema_version`` is served as stored (its upcaster reads it)."""
from __future__ import annotations

from domain.kernel import Event
from domain.kernel.platform import PLATFORM_EVENTS
from service.http.command_schemas import _prefix, describe, object_schema

PLATFORM_NAMES = frozenset(cls.__name__ for cls in PLATFORM_EVENTS)
REF = "#/components/schemas/"

ENVELOPE = {
    "type": "object",
    "description": "What every event carries besides its `type` and `data` (the hash chain, who and when)",
    "required": ["game_id", "version", "schema_version", "actor", "event_id", "recorded_at", "ruleset",
                 "ruleset_version", "visibility", "reveals", "prev_hash", "hash"],
    "properties": {
        "game_id": {"type": "string"},
        "version": {"type": "integer", "minimum": 1},
        "position": {"type": "integer", "description": "The store's global order (not part of the hash)"},
        "schema_version": {"type": "integer", "minimum": 1},
        "actor": {"type": "string", "description": "The seat whose command it follows (or `system`)"},
        "event_id": {"type": "string"},
        "command_id": {"type": "string", "nullable": True},
        "correlation_id": {"type": "string", "nullable": True},
        "recorded_at": {"type": "string", "description": "ISO 8601, UTC"},
        "ruleset": {"type": "string"},
        "ruleset_version": {"type": "string"},
        "visibility": {"description": "`public`, or the seal and the seats that may read it until revealed",
                       "anyOf": [{"type": "string", "enum": ["public"]},
                                 {"type": "object", "required": ["seal", "seats"], "properties": {
                                     "seal": {"type": "string"},
                                     "seats": {"type": "array", "items": {"type": "string"}}}}]},
        "reveals": {"type": "array", "items": {"type": "string"}, "description": "Seals this event makes public"},
        "prev_hash": {"type": "string"},
        "hash": {"type": "string"},
        "salt": {"type": "string"},
        "redacted": {"type": "boolean", "description": "true: `data` is hidden from this seat (sealed)"},
        "data_digest": {"type": "string", "description": "sha256(salt + data) of a redacted event"},
    },
}
REDACTED = {"type": "object", "maxProperties": 0,
            "description": "The data of a sealed event this seat may not read yet (`redacted: true`)"}


def event_data_schema(cls: type) -> dict:
    """An event's ``data`` as the store keeps it, in OpenAPI 3.0's dialect."""
    return object_schema(cls, openapi=True, written=True)


def _variant(cls: type, data_name: str) -> dict:
    data: dict = {"$ref": REF + data_name}
    if cls.seal is not Event.seal:  # a secret until revealed: a seat that may not read it gets {}
        data = {"anyOf": [data, {"$ref": REF + "RedactedEventData"}]}
    if getattr(cls, "SCHEMA_VERSION", 1) > 1:  # older data is served as stored
        data = {"anyOf": [data, {"type": "object", "description": "The data of an older schema_version"}]}
    return {"description": describe(cls, None),
            "allOf": [{"$ref": REF + "EventEnvelope"}, {
                "type": "object", "required": ["type", "data"],
                "properties": {"type": {"type": "string", "enum": [cls.__name__]}, "data": data}}]}


def openapi_events(spec: dict, rulesets) -> None:
    """``<Ruleset>Event`` per ruleset (its events and the platform's, by ``type``) and ``Event``
    (by ``ruleset``), in place of the untyped event of the answers that list events."""
    schemas = spec["components"]["schemas"]
    schemas["EventEnvelope"] = ENVELOPE
    schemas["RedactedEventData"] = REDACTED
    rulesets_mapping = {}
    for ruleset in rulesets:
        prefix = _prefix(ruleset.id)
        mapping = {}
        for cls in (*PLATFORM_EVENTS, *ruleset.events):
            owner = "Platform" if cls.__name__ in PLATFORM_NAMES else prefix
            name = f"{owner}{cls.__name__}Event"
            schemas[f"{name}Data"] = event_data_schema(cls)
            schemas[name] = _variant(cls, f"{name}Data")
            mapping[cls.__name__] = REF + name
        schemas[f"{prefix}Event"] = {
            "description": f"An event of a {ruleset.title} game (or one every game has), by `type`",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}}
        rulesets_mapping[ruleset.id] = REF + f"{prefix}Event"
    # anyOf: an event every game has (GameCreated) reads the same in every ruleset's union.
    schemas["Event"] = {"description": "An event, by the game's `ruleset` and then its `type`",
                        "anyOf": [{"$ref": ref} for ref in rulesets_mapping.values()],
                        "discriminator": {"propertyName": "ruleset", "mapping": rulesets_mapping}}
