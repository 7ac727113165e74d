"""Fold a game's log into ``GameState``: the latest state, the state at any version, snapshots.

``GameState`` wraps the ruleset's own state with what the platform folds itself: seats, the
dice commitment and revealed seed, revealed seals and a pending undo. ``EventsReverted`` folds
as "state = state at version to"; log-level facts (version, hash, revealed seals, the seed) keep
moving forward, because what was published stays published."""
from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, replace
from typing import Any, Callable

from domain.kernel import Decider, Setup
from domain.kernel.platform import (
    DiceRolled,
    DiceSeedRevealed,
    EventsReverted,
    GameCreated,
    PendingUndo,
    UndoApproved,
    UndoDeclined,
    UndoRequested,
)
from domain.registry import Ruleset
from events.codec import Codec
from events.envelope import GENESIS, Envelope, canonical_json
from events.store import EventStore

SNAPSHOT_FORMAT = 1


@dataclass(frozen=True)
class Rules:
    """Everything needed to fold one game: its ruleset, decider (bound to its pack) and codec."""

    ruleset: Ruleset
    decider: Decider
    codec: Codec
    pack: Any
    snapshot_key: str
    command_types: frozenset[str]  # wire names a client may send


@dataclass(frozen=True)
class GameState:
    game_id: str
    ruleset: str
    seats: dict[str, tuple[str, ...]]
    options: dict
    domain: Any
    version: int = 0
    last_hash: str = GENESIS
    dice_commitment: str = ""
    seed: str | None = None
    unsealed: frozenset[str] = frozenset()
    pending_undo: PendingUndo | None = None


def pack_digest(pack_raw: dict | None) -> str:
    return "default" if pack_raw is None else hashlib.sha256(canonical_json(pack_raw)).hexdigest()[:16]


class Timeline:
    """Loads game state from a store, using and writing snapshots every ``snapshot_every`` events."""

    def __init__(self, store: EventStore, resolve: Callable[[GameCreated], Rules], snapshot_every: int = 100,
                 read_snapshots: bool = True):
        self.store = store
        self.resolve = resolve
        self.snapshot_every = snapshot_every
        self.read_snapshots = read_snapshots  # False: every load folds from the first event
        self._rules: dict[str, Rules] = {}

    def rules(self, game_id: str) -> Rules | None:
        rules = self._rules.get(game_id)
        if rules is None:
            first = self.store.read(game_id, after=0, limit=1)
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
        target = self.store.version(game_id) if at is None else at
        start = cached if cached is not None and cached.version <= target else None
        if use_snapshots:
            snapshot = self.store.load_snapshot(game_id, rules.snapshot_key, target)
            if snapshot is not None and (start is None or snapshot[0] > start.version):
                start = pickle.loads(snapshot[1])
        state = start
        after = state.version if state is not None else 0
        while after < target:
            batch = self.store.read(game_id, after=after, until=target, limit=5000)
            if not batch:
                break
            state = self.fold(rules, state, batch)
            after = batch[-1].version
        return state

    def fold(self, rules: Rules, state: GameState | None, envelopes: list[Envelope]) -> GameState:
        evolve = rules.decider.evolve
        codec = rules.codec
        domain = state.domain if state is not None else None
        unsealed = state.unsealed if state is not None else frozenset()
        for envelope in envelopes:
            event = codec.decode_stored(envelope.type, envelope.data, envelope.schema_version)
            platform_step = _PLATFORM.get(type(event))
            if platform_step is not None:
                if state is not None:
                    state = replace(state, domain=domain)
                state = platform_step(self, rules, state, envelope, event)
                domain = state.domain
            else:
                domain = evolve(domain, event)
            if envelope.reveals:
                unsealed = unsealed | frozenset(envelope.reveals)
            if envelope.version % self.snapshot_every == 0:
                state = replace(state, domain=domain, version=envelope.version, last_hash=envelope.hash,
                                unsealed=unsealed)
                self.store.save_snapshot(envelope.game_id, envelope.version, rules.snapshot_key,
                                         pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        last = envelopes[-1]
        return replace(state, domain=domain, version=last.version, last_hash=last.hash, unsealed=unsealed)


def _created(timeline: Timeline, rules: Rules, state, envelope: Envelope, event: GameCreated) -> GameState:
    setup = Setup(seats=event.seats, options=event.options, pack=rules.pack)
    return GameState(game_id=envelope.game_id, ruleset=event.ruleset, seats=event.seats, options=event.options,
                     domain=rules.decider.initial_state(setup), dice_commitment=event.dice_commitment)


def _seed_revealed(timeline, rules, state: GameState, envelope, event: DiceSeedRevealed) -> GameState:
    return replace(state, seed=event.seed)


def _undo_requested(timeline, rules, state: GameState, envelope, event: UndoRequested) -> GameState:
    return replace(state, pending_undo=PendingUndo(event.requested_by, event.to_version, frozenset(event.approvers)))


def _undo_approved(timeline, rules, state: GameState, envelope, event: UndoApproved) -> GameState:
    pending = state.pending_undo
    if pending is None:
        return state
    return replace(state, pending_undo=replace(pending, waiting_for=pending.waiting_for - {event.seat}))


def _undo_declined(timeline, rules, state: GameState, envelope, event: UndoDeclined) -> GameState:
    return replace(state, pending_undo=None)


def _reverted(timeline: Timeline, rules, state: GameState, envelope: Envelope, event: EventsReverted) -> GameState:
    earlier = timeline.load(envelope.game_id, at=event.to_version)  # with the timeline's snapshot policy
    return replace(earlier, seed=state.seed, unsealed=state.unsealed, pending_undo=None)


def _unchanged(timeline, rules, state: GameState, envelope, event) -> GameState:
    return state


_PLATFORM: dict[type, Callable[..., GameState]] = {
    GameCreated: _created,
    DiceRolled: _unchanged,
    DiceSeedRevealed: _seed_revealed,
    UndoRequested: _undo_requested,
    UndoApproved: _undo_approved,
    UndoDeclined: _undo_declined,
    EventsReverted: _reverted,
}
