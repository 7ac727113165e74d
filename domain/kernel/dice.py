"""Dice that need no randomness: scripted rolls for tests and replays of recorded rolls."""
from __future__ import annotations

from collections.abc import Iterable


class ScriptedDice:
    """Returns the given rolls in order; fails loudly when a roll is out of range or missing."""

    def __init__(self, rolls: Iterable[int]):
        self._rolls = list(rolls)
        self.rolled: list[tuple[int, int]] = []  # (sides, value), as consumed

    def roll(self, sides: int) -> int:
        if not self._rolls:
            raise LookupError("no scripted roll left")
        value = self._rolls.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not a d{sides} result")
        self.rolled.append((sides, value))
        return value


class NoDice:
    """For commands that must not roll: any roll is a programming error."""

    def roll(self, sides: int) -> int:
        raise RuntimeError("this command may not roll dice")
