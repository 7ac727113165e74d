"""Platform commands and events every game shares: creation, audited dice, seed reveal, undo.

The write path folds these itself (they wrap the ruleset's state); the undo rules are pure
functions over a summary of the log, so they are tested like any other rule."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel.types import MODERATOR, SYSTEM, Command, Event, RuleViolation


@dataclass(frozen=True)
class GameCreated(Event):
    ruleset: str
    ruleset_version: str
    seats: dict[str, tuple[str, ...]]
    options: dict[str, str | int | bool | float | None]
    pack: dict | None  # None: the ruleset's default pack; else the group's own pack, in full
    dice_commitment: str  # sha256 of the secret seed, published before any roll


@dataclass(frozen=True)
class Roll:
    k: int
    sides: int
    value: int


@dataclass(frozen=True)
class DiceRolled(Event):
    """Every roll one command made; roll k is derived from this event's version."""

    rolls: tuple[Roll, ...]


@dataclass(frozen=True)
class DiceSeedRevealed(Event):
    seed: str  # hex


@dataclass(frozen=True)
class UndoRequested(Event):
    requested_by: str
    to_version: int
    from_version: int
    approvers: tuple[str, ...]


@dataclass(frozen=True)
class UndoApproved(Event):
    seat: str


@dataclass(frozen=True)
class UndoDeclined(Event):
    seat: str


@dataclass(frozen=True)
class EventsReverted(Event):
    """Fold as "state = state at version ``to_version``"; nothing is deleted."""

    from_version: int
    to_version: int


@dataclass(frozen=True)
class RequestUndo(Command):
    to_version: int


@dataclass(frozen=True)
class ApproveUndo(Command):
    pass


@dataclass(frozen=True)
class DeclineUndo(Command):
    pass


@dataclass(frozen=True)
class RevealDiceSeed(Command):
    """Moderator only: publish the seed so anyone can recompute every roll."""


PLATFORM_COMMANDS = (RequestUndo, ApproveUndo, DeclineUndo, RevealDiceSeed)
PLATFORM_EVENTS = (GameCreated, DiceRolled, DiceSeedRevealed, UndoRequested, UndoApproved,
                   UndoDeclined, EventsReverted)


@dataclass(frozen=True)
class LoggedEvent:
    """What the undo rules need to know of one stored event."""

    version: int
    actor: str
    rolled_dice: bool
    reveals: bool


@dataclass(frozen=True)
class PendingUndo:
    requested_by: str
    to_version: int
    waiting_for: frozenset[str]


def request_undo(seat: str, to_version: int, current_version: int, seats: frozenset[str],
                 reverted: list[LoggedEvent]) -> list[Event]:
    """CORE-undo: own moves without dice or reveals undo at once; anything else needs the
    affected seats' approval (every other seat when dice were rolled, a secret revealed, or the
    moderator/system acted). The moderator's undo takes effect at once."""
    if not 1 <= to_version < current_version:
        raise RuleViolation("CORE-undo", f"to_version must be between 1 and {current_version - 1}")
    others = seats - {seat}
    if seat == MODERATOR:
        approvers: frozenset[str] = frozenset()
    elif any(e.rolled_dice or e.reveals or e.actor in (MODERATOR, SYSTEM) for e in reverted):
        approvers = frozenset(others)
    else:
        approvers = frozenset(e.actor for e in reverted) & others
    requested = UndoRequested(seat, to_version, current_version, tuple(sorted(approvers)))
    if approvers:
        return [requested]
    return [requested, EventsReverted(current_version + 1, to_version)]


def approve_undo(seat: str, pending: PendingUndo | None, current_version: int) -> list[Event]:
    if pending is None or seat not in pending.waiting_for:
        raise RuleViolation("CORE-undo", "no undo is waiting for this seat's approval")
    approved = UndoApproved(seat)
    if pending.waiting_for == {seat}:
        return [approved, EventsReverted(current_version + 1, pending.to_version)]
    return [approved]


def decline_undo(seat: str, pending: PendingUndo | None) -> list[Event]:
    if pending is None or (seat not in pending.waiting_for and seat not in (pending.requested_by, MODERATOR)):
        raise RuleViolation("CORE-undo", "no undo is waiting for this seat")
    return [UndoDeclined(seat)]
