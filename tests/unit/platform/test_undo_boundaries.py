"""CORE-undo goes back to the end of a command, never inside one (issue 22 item 12: found by the
no-stall walk through the platform). A command's events are one step of the game: a Days of
Decision III option's end roll, the turn's next steps run at once, a battle's rounds. Undone to a
version inside them, the game rests in a state it never rested in (half the steps run), where a
seat the game waits for may be offered nothing: the walk stalled there (a Days of Decision III
activation left owed by a power with no minor to activate)."""
from __future__ import annotations

import random

import pytest

from domain.kernel import MODERATOR, Context, RuleViolation, ScriptedDice
from domain.kernel.platform import DiceRolled, EventsReverted, GameCreated, LoggedEvent, Platform, RequestUndo
from tests.support import tiny_ruleset as tiny
from tests.support.random_play import RandomGame, drawing, play

pytestmark = pytest.mark.rule("CORE-undo")


class Game:
    """The platform around the tiny ruleset; the log says which command appended each event."""

    def __init__(self):
        self.platform = Platform(tiny.TinyDecider())
        created = GameCreated("tiny", "1", {"north": ("N",), "south": ("S",)}, {}, None, "c0mm1t")
        self.state = self.platform.evolve(self.platform.initial_state("g1"), created)
        self.log = [LoggedEvent(1, MODERATOR, False, False, None)]

    def send(self, seat: str, command, rolls=()):
        ctx = Context(seat, frozenset(self.state.seats.get(seat, ())), ScriptedDice(rolls, "ab" * 32))
        events, self.state = self.platform.decide_evolve(self.state, command, ctx, self.history)
        command_id = f"c{len(self.log) + 1}"
        for event in events:
            self.log.append(LoggedEvent(len(self.log) + 1, seat, isinstance(event, DiceRolled),
                                        bool(event.unseals()), command_id))
        return events

    def history(self, after: int, until: int):
        return [e for e in self.log if after < e.version <= until]


def test_an_undo_to_a_version_inside_a_command_is_refused_naming_where_it_ends():
    """Given a roll (DiceRolled at version 2, DieRolled at 3: one command), when north asks to
    undo to version 2, then it is refused under CORE-undo, naming version 3 where the command ends."""
    game = Game()
    game.send("north", tiny.RollDie("N", 6), rolls=[4])
    game.send("north", tiny.AddPoints("N", 2))
    with pytest.raises(RuleViolation) as refused:
        game.send("north", RequestUndo(to_version=2))
    assert refused.value.rule_id == "CORE-undo"
    assert "inside a command" in str(refused.value) and "version 3" in str(refused.value)


def test_an_undo_to_the_end_of_a_command_is_taken():
    game = Game()
    game.send("north", tiny.RollDie("N", 6), rolls=[4])
    game.send("north", tiny.AddPoints("N", 2))
    events = game.send(MODERATOR, RequestUndo(to_version=3))
    assert isinstance(events[-1], EventsReverted) and events[-1].to_version == 3
    assert game.send(MODERATOR, RequestUndo(to_version=1))[-1].to_version == 1  # GameCreated ends its own


def test_a_runtime_that_does_not_name_commands_is_judged_as_before():
    """A history without command ids (an older runtime) cannot tell: the undo is taken."""
    game = Game()
    game.send("north", tiny.RollDie("N", 6), rolls=[4])
    game.log = [LoggedEvent(e.version, e.actor, e.rolled_dice, e.reveals) for e in game.log]
    assert game.send(MODERATOR, RequestUndo(to_version=2))[-1].to_version == 2


@pytest.mark.timeout(120)
def test_no_walk_through_the_platform_is_undone_inside_a_command():
    """Random play of Days of Decision III that often asks to undo to one of the last few
    versions: every undo taken goes back to the end of a command (the driver asserts it), and
    the refused ones are counted as drawn bodies refused."""
    game = RandomGame("dod3", "3", dice_seed=5, platform_every=3, check_every=25)
    play(game, drawing(random.Random(5)), 400)
    assert game.seen["EventsReverted"] >= 5 and game.refused["RequestUndo"] >= 1, game.summary()
