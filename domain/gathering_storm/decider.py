"""The Gathering Storm decider: chapter 32 (declarations of war) on facts the moderator records.

A turn is a crisis phase: the moderator records the turn's facts, the powers declare or threaten
war, and the moderator ends the phase; every declaration is then judged (32.82). Threats within reach
of concessions wait for the threatened power's answer (32.83). War ends the game; otherwise the turn's
results (and its concession shifts) stand until the moderator starts the next turn."""
from __future__ import annotations

from dataclasses import replace

from domain.gathering_storm import commands as c
from domain.gathering_storm import crisis, declarations, facts
from domain.gathering_storm.evolve import evolve
from domain.gathering_storm.facts import integer
from domain.gathering_storm.legal import legal_commands
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import MAJOR_POWERS
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.gathering_storm.view import view
from domain.kernel import MODERATOR, SYSTEM, Command, CommandSpec, Context, Event, RuleViolation, Setup
from domain.kernel.dispatch import ByType

State = GatheringStormState

OPTIONS: dict[str, type] = {"first_turn": int}  # name -> type of its value


def _unknown(state: State, command: Command, ctx: Context) -> list[Event]:
    raise RuleViolation("GS-32.1", f"unknown command {type(command).__name__}")


# Every rule handler is ``(state, command, ctx) -> events``, registered by its command annotation;
# every moderator fact goes to ``facts.record_fact``.
handle = ByType(_unknown, arg=1)
for _handler in (declarations.declare_war, declarations.threaten_war, crisis.make_concessions,
                 crisis.decline_concessions, crisis.end_crisis_phase, crisis.start_turn):
    handle.register(_handler)
for _fact in c.FACT_COMMANDS:
    handle.register(_fact, facts.record_fact)


class GatheringStormDecider:
    def __init__(self, pack: Pack):
        self.pack = pack

    def initial_state(self, setup: Setup) -> State:
        """Seats hold major powers, each power at most once; a power no seat holds is played by the
        moderator. Option ``first_turn`` (default 1) numbers the first turn."""
        held: dict[str, str] = {}
        seats = {}
        for seat, powers in setup.seats.items():
            if not isinstance(seat, str) or not seat or seat in (MODERATOR, SYSTEM):
                raise RuleViolation("GS-32.21", f"{seat!r} cannot be a player seat")
            for power in powers:
                if power not in MAJOR_POWERS:
                    raise RuleViolation("GS-32.21", f"unknown major power {power!r}; the powers are "
                                        + ", ".join(MAJOR_POWERS))
                if power in held:
                    raise RuleViolation("GS-32.21", f"{power} is held by both {held[power]!r} and {seat!r}")
                held[power] = seat
            seats[seat] = tuple(powers)
        unknown = set(setup.options) - set(OPTIONS)
        if unknown:
            raise RuleViolation("GS-32.1", f"unknown options {sorted(unknown)}; known: {list(OPTIONS)}")
        first = integer(setup.options.get("first_turn", 1), "GS-32.1", "first_turn", minimum=1)
        return State(seats=seats, turn=first)

    def decide(self, state: State, command: Command, ctx: Context) -> list[Event]:
        if state.phase is Phase.OVER:
            raise RuleViolation("GS-32.44", f"the game has ended: {state.end_reason}")
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        return list(handle(state, command, ctx))

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def view(self, state: State, seat: str) -> dict:
        return view(state, self.pack, seat)

    def legal_commands(self, state: State, seat: str) -> list[CommandSpec]:
        return legal_commands(state, self.pack, seat)

    def is_terminal(self, state: State) -> bool:
        return state.phase is Phase.OVER
