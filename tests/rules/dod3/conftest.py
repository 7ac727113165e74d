"""A table to play DoD III on in rule tests: the one rules-test driver (``tests.support.table``)
with the default pack, scripted dice, and the few "given" moves every test needs (a quiet turn 1,
a quiet turn's remaining steps)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import (
    BuyPoints, EndConquest, EndMilitaryAffairs, EndProduction, KeepInitiativePosition, PassOption, RollWeather,
    SubmitBid,
)
from domain.dod3.state import PointKind, Step
from domain.kernel import Setup
from service.packs import default_pack, parse_pack
from tests.support import table as driver

EIGHT_PLAYERS = RULESET.seat_presets["8"]


class Table(driver.Table):
    def __init__(self, seats=None, options=None, pack=None):
        pack = pack or default_pack(RULESET)
        super().__init__(RULESET.make_decider(pack), Setup(seats or EIGHT_PLAYERS, options or {}, pack))
        self.seats = dict(self.state.seats)  # as seated: the Communist Chinese with the Soviet seat

    @property
    def log(self) -> list:
        return self.events

    def seat(self, power: str) -> str:
        return self.state.holders[power]

    def act(self, power: str, command, rolls=()):
        return self.send(self.seat(power), command, rolls)

    def given(self, **changes) -> "Table":
        return self.given_state(replace(self.state, **changes))

    def given_power(self, power: str, **changes) -> "Table":
        ledger = replace(self.state.powers[power], **changes)
        return self.given(powers={**self.state.powers, power: ledger})

    # --- scripted play for the "given" parts of tests ------------------------------------
    def roll_weather(self, roll: int = 7):
        return self.act(self.state.first_on_track(), RollWeather(), [roll])

    def pass_political_affairs(self):
        while self.state.step is Step.POLITICAL_AFFAIRS:
            self.act(self.state.political.current, PassOption(self.state.political.current))

    def production(self, purchases: dict[str, int] | None = None):
        """Each power buys the given bid points, then every power ends production."""
        for power, amount in (purchases or {}).items():
            self.act(power, BuyPoints(power, PointKind.BID, amount))
        for power in self.state.active_powers():
            self.act(power, EndProduction(power))

    def finish_turn(self, weather_roll: int = 7, purchases: dict[str, int] | None = None, records=()):
        """From step B of a turn to the next turn's first step: nobody plays an option, the
        moderator records ``records`` (and nothing else) in military affairs, no conquest."""
        self.roll_weather(weather_roll)
        self.pass_political_affairs()
        for record in records:
            self.moderator(record)
        self.moderator(EndMilitaryAffairs())
        self.production(purchases)
        return self.moderator(EndConquest())

    def to_conquest_step(self):
        """From step B to step H of a quiet turn."""
        self.roll_weather()
        self.pass_political_affairs()
        self.moderator(EndMilitaryAffairs())
        self.production()

    def bid(self, bids: dict[str, int] | None = None):
        """Every power submits its bid (one option; no bid unless given); every Democrat keeps its
        place, so the turn goes on to weather."""
        for power in self.state.active_powers():
            self.act(power, SubmitBid(power, (bids or {}).get(power, 0)))
        while self.state.initiative.democrat_queue:
            power = self.state.initiative.democrat_queue[0]
            self.act(power, KeepInitiativePosition(power))

    def submit(self, bids):
        """Sealed bids as (power, points, options)."""
        for power, points, options in bids:
            self.act(power, SubmitBid(power, points, options))

    def quiet_turns(self, count: int, records=()):
        """``count`` whole turns from step B, the same military records each turn, nobody bidding."""
        for _ in range(count):
            self.finish_turn(records=records)
            self.bid()

    def types(self, events) -> list[str]:
        return [type(e).__name__ for e in events]


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def new_table():
    """Table(seats=..., options=..., pack=...) for tests that seat the game themselves."""
    return Table


@pytest.fixture
def pack_text() -> str:
    from importlib import resources

    return resources.files("domain.dod3.data").joinpath("default.yaml").read_text(encoding="utf-8")


@pytest.fixture
def make_pack(pack_text):
    """A pack from the default text with some lines replaced (a group's own values)."""

    def make(*replacements: tuple[str, str]):
        text = pack_text
        for old, new in replacements:
            assert old in text, old
            text = text.replace(old, new, 1)
        return parse_pack(RULESET, text, "test-pack.yaml")

    return make
