"""A pending undo offers its answers (issue 11 item 14): while an undo waits, legal-commands
offers ApproveUndo and DeclineUndo to the seats it waits for and DeclineUndo to the requester and
the moderator; the rulesets list the platform commands every game takes."""
import pytest

from tests.support.api import assert_problem

PLATFORM_COMMANDS = ["RequestUndo", "ApproveUndo", "DeclineUndo", "RevealDiceSeed",
                     # CORE-deadline: the schedule's commands (domain/kernel/schedule.py)
                     "SetSchedule", "PauseSchedule", "ResumeSchedule", "ExtendDeadline", "SetVacation", "MarkReady",
                     # CORE-seat: a seat handed to a new player (issue 22 item 11)
                     "ReissueSeatToken"]
# (OpenDeadline, ReminderDue and DeadlineReached are the scheduler's system commands: not listed.)


@pytest.fixture
def waiting(table):
    """North undoes past south's move: the undo waits for south (CORE-undo)."""
    table.send("north", "AddPoints", power="N", amount=1)
    table.send("south", "AddPoints", power="S", amount=2)
    table.send("north", "RequestUndo", to_version=1)
    return table


def _offered(table, seat):
    return [(c["type"], c["rule_id"]) for c in table.legal_commands(seat)]


@pytest.mark.rule("CORE-undo")
def test_the_seat_an_undo_waits_for_is_offered_approve_and_decline(waiting):
    """CORE-undo: "anything else waits for the affected seats": they must be told they can answer."""
    assert _offered(waiting, "south") == [("ApproveUndo", "CORE-undo"), ("DeclineUndo", "CORE-undo")]


@pytest.mark.rule("CORE-undo")
@pytest.mark.parametrize("seat", ["north", "moderator"])
def test_the_requester_and_the_moderator_are_offered_decline(waiting, seat):
    """CORE-undo: "a seat asked, the requester or the moderator may decline"."""
    assert _offered(waiting, seat) == [("DeclineUndo", "CORE-undo")]


def test_an_anonymous_reader_is_offered_nothing(waiting):
    assert waiting.legal_commands(None) == []


def test_the_state_names_whom_the_undo_waits_for(waiting):
    pending = waiting.client.get(f"/games/{waiting.game_id}/state").json["pending_undo"]
    assert pending == {"requested_by": "north", "to_version": 1, "waiting_for": ["south"]}


@pytest.mark.rule("CORE-undo")
def test_the_offered_approval_posts_unchanged_and_reverts(waiting):
    spec = waiting.legal_command("south", "ApproveUndo")
    response = waiting.command("south", spec["example"]["type"], spec["example"]["data"])
    assert response.status_code == 201
    assert [e["type"] for e in response.json["events"]] == ["UndoApproved", "EventsReverted"]
    assert _offered(waiting, "north") == [("AddPoints", "TINY-add"), ("SealValue", "TINY-seal")]


def test_a_seat_not_asked_is_refused_the_approval(waiting):
    assert_problem(waiting.command("north", "ApproveUndo"), 422, "rule-violation")


def test_a_ruleset_lists_the_platform_commands(client):
    for ruleset in ("tiny", "dod3"):
        body = client.get(f"/rulesets/{ruleset}").json
        assert body["platform_commands"] == PLATFORM_COMMANDS
        assert not set(PLATFORM_COMMANDS) & set(body["commands"])


def test_the_ruleset_list_shows_them_too(client):
    assert all(r["platform_commands"] == PLATFORM_COMMANDS for r in client.get("/rulesets").json["rulesets"])


@pytest.mark.rule("CORE-undo")
def test_an_undo_to_a_version_inside_a_command_is_refused(table):
    """CORE-undo: an undo goes back to where a command ended. North's roll appended its dice
    (version 2) and its result (version 3) in one command: version 2 is no state the game rested in."""
    rolled = table.send("north", "RollDie", power="N", sides=6)
    assert [e["type"] for e in rolled["events"]] == ["DiceRolled", "DieRolled"]

    body = assert_problem(table.command("north", "RequestUndo", {"to_version": 2}), 422, "rule-violation")
    assert body["rule_id"] == "CORE-undo"
