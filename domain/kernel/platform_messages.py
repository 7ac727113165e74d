"""The platform's own commands and events (CORE-undo, CORE-dice, CORE-seat; the schedule's are in
``schedule.py``), the lists the codec and the service read, and the platform's upcasters. The
rules that decide them are in ``platform.py`` and ``undo.py``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from domain.kernel import schedule as sch
from domain.kernel.types import Command, Event

# ---- platform commands and events ----------------------------------------------------------


@dataclass(frozen=True)
class GameCreated(Event):
    ruleset: str
    ruleset_version: str
    seats: dict[str, tuple[str, ...]]
    # Checked against the ruleset's declared options at creation; a log stored by an older
    # version may hold any JSON here, and must still read.
    options: dict[str, Any]
    pack: dict | None  # None: the ruleset's default pack; else the group's own pack, in full
    dice_commitment: str  # sha256 of the secret seed, published before any roll
    visibility: str = "listed"  # "unlisted": GET /games shows it only to its own seats' tokens


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
    """The seed in play, revealed; an early reveal commits the next one in the same event."""

    seed: str  # hex
    next_commitment: str = ""  # sha256 of the fresh seed later rolls use; "" at the game's end


@dataclass(frozen=True)
class DiceSeedCommitted(Event):
    """A fresh secret seed for the rolls from here on (its sha256), e.g. for a game imported into
    a store that never held the seed of its exported log."""

    commitment: str


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
    COMMUTES = True  # an answer to the pending undo, whatever others answered meanwhile


@dataclass(frozen=True)
class DeclineUndo(Command):
    COMMUTES = True


@dataclass(frozen=True)
class RevealDiceSeed(Command):
    """Moderator only: publish the seed so anyone can recompute every roll."""


@dataclass(frozen=True)
class CommitDiceSeed(Command):
    """System only (``casus import``): commit a fresh seed for the rolls after this event."""


@dataclass(frozen=True)
class ReissueSeatToken(Command):
    """Moderator only: hand ``seat`` (or the moderator's own) to a new player. The service answers
    the new token once; the old one stops working at once, and the seat's mail registration ends."""

    COMMUTES = True  # whatever else happened meanwhile, the seat is handed over

    seat: str


@dataclass(frozen=True)
class SeatTokenReissued(Event):
    """``seat``'s token was reissued: only the one issued with this event counts from here on (the
    token itself is never in the log)."""

    seat: str


PLATFORM_COMMANDS = ((RequestUndo, ApproveUndo, DeclineUndo, RevealDiceSeed) + sch.SCHEDULE_COMMANDS
                     + (ReissueSeatToken,))
# The platform's, issued by the service itself (import, scheduler), never by a seat.
SYSTEM_COMMANDS = (CommitDiceSeed,) + sch.SCHEDULE_SYSTEM_COMMANDS
PLATFORM_EVENTS = (GameCreated, DiceRolled, DiceSeedRevealed, UndoRequested, UndoApproved,
                   UndoDeclined, EventsReverted, DiceSeedCommitted) + sch.SCHEDULE_EVENTS + (SeatTokenReissued,)
_PLATFORM_EVENT_TYPES = frozenset(PLATFORM_EVENTS)
# (platform event type, schema version) -> fn(data) -> data of the next version: the platform's
# own, as a ruleset's ``Ruleset.upcasters`` are its own. Raise a platform event's SCHEMA_VERSION
# only with an upcaster from the old one here: every stored game of every ruleset holds these
# events, and every ``events.codec.Codec`` reads them through this table.
PLATFORM_UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}
