"""What seats ask for. A ``power`` field means "acting for this power"; moderator-only commands
name their subject otherwise (``force``, ``captor``, ``major_power``) so the seat check stays
the service's 403 and the moderator check stays the rule's."""
from __future__ import annotations

from dataclasses import dataclass

from domain.dod3.political_affairs.activation.messages import ActivateMinor
from domain.dod3.political_affairs.control.messages import RecordCivilWar, RecordForcesInMinor
from domain.dod3.political_affairs.options.messages import OfferCredit, PlayOption
from domain.dod3.state import PointKind
from domain.kernel import Command


@dataclass(frozen=True)
class SubmitBid(Command):
    """Rule 6.1: a sealed bid; ``points`` 0 means no bid, ``options`` is how many options it bids for.

    Numbers are typed ``int | float`` so a fractional bid reaches the rule (and is refused with
    DOD3-6.1) instead of failing as a malformed request."""

    COMMUTES = True  # sealed and simultaneous: no other bid changes what this one means

    power: str
    points: int | float = 0
    options: int | float = 1


@dataclass(frozen=True)
class CloseBidding(Command):
    """Moderator: reveal now; powers that have not submitted made no bid."""


@dataclass(frozen=True)
class MoveDownInitiative(Command):
    """Rule 6.5: a Democrat moves down to ``position`` (1 = first)."""

    power: str
    position: int


@dataclass(frozen=True)
class KeepInitiativePosition(Command):
    """Rule 6.5: a Democrat declines its chance to move down."""

    power: str


@dataclass(frozen=True)
class RollWeather(Command):
    """Rule 7: the first power on the initiative track (or the moderator) rolls for the weather."""


@dataclass(frozen=True)
class PassOption(Command):
    """Step C: the power whose turn it is plays no option for its current bid."""

    power: str


@dataclass(frozen=True)
class EndPoliticalAffairs(Command):
    """Moderator: political affairs end for this turn (e.g. resolved away from the table)."""

    reason: str = ""


@dataclass(frozen=True)
class RecordMilitaryPoints(Command):
    """Moderator, step E: army/naval point changes from combat played away from the engine."""

    force: str
    army_change: int = 0
    naval_change: int = 0
    note: str = ""


@dataclass(frozen=True)
class RecordCapture(Command):
    """Moderator, steps E/H: a territory (with its objectives, resources and factories) changes hands."""

    territory: str
    captor: str | None = None


@dataclass(frozen=True)
class RecordSearchAndSeizure(Command):
    """Moderator, step E: a power conducted search and seizure (it shifts US entry in step G)."""

    by: str
    note: str = ""


@dataclass(frozen=True)
class RecordWarStatus(Command):
    """Moderator: two major powers go to war or make peace (until political options declare it)."""

    belligerent: str
    enemy: str
    at_war: bool = True


@dataclass(frozen=True)
class EndMilitaryAffairs(Command):
    """Moderator: step E is over."""


@dataclass(frozen=True)
class BuyPoints(Command):
    """Step F: buy points within the credit limit; RU or CH may buy for ``recipient`` CC."""

    power: str
    kind: PointKind
    amount: int
    recipient: str | None = None


@dataclass(frozen=True)
class EndProduction(Command):
    power: str


@dataclass(frozen=True)
class RecordConquest(Command):
    """Moderator, step H: a major power has been completely conquered."""

    major_power: str


@dataclass(frozen=True)
class EndConquest(Command):
    """Moderator: step H is over."""


COMMANDS = (
    SubmitBid, CloseBidding, MoveDownInitiative, KeepInitiativePosition, RollWeather, PassOption,
    EndPoliticalAffairs, RecordMilitaryPoints, RecordCapture, RecordSearchAndSeizure, RecordWarStatus,
    EndMilitaryAffairs, BuyPoints, EndProduction, RecordConquest, EndConquest,
    # Rules 8.1-8.7 (political affairs).
    PlayOption, ActivateMinor, OfferCredit, RecordForcesInMinor, RecordCivilWar,
)

__all__ = [cls.__name__ for cls in COMMANDS] + ["COMMANDS"]
