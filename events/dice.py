"""Commit-reveal dice: roll k of the command whose first event is version v is derived from
``HMAC-SHA256(seed, f"{game_id}:{v}:{k}")``, without modulo bias, so anyone holding the revealed
seed can recompute every roll and nobody could choose them."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Callable

from domain.kernel.platform import DiceRolled, Roll

_SPACE = 2**64


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def derive(seed: bytes, game_id: str, version: int, k: int, sides: int) -> int:
    """Rejection sampling on 64-bit draws: a draw at or above the largest multiple of ``sides``
    is discarded and the next one, HMAC(seed, message + ":" + attempt), is taken."""
    if sides < 1:
        raise ValueError("a die has at least one side")
    limit = _SPACE - _SPACE % sides
    message = f"{game_id}:{version}:{k}"
    attempt = 0
    while True:
        digest = hmac.new(seed, message.encode() if attempt == 0 else f"{message}:{attempt}".encode(),
                          hashlib.sha256).digest()
        draw = int.from_bytes(digest[:8], "big")
        if draw < limit:
            return draw % sides + 1
        attempt += 1


class HmacDice:
    """The Dice handed to ``decide`` for one command; remembers what it rolled. The seed is
    fetched on the first roll only: most commands roll nothing."""

    def __init__(self, seed: Callable[[], bytes], game_id: str, version: int,
                 commit_next: Callable[[], str] | None = None):
        self._seed_source, self.game_id, self.version = seed, game_id, version
        self._commit_next = commit_next
        self._seed: bytes | None = None
        self.rolls: list[Roll] = []

    def roll(self, sides: int) -> int:
        if self._seed is None:
            self._seed = self._seed_source()
        value = derive(self._seed, self.game_id, self.version, len(self.rolls), sides)
        self.rolls.append(Roll(k=len(self.rolls), sides=sides, value=value))
        return value

    def seed(self) -> str:
        """The secret seed, hex: for the event that reveals it (CORE-dice, CORE-terminal)."""
        if self._seed is None:
            self._seed = self._seed_source()
        return self._seed.hex()

    def next_commitment(self) -> str:
        """A fresh seed for the rolls after an early reveal, stored secret; its sha256."""
        if self._commit_next is None:
            raise RuntimeError("these dice cannot commit a new seed")
        return self._commit_next()

    def recorded(self) -> DiceRolled | None:
        return DiceRolled(tuple(self.rolls)) if self.rolls else None
