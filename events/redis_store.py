"""Redis event store: one Stream per game plus a global Stream, appended by one Lua script.

Keys of a game share the hash tag ``{game_id}`` so Redis Cluster keeps a game on one shard. The
global stream, position counter and game index are single keys: on a cluster they would need a
per-shard feed; on one Redis (what this project runs) the script is atomic across all of them."""
from __future__ import annotations

from importlib import resources
from typing import Sequence

import orjson
import redis

from events.envelope import GENESIS, Envelope, NewEvent, chain
from events.store import AppendResult, IdempotencyConflict, WrongExpectedVersion, fingerprint

APPEND_LUA = resources.files("events.lua").joinpath("append.lua").read_text()


class RedisEventStore:
    def __init__(self, url: str, prefix: str = "casus"):
        self.redis = redis.Redis.from_url(url)
        self.prefix = prefix
        self._append = self.redis.register_script(APPEND_LUA)
        # Last head this process wrote per game: saves a round trip when it is still the head.
        # A stale entry is harmless: the script checks version and hash and we re-read.
        self._heads: dict[str, tuple[int, str]] = {}
        self._keys_of: dict[str, list[str]] = {}

    def _key(self, game_id: str, name: str) -> str:
        return f"{self.prefix}:{{{game_id}}}:{name}"

    @property
    def _global(self) -> str:
        return f"{self.prefix}:all"

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency_key: str | None = None, request_fingerprint: str | None = None) -> AppendResult:
        if not events:
            raise ValueError("append needs at least one event")
        fp = (request_fingerprint or fingerprint(events)) if idempotency_key is not None else ""
        if idempotency_key is not None:
            known = self.idempotent_result(game_id, idempotency_key)
            if known is not None:
                return self._replayed(idempotency_key, fp, known)
        version, prev_hash = self._heads.get(game_id) or (-1, "")
        if version != expected_version:
            version, prev_hash = self._head(game_id)
            if version != expected_version:
                raise WrongExpectedVersion(expected_version, version)
        bodies = chain(game_id, expected_version + 1, prev_hash, list(events))
        args = [game_id, expected_version, prev_hash, idempotency_key or "", fp, bodies[-1]["hash"],
                *(orjson.dumps(body) for body in bodies)]
        status, detail = self._append(keys=self._append_keys(game_id), args=args)
        if status == b"wrong-version":
            self._heads.pop(game_id, None)
            raise WrongExpectedVersion(expected_version, int(detail))
        if status == b"idempotent":
            return self._replayed(idempotency_key, fp, self._parse_idem(game_id, detail))
        self._heads[game_id] = (bodies[-1]["version"], bodies[-1]["hash"])
        return AppendResult(tuple(Envelope.from_dict(b, int(p)) for b, p in zip(bodies, detail)))

    def _append_keys(self, game_id: str) -> list[str]:
        keys = self._keys_of.get(game_id)
        if keys is None:
            keys = self._keys_of[game_id] = [self._key(game_id, "stream"), self._key(game_id, "head"),
                                             self._key(game_id, "idem"), self._global, f"{self.prefix}:games"]
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
        entries = self.redis.xrange(self._global, min=f"({after_position}-0" if after_position else "-", count=limit)
        pipe = self.redis.pipeline(transaction=False)
        for _, fields in entries:
            version = fields[b"v"].decode()
            pipe.xrange(self._key(fields[b"g"].decode(), "stream"), min=f"{version}-0", max=f"{version}-0")
        return [_decode(found[0][1]) for found in pipe.execute()]

    def game_ids(self, after: str = "", limit: int = 100) -> list[str]:
        found = self.redis.zrangebylex(f"{self.prefix}:games", f"({after}" if after else "-", "+", start=0, num=limit)
        return [g.decode() for g in found]

    def wait_for(self, game_id: str, after_version: int, timeout: float) -> bool:
        if self.version(game_id) > after_version:
            return True
        found = self.redis.xread({self._key(game_id, "stream"): f"{after_version}-0"},
                                 count=1, block=max(1, int(timeout * 1000)))
        return bool(found)

    def save_snapshot(self, game_id: str, version: int, key: str, blob: bytes) -> None:
        self.redis.hset(self._key(game_id, f"snapshots:{key}"), str(version), blob)

    def load_snapshot(self, game_id: str, key: str, max_version: int):
        name = self._key(game_id, f"snapshots:{key}")
        versions = [int(v) for v in self.redis.hkeys(name) if int(v) <= max_version]
        if not versions:
            return None
        best = max(versions)
        return best, self.redis.hget(name, str(best))

    def put_secret(self, game_id: str, name: str, value: bytes) -> None:
        self.redis.hset(self._key(game_id, "secrets"), name, value)

    def get_secret(self, game_id: str, name: str) -> bytes | None:
        return self.redis.hget(self._key(game_id, "secrets"), name)

    def close(self) -> None:
        self.redis.close()



def _decode(fields: dict) -> Envelope:
    return Envelope.from_json(fields[b"b"], int(fields[b"p"]))


class _Snapshots:  # transition: the event store still holds snapshots and secrets
    def __init__(self, store):
        self.save, self.load = store.save_snapshot, store.load_snapshot


class _Secrets:
    def __init__(self, store):
        self.put, self.get = store.put_secret, store.get_secret


def open_redis(url: str, prefix: str = "casus"):
    from events.store import Stores

    store = RedisEventStore(url, prefix)
    return Stores(store, _Snapshots(store), _Secrets(store))
