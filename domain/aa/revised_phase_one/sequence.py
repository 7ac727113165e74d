"""Seed 001 "Turn Sequence" (AAR1-seq): the eight phases of a nation's turn, in the house order
(income is collected before movement, so commerce raiding sees the last turn's fleets)."""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.kernel import RuleViolation

RULE = "AAR1-seq"


def next_phase(rules: HouseRules, phase: str) -> str | None:
    """AAR1-seq: the phase after ``phase``; None after the last one (the next nation's turn)."""
    order = rules.turn_sequence
    if phase not in order:
        raise RuleViolation(RULE, f"unknown phase {phase!r}")
    i = order.index(phase)
    return order[i + 1] if i + 1 < len(order) else None


def check_phase_order(rules: HouseRules, current: str, wanted: str) -> None:
    """AAR1-seq: a phase may only be entered once the phases before it are done."""
    order = rules.turn_sequence
    for phase in (current, wanted):
        if phase not in order:
            raise RuleViolation(RULE, f"unknown phase {phase!r}")
    if order.index(wanted) <= order.index(current):
        raise RuleViolation(RULE, f"{wanted} comes before {current} or is it; phases run in order")
