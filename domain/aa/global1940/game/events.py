"""Events of the whole Global 1940 game (past tense). The Revised game's events are reused where
the rule is the same; those that carry pieces are re-declared here under the same names with the
Global board's pieces (``GlobalPiece``: a base's movement bonus), so a stored log reads back as it
was decided. Every event that changes the board carries what the spaces it changed hold
afterwards (``spaces``), and every decision names whose choice it was (``source``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.aa.board import GlobalPiece
from domain.aa.global1940.game.state import GlobalStandingOrders, ObjectiveResult
from domain.aa.global1940.neutrals import NeutralTaken
from domain.aa.global1940.politics import WarDeclared
from domain.aa.revised_phase_one.game import events as revised
from domain.aa.revised_phase_one.game.events import (
    AttackPressed,
    BattleContinued,
    BattleFound,
    BattleRoundAwaited,
    LossesChosen,
    PhaseBegan,
    RoundChoices,
    TurnBegan,
)
from domain.aa.revised_phase_one.game.state import Source
from domain.kernel import Event

Spaces = dict[str, tuple[GlobalPiece, ...]]


@dataclass(frozen=True)
class StandingOrdersSet(revised.StandingOrdersSet):
    """A power's standing orders (``GlobalStandingOrders``), sealed to its seat."""

    orders: GlobalStandingOrders


@dataclass(frozen=True)
class UnitsMoved(revised.UnitsMoved):
    spaces: Spaces


@dataclass(frozen=True)
class TerritoryConquered(revised.TerritoryConquered):
    """AAG-income (capital capture and liberation): ``territory`` passes from ``previous`` to
    ``owner``; a capital hands its treasury ``taken_from`` (``ipcs_taken``) to the conqueror's
    ``given_to``; facilities change hands (``factory`` "captured"), or are removed (``removed``:
    AAG40-china, a Japanese complex in a Chinese territory China or an ally takes)."""

    spaces: Spaces = field(default_factory=dict)
    taken_from: str = ""
    given_to: str = ""
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattleResultApplied(revised.BattleResultApplied):
    spaces: Spaces


@dataclass(frozen=True)
class UnitsPlaced(revised.UnitsPlaced):
    """AAG-facilities, AAG-china: bought units put down at ``territory`` (sea units in ``space``) from
    ``treasury``'s purchase; ``value``: the units counted against the complex there."""

    spaces: Spaces = field(default_factory=dict)
    treasury: str = ""


@dataclass(frozen=True)
class UnitsLost(revised.UnitsLost):
    spaces: Spaces


@dataclass(frozen=True)
class ResearchRolled(Event):
    """AAG40-rd: ``dice`` research dice paid from ``treasury``; on a success the ``chart`` die (rolled
    again while it names an advance the power holds) gives ``advance``."""

    power: str
    treasury: str
    dice: int
    cost: int
    rolls: tuple[int, ...]
    chart: str
    chart_rolls: tuple[int, ...]
    advance: str
    left: int


@dataclass(frozen=True)
class UnitsPurchased(Event):
    """AAG-facilities, AAG-china: units bought from ``treasury`` (placed later) and repairs made
    (``damage``: the damage left on each repaired territory's facilities)."""

    power: str
    treasury: str
    units: dict[str, int]
    repairs: dict[str, int]
    cost: int
    left: int
    damage: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class ConditionsMet(Event):
    """AAG-politics: lasting conditions a declaration of war may need, met for the first time."""

    conditions: tuple[str, ...]


@dataclass(frozen=True)
class FactoriesUpgraded(Event):
    """AAG40-us-ic: the USA entered the war; its starting minor complexes became major for free."""

    power: str
    territories: tuple[str, ...]
    spaces: Spaces


@dataclass(frozen=True)
class FightersScrambled(Event):
    """AAG-battle: ``power``'s aircraft flew from the air base in ``territory`` to defend ``zone``."""

    power: str
    territory: str
    zone: str
    units: dict[str, int]
    source: Source
    spaces: Spaces


@dataclass(frozen=True)
class ScrambleEnded(Event):
    """AAG-battle: scrambled aircraft left after the combat phase went back to their air bases
    (``lost``: those whose territory was lost meanwhile)."""

    spaces: Spaces
    lost: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class KamikazeStruck(Event):
    """AAG-battle: Japan spent ``strikes`` kamikaze tokens before battle ``battle_id`` in ``zone``:
    each die at most the hit value struck a ship; ``sunk`` left the board."""

    battle_id: str
    zone: str
    strikes: int
    rolls: tuple[int, ...]
    sunk: dict[str, int]
    tokens_left: int
    source: Source
    spaces: Spaces


@dataclass(frozen=True)
class FacilityBombed(Event):
    """AAG-battle: a strategic bombing raid on ``facility`` in ``territory``: its fire at the bombers,
    then each surviving bomber's damage, up to the facility's maximum (``total``: its damage now)."""

    battle_id: str
    territory: str
    attacker: str
    defender: str
    facility: str
    aa_rolls: tuple[int, ...]
    bombers_lost: int
    damage_rolls: tuple[int, ...]
    damage: int
    total: int
    spaces: Spaces


@dataclass(frozen=True)
class RocketFired(Event):
    """AAG40-tech Rockets: the air base in ``launch`` struck ``facility`` in ``target``."""

    power: str
    launch: str
    target: str
    facility: str
    victim: str
    roll: int
    damage: int
    total: int


@dataclass(frozen=True)
class ConvoyRoll:
    """AAG-income: one convoy die: the disrupting unit, where it is, the die and the IPCs it costs."""

    power: str
    unit: str
    value: int
    loss: int


@dataclass(frozen=True)
class ConvoyDisrupted(Event):
    """AAG-income: enemy units in convoy ``zone`` rolled against ``treasury``; ``damage`` at most the
    value of its territories beside the zone."""

    power: str
    treasury: str
    zone: str
    rolls: tuple[ConvoyRoll, ...]
    damage: int


@dataclass(frozen=True)
class IncomeCollected(Event):
    """AAG-income: ``treasury`` collected its territories' value, its national objectives, War Bonds
    (AAG40-tech) and the Burma Road (AAG40-china), less convoy losses."""

    power: str
    treasury: str
    territories: int
    objectives: tuple[ObjectiveResult, ...]
    convoy: int
    war_bonds: int
    burma_road: int
    collected: int
    left: int
    war_bonds_roll: int = 0
    note: str = ""


@dataclass(frozen=True)
class PurchaseRefunded(Event):
    """AAG-facilities: units bought that could not be placed: their IPCs back to ``treasury``."""

    power: str
    treasury: str
    units: dict[str, int]
    ipcs: int


@dataclass(frozen=True)
class VictoryChecked(Event):
    """AAG-victory: victory cities held by each side on each map, and the claim: ``claim`` a side
    meeting its condition now (empty: none), ``winner`` once it held it a full round."""

    cities: dict[str, dict[str, int]]
    claim: str = ""
    winner: str = ""
    note: str = ""


GLOBAL_OF = {cls.__bases__[0]: cls for cls in (StandingOrdersSet, UnitsMoved, TerritoryConquered,
                                                BattleResultApplied, UnitsPlaced, UnitsLost)}

GAME_EVENTS = (
    StandingOrdersSet, TurnBegan, PhaseBegan, ResearchRolled, UnitsPurchased, WarDeclared, ConditionsMet,
    FactoriesUpgraded, UnitsMoved, NeutralTaken, TerritoryConquered, RocketFired, BattleFound, FightersScrambled,
    KamikazeStruck, LossesChosen, AttackPressed, RoundChoices, BattleRoundAwaited, BattleContinued,
    BattleResultApplied, FacilityBombed, ScrambleEnded, UnitsPlaced, UnitsLost, PurchaseRefunded, ConvoyDisrupted,
    IncomeCollected, VictoryChecked,
)
