"""Rules 32.8 and 32.83: judging the crisis phase's declarations at its end, and concessions.

Order (32.82): Allied declarations in response to an aggression first, then German declarations
(which those responses forbid, 32.41B), then Allied pre-emptive declarations and retaliation (32.63,
after Germany's declaration on Russia), then Russia (whose total counts the Allies already at war
with Germany, 32.72F). A legal threat within reach of concessions pauses the adjudication until the
threatened power answers; the rest of the stages then run on the support levels the concessions
changed (32.83B: effects immediate)."""
from __future__ import annotations

from functools import reduce

from domain.gathering_storm import commands as c
from domain.gathering_storm import events as ev
from domain.gathering_storm.allied import (
    germany_declared_on_russia, pre_emptive_verdict, response_verdict, retaliation_verdict,
)
from domain.gathering_storm.declarations import acting_power
from domain.gathering_storm.evolve import evolve
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, AXIS, GERMANY, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.gathering_storm.verdict import ConcessionDemand, Kind, Mode, Outcome, Verdict
from domain.gathering_storm.verdicts import verdict_for
from domain.kernel import Context, Event, RuleViolation

State = GatheringStormState


def _targets_of(state: State, power: str) -> list[tuple[str, bool]]:
    """(target, threatened) for every declaration ``power`` made this turn, in submission order."""
    return [(t, i.threat) for i in state.crisis.intentions if i.power == power for t in i.targets]


def _war(state: State, verdict: Verdict, rule_id: str, cause: str) -> list[Event]:
    if state.at_war(verdict.declarer, verdict.target):
        return []
    return [ev.WarBrokeOut(verdict.declarer, verdict.target, verdict.kind, rule_id, cause)]


def _single(state: State, verdict: Verdict, threatened: bool, cause: str) -> list[Event]:
    """A declaration that is never a threat (response, retaliation, Russia): war if legal."""
    if not verdict.legal:
        return [ev.DeclarationAdjudicated(verdict, threatened, Outcome.NO_WAR)]
    return [ev.DeclarationAdjudicated(verdict, threatened, Outcome.WAR), *_war(state, verdict, verdict.rule_id, cause)]


def _group(state: State, verdicts: list[Verdict], threatened: bool, declarers: tuple[str, ...],
           targets: tuple[str, ...]) -> list[Event]:
    """Declarations that stand or fall together (32.42 both or neither, 32.61B joint): all legal or
    none; a declaration goes to war, a threat demands concessions unless it exceeds by more (32.83A)."""
    if not all(v.legal for v in verdicts):
        return [ev.DeclarationAdjudicated(v, threatened, Outcome.NO_WAR) for v in verdicts]
    first = verdicts[0]
    if first.mode is Mode.THREAT and first.preventable:
        demand = ConcessionDemand(declarers, targets, first.conceding_powers, first.beneficiaries,
                                  first.concession_level)
        return [*(ev.DeclarationAdjudicated(v, threatened, Outcome.CONCESSIONS_DEMANDED) for v in verdicts),
                ev.ConcessionsDemanded(demand)]
    if first.mode is Mode.THREAT:
        rule_id, cause = "GS-32.83", (f"threat exceeded the threshold by {first.concession_margin}: "
                                      "concessions cannot prevent war (32.83A)")
    else:
        rule_id, cause = first.rule_id, "pre-emptive declaration of war by a fully mobilized power"
    events: list[Event] = [ev.DeclarationAdjudicated(v, threatened, Outcome.WAR) for v in verdicts]
    for verdict in verdicts:
        events += _war(state, verdict, rule_id, cause)
    return events


def response_stage(state: State, pack: Pack) -> list[Event]:
    """32.61A, 32.82: Allied declarations on an Axis power committing an aggression."""
    events: list[Event] = []
    for ally in ALLIES:
        for target, threatened in _targets_of(state, ally):
            aggression = state.committing(target)
            if aggression is not None:
                verdict = response_verdict(state, pack, ally, target)
                events += _single(state, verdict, threatened, f"in response to the {aggression.aggression} aggression")
    return events


def german_stage(state: State, pack: Pack) -> list[Event]:
    """32.41-32.44, 32.81A: German declarations or threats, Britain and France together (32.42)."""
    events: list[Event] = []
    groups: list[tuple[tuple[str, ...], bool]] = []
    for target, threatened in _targets_of(state, GERMANY):
        group = tuple(p for p in MAJOR_POWERS if p in pack.together_with(GERMANY, target))
        if all(g != group for g, _ in groups):
            groups.append((group, threatened))
    for group, threatened in groups:
        verdicts = [verdict_for(state, pack, GERMANY, target) for target in group]
        events += _group(state, verdicts, threatened, (GERMANY,), group)
    return events


def allied_stage(state: State, pack: Pack) -> list[Event]:
    """32.61B, 32.63, 32.81C: Allied pre-emptive war (joint) and retaliation for an attack on Russia."""
    events: list[Event] = []
    for target in AXIS:
        intending = [(ally, threatened) for ally in ALLIES for t, threatened in _targets_of(state, ally)
                     if t == target]
        if not intending:
            continue
        if target == GERMANY and germany_declared_on_russia(state):
            for ally, threatened in intending:
                if not state.at_war(ally, GERMANY):
                    events += _single(state, retaliation_verdict(state, pack, ally), threatened,
                                      "retaliation for Germany's declaration of war on Russia")
            continue
        if state.committing(target) is not None:
            continue
        verdicts = [pre_emptive_verdict(state, pack, ally, target) for ally, _ in intending]
        threatened = any(t for _, t in intending)
        events += _group(state, verdicts, threatened, ALLIES, (target,))
    return events


def russian_stage(state: State, pack: Pack) -> list[Event]:
    """32.7, 32.81D: Russian declarations, after every other declaration of the turn (32.72F)."""
    events: list[Event] = []
    for target, threatened in _targets_of(state, RUSSIA):
        events += _single(state, verdict_for(state, pack, RUSSIA, target), threatened,
                          "Russian declaration of war")
    return events


STAGES = (("response", response_stage), ("german", german_stage), ("allied", allied_stage),
          ("russian", russian_stage))


def end_reason(state: State) -> str:
    wars = "; ".join(f"{w.declarer} declared war on {w.target} ({w.cause}, {w.rule_id})" for w in state.crisis.wars)
    return f"War broke out in turn {state.turn}: {wars}"


def resume(state: State, pack: Pack) -> list[Event]:
    """Run the stages not yet done; stop at the first with concessions pending; close the turn."""
    events: list[Event] = []
    for name, stage in STAGES:
        if name in state.crisis.stages_done:
            continue
        stage_events = stage(state, pack) + [ev.AdjudicationStageCompleted(name)]
        state = reduce(evolve, stage_events, state)
        events += stage_events
        if state.crisis.pending:
            return events
    war = bool(state.crisis.wars)
    closing: list[Event] = [ev.CrisisPhaseEnded(state.turn, war)]
    if war:
        closing.append(ev.GameEnded(end_reason(state)))
    return events + closing


def end_crisis_phase(state: State, command: c.EndCrisisPhase, ctx: Context) -> list[Event]:
    """Rule 32.82 (moderator): legality is judged at the end of the crisis phase."""
    ctx.require_moderator("GS-32.82", "end the crisis phase")
    if state.phase is not Phase.CRISIS:
        raise RuleViolation("GS-32.82", "the crisis phase has already ended; concessions are awaited")
    closed = [ev.CrisisPhaseClosed(state.turn)]
    return closed + resume(reduce(evolve, closed, state), ctx.pack)


def start_turn(state: State, command: c.StartTurn, ctx: Context) -> list[Event]:
    """Rule 32.82 (moderator): a turn without war stands until the next one starts."""
    ctx.require_moderator("GS-32.82", "start the next turn")
    if state.phase is not Phase.CONCLUDED:
        raise RuleViolation("GS-32.82", "the next turn starts once this turn's crisis phase has ended")
    return [ev.TurnStarted(state.turn + 1)]


def _demand_of(state: State, power: str) -> ConcessionDemand:
    if state.phase is not Phase.ADJUDICATION:
        raise RuleViolation("GS-32.83", "concessions are answered after the crisis phase has ended")
    for demand in state.crisis.pending:
        if power in demand.conceding_powers:
            return demand
    raise RuleViolation("GS-32.83", f"no concessions are demanded of {power}")


def make_concessions(state: State, command: c.MakeConcessions, ctx: Context) -> list[Event]:
    """Rule 32.83A/C: the concession equals the margin; the beneficiary's support rises by it and the
    conceding power's falls by it, for this turn only (32.83B).

    On a support-level tie the seed names no one: either tied Ally may concede (the first answer
    settles the demand), and an Axis power conceding to tied Allies names the beneficiary."""
    power, beneficiary = acting_power(ctx, command.power), command.beneficiary
    demand = _demand_of(state, power)
    if beneficiary is None:
        if len(demand.beneficiaries) != 1:
            raise RuleViolation("GS-32.83", "the support levels are tied: name the beneficiary, one of "
                                + ", ".join(demand.beneficiaries))
        beneficiary = demand.beneficiaries[0]
    elif beneficiary not in demand.beneficiaries:
        raise RuleViolation("GS-32.83", f"{beneficiary} cannot benefit: the concessions go to "
                            + " or ".join(demand.beneficiaries) + " (32.83C)")
    made = [ev.ConcessionsMade(power, beneficiary, demand.level, demand.declarers, demand.targets)]
    after = reduce(evolve, made, state)
    return made + ([] if after.crisis.pending else resume(after, ctx.pack))


def decline_concessions(state: State, command: c.DeclineConcessions, ctx: Context) -> list[Event]:
    """Rules 32.44, 32.83: declining the concessions lets the declaration of war go ahead."""
    power = acting_power(ctx, command.power)
    demand = _demand_of(state, power)
    cause = f"{power} declined concessions of {demand.level} (32.83)"
    declined: list[Event] = [ev.ConcessionsDeclined(power, demand.declarers, demand.targets)]
    declined += [ev.WarBrokeOut(d, t, Kind.PRE_EMPTIVE, "GS-32.83", cause)
                 for d in demand.declarers for t in demand.targets if not state.at_war(d, t)]
    after = reduce(evolve, declined, state)
    return declined + ([] if after.crisis.pending else resume(after, ctx.pack))
