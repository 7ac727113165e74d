"""Dice that need no randomness: scripted rolls for tests and replays of recorded rolls."""
from __future__ import annotations

from collections.abc import Iterable

from domain.kernel.platform import DiceRolled, Roll


class ScriptedDice:
    """Returns the given rolls in order; fails loudly when a roll is out of range or missing.

    Audited like the service's dice (``recorded``, ``seed``), so the platform decider can be
    played with it in tests."""

    def __init__(self, rolls: Iterable[int], seed: str = "00" * 32):
        self._rolls = list(rolls)
        self._seed = seed
        self.rolled: list[tuple[int, int]] = []  # (sides, value), as consumed

    def roll(self, sides: int) -> int:
        if not self._rolls:
            raise LookupError("no scripted roll left")
        value = self._rolls.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not a d{sides} result")
        self.rolled.append((sides, value))
        return value

    def recorded(self):
        if not self.rolled:
            return None
        return DiceRolled(tuple(Roll(k, sides, value) for k, (sides, value) in enumerate(self.rolled)))

    def seed(self) -> str:
        return self._seed

    def next_commitment(self) -> str:
        return "c0" * 32


class NoDice:
    """For commands that must not roll: any roll is a programming error."""

    def roll(self, sides: int) -> int:
        raise RuntimeError("this command may not roll dice")

    def recorded(self):
        return None

    def seed(self) -> str:
        raise RuntimeError("these dice have no seed")

    def next_commitment(self) -> str:
        raise RuntimeError("these dice have no seed")
