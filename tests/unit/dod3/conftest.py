"""Fixtures for DoD III unit tests: the default pack and a decider driven command by command."""
from __future__ import annotations

import pytest

from domain.dod3 import RULESET
from domain.kernel import Context, ScriptedDice, Setup
from service.packs import default_pack


class Game:
    """The decider, a state and the log, as the write path would keep them (without a store)."""

    def __init__(self, seats=None, options=None):
        self.pack = default_pack(RULESET)
        self.decider = RULESET.make_decider(self.pack)
        self.setup = Setup(seats or RULESET.seat_presets["3"], options or {}, self.pack)
        self.state = self.decider.initial_state(self.setup)
        self.log = []

    def play(self, seat: str, command, rolls=()):
        ctx = Context(seat, frozenset(self.state.seats.get(seat, ())), ScriptedDice(rolls), self.pack)
        events = self.decider.decide(self.state, command, ctx)
        for event in events:
            self.state = self.decider.evolve(self.state, event)
        self.log += events
        return events


@pytest.fixture
def pack():
    return default_pack(RULESET)


@pytest.fixture
def game() -> Game:
    return Game()


@pytest.fixture
def new_game():
    """Game(seats=..., options=...) for tests that need more than one game."""
    return Game
