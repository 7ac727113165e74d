"""The one rules-test driver: a decider played command by command, as the service plays it.

Each ruleset's test table subclasses ``Table``. ``send`` decides, then evolves every new event
into the incremental state, then folds the whole log again from the last given state and asserts
both agree (the DATC tests' discipline: an incremental state that a rebuild would not give is a
bug in evolve, found at the step that caused it)."""
from __future__ import annotations

from typing import Any, Iterable

import pytest

from domain.kernel import MODERATOR, Context, Event, RuleViolation, ScriptedDice, Setup


class Table:
    def __init__(self, decider, setup: Setup):
        self.decider = decider
        self.pack = setup.pack
        self.seats = {seat: tuple(powers) for seat, powers in setup.seats.items()}
        self.state = decider.initial_state(setup)
        self._base = self.state  # the last state a test gave; the log since then folds onto it
        self._since_base: list[Event] = []
        self.events: list[Event] = []  # every event decided, in order
        self.dice = ScriptedDice([])

    # --- when ------------------------------------------------------------------------------
    def send(self, seat: str, command, rolls: Iterable[int] = (), dice=None) -> list[Event]:
        """``seat`` sends ``command``; dice come from ``rolls`` (or a ``dice`` object)."""
        self.dice = dice if dice is not None else ScriptedDice(rolls)
        ctx = Context(seat, frozenset(self.seats.get(seat, ())), self.dice, self.pack)
        new = list(self.decider.decide(self.state, command, ctx))
        for event in new:
            self.state = self.decider.evolve(self.state, event)
        self.events += new
        self._since_base += new
        self.assert_rebuild_agrees()
        return new

    def moderator(self, command, rolls: Iterable[int] = ()) -> list[Event]:
        return self.send(MODERATOR, command, rolls)

    def refused(self, seat: str, command, rolls: Iterable[int] = ()) -> RuleViolation:
        """The command is refused with a RuleViolation and nothing changes."""
        before, logged = self.state, len(self.events)
        with pytest.raises(RuleViolation) as raised:
            self.send(seat, command, rolls)
        assert self.state == before and len(self.events) == logged
        return raised.value

    # --- given -----------------------------------------------------------------------------
    def given_state(self, state: Any) -> "Table":
        """Set the scene directly (a position no short command sequence reaches)."""
        self.state = self._base = state
        self._since_base = []
        return self

    # --- then ------------------------------------------------------------------------------
    def view(self, seat: str) -> dict:
        return self.decider.view(self.state, seat)

    def legal(self, seat: str):
        return self.decider.legal_commands(self.state, seat)

    def assert_rebuild_agrees(self) -> None:
        rebuilt = self._base
        for event in self._since_base:
            rebuilt = self.decider.evolve(rebuilt, event)
        assert rebuilt == self.state, "folding the log again gives another state than the incremental one"
