"""Commands of the Gathering Storm ruleset (chapter 32).

Moderator facts (``Record*``) describe the turn as the rest of the game left it; the service may
only accept them from the moderator seat. Fields naming the power a fact is about are
``major_power``/``allied_power``/``axis_power``, never ``power``: ``power`` means "acting for this
power" and is used only by the commands a power's seat sends (DeclareWar, ThreatenWar,
MakeConcessions, DeclineConcessions)."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command


@dataclass(frozen=True)
class RecordBalanceOfPower(Command):
    """32.32: the Axis-Allied balance of power; positive favours the Axis, negative the Allies."""

    axis_advantage: int


@dataclass(frozen=True)
class RecordSupportLevel(Command):
    """32.33: a major power's support level this turn (as revealed, 32.82), any integer."""

    major_power: str
    level: int


@dataclass(frozen=True)
class RecordTemporarySupportIncrease(Command):
    """32.33C: temporary Allied support increase from ``axis_power``'s aggression (replaces the amount)."""

    allied_power: str
    axis_power: str
    amount: int


@dataclass(frozen=True)
class RecordSecondAggressionSupportIncrease(Command):
    """32.61B: Allied support increase from ``axis_power``'s second aggression (replaces the amount)."""

    allied_power: str
    axis_power: str
    amount: int


@dataclass(frozen=True)
class RecordEai(Command):
    """32.34: the European Aggression Index this turn, uncapped (the cap applies to its effect)."""

    value: int


@dataclass(frozen=True)
class RecordResistanceLevel(Command):
    """32.42D, 32.43D: an eastern neighbour's resistance level from modifiers 28.2-28.4."""

    minor: str
    level: int


@dataclass(frozen=True)
class RecordAggression(Command):
    """The aggressive demand ``aggressor`` makes this turn (None withdraws the record), the target's
    resistance level (28.11, 32.62D, 32.72E) and whether the aggressor backed down (32.61B)."""

    aggressor: str
    aggression: str | None
    resistance_level: int = 0
    backed_down: bool = False


@dataclass(frozen=True)
class RecordSuccessfulAggression(Command):
    """32.61B: a successful aggression counted in its aggressor's total (``successful=False`` removes it).
    ``turn`` defaults to the current turn."""

    aggression: str
    successful: bool = True
    turn: int | None = None


@dataclass(frozen=True)
class RecordControl(Command):
    """32.42D, 32.43, 32.71B: who controls a tracked country (None: nobody), since when, and whether
    it was taken by aggression. ``acquired_turn`` defaults to the current turn."""

    country: str
    controller: str | None
    acquired_turn: int | None = None
    by_aggression: bool = True


@dataclass(frozen=True)
class RecordFlags(Command):
    """32.72C/D: diplomatic flags in Russia or a minor country, by side."""

    country: str
    axis: int = 0
    allied: int = 0
    russian: int = 0


@dataclass(frozen=True)
class RecordTradePact(Command):
    """32.72D: the major power holding a trade pact with a minor country (None: no pact)."""

    minor: str
    major_power: str | None


@dataclass(frozen=True)
class RecordNaziSovietPact(Command):
    """32.21A/E, 32.73: whether the Nazi-Soviet Pact has been signed."""

    signed: bool


@dataclass(frozen=True)
class RecordFactories(Command):
    """32.41C, 32.61B: a major power's idle, civilian and military factories."""

    major_power: str
    idle: int
    civilian: int
    military: int


@dataclass(frozen=True)
class RecordRussianCohesion(Command):
    """32.71D: whether Russia has reached full cohesion."""

    full: bool


@dataclass(frozen=True)
class DeclareWar(Command):
    """32.11: ``power`` declares war on ``targets``; judged at the end of the crisis phase (32.82).
    Germany names Britain and France together (32.42). Made by a power the rules allow only to threaten
    (not fully mobilized, 32.41C/32.61B), it is judged as a threat."""

    power: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ThreatenWar(Command):
    """32.44, 32.61B: ``power`` threatens pre-emptive war on ``targets``; judged at the end of the crisis
    phase, when the threatened power may make concessions (32.83). Only Germany and the Allies threaten;
    a fully mobilized power's threat cannot be bought off (32.12), so it is judged as a declaration, as
    is an Allied threat against a power committing an aggression (32.61A)."""

    power: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class MakeConcessions(Command):
    """32.83: ``power`` makes the concessions demanded of it; ``beneficiary`` only on a support tie."""

    power: str
    beneficiary: str | None = None


@dataclass(frozen=True)
class DeclineConcessions(Command):
    """32.83: ``power`` refuses the concessions: war breaks out and the game ends."""

    power: str


@dataclass(frozen=True)
class EndCrisisPhase(Command):
    """32.82: the moderator closes the crisis phase; every declaration is judged now."""


@dataclass(frozen=True)
class StartTurn(Command):
    """The moderator starts the next turn once a crisis phase ended without war: the turn's facts,
    declarations and concessions are cleared (32.83B); standing facts carry over."""


FACT_COMMANDS = (
    RecordBalanceOfPower, RecordSupportLevel, RecordTemporarySupportIncrease,
    RecordSecondAggressionSupportIncrease, RecordEai, RecordResistanceLevel, RecordAggression,
    RecordSuccessfulAggression, RecordControl, RecordFlags, RecordTradePact, RecordNaziSovietPact,
    RecordFactories, RecordRussianCohesion,
)
COMMANDS = FACT_COMMANDS + (DeclareWar, ThreatenWar, MakeConcessions, DeclineConcessions, EndCrisisPhase,
                           StartTurn)
