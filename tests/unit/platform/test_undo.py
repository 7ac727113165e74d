"""Undo (ARCHITECTURE, "Undo and time travel"): own moves without dice or reveals undo at once;
anything else needs the affected seats' approval; the log keeps everything."""
import pytest

from domain.kernel import RuleViolation
from tests.support.games import Game


@pytest.fixture
def game(tmp_path):
    return Game(tmp_path / "undo.db")


def test_own_moves_without_dice_undo_at_once(game):
    game.play("north", "AddPoints", power="N", amount=2)
    game.play("north", "AddPoints", power="N", amount=3)
    result = game.play("north", "RequestUndo", to_version=2)
    assert [e.type for e in result.events] == ["UndoRequested", "EventsReverted"]
    assert game.points() == {"N": 2, "S": 0}
    assert game.version == 5  # nothing deleted: the two undo events were appended


def test_undoing_another_seats_move_waits_for_its_approval(game):
    game.play("north", "AddPoints", power="N", amount=2)
    game.play("south", "AddPoints", power="S", amount=4)
    result = game.play("north", "RequestUndo", to_version=1)
    assert [e.type for e in result.events] == ["UndoRequested"]
    assert game.state.pending_undo.waiting_for == {"south"}
    assert game.points() == {"N": 2, "S": 4}
    game.play("south", "ApproveUndo")
    assert game.points() == {"N": 0, "S": 0}
    assert game.state.pending_undo is None


def test_undoing_a_die_roll_needs_every_other_seat(game):
    game.play("north", "RollDie", power="N")
    game.play("north", "RequestUndo", to_version=1)
    assert game.state.pending_undo.waiting_for == {"south"}


def test_undoing_a_reveal_needs_every_other_seat(tmp_path):
    game = Game(tmp_path / "reveal.db", seats={"north": ["N"], "south": ["S"], "east": ["E"]})
    game.play("north", "SealValue", power="N", value=5)
    game.play("north", "RevealValues")
    game.play("north", "RequestUndo", to_version=2)
    assert game.state.pending_undo.waiting_for == {"south", "east"}


def test_a_declined_undo_changes_nothing_and_play_goes_on(game):
    game.play("south", "AddPoints", power="S", amount=4)
    game.play("north", "RequestUndo", to_version=1)
    game.play("south", "DeclineUndo")
    assert game.points() == {"N": 0, "S": 4}
    game.play("north", "AddPoints", power="N", amount=1)
    assert game.points() == {"N": 1, "S": 4}


def test_no_other_command_while_an_undo_waits(game):
    game.play("south", "AddPoints", power="S", amount=4)
    game.play("north", "RequestUndo", to_version=1)
    with pytest.raises(RuleViolation) as raised:
        game.play("north", "AddPoints", power="N", amount=1)
    assert raised.value.rule_id == "CORE-undo"


def test_only_a_seat_asked_may_approve(game):
    game.play("south", "AddPoints", power="S", amount=4)
    game.play("north", "RequestUndo", to_version=1)
    with pytest.raises(RuleViolation):
        game.play("north", "ApproveUndo")


def test_the_moderator_undoes_at_once(game):
    game.play("north", "RollDie", power="N")
    game.play("south", "AddPoints", power="S", amount=4)
    game.play("moderator", "RequestUndo", to_version=1)
    assert game.points() == {"N": 0, "S": 0} and game.state.domain.rolls == ()


def test_undo_target_must_be_an_earlier_version(game):
    with pytest.raises(RuleViolation):
        game.play("north", "RequestUndo", to_version=1)  # nothing after version 1 yet
    with pytest.raises(RuleViolation):
        game.play("north", "RequestUndo", to_version=0)


def test_state_at_any_version_survives_an_undo(game):
    game.play("north", "AddPoints", power="N", amount=2)
    game.play("north", "AddPoints", power="N", amount=3)
    game.play("north", "RequestUndo", to_version=2)
    game.play("north", "AddPoints", power="N", amount=10)
    assert game.service.load(game.id, at=3).domain.points == {"N": 5, "S": 0}
    assert game.points() == {"N": 12, "S": 0}


def test_a_fresh_service_folds_the_same_state_from_the_log(game, tmp_path):
    from service.games import GameService

    game.play("north", "AddPoints", power="N", amount=2)
    game.play("south", "AddPoints", power="S", amount=1)
    game.play("north", "RequestUndo", to_version=2)
    game.play("south", "ApproveUndo")
    fresh = GameService(game.service.stores, snapshot_every=1000)
    assert fresh.load(game.id) == game.state
