"""CORE-deadline with Days of Decision III: a whole turn played by deadlines alone, each timed
step resolved by its missed-order policy (rule 6.1 no bid, 6.5 keep position, 7 the roll made
for the power, step C a pass, step F civil disorder "pass": production ends)."""
import pytest

from domain.dod3.state import Step as TurnStep
from tests.unit.platform.test_schedule import HOUR, Scheduled

pytestmark = pytest.mark.rule("CORE-deadline")
MODERATOR_STEPS = {TurnStep.MILITARY_AFFAIRS: "EndMilitaryAffairs", TurnStep.CONQUEST: "EndConquest"}


def test_a_turn_played_by_deadlines_alone_times_every_step_kind(tmp_path):
    """Given DoD III's default schedule and nobody sending an order, when each deadline passes
    (the moderator ending only its own steps, E and H), then every timed step kind of a turn
    gets a deadline of its default length, each is resolved by one logged policy, and turn 2's
    bidding closes as "no bid" (rule 6.1)."""
    game = Scheduled(tmp_path / "turn.db")
    game.play("moderator", "SetSchedule", reminders=[])
    defaults = game.service.rules(game.id).platform.deadlines.default_hours
    for _ in range(60):  # bounded: a turn has fewer timed steps than this
        state = game.state.domain
        if state.turn == 2 and state.step is TurnStep.POLITICAL_AFFAIRS:
            break
        if state.step in MODERATOR_STEPS:
            game.play("moderator", MODERATOR_STEPS[state.step])
            continue
        deadline = game.deadline
        assert deadline.due - deadline.opened_at == defaults[deadline.kind] * HOUR
        assert game.later(defaults[deadline.kind]) == 1
    opened = [e.data["kind"] for e in game.logged("DeadlineOpened")]
    assert set(opened) >= {"weather", "political_option", "production", "bids", "democrat_move_down"}
    policies = {e.data["kind"]: e.data["policy"] for e in game.logged("MissedOrdersApplied")}
    assert policies["bids"] == "no-bid (rule 6.1)" and policies["production"] == "pass"
    assert game.logged("BidsRevealed")[0].data["closed_by_moderator"] is True
    assert len(game.logged("MissedOrdersApplied")) == len(game.logged("DeadlineClosed"))


def to_production(game):
    """Let every deadline before step F pass (the moderator ends step E)."""
    for _ in range(30):  # bounded
        state = game.state.domain
        if state.step is TurnStep.PRODUCTION:
            return
        if state.step in MODERATOR_STEPS:
            game.play("moderator", MODERATOR_STEPS[state.step])
        else:
            game.later(24)
    raise AssertionError("production never came")


def test_a_reminder_goes_only_to_the_seats_still_owing(tmp_path):
    """Given production (48 h, owed by all three seats) with a reminder 12 h before, when
    player3 ends its production first, then the reminder names player1 and player2 only."""
    game = Scheduled(tmp_path / "remind.db")
    game.play("moderator", "SetSchedule", reminders=[12])
    to_production(game)
    assert sorted(game.step().owing) == ["player1", "player2", "player3"]
    game.play("player3", "EndProduction", power="RU")
    opened = game.deadline.opened_at
    game.later((opened + 36 * HOUR - game.clock.now) / HOUR)
    [reminder] = [e.data for e in game.logged("ReminderSent") if e.data["deadline_id"] == game.deadline.id]
    assert reminder["seats"] == ["player1", "player2"]
