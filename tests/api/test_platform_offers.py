"""Issue 22 item 6 over HTTP: legal-commands offers the platform's own commands a seat may use
now (``optional``: undo, the schedule, the seed, vacations, seat tokens), each a ready body the
service takes unchanged, apart from what the game waits for (``commands``), so offering them
makes no seat awaited: the game summary's ``awaiting`` reads ``commands`` alone."""
from __future__ import annotations

import pytest

from tests.support.api import MODERATOR, Table
from tests.api.test_schedule_api import clock, dod3  # noqa: F401 (fixtures: a DoD III game, the scheduler's clock)

SCHEDULE = {"SetSchedule", "PauseSchedule", "ResumeSchedule", "ExtendDeadline", "SetVacation"}


def body(table: Table, seat: str | None) -> dict:
    response = table.client.get(f"/games/{table.game_id}/legal-commands", headers=table.auth(seat))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.json


def optional(table: Table, seat: str | None) -> dict[str, dict]:
    return {entry["type"]: entry for entry in body(table, seat)["optional"]}


def post(table: Table, seat: str, entry: dict, version: int) -> dict:
    """A ready body sent as it is, on the version it was offered at."""
    example = entry["example"]
    response = table.command(seat, example["type"], example["data"], version=version)
    assert response.status_code == 201, (seat, example, response.get_data(as_text=True))
    return response.json


@pytest.mark.rule("CORE-deadline")
def test_the_moderator_is_offered_the_schedule_and_its_example_sets_it(dod3):  # noqa: F811
    """CORE-deadline: the moderator's schedule commands are offered (they were not: a client, a
    bot or the mail desk reading legal-commands could never set a schedule)."""
    offered = body(dod3, MODERATOR)
    entry = {e["type"]: e for e in offered["optional"]}["SetSchedule"]
    assert entry["rule_id"] == "CORE-deadline"
    assert entry["data_schema"]["properties"]["civil_disorder"]["enum"] == ["pass", "default", "hold"]

    answer = post(dod3, MODERATOR, entry, offered["version"])

    assert [e["type"] for e in answer["events"]] == ["ScheduleSet"]
    assert "DeadlineOpened" in [e["type"] for e in dod3.events(MODERATOR)]  # the scheduler's, next
    assert {"PauseSchedule", "ExtendDeadline", "SetVacation"} <= set(optional(dod3, MODERATOR))


@pytest.mark.rule("CORE-deadline")
def test_offering_the_platform_s_commands_awaits_no_one_more(dod3):  # noqa: F811
    """Every seat may set its vacation or undo its move at any time; the game still awaits only
    the seat owing the weather roll (player1), in the summary and in ``commands``."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    dod3.send("player1", "RollWeather")  # now GE's political option: player1 again
    for seat in ("player2", "player3"):
        assert body(dod3, seat)["commands"] == [] and "SetVacation" in optional(dod3, seat)
    assert "RequestUndo" in optional(dod3, "player1")
    assert dod3.summary()["awaiting"] == ["player1"]
    listed = {g["game_id"]: g for g in dod3.client.get("/games?limit=1000").json["games"]}
    assert listed[dod3.game_id]["awaiting"] == ["player1"]


@pytest.mark.rule("CORE-deadline")
def test_pause_then_resume_then_extend_each_offered_when_open_and_sent_as_offered(dod3):  # noqa: F811
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    offered = body(dod3, MODERATOR)
    post(dod3, MODERATOR, {e["type"]: e for e in offered["optional"]}["PauseSchedule"], offered["version"])
    paused = body(dod3, MODERATOR)
    kinds = {e["type"]: e for e in paused["optional"]}
    assert "ResumeSchedule" in kinds and not {"PauseSchedule", "ExtendDeadline"} & set(kinds)
    post(dod3, MODERATOR, kinds["ResumeSchedule"], paused["version"])
    running = body(dod3, MODERATOR)
    extend = {e["type"]: e for e in running["optional"]}["ExtendDeadline"]
    assert [e["type"] for e in post(dod3, MODERATOR, extend, running["version"])["events"]] == ["DeadlineExtended"]


@pytest.mark.rule("CORE-undo")
def test_a_seat_is_offered_the_undo_of_its_own_last_command_and_it_posts_unchanged(table):
    """CORE-undo: north rolled (the dice, version 2, and the roll, 3: one command), then added
    (4); north is offered to go back to where its addition began (3), never into the roll (2),
    and the undo of its own move without dice is taken at once."""
    table.send("north", "RollDie", power="N", sides=6)
    table.send("north", "AddPoints", power="N", amount=5)
    offered = body(table, "north")
    undo = {e["type"]: e for e in offered["optional"]}["RequestUndo"]
    assert undo["example"]["data"] == {"to_version": 3}
    assert undo["data_schema"]["properties"]["to_version"]["enum"] == [3]

    events = post(table, "north", undo, offered["version"])["events"]

    assert [e["type"] for e in events] == ["UndoRequested", "EventsReverted"]
    assert table.projection("totals")["points"] == {"N": 0, "S": 0}


@pytest.mark.rule("CORE-undo")
def test_while_an_undo_waits_only_the_seed_and_the_tokens_are_optional(table):
    """CORE-undo: "While an undo waits, no other command is taken" (but the platform's own reveal
    and a seat handed over)."""
    table.send("north", "AddPoints", power="N", amount=1)
    table.send("south", "AddPoints", power="S", amount=1)
    table.send("north", "RequestUndo", to_version=1)
    assert set(optional(table, MODERATOR)) == {"RevealDiceSeed", "ReissueSeatToken"}
    assert optional(table, "north") == {} and optional(table, "south") == {}


def test_a_reader_without_a_seat_is_offered_nothing(table):
    assert body(table, None)["optional"] == [] and body(table, None)["commands"] == []


@pytest.mark.rule("CORE-dice")
def test_the_moderator_is_offered_the_seed_reveal_a_seat_is_not(table):
    offered = body(table, MODERATOR)
    reveal = {e["type"]: e for e in offered["optional"]}["RevealDiceSeed"]
    assert "RevealDiceSeed" not in optional(table, "north")
    assert [e["type"] for e in post(table, MODERATOR, reveal, offered["version"])["events"]] == ["DiceSeedRevealed"]
