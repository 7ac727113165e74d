"""Typed projections for the OpenAPI document: the answer of ``GET /games/{game_id}/projections/
{name}`` per name (the platform's ``schedule`` and ``lateness`` included), its ``data`` described
per ruleset, and an example of each.

A projection is a function from a seat's view to plain JSON: there is no type to read. Its schema
is inferred from instances the code itself builds: short games of every built-in ruleset, played
by the ready bodies ``legal-commands`` offers (rotating through the seats and the moderator, dice
from a fixed seed, a schedule set on the way), read by a spectator, every seat and the moderator.
Inferred, because that stays true as the code changes: ``casus openapi`` rebuilds the examples with
today's code, the drift test refuses a document that lags, and a new projection is documented with
nothing written by hand; a hand-kept description (or a TypedDict nothing checks against the dict
a function returns) drifts the day someone changes a projection and forgets it. The inference
says little that a later state could contradict: a record's fields with their types (those in
every instance required, others allowed), the value of a map (keyed by powers, seats or ids, or
by keys that come and go), a scalar that may be null (hidden values are), and no type at all for
a value only seen null. The drift tests hold it to real answers: the golden games' and games
played now."""
from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from domain.kernel import MODERATOR, SPECTATOR, SYSTEM, Context, RuleViolation
from domain.kernel.platform import (
    PLATFORM_COMMANDS,
    PLATFORM_EVENTS,
    SYSTEM_COMMANDS,
    GameCreated,
    Platform,
)
from domain.kernel.schedule_rules import current_step
from domain.kernel.schedule_views import PLATFORM_PROJECTIONS, platform_projection
from events.codec import Codec, DecodeError
from events.dice import HmacDice, commitment
from events.envelope import canonical_json
from projections.timeline import state_type
from service.http.command_schemas import (
    FRACTION_PATTERN,
    _powers,
    _prefix,
    ruleset_docs,
)
from service.packs import default_pack

PROJECTION_PATH = "/games/{game_id}/projections/{name}"
STEPS = 40  # commands played per sample game
READ_EVERY = 5  # the projections are read at the start, every this many commands, and at the end
SEED = bytes(32)  # the sample games' dice: fixed, so the document is the same on every run
SAMPLE_INSTANT = 1_800_000_000  # when the sample games' deadline opens (Unix seconds)
MAP_KEYS = 12  # an object with more keys than this, all holding one kind of value, is a map
SAME_SHAPE_KEYS = 4  # and one with this many keys, all holding objects of one shape
MAX_EXAMPLE_BYTES = 8 * 1024
SCALARS = ("string", "integer", "number", "boolean")
REF = "#/components/schemas/"


# ---- sample games ------------------------------------------------------------------------------

def sample_states(ruleset) -> Iterator[tuple[Platform, Any]]:
    """States of a short game of ``ruleset`` (its first seating preset), as the platform folds them."""
    pack = default_pack(ruleset)
    platform = Platform(ruleset.make_decider(pack), pack, ruleset.deadlines)
    seats = {seat: tuple(powers) for seat, powers in next(iter(ruleset.seat_presets.values())).items()}
    options = dict(getattr(ruleset, "new_game_options", {}))  # what a new game records when given none
    created = GameCreated(ruleset.id, ruleset.version, seats, options, None, commitment(SEED), "listed")
    state = platform.evolve(platform.initial_state("example"), created)
    yield platform, state
    codec = Codec(PLATFORM_EVENTS + PLATFORM_COMMANDS + SYSTEM_COMMANDS + ruleset.events + ruleset.commands,
                  ruleset.upcasters)
    # A third of the way in, the moderator sets a schedule and the scheduler opens its deadline.
    schedule = ruleset_docs(ruleset)["SetSchedule"].example
    scheduled = [(SYSTEM, "OpenDeadline", {"at": SAMPLE_INSTANT}), (MODERATOR, "SetSchedule", schedule)]
    for step in range(STEPS):
        chosen = scheduled.pop() if step >= STEPS // 3 and scheduled else _offered(platform, state, seats, step)
        if chosen is None:
            break
        pending = [chosen]
        while pending:  # the command, then the follow-ups its events ask for (a battle to fight)
            seat, kind, example = pending.pop(0)
            dice = HmacDice(lambda: SEED, "example", state.version + 1, lambda: commitment(SEED))
            try:
                command = codec.decode(kind, dict(example))
                events, state = platform.decide_evolve(state, command,
                                                       Context(seat, frozenset(seats.get(seat, ())), dice, pack))
            except (RuleViolation, DecodeError):  # an example this state refuses: the game goes on without it
                continue
            pending += [(SYSTEM, f.command_type, f.data) for e in events for f in ruleset.follow_ups(e)] \
                if ruleset.follow_ups else []
        if step % READ_EVERY == READ_EVERY - 1:
            yield platform, state
    yield platform, state


def _offered(platform: Platform, state, seats: dict, step: int) -> tuple[str, str, dict] | None:
    """A ready body of the first seat (from this step's, in turn, the moderator last) offered one."""
    order = [*seats, MODERATOR]
    for k in range(len(order)):
        seat = order[(step + k) % len(order)]
        ready = [spec for spec in platform.legal_commands(state, seat) if spec.example is not None]
        if ready:
            spec = ready[step % len(ready)]
            return seat, spec.type, spec.example
    return None


@cache
def samples(ruleset) -> dict[str, list[Any]]:
    """Projection name -> what the readers of the sample game read of it (JSON projections and
    the platform's)."""
    found: dict[str, list[Any]] = {}
    if not ruleset.seat_presets:
        return found
    for platform, state in sample_states(ruleset):
        readers = (SPECTATOR, *state.seats, MODERATOR)
        for projection in _game_projections(ruleset, platform.pack):
            if projection.media_type == "application/json":
                found.setdefault(projection.name, []).extend(projection.build(platform.view(state, r)) for r in readers)
        step = current_step(platform, state)
        for name in PLATFORM_PROJECTIONS:
            found.setdefault(name, []).append(platform_projection(name, state.schedule, step, state.seats))
    return found


def _game_projections(ruleset, pack) -> tuple:
    """A new game's read models: the ruleset's, or those the options a new game records give it."""
    for_game = getattr(ruleset, "for_game", None)
    if for_game is None:
        return ruleset.projections
    return for_game(dict(getattr(ruleset, "new_game_options", {})), pack).projections


def drawn_names(rulesets) -> list[str]:
    """The drawn read models (an image, not JSON) any game of ``rulesets`` may serve."""
    names = set()
    for ruleset in rulesets:
        game = _game_projections(ruleset, default_pack(ruleset))
        names |= {p.name for p in (*ruleset.projections, *game) if p.media_type != "application/json"}
    return sorted(names)


# ---- inference ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hints:
    """What the registry tells the inference: names that make an object a map (powers, seats), and
    whether the ruleset's state holds exact fractions (which the wire writes as 1 or "1/2", so any
    whole number seen may be a fraction in another state)."""

    keys: frozenset[str] = frozenset()
    fractions: bool = False


def infer(values: list[Any], hints: Hints = Hints()) -> dict:
    """The schema of every value in ``values``. A scalar may be null (a hidden value is null for
    the seats that may not see it, and a sample game need not reach the moment it is); an object
    or a list only if seen null."""
    present = [v for v in values if v is not None]
    schema = _infer(present, hints) if present else {}
    kinds = {schema.get("type")} | {branch.get("type") for branch in schema.get("anyOf", ())}
    if schema and (len(present) < len(values) or kinds & set(SCALARS)):
        schema = {**schema, "nullable": True}
    return schema


def _infer(values: list[Any], hints: Hints) -> dict:
    kinds = {_kind(v) for v in values}
    if kinds == {"integer"} and hints.fractions:
        return {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": FRACTION_PATTERN}]}
    if kinds <= {"integer", "number"} and kinds:
        return {"type": "number" if "number" in kinds else "integer"}
    if len(kinds) > 1:
        return {"anyOf": [_infer([v for v in values if _kind(v) == k], hints) for k in sorted(kinds)]}
    kind = kinds.pop()
    if kind == "array":
        items = [item for value in values for item in value]
        return {"type": "array", "items": infer(items, hints) if items else {}}
    if kind == "object":
        return _object(values, hints)
    return {"type": kind}


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _object(values: list[dict], hints: Hints) -> dict:
    names = {name for value in values for name in value}
    nested = [v for value in values for v in value.values()]
    if names and (names <= hints.keys or _keyed_by_ids(values, names, nested)):
        return {"type": "object", "additionalProperties": infer(nested, hints)}
    order = list(dict.fromkeys(name for value in values for name in value))
    schema = {"type": "object", "properties": {name: infer([v[name] for v in values if name in v], hints)
                                                for name in order}}
    required = [name for name in order if all(name in value for value in values)]
    return {**schema, "required": required} if required else schema


def _keyed_by_ids(values: list[dict], names: set[str], nested: list[Any]) -> bool:
    """Ids (places, countries, policies), not the fields of a record: many keys holding one kind
    of value, several holding objects of one shape, or keys that come and go holding either."""
    kinds = {_kind(v) for v in nested if v is not None}
    shapes = {frozenset(v) if isinstance(v, dict) else None for v in nested}
    one_shape = len(shapes) == 1 and None not in shapes and bool(next(iter(shapes)))
    if len(names) > MAP_KEYS and len(kinds) == 1:
        return True
    if len(names) >= SAME_SHAPE_KEYS and one_shape:
        return True
    changing = len({frozenset(value) for value in values}) > 1
    return changing and (one_shape or (len(kinds) == 1 and kinds <= set(SCALARS)))


def hints(ruleset) -> Hints:
    seats = {seat for preset in ruleset.seat_presets.values() for seat in preset}
    pack = default_pack(ruleset)
    return Hints(frozenset({*_powers(ruleset), *seats, SPECTATOR, MODERATOR}),
                 _holds_fractions(state_type(ruleset.make_decider(pack), pack)))


def _holds_fractions(tp: Any, within: frozenset = frozenset()) -> bool:
    """Whether a value of type ``tp`` (the ruleset's state) may hold a Fraction anywhere."""
    if tp is Fraction:
        return True
    if dataclasses.is_dataclass(tp):
        if tp in within:
            return False
        return any(_holds_fractions(t, within | {tp}) for t in typing.get_type_hints(tp).values())
    return any(_holds_fractions(arg, within) for arg in typing.get_args(tp))


# ---- the document ------------------------------------------------------------------------------

def _title(name: str) -> str:
    return "".join(word[:1].upper() + word[1:] for word in re.split(r"[^A-Za-z0-9]+", name) if word)


def openapi_projections(spec: dict, rulesets) -> None:
    """``Projection``: a oneOf over the projection names (discriminated by ``name``), each a oneOf
    over the rulesets serving it (by ``ruleset``) with the ``data`` that ruleset's builds; the
    platform's the same in every game. The ``{name}`` path parameter lists the names; an example
    of each."""
    schemas = spec["components"]["schemas"]
    found: dict[str, tuple[str, str | None, list[Any], Hints]] = {}  # answer -> (name, ruleset, values, hints)
    for ruleset in rulesets:
        told = hints(ruleset)
        for name, values in samples(ruleset).items():
            if name in PLATFORM_PROJECTIONS:  # the same read model in every game: one schema
                answer, owner, told_here = f"{_title(name)}Projection", None, Hints(told.keys)
            else:
                answer, owner, told_here = f"{_prefix(ruleset.id)}{_title(name)}Projection", ruleset.id, told
            _, _, seen, before = found.get(answer, (name, owner, [], Hints()))
            found[answer] = (name, owner, seen + values,
                             Hints(before.keys | told_here.keys, before.fractions or told_here.fractions))
            schemas.setdefault(f"{answer}Data", {"description": _describe(ruleset, name)})
    by_name: dict[str, dict[str, str]] = {}
    for answer, (name, owner, values, told) in found.items():
        schemas[f"{answer}Data"] = {**infer(values, told), "description": schemas[f"{answer}Data"]["description"]}
        schemas[answer] = {"type": "object", "required": ["name", "ruleset", "version", "seat", "data"], "properties": {
            "name": {"type": "string", "enum": [name]},
            "ruleset": {"type": "string"} if owner is None else {"type": "string", "enum": [owner]},
            "version": {"type": "integer"}, "seat": {"type": "string"},
            "data": {"$ref": f"{REF}{answer}Data"}}}
        by_name.setdefault(name, {})[owner or ""] = f"{REF}{answer}"
    mapping = {}
    for name, answers in by_name.items():
        if len(answers) == 1:
            mapping[name] = next(iter(answers.values()))
            continue
        schemas[f"{_title(name)}Projection"] = {
            "description": f"`{name}`, by the game's `ruleset`", "oneOf": [{"$ref": ref} for ref in answers.values()],
            "discriminator": {"propertyName": "ruleset", "mapping": answers}}
        mapping[name] = f"{REF}{_title(name)}Projection"
    schemas["Projection"] = {"description": "A read model, by `name` (its `data` per ruleset)",
                             "oneOf": [{"$ref": ref} for ref in mapping.values()],
                             "discriminator": {"propertyName": "name", "mapping": mapping}}
    operation = spec["paths"][PROJECTION_PATH]["get"]
    drawn = drawn_names(rulesets)
    for parameter in operation.get("parameters", []) + spec["paths"][PROJECTION_PATH].get("parameters", []):
        if parameter["in"] == "path" and parameter["name"] == "name":
            parameter["schema"] = {"type": "string", "enum": [*mapping, *drawn]}
            parameter["description"] = ("A read model the game's ruleset serves (GET /games/{game_id}/projections "
                                        "lists them; `schedule` and `lateness` every game has)")
    operation["responses"]["200"]["content"]["application/json"]["examples"] = projection_examples(rulesets)


def _describe(ruleset, name: str) -> str:
    if name in PLATFORM_PROJECTIONS:
        return f"The platform's `{name}` read model (CORE-deadline), the same for every seat"
    projection = ruleset.projection(name)
    return " ".join((projection.description or f"{ruleset.title}: {name}").split())


def projection_examples(rulesets) -> dict:
    """An example of every projection: what a spectator of a new game of the ruleset's first
    seating preset reads (a whole-map read model cut to its first entries); the platform's, of a
    game whose schedule runs."""
    examples = {}
    for ruleset in rulesets:
        for name, values in samples(ruleset).items():
            platform = name in PLATFORM_PROJECTIONS
            summary, data = _describe(ruleset, name), values[-1] if platform else values[0]
            if len(canonical_json(data)) > MAX_EXAMPLE_BYTES:
                data = _first_entries(data)
                summary += " (example cut to its first entries)"
            examples[name if platform else f"{ruleset.id}/{name}"] = {
                "summary": summary, "value": {"name": name, "ruleset": ruleset.id, "version": 1, "seat": SPECTATOR,
                                              "data": data}}
    return examples


def _first_entries(value, depth: int = 0):
    if isinstance(value, dict):
        items = list(value.items())[: 2 if depth else len(value)]
        return {k: _first_entries(v, depth + 1) for k, v in items}
    if isinstance(value, list):
        return [_first_entries(v, depth + 1) for v in value[:1]]
    return value
