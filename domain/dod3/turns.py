"""Rule 5: the turn calendar. Bi-monthly turns, turn 1 = Jan/Feb 1936, the standard game ends
after Nov/Dec 1946 (turn 66); the bitter end (option 4.1) runs on past it."""
from __future__ import annotations

from domain.dod3.pack import Pack

FIRST_TURN = 1  # Jan/Feb 1936: no initiative, one option per power


def period(pack: Pack, turn: int) -> str:
    """Rule 5: turn 1 is the first period (Jan/Feb) of the first year."""
    return pack.calendar.periods[(turn - 1) % len(pack.calendar.periods)]


def year(pack: Pack, turn: int) -> int:
    return pack.calendar.first_year + (turn - 1) // len(pack.calendar.periods)


def turn_label(pack: Pack, turn: int) -> str:
    return f"{period(pack, turn)} {year(pack, turn)}"


def is_last_turn(pack: Pack, turn: int) -> bool:
    """Rule 4.1: Nov/Dec 1946 is the last turn of the standard game."""
    return turn >= pack.turns
