"""Ruleset registry: ruleset id -> Ruleset (decider factory, command/event types, projections,
data pack schema). Built-in rulesets register themselves when their package is imported."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from domain.kernel import Command, Decider, Event
from domain.kernel.platform import PLATFORM_EVENTS

# Packages whose import registers a product ruleset; each exposes RULESET.
BUILTIN = (
    "domain.dod3",
    "domain.gathering_storm",
    "domain.totaler_krieg",
    "domain.aa.revised_phase_one",
    "domain.aa.global1940",
)


@dataclass(frozen=True)
class Projection:
    """A named read model computed from one seat's view (so it can never leak a secret)."""

    name: str
    build: Callable[[dict], Any]
    media_type: str = "application/json"
    description: str = ""


@dataclass(frozen=True)
class FollowUp:
    """Background work a ruleset asks for after an event: a system command run as a job on
    ``queue`` (e.g. "combat"), appended with an idempotency key so retries change nothing."""

    queue: str
    command_type: str
    data: dict


@dataclass(frozen=True, eq=False)  # identity hash: a ruleset is registered once
class Ruleset:
    id: str
    version: str  # bump it when the state's shape changes: snapshots are keyed by it
    title: str
    make_decider: Callable[[Any], Decider]  # data pack -> Decider bound to it
    commands: tuple[type[Command], ...]
    events: tuple[type[Event], ...]
    projections: tuple[Projection, ...] = ()
    # Data pack: a marshmallow schema whose load (post_load) builds the object the rules read, and
    # the package + file name of the default pack shipped with the ruleset.
    pack_schema: type | None = None
    default_pack: tuple[str, str] | None = None
    description: str = ""
    seat_presets: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    follow_ups: Callable[[Event], list[FollowUp]] | None = None
    # (event type, schema version) -> fn(data) -> data of the next version. Raise an event's
    # SCHEMA_VERSION only with an upcaster from the old one: stored games must keep loading.
    # The platform's events (GameCreated, DiceRolled, the schedule's...) have their own table,
    # ``domain.kernel.platform.PLATFORM_UPCASTERS``, read by every codec; a ruleset names only its own.
    upcasters: Mapping[tuple[str, int], Callable[[dict], dict]] = field(default_factory=dict)
    # CORE-deadline: its steps, default schedule and missed-order policies (kernel/schedule.py)
    deadlines: Any = None
    # Game options: name -> type of its value (bool, int, float or str). Every option value is a
    # JSON scalar; a declared one has its type. Names it does not declare the decider judges
    # (its initial_state refuses unknown options under the ruleset's own rule id).
    options: Mapping[str, type] = field(default_factory=dict)
    # Options a new game records when its creator does not name them. A log written before an
    # option existed lacks it and reads as it always did (the decider's own default).
    new_game_options: Mapping[str, Any] = field(default_factory=dict)
    # A game's own projections when they depend on its options or pack (Axis & Allies: a battles-only
    # game has no board); ``projections`` then lists every one a game may have.
    projections_for: Callable[[Mapping[str, Any], Any], tuple[Projection, ...]] | None = None

    def for_game(self, options: Mapping[str, Any], pack: Any) -> "Ruleset":
        """This ruleset as one game sees it: its projections are that game's."""
        if self.projections_for is None:
            return self
        return replace(self, projections=self.projections_for(options, pack))

    def projection(self, name: str) -> Projection | None:
        return next((p for p in self.projections if p.name == name), None)

    def option_problems(self, options: Mapping[str, Any]) -> dict[str, str]:
        """Field path -> what is wrong, for option values no game of this ruleset can take."""
        problems = {}
        for name, value in options.items():
            kind = self.options.get(name)
            if not isinstance(value, SCALARS):
                problems[f"options.{name}"] = f"must be {_TYPE_NAMES.get(kind, 'a string, number, boolean or null')}"
            elif kind is not None and value is not None and not _is(value, kind):
                problems[f"options.{name}"] = f"must be {_TYPE_NAMES[kind]}"
        return problems


SCALARS = (str, int, float, bool, type(None))
_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}


def _is(value: Any, kind: type) -> bool:
    if isinstance(value, bool):  # JSON true is no number
        return kind is bool
    return isinstance(value, int) if kind is int else isinstance(value, (int, float)) if kind is float \
        else isinstance(value, kind)


_registry: dict[str, Ruleset] = {}
_builtin_ids: set[str] = set()
_loaded = False


def register(ruleset: Ruleset) -> Ruleset:
    """Add ``ruleset``; refused when its upcasters name a platform event (the platform upcasts
    its own events, in ``PLATFORM_UPCASTERS``, for every ruleset at once)."""
    platform = {cls.__name__ for cls in PLATFORM_EVENTS}
    claimed = sorted(f"{name} v{version}" for name, version in ruleset.upcasters if name in platform)
    if claimed:
        raise ValueError(f"{ruleset.id}: upcasters of platform events belong in PLATFORM_UPCASTERS: "
                         f"{', '.join(claimed)}")
    _registry[ruleset.id] = ruleset
    return ruleset


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            # A ruleset not built yet is simply absent; a broken import inside one is an error.
            if missing.name and name.startswith(missing.name):
                continue
            raise
        if getattr(module, "RULESET", None) is not None:  # a package still being built has none
            _builtin_ids.add(register(module.RULESET).id)


def get(ruleset_id: str) -> Ruleset | None:
    _load_builtins()
    return _registry.get(ruleset_id)


def all_rulesets(builtin_only: bool = False) -> list[Ruleset]:
    """Every registered ruleset; ``builtin_only`` leaves out extras such as a test ruleset."""
    _load_builtins()
    return sorted((r for r in _registry.values() if not builtin_only or r.id in _builtin_ids), key=lambda r: r.id)
