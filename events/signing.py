"""Signed heads: the server's Ed25519 signature over (game, version, hash), the anchor of a log.

A hash chain alone proves nothing against whoever rewrites the whole chain, or cuts its end. A
signed head proves that this server once said "game G was at version V with head hash H": an
export whose last event has version V and hash H (and whose chain verifies) is exactly that
history, no event edited, none cut.

A head travels as ``<payload>.<signature>``, both base64url without padding; the payload is the
canonical JSON ``{"game_id", "version", "hash", "key_id"}``. ``key_id`` is the first 16 hex digits
of sha256 of the raw public key, so a verifier picks the right key after a rotation.

Key lifecycle: the first start generates a key and keeps it in the secret store (beside the
games' seeds, under the reserved game id ``SERVER``); ``casus keys rotate`` makes a new current
key and keeps every old public key, so heads signed before still verify; ``GET /keys`` and
``casus keys show`` publish the public keys."""
from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

import orjson
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from nacl.signing import SigningKey

from events.envelope import canonical_json
from events.store import SecretStore

SERVER = "__server__"  # the secret store's "game" holding the server's keys
_CURRENT = "head_key:current"


class BadHead(ValueError):
    """A signed head that does not parse, or whose signature does not verify."""


@dataclass(frozen=True)
class Head:
    game_id: str
    version: int
    hash: str
    key_id: str


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(public: Ed25519PublicKey) -> str:
    return hashlib.sha256(_raw_public(public)).hexdigest()[:16]


class KeyRing:
    """The server's signing keys, kept in the secret store: one current, every older one public."""

    def __init__(self, secrets: SecretStore):
        self.secrets = secrets
        self._current: tuple[str, Ed25519PrivateKey] | None = None
        self._signer: tuple[str, SigningKey] | None = None

    def _load_current(self) -> tuple[str, Ed25519PrivateKey]:
        current_id = self.secrets.get(SERVER, _CURRENT)
        if current_id is None:
            return self.rotate()
        raw = self.secrets.get(SERVER, f"head_key:{current_id.decode()}:private")
        return current_id.decode(), Ed25519PrivateKey.from_private_bytes(raw)

    def rotate(self) -> tuple[str, Ed25519PrivateKey]:
        """A new current key; the old ones stay for verifying what they signed."""
        private = Ed25519PrivateKey.generate()
        kid = key_id(private.public_key())
        self.secrets.put(SERVER, f"head_key:{kid}:private", private.private_bytes(
            serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()))
        known = self.secrets.get(SERVER, "head_keys") or b""
        self.secrets.put(SERVER, "head_keys", b",".join(k for k in (*known.split(b","), kid.encode()) if k))
        self.secrets.put(SERVER, _CURRENT, kid.encode())
        self._current = (kid, private)
        return self._current

    def sign(self, game_id: str, version: int, last_hash: str) -> str:
        """Every command's answer carries one: signed by libsodium (PyNaCl), a third quicker than
        OpenSSL's per-call setup here. Ed25519 is deterministic (RFC 8032), so the signature is
        the same bytes whichever library computes it."""
        if self._current is None:
            self._current = self._load_current()
        kid, private = self._current
        if self._signer is None or self._signer[0] != kid:
            self._signer = (kid, SigningKey(private.private_bytes(
                serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption())))
        payload = canonical_json({"game_id": game_id, "version": version, "hash": last_hash, "key_id": kid})
        return f"{_b64(payload)}.{_b64(self._signer[1].sign(payload).signature)}"

    def public_keys(self) -> dict[str, str]:
        """key id -> raw public key, hex: what a verifier needs (``GET /keys``)."""
        if self._current is None:
            self._current = self._load_current()
        ids = [k.decode() for k in (self.secrets.get(SERVER, "head_keys") or b"").split(b",") if k]
        out = {}
        for kid in ids:
            raw = self.secrets.get(SERVER, f"head_key:{kid}:private")
            out[kid] = _raw_public(Ed25519PrivateKey.from_private_bytes(raw).public_key()).hex()
        return out


def verify_head(token: str, public_keys: dict[str, str]) -> Head:
    """The head a token names, if one of ``public_keys`` (key id -> hex) signed it."""
    try:
        payload_part, signature_part = token.strip().split(".")
        payload, signature = _unb64(payload_part), _unb64(signature_part)
        fields = orjson.loads(payload)
        head = Head(str(fields["game_id"]), int(fields["version"]), str(fields["hash"]), str(fields["key_id"]))
    except (ValueError, KeyError, TypeError) as error:
        raise BadHead(f"not a signed head: {error}") from None
    public_hex = public_keys.get(head.key_id)
    if public_hex is None:
        raise BadHead(f"signed with key {head.key_id}, which is not among the given keys")
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex)).verify(signature, payload)
    except (InvalidSignature, ValueError):
        raise BadHead("the signature does not verify") from None
    return head
