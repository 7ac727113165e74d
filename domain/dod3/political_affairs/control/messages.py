"""The moderator's records of rule 8.1 (forces in minors, civil wars) and their events."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event


@dataclass(frozen=True)
class RecordForcesInMinor(Command):
    """Moderator: the major powers with units in a minor (rules 8.1h-i), until military affairs
    place them."""

    minor: str
    forces: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordCivilWar(Command):
    """Moderator: a minor is (or is no longer) in civil war (rules 8.1g, 8.7.2)."""

    minor: str
    in_civil_war: bool = True


@dataclass(frozen=True)
class ForcesInMinorRecorded(Event):
    turn: int
    minor: str
    forces: tuple[str, ...]


@dataclass(frozen=True)
class CivilWarRecorded(Event):
    turn: int
    minor: str
    in_civil_war: bool
