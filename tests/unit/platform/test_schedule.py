"""CORE-deadline: a game's schedule as events, driven by the scheduler with an injected clock
(never a sleep), on a Days of Decision III game through the one write path."""
import threading

import pytest

from domain.kernel import RuleViolation
from domain.kernel.schedule_rules import current_step
from domain.kernel.schedule_views import instant
from events.sqlite_store import open_sqlite
from service.games import GameService
from service.notify.notifications import stream
from service.notify.scheduler import InProcessScheduler

HOUR = 3600
START = 4_000_000_000  # far from the wall clock: a real timer thread never finds these due

pytestmark = pytest.mark.rule("CORE-deadline")


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self) -> int:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += int(hours * HOUR)


class Scheduled:
    """A DoD III game (preset 3: player1 GE/JA/IT, player2 CW/FR/CH/US, player3 CC/RU) whose
    service plans its deadlines after every command, on a clock the test moves."""

    def __init__(self, path, clock=None, game_id=None):
        self.path, self.clock = path, clock or Clock()
        self.service = GameService(open_sqlite(str(path)))
        self.scheduler = InProcessScheduler(self.service, self.clock)
        self.service.listeners.append(self.scheduler.after_events)
        self.id = game_id or self.service.create_game("dod3", None, {}, preset="3").game_id

    def play(self, who, type_, **data):
        return self.service.handle(self.id, who, type_, data, self.service.store.version(self.id))

    def later(self, hours: float) -> int:
        self.clock.advance(hours)
        return self.scheduler.run_due()

    @property
    def state(self):
        return self.service.load(self.id)

    @property
    def deadline(self):
        return self.state.schedule.current

    def step(self):
        return current_step(self.service.rules(self.id).platform, self.state)

    def logged(self, type_name: str) -> list:
        return [e for e in self.service.store.read(self.id, after=0, limit=10_000) if e.type == type_name]


@pytest.fixture
def game(tmp_path):
    return Scheduled(tmp_path / "deadlines.db")


def test_a_timed_step_opens_its_deadline_from_the_ruleset_default_schedule(game):
    """Given DoD III's default schedule (weather 24 h, each political option 24 h), when the
    moderator sets it, then the step the turn waits in (the weather roll, owed by GE's seat)
    gets a deadline 24 h from the instant the service opened it, as an event."""
    game.play("moderator", "SetSchedule")
    opened = game.logged("DeadlineOpened")
    assert [(e.data["kind"], e.data["owing"], e.data["due"] - e.data["opened_at"]) for e in opened] == [
        ("weather", ["player1"], 24 * HOUR)]
    assert opened[0].actor == "system"


def test_each_dod3_step_kind_has_a_default_and_a_policy(game):
    """Given the DoD III declaration, then every timed step kind has a default length and a
    missed-order policy, the rules' where they speak (rule 6.1: no bid; step C: a pass)."""
    declared = game.service.rules(game.id).platform.deadlines
    assert set(declared.default_hours) == set(declared.policies)
    assert declared.policy("bids", "hold") == "no-bid (rule 6.1)"
    assert declared.policy("political_option", "hold") == "pass (step C)"
    assert declared.policy("production", "hold") == "hold"


def test_a_missed_weather_roll_is_applied_once_and_logged_with_its_policy(game):
    """Given the weather deadline, when 24 h pass, then the policy (roll for the power) is one
    logged system command naming it, the step resolves, and the next step (GE's political
    option) gets its own deadline; running the scheduler again applies nothing more."""
    game.play("moderator", "SetSchedule", reminders=[])
    assert game.later(23) == 0
    assert game.later(1) == 1
    applied = game.logged("MissedOrdersApplied")
    assert [(e.data["policy"], e.data["seats"], e.actor) for e in applied] == [
        ("roll for the power (rule 7)", ["player1"], "system")]
    assert game.logged("WeatherDetermined")
    assert game.step().kind == "political_option"
    assert game.deadline.kind == "political_option"
    assert game.later(0) == 0 and len(game.logged("MissedOrdersApplied")) == 1
    assert game.state.schedule.lateness["player1"].missed == 1


def test_a_second_scheduler_on_the_same_log_fires_nothing_twice(game, tmp_path):
    """Given two processes planning the same game, when the deadline passes and both run,
    then one MissedOrdersApplied is in the log (the command's key is the deadline id)."""
    game.play("moderator", "SetSchedule", reminders=[])
    other = Scheduled(game.path, game.clock, game.id)
    other.scheduler.rebuild()
    game.clock.advance(24)
    fired = game.scheduler.run_due() + other.scheduler.run_due()
    assert fired == 1
    assert len(game.logged("MissedOrdersApplied")) == 1


def test_reminders_at_the_configured_offsets_only_to_seats_owing_orders(game):
    """Given reminders 12 h and 2 h before a 24 h weather deadline owed by player1 only, when
    the clock passes them, then two reminders are logged, each naming player1 alone."""
    game.play("moderator", "SetSchedule", reminders=[12, 2])
    game.later(11)
    assert game.logged("ReminderSent") == []
    game.later(1)
    game.later(10)
    reminders = [(e.data["hours_before"], e.data["seats"]) for e in game.logged("ReminderSent")]
    assert reminders == [(12, ["player1"]), (2, ["player1"])]


def test_an_order_sent_in_time_closes_the_deadline_on_time(game):
    """Given the weather deadline, when player1 rolls before it, then the deadline closes in
    the same command, player1 is on time, and nothing fires at the old instant."""
    game.play("moderator", "SetSchedule", reminders=[])
    old = game.deadline.id
    result = game.play("player1", "RollWeather")
    assert "DeadlineClosed" in [e.type for e in result.events]
    assert game.state.schedule.lateness["player1"].on_time == 1
    assert game.deadline.id != old  # the political option's deadline
    game.later(23)
    assert game.logged("MissedOrdersApplied") == []


def test_every_seat_owing_ready_resolves_the_step_early(game):
    """Given GE's political option owed by player1, when player1 marks itself ready, then the
    step's policy (a pass) applies at once, counted on time, with no deadline missed."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.play("player1", "RollWeather")
    deadline = game.deadline.id
    result = game.play("player1", "MarkReady")
    types = [e.type for e in result.events]
    assert types[:2] == ["SeatReady", "MissedOrdersApplied"] and types[-1] == "DeadlineClosed"
    applied = game.logged("MissedOrdersApplied")[-1].data
    assert (applied["deadline_id"], applied["reason"], applied["seats"]) == (deadline, "ready", [])
    assert game.state.schedule.lateness["player1"].missed == 0


def test_mark_ready_is_offered_to_the_seats_owing_only(game):
    """Given the weather deadline owed by player1, then legal commands offer MarkReady to
    player1 and not to player2."""
    game.play("moderator", "SetSchedule")
    platform, state = game.service.rules(game.id).platform, game.state
    offered = {seat: [c.type for c in platform.legal_commands(state, seat)] for seat in ("player1", "player2")}
    assert "MarkReady" in offered["player1"] and "MarkReady" not in offered["player2"]


def test_a_seat_owing_nothing_may_not_mark_ready(game):
    """Given the weather owed by player1, when player2 marks ready, then it is refused."""
    game.play("moderator", "SetSchedule")
    with pytest.raises(RuleViolation) as refused:
        game.play("player2", "MarkReady")
    assert refused.value.rule_id == "CORE-deadline"


def test_pause_stops_the_clock_and_resume_opens_a_fresh_deadline(game):
    """Given a running deadline, when the moderator pauses, then nothing fires however long it
    waits; when it resumes, the step gets a fresh deadline from that instant."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.play("moderator", "PauseSchedule")
    assert game.later(100) == 0
    assert game.logged("MissedOrdersApplied") == []
    game.play("moderator", "ResumeSchedule")
    assert game.deadline.opened_at == game.clock.now
    assert game.later(24) == 1


def test_an_extension_moves_the_deadline(game):
    """Given a 24 h deadline, when the moderator extends it by 12 h, then it does not pass at
    24 h but at 36 h."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.play("moderator", "ExtendDeadline", hours=12)
    assert game.later(24) == 0
    assert game.later(12) == 1


def test_a_grace_period_counts_the_seat_late_not_missed(game):
    """Given a 6 h grace period, when the deadline passes and player1 rolls in the grace
    period, then player1 is late and no policy is applied."""
    game.play("moderator", "SetSchedule", reminders=[], grace_hours=6)
    game.later(24)
    assert [e.data["late"] for e in game.logged("GracePeriodStarted")] == [["player1"]]
    game.play("player1", "RollWeather")
    assert game.logged("MissedOrdersApplied") == []
    assert game.state.schedule.lateness["player1"].late == 1


def test_a_grace_period_that_runs_out_applies_the_policy_once(game):
    """Given a 6 h grace period, when the deadline and then the grace period pass with no
    order, then the policy is applied once, at the end of the grace period."""
    game.play("moderator", "SetSchedule", reminders=[], grace_hours=6)
    assert game.later(24) == 1  # the grace period starts
    assert game.logged("MissedOrdersApplied") == []
    assert game.later(6) == 1
    assert len(game.logged("MissedOrdersApplied")) == 1
    assert game.state.schedule.lateness["player1"].missed == 1


def test_a_vacation_pushes_the_deadline_to_its_end(game):
    """Given player1 on vacation for the next 72 h, when the weather deadline opens, then it is
    due at the end of the vacation, not 24 h on."""
    game.play("moderator", "SetSchedule", reminders=[], hours={"weather": 24})
    game.play("moderator", "PauseSchedule")
    game.play("player1", "SetVacation", seat="player1", start=game.clock.now, end=game.clock.now + 72 * HOUR)
    game.play("moderator", "ResumeSchedule")
    assert game.deadline.due == game.clock.now + 72 * HOUR


def test_restart_with_a_deadline_due_during_the_downtime_fires_once(game):
    """Given a running deadline and the service stopped, when it starts again after the
    deadline passed, then the rebuilt scheduler applies the policy once, and another restart
    applies nothing more."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.clock.advance(30)  # down for 30 h
    restarted = Scheduled(game.path, game.clock, game.id)
    restarted.scheduler.rebuild()
    assert restarted.scheduler.run_due() == 1
    again = Scheduled(game.path, game.clock, game.id)
    again.scheduler.rebuild()
    assert again.scheduler.run_due() == 0
    assert len(game.logged("MissedOrdersApplied")) == 1


def test_undo_across_a_deadline_reopens_the_step_under_a_new_deadline(game):
    """Given a deadline that passed and applied its policy, when the moderator undoes to before
    it, then the step is back, with a fresh deadline under a new id that fires once more."""
    game.play("moderator", "SetSchedule", reminders=[])
    first = game.deadline.id
    before = game.service.store.version(game.id)
    game.later(24)
    game.play("moderator", "RequestUndo", to_version=before)
    assert game.step().kind == "weather"
    assert game.deadline.id != first
    assert game.later(24) == 1
    ids = [e.data["deadline_id"] for e in game.logged("MissedOrdersApplied")]
    assert len(ids) == 2 and len(set(ids)) == 2


def test_only_the_system_sends_the_clock_commands(game):
    """Given a running deadline, when a seat sends DeadlineReached itself, it is refused."""
    game.play("moderator", "SetSchedule")
    with pytest.raises(RuleViolation):
        game.play("player1", "DeadlineReached", deadline_id=game.deadline.id, at=START + 99 * HOUR)


def test_the_timer_thread_fires_what_falls_due(game):
    """Given the scheduler's own thread running, when the clock passes the deadline and the
    thread is woken (as every plan wakes it), then it applies the policy by itself."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.scheduler.start()
    try:
        game.clock.advance(24)
        game.scheduler.after_events(game.id)  # wakes the thread
        for _ in range(200):  # bounded: a liveness check, at most 10 s
            if game.logged("MissedOrdersApplied"):
                break
            threading.Event().wait(0.05)
        assert len(game.logged("MissedOrdersApplied")) == 1
    finally:
        game.scheduler.stop()


def test_a_deadline_records_the_powers_each_seat_owes(game):
    """Given the weather owed by player1 for GE (player1 also holds IT and JA), then the
    DeadlineOpened names GE as what player1 owes (the calendar and notifications show it)."""
    game.play("moderator", "SetSchedule", reminders=[])
    [opened] = game.logged("DeadlineOpened")
    assert opened.data["owes"] == {"player1": ["GE"]}


def test_the_schedule_projection_says_what_is_owed_without_a_schedule(game):
    """Who owes an order follows the step the game waits in, schedule or not."""
    view = game.service.seat_view(game.state, "player2").projection("schedule")[1]
    assert view["active"] is False and view["deadline"] is None
    assert view["seats"]["player1"]["owes"] == ["GE"] and view["seats"]["player2"]["owes"] == []
    assert view["seats"]["player1"]["next_deadline"] is None


def your_moves(game, seat):
    """(version, what ``seat`` owes, due) of each "your move" told to ``seat``."""
    found, _ = stream(game.service, game.id, seat)
    return [(n.version, n.data["owes"].get(seat), n.data["due"]) for n in found if n.kind == "your_move"]


def test_your_move_follows_who_is_awaited_without_a_schedule(game):
    """Given no schedule, then player1 is told it is its move when the game starts (GE's weather
    roll), and then the seat holding the first power on the track, once the weather is rolled."""
    assert your_moves(game, "player1") == [(1, ["GE"], None)]
    rolled = game.play("player1", "RollWeather").last_version
    [(seat, powers)] = game.step().owing.items()
    assert your_moves(game, seat)[-1] == (rolled, list(powers), None)


def test_with_a_schedule_a_step_is_told_once_by_its_deadline(game):
    """Given a schedule, when player1's roll opens the political option's deadline, then the
    seat owing it is told once, by the deadline (with its due instant), not once more before."""
    game.play("moderator", "SetSchedule", reminders=[])
    rolled = game.play("player1", "RollWeather").last_version
    [(seat, powers)] = game.step().owing.items()
    opened = game.logged("DeadlineOpened")[-1]
    assert opened.version > rolled
    assert [m for m in your_moves(game, seat) if m[0] >= rolled] == [
        (opened.version, list(powers), instant(opened.data["due"]))]
