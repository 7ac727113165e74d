"""State of an Axis & Allies battle game: who holds which power, every battle declared or
requested, and the advances recorded for each power."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from domain.aa.combat.forces import AaRule, BattleOptions, Forces
from domain.aa.combat.model import Outcome
from domain.aa.combat.records import UnitCount


class BattleStatus(Enum):
    AWAITING_DEFENCE = "awaiting_defence"  # declared by the attacker; the defending seat confirms
    REQUESTED = "requested"
    FOUGHT = "fought"


@dataclass(frozen=True)
class RoundSummary:
    round: int
    attacker_losses: tuple[UnitCount, ...]
    defender_losses: tuple[UnitCount, ...]


@dataclass(frozen=True)
class BattleEntry:
    battle_id: str
    territory: str
    attacker: str
    defender: str
    forces: Forces
    options: BattleOptions
    status: BattleStatus = BattleStatus.REQUESTED
    rounds: tuple[RoundSummary, ...] = ()
    attacker_remaining: tuple[UnitCount, ...] = ()
    defender_remaining: tuple[UnitCount, ...] = ()
    outcome: Outcome | None = None
    attacker_ipc_lost: int = 0
    defender_ipc_lost: int = 0
    captured: bool = False


@dataclass(frozen=True)
class AAState:
    edition: str
    powers: tuple[str, ...]
    owners: dict[str, str]  # power -> seat
    aa_rule: AaRule
    battles: dict[str, BattleEntry]
    advances: dict[str, frozenset[str]] = field(default_factory=dict)  # power -> advances recorded
    war_bonds: str | None = None  # the War Bonds variant of the game (editions that have it)
