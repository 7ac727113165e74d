"""CORE-deadline: a game's schedule (deadlines, grace, reminders, pauses, vacations, missed orders)
as platform commands and events, so replay, undo and audit see it like any other move.

Time never comes from a clock here: it enters as system commands carrying the instant (Unix
seconds, UTC): ``OpenDeadline(at)`` when a timed step begins, ``ReminderDue(at)`` and
``DeadlineReached(at)`` when the service's scheduler finds them due. Each ruleset declares, in
its ``deadlines`` module, what its current step is (kind, identity, who owes orders), a default
schedule and the missed-order policy of each step kind (``MissedOrders``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from domain.kernel.types import Command, Event, RuleViolation

RULE = "CORE-deadline"
HOUR = 3600
CIVIL_DISORDER = "civil-disorder"  # a step whose rules are silent: the game's option decides
CIVIL_DISORDER_CHOICES = ("pass", "default", "hold")  # DPjudge-style: pass, default order, or wait
HOLD = "hold"

# ---- what a ruleset declares -----------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """The step a game waits in: its ``kind`` (what the schedule times), its ``key`` (this
    occurrence of it: a new key is a new step) and who owes orders (seat -> powers)."""

    kind: str
    key: str
    owing: Mapping[str, tuple[str, ...]]


Orders = list[tuple[str, Command]]  # (the seat the order is decided as, the order)


@dataclass(frozen=True)
class MissedOrders:
    """A ruleset's missed-order declaration: ``step(state)`` the step it waits in (None: nothing
    is owed by a seat); ``default_hours`` its default schedule per step kind; ``policies`` per
    step kind the policy its rules give, or ``CIVIL_DISORDER`` (the game's option decides);
    ``orders(state, step, policy, seats)`` the orders that policy gives for those seats.
    ``untimed``: why a ruleset has no step a seat owes (``SetSchedule`` refuses, naming it)."""

    step: Callable[[Any], Step | None]
    default_hours: Mapping[str, int]
    policies: Mapping[str, str]
    orders: Callable[[Any, Step, str, frozenset[str]], Orders]
    untimed: str = ""

    @classmethod
    def none_because(cls, reason: str) -> MissedOrders:
        """The explicit declaration of a ruleset in which no seat ever owes an order."""
        return cls(step=lambda _state: None, default_hours={}, policies={}, orders=lambda *_: [], untimed=reason)

    def policy(self, kind: str, civil_disorder: str) -> str:
        policy = self.policies.get(kind, CIVIL_DISORDER)
        return civil_disorder if policy == CIVIL_DISORDER else policy


# ---- commands --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetSchedule(Command):
    """Moderator: turn deadlines on (or change them). Omitted ``hours`` take the ruleset's
    default schedule; ``reminders`` are hours before a deadline; ``civil_disorder`` is what
    happens where the rules do not say: ``pass``, ``default`` (order) or ``hold`` (for the
    moderator)."""

    hours: dict[str, int] | None = None
    grace_hours: int = 0
    reminders: tuple[int, ...] = (24,)
    civil_disorder: str = "pass"


@dataclass(frozen=True)
class PauseSchedule(Command):
    """Moderator: no deadline runs until ``ResumeSchedule``."""


@dataclass(frozen=True)
class ResumeSchedule(Command):
    """Moderator: the waiting step gets a fresh deadline (from the instant it is opened again)."""


@dataclass(frozen=True)
class ExtendDeadline(Command):
    """Moderator: push the running deadline back by ``hours``."""

    hours: int


@dataclass(frozen=True)
class SetVacation(Command):
    """A seat (its own) or the moderator (any): deadlines owed by ``seat`` do not fall between
    ``start`` and ``end`` (Unix seconds); start = end = 0 ends the vacation."""

    seat: str
    start: int = 0
    end: int = 0


@dataclass(frozen=True)
class MarkReady(Command):
    """A seat owing orders is done: once every seat owing one is ready, the step resolves."""


@dataclass(frozen=True)
class OpenDeadline(Command):
    """System: the step the game waits in starts its clock at ``at``."""

    at: int


@dataclass(frozen=True)
class ReminderDue(Command):
    """System: the reminder ``hours_before`` the deadline is due at ``at``."""

    deadline_id: str
    hours_before: int
    at: int


@dataclass(frozen=True)
class DeadlineReached(Command):
    """System: the deadline (or its grace period) ran out at ``at``."""

    deadline_id: str
    at: int


# ---- events ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleSet(Event):
    hours: dict[str, int]
    grace_hours: int
    reminders: tuple[int, ...]
    civil_disorder: str


@dataclass(frozen=True)
class SchedulePaused(Event):
    pass


@dataclass(frozen=True)
class ScheduleResumed(Event):
    pass


@dataclass(frozen=True)
class VacationSet(Event):
    seat: str
    start: int
    end: int


@dataclass(frozen=True)
class DeadlineOpened(Event):
    """``owing``: the seats that owe orders; ``owes``: the powers each of them owes for (empty in
    logs written before it was recorded)."""

    deadline_id: str
    kind: str
    step: str
    owing: tuple[str, ...]
    opened_at: int
    due: int
    owes: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class DeadlineExtended(Event):
    deadline_id: str
    due: int


@dataclass(frozen=True)
class ReminderSent(Event):
    deadline_id: str
    hours_before: int
    seats: tuple[str, ...]  # the seats that still owe orders


@dataclass(frozen=True)
class SeatReady(Event):
    deadline_id: str
    seat: str


@dataclass(frozen=True)
class GracePeriodStarted(Event):
    deadline_id: str
    until: int
    late: tuple[str, ...]


@dataclass(frozen=True)
class MissedOrdersApplied(Event):
    """The policy applied for ``seats``; the orders' own events follow. ``reason`` is
    ``deadline`` (they missed it) or ``ready`` (every seat owing was ready)."""

    deadline_id: str
    kind: str
    policy: str
    seats: tuple[str, ...]
    orders: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class DeadlineClosed(Event):
    """The step the deadline timed is over; how each seat that owed orders fared."""

    deadline_id: str
    on_time: tuple[str, ...]
    late: tuple[str, ...]
    missed: tuple[str, ...]


SCHEDULE_COMMANDS = (SetSchedule, PauseSchedule, ResumeSchedule, ExtendDeadline, SetVacation, MarkReady)
# Sent by the service's scheduler as the system seat, carrying the instant; never by a client.
SCHEDULE_SYSTEM_COMMANDS = (OpenDeadline, ReminderDue, DeadlineReached)
SCHEDULE_EVENTS = (ScheduleSet, SchedulePaused, ScheduleResumed, VacationSet, DeadlineOpened, DeadlineExtended,
                   ReminderSent, SeatReady, GracePeriodStarted, MissedOrdersApplied, DeadlineClosed)
SCHEDULE_EVENT_TYPES = frozenset(SCHEDULE_EVENTS)

# ---- state -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deadline:
    id: str
    kind: str
    step: str
    owing: tuple[str, ...]  # who owed orders when it opened
    opened_at: int
    due: int
    reminded: tuple[int, ...] = ()
    ready: frozenset[str] = frozenset()
    grace_until: int | None = None
    late: tuple[str, ...] = ()  # still owing when the deadline passed
    missed: tuple[str, ...] = ()
    passed: bool = False  # the policy ran (or holds for the moderator): nothing more fires


@dataclass(frozen=True)
class Lateness:
    on_time: int = 0
    late: int = 0
    missed: int = 0


@dataclass(frozen=True)
class Schedule:
    hours: dict[str, int]
    grace_hours: int = 0
    reminders: tuple[int, ...] = ()
    civil_disorder: str = "pass"
    paused: bool = False
    vacations: dict[str, tuple[int, int]] = field(default_factory=dict)
    current: Deadline | None = None
    lateness: dict[str, Lateness] = field(default_factory=dict)


def evolve(schedule: Schedule | None, event: Event) -> Schedule | None:
    """Fold one schedule event; never raises."""
    if schedule is None:
        if isinstance(event, ScheduleSet):
            return Schedule(dict(event.hours), event.grace_hours, tuple(event.reminders), event.civil_disorder)
        return None
    current = schedule.current
    match event:
        case ScheduleSet():
            return replace(schedule, hours=dict(event.hours), grace_hours=event.grace_hours,
                           reminders=tuple(event.reminders), civil_disorder=event.civil_disorder)
        case SchedulePaused():
            return replace(schedule, paused=True)
        case ScheduleResumed():  # the waiting step opens again with a fresh deadline
            return replace(schedule, paused=False, current=None)
        case VacationSet(seat, start, end):
            vacations = {k: v for k, v in schedule.vacations.items() if k != seat}
            if end > start:
                vacations[seat] = (start, end)
            return replace(schedule, vacations=vacations)
        case DeadlineOpened():
            return replace(schedule, current=Deadline(event.deadline_id, event.kind, event.step, tuple(event.owing),
                                                      event.opened_at, event.due))
    if current is None:
        return schedule
    match event:
        case DeadlineExtended(_, due):
            current = replace(current, due=due, grace_until=None, late=())
        case ReminderSent(_, hours_before, _):
            current = replace(current, reminded=current.reminded + (hours_before,))
        case SeatReady(_, seat):
            current = replace(current, ready=current.ready | {seat})
        case GracePeriodStarted(_, until, late):
            current = replace(current, grace_until=until, late=tuple(late))
        case MissedOrdersApplied(_, _, _, seats, _, reason):
            missed = current.missed + (tuple(seats) if reason == "deadline" else ())
            late = tuple(sorted(set(current.late) | set(seats))) if reason == "deadline" else current.late
            current = replace(current, missed=missed, late=late, passed=True)
        case DeadlineClosed(_, on_time, late, missed):
            tally = dict(schedule.lateness)
            for seats, column in ((on_time, "on_time"), (late, "late"), (missed, "missed")):
                for seat in seats:
                    counts = tally.get(seat, Lateness())
                    tally[seat] = replace(counts, **{column: getattr(counts, column) + 1})
            return replace(schedule, current=None, lateness=tally)
    return replace(schedule, current=current)


# ---- deciding --------------------------------------------------------------------------------


def open_deadline(schedule: Schedule, step: Step | None, version: int, at: int) -> list[Event]:
    """CORE-deadline: the step starts its clock; a seat owing orders whose vacation covers the
    deadline pushes it to the end of the vacation. Its id names the event's version, unique for
    the life of the log (an undo that brings the step back opens it under a new id)."""
    if schedule.paused:
        raise RuleViolation(RULE, "the schedule is paused")
    if step is None or step.kind not in schedule.hours or not step.owing or schedule.current is not None:
        raise RuleViolation(RULE, "no timed step is waiting for a deadline")
    due = at + schedule.hours[step.kind] * HOUR
    for seat in step.owing:
        start, end = schedule.vacations.get(seat, (0, 0))
        if start < due and end > at:
            due = max(due, end)
    owes = {seat: tuple(step.owing[seat]) for seat in sorted(step.owing)}
    return [DeadlineOpened(f"d{version}", step.kind, step.key, tuple(owes), at, due, owes)]


def running(schedule: Schedule | None, deadline_id: str) -> Deadline:
    """The deadline a system command names, if it still runs (else the command is stale)."""
    current = None if schedule is None else schedule.current
    if current is None or current.id != deadline_id or current.passed:
        raise RuleViolation(RULE, f"deadline {deadline_id!r} is not running")
    if schedule.paused:
        raise RuleViolation(RULE, "the schedule is paused")
    return current


def reminder(schedule: Schedule, command: ReminderDue, step: Step | None) -> list[Event]:
    """CORE-deadline: a reminder at a configured offset, to the seats that still owe orders."""
    current = running(schedule, command.deadline_id)
    if command.hours_before not in schedule.reminders or command.hours_before in current.reminded:
        raise RuleViolation(RULE, f"no reminder {command.hours_before} h before is due")
    if command.at < current.due - command.hours_before * HOUR:
        raise RuleViolation(RULE, "the reminder is not due yet")
    owing = sorted(set(step.owing if step is not None else ()) - current.ready)
    return [ReminderSent(current.id, command.hours_before, tuple(owing))]


def deadline_reached(schedule: Schedule, command: DeadlineReached, step: Step | None) -> GracePeriodStarted | None:
    """CORE-deadline: at the deadline, a grace period (if any) starts first; the seats still
    owing then are late. None: the policy applies now."""
    current = running(schedule, command.deadline_id)
    if command.at < (current.grace_until or current.due):
        raise RuleViolation(RULE, "the deadline has not passed yet")
    if current.grace_until is None and schedule.grace_hours:
        owing = tuple(sorted(set(step.owing if step is not None else ()) - current.ready))
        return GracePeriodStarted(current.id, current.due + schedule.grace_hours * HOUR, owing)
    return None


def closed(schedule: Schedule | None, step: Step | None) -> list[Event]:
    """CORE-deadline: the step the deadline timed is over (a new key, or nothing owed)."""
    current = None if schedule is None else schedule.current
    if current is None or (step is not None and step.key == current.step):
        return []
    late = sorted(set(current.late) - set(current.missed))
    on_time = sorted(set(current.owing) - set(late) - set(current.missed))
    return [DeadlineClosed(current.id, tuple(on_time), tuple(late), tuple(sorted(set(current.missed))))]


def needs_opening(schedule: Schedule | None, step: Step | None) -> bool:
    """The service's cue to send ``OpenDeadline``: a timed step waits without a deadline."""
    return (schedule is not None and not schedule.paused and schedule.current is None and step is not None
            and step.kind in schedule.hours and bool(step.owing))


def due_commands(schedule: Schedule | None) -> list[tuple[int, str, dict]]:
    """What the scheduler must send, and when: (instant, command type, data) of every reminder
    not yet sent and of the deadline (or the end of its grace period)."""
    current = None if schedule is None else schedule.current
    if current is None or current.passed or schedule.paused:
        return []
    due = [(current.due - h * HOUR, "ReminderDue", {"deadline_id": current.id, "hours_before": h})
           for h in schedule.reminders if h not in current.reminded and current.due - h * HOUR > current.opened_at]
    due.append((current.grace_until or current.due, "DeadlineReached", {"deadline_id": current.id}))
    return due
