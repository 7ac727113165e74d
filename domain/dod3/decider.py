"""The DoD III decider: a command is handled by its chapter's rule function, then every step that
needs no decision runs (rule 5) before the events go back to the write path."""
from __future__ import annotations

from dataclasses import replace

from domain.dod3 import economy, initiative, military, sequence, weather
from domain.dod3.evolve import Decided, evolve
from domain.dod3.legal import legal_commands
from domain.dod3.pack import Pack
from domain.dod3.political_affairs import step
from domain.dod3.political_affairs.activation import activate
from domain.dod3.political_affairs.control import political_control
from domain.dod3.political_affairs.options import play
from domain.dod3.setup import initial_state
from domain.dod3.state import State, Step
from domain.dod3.view import view
from domain.kernel import Command, CommandSpec, Context, Event, RuleViolation, Setup
from domain.kernel.dispatch import ByType


def _not_a_command(state: State, command: Command, ctx: Context) -> list[Event]:
    raise RuleViolation("DOD3-5", f"{type(command).__name__} is not a Days of Decision III command")


# Every rule handler is ``(state, command, ctx) -> events``, registered by its command annotation.
handle = ByType(_not_a_command, arg=1)
for _handler in (
    initiative.submit_bid, initiative.close_bidding, initiative.move_down_initiative,
    initiative.keep_initiative_position, weather.roll_weather,
    step.pass_option, step.end_political_affairs, play.play_option, activate.activate_minor, play.offer_credit,
    political_control.record_forces_in_minor, political_control.record_civil_war,
    military.record_military_points, military.record_capture, military.record_search_and_seizure,
    military.record_war_status, military.end_military_affairs, military.record_conquest, military.end_conquest,
    economy.buy_points, economy.end_production,
):
    handle.register(_handler)


def _require_in_game(state: State, command: Command) -> None:
    """Rule 4: a completely conquered major power is out of the game ("every major power still in
    the game (i.e. not completely conquered)", 8.6): nothing is done for it any more."""
    power = getattr(command, "power", None)
    if power in state.powers and state.powers[power].conquered:
        raise RuleViolation("DOD3-4.1", f"{power} has been conquered and is out of the game")


class Dod3Decider:
    """Days of Decision III bound to one data pack."""

    def __init__(self, pack: Pack):
        self.pack = pack

    def initial_state(self, setup: Setup) -> State:
        return initial_state(setup, setup.pack if setup.pack is not None else self.pack)

    def decide_evolve(self, state: State, command: Command, ctx: Context) -> tuple[list[Event], State]:
        """The events of ``command`` and the state after them (each event evolved once)."""
        if state.step is Step.GAME_OVER:
            raise RuleViolation("DOD3-4.1", "the game is over")
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        _require_in_game(state, command)
        events, state = self._run(state, handle(state, command, ctx))
        following, state = sequence.advance(state, ctx.pack, self.evolve)
        return events + following, state

    def _run(self, state: State, decided: Decided) -> tuple[list[Event], State]:
        """A handler's events and the state after them; a handler that goes on from the state after
        a batch of its events is sent that state."""
        if isinstance(decided, list):
            return decided, self._fold(state, decided)
        events: list[Event] = []
        try:
            batch = next(decided)
            while True:
                events += batch
                state = self._fold(state, batch)
                batch = decided.send(state)
        except StopIteration:
            return events, state

    def _fold(self, state: State, events: list[Event]) -> State:
        for event in events:
            state = self.evolve(state, event)
        return state

    def decide(self, state: State, command: Command, ctx: Context) -> list[Event]:
        return self.decide_evolve(state, command, ctx)[0]

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def view(self, state: State, seat: str) -> dict:
        return view(state, seat, self.pack)

    def legal_commands(self, state: State, seat: str) -> list[CommandSpec]:
        return legal_commands(state, seat, self.pack)

    def is_terminal(self, state: State) -> bool:
        return state.step is Step.GAME_OVER


def make_decider(pack: Pack) -> Dod3Decider:
    return Dod3Decider(pack)
