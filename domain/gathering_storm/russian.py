"""Rule 32.7: Russian declarations of war on Germany, and Russia's war readiness (32.42D, 32.63).

Russia never threatens: its declarations are judged as declarations (32.71), never bought off."""
from __future__ import annotations

from domain.gathering_storm.aggressions import aggression_target
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, AXIS, GERMANY, RUSSIA
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.thresholds import (
    concession_modifiers, eai_modifier, support_level, support_modifier,
)
from domain.gathering_storm.verdict import Condition, Kind, Mode, Modifier, Outcome, Verdict, build_verdict

State = GatheringStormState


def minor_diplomatic_result(state: State, pack: Pack, minor: str, border: bool) -> tuple[int, str]:
    """32.72D: a bordering minor gives -1 for one or two Axis flags, -2 for an Axis trade pact, +1 for
    one or two Russian flags, +2 for a Russian trade pact (Allied flags ignored); a non-bordering
    minor counts only its Russian flags or trade pact. A trade pact replaces that side's flags."""
    flags, holder = state.flags_in(minor), state.trade_pacts.get(minor)
    value, parts = 0, []
    if border:
        if holder in AXIS:
            value -= pack.trade_pact_result
            parts.append(f"{holder} trade pact -{pack.trade_pact_result}")
        elif flags.axis:
            value -= pack.flag_result
            parts.append(f"{flags.axis} Axis flag(s) -{pack.flag_result}")
    if holder == RUSSIA:
        value += pack.trade_pact_result
        parts.append(f"Russian trade pact +{pack.trade_pact_result}")
    elif flags.russian:
        value += pack.flag_result
        parts.append(f"{flags.russian} Russian flag(s) +{pack.flag_result}")
    return value, ", ".join(parts) or "no Axis or Russian flags or trade pact"


def flags_in_russia(state: State, pack: Pack) -> Modifier:
    """32.72C: +1 for each Allied flag in Russia, -1 for each Axis flag."""
    flags = state.flags_in(RUSSIA)
    value = (flags.allied - flags.axis) * pack.flag_in_russia
    return Modifier("flags in Russia", value, "GS-32.7", f"{flags.allied} Allied, {flags.axis} Axis")


def war_readiness(state: State, pack: Pack) -> tuple[int, str]:
    """32.42D: Russia's support level, flags in Russia (32.72C) and the bordering minors' diplomatic
    results (32.72D), Poland always treated like the other three."""
    support = support_level(state, RUSSIA)
    flags = flags_in_russia(state, pack).value
    border = [(minor, minor_diplomatic_result(state, pack, minor, True)[0]) for minor in pack.border_minors]
    total = support + flags + sum(v for _, v in border)
    detail = f"support {support:+d}, flags in Russia {flags:+d}, " + ", ".join(f"{m} {v:+d}" for m, v in border)
    return total, detail


def _minor_modifiers(state: State, pack: Pack) -> list[Modifier]:
    """32.72D: bordering minors (Poland replaced by 32.72E while Germany's target) and Russian flags
    or trade pacts in the other minors (only those that have any are listed)."""
    target = aggression_target(state, pack, GERMANY)
    modifiers = []
    for minor in pack.border_minors:
        if minor == target:
            modifiers.append(Modifier(f"{minor} diplomatic result", 0, "GS-32.7",
                                      "target of German aggression: its resistance level counts instead"))
            continue
        value, detail = minor_diplomatic_result(state, pack, minor, True)
        modifiers.append(Modifier(f"{minor} diplomatic result", value, "GS-32.7", detail))
    for minor in pack.minors:
        if minor in pack.border_minors:
            continue
        value, detail = minor_diplomatic_result(state, pack, minor, False)
        if value:
            modifiers.append(Modifier(f"Russian influence in {minor}", value, "GS-32.7", detail))
    return modifiers


def _resistance_modifier(state: State, pack: Pack) -> Modifier:
    """32.72E: the resistance level of Germany's aggression target if it is Poland, the Baltic States
    or a minor holding a Russian flag."""
    target = aggression_target(state, pack, GERMANY)
    if target is not None and (target in pack.sensitive_countries or state.flags_in(target).russian):
        level = state.committing(GERMANY).resistance_level
        return Modifier("minor country resistance", level, "GS-32.7", f"{target} resistance level {level:+d}")
    return Modifier("minor country resistance", 0, "GS-32.7",
                    "no German aggression against a country Russia protects this turn")


def _neutrality_modifier(state: State, pack: Pack) -> Modifier:
    """32.72F: -2 for each Ally not at war with Germany after this turn's declarations."""
    neutral = [ally for ally in ALLIES if not state.at_war(ally, GERMANY)]
    detail = ("not at war with Germany: " + ", ".join(neutral)) if neutral else "both Allies at war with Germany"
    return Modifier("Allied neutrality", len(neutral) * pack.allied_neutrality, "GS-32.7", detail)


def _declared_pre_emptive_war(state: State, ally: str) -> bool:
    """32.71C: ``ally``'s pre-emptive declaration on Germany went ahead this turn (a threat refused
    concessions included), even if Germany's own declaration had already brought war."""
    broke_out = any(w.declarer == ally and w.target == GERMANY and w.kind is Kind.PRE_EMPTIVE
                    for w in state.crisis.wars)
    ruled = any(a.verdict.declarer == ally and a.verdict.target == GERMANY and a.verdict.kind is Kind.PRE_EMPTIVE
                and a.outcome is Outcome.WAR for a in state.crisis.verdicts)
    return broke_out or ruled


def russian_conditions_met(state: State, pack: Pack) -> list[str]:
    """32.71 A-D: which of the conditions allowing a Russian declaration hold."""
    met = []
    target = aggression_target(state, pack, GERMANY)
    if target is not None and (target in pack.sensitive_countries or state.flags_in(target).russian):
        met.append(f"A: Germany is carrying out an aggression against {target}")
    for country in pack.sensitive_countries:
        record = state.control.get(country)
        if record and record.controller == GERMANY and record.by_aggression and record.acquired_turn < state.turn:
            met.append(f"B: Germany controls {country} by aggression since turn {record.acquired_turn}")
    if all(_declared_pre_emptive_war(state, ally) for ally in ALLIES):
        met.append("C: Britain and France declared pre-emptive war on Germany this turn")
    if state.russian_full_cohesion:
        met.append("D: Russia has reached full cohesion")
    return met


def russian_verdict(state: State, pack: Pack) -> Verdict:
    """Rule 32.7: Russia on Germany; net of 32.72 A-F at least +1, no Pact, one of 32.71 A-D."""
    pair = (RUSSIA, GERMANY)
    modifiers = (
        support_modifier(RUSSIA, support_level(state, RUSSIA, pair), GERMANY, support_level(state, GERMANY, pair),
                         "GS-32.7"),
        eai_modifier(state, pack),
        flags_in_russia(state, pack),
        *_minor_modifiers(state, pack),
        _resistance_modifier(state, pack),
        _neutrality_modifier(state, pack),
        *concession_modifiers(state, *pair),
    )
    triggers = russian_conditions_met(state, pack)
    conditions = (
        Condition("GS-32.21", "the Nazi-Soviet Pact has not been signed (32.21E, 32.73)",
                  not state.nazi_soviet_pact),
        Condition("GS-32.7", "one of 32.71 A-D holds", bool(triggers), "; ".join(triggers) or "none holds"),
    )
    return build_verdict(RUSSIA, GERMANY, Kind.PRE_EMPTIVE, "GS-32.7", modifiers, conditions, pack.threshold,
                         Mode.DECLARATION)
