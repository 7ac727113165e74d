"""What a seat sees, and the ``war-thresholds`` projection built from it.

Nothing in chapter 32 is secret: support levels are recorded once revealed (32.82) and declarations
and threats are announced, so every seat sees the same facts. The view carries the verdict on every
possible declaration (the projection reads it from there, so it can never see more than the seat)."""
from __future__ import annotations

from domain.gathering_storm.aggressions import (
    aggression_totals, more_aggressive, rhineland_remilitarized, second_aggression_carried_out,
)
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, AXIS, MAJOR_POWERS
from domain.gathering_storm.russian import war_readiness
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.thresholds import support_level
from domain.gathering_storm.verdicts import war_thresholds
from domain.kernel import MODERATOR
from domain.kernel.plain import to_plain

State = GatheringStormState


def _support_levels(state: State) -> dict:
    """Recorded level, this turn's concession shift (32.83B) and the resulting level, per power, with
    the Allied increases tagged by the Axis power that triggered them (32.33C, 32.61B)."""
    table = {}
    for power in MAJOR_POWERS:
        base = state.facts.support.get(power, 0)
        level = support_level(state, power)
        row = {"recorded": base, "concessions": level - base, "level": level}
        if power in ALLIES:
            row["temporary_increases"] = {a: state.facts.temporary_increases.get((power, a), 0) for a in AXIS}
            row["second_aggression_increases"] = {
                a: state.facts.second_aggression_increases.get((power, a), 0) for a in AXIS}
        table[power] = row
    return table


def _facts(state: State, pack: Pack) -> dict:
    facts = state.facts
    eai_applied = max(-pack.eai_cap, min(pack.eai_cap, facts.eai))
    readiness, readiness_detail = war_readiness(state, pack)
    per_turn = ["balance_of_power", "eai", *(f"support:{p}" for p in MAJOR_POWERS),
                *(f"resistance:{m}" for m in pack.eastern_neighbours if state.controller_of(m) is None)]
    return {
        "balance_of_power": {"axis_advantage": facts.balance_of_power,
                             "favours": "Axis" if facts.balance_of_power > 0
                             else "Allies" if facts.balance_of_power < 0 else None},
        "support_levels": _support_levels(state),
        "eai": {"recorded": facts.eai, "applied": eai_applied, "cap": pack.eai_cap},
        "resistance_levels": {m: {"level": facts.resistance.get(m, 0),
                                  "conquered": state.controller_of(m) is not None} for m in pack.eastern_neighbours},
        "aggressions_this_turn": {
            aggressor: {"aggression": a.aggression, "target": pack.aggressions[a.aggression].target,
                        "resistance_level": a.resistance_level, "backed_down": a.backed_down,
                        "committing": not a.backed_down}
            for aggressor, a in facts.aggressions.items()},
        "successful_aggressions": {
            name: {"aggressor": pack.aggressions[name].aggressor, "value": pack.aggressions[name].value,
                   "second_aggression": pack.aggressions[name].second, "turn": turn}
            for name, turn in state.successful_aggressions.items()},
        "aggression_totals": aggression_totals(state, pack),
        "more_aggressive": more_aggressive(state, pack),
        "second_aggression_carried_out": {a: second_aggression_carried_out(state, pack, a) for a in AXIS},
        "rhineland_remilitarized": rhineland_remilitarized(state, pack),
        "nazi_soviet_pact": state.nazi_soviet_pact,
        "factories": {p: {**to_plain(state.factories_of(p)), "recorded": p in state.factories,
                          "fully_mobilized": state.fully_mobilized(p)} for p in MAJOR_POWERS},
        "flags": {country: to_plain(flags) for country, flags in sorted(state.flags.items())},
        "trade_pacts": dict(sorted(state.trade_pacts.items())),
        "control": {country: to_plain(record) for country, record in sorted(state.control.items())},
        "russian_full_cohesion": state.russian_full_cohesion,
        "russia_war_readiness": {"value": readiness, "detail": readiness_detail},
        "not_recorded_this_turn": [key for key in per_turn if key not in facts.recorded],
    }


def view(state: State, pack: Pack, seat: str) -> dict:
    crisis = state.crisis
    return {
        "ruleset": "gathering-storm",
        "seat": seat,
        "powers": list(MAJOR_POWERS) if seat == MODERATOR else list(state.seats.get(seat, ())),
        "seats": {s: list(p) for s, p in state.seats.items()},
        "turn": state.turn,
        "phase": state.phase.value,
        "facts": _facts(state, pack),
        "declarations": [{"power": i.power, "targets": list(i.targets), "threat": i.threat}
                         for i in crisis.intentions],
        "adjudication": {
            "stages_done": list(crisis.stages_done),
            "verdicts": [to_plain(a) for a in crisis.verdicts],
            "pending_concessions": [to_plain(d) for d in crisis.pending],
            "concessions": [to_plain(c) for c in crisis.concessions],
            "wars": [to_plain(w) for w in crisis.wars],
        },
        "war_thresholds": [to_plain(v) for v in war_thresholds(state, pack)],
        "game_over": None if state.end_reason is None else {
            "reason": state.end_reason, "wars": [to_plain(w) for w in state.wars]},
    }


def war_thresholds_projection(seat_view: dict) -> dict:
    """The ``war-thresholds`` read model: every declaration's verdict and breakdown, the support
    levels they used (with concession shifts), this turn's rulings and any concessions awaited."""
    facts = seat_view["facts"]
    return {
        "turn": seat_view["turn"],
        "phase": seat_view["phase"],
        "verdicts": seat_view["war_thresholds"],
        "support_levels": facts["support_levels"],
        "balance_of_power": facts["balance_of_power"],
        "eai": facts["eai"],
        "declarations": seat_view["declarations"],
        "adjudicated": seat_view["adjudication"]["verdicts"],
        "pending_concessions": seat_view["adjudication"]["pending_concessions"],
        "concessions": seat_view["adjudication"]["concessions"],
        "wars": seat_view["adjudication"]["wars"],
        "game_over": seat_view["game_over"],
    }
