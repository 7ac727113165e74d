"""CORE-undo: who must approve an undo, its answers, and the undo a seat is offered, decided from
what the log says of each event (``LoggedEvent``); ``platform.py`` applies them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.kernel.game_state import PendingUndo
from domain.kernel.platform_messages import EventsReverted, UndoApproved, UndoDeclined, UndoRequested
from domain.kernel.types import MODERATOR, SYSTEM, CommandSpec, Event, RuleViolation


@dataclass(frozen=True)
class LoggedEvent:
    """What the undo rules need to know of one stored event (the runtime reads it from the log).
    ``command_id``: the command that appended it (None for ``GameCreated`` or where the runtime
    does not say): two neighbours of one command mark a version inside it."""

    version: int
    actor: str
    rolled_dice: bool
    reveals: bool
    command_id: str | None = None
    event_type: str = ""  # the event's type name (where the runtime says)
    reverted_to: int | None = None  # an ``EventsReverted``: the version the game went back to


def request_undo(seat: str, to_version: int, current_version: int, seats: frozenset[str],
                 reverted: Sequence[LoggedEvent], last_kept: LoggedEvent | None = None) -> list[Event]:
    """CORE-undo: own moves without dice or reveals undo at once; anything else needs the
    affected seats' approval (every other seat when dice were rolled, a secret revealed, or the
    moderator/system acted). The moderator's undo takes effect at once. The game goes back to
    the end of a command (``last_kept``, the event at ``to_version``, is the last of its
    command): a version inside one is a state the game never rested in (half a turn's steps run,
    the rest not), from which it may have no way on."""
    if not 1 <= to_version < current_version:
        raise RuleViolation("CORE-undo", f"to_version must be between 1 and {current_version - 1}")
    first = reverted[0] if reverted else None
    if (last_kept is not None and first is not None and last_kept.command_id is not None
            and first.command_id == last_kept.command_id):
        same = [e.version for e in reverted if e.command_id == last_kept.command_id]
        raise RuleViolation("CORE-undo", f"version {to_version} is inside a command (its events run to "
                                         f"version {same[-1]}): undo to the version that ends a command")
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
    """CORE-undo: the last approval reverts at once."""
    if pending is None or seat not in pending.waiting_for:
        raise RuleViolation("CORE-undo", "no undo is waiting for this seat's approval")
    approved = UndoApproved(seat)
    if pending.waiting_for == {seat}:
        return [approved, EventsReverted(current_version + 1, pending.to_version)]
    return [approved]


def decline_undo(seat: str, pending: PendingUndo | None) -> list[Event]:
    """CORE-undo: a seat asked, the requester or the moderator may decline."""
    if pending is None or (seat not in pending.waiting_for and seat not in (pending.requested_by, MODERATOR)):
        raise RuleViolation("CORE-undo", "no undo is waiting for this seat")
    return [UndoDeclined(seat)]


UNDO_LOOKBACK = 100  # events read back from the end of the log for the undo a seat is offered
_UNDO_BOOKKEEPING = frozenset(c.__name__ for c in (UndoRequested, UndoApproved, UndoDeclined, EventsReverted))


def undo_offer(seat: str, version: int, logged: Sequence[LoggedEvent]) -> CommandSpec | None:
    """CORE-undo: ``RequestUndo`` back to where ``seat``'s own last command began (an undo goes to
    the end of a command: the one before it), and as choices every version where a command ended
    from there on (taking back only what followed it). ``logged``: the last events of the log up
    to ``version``. Read along the game's line: what an undo took back is skipped (from an
    ``EventsReverted`` on to the version it went back to), and so are the undo's own requests and
    answers, which moved nothing. None when the seat has no command of its own in ``logged``."""
    by_version = {e.version: e for e in logged}
    line: list[LoggedEvent] = []  # newest first
    at = version
    while at in by_version:
        event = by_version[at]
        line.append(event)
        at = event.reverted_to if event.reverted_to is not None else at - 1
    own = next((i for i, e in enumerate(line) if e.actor == seat and e.event_type not in _UNDO_BOOKKEEPING
                and e.command_id is not None), None)
    if own is None:
        return None
    first = own
    while first + 1 < len(line) and line[first + 1].command_id == line[own].command_id:
        first += 1
    if first + 1 == len(line):  # where it began is older than what was read
        return None
    now = line[0].reverted_to  # the game rests where the last undo took it: no undo to there
    ends = [e.version for i, e in enumerate(line[1:first + 2], start=1)
            if (e.command_id is None or e.command_id != line[i - 1].command_id) and e.version != now]
    return CommandSpec("RequestUndo", None, {"to_version": ends}, "CORE-undo", {"to_version": ends[-1]})
