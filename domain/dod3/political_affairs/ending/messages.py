"""What happens at the end of each option (rule 8.6): the end roll, and the option turn finished."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Event


@dataclass(frozen=True)
class EndOfPoliticalAffairsRolled(Event):
    """Rule 8.6: the d10, the options already played, the war modifiers and whether it ended."""

    turn: int
    power: str
    roll: int
    previous_options: int
    war_modifier: int
    result: int
    ended: bool


@dataclass(frozen=True)
class OptionTurnFinished(Event):
    """Rule 8.6: the current player's option is over; its next bid, or the next power."""

    turn: int
    power: str
