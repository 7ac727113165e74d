"""What a fought battle records: every roll, step by step, and the casualties of each round.

These frozen dataclasses are made of JSON-codec types only, so the battle ruleset puts them in its
events unchanged (``BattleRoundFought`` carries a round's steps and rolls).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from domain.aa.combat.model import Outcome
from domain.aa.combat.sides import DAMAGE, Group, SideModel


class Side(Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class Step(Enum):
    AA_TRANSPORTS = "aa_transports"
    AA_FIRE = "aa_fire"
    SUBMERGE = "submerge"
    BOMBARDMENT = "bombardment"
    SURPRISE_STRIKE = "surprise_strike"
    ATTACKER_FIRE = "attacker_fire"
    DEFENDER_FIRE = "defender_fire"
    DEFENCELESS_LOST = "defenceless_lost"
    RETREAT = "retreat"


@dataclass(frozen=True)
class UnitCount:
    unit: str
    count: int
    damaged: bool = False
    amphibious: bool = False
    submerged: bool = False


@dataclass(frozen=True)
class Roll:
    """One shot by ``unit``: ``values`` are the dice rolled for it (two for a heavy bomber keeping the
    best); ``aim`` is "target" for the seed's targeting roll, "hit" otherwise; ``target`` names the
    unit a shot is aimed at when the rules aim it (AA fire at one aircraft, at one transport)."""

    unit: str
    values: tuple[int, ...]
    needed: int
    hit: bool
    aim: str = "hit"
    target: str = ""


@dataclass(frozen=True)
class StepResult:
    """One step of a round: who rolled what, how many hits, and the units the step removed from the
    battle (casualties it caused, or submerged / retreated units). Bombardment and attacker fire
    casualties are chosen together and listed on the attacker_fire step."""

    step: Step
    side: Side
    rolls: tuple[Roll, ...] = ()
    hits: int = 0
    units: tuple[UnitCount, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    round: int
    steps: tuple[StepResult, ...]
    attacker_losses: tuple[UnitCount, ...]
    defender_losses: tuple[UnitCount, ...]
    attacker_damaged: tuple[UnitCount, ...]
    defender_damaged: tuple[UnitCount, ...]
    attacker_remaining: tuple[UnitCount, ...]
    defender_remaining: tuple[UnitCount, ...]


@dataclass(frozen=True)
class BattleResult:
    outcome: Outcome | None  # None: stopped after a round limit with both sides still fighting
    rounds: tuple[RoundResult, ...]
    attacker_survivors: tuple[UnitCount, ...]
    defender_survivors: tuple[UnitCount, ...]
    attacker_ipc_lost: int
    defender_ipc_lost: int
    captured: bool


def unit_counts(side: SideModel, counts: tuple[int, ...]) -> tuple[UnitCount, ...]:
    return tuple(_count(g, c) for g, c in side.describe(counts))


def _count(group: Group, count: int) -> UnitCount:
    return UnitCount(group.unit, count, group.damaged, group.amphibious, group.submerged)


def losses(side: SideModel, before: tuple[int, ...], after: tuple[int, ...]) -> tuple[UnitCount, ...]:
    """Units destroyed between two states (damage and submerging only move units between groups)."""
    totals: dict[str, int] = {}
    for g, b, a in zip(side.groups, before, after):
        totals[g.unit] = totals.get(g.unit, 0) + b - a
    return tuple(UnitCount(name, n) for name, n in totals.items() if n > 0)


def damaged_units(side: SideModel, chosen) -> tuple[UnitCount, ...]:
    """Two-hit units that took their first hit and stayed afloat, from the chosen hit points."""
    damage: dict[int, int] = {}
    for g, kind in chosen:
        if g in side.damaged_of:
            damage[g] = damage.get(g, 0) + (1 if kind == DAMAGE else -1)
    return tuple(UnitCount(side.groups[g].unit, n, damaged=True) for g, n in damage.items() if n > 0)
