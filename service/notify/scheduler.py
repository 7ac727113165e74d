"""The schedule's clock (CORE-deadline): sends ``OpenDeadline``, ``ReminderDue`` and
``DeadlineReached`` as system commands through the one write path when they fall due.

What is due is derived from each game's state (its log), never kept on the side: after every
handled command the game is planned again, and on start every game is (so a deadline that fell
due while the service was down fires once on start). Each command carries an idempotency key
named by its deadline id, so a second process, a retried job or a restart changes nothing.
Embedded default: a timer thread in the process. With ``REDIS_URL``: RQ's ``enqueue_at`` on the
``schedule`` queue (run workers with the scheduler: ``casus worker``). Tests inject ``clock``
and call ``run_due`` instead of sleeping."""
from __future__ import annotations

import heapq
import logging
import threading
import time
from datetime import datetime, timezone
from typing import Callable

from domain.kernel import SYSTEM, RuleViolation
from domain.kernel import schedule as sch
from domain.kernel.platform import EventsReverted
from domain.kernel.schedule_rules import current_step
from events.store import IdempotencyConflict, WrongExpectedVersion
from service.http.problems import Problem

log = logging.getLogger(__name__)
Clock = Callable[[], int]  # Unix seconds, UTC


def _wall_clock() -> int:
    return int(time.time())


def idempotency_key(command_type: str, data: dict) -> str:
    """One key per deadline id, reminder offset and instant (a grace period or an extension
    makes a later instant of the same deadline): the same command is appended once."""
    return ":".join(["schedule", command_type, data["deadline_id"], str(data.get("hours_before", "")), str(data["at"])])


def send(games, game_id: str, command_type: str, data: dict, key: str) -> bool:
    """One system command through the write path; False when it is stale or another process
    sent it first (the key, or a rule refusing a deadline that no longer runs)."""
    for _ in range(20):  # players may be appending to the same game
        try:
            handled = games.handle(game_id, SYSTEM, command_type, data, games.store.version(game_id),
                                   idempotency_key=key)
            return not handled.replayed
        except WrongExpectedVersion:
            continue
        except IdempotencyConflict:
            return False
        except Problem as problem:
            if problem.status == 422:  # refused by a rule: the deadline moved on, paused, ...
                log.info("schedule: %s %s of %s not applied: %s", command_type, data, game_id, problem.detail)
                return False
            raise
        except RuleViolation:
            return False
    return False


def touches_schedule(games, game_id: str, events) -> bool:
    """Whether a command may have changed what is due: it touched the schedule, undid moves (the
    step brought back gets a fresh deadline), or played on in a game with a schedule (a timed
    step may begin after an untimed one). The state is the one ``handle`` left in the cache."""
    if events is None or any(type(e) in sch.SCHEDULE_EVENT_TYPES or type(e) is EventsReverted for e in events):
        return True
    state = games.cached(game_id)
    return state is None or state.schedule is not None


def plan(games, game_id: str, now: int) -> list[tuple[int, str, dict]]:
    """Open a timed step's deadline now if one waits; then what this game has due, and when."""
    state = games.load(game_id)
    schedule = state.schedule
    if schedule is None:
        return []
    platform = games.rules(game_id).platform
    if platform.is_terminal(state):
        return []
    if sch.needs_opening(schedule, current_step(platform, state)):
        send(games, game_id, "OpenDeadline", {"at": now}, f"schedule:OpenDeadline:{state.version}")
        state = games.load(game_id)
    return sch.due_commands(state.schedule)


class InProcessScheduler:
    """The embedded default: a heap of (instant, game, command) and one timer thread."""

    kind = "in-process"

    def __init__(self, games, clock: Clock = _wall_clock):
        self.games = games
        self.clock = clock
        self._heap: list[tuple[int, str, str, tuple]] = []
        self._planned: set[tuple[int, str, str, tuple]] = set()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._stopped = False

    # ---- planning --------------------------------------------------------------------------
    def after_events(self, game_id: str, rules=None, envelopes=None, events=None) -> None:
        """The write path's hook: plan the game again when the command touched its schedule
        (a step that ends closes its deadline in the same command); ``events`` None: always."""
        if not touches_schedule(self.games, game_id, events):
            return
        for when, command_type, data in plan(self.games, game_id, self.clock()):
            entry = (when, game_id, command_type, tuple(sorted(data.items())))
            with self._lock:
                if entry not in self._planned:  # planned again after every command: keep one
                    self._planned.add(entry)
                    heapq.heappush(self._heap, entry)
        self._wake.set()

    def rebuild(self) -> int:
        """On start: plan every game from its log; returns how many games were planned."""
        count, after = 0, ""
        while True:
            ids = self.games.store.game_ids(after=after, limit=500)
            for game_id in ids:
                self.after_events(game_id)
            count += len(ids)
            if len(ids) < 500:
                return count
            after = ids[-1]

    # ---- firing ----------------------------------------------------------------------------
    def run_due(self) -> int:
        """Send every command whose instant has come; returns how many were applied."""
        applied = 0
        now = self.clock()
        while True:
            with self._lock:
                if not self._heap or self._heap[0][0] > now:
                    return applied
                entry = heapq.heappop(self._heap)
                self._planned.discard(entry)
            when, game_id, command_type, items = entry
            data = {**dict(items), "at": when}  # the instant it fell due: the same on every process
            if send(self.games, game_id, command_type, data, idempotency_key(command_type, data)):
                applied += 1
                self.after_events(game_id)

    def next_due(self) -> int | None:
        with self._lock:
            return self._heap[0][0] if self._heap else None

    def start(self) -> "InProcessScheduler":
        """Rebuild, then a daemon thread fires what falls due (woken early by new plans)."""
        self.rebuild()
        self._thread = threading.Thread(target=self._loop, name="casus-scheduler", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()

    def _loop(self) -> None:
        while not self._stopped:
            try:
                self.run_due()
            except Exception:  # a store hiccup must not end the clock: the next wake retries
                log.exception("schedule: firing failed")
            upcoming = self.next_due()
            wait = 60.0 if upcoming is None else min(60.0, max(0.0, upcoming - self.clock()))
            self._wake.wait(wait)
            self._wake.clear()


def fire(game_id: str, command_type: str, data: dict, services=None) -> dict:
    """RQ job (queue ``schedule``): send one due command, then plan the game again."""
    from service.jobs import _services

    services = _services(services)
    applied = send(services.games, game_id, command_type, data, idempotency_key(command_type, data))
    services.scheduler.after_events(game_id)
    return {"game_id": game_id, "command": command_type, "applied": applied}


class RQScheduler:
    """Redis mode: each due command is an RQ job at its instant (``enqueue_at``), its id named by
    the deadline, so planning the same deadline again (another process, a restart) adds nothing."""

    kind = "rq"

    def __init__(self, games, connection, clock: Clock = _wall_clock, queue: str = "schedule"):
        from service.jobs.redis_jobs import TrackedQueue  # a fire job is retried, and strands nowhere

        self.games = games
        self.clock = clock
        self.queue = TrackedQueue(queue, connection=connection)

    def after_events(self, game_id: str, rules=None, envelopes=None, events=None) -> None:
        if not touches_schedule(self.games, game_id, events):
            return
        from rq.exceptions import NoSuchJobError
        from rq.job import Job

        for when, command_type, data in plan(self.games, game_id, self.clock()):
            data = {**data, "at": when}
            job_id = f"{game_id}-{idempotency_key(command_type, data)}".replace(":", "-")
            try:
                Job.fetch(job_id, connection=self.queue.connection)
                continue
            except NoSuchJobError:
                pass
            at = datetime.fromtimestamp(when, timezone.utc)
            self.queue.enqueue_at(at, fire, game_id, command_type, data, job_id=job_id,
                                  result_ttl=86400, failure_ttl=86400)

    def rebuild(self) -> int:
        return InProcessScheduler.rebuild(self)  # the same walk over every game

    def start(self) -> "RQScheduler":
        self.rebuild()
        return self

    def stop(self) -> None:
        pass


def wire_schedule(services, clock: Clock = _wall_clock) -> None:
    """Bootstrap: the backend's scheduler, started (rebuilt from every game's log), planning
    each game again after every command the write path handles (after the listeners before it)."""
    games = services.games
    if services.config.redis_url:
        # The deployment's own queue (``<prefix>:schedule``), the one its workers read.
        services.scheduler = RQScheduler(games, services.jobs.connection, clock, services.jobs.queues["schedule"].name)
    else:
        services.scheduler = InProcessScheduler(games, clock)

    def plan_again(game_id, rules, envelopes, events):  # the scheduler held now: tests swap in their own clock's
        services.scheduler.after_events(game_id, rules, envelopes, events)

    games.listeners.append(plan_again)
    services.scheduler.start()
