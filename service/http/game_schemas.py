"""The body of ``POST /games`` in the OpenAPI document, exact per ruleset: a ``oneOf``
discriminated by ``ruleset``, each ruleset's a game seated by one of its presets or by seats of
one's own (of its powers), with its options and their types, all read from the registry (a
ruleset registered or an option declared is documented with no edit here).

What a JSON Schema cannot say the rules still judge, with a 422: a seating of one's own must give
every power exactly one seat (and its seat names are letters, digits, ``_``, ``.``, ``-``); a
group's own pack is checked as a whole; an option declared with a plain type (``str``, ``int``)
whose values the ruleset knows (a scenario, a first turn) is checked when the game is set up. An
option declared as an ``Enum`` or a ``Literal`` is listed value by value."""
from __future__ import annotations

from events.codec import SAFE_INTEGER
from service.http.command_schemas import _powers, _prefix, type_schema

MAX_SEATS = 16  # CreateGameSchema's bounds: what the service takes at all
MAX_SEAT_POWERS = 32
RESERVED_NOTE = "not `moderator`, `system` or `spectator`"
REF = "#/components/schemas/"


def option_schema(kind) -> dict:
    """The schema of one option's value, from the type the ruleset declares for it."""
    schema = type_schema(kind, openapi=True)
    if schema.get("type") == "integer":  # a game's options are stored as JSON: no larger integer survives
        schema = {"minimum": -SAFE_INTEGER, "maximum": SAFE_INTEGER, **schema}
    return schema


def _common(ruleset) -> dict:
    """What every body of the ruleset takes besides its seating."""
    return {
        "ruleset": {"type": "string", "enum": [ruleset.id]},
        "options": {"type": "object", "additionalProperties": False,
                    "properties": {name: option_schema(kind) for name, kind in ruleset.options.items()},
                    "description": "The game's options (the ruleset judges values it does not list: 422)"},
        "pack": {"type": "object", "nullable": True, "additionalProperties": {},
                 "description": "A group's own data pack (as validated by `casus data validate`; 422 naming "
                                "each bad field). Absent or null: the ruleset's own"},
        "visibility": {"type": "string", "enum": ["listed", "unlisted"], "default": "listed",
                       "description": "`listed`: GET /games shows the game to everyone; `unlisted`: only to a "
                                      "reader sending one of its tokens (anyone with its id can still read it)"},
    }


def seats_schema(ruleset) -> dict:
    powers = _powers(ruleset)
    held = {"type": "string", "enum": powers} if powers else {"type": "string", "minLength": 1, "maxLength": 64}
    return {"type": "object", "minProperties": 1, "maxProperties": MAX_SEATS,
            "additionalProperties": {"type": "array", "items": held, "minItems": 1,
                                     "maxItems": min(MAX_SEAT_POWERS, len(powers) or MAX_SEAT_POWERS),
                                     "uniqueItems": True},
            "description": "Seat name (1-64 letters, digits, `_`, `.` or `-`; " + RESERVED_NOTE + ") -> the "
                           "powers it holds. The rules judge a seating (422): every power needs exactly one seat"}


def new_game_schemas(ruleset) -> dict[str, dict]:
    """Component name -> schema: the ruleset's body with a preset (seats, if given, are replaced
    by the preset's), the one with seats of one's own, and their union."""
    prefix, common = _prefix(ruleset.id), _common(ruleset)
    named = common.pop("ruleset")
    seated = {"type": "object", "description": f"A new {ruleset.title} game, seated as you say",
              "required": ["ruleset", "seats"], "additionalProperties": False,
              "properties": {"ruleset": named, "seats": seats_schema(ruleset), **common},
              "example": {"ruleset": ruleset.id, "seats": {"player": _powers(ruleset)}}}
    if not ruleset.seat_presets:
        return {f"{prefix}NewGame": seated}
    preset = {"type": "object", "description": f"A new {ruleset.title} game, seated by a preset",
              "required": ["ruleset", "preset"], "additionalProperties": False,
              "properties": {"ruleset": named,
                             "preset": {"type": "string", "enum": list(ruleset.seat_presets),
                                        "description": "A seating the ruleset offers (GET /rulesets/{ruleset_id} "
                                                       "lists who holds what)"},
                             "seats": {**seats_schema(ruleset), "description": "Ignored: the preset seats the game"},
                             **common},
              "example": {"ruleset": ruleset.id, "preset": next(iter(ruleset.seat_presets))}}
    return {f"{prefix}PresetGame": preset, f"{prefix}SeatedGame": seated,
            f"{prefix}NewGame": {"description": f"A new {ruleset.title} game: a `preset`, or `seats` of your own",
                                 "oneOf": [{"$ref": f"{REF}{prefix}PresetGame"}, {"$ref": f"{REF}{prefix}SeatedGame"}]}}


def openapi_new_games(spec: dict, rulesets) -> None:
    """Replace the loose ``CreateGame`` (what the service parses before the ruleset judges) by the
    ruleset-discriminated union the document promises."""
    schemas = spec["components"]["schemas"]
    mapping = {}
    for ruleset in rulesets:
        schemas.update(new_game_schemas(ruleset))
        mapping[ruleset.id] = f"{REF}{_prefix(ruleset.id)}NewGame"
    schemas["CreateGame"] = {
        "description": "A new game of one ruleset (`ruleset` names it)",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "ruleset", "mapping": mapping}}
