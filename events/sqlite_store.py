"""SQLite stores: the embedded default (WAL, one file, any number of threads/processes).

The event log, the snapshots and the secrets live in one file and share one ``SQLiteFile``
(a connection per thread); ``open_sqlite`` opens all three.

Versions are gapless per game: an append inserts version expected+1 after checking that version
``expected`` exists, and ``UNIQUE(game_id, version)`` refuses it when another writer got there
first. ``position`` (the global order) is the rowid."""
from __future__ import annotations

import sqlite3
import threading
import time
from typing import Sequence

from events.envelope import GENESIS, Envelope, NewEvent, seal
from events.store import AppendResult, IdempotencyConflict, Stores, WrongExpectedVersion, fingerprint

# ``position`` is a plain rowid alias, not AUTOINCREMENT: rows are never deleted, so max(rowid)+1
# is already monotonic and never reused, and AUTOINCREMENT would cost a write to sqlite_sequence
# (one more page in every commit). Files created with AUTOINCREMENT keep working unchanged.
SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    hash TEXT NOT NULL,
    body BLOB NOT NULL,
    UNIQUE (game_id, version)
);
CREATE TABLE IF NOT EXISTS idempotency (
    game_id TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    first_version INTEGER NOT NULL,
    last_version INTEGER NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT NOT NULL,
    key TEXT NOT NULL,
    version INTEGER NOT NULL,
    blob BLOB NOT NULL,
    PRIMARY KEY (game_id, key, version)
);
CREATE TABLE IF NOT EXISTS secrets (
    game_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value BLOB NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=30000")
INSERT_EVENT = "INSERT INTO events (game_id, version, hash, body) VALUES (?, ?, ?, ?)"


class SQLiteFile:
    """One database file: a connection per thread (sqlite3 connections are not for sharing
    between threads), made with the stores' pragmas, the schema created once."""

    def __init__(self, path: str):
        self.path = path
        self._local = _os_thread_local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self().executescript(SCHEMA)

    def __call__(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            # isolation_level=None: the stores issue BEGIN themselves, so that one statement alone
            # is its own transaction and a multi-row append is one explicit transaction.
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            for pragma in PRAGMAS:
                conn.execute(pragma)
            self._local.conn = conn
            with self._lock:
                self._connections.append(conn)
        return conn

    def close(self) -> None:
        """Close every thread's connection; a later call opens new ones (closing twice is fine)."""
        with self._lock:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
        self._local = _os_thread_local()


def _os_thread_local():
    """Per OS thread, also under gevent's monkey-patching (gunicorn's gevent worker), where
    ``threading.local`` is per greenlet and every request would open (and keep) a connection.
    Greenlets of one thread may share one: an sqlite3 call never yields to another greenlet, so
    none runs inside another's transaction."""
    try:
        from gevent import monkey
    except ImportError:
        return threading.local()
    return monkey.get_original("threading", "local")()


def _file(path_or_file: str | SQLiteFile) -> SQLiteFile:
    return path_or_file if isinstance(path_or_file, SQLiteFile) else SQLiteFile(path_or_file)


class SQLiteEventStore:
    def __init__(self, path: str | SQLiteFile):
        self._file = _file(path)
        self.path = self._file.path
        self._connection = self._file
        self._appended = threading.Condition()  # wakes same-process waiters at once
        self._waiters = 0  # threads in wait_for: an append with none skips the notify
        self._heads: dict[str, tuple[int, str]] = {}  # last (version, hash) this process wrote

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency_key: str | None = None, request_fingerprint: str | None = None) -> AppendResult:
        if not events:
            raise ValueError("append needs at least one event")
        conn = self._connection()
        # Optimistic concurrency from the uniqueness constraint: version expected+1 exists
        # already iff someone else appended first; version ``expected`` existing (checked by
        # _hash_at, and versions are never removed) rules out a gap.
        if idempotency_key is None and len(events) == 1:
            return self._append_one(conn, game_id, events[0], expected_version)
        fp = None
        if idempotency_key is not None:
            fp = request_fingerprint or fingerprint(events)
            previous = self._idempotent(conn, game_id, idempotency_key)
            if previous is not None:
                return self._replay(game_id, idempotency_key, fp, previous)
        prev_hash = self._hash_at(conn, game_id, expected_version)
        sealed = []
        for version, event in enumerate(events, expected_version + 1):
            sealed.append(seal(game_id, version, prev_hash, event))
            prev_hash = sealed[-1][0]["hash"]
        try:
            envelopes = self._insert_many(conn, game_id, sealed, idempotency_key, fp)
        except sqlite3.IntegrityError:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            self._heads.pop(game_id, None)
            previous = idempotency_key is not None and self._idempotent(conn, game_id, idempotency_key)
            if previous:  # the same key won a race with us
                return self._replay(game_id, idempotency_key, fp, previous)
            raise WrongExpectedVersion(expected_version, self.version(game_id)) from None
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        self._appended_to(game_id, envelopes[-1].version, prev_hash)
        return AppendResult(envelopes)

    def _append_one(self, conn, game_id: str, event: NewEvent, expected_version: int) -> AppendResult:
        """The common append (one event, no idempotency key): one INSERT, its own transaction."""
        head = self._heads.get(game_id)
        prev_hash = head[1] if head is not None and head[0] == expected_version else \
            self._hash_at(conn, game_id, expected_version)
        version = expected_version + 1
        body, stored = seal(game_id, version, prev_hash, event)
        digest = body["hash"]
        try:
            position = conn.execute(INSERT_EVENT, (game_id, version, digest, stored)).lastrowid
        except sqlite3.IntegrityError:
            self._heads.pop(game_id, None)
            raise WrongExpectedVersion(expected_version, self.version(game_id)) from None
        self._appended_to(game_id, version, digest)
        return AppendResult((Envelope.from_dict(body, position),))

    def _appended_to(self, game_id: str, version: int, digest: str) -> None:
        self._heads[game_id] = (version, digest)
        if self._waiters:  # read without the lock: see wait_for for why no wake-up is lost
            with self._appended:
                self._appended.notify_all()

    @staticmethod
    def _insert_many(conn, game_id: str, sealed: list[tuple[dict, bytes]], key: str | None, fp: str | None):
        conn.execute("BEGIN")
        envelopes = []
        for body, stored in sealed:
            cursor = conn.execute(INSERT_EVENT, (game_id, body["version"], body["hash"], stored))
            envelopes.append(Envelope.from_dict(body, cursor.lastrowid))
        if key is not None:
            conn.execute("INSERT INTO idempotency VALUES (?, ?, ?, ?, ?)",
                         (game_id, key, fp, sealed[0][0]["version"], sealed[-1][0]["version"]))
        conn.execute("COMMIT")
        return tuple(envelopes)

    def _hash_at(self, conn, game_id: str, version: int) -> str:
        """The hash of event ``version`` (GENESIS for 0); WrongExpectedVersion if it is missing."""
        if version == 0:
            return GENESIS
        cached = self._heads.get(game_id)
        if cached is not None and cached[0] == version:
            return cached[1]
        row = conn.execute("SELECT hash FROM events WHERE game_id = ? AND version = ?", (game_id, version)).fetchone()
        if row is None:
            raise WrongExpectedVersion(version, self.version(game_id))
        return row[0]

    def _idempotent(self, conn, game_id: str, key: str):
        return conn.execute(
            "SELECT fingerprint, first_version, last_version FROM idempotency WHERE game_id = ? AND key = ?",
            (game_id, key),
        ).fetchone()

    def _replay(self, game_id: str, key: str, fp: str, previous) -> AppendResult:
        stored_fp, first, last = previous
        if stored_fp != fp:
            raise IdempotencyConflict(key)
        return AppendResult(tuple(self.read(game_id, after=first - 1, until=last)), replayed=True)

    def idempotent_result(self, game_id: str, key: str):
        previous = self._idempotent(self._connection(), game_id, key)
        if previous is None:
            return None
        stored_fp, first, last = previous
        return stored_fp, AppendResult(tuple(self.read(game_id, after=first - 1, until=last)), replayed=True)

    def read(self, game_id: str, after: int = 0, limit: int | None = None, until: int | None = None) -> list[Envelope]:
        rows = self._connection().execute(
            "SELECT position, body FROM events WHERE game_id = ? AND version > ? AND version <= ?"
            " ORDER BY version LIMIT ?",
            (game_id, after, until if until is not None else 2**62, limit if limit is not None else -1),
        ).fetchall()
        return [Envelope.from_json(b, p) for p, b in rows]

    def version(self, game_id: str) -> int:
        row = self._connection().execute(
            "SELECT MAX(version) FROM events WHERE game_id = ?", (game_id,)
        ).fetchone()
        return row[0] or 0

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[Envelope]:
        rows = self._connection().execute(
            "SELECT position, body FROM events WHERE position > ? ORDER BY position LIMIT ?",
            (after_position, limit),
        ).fetchall()
        return [Envelope.from_json(b, p) for p, b in rows]

    def game_ids(self, after: str = "", limit: int = 100) -> list[str]:
        rows = self._connection().execute(
            "SELECT game_id FROM events WHERE version = 1 AND game_id > ? ORDER BY game_id LIMIT ?",
            (after, limit),
        ).fetchall()
        return [r[0] for r in rows]

    def wait_for(self, game_id: str, after_version: int, timeout: float) -> bool:
        # Same-process appends notify at once; other processes are seen by polling. The waiter
        # counts itself before it checks the version and append commits before it reads the
        # count, so either the append sees the waiter (and notifies under the lock, which the
        # waiter holds until it waits) or the waiter's check sees the append.
        deadline = time.monotonic() + timeout
        while True:
            with self._appended:
                self._waiters += 1
                try:
                    if self.version(game_id) > after_version:
                        return True
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return False
                    self._appended.wait(min(remaining, 0.25))
                finally:
                    self._waiters -= 1

    def close(self) -> None:
        self._file.close()


class SQLiteSnapshotStore:
    def __init__(self, path: str | SQLiteFile):
        self._file = _file(path)

    def save(self, game_id: str, version: int, key: str, blob: bytes) -> None:
        self._file().execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)", (game_id, key, version, blob))

    def load(self, game_id: str, key: str, max_version: int) -> tuple[int, bytes] | None:
        # The primary key (game_id, key, version) makes this one index seek.
        row = self._file().execute(
            "SELECT version, blob FROM snapshots WHERE game_id = ? AND key = ? AND version <= ?"
            " ORDER BY version DESC LIMIT 1",
            (game_id, key, max_version),
        ).fetchone()
        return (row[0], bytes(row[1])) if row else None

    def close(self) -> None:
        self._file.close()


class SQLiteSecretStore:
    def __init__(self, path: str | SQLiteFile):
        self._file = _file(path)

    def put(self, game_id: str, name: str, value: bytes) -> None:
        self._file().execute("INSERT OR REPLACE INTO secrets VALUES (?, ?, ?)", (game_id, name, value))

    def get(self, game_id: str, name: str) -> bytes | None:
        row = self._file().execute(
            "SELECT value FROM secrets WHERE game_id = ? AND name = ?", (game_id, name)
        ).fetchone()
        return bytes(row[0]) if row else None

    def close(self) -> None:
        self._file.close()


def open_sqlite(path: str) -> Stores:
    """The three stores on one file (``:memory:`` works too: one database per thread)."""
    file = SQLiteFile(path)
    return Stores(SQLiteEventStore(file), SQLiteSnapshotStore(file), SQLiteSecretStore(file))
