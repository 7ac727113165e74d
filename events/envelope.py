"""The event envelope and its hash chain.

``hash = sha256(prev_hash + canonical JSON of every other field but position)``. ``position`` is
left out because it is the store's global order: an exported game imported into another store
gets new positions and its chain still verifies.

A sealed event carries a random ``salt`` and the hash covers ``sha256(salt + data)`` instead of
the data itself, so a seat that may not read a secret bid can still verify the chain (it gets
the digest) but cannot find the bid by hashing every possible value."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, NamedTuple, Sequence

import orjson

GENESIS = "0" * 64
PUBLIC = "public"


def canonical_json(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


@dataclass(frozen=True)
class NewEvent:
    """An event on its way into the store: what the writer decides, before version and hash."""

    type: str
    data: dict
    actor: str
    schema_version: int = 1
    event_id: str = ""
    command_id: str | None = None
    correlation_id: str | None = None
    recorded_at: str = ""
    ruleset: str = ""
    ruleset_version: str = ""
    visibility: Any = PUBLIC  # "public" or {"seal": key, "seats": [...]} until revealed
    reveals: tuple[str, ...] = ()  # seal keys this event makes public
    salt: str = ""  # sealed events only

    def fingerprint_part(self) -> dict:
        """What makes two appends "the same payload" for idempotency (ids and clock excluded)."""
        return {"type": self.type, "data": self.data, "actor": self.actor}


class Envelope(NamedTuple):
    """A stored event. A NamedTuple, not a dataclass: folds build one per event read, and a
    tuple is immutable and several times cheaper to construct."""

    game_id: str
    version: int
    type: str
    schema_version: int
    data: dict
    actor: str
    event_id: str
    command_id: str | None
    correlation_id: str | None
    recorded_at: str
    ruleset: str
    ruleset_version: str
    visibility: Any
    reveals: Sequence[str]  # as stored (a JSON list): read it, never change it
    prev_hash: str
    hash: str = ""
    salt: str = ""
    position: int = 0

    def to_dict(self) -> dict:
        out = self._asdict()
        out["reveals"] = list(self.reveals)
        return out

    @classmethod
    def from_dict(cls, raw: dict, position: int | None = None) -> "Envelope":
        # Positional tuple construction: the hot path of every read (see the class docstring).
        return _new_tuple(cls, _stored_fields(raw) + (raw.get("position", 0) if position is None else position,))

    @classmethod
    def from_json(cls, body: bytes, position: int) -> "Envelope":
        # from_dict inlined: a fold calls this once per stored event.
        return _new_tuple(cls, _stored_fields(_loads(body)) + (position,))


_stored_fields = itemgetter(*Envelope._fields[:-1])  # every field but position, in order
_new_tuple = tuple.__new__
_loads = orjson.loads


def data_digest(salt: str, data: dict) -> str:
    return hashlib.sha256(salt.encode() + canonical_json(data)).hexdigest()


def hash_body(envelope: dict) -> dict:
    """What the hash covers, from a full envelope dict or one redacted for a seat."""
    body = {k: v for k, v in envelope.items() if k not in ("hash", "position", "salt", "data_digest", "redacted")}
    if envelope.get("redacted"):
        body["data"] = envelope["data_digest"]
    elif envelope.get("salt"):
        body["data"] = data_digest(envelope["salt"], envelope["data"])
    return body


def compute_hash(envelope: Envelope | dict) -> str:
    body = hash_body(envelope.to_dict() if isinstance(envelope, Envelope) else envelope)
    return hashlib.sha256(body["prev_hash"].encode() + canonical_json(body)).hexdigest()


def seal(game_id: str, version: int, prev_hash: str, event: NewEvent) -> tuple[dict, bytes]:
    """Give a new event its version and chain it onto ``prev_hash``: its stored dict (every
    envelope field but ``position``, which the store assigns) and the JSON bytes to store."""
    body = {
        "game_id": game_id, "version": version, "type": event.type,
        "schema_version": event.schema_version, "data": event.data, "actor": event.actor,
        "event_id": event.event_id, "command_id": event.command_id,
        "correlation_id": event.correlation_id, "recorded_at": event.recorded_at,
        "ruleset": event.ruleset, "ruleset_version": event.ruleset_version,
        "visibility": event.visibility, "reveals": list(event.reveals), "prev_hash": prev_hash,
    }
    if event.salt:
        body["salt"] = event.salt
        body["hash"] = compute_hash(body)
        return body, orjson.dumps(body)
    # The body is exactly what the hash covers (hot path: no hash_body copy), and the stored
    # bytes are those same canonical bytes with the two fields the hash leaves out spliced in
    # before the closing brace, instead of serialising the body a second time. Readers parse
    # the JSON, so the key order in storage does not matter.
    covered = canonical_json(body)
    digest = hashlib.sha256(prev_hash.encode() + covered).hexdigest()
    body["hash"] = digest
    body["salt"] = ""
    return body, b"".join((covered[:-1], b',"hash":"', digest.encode(), b'","salt":""}'))


def chain(game_id: str, first_version: int, prev_hash: str, events: list[NewEvent]) -> list[dict]:
    """Give new events their versions and chain them onto ``prev_hash``: the stored dicts."""
    out = []
    for offset, event in enumerate(events):
        body = seal(game_id, first_version + offset, prev_hash, event)[0]
        prev_hash = body["hash"]
        out.append(body)
    return out


def broken_link(envelope: Envelope | dict, expected_version: int, prev: str) -> tuple[int, str] | None:
    """(version, reason) when this one event does not follow ``prev`` at ``expected_version`` or its
    hash does not match its contents, else None."""
    raw = envelope.to_dict() if isinstance(envelope, Envelope) else envelope
    if raw["version"] != expected_version:
        return raw["version"], f"expected version {expected_version}"
    if raw["prev_hash"] != prev:
        return raw["version"], "prev_hash does not match the previous event's hash"
    if compute_hash(raw) != raw["hash"]:
        return raw["version"], "hash does not match the event's contents"
    return None


def first_broken_link(envelopes: list[Envelope] | list[dict]) -> tuple[int, str] | None:
    """(version, reason) of the first event whose hash or link does not verify, else None.

    Takes envelopes or their dicts as served to a seat (sealed data redacted to a digest)."""
    prev = GENESIS
    for expected_version, envelope in enumerate(envelopes, start=1):
        problem = broken_link(envelope, expected_version, prev)
        if problem is not None:
            return problem
        prev = envelope.hash if isinstance(envelope, Envelope) else envelope["hash"]
    return None
