"""The platform decider's rules (RULES.md CORE-*), against the decider alone: no store, no service."""
from __future__ import annotations

import pytest

from domain.kernel import MODERATOR, Context, RuleViolation, ScriptedDice
from domain.kernel.platform import (
    DiceRolled,
    DiceSeedRevealed,
    EventsReverted,
    GameCreated,
    LoggedEvent,
    Platform,
    RequestUndo,
    RevealDiceSeed,
    Roll,
    UndoRequested,
)
from tests.support import tiny_ruleset as tiny

SEED = "ab" * 32


class Game:
    """The platform around the tiny ruleset, played as the service plays it (decide_evolve)."""

    def __init__(self):
        self.platform = Platform(tiny.TinyDecider())
        created = GameCreated("tiny", "1", {"north": ("N",), "south": ("S",)}, {}, None, "c0mm1t")
        self.state = self.platform.evolve(self.platform.initial_state("g1"), created)
        self.log: list[LoggedEvent] = []

    def send(self, seat: str, command, rolls=()):
        ctx = Context(seat, frozenset(self.state.seats.get(seat, ())), ScriptedDice(rolls, SEED))
        events, after = self.platform.decide_evolve(self.state, command, ctx, self.history)
        folded = self.state
        for event in events:
            folded = self.platform.evolve(folded, event)
        assert folded == after, "decide_evolve must give the state a fold of its events gives"
        for event in events:
            self.log.append(LoggedEvent(len(self.log) + 2, seat, isinstance(event, DiceRolled), bool(event.unseals())))
        self.state = after
        return events

    def history(self, after: int, until: int):
        return [e for e in self.log if after < e.version <= until]


@pytest.mark.rule("CORE-dice")
def test_every_roll_a_command_made_is_recorded_first():
    """CORE-dice: "Rolls are derived from a secret seed ... the seed is revealed at the end"."""
    game = Game()
    events = game.send("north", tiny.RollDie("N", 6), rolls=[4])
    assert events == [DiceRolled((Roll(0, 6, 4),)), tiny.DieRolled("N", 6, 4)]
    assert game.state.version == 3


@pytest.mark.rule("CORE-dice")
def test_only_the_moderator_reveals_the_seed_early_and_the_reveal_commits_the_next():
    """CORE-dice: "the seed is revealed at the end or early by the moderator, and an early reveal
    commits a fresh seed for later rolls"."""
    game = Game()
    with pytest.raises(RuleViolation) as refused:
        game.send("north", RevealDiceSeed())
    assert refused.value.rule_id == "CORE-dice"
    assert game.send(MODERATOR, RevealDiceSeed()) == [DiceSeedRevealed(SEED, "c0" * 32)]
    assert (game.state.seed, game.state.dice_commitment, game.state.seed_in_play) == (SEED, "c0" * 32, True)
    assert game.state.seed_from == 2  # the reveal is version 2: rolls from then on use the new seed
    game.send(MODERATOR, tiny.Finish())
    with pytest.raises(RuleViolation):
        game.send(MODERATOR, RevealDiceSeed())


@pytest.mark.rule("CORE-terminal")
def test_the_command_that_ends_the_game_reveals_the_seed_and_nothing_follows():
    """CORE-terminal: "After the game ends no command but the platform's read-only ones is accepted"."""
    game = Game()
    events = game.send(MODERATOR, tiny.Finish())
    assert events == [tiny.GameFinished(), DiceSeedRevealed(SEED)]
    with pytest.raises(RuleViolation) as refused:
        game.send("north", tiny.AddPoints("N", 1))
    assert refused.value.rule_id == "CORE-terminal"


@pytest.mark.rule("CORE-undo")
def test_an_own_move_undoes_at_once_and_a_waiting_undo_blocks_other_commands():
    """CORE-undo: "An undo of only the requester's own events without dice or reveals takes effect at
    once; otherwise every affected seat approves"."""
    game = Game()
    game.send("north", tiny.AddPoints("N", 2))
    assert game.send("north", RequestUndo(1)) == [UndoRequested("north", 1, 2, ()), EventsReverted(3, 1)]
    game.send("north", tiny.RollDie("N", 6), rolls=[5])
    game.send("north", RequestUndo(4))
    assert game.state.pending_undo.waiting_for == {"south"}
    with pytest.raises(RuleViolation) as refused:
        game.send("north", tiny.AddPoints("N", 1))
    assert refused.value.rule_id == "CORE-undo"
    assert [c.type for c in game.platform.legal_commands(game.state, "north")] == ["DeclineUndo"]  # the requester may withdraw it
    assert [c.type for c in game.platform.legal_commands(game.state, "south")] == ["ApproveUndo", "DeclineUndo"]


@pytest.mark.rule("CORE-seal")
def test_what_was_revealed_stays_revealed_after_a_rewind():
    """CORE-seal: "an undo never unseals anything" and a revealed seal stays revealed."""
    game = Game()
    before = game.state
    game.send("north", tiny.SealValue("N", 7))
    game.send(MODERATOR, tiny.RevealValues())
    assert game.state.unsealed == {"values:1"}
    rewound = game.platform.rewound(game.state, before)
    assert rewound.unsealed == {"values:1"} and rewound.domain == before.domain
    assert rewound.version == game.state.version + 1 and rewound.pending_undo is None
