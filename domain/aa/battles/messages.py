"""Commands and events of the Axis & Allies battle rulesets (both editions).

``ResolveBattle`` from the attacker's seat declares an attack on an enemy: ``BattleDeclared``;
the defending seat names its own forces with ``ConfirmDefence``: ``BattleRequested`` (the moderator's
``ResolveBattle`` requests it at once). ``FightBattle`` (system or moderator; the background combat
job) fights it with the game's dice and returns one ``BattleRoundFought`` per round, with every
roll and casualty, then ``BattleEnded``. Advances come from the record: the moderator's
``RecordAdvance`` (``AdvanceRecorded``); ``CollectWarBonds`` rolls a War Bonds income die.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.aa.combat.forces import BattleOptions, Forces
from domain.aa.combat.model import Outcome
from domain.aa.combat.records import RoundResult, StepResult, UnitCount
from domain.kernel import Command, Event


@dataclass(frozen=True)
class ResolveBattle(Command):
    battle_id: str
    territory: str
    attacker: str
    defender: str
    forces: Forces
    options: BattleOptions = field(default_factory=BattleOptions)


@dataclass(frozen=True)
class FightBattle(Command):
    battle_id: str


@dataclass(frozen=True)
class ConfirmDefence(Command):
    """The defending seat's own forces for a declared battle (unit -> count)."""

    battle_id: str
    units: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordAdvance(Command):
    """The moderator records an advance a power researched (the research roll itself is made at
    the table: research and money are not modelled)."""

    power: str
    tech: str


@dataclass(frozen=True)
class CollectWarBonds(Command):
    """The moderator rolls a power's War Bonds income die in its income phase."""

    power: str


@dataclass(frozen=True)
class BattleDeclared(Event):
    """An attack the attacker's seat declared; ``forces.defender`` is what the attacker sees, until
    the defending seat confirms its own (``BattleRequested``)."""

    battle_id: str
    territory: str
    attacker: str
    defender: str
    forces: Forces
    options: BattleOptions


@dataclass(frozen=True)
class AdvanceRecorded(Event):
    power: str
    tech: str


@dataclass(frozen=True)
class WarBondsCollected(Event):
    power: str
    roll: int
    ipcs: int


@dataclass(frozen=True)
class BattleRequested(Event):
    """A battle to fight; ``options.aa_rule`` is resolved (never None) so replay needs no defaults."""

    battle_id: str
    territory: str
    attacker: str
    defender: str
    forces: Forces
    options: BattleOptions


@dataclass(frozen=True)
class BattleRoundFought(Event):
    battle_id: str
    round: int
    steps: tuple[StepResult, ...]
    attacker_losses: tuple[UnitCount, ...]
    defender_losses: tuple[UnitCount, ...]
    attacker_damaged: tuple[UnitCount, ...]
    defender_damaged: tuple[UnitCount, ...]
    attacker_remaining: tuple[UnitCount, ...]
    defender_remaining: tuple[UnitCount, ...]

    @classmethod
    def of(cls, battle_id: str, result: RoundResult) -> BattleRoundFought:
        return cls(battle_id, result.round, result.steps, result.attacker_losses, result.defender_losses,
                   result.attacker_damaged, result.defender_damaged, result.attacker_remaining,
                   result.defender_remaining)


@dataclass(frozen=True)
class BattleEnded(Event):
    battle_id: str
    outcome: Outcome
    rounds: int
    attacker_survivors: tuple[UnitCount, ...]
    defender_survivors: tuple[UnitCount, ...]
    attacker_ipc_lost: int
    defender_ipc_lost: int
    captured: bool


COMMANDS = (ResolveBattle, FightBattle, ConfirmDefence, RecordAdvance, CollectWarBonds)
EVENTS = (BattleRequested, BattleRoundFought, BattleEnded, BattleDeclared, AdvanceRecorded, WarBondsCollected)
