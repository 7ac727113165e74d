"""State values of rules 8.1-8.7 (political affairs): options played and pending this step, what a
player asked an option to do, economic agreement items, credit offers and marker moves.

They travel in commands and events too, so they are made only of wire-friendly types."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class PoliticalStage(Enum):
    """Rule 8.2/5 C: the current player chooses an option, then activates a minor (8.5)."""

    CHOOSE = "choose"
    ACTIVATE = "activate"


class AgreementAction(Enum):
    """Rule 8.7.2 (IPO 2): make an economic agreement or break one."""

    MAKE = "make"
    BREAK = "break"


@dataclass(frozen=True)
class AgreementItem:
    """Rule 8.7.2: a red factory or a resource (``resource``/``oil``) of a minor or its colony."""

    location: str
    kind: str


@dataclass(frozen=True)
class OptionRequest:
    """What the player asked of an option (kept with a pending option until it is approved)."""

    option: str
    target: str | None = None
    levels: int = 1
    excess_paid_by: str | None = None
    path: tuple[str, ...] = ()
    carry: tuple[str, ...] = ()
    agreement: AgreementAction = AgreementAction.MAKE
    items: tuple[AgreementItem, ...] = ()
    break_power: str | None = None


@dataclass(frozen=True)
class Play:
    """Rule 8.6: an option played this step (``counted`` is False for MP 0 under option 8.6)."""

    power: str
    option: str
    counted: bool


@dataclass(frozen=True)
class PendingOption:
    """Rule 8.4a: an option waiting for ``approver`` to play its ``approval`` this turn."""

    power: str
    request: OptionRequest
    approver: str
    approval: str


@dataclass(frozen=True)
class CreditOffer:
    """Rule 8.2b: a treaty partner willing to pay what passes ``beneficiary``'s credit limit."""

    turn: int
    payer: str
    beneficiary: str
    up_to: int


@dataclass(frozen=True)
class Conversion:
    """Rule 8.5b: the negative modifier of ``nationality`` (at war with the minor) becomes a
    positive one of ``into`` (at war with ``nationality``)."""

    nationality: str
    into: str


@dataclass(frozen=True)
class MarkerMove:
    """Rule 8.5c: one modifier applied: its nationality, whether it is a converted one, and the
    hexes the minor's marker enters, in order (empty: it does not move)."""

    nationality: str
    path: tuple[str, ...] = ()
    converted_from: str | None = None


@dataclass(frozen=True)
class AppliedMove:
    """A modifier as applied: the points it had, the cost of each hex entered and where it ended."""

    nationality: str
    value: int
    converted_from: str | None
    path: tuple[str, ...]
    costs: tuple[int, ...]
    end: str


@dataclass(frozen=True)
class MarkerChange:
    """Rule 8.4c: a marker placed: the playing power's modifier in a minor and the new total."""

    minor: str
    nationality: str
    change: int
    total: int
