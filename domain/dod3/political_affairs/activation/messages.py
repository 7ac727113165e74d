"""What travels in rule 8.5 (activating minors): the command with its conversions and marker moves,
and the events with each modifier as applied. Made only of wire-friendly types."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event


@dataclass(frozen=True)
class ActivateMinor(Command):
    """Rule 8.5: activate a minor: conversions first (8.5b), then every modifier in the minor in
    the order given, each with the hexes its marker enters (8.5c-f)."""

    power: str
    minor: str
    conversions: tuple[Conversion, ...] = ()
    moves: tuple[MarkerMove, ...] = ()


@dataclass(frozen=True)
class Conversion:
    """Rule 8.5b: the negative modifier of ``nationality`` (at war with the minor) becomes a
    positive one of ``into`` (at war with ``nationality``)."""

    nationality: str
    into: str


@dataclass(frozen=True)
class MarkerMove:
    """Rule 8.5c: one modifier applied: its nationality, whether it is a converted one, and the
    hexes the minor's marker enters, in order (empty: it does not move)."""

    nationality: str
    path: tuple[str, ...] = ()
    converted_from: str | None = None


@dataclass(frozen=True)
class AppliedMove:
    """A modifier as applied: the points it had, the cost of each hex entered and where it ended."""

    nationality: str
    value: int
    converted_from: str | None
    path: tuple[str, ...]
    costs: tuple[int, ...]
    end: str


@dataclass(frozen=True)
class MinorActivated(Event):
    """Rule 8.5: the conversions made, each modifier as applied, the minor's final hex; every
    modifier in the minor returns to its owner."""

    turn: int
    power: str
    minor: str
    start: str
    conversions: tuple[Conversion, ...]
    moves: tuple[AppliedMove, ...]
    end: str


@dataclass(frozen=True)
class ActivationSkipped(Event):
    """Rule 8.5a: no minor to activate, or the option says not to."""

    turn: int
    power: str
    reason: str
