"""Treaties and trade between major powers (rule 3.2e-f): levels, ages in turns, trade agreements.

Part 2's options raise, lower and cancel levels (IPO 11, GE 3); part 1 holds the start treaties
and answers the questions other rules ask."""
from __future__ import annotations

from domain.dod3.state import State, Treaty


def treaty_between(state: State, a: str, b: str) -> Treaty | None:
    pair = tuple(sorted((a, b)))
    return next((t for t in state.treaties if t.powers == pair), None)


def treaty_level(state: State, a: str, b: str) -> int:
    treaty = treaty_between(state, a, b)
    return 0 if treaty is None else treaty.level


def treaty_age(treaty: Treaty, turn: int) -> int:
    """Rule 3.2f: a treaty's age in turns (France's start treaties are 6 turns old at turn 1)."""
    return turn - treaty.started_turn


def treaty_matrix(state: State) -> dict[str, dict[str, dict]]:
    """Every treaty from both sides: level, age in turns and whether trade is agreed."""
    matrix: dict[str, dict[str, dict]] = {p: {} for p in state.powers}
    for treaty in state.treaties:
        a, b = treaty.powers
        cell = {"level": treaty.level, "age": treaty_age(treaty, state.turn), "trade": treaty.trade}
        matrix[a][b] = cell
        matrix[b][a] = cell
    return matrix
