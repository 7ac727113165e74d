"""Redis stores: one Stream per game, appended by one Lua script; snapshots and secrets beside
them. The three share one client; ``open_redis`` opens all three, on one Redis or a Redis Cluster.

Keys of a game share the hash tag ``{game_id}``, so a cluster keeps a game on one shard. On one
Redis the append script also writes the cross-game keys (the global stream, whose length is the
last position, and the game index) atomically with the game's. On a cluster a script may touch
one slot only, so the cross-game parts are redesigned (see ``RedisEventStore``): positions come
from one counter key taken before the append, the game index is written before a game's first
append and read skipping games that were never created, and there is no cross-game feed."""
from __future__ import annotations

from importlib import resources
from typing import Sequence

import redis
from redis.cluster import RedisCluster
from redis.exceptions import NoScriptError

from events.envelope import GENESIS, Envelope, NewEvent, seal
from events.store import AppendResult, IdempotencyConflict, StoreError, Stores, WrongExpectedVersion, fingerprint

APPEND_LUA = resources.files("events.lua").joinpath("append.lua").read_text()
APPEND_GAME_LUA = resources.files("events.lua").joinpath("append_game.lua").read_text()
LOAD_SNAPSHOT_LUA = resources.files("events.lua").joinpath("load_snapshot.lua").read_text()

Client = redis.Redis | RedisCluster
MAX_BLOCK = 20.0  # seconds one wait_for blocks in Redis at most (it answers "not yet" after)
SOCKET_TIMEOUT = MAX_BLOCK + 10


def connect(url: str) -> Client:
    """A client for ``url``: a RedisCluster when the server there is a cluster node (its INFO says
    ``cluster_enabled:1``), so the one REDIS_URL setting names either a Redis or a cluster."""
    probe = redis.Redis.from_url(url)
    try:
        clustered = probe.info("cluster").get("cluster_enabled") == 1
    finally:
        probe.close()
    # redis-py's default socket timeout (5 s) would cut an XREAD BLOCK that waits a whole SSE
    # heartbeat (15 s): every idle stream would end in an error (and RedisCluster retries it
    # without end). Above the longest block, a Redis that stops answering still fails a request.
    return (RedisCluster if clustered else redis.Redis).from_url(url, socket_timeout=SOCKET_TIMEOUT)


def _client(url_or_client: str | Client) -> Client:
    return url_or_client if isinstance(url_or_client, (redis.Redis, RedisCluster)) else connect(url_or_client)


def game_key(prefix: str, game_id: str, name: str) -> str:
    return f"{prefix}:{{{game_id}}}:{name}"


class _Script:
    """A Lua script called as EVALSHA through ``execute_command`` with its sha computed once:
    redis-py's Script object rebuilds the argument tuple on every call, and the append runs
    once per command. The script is loaded again if the server has forgotten it."""

    def __init__(self, client: Client, source: str):
        self.client = client
        self.source = source
        # On one Redis the command goes as bytes (redis-py passes bytes on without converting
        # them); RedisCluster routes by the command's name and keys, so it keeps str and ints.
        self._wire = str if isinstance(client, RedisCluster) else str.encode
        self._load()

    def _load(self) -> None:
        self.command = self._wire("EVALSHA")
        self.sha = self._wire(self.client.script_load(self.source))

    def __call__(self, numkeys: int | bytes, *keys_and_args):
        try:
            return self.client.execute_command(self.command, self.sha, numkeys, *keys_and_args)
        except NoScriptError:  # a restarted server or SCRIPT FLUSH
            self._load()
            return self.client.execute_command(self.command, self.sha, numkeys, *keys_and_args)


class RedisEventStore:
    """The log in Redis. On a cluster (``clustered``) nothing spans shards atomically, so:

    - positions come from one counter key (INCRBY before the append, one more round trip); the
      script refuses positions below the game's last, so they are unique across games, rise with
      each game's versions and with real time (an append that ends before another starts has the
      lower position), and a failed append leaves a gap;
    - the game index is written before a game's first append (ZADD is idempotent) and listed
      skipping ids that have no head: a creation that failed or crashed is never listed, and a
      created game is never missing;
    - ``read_all`` (the cross-game feed) is refused: no consumer in the service needs it, and on
      a cluster it would need a feed per shard that its readers merge."""

    def __init__(self, url: str | Client, prefix: str = "casus"):
        self.redis = _client(url)
        self.prefix = prefix
        self.clustered = isinstance(self.redis, RedisCluster)
        self._append = _Script(self.redis, APPEND_GAME_LUA if self.clustered else APPEND_LUA)
        # Last head this process wrote per game: saves a round trip when it is still the head.
        # A stale entry is harmless: the script checks version and hash and we re-read.
        self._heads: dict[str, tuple[int, str]] = {}
        self._keys_of: dict[str, tuple[bytes, ...]] = {}

    def _key(self, game_id: str, name: str) -> str:
        return game_key(self.prefix, game_id, name)

    @property
    def _global(self) -> str:
        return f"{self.prefix}:all"

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency_key: str | None = None, request_fingerprint: str | None = None) -> AppendResult:
        if not events:
            raise ValueError("append needs at least one event")
        fp = (request_fingerprint or fingerprint(events)) if idempotency_key is not None else ""
        head = self._heads.get(game_id)
        if head is None or head[0] != expected_version:
            head = self._head(game_id)
            if head[0] != expected_version:
                # A retry may carry the version it was sent with: its key answers first.
                known = idempotency_key is not None and self.idempotent_result(game_id, idempotency_key)
                if known:
                    return self._replayed(idempotency_key, fp, known)
                raise WrongExpectedVersion(expected_version, head[0])
        # The script checks the key itself, atomically with the append: no look-up round trip.
        if len(events) == 1:
            body, stored = seal(game_id, expected_version + 1, head[1], events[0])
            bodies, stored = [body], [stored]
        else:
            bodies, stored, prev_hash = [], [], head[1]
            for version, event in enumerate(events, expected_version + 1):
                body, one = seal(game_id, version, prev_hash, event)
                bodies.append(body)
                stored.append(one)
                prev_hash = body["hash"]
        last_hash = bodies[-1]["hash"]
        if self.clustered:
            reply = self._append_on_cluster(game_id, expected_version, head[1], last_hash,
                                            idempotency_key, fp, stored)
        elif idempotency_key is None:
            # Every argument already bytes: redis-py passes bytes through without its type checks.
            reply = self._append(b"4", *self._append_keys(game_id), str(expected_version).encode(),
                                 head[1].encode(), last_hash.encode(), *stored)
        else:
            stream, head_key, feed, games, wire_id = self._append_keys(game_id)
            reply = self._append(b"5", stream, head_key, feed, games, self._key(game_id, "idem"), wire_id,
                                 expected_version, head[1], last_hash, idempotency_key, fp, *stored)
        if type(reply) is int:
            self._heads[game_id] = (bodies[-1]["version"], last_hash)
            return AppendResult(tuple(Envelope.from_dict(b, reply + i) for i, b in enumerate(bodies)))
        if type(reply) is list:
            self._heads.pop(game_id, None)
            raise WrongExpectedVersion(expected_version, int(reply[0]))
        return self._replayed(idempotency_key, fp, self._parse_idem(game_id, reply))

    def _append_on_cluster(self, game_id: str, expected_version: int, prev_hash: str, last_hash: str,
                           idempotency_key: str | None, fp: str, stored: list[bytes]):
        keys = (self._key(game_id, "stream"), self._key(game_id, "head"))
        keyed = () if idempotency_key is None else (idempotency_key, fp)
        if keyed:
            keys += (self._key(game_id, "idem"),)
        if expected_version == 0:  # listed before it exists: game_ids skips it until it does
            self.redis.zadd(self._games, {game_id: 0})
        for _ in range(5):
            first = self.redis.incrby(self._position, len(stored)) - len(stored) + 1
            reply = self._append(len(keys), *keys, expected_version, prev_hash, last_hash, first, *keyed, *stored)
            if type(reply) is not list or len(reply) == 1:
                return reply
            # The counter is behind the game's last position (a lost counter key): move it past.
            self.redis.incrby(self._position, int(reply[1]))
        raise StoreError(f"positions for {game_id} kept falling behind the game's last position")

    @property
    def _position(self) -> str:
        return f"{self.prefix}:position"

    @property
    def _games(self) -> str:
        return f"{self.prefix}:games"

    def _append_keys(self, game_id: str) -> tuple[bytes, ...]:
        """append.lua's four keys and its first argument (the game id), encoded once per game."""
        keys = self._keys_of.get(game_id)
        if keys is None:
            keys = self._keys_of[game_id] = tuple(name.encode() for name in (
                self._key(game_id, "stream"), self._key(game_id, "head"), self._global, self._games, game_id))
        return keys

    def _head(self, game_id: str) -> tuple[int, str]:
        version, last_hash = self.redis.hmget(self._key(game_id, "head"), "v", "h")
        return (int(version), last_hash.decode()) if version else (0, GENESIS)

    def _parse_idem(self, game_id: str, raw: bytes) -> tuple[str, AppendResult]:
        fp, first, last = raw.decode().rsplit(":", 2)
        return fp, AppendResult(tuple(self.read(game_id, after=int(first) - 1, until=int(last))), replayed=True)

    @staticmethod
    def _replayed(key: str, fp: str, known: tuple[str, AppendResult]) -> AppendResult:
        if known[0] != fp:
            raise IdempotencyConflict(key)
        return known[1]

    def idempotent_result(self, game_id: str, key: str):
        raw = self.redis.hget(self._key(game_id, "idem"), key)
        return self._parse_idem(game_id, raw) if raw is not None else None

    def read(self, game_id: str, after: int = 0, limit: int | None = None, until: int | None = None) -> list[Envelope]:
        entries = self.redis.xrange(
            self._key(game_id, "stream"), min=f"({after}-0" if after else "-",
            max=f"{until}-0" if until is not None else "+", count=limit,
        )
        return [_decode(fields) for _, fields in entries]

    def version(self, game_id: str) -> int:
        return self._head(game_id)[0]

    def read_all(self, after_position: int = 0, limit: int = 1000) -> list[Envelope]:
        if self.clustered:
            raise StoreError("a Redis Cluster keeps no cross-game feed: read each game's log")
        entries = self.redis.xrange(self._global, min=f"({after_position}-0" if after_position else "-", count=limit)
        pipe = self.redis.pipeline(transaction=False)
        for _, fields in entries:
            version = fields[b"v"].decode()
            pipe.xrange(self._key(fields[b"g"].decode(), "stream"), min=f"{version}-0", max=f"{version}-0")
        return [_decode(found[0][1]) for found in pipe.execute()]

    def game_ids(self, after: str = "", limit: int = 100) -> list[str]:
        found: list[str] = []
        while len(found) < limit:
            page = [g.decode() for g in self.redis.zrangebylex(
                self._games, f"({after}" if after else "-", "+", start=0, num=limit - len(found))]
            if not self.clustered or not page:
                return found + page
            # On a cluster the index is written before the append: skip games never created.
            pipe = self.redis.pipeline(transaction=False)
            for game_id in page:
                pipe.exists(self._key(game_id, "head"))
            found += [g for g, exists in zip(page, pipe.execute()) if exists]
            after = page[-1]
        return found

    def wait_for(self, game_id: str, after_version: int, timeout: float) -> bool:
        if self.version(game_id) > after_version:
            return True
        found = self.redis.xread({self._key(game_id, "stream"): f"{after_version}-0"},
                                 count=1, block=max(1, int(min(timeout, MAX_BLOCK) * 1000)))
        return bool(found)

    def close(self) -> None:
        self.redis.close()


def _decode(fields: dict) -> Envelope:
    return Envelope.from_json(fields[b"b"], int(fields[b"p"]))


class RedisSnapshotStore:
    """Per (game, state key): a hash of blobs by version and a sorted set of those versions, so
    a load is one seek however many snapshots a long game has collected."""

    def __init__(self, url: str | Client, prefix: str = "casus"):
        self.redis = _client(url)
        self.prefix = prefix
        self._load = _Script(self.redis, LOAD_SNAPSHOT_LUA)

    def _keys(self, game_id: str, key: str) -> tuple[str, str]:
        return (game_key(self.prefix, game_id, f"snapshot-versions:{key}"),
                game_key(self.prefix, game_id, f"snapshots:{key}"))

    def save(self, game_id: str, version: int, key: str, blob: bytes) -> None:
        versions, blobs = self._keys(game_id, key)
        pipe = self.redis.pipeline(transaction=True)  # MULTI: never a version without its blob
        pipe.hset(blobs, str(version), blob)
        pipe.zadd(versions, {str(version): version})
        pipe.execute()

    def load(self, game_id: str, key: str, max_version: int) -> tuple[int, bytes] | None:
        found = self._load(2, *self._keys(game_id, key), max_version)
        if not found or found[1] is None:
            return None
        return int(found[0]), found[1]

    def close(self) -> None:
        self.redis.close()


class RedisSecretStore:
    def __init__(self, url: str | Client, prefix: str = "casus"):
        self.redis = _client(url)
        self.prefix = prefix

    def put(self, game_id: str, name: str, value: bytes) -> None:
        self.redis.hset(game_key(self.prefix, game_id, "secrets"), name, value)

    def get(self, game_id: str, name: str) -> bytes | None:
        return self.redis.hget(game_key(self.prefix, game_id, "secrets"), name)

    def close(self) -> None:
        self.redis.close()


def open_redis(url: str, prefix: str = "casus") -> Stores:
    """The three stores on one client (one connection pool, or one per cluster node) under one
    key prefix; a cluster node's URL opens them on the cluster."""
    client = connect(url)
    return Stores(RedisEventStore(client, prefix), RedisSnapshotStore(client, prefix),
                  RedisSecretStore(client, prefix))
