"""Fixtures for DoD III unit tests: the default pack and a decider driven command by command (the
one rules-test driver, ``tests.support.table``)."""
from __future__ import annotations

import pytest

from domain.dod3 import RULESET
from domain.kernel import Setup
from service.packs import default_pack
from tests.support import table as driver


class Game(driver.Table):
    """The decider, a state and the log, as the write path would keep them (without a store)."""

    def __init__(self, seats=None, options=None):
        pack = default_pack(RULESET)
        self.setup = Setup(seats or RULESET.seat_presets["3"], options or {}, pack)
        super().__init__(RULESET.make_decider(pack), self.setup)
        self.seats = dict(self.state.seats)  # as seated: the Communist Chinese with the Soviet seat

    @property
    def log(self) -> list:
        return self.events

    def play(self, seat: str, command, rolls=()):
        return self.send(seat, command, rolls)


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
