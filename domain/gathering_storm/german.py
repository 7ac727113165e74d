"""Rule 32.4: German declarations of war on the Allies (32.42) and on Russia (32.43).

Germany declares pre-emptive war only once the Rhineland is remilitarized and not in a turn the
Allies declared war in response to an Axis aggression (32.22A, 32.41A/B). Fully mobilized it
declares; otherwise it only threatens, and the threatened power may make concessions (32.41C, 32.44)."""
from __future__ import annotations

from domain.gathering_storm.aggressions import rhineland_remilitarized
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, GERMANY, RUSSIA
from domain.gathering_storm.russian import war_readiness
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.thresholds import (
    balance_of_power_modifier, concession_modifiers, eai_modifier, support_level, support_modifier,
)
from domain.gathering_storm.verdict import (
    Condition, Kind, Mode, Modifier, Verdict, build_verdict, concession_terms,
)

State = GatheringStormState


def german_mode(state: State) -> Mode:
    """32.41C, 32.44: fully mobilized Germany declares; otherwise it may only threaten."""
    return Mode.DECLARATION if state.fully_mobilized(GERMANY) else Mode.THREAT


def _restrictions(state: State, pack: Pack) -> list[Condition]:
    """32.22A, 32.41A/B, 32.81A: the Rhineland, and no Allied declaration in response to aggression."""
    responses = [f"{w.declarer} on {w.target}" for w in state.crisis.wars if w.kind is Kind.RESPONSE]
    return [
        Condition("GS-32.22", "Germany has remilitarized the Rhineland (32.22A, 32.41A)",
                  rhineland_remilitarized(state, pack)),
        Condition("GS-32.22", "the Allies did not declare war on Germany or Italy in response to an Axis "
                  "aggression this turn (32.22A, 32.41B, 32.81A)", not responses, "; ".join(responses)),
    ]


def _eastern_neighbours(state: State, pack: Pack, rule_id: str) -> list[Modifier]:
    """32.42D, 32.43D: each unconquered eastern neighbour's resistance level (28.2-28.4, no tile)
    counts against Germany."""
    modifiers = []
    for minor in pack.eastern_neighbours:
        controller = state.controller_of(minor)
        if controller is not None:
            modifiers.append(Modifier(f"{minor} resistance", 0, rule_id, f"conquered ({controller} controls it)"))
            continue
        level = state.facts.resistance.get(minor, 0)
        modifiers.append(Modifier(f"{minor} resistance", -level, rule_id, f"resistance level {level:+d}"))
    return modifiers


def _verdict(state: State, pack: Pack, target: str, rule_id: str, modifiers: tuple[Modifier, ...],
             conditions: tuple[Condition, ...], conceding: tuple[str, ...]) -> Verdict:
    mode = german_mode(state)
    margin = sum(m.value for m in modifiers) - pack.threshold
    terms = concession_terms(mode, margin, pack.max_concession, conceding, (GERMANY,))
    return build_verdict(GERMANY, target, Kind.PRE_EMPTIVE, rule_id, modifiers, conditions, pack.threshold,
                         mode, **terms)


def german_verdict_on_ally(state: State, pack: Pack, target: str) -> Verdict:
    """Rule 32.42: Germany on Britain and France, both or neither; net of A-D at least +1.

    Support counts against the greater of the British and French levels, so the total is the same
    with respect to both; the Ally with the higher level makes any concessions (32.83C)."""
    pair = (GERMANY, target)
    group = [ally for ally in ALLIES if ally in pack.together_with(GERMANY, target)]
    levels = {ally: support_level(state, ally, pair) for ally in group}
    greatest = max(levels.values())
    highest = tuple(ally for ally in group if levels[ally] == greatest)
    if state.nazi_soviet_pact:
        readiness = Modifier("Russia's war readiness", 0, "GS-32.42", "not counted: the Nazi-Soviet Pact is signed")
    else:
        value, detail = war_readiness(state, pack)
        readiness = Modifier("Russia's war readiness", -value, "GS-32.42", detail)
    modifiers = (
        balance_of_power_modifier(state, GERMANY),
        support_modifier(GERMANY, support_level(state, GERMANY, pair), " or ".join(highest), greatest, "GS-32.42",
                         "the greater of the British and French support levels"),
        eai_modifier(state, pack),
        *_eastern_neighbours(state, pack, "GS-32.42"),
        readiness,
        *concession_modifiers(state, *pair),
    )
    return _verdict(state, pack, target, "GS-32.42", modifiers, tuple(_restrictions(state, pack)), highest)


def german_verdict_on_russia(state: State, pack: Pack) -> Verdict:
    """Rule 32.43: Germany on Russia; no Pact, Germany controls Poland or the Baltic States, net >= +1."""
    pair = (GERMANY, RUSSIA)
    modifiers = (
        balance_of_power_modifier(state, GERMANY),
        support_modifier(GERMANY, support_level(state, GERMANY, pair), RUSSIA, support_level(state, RUSSIA, pair),
                         "GS-32.43"),
        eai_modifier(state, pack),
        *_eastern_neighbours(state, pack, "GS-32.43"),
        *concession_modifiers(state, *pair),
    )
    controlled = [c for c in pack.sensitive_countries if state.controller_of(c) == GERMANY]
    conditions = (
        Condition("GS-32.21", "the Nazi-Soviet Pact has not been signed (32.21A, 32.22A, 32.43)",
                  not state.nazi_soviet_pact),
        *_restrictions(state, pack),
        Condition("GS-32.43", "Germany controls Poland or the Baltic States (32.43)", bool(controlled),
                  ", ".join(controlled) or "neither"),
    )
    return _verdict(state, pack, RUSSIA, "GS-32.43", modifiers, conditions, (RUSSIA,))
