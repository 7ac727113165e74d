"""Events of the Gathering Storm ruleset (chapter 32). All public: support levels are recorded once
revealed (32.82), and declarations and threats are announced, so nothing here is sealed."""
from __future__ import annotations

from dataclasses import dataclass

from domain.gathering_storm.verdict import ConcessionDemand, Kind, Outcome, Verdict
from domain.kernel import Event


@dataclass(frozen=True)
class BalanceOfPowerRecorded(Event):
    axis_advantage: int


@dataclass(frozen=True)
class SupportLevelRecorded(Event):
    major_power: str
    level: int


@dataclass(frozen=True)
class TemporarySupportIncreaseRecorded(Event):
    allied_power: str
    axis_power: str
    amount: int


@dataclass(frozen=True)
class SecondAggressionSupportIncreaseRecorded(Event):
    allied_power: str
    axis_power: str
    amount: int


@dataclass(frozen=True)
class EaiRecorded(Event):
    value: int


@dataclass(frozen=True)
class ResistanceLevelRecorded(Event):
    minor: str
    level: int


@dataclass(frozen=True)
class AggressionRecorded(Event):
    aggressor: str
    aggression: str | None
    resistance_level: int = 0
    backed_down: bool = False


@dataclass(frozen=True)
class SuccessfulAggressionRecorded(Event):
    aggression: str
    successful: bool
    turn: int


@dataclass(frozen=True)
class ControlRecorded(Event):
    country: str
    controller: str | None
    acquired_turn: int
    by_aggression: bool = True


@dataclass(frozen=True)
class FlagsRecorded(Event):
    country: str
    axis: int
    allied: int
    russian: int


@dataclass(frozen=True)
class TradePactRecorded(Event):
    minor: str
    major_power: str | None


@dataclass(frozen=True)
class NaziSovietPactRecorded(Event):
    signed: bool


@dataclass(frozen=True)
class FactoriesRecorded(Event):
    major_power: str
    idle: int
    civilian: int
    military: int


@dataclass(frozen=True)
class RussianCohesionRecorded(Event):
    full: bool


@dataclass(frozen=True)
class DeclarationOfWarMade(Event):
    power: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ThreatOfWarMade(Event):
    power: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class CrisisPhaseClosed(Event):
    """32.82: no more facts or declarations this turn; adjudication starts."""

    turn: int


@dataclass(frozen=True)
class DeclarationAdjudicated(Event):
    """One declaration judged, with its full breakdown and what came of it."""

    verdict: Verdict
    threatened: bool
    outcome: Outcome


@dataclass(frozen=True)
class AdjudicationStageCompleted(Event):
    """Stages run in the order of 32.82: "response", "german", "allied", "russian"."""

    stage: str


@dataclass(frozen=True)
class ConcessionsDemanded(Event):
    demand: ConcessionDemand


@dataclass(frozen=True)
class ConcessionsMade(Event):
    conceding_power: str
    beneficiary: str
    level: int
    declarers: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ConcessionsDeclined(Event):
    conceding_power: str
    declarers: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class WarBrokeOut(Event):
    declarer: str
    target: str
    kind: Kind
    rule_id: str
    cause: str


@dataclass(frozen=True)
class CrisisPhaseEnded(Event):
    turn: int
    war: bool


@dataclass(frozen=True)
class GameEnded(Event):
    """War broke out between major powers: Gathering Storm ends (32.44, 32.83)."""

    reason: str


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int


EVENTS = (
    BalanceOfPowerRecorded, SupportLevelRecorded, TemporarySupportIncreaseRecorded,
    SecondAggressionSupportIncreaseRecorded, EaiRecorded, ResistanceLevelRecorded, AggressionRecorded,
    SuccessfulAggressionRecorded, ControlRecorded, FlagsRecorded, TradePactRecorded,
    NaziSovietPactRecorded, FactoriesRecorded, RussianCohesionRecorded, DeclarationOfWarMade,
    ThreatOfWarMade, CrisisPhaseClosed, DeclarationAdjudicated, AdjudicationStageCompleted,
    ConcessionsDemanded, ConcessionsMade, ConcessionsDeclined, WarBrokeOut, CrisisPhaseEnded,
    GameEnded, TurnStarted,
)
