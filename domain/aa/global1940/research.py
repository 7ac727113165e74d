"""Research & development (seed 004 extra rules, AAG40-rd).

A new first phase of the turn: buy research dice, roll them, on any success choose one of the two
charts and roll a die for the advance, which takes effect at once and belongs to that power alone.
``research`` is pure: it takes the power's IPC, the advances it already has and the turn's attempts,
rolls through the given Dice and returns a ``ResearchResult`` recording every value rolled.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from domain.aa.global1940.extra_rules import Research
from domain.kernel import RuleViolation
from domain.kernel.types import Dice

RULE = "AAG40-rd"


@dataclass(frozen=True)
class ResearchResult:
    power: str
    dice_bought: int
    cost: int
    rolls: tuple[int, ...]
    chart: str
    advance_roll: int | None
    advance: str | None
    advances: frozenset[str]  # the power's advances afterwards (never an ally's)

    @property
    def succeeded(self) -> bool:
        return self.advance is not None


def research_cost(rules: Research, dice_bought: int) -> int:
    """AAG40-rd step 1: each research die costs 5 IPC; buy as many as you like."""
    return rules.die_cost * dice_bought


def validate_research(rules: Research, power: str, ipcs: int, dice_bought: int, chart: str,
                      attempts_this_turn: int) -> None:
    """AAG40-rd: China may not research; one attempt a turn; the dice must be paid for; a known chart."""
    if power in rules.excluded:
        raise RuleViolation(RULE, f"{power} may not research")
    if attempts_this_turn >= rules.attempts_per_turn:
        raise RuleViolation(RULE, f"{power} has already researched this turn")
    if dice_bought < 1:
        raise RuleViolation(RULE, "buy at least one research die")
    if research_cost(rules, dice_bought) > ipcs:
        raise RuleViolation(RULE, f"{dice_bought} research dice cost {research_cost(rules, dice_bought)} IPC, "
                                  f"{power} has {ipcs}")
    if rules.chart(chart) is None:
        raise RuleViolation(RULE, f"unknown research chart {chart!r}")


def research(rules: Research, dice: Dice, power: str, ipcs: int, dice_bought: int, chart: str,
             known: Iterable[str] = (), attempts_this_turn: int = 0) -> ResearchResult:
    """AAG40-rd steps 1-4: pay, roll every research die, succeed on any 6, then roll a die on the chosen
    chart; the advance is marked for this power only and applies at once.

    The chart is named with the attempt (the seed has it chosen after success; naming it up front
    changes nothing since the choice is free). An advance rolled that the power already holds is
    recorded and changes nothing (the seed is silent on re-rolling).
    """
    validate_research(rules, power, ipcs, dice_bought, chart, attempts_this_turn)
    advances = rules.chart(chart)
    sides = len(advances)
    rolls = tuple(dice.roll(sides) for _ in range(dice_bought))
    known = frozenset(known)
    if rules.success not in rolls:
        return ResearchResult(power, dice_bought, research_cost(rules, dice_bought), rolls, chart, None, None, known)
    face = dice.roll(sides)
    advance = advances[face - 1]
    return ResearchResult(power, dice_bought, research_cost(rules, dice_bought), rolls, chart, face, advance,
                          known | {advance})
