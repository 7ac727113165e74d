"""The EventStore protocol and its errors; every backend passes tests/contract."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterator, Protocol, Sequence

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


@dataclass(frozen=True)
class AppendResult:
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

    def save_snapshot(self, game_id: str, version: int, key: str, blob: bytes) -> None: ...

    def load_snapshot(self, game_id: str, key: str, max_version: int) -> tuple[int, bytes] | None:
        """The newest snapshot at or below ``max_version`` for this state ``key``."""

    def put_secret(self, game_id: str, name: str, value: bytes) -> None: ...

    def get_secret(self, game_id: str, name: str) -> bytes | None: ...

    def close(self) -> None: ...


class SnapshotStore(Protocol):
    def save(self, game_id: str, version: int, key: str, blob: bytes) -> None: ...

    def load(self, game_id: str, key: str, max_version: int) -> tuple[int, bytes] | None:
        """The newest snapshot at or below ``max_version`` for this state ``key``."""


class SecretStore(Protocol):
    def put(self, game_id: str, name: str, value: bytes) -> None: ...

    def get(self, game_id: str, name: str) -> bytes | None: ...


@dataclass(frozen=True)
class Stores:
    """The three ports of one backend: the log, snapshots of folded state, the game's secrets."""

    events: EventStore
    snapshots: SnapshotStore
    secrets: SecretStore

    def close(self) -> None:
        self.events.close()


def iter_all(store: EventStore, game_id: str, page: int = 5000) -> Iterator[Envelope]:
    after = 0
    while True:
        batch = store.read(game_id, after=after, limit=page)
        yield from batch
        if len(batch) < page:
            return
        after = batch[-1].version
