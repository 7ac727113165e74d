"""Fold a game's log into ``GameState``: the latest state, the state at any version, snapshots.

The rules of the fold are the platform decider's (``domain.kernel.platform``); this module only
reads: events from the event store, snapshots from the snapshot store. ``EventsReverted`` folds
as "state = state at version to", which the timeline loads (snapshot + fold) and hands to
``Platform.rewound``.

Snapshots are versioned JSON written through the codec's ``to_plain`` and read back with the
ruleset's state type: a renamed class or a changed state shape makes an old snapshot unreadable,
and an unreadable snapshot is ignored (the log is folded instead), never an error. Their key
names the ruleset version, the pack and ``SNAPSHOT_FORMAT``, so a release that changes a state's
shape (and bumps the ruleset version) never even reads the old ones."""
from __future__ import annotations

import gc
import hashlib
import logging
import typing
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable

import orjson

from domain.kernel import Setup, evolved
from domain.kernel.plain import to_plain
from domain.kernel.platform import EventsReverted, GameCreated, GameState, Platform
from domain.registry import Ruleset
from events.codec import Codec, DecodeError, from_plain
from events.envelope import Envelope, canonical_json
from events.store import EventStore, SnapshotStore

SNAPSHOT_FORMAT = 2  # 1 was pickle; never read again
_BULK = 1000  # events in one fold from which the cycle collector waits for the end
# Events read from the store per query: a fold is quickest while an event is evolved soon after
# its bytes were parsed, still in the CPU's caches (pages of 5,000 folded about 1.4 times slower).
READ_PAGE = 1000
log = logging.getLogger("casus")


@dataclass(frozen=True)
class Rules:
    """Everything needed to fold one game: its ruleset, the platform decider around the ruleset's
    (bound to the game's pack), the codec with the ruleset's upcasters, the snapshot key."""

    ruleset: Ruleset
    platform: Platform
    codec: Codec
    pack: Any
    snapshot_key: str
    command_types: frozenset[str]  # wire names a client may send
    state_type: type  # the ruleset's state, to read snapshots back

    @property
    def decider(self):
        """The ruleset's own decider (view, legal commands, is_terminal on the domain state)."""
        return self.platform.ruleset


def pack_digest(pack_raw: dict | None) -> str:
    return "default" if pack_raw is None else hashlib.sha256(canonical_json(pack_raw)).hexdigest()[:16]


def state_type(decider, pack) -> type:
    """The ruleset's state class: the return annotation of ``initial_state``."""
    hint = typing.get_type_hints(type(decider).initial_state).get("return")
    return hint if isinstance(hint, type) else type(decider.initial_state(Setup({}, {}, pack)))


class Timeline:
    """Loads game state from the stores, using and writing snapshots every ``snapshot_every`` events."""

    def __init__(self, events: EventStore, snapshots: SnapshotStore, resolve: Callable[[GameCreated], Rules],
                 snapshot_every: int = 100, read_snapshots: bool = True):
        self.events = events
        self.snapshots = snapshots
        self.resolve = resolve
        self.snapshot_every = snapshot_every
        self.read_snapshots = read_snapshots  # False: every load folds from the first event
        self._rules: dict[str, Rules] = {}

    def rules(self, game_id: str) -> Rules | None:
        rules = self._rules.get(game_id)
        if rules is None:
            first = self.events.read(game_id, after=0, limit=1)
            if not first:
                return None
            created = Codec([GameCreated]).decode_stored("GameCreated", first[0].data, first[0].schema_version)
            rules = self._rules[game_id] = self.resolve(created)
        return rules

    def load(self, game_id: str, at: int | None = None, cached: GameState | None = None,
             use_snapshots: bool | None = None) -> GameState | None:
        """State at version ``at`` (latest when None), folding on from ``cached`` or a snapshot.

        ``use_snapshots=False`` folds the whole log (replay); snapshots are rewritten either way."""
        if use_snapshots is None:
            use_snapshots = self.read_snapshots
        rules = self.rules(game_id)
        if rules is None:
            return None
        target = self.events.version(game_id) if at is None else at
        state = cached if cached is not None and cached.version <= target else None
        if use_snapshots and (state is None or target - state.version >= self.snapshot_every):
            snapshot = self._read_snapshot(rules, game_id, target)
            if snapshot is not None and (state is None or snapshot.version > state.version):
                state = snapshot
        if state is None:
            state = rules.platform.initial_state(game_id)
        with bulk_read(target - state.version):
            while state.version < target:
                batch = self.events.read(game_id, after=state.version, until=target, limit=READ_PAGE)
                if not batch:
                    break
                state = self.fold(rules, state, batch)
        return state

    def fold(self, rules: Rules, state: GameState, envelopes: list[Envelope]) -> GameState:
        """Fold stored events onto ``state`` (``platform.initial_state`` for a new game), in runs
        that end at a rewind or a snapshot version."""
        platform = rules.platform
        decode = rules.codec.decode_stored
        every = self.snapshot_every
        run: list = []
        for envelope in envelopes:
            event = decode(envelope.type, envelope.data, envelope.schema_version)
            if type(event) is EventsReverted:
                state = platform.rewound(platform.fold(state, run), self.load(envelope.game_id, at=event.to_version))
                run = []
            else:
                run.append(event)
            if envelope.version % every == 0:
                state, run = platform.fold(state, run), []
                self.write_snapshot(rules, state, envelope.hash)
        return _with_hash(platform.fold(state, run), envelopes[-1].hash)

    # ---- snapshots -----------------------------------------------------------------------------
    def after_append(self, rules: Rules, before: GameState, after: GameState, last_hash: str) -> GameState:
        """The write path's state after an append: its hash set, and a snapshot when the append
        crossed a multiple of ``snapshot_every`` (taken at the new version, not the multiple)."""
        after = _with_hash(after, last_hash)
        if after.version // self.snapshot_every > before.version // self.snapshot_every:
            self.write_snapshot(rules, after, last_hash)
        return after

    def write_snapshot(self, rules: Rules, state: GameState, last_hash: str) -> None:
        body = to_plain(_with_hash(state, last_hash))
        blob = orjson.dumps({"format": SNAPSHOT_FORMAT, "ruleset": rules.ruleset.id,
                             "ruleset_version": rules.ruleset.version, "state": body})
        self.snapshots.save(state.game_id, state.version, rules.snapshot_key, blob)

    def _read_snapshot(self, rules: Rules, game_id: str, max_version: int) -> GameState | None:
        found = self.snapshots.load(game_id, rules.snapshot_key, max_version)
        if found is None:
            return None
        version, blob = found
        try:
            document = orjson.loads(blob)
            if document.get("format") != SNAPSHOT_FORMAT:
                raise DecodeError({"format": f"snapshot format {document.get('format')!r}"})
            raw = document["state"]
            state = from_plain(GameState, {**raw, "domain": None})
            state = evolved(state, domain=from_plain(rules.state_type, raw["domain"]))
            if state.version != version or state.game_id != game_id:
                raise DecodeError({"version": "the snapshot is not of this game and version"})
            return state
        except (ValueError, KeyError, TypeError, AttributeError) as error:  # DecodeError and JSON errors are ValueErrors
            log.warning("ignoring unreadable snapshot of %s at %s: %s", game_id, version, error)
            return None


@contextmanager
def bulk_read(events: int):
    """Reading and folding many events allocates an envelope, an event, a state and their dicts
    per event and frees them soon after: the cycle collector, woken every few hundred
    allocations, would take half the time finding nothing (they hold no cycles). It waits until
    the read is done."""
    if events < _BULK or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _with_hash(state: GameState, last_hash: str) -> GameState:
    return evolved(state, last_hash=last_hash)
