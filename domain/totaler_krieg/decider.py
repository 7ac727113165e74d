"""The Totaler Krieg! chapter 13 Decider: ``decide`` dispatches each command type to the rule
module that validates it and returns its events; ``evolve`` folds events; ``view``,
``legal_commands`` and the projections read the same derived Situation."""
from __future__ import annotations

from dataclasses import replace
from functools import singledispatch

from domain.kernel import Context, Event, RuleViolation, Setup
from domain.totaler_krieg import actions, ceding, civil_war, creation, markers, minor_setup, multinational, pacific
from domain.totaler_krieg import commands as cmd
from domain.totaler_krieg import policies, status, truces, vichy
from domain.totaler_krieg.evolve import evolve
from domain.totaler_krieg.legal import legal_commands
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import TKState, initial_state
from domain.totaler_krieg.view import view


@singledispatch
def handle(command, state: TKState, ctx: Context) -> list[Event]:
    raise RuleViolation("TK-13.1", f"{type(command).__name__} is not a Totaler Krieg! command")


for _type, _handler in (
    (cmd.SelectCountry, status.select),
    (cmd.DetermineAlignment, status.determine_alignment),
    (cmd.ActivateNeutral, status.activate_neutral),
    (cmd.ConquerCountry, status.conquer),
    (cmd.ReactivateCountry, status.reactivate),
    (cmd.SwitchAlignment, status.switch_alignment),
    (cmd.CedeLand, ceding.cede_land),
    (cmd.CedeCountry, ceding.cede_country),
    (cmd.ReturnCededLand, ceding.return_ceded_land),
    (cmd.CreateMinor, creation.create_minor),
    (cmd.CreatePartnership, creation.create_partnership),
    (cmd.FormVichy, vichy.form_vichy),
    (cmd.PlacePolicy, policies.place_policy),
    (cmd.EndPolicy, policies.end_policy),
    (cmd.ReplacePolicyWithTruce, policies.replace_with_truce),
    (cmd.SetWarState, policies.set_war_state),
    (cmd.SetEnforcedPeace, policies.set_enforced_peace),
    (cmd.PlaceTruce, truces.place_truce),
    (cmd.ReduceTruce, truces.reduce_truce),
    (cmd.IncreaseTruce, truces.increase_truce),
    (cmd.EnterHex, actions.enter_hex),
    (cmd.AttackHex, actions.attack_hex),
    (cmd.PlaceSupportUnit, actions.place_support_unit),
    (cmd.ResolvePolicyInternment, actions.resolve_internment),
    (cmd.ApplyPoliticalEvent, civil_war.apply_political_event),
    (cmd.MobilizeUnits, minor_setup.mobilize),
    (cmd.PlaceCountryMarker, markers.place_marker),
    (cmd.RemoveCountryMarker, markers.remove_marker),
    (cmd.SetRepublicanSupport, markers.set_republican_support),
    (cmd.FormMultinationalUnit, multinational.form_unit),
    (cmd.PerformEmergencyBreakdown, multinational.breakdown),
    (cmd.SetPacificWarStatus, pacific.set_status),
    (cmd.SendToPacific, pacific.send),
    (cmd.ReturnFromPacific, pacific.bring_back),
):
    handle.register(_type, _handler)


class TKDecider:
    """Decider bound to one data pack."""

    def __init__(self, pack: Pack):
        self.pack = pack

    def initial_state(self, setup: Setup) -> TKState:
        return initial_state(setup.pack or self.pack, setup)

    def decide(self, state: TKState, command, ctx: Context) -> list[Event]:
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        return list(handle(command, state, ctx))

    def evolve(self, state: TKState, event: Event) -> TKState:
        return evolve(state, event)

    def view(self, state: TKState, seat: str) -> dict:
        return view(state, self.pack, seat)

    def legal_commands(self, state: TKState, seat: str):
        return legal_commands(state, self.pack, seat)

    def is_terminal(self, state: TKState) -> bool:
        """Chapter 13 has no end of game."""
        return False
