"""CORE-deadline inside the platform decider: the schedule's commands, and missed orders decided
through the ruleset's own decider (so a missed order is refused or allowed exactly as the seat's
own order would be), logged behind a ``MissedOrdersApplied`` naming the policy.

The platform decider (``platform.py``) calls these rules and hands itself in as a ``Composer``
(``game_state.py``): this module never imports the decider, so the dependency is one way."""
from __future__ import annotations

from dataclasses import replace

from domain.kernel import schedule as sch
from domain.kernel.game_state import Composer, GameState
from domain.kernel.types import MODERATOR, SYSTEM, Command, CommandSpec, Context, Event, RuleViolation

MAX_HOURS = 24 * 365  # a deadline or an extension
MAX_GRACE = 24 * 30


def current_step(platform: Composer, state: GameState) -> sch.Step | None:
    declared = platform.deadlines
    return None if declared is None or state.domain is None else declared.step(state.domain)


def decide(platform: Composer, state: GameState, command: Command,
           ctx: Context) -> tuple[list[Event], GameState] | None:
    """The events of a schedule command and the state after them; None for any other command."""
    schedule = state.schedule
    match command:
        case sch.SetSchedule():
            return _plain(platform, state, set_schedule(command, platform.deadlines, ctx))
        case sch.PauseSchedule():
            ctx.require_moderator(sch.RULE, "pause the schedule")
            if schedule is None or schedule.paused:
                raise RuleViolation(sch.RULE, "no running schedule to pause")
            return _plain(platform, state, [sch.SchedulePaused()])
        case sch.ResumeSchedule():
            ctx.require_moderator(sch.RULE, "resume the schedule")
            if schedule is None or not schedule.paused:
                raise RuleViolation(sch.RULE, "the schedule is not paused")
            return _plain(platform, state, [sch.ScheduleResumed()])
        case sch.ExtendDeadline(hours):
            ctx.require_moderator(sch.RULE, "extend a deadline")
            if not 1 <= hours <= MAX_HOURS:
                raise RuleViolation(sch.RULE, "an extension is 1 to 8760 hours")
            current = sch.running(schedule, schedule.current.id if schedule and schedule.current else "")
            base = max(current.due, current.grace_until or 0)
            return _plain(platform, state, [sch.DeadlineExtended(current.id, base + hours * sch.HOUR)])
        case sch.SetVacation():
            may_set_vacation(command, ctx, state.seats)
            if schedule is None:
                raise RuleViolation(sch.RULE, "the game has no schedule")
            return _plain(platform, state, [sch.VacationSet(command.seat, command.start, command.end)])
        case sch.OpenDeadline(at):
            require_system(ctx)
            if schedule is None:
                raise RuleViolation(sch.RULE, "the game has no schedule")
            return _plain(platform, state, sch.open_deadline(schedule, current_step(platform, state),
                                                             state.version + 1, at))
        case sch.ReminderDue():
            require_system(ctx)
            return _plain(platform, state, sch.reminder(schedule, command, current_step(platform, state)))
        case sch.DeadlineReached():
            require_system(ctx)
            step = current_step(platform, state)
            grace = sch.deadline_reached(schedule, command, step)
            if grace is not None:
                return _plain(platform, state, [grace])
            owing = frozenset(step.owing) if step is not None else frozenset()
            return _apply_policy(platform, state, step, owing, owing - schedule.current.ready, "deadline", ctx)
        case sch.MarkReady():
            return _mark_ready(platform, state, ctx)
    return None


def _plain(platform: Composer, state: GameState, events: list[Event]) -> tuple[list[Event], GameState]:
    after = state
    for event in events:
        after = platform.evolve(after, event)
    return events, after


def _mark_ready(platform: Composer, state: GameState, ctx: Context):
    """CORE-deadline: a seat owing orders marks itself ready; when every seat owing one is
    ready, the step's policy resolves it at once (the seats count as on time)."""
    step = current_step(platform, state)
    current = None if state.schedule is None else state.schedule.current
    if current is None or current.passed or step is None or ctx.seat not in step.owing:
        raise RuleViolation(sch.RULE, "this seat owes no order under a running deadline")
    if ctx.seat in current.ready:
        raise RuleViolation(sch.RULE, "this seat is ready already")
    ready = sch.SeatReady(current.id, ctx.seat)
    events, after = _plain(platform, state, [ready])
    owing = frozenset(step.owing)
    policy = platform.deadlines.policy(step.kind, state.schedule.civil_disorder)
    if policy == sch.HOLD or not owing <= after.schedule.current.ready:
        return events, after
    more, after = _apply_policy(platform, after, step, owing, frozenset(), "ready", ctx)
    return events + more, after


def _apply_policy(platform: Composer, state: GameState, step: sch.Step | None, owing: frozenset[str],
                  missed: frozenset[str], reason: str, ctx: Context) -> tuple[list[Event], GameState]:
    """CORE-deadline: the step's policy for the seats still owing, once (the deadline is marked
    passed), as orders decided by the ruleset; ``hold`` applies none and waits for the moderator."""
    schedule = state.schedule
    current = schedule.current
    kind = step.kind if step is not None else current.kind
    policy = platform.deadlines.policy(kind, schedule.civil_disorder)
    orders = [] if policy == sch.HOLD or step is None else platform.deadlines.orders(state.domain, step, policy, owing)
    applied = sch.MissedOrdersApplied(current.id, kind, policy, tuple(sorted(missed)),
                                      tuple(_describe(seat, order) for seat, order in orders), reason)
    domain, ruleset_events = state.domain, []
    for seat, order in orders:
        as_seat = replace(ctx, seat=seat, powers=frozenset(state.seats.get(seat, ())) if seat != MODERATOR else frozenset())
        new, domain = platform.decide_ruleset(domain, order, as_seat)
        ruleset_events += new
    return platform.after_ruleset(state, [applied], ruleset_events, domain, ctx)


def _describe(seat: str, order: Command) -> str:
    fields = ", ".join(f"{k}={v!r}" for k, v in vars(order).items())
    return f"{seat}: {type(order).__name__}({fields})"


def closing(platform: Composer, state: GameState) -> list[Event]:
    """CORE-deadline: after a ruleset's events, the deadline of a step that is over closes."""
    if state.schedule is None or state.schedule.current is None:
        return []
    return sch.closed(state.schedule, current_step(platform, state))


def legal(platform: Composer, state: GameState, seat: str) -> list[CommandSpec]:
    """CORE-deadline: ``MarkReady`` for a seat owing an order under a running deadline."""
    current = None if state.schedule is None else state.schedule.current
    if current is None or current.passed or seat in current.ready:
        return []
    step = current_step(platform, state)
    return [CommandSpec("MarkReady", rule_id=sch.RULE, example={})] if step is not None and seat in step.owing else []


def optional(platform: Composer, state: GameState, seat: str) -> list[CommandSpec]:
    """CORE-deadline: the schedule's commands open to ``seat`` now, which the game never waits
    for: the moderator sets the schedule (a ruleset with timed steps; the example: the schedule
    as it stands, else the ruleset's defaults), pauses a running one, resumes a paused one and
    extends a running deadline; once there is a schedule, a seat sets its own vacation and the
    moderator anyone's (the dates are the seat's to choose: the example ends a vacation set)."""
    declared, schedule, moderator = platform.deadlines, state.schedule, seat == MODERATOR
    specs = []
    if moderator and declared is not None and not declared.untimed:
        specs.append(CommandSpec("SetSchedule", None, {"civil_disorder": list(sch.CIVIL_DISORDER_CHOICES),
                                                       "grace_hours": {"minimum": 0, "maximum": MAX_GRACE}},
                                 sch.RULE, _schedule_example(schedule, declared)))
    if moderator and schedule is not None:
        toggle = "ResumeSchedule" if schedule.paused else "PauseSchedule"
        specs.append(CommandSpec(toggle, rule_id=sch.RULE, example={}))
        current = schedule.current
        if current is not None and not current.passed and not schedule.paused:
            specs.append(CommandSpec("ExtendDeadline", None, {"hours": {"minimum": 1, "maximum": MAX_HOURS}},
                                     sch.RULE, {"hours": 24}))
    if schedule is not None:
        seats = list(state.seats) if moderator else [seat]
        away = next((s for s in seats if s in schedule.vacations), None)
        specs.append(CommandSpec("SetVacation", None, {"seat": seats}, sch.RULE,
                                 None if away is None else {"seat": away, "start": 0, "end": 0}))
    return specs


def _schedule_example(schedule: sch.Schedule | None, declared: sch.MissedOrders) -> dict:
    if schedule is None:
        return {"hours": dict(declared.default_hours), "grace_hours": 0, "reminders": [24], "civil_disorder": "pass"}
    return {"hours": dict(schedule.hours), "grace_hours": schedule.grace_hours,
            "reminders": list(schedule.reminders), "civil_disorder": schedule.civil_disorder}


def set_schedule(command: sch.SetSchedule, declared: sch.MissedOrders | None, ctx: Context) -> list[Event]:
    """CORE-deadline: the moderator sets deadlines per step kind (the ruleset's defaults when
    omitted), a grace period, reminders and the civil-disorder policy."""
    ctx.require_moderator(sch.RULE, "set the schedule")
    if declared is None or declared.untimed:
        raise RuleViolation(sch.RULE, f"this ruleset has no timed steps: {declared.untimed}" if declared
                            else "this ruleset declares no timed steps")
    hours = dict(declared.default_hours if command.hours is None else command.hours)
    unknown = sorted(set(hours) - set(declared.default_hours))
    if unknown:
        raise RuleViolation(sch.RULE, f"unknown step kinds {unknown}; one of {sorted(declared.default_hours)}")
    if any(not 1 <= h <= MAX_HOURS for h in hours.values()):
        raise RuleViolation(sch.RULE, "a deadline is 1 to 8760 hours")
    if not 0 <= command.grace_hours <= MAX_GRACE:
        raise RuleViolation(sch.RULE, "a grace period is 0 to 720 hours")
    if any(not 1 <= h <= 24 * 30 for h in command.reminders) or len(command.reminders) > 5:
        raise RuleViolation(sch.RULE, "at most 5 reminders, each 1 to 720 hours before the deadline")
    if command.civil_disorder not in sch.CIVIL_DISORDER_CHOICES:
        raise RuleViolation(sch.RULE, f"civil_disorder is one of {list(sch.CIVIL_DISORDER_CHOICES)}")
    return [sch.ScheduleSet(hours, command.grace_hours, tuple(sorted(set(command.reminders), reverse=True)),
                            command.civil_disorder)]


def may_set_vacation(command: sch.SetVacation, ctx: Context, seats) -> None:
    if command.seat not in seats:
        raise RuleViolation(sch.RULE, f"no seat {command.seat!r}")
    if ctx.seat not in (command.seat, MODERATOR):
        raise RuleViolation(sch.RULE, "a seat sets only its own vacation")
    if command.end < command.start or command.start < 0:
        raise RuleViolation(sch.RULE, "a vacation ends after it starts")


def require_system(ctx: Context) -> None:
    if ctx.seat != SYSTEM:
        raise RuleViolation(sch.RULE, "only the service's scheduler sends this")
