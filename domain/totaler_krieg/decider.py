"""The Totaler Krieg! chapter 13 Decider: ``decide`` hands each command to the rule function of
its type, which validates it and returns its events; ``evolve`` folds events; ``view``,
``legal_commands`` and the projections read the same derived Situation."""
from __future__ import annotations

from dataclasses import replace
from functools import reduce

from domain.kernel import MODERATOR, Command, Context, Event, RuleViolation, Setup
from domain.kernel.dispatch import ByType
from domain.totaler_krieg import actions, ceding, civil_war, creation, markers, minor_setup, multinational, pacific
from domain.totaler_krieg import policies, status, truces, vichy
from domain.totaler_krieg.evolve import evolve
from domain.totaler_krieg.legal import legal_commands
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import TKState, initial_state
from domain.totaler_krieg.view import view
from domain.totaler_krieg.vocabulary import Faction


def _not_a_command(state: TKState, command: Command, ctx: Context) -> list[Event]:
    raise RuleViolation("TK-13.1", f"{type(command).__name__} is not a Totaler Krieg! command")


# Every rule handler is ``(state, command, ctx) -> events``, registered by its command annotation.
handle = ByType(_not_a_command, arg=1)
for _handler in (
    status.select, status.determine_alignment, status.activate_neutral, status.conquer, status.reactivate,
    status.switch_alignment,
    ceding.cede_land, ceding.cede_country, ceding.return_ceded_land,
    creation.create_minor, creation.create_partnership, vichy.form_vichy,
    policies.place_policy, policies.end_policy, policies.replace_with_truce, policies.set_war_state,
    policies.set_enforced_peace,
    truces.place_truce, truces.reduce_truce, truces.increase_truce,
    actions.enter_hex, actions.attack_hex, actions.place_support_unit, actions.resolve_internment,
    civil_war.apply_political_event, minor_setup.mobilize,
    markers.place_marker, markers.remove_marker, markers.set_republican_support,
    multinational.form_unit, multinational.breakdown,
    pacific.set_status, pacific.send, pacific.bring_back,
):
    handle.register(_handler)


class _TrialDice:
    """Dice for a trial decide: every roll a 1 (whether a command is accepted never hangs on a roll)."""

    def roll(self, sides: int) -> int:
        return 1


class TKDecider:
    """Decider bound to one data pack."""

    def __init__(self, pack: Pack):
        self.pack = pack

    def initial_state(self, setup: Setup) -> TKState:
        return initial_state(setup.pack or self.pack, setup)

    def decide(self, state: TKState, command: Command, ctx: Context) -> list[Event]:
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        events = list(handle(state, command, ctx))
        if state.multinational:
            # 13.8.3: a command that removes a nationality also breaks down its multi-national units.
            events += multinational.forced_breakdowns(state, reduce(evolve, events, state), ctx.pack)
        return events

    def evolve(self, state: TKState, event: Event) -> TKState:
        return evolve(state, event)

    def view(self, state: TKState, seat: str) -> dict:
        return view(state, self.pack, seat)

    def legal_commands(self, state: TKState, seat: str):
        return legal_commands(state, self.pack, seat, lambda who, command: self._accepts(state, who, command))

    def _accepts(self, state: TKState, seat: str, command: Command) -> bool:
        """A trial ``decide`` for legal_commands' examples (pure: nothing is kept)."""
        powers = frozenset(f.value for f in Faction) if seat == MODERATOR else frozenset(state.seats.get(seat, ()))
        try:
            self.decide(state, command, Context(seat, powers, _TrialDice(), self.pack))
        except RuleViolation:
            return False
        return True

    def is_terminal(self, state: TKState) -> bool:
        """Chapter 13 has no end of game."""
        return False
