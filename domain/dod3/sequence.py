"""Rule 5: the sequence of play. Bi-monthly turns from Jan/Feb 1936; steps A-I as a state machine.

Steps that need nobody's decision (D, the income of F, G, I) run as soon as the step before
them is over; the others wait for a command (bids, the weather roll, options, the moderator's
military and conquest records, each power's production)."""
from __future__ import annotations

from typing import Callable

from domain.dod3 import economy, us_entry, victory
from domain.dod3.events import StepBegan, TurnBegan, TurnEnded
from domain.dod3.pack import Pack
from domain.dod3.political_affairs import step
from domain.dod3.state import InitiativePhase, State, Step
from domain.dod3.turns import turn_label
from domain.kernel import Event


def advance(state: State, pack: Pack, fold: Callable[[State, Event], State]) -> tuple[list[Event], State]:
    """Rule 5: run every step that needs no decision, until someone must act or the game is over;
    the events and the state after them (each folded once, by ``fold``)."""
    produced: list[Event] = []
    while True:
        batch = _next_events(state, pack)
        if not batch:
            return produced, state
        for event in batch:
            state = fold(state, event)
        produced += batch


def _next_events(state: State, pack: Pack) -> list[Event]:
    """Rule 5: what happens next on its own, or [] when the step waits for a command."""
    turn = state.turn
    match state.step:
        case Step.INITIATIVE if state.initiative.phase is InitiativePhase.SETTLED:
            return [StepBegan(turn, Step.WEATHER)]
        case Step.WEATHER if state.weather is not None and state.weather.turn == turn:
            return [StepBegan(turn, Step.POLITICAL_AFFAIRS), step.begin(state, pack)]
        case Step.POLITICAL_AFFAIRS if state.political is not None and not state.political.ended:
            return step.end_when_done(state)
        case Step.POLITICAL_AFFAIRS:
            return [StepBegan(turn, Step.BONUS_BID_POINTS), *economy.bonus_bid_points(state)]
        case Step.BONUS_BID_POINTS:
            return [StepBegan(turn, Step.MILITARY_AFFAIRS)]
        case Step.MILITARY_AFFAIRS if state.step_complete:
            return [StepBegan(turn, Step.PRODUCTION), economy.collect_income(state, pack)]
        case Step.PRODUCTION if state.production_done >= set(state.active_powers()):
            return [economy.naval_ratios(state), StepBegan(turn, Step.US_ENTRY), us_entry.adjust(state, pack)]
        case Step.US_ENTRY:
            return [StepBegan(turn, Step.CONQUEST)]
        case Step.CONQUEST if state.step_complete:
            return [StepBegan(turn, Step.END_OF_TURN)]
        case Step.END_OF_TURN:
            return end_of_turn(state, pack)
    return []


def end_of_turn(state: State, pack: Pack) -> list[Event]:
    """Rule 5 step I: check whether the game has ended; if not, naval points return to base and
    the next turn starts."""
    ending = victory.game_end(state, pack)
    if ending:
        return ending
    return [TurnEnded(state.turn), TurnBegan(state.turn + 1, turn_label(pack, state.turn + 1))]
