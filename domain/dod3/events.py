"""What happened, in the rulebook's words. Every rolled value and every computed amount is in
the event, so evolve and replay never roll and never recompute a rule."""
from __future__ import annotations

from dataclasses import dataclass

from domain.dod3.political_affairs.activation.messages import ActivationSkipped, MinorActivated
from domain.dod3.political_affairs.control.messages import CivilWarRecorded, ForcesInMinorRecorded
from domain.dod3.political_affairs.ending.messages import EndOfPoliticalAffairsRolled, OptionTurnFinished
from domain.dod3.political_affairs.ipo.messages import (
    EconomicAgreementBroken, EconomicAgreementMade, PowerMarkerMoved,
)
from domain.dod3.political_affairs.options.messages import (
    CreditOffered, EmbargoDeclared, GuaranteeGiven, MinorWarDeclared, OptionApproved, OptionFailed, OptionForced,
    OptionPlayed, OptionResolved, TreatyLevelChanged,
)
from domain.dod3.state import Bid, InitiativeEntry, PointKind, Step, USEntryShift, VictoryResult
from domain.kernel import Event, Seal


def bids_key(turn: int) -> str:
    return f"dod3-bids-{turn}"


def pe_key(power: str) -> str:
    return f"dod3-pe-{power}"


@dataclass(frozen=True)
class TurnBegan(Event):
    turn: int
    label: str


@dataclass(frozen=True)
class StepBegan(Event):
    turn: int
    step: Step


@dataclass(frozen=True)
class BidSubmitted(Event):
    """Rule 6.1: sealed for the bidding seat until ``BidsRevealed``."""

    turn: int
    power: str
    seat: str
    points: int
    options: int

    def seal(self) -> Seal:
        return Seal(bids_key(self.turn), frozenset({self.seat}))


@dataclass(frozen=True)
class BidsRevealed(Event):
    """Rule 6.1: every bid of the turn, revealed at once (``points`` 0: no bid)."""

    turn: int
    bids: tuple[Bid, ...]
    closed_by_moderator: bool = False

    def unseals(self) -> tuple[str, ...]:
        return (bids_key(self.turn),)


@dataclass(frozen=True)
class InitiativeDetermined(Event):
    """Rules 6.2-6.4: modifiers, final bids, the ranked track and the last card marker."""

    turn: int
    entries: tuple[InitiativeEntry, ...]
    track: tuple[str, ...]
    last_card: str | None
    democrat_queue: tuple[str, ...]


@dataclass(frozen=True)
class InitiativeMovedDown(Event):
    """Rule 6.5."""

    turn: int
    power: str
    from_position: int
    to_position: int
    track: tuple[str, ...]
    last_card: str | None


@dataclass(frozen=True)
class InitiativePositionKept(Event):
    turn: int
    power: str


@dataclass(frozen=True)
class WeatherDetermined(Event):
    """Rule 7: the d10 roll and the chart's result for the turn."""

    turn: int
    period: str
    roll: int
    result: str


@dataclass(frozen=True)
class PoliticalAffairsBegan(Event):
    turn: int
    order: tuple[str, ...]
    options: dict[str, int]
    last_card: str | None


@dataclass(frozen=True)
class OptionPassed(Event):
    turn: int
    power: str


@dataclass(frozen=True)
class PoliticalAffairsEnded(Event):
    turn: int
    reason: str


@dataclass(frozen=True)
class BonusBidPointsEarned(Event):
    """Step D. Sealed for the power's seat while its PE is face down (the award is its PE)."""

    turn: int
    power: str
    seat: str
    hidden: bool
    political_effectiveness: int
    bid_points: int
    money_lost: int

    def seal(self) -> Seal | None:
        return Seal(pe_key(self.power), frozenset({self.seat})) if self.hidden else None


@dataclass(frozen=True)
class MilitaryPointsRecorded(Event):
    turn: int
    force: str
    army_change: int
    naval_change: int
    note: str


@dataclass(frozen=True)
class TerritoryCaptured(Event):
    turn: int
    territory: str
    captor: str | None
    previous: str | None


@dataclass(frozen=True)
class SearchAndSeizureRecorded(Event):
    turn: int
    power: str
    note: str


@dataclass(frozen=True)
class WarStatusRecorded(Event):
    turn: int
    belligerent: str
    enemy: str
    at_war: bool


@dataclass(frozen=True)
class MilitaryAffairsEnded(Event):
    turn: int


@dataclass(frozen=True)
class IncomeCollected(Event):
    """Step F.1: each power's income, added to its money."""

    turn: int
    income: dict[str, int]


@dataclass(frozen=True)
class PointsBought(Event):
    turn: int
    power: str
    recipient: str
    kind: PointKind
    amount: int
    cost: int


@dataclass(frozen=True)
class ProductionEnded(Event):
    turn: int
    power: str


@dataclass(frozen=True)
class NavalRatiosRecalculated(Event):
    """Step F.3: naval points after production, from which naval ratios are read (IPO 15)."""

    turn: int
    naval_points: dict[str, int]


@dataclass(frozen=True)
class USEntryAdjusted(Event):
    """Step G: this turn's shifts, fractions kept."""

    turn: int
    shifts: tuple[USEntryShift, ...]


@dataclass(frozen=True)
class MajorPowerConquered(Event):
    turn: int
    power: str


@dataclass(frozen=True)
class ConquestEnded(Event):
    turn: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """Step I: the game goes on; naval points return to base."""

    turn: int


@dataclass(frozen=True)
class PoliticalEffectivenessRevealed(Event):
    """A face-down PE turned up (IPO 15 in part 2; every hidden PE at the end of the game)."""

    power: str
    political_effectiveness: int

    def unseals(self) -> tuple[str, ...]:
        return (pe_key(self.power),)


@dataclass(frozen=True)
class GameEnded(Event):
    """Rules 4.1-4.3: why the game ended and who won."""

    turn: int
    reason: str
    result: VictoryResult


EVENTS = (
    TurnBegan, StepBegan, BidSubmitted, BidsRevealed, InitiativeDetermined, InitiativeMovedDown,
    InitiativePositionKept, WeatherDetermined, PoliticalAffairsBegan, OptionPassed, PoliticalAffairsEnded,
    BonusBidPointsEarned, MilitaryPointsRecorded, TerritoryCaptured, SearchAndSeizureRecorded,
    WarStatusRecorded, MilitaryAffairsEnded, IncomeCollected, PointsBought, ProductionEnded,
    NavalRatiosRecalculated, USEntryAdjusted, MajorPowerConquered, ConquestEnded, TurnEnded,
    PoliticalEffectivenessRevealed, GameEnded,
    # Rules 8.1-8.7 (political affairs).
    OptionPlayed, OptionResolved, OptionApproved, OptionFailed, TreatyLevelChanged, MinorWarDeclared,
    GuaranteeGiven, EmbargoDeclared, OptionForced, PowerMarkerMoved, EconomicAgreementMade,
    EconomicAgreementBroken, MinorActivated, ActivationSkipped, EndOfPoliticalAffairsRolled, OptionTurnFinished,
    CreditOffered, ForcesInMinorRecorded, CivilWarRecorded,
)

__all__ = [cls.__name__ for cls in EVENTS] + ["EVENTS", "bids_key", "pe_key"]
