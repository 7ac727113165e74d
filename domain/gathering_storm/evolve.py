"""evolve: fold one event into state. Never validates, never raises; unknown events change nothing.

Copies use the kernel's ``evolved`` (``dataclasses.replace`` without ``__init__``): replays fold every event."""
from __future__ import annotations

from domain.gathering_storm import events as ev
from domain.gathering_storm.state import (
    Concession, Control, Crisis, CurrentAggression, Factories, Flags, GatheringStormState, Intention, Phase,
    TurnFacts, War,
)
from domain.gathering_storm.verdict import Adjudicated
from domain.kernel import evolved
from domain.kernel.dispatch import ByType, unchanged

State = GatheringStormState


evolve = ByType(unchanged)


def _facts(state: State, key: str, **changes) -> State:
    facts = evolved(state.facts, recorded=state.facts.recorded | {key}, **changes)
    return evolved(state, facts=facts)


@evolve.register
def _(s: State, e: ev.BalanceOfPowerRecorded) -> State:
    return _facts(s, "balance_of_power", balance_of_power=e.axis_advantage)


@evolve.register
def _(s: State, e: ev.SupportLevelRecorded) -> State:
    return _facts(s, f"support:{e.major_power}", support={**s.facts.support, e.major_power: e.level})


@evolve.register
def _(s: State, e: ev.TemporarySupportIncreaseRecorded) -> State:
    key = (e.allied_power, e.axis_power)
    return _facts(s, "temporary_increases", temporary_increases={**s.facts.temporary_increases, key: e.amount})


@evolve.register
def _(s: State, e: ev.SecondAggressionSupportIncreaseRecorded) -> State:
    key = (e.allied_power, e.axis_power)
    increases = {**s.facts.second_aggression_increases, key: e.amount}
    return _facts(s, "second_aggression_increases", second_aggression_increases=increases)


@evolve.register
def _(s: State, e: ev.EaiRecorded) -> State:
    return _facts(s, "eai", eai=e.value)


@evolve.register
def _(s: State, e: ev.ResistanceLevelRecorded) -> State:
    return _facts(s, f"resistance:{e.minor}", resistance={**s.facts.resistance, e.minor: e.level})


@evolve.register
def _(s: State, e: ev.AggressionRecorded) -> State:
    aggressions = {k: v for k, v in s.facts.aggressions.items() if k != e.aggressor}
    if e.aggression is not None:
        aggressions[e.aggressor] = CurrentAggression(e.aggression, e.resistance_level, e.backed_down)
    return _facts(s, "aggressions", aggressions=aggressions)


@evolve.register
def _(s: State, e: ev.SuccessfulAggressionRecorded) -> State:
    successful = {k: v for k, v in s.successful_aggressions.items() if k != e.aggression}
    if e.successful:
        successful[e.aggression] = e.turn
    return evolved(s, successful_aggressions=successful)


@evolve.register
def _(s: State, e: ev.ControlRecorded) -> State:
    control = {k: v for k, v in s.control.items() if k != e.country}
    if e.controller is not None:
        control[e.country] = Control(e.controller, e.acquired_turn, e.by_aggression)
    return evolved(s, control=control)


@evolve.register
def _(s: State, e: ev.FlagsRecorded) -> State:
    return evolved(s, flags={**s.flags, e.country: Flags(e.axis, e.allied, e.russian)})


@evolve.register
def _(s: State, e: ev.TradePactRecorded) -> State:
    pacts = {k: v for k, v in s.trade_pacts.items() if k != e.minor}
    if e.major_power is not None:
        pacts[e.minor] = e.major_power
    return evolved(s, trade_pacts=pacts)


@evolve.register
def _(s: State, e: ev.NaziSovietPactRecorded) -> State:
    return evolved(s, nazi_soviet_pact=e.signed)


@evolve.register
def _(s: State, e: ev.FactoriesRecorded) -> State:
    return evolved(s, factories={**s.factories, e.major_power: Factories(e.idle, e.civilian, e.military)})


@evolve.register
def _(s: State, e: ev.RussianCohesionRecorded) -> State:
    return evolved(s, russian_full_cohesion=e.full)


def _crisis(s: State, **changes) -> State:
    return evolved(s, crisis=evolved(s.crisis, **changes))


@evolve.register
def _(s: State, e: ev.DeclarationOfWarMade) -> State:
    return _crisis(s, intentions=s.crisis.intentions + (Intention(e.power, tuple(e.targets), False),))


@evolve.register
def _(s: State, e: ev.ThreatOfWarMade) -> State:
    return _crisis(s, intentions=s.crisis.intentions + (Intention(e.power, tuple(e.targets), True),))


@evolve.register
def _(s: State, e: ev.CrisisPhaseClosed) -> State:
    return evolved(s, phase=Phase.ADJUDICATION)


@evolve.register
def _(s: State, e: ev.DeclarationAdjudicated) -> State:
    return _crisis(s, verdicts=s.crisis.verdicts + (Adjudicated(e.verdict, e.threatened, e.outcome),))


@evolve.register
def _(s: State, e: ev.AdjudicationStageCompleted) -> State:
    return _crisis(s, stages_done=s.crisis.stages_done + (e.stage,))


@evolve.register
def _(s: State, e: ev.ConcessionsDemanded) -> State:
    return _crisis(s, pending=s.crisis.pending + (e.demand,))


def _without_demand(s: State, conceding_power: str) -> tuple:
    return tuple(d for d in s.crisis.pending if conceding_power not in d.conceding_powers)


@evolve.register
def _(s: State, e: ev.ConcessionsMade) -> State:
    concession = Concession(e.conceding_power, e.beneficiary, e.level, tuple(e.declarers), tuple(e.targets))
    return _crisis(s, pending=_without_demand(s, e.conceding_power),
                   concessions=s.crisis.concessions + (concession,))


@evolve.register
def _(s: State, e: ev.ConcessionsDeclined) -> State:
    return _crisis(s, pending=_without_demand(s, e.conceding_power))


@evolve.register
def _(s: State, e: ev.WarBrokeOut) -> State:
    return _crisis(s, wars=s.crisis.wars + (War(e.declarer, e.target, e.kind, e.rule_id, e.cause),))


@evolve.register
def _(s: State, e: ev.CrisisPhaseEnded) -> State:
    # 32.61B: a demand not backed down from, in a turn that ends without war, stays "made" for good.
    made = {a.aggression: s.turn for a in s.facts.aggressions.values() if not a.backed_down}
    if e.war:
        return evolved(s, phase=Phase.CONCLUDED)
    return evolved(s, phase=Phase.CONCLUDED, demands_made={**made, **s.demands_made})


@evolve.register
def _(s: State, e: ev.GameEnded) -> State:
    return evolved(s, phase=Phase.OVER, end_reason=e.reason, wars=s.crisis.wars)


@evolve.register
def _(s: State, e: ev.TurnStarted) -> State:
    # 32.83B: concessions, like the turn's other facts, do not carry into the next turn.
    return evolved(s, turn=e.turn, phase=Phase.CRISIS, facts=TurnFacts(), crisis=Crisis())
