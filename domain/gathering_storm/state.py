"""State of a Gathering Storm game for chapter 32: the turn's facts, the standing facts and the crisis.

Frozen dataclasses holding tuples and plain dicts (never mutated: evolve copies), so state pickles.
The turn's facts are recorded by the moderator for each turn and start again from zero when a new
turn starts (support levels are recomputed each turn; concessions last only their turn, 32.83B).
Standing facts (factories, flags, trade pacts, the Pact, successful aggressions, control, cohesion)
carry over until the moderator records a change."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from domain.gathering_storm.verdict import Adjudicated, ConcessionDemand, Kind


class Phase(enum.Enum):
    CRISIS = "crisis"                # facts, declarations and threats are recorded
    ADJUDICATION = "adjudication"    # the crisis phase has closed; waiting for answers to threats
    CONCLUDED = "concluded"          # no war this turn; the turn's results stand until the next turn
    OVER = "over"                    # war broke out: the game has ended


@dataclass(frozen=True)
class Factories:
    """A major power's factories; fully mobilized = no idle and no civilian factory (32.41C, 32.61B)."""

    idle: int = 0
    civilian: int = 0
    military: int = 0

    @property
    def fully_mobilized(self) -> bool:
        return self.idle == 0 and self.civilian == 0


@dataclass(frozen=True)
class Flags:
    """Diplomatic flags in a country, by side (32.72C, 32.72D)."""

    axis: int = 0
    allied: int = 0
    russian: int = 0


@dataclass(frozen=True)
class CurrentAggression:
    """The aggressive demand an Axis power makes this turn; backing down means it is not committing it."""

    aggression: str
    resistance_level: int = 0
    backed_down: bool = False


@dataclass(frozen=True)
class Control:
    controller: str
    acquired_turn: int
    by_aggression: bool = True


@dataclass(frozen=True)
class Intention:
    """A declaration (or threat) made during the crisis phase, judged at its end (32.82)."""

    power: str
    targets: tuple[str, ...]
    threat: bool = False


@dataclass(frozen=True)
class Concession:
    """Concessions made this turn (32.83): the beneficiary's support rises and the conceder's falls."""

    conceding_power: str
    beneficiary: str
    level: int
    declarers: tuple[str, ...]
    targets: tuple[str, ...]

    def covers(self, declarer: str, target: str) -> bool:
        """True for the declarations this concession bought off."""
        return declarer in self.declarers and target in self.targets


@dataclass(frozen=True)
class War:
    declarer: str
    target: str
    kind: Kind
    rule_id: str
    cause: str


@dataclass(frozen=True)
class TurnFacts:
    """Facts the moderator records for the current turn (reset when a turn starts)."""

    balance_of_power: int = 0                          # positive favours the Axis, negative the Allies
    support: dict[str, int] = field(default_factory=dict)
    temporary_increases: dict[tuple[str, str], int] = field(default_factory=dict)   # (ally, axis power)
    second_aggression_increases: dict[tuple[str, str], int] = field(default_factory=dict)
    eai: int = 0
    resistance: dict[str, int] = field(default_factory=dict)   # eastern neighbours, 28.2-28.4 only
    aggressions: dict[str, CurrentAggression] = field(default_factory=dict)   # aggressor -> demand
    recorded: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Crisis:
    """The crisis phase of the current turn: declarations made and their adjudication."""

    intentions: tuple[Intention, ...] = ()
    stages_done: tuple[str, ...] = ()
    verdicts: tuple[Adjudicated, ...] = ()
    pending: tuple[ConcessionDemand, ...] = ()
    concessions: tuple[Concession, ...] = ()
    wars: tuple[War, ...] = ()


@dataclass(frozen=True)
class GatheringStormState:
    seats: dict[str, tuple[str, ...]]
    turn: int = 1
    phase: Phase = Phase.CRISIS
    facts: TurnFacts = TurnFacts()
    factories: dict[str, Factories] = field(default_factory=dict)
    flags: dict[str, Flags] = field(default_factory=dict)
    trade_pacts: dict[str, str] = field(default_factory=dict)       # minor -> major power
    nazi_soviet_pact: bool = False
    successful_aggressions: dict[str, int] = field(default_factory=dict)   # aggression -> turn
    demands_made: dict[str, int] = field(default_factory=dict)   # 32.61B: demands of turns ended without war
    control: dict[str, Control] = field(default_factory=dict)
    russian_full_cohesion: bool = False
    crisis: Crisis = Crisis()
    end_reason: str | None = None
    wars: tuple[War, ...] = ()

    def factories_of(self, power: str) -> Factories:
        return self.factories.get(power, Factories())

    def fully_mobilized(self, power: str) -> bool:
        """32.41C, 32.61B: all idle and civilian factories converted; a power whose factories were never
        recorded is not taken to be mobilized (every power starts the game short of it)."""
        return power in self.factories and self.factories[power].fully_mobilized

    def flags_in(self, country: str) -> Flags:
        return self.flags.get(country, Flags())

    def committing(self, aggressor: str) -> CurrentAggression | None:
        """32.61B: the aggression ``aggressor`` commits this turn (a backed-down demand does not count)."""
        current = self.facts.aggressions.get(aggressor)
        return None if current is None or current.backed_down else current

    def at_war(self, a: str, b: str) -> bool:
        """At war this turn, whichever of the two declared."""
        return any({w.declarer, w.target} == {a, b} for w in self.crisis.wars)

    def controller_of(self, country: str) -> str | None:
        record = self.control.get(country)
        return record.controller if record else None
