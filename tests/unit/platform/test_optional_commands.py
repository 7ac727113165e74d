"""Issue 22 items 6 and 11, against the decider and the game service (no HTTP): the platform's
own commands a seat may use now are offered apart from what the game waits for
(``Platform.optional_commands`` beside ``legal_commands``), each with an example decide accepts;
and the moderator hands a seat to a new player (CORE-seat) with an event that holds no secret."""
from __future__ import annotations

import dataclasses

import pytest

from domain.kernel import MODERATOR, Context, RuleViolation, ScriptedDice
from domain.kernel.platform import (
    PLATFORM_COMMANDS,
    DiceRolled,
    EventsReverted,
    GameCreated,
    LoggedEvent,
    Platform,
    ReissueSeatToken,
    RequestUndo,
    SeatTokenReissued,
)
from events.codec import Codec
from events.sqlite_store import open_sqlite
from service.games import GameService
from tests.support import tiny_ruleset as tiny
from tests.unit.platform.test_schedule import Scheduled

SEED = "ab" * 32
SCHEDULE = {"SetSchedule", "PauseSchedule", "ResumeSchedule", "ExtendDeadline", "SetVacation"}


class Game:
    """The platform around the tiny ruleset, each command logged as the service logs it (its
    command id, the event's type, where an undo went back to) and an undo folded as the timeline
    folds it (``rewound`` on the state at the version undone to)."""

    def __init__(self):
        self.platform = Platform(tiny.TinyDecider())
        created = GameCreated("tiny", "1", {"north": ("N",), "south": ("S",)}, {}, None, "c0mm1t")
        self.state = self.platform.evolve(self.platform.initial_state("g1"), created)
        self.log = [LoggedEvent(1, MODERATOR, False, False, None, "GameCreated")]
        self.states = {1: self.state}

    def send(self, seat: str, command, rolls=()):
        ctx = Context(seat, frozenset(self.state.seats.get(seat, ())), ScriptedDice(rolls, SEED))
        events, after = self.platform.decide_evolve(self.state, command, ctx, self.history)
        if events and type(events[-1]) is EventsReverted:
            now = self.platform.fold(self.state, events[:-1])
            after = self.platform.rewound(now, self.states[events[-1].to_version])
        command_id = f"c{self.state.version + 1}"
        for event in events:
            self.log.append(LoggedEvent(len(self.log) + 1, seat, type(event) is DiceRolled, bool(event.unseals()),
                                        command_id, type(event).__name__,
                                        event.to_version if type(event) is EventsReverted else None))
        self.state = self.states[after.version] = after
        return events

    def history(self, after: int, until: int):
        return [e for e in self.log if after < e.version <= until]

    def offered(self, seat: str) -> dict[str, dict]:
        return {s.type: s for s in self.platform.optional_commands(self.state, seat, self.history)}


def undo_offer(game: Game, seat: str):
    spec = game.offered(seat).get("RequestUndo")
    return None if spec is None else (spec.example["to_version"], spec.choices["to_version"])


# ---- CORE-undo: the undo of the seat's own last command ------------------------------------------

@pytest.mark.rule("CORE-undo")
def test_a_seat_is_offered_the_undo_of_its_own_last_command():
    """CORE-undo: "An undo goes back to the end of a command, never inside one." North added
    (version 2), south added (3), north rolled (4: the dice, 5: the roll), south added (6): north
    is offered to go back to 3, where its roll began, or to 5 (only what followed it); south to 5."""
    game = Game()
    game.send("north", tiny.AddPoints("N", 1))
    game.send("south", tiny.AddPoints("S", 1))
    game.send("north", tiny.RollDie("N", 6), rolls=[4])
    game.send("south", tiny.AddPoints("S", 2))

    assert undo_offer(game, "north") == (3, [5, 3])
    assert undo_offer(game, "south") == (5, [5])


@pytest.mark.rule("CORE-undo")
def test_the_offered_undo_is_taken_and_takes_back_that_command():
    """CORE-undo: "own moves without dice or reveals undo at once": south's own last command goes."""
    game = Game()
    game.send("north", tiny.AddPoints("N", 1))
    game.send("south", tiny.AddPoints("S", 2))
    to_version, _ = undo_offer(game, "south")

    events = game.send("south", RequestUndo(to_version))

    assert type(events[-1]) is EventsReverted and game.state.domain.points == {"N": 1, "S": 0}


@pytest.mark.rule("CORE-undo")
def test_what_an_undo_took_back_is_not_offered_again():
    """After south took its move back, its own last command is the one before; north's stands."""
    game = Game()
    game.send("south", tiny.AddPoints("S", 1))  # 2
    game.send("north", tiny.AddPoints("N", 1))  # 3
    game.send("south", tiny.AddPoints("S", 2))  # 4
    game.send("south", RequestUndo(3))  # 5, 6: back to 3

    assert undo_offer(game, "south") == (1, [2, 1])
    assert undo_offer(game, "north") == (2, [2])  # (3 is where the game rests now)


@pytest.mark.rule("CORE-undo")
def test_no_undo_is_offered_without_a_command_of_the_seat_s_own_or_while_one_waits():
    game = Game()
    assert undo_offer(game, "north") is None and undo_offer(game, MODERATOR) is None  # creation is no command
    game.send("north", tiny.AddPoints("N", 1))
    game.send("south", tiny.AddPoints("S", 1))
    game.send("north", RequestUndo(1))  # waits for south

    assert undo_offer(game, "north") is None and undo_offer(game, "south") is None


# ---- who is awaited ------------------------------------------------------------------------------

def test_the_platform_s_optional_commands_are_never_what_the_game_waits_for():
    """A seat the game waits for nothing from is offered the platform's commands apart: its
    ``legal_commands`` (whom the game awaits) stay empty."""
    game = Game()
    game.send("north", tiny.AddPoints("N", 1))
    game.send(MODERATOR, tiny.Finish())

    assert game.platform.legal_commands(game.state, "north") == []
    assert "RequestUndo" in game.offered("north")
    assert not {s.type for s in game.platform.legal_commands(game.state, MODERATOR)} & set(game.offered(MODERATOR))


# ---- the schedule's and the seed's, on a Days of Decision III game through the service ----------

@pytest.fixture
def dod3(tmp_path):
    return Scheduled(tmp_path / "offers.db")


def offered(game: Scheduled, seat: str) -> dict[str, object]:
    platform = game.service.rules(game.id).platform
    return {s.type: s for s in platform.optional_commands(game.state, seat, game.service.history(game.id))}


def accepted(game: Scheduled, seat: str, spec) -> list:
    """The example decided (not appended) as the service would decide it."""
    rules, state = game.service.rules(game.id), game.state
    command = rules.codec.decode(spec.type, dict(spec.example))
    ctx = Context(seat, frozenset(state.seats.get(seat, ())), ScriptedDice([], SEED), rules.pack)
    return rules.platform.decide(state, command, ctx, game.service.history(game.id))


@pytest.mark.rule("CORE-deadline")
def test_the_moderator_sets_the_schedule_of_a_ruleset_with_timed_steps_a_seat_does_not(dod3):
    """CORE-deadline: "The moderator's schedule times each step": offered to the moderator, with
    the ruleset's default schedule as its example; a seat is offered nothing of it yet."""
    declared = dod3.service.rules(dod3.id).platform.deadlines
    spec = offered(dod3, MODERATOR)["SetSchedule"]
    assert spec.example == {"hours": dict(declared.default_hours), "grace_hours": 0, "reminders": [24],
                            "civil_disorder": "pass"}
    assert spec.choices["civil_disorder"] == ["pass", "default", "hold"]
    assert not SCHEDULE & set(offered(dod3, "player1"))
    assert set(offered(dod3, MODERATOR)) == {"RevealDiceSeed", "SetSchedule", "ReissueSeatToken"}


@pytest.mark.rule("CORE-deadline")
def test_a_ruleset_without_timed_steps_offers_no_schedule(tmp_path):
    """CORE-deadline: Totaler Krieg! declares no step a seat owes: SetSchedule would be refused."""
    service = GameService(open_sqlite(str(tmp_path / "tk.db")))
    game_id = service.create_game("totaler-krieg", None, {"scenario": "1939"}, preset="three-player").game_id
    platform, state = service.rules(game_id).platform, service.load(game_id)
    assert [s.type for s in platform.optional_commands(state, MODERATOR, service.history(game_id))] == [
        "RevealDiceSeed", "ReissueSeatToken"]


@pytest.mark.rule("CORE-deadline")
def test_pause_while_running_extend_while_a_deadline_runs_resume_while_paused(dod3):
    """CORE-deadline: each of the moderator's schedule commands is offered just when decide takes it."""
    dod3.play(MODERATOR, "SetSchedule", reminders=[])
    running = offered(dod3, MODERATOR)
    assert {"PauseSchedule", "ExtendDeadline", "SetVacation"} <= set(running) and "ResumeSchedule" not in running
    assert running["ExtendDeadline"].example == {"hours": 24}
    for kind in ("PauseSchedule", "ExtendDeadline", "SetSchedule"):
        assert accepted(dod3, MODERATOR, running[kind])

    dod3.play(MODERATOR, "PauseSchedule")
    paused = offered(dod3, MODERATOR)
    assert "ResumeSchedule" in paused and not {"PauseSchedule", "ExtendDeadline"} & set(paused)
    assert accepted(dod3, MODERATOR, paused["ResumeSchedule"])


@pytest.mark.rule("CORE-deadline")
def test_a_seat_sets_its_own_vacation_the_moderator_anyone_s(dod3):
    """CORE-deadline (SetVacation): "A seat (its own) or the moderator (any)"; the dates are the
    seat's to choose, so the offer names none until a vacation is set, which it then ends."""
    dod3.play(MODERATOR, "SetSchedule")
    assert offered(dod3, "player2")["SetVacation"].choices == {"seat": ["player2"]}
    assert offered(dod3, MODERATOR)["SetVacation"].choices == {"seat": ["player1", "player2", "player3"]}
    assert offered(dod3, "player2")["SetVacation"].example is None

    dod3.play("player2", "SetVacation", seat="player2", start=1, end=2)
    spec = offered(dod3, "player2")["SetVacation"]
    assert spec.example == {"seat": "player2", "start": 0, "end": 0} and accepted(dod3, "player2", spec)


@pytest.mark.rule("CORE-dice")
def test_only_the_moderator_is_offered_the_seed_while_it_is_secret(dod3):
    assert "RevealDiceSeed" not in offered(dod3, "player1")
    assert accepted(dod3, MODERATOR, offered(dod3, MODERATOR)["RevealDiceSeed"])


def test_every_optional_example_is_accepted_as_it_is(dod3):
    """Issue 22 item 6: ready, legal examples, for every seat, along a few steps of a game."""
    dod3.play(MODERATOR, "SetSchedule", reminders=[])
    dod3.play("player1", "RollWeather")
    dod3.play("player2", "SetVacation", seat="player2", start=1, end=2)
    for seat in ("player1", "player2", "player3", MODERATOR):
        for spec in offered(dod3, seat).values():
            if spec.example is not None:
                assert accepted(dod3, seat, spec), (seat, spec)


# ---- CORE-seat: a seat handed over ---------------------------------------------------------------

@pytest.mark.rule("CORE-seat")
def test_only_the_moderator_reissues_a_seat_s_token_and_the_event_names_the_seat_alone():
    """CORE-seat: the moderator hands a seat to a new player; the event holds no token."""
    game = Game()
    with pytest.raises(RuleViolation) as refused:
        game.send("north", ReissueSeatToken("south"))
    assert refused.value.rule_id == "CORE-seat"
    with pytest.raises(RuleViolation):
        game.send(MODERATOR, ReissueSeatToken("east"))

    assert game.send(MODERATOR, ReissueSeatToken("south")) == [SeatTokenReissued("south")]
    assert [f.name for f in dataclasses.fields(SeatTokenReissued)] == ["seat"]
    assert game.state.token_from == {"south": 2}
    assert game.offered(MODERATOR)["ReissueSeatToken"].choices == {"seat": ["north", "south", MODERATOR]}
    assert "ReissueSeatToken" not in game.offered("north")


@pytest.mark.rule("CORE-seat")
def test_an_undo_does_not_bring_the_old_token_back():
    """CORE-seat: like a revealed seed, a seat handed over stays handed over after an undo."""
    game = Game()
    game.send("north", tiny.AddPoints("N", 1))
    game.send(MODERATOR, ReissueSeatToken("north"))  # 3
    game.send(MODERATOR, RequestUndo(2))

    assert game.state.token_from == {"north": 3} and game.state.version == 5


def test_the_commands_are_platform_commands_of_every_game():
    assert ReissueSeatToken in PLATFORM_COMMANDS and ReissueSeatToken.COMMUTES
    assert Codec(PLATFORM_COMMANDS).decode("ReissueSeatToken", {"seat": "north"}) == ReissueSeatToken("north")
