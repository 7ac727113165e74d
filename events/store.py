"""The storage ports and their errors; every backend passes tests/contract.

Three ports split by what they hold, as pyeventsourcing separates its recorders: the append-only
log (``EventStore``), folded-state snapshots that can always be rebuilt from the log
(``SnapshotStore``), and values kept outside the log that the log must never show
(``SecretStore``: the dice seed, seat token hashes). ``Stores`` bundles one backend's three."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterator, NamedTuple, Protocol, Sequence

from events.envelope import Envelope, NewEvent, canonical_json


class StoreError(Exception):
    pass


class WrongExpectedVersion(StoreError):
    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, actual {actual}")
        self.expected = expected
        self.actual = actual


class IdempotencyConflict(StoreError):
    """The idempotency key was used before with another payload."""

    def __init__(self, key: str):
        super().__init__(f"idempotency key {key!r} was used with another payload")
        self.key = key


class AppendResult(NamedTuple):
    """What an append stored (a NamedTuple, not a frozen dataclass: one per command, and a
    tuple is the cheapest immutable record to build)."""

    events: tuple[Envelope, ...]
    replayed: bool = False  # True when an idempotent retry returned the original result

    @property
    def last_version(self) -> int:
        return self.events[-1].version if self.events else 0


def fingerprint(events: Sequence[NewEvent]) -> str:
    return hashlib.sha256(canonical_json([e.fingerprint_part() for e in events])).hexdigest()


class EventStore(Protocol):
    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_version: int,
        idempotency_key: str | None = None,
        request_fingerprint: str | None = None,
    ) -> AppendResult:
        """Append atomically after ``expected_version`` (0 for a new game).

        Raises WrongExpectedVersion when the game is at another version; a repeated
        idempotency key returns the original result when the fingerprint (default: of the
        events) matches and raises IdempotencyConflict when it does not."""

    def idempotent_result(self, game_id: str, key: str) -> tuple[str, AppendResult] | None:
        """(fingerprint, original result) recorded for ``key``, if any."""

    def read(self, game_id: str, after: int = 0, limit: int | None = None,
             until: int | None = None) -> list[Envelope]: ...

    def version(self, game_id: str) -> int: ...

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[Envelope]:
        """The global feed in position order."""

    def game_ids(self, after: str = "", limit: int = 100) -> list[str]: ...

    def wait_for(self, game_id: str, after_version: int, timeout: float) -> bool:
        """Block until the game passes ``after_version`` or ``timeout`` seconds pass."""

    def close(self) -> None: ...


class SnapshotStore(Protocol):
    """Folded state by (game, state key, version); blobs are opaque bytes to the store."""

    def save(self, game_id: str, version: int, key: str, blob: bytes) -> None:
        """Store ``blob`` as the state after ``version``; saving the same version again replaces it."""

    def load(self, game_id: str, key: str, max_version: int) -> tuple[int, bytes] | None:
        """(version, blob) of the newest snapshot at or below ``max_version`` for this state ``key``."""

    def close(self) -> None: ...


class SecretStore(Protocol):
    """Per-game values that never enter the log (the log is served; these must not be)."""

    def put(self, game_id: str, name: str, value: bytes) -> None:
        """Store ``value`` under ``name``, replacing any earlier value."""

    def get(self, game_id: str, name: str) -> bytes | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Stores:
    """The three ports of one backend: the log, snapshots of folded state, the game's secrets."""

    events: EventStore
    snapshots: SnapshotStore
    secrets: SecretStore

    def close(self) -> None:
        # The backends share one connection factory or client; closing it twice is harmless.
        self.events.close()
        self.snapshots.close()
        self.secrets.close()


def iter_all(store: EventStore, game_id: str, page: int = 5000) -> Iterator[Envelope]:
    after = 0
    while True:
        batch = store.read(game_id, after=after, limit=page)
        yield from batch
        if len(batch) < page:
            return
        after = batch[-1].version
