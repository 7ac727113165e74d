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
        return tuple.__new__(cls, _stored_fields(raw) + (raw.get("position", 0) if position is None else position,))

    @classmethod
    def from_json(cls, body: bytes, position: int) -> "Envelope":
        return cls.from_dict(orjson.loads(body), position)


_stored_fields = itemgetter(*Envelope._fields[:-1])  # every field but position, in order


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


def chain(game_id: str, first_version: int, prev_hash: str, events: list[NewEvent]) -> list[dict]:
    """Give new events their versions and chain them onto ``prev_hash``: the stored dicts
    (every envelope field but ``position``, which the store assigns)."""
    out = []
    for offset, event in enumerate(events):
        body = {
            "game_id": game_id, "version": first_version + offset, "type": event.type,
            "schema_version": event.schema_version, "data": event.data, "actor": event.actor,
            "event_id": event.event_id, "command_id": event.command_id,
            "correlation_id": event.correlation_id, "recorded_at": event.recorded_at,
            "ruleset": event.ruleset, "ruleset_version": event.ruleset_version,
            "visibility": event.visibility, "reveals": list(event.reveals), "prev_hash": prev_hash,
        }
        if event.salt:
            body["salt"] = event.salt
            body["hash"] = compute_hash(body)
        else:  # the body is exactly what the hash covers: skip hash_body's copy (hot path)
            body["hash"] = hashlib.sha256(prev_hash.encode() + canonical_json(body)).hexdigest()
            body["salt"] = ""
        prev_hash = body["hash"]
        out.append(body)
    return out


def first_broken_link(envelopes: list[Envelope] | list[dict]) -> tuple[int, str] | None:
    """(version, reason) of the first event whose hash or link does not verify, else None.

    Takes envelopes or their dicts as served to a seat (sealed data redacted to a digest)."""
    prev = GENESIS
    expected_version = 1
    for envelope in envelopes:
        raw = envelope.to_dict() if isinstance(envelope, Envelope) else envelope
        if raw["version"] != expected_version:
            return raw["version"], f"expected version {expected_version}"
        if raw["prev_hash"] != prev:
            return raw["version"], "prev_hash does not match the previous event's hash"
        if compute_hash(raw) != raw["hash"]:
            return raw["version"], "hash does not match the event's contents"
        prev = raw["hash"]
        expected_version += 1
    return None
