"""The DoD III decider: a command is handled by its chapter's rule function, then every step that
needs no decision runs (rule 5) before the events go back to the write path."""
from __future__ import annotations

from functools import singledispatch
from typing import Callable

from domain.dod3 import commands as cmd
from domain.dod3 import economy, initiative, military, political_affairs, sequence, weather
from domain.dod3.evolve import apply
from domain.dod3.legal import legal_commands
from domain.dod3.pack import Pack
from domain.dod3.setup import initial_state
from domain.dod3.state import State, Step
from domain.dod3.view import view
from domain.kernel import Command, CommandSpec, Context, Event, RuleViolation, Setup

Handler = Callable[[State, Command, Context, Pack], list[Event]]


@singledispatch
def handler_for(command: object) -> Handler:
    raise RuleViolation("DOD3-5", f"{type(command).__name__} is not a Days of Decision III command")


def _register(command_type: type, handler: Handler) -> None:
    handler_for.register(command_type, lambda command: handler)


for _type, _handler in (
    (cmd.SubmitBid, initiative.submit_bid),
    (cmd.CloseBidding, initiative.close_bidding),
    (cmd.MoveDownInitiative, initiative.move_down_initiative),
    (cmd.KeepInitiativePosition, initiative.keep_initiative_position),
    (cmd.RollWeather, weather.roll_weather),
    (cmd.PassOption, political_affairs.pass_option),
    (cmd.EndPoliticalAffairs, political_affairs.end_political_affairs),
    (cmd.PlayOption, political_affairs.play_option),
    (cmd.ActivateMinor, political_affairs.activate_minor),
    (cmd.OfferCredit, political_affairs.offer_credit),
    (cmd.RecordForcesInMinor, political_affairs.record_forces_in_minor),
    (cmd.RecordCivilWar, political_affairs.record_civil_war),
    (cmd.RecordMilitaryPoints, military.record_military_points),
    (cmd.RecordCapture, military.record_capture),
    (cmd.RecordSearchAndSeizure, military.record_search_and_seizure),
    (cmd.RecordWarStatus, military.record_war_status),
    (cmd.EndMilitaryAffairs, military.end_military_affairs),
    (cmd.BuyPoints, economy.buy_points),
    (cmd.EndProduction, economy.end_production),
    (cmd.RecordConquest, military.record_conquest),
    (cmd.EndConquest, military.end_conquest),
):
    _register(_type, _handler)


class Dod3Decider:
    """Days of Decision III bound to one data pack."""

    def __init__(self, pack: Pack):
        self.pack = pack

    def initial_state(self, setup: Setup) -> State:
        return initial_state(setup, setup.pack if setup.pack is not None else self.pack)

    def decide(self, state: State, command: Command, ctx: Context) -> list[Event]:
        if state.step is Step.GAME_OVER:
            raise RuleViolation("DOD3-4.1", "the game is over")
        events = list(handler_for(command)(state, command, ctx, self.pack))
        after = state
        for event in events:
            after = apply(after, event)
        return events + sequence.advance(after, self.pack, apply)

    def evolve(self, state: State, event: Event) -> State:
        return apply(state, event)

    def view(self, state: State, seat: str) -> dict:
        return view(state, seat, self.pack)

    def legal_commands(self, state: State, seat: str) -> list[CommandSpec]:
        return legal_commands(state, seat, self.pack)

    def is_terminal(self, state: State) -> bool:
        return state.step is Step.GAME_OVER


def make_decider(pack: Pack) -> Dod3Decider:
    return Dod3Decider(pack)
