"""What travels in rules 8.2-8.4 (political options): the commands, what a player asked an option to
do, what the state keeps of options played and pending, and the events. Option-specific command
fields have defaults so a client sends only what its option needs; every value is made of
wire-friendly types. Every amount a rule computed is in the event, so evolve recomputes nothing."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.dod3.political_affairs.ipo.messages import AgreementAction, AgreementItem
from domain.kernel import Command, Event


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
class PlayOption(Command):
    """Rules 8.2-8.4: the current player selects and resolves an option.

    ``target``: the minor or major power the option names (8.2e; for an approval, the power whose
    option is approved). ``levels``: treaty levels cancelled (IPO 11). ``excess_paid_by``: a level-2
    treaty partner paying what passes the credit limit (8.2b). ``path``/``carry``: IPO 1's hexes
    entered and the minors moved along (8.7.1). ``agreement``/``items``/``break_power``: IPO 2 (8.7.2)."""

    power: str
    option: str
    target: str | None = None
    levels: int = 1
    excess_paid_by: str | None = None
    path: tuple[str, ...] = ()
    carry: tuple[str, ...] = ()
    agreement: AgreementAction = AgreementAction.MAKE
    items: tuple[AgreementItem, ...] = ()
    break_power: str | None = None

    def request(self) -> OptionRequest:
        return OptionRequest(self.option, self.target, self.levels, self.excess_paid_by, tuple(self.path),
                             tuple(self.carry), self.agreement, tuple(self.items), self.break_power)


@dataclass(frozen=True)
class OfferCredit(Command):
    """Rule 8.2b: ``power`` (a treaty partner at level 2 or more) is willing to pay, this turn, up to
    ``up_to`` of what passes ``beneficiary``'s credit limit."""

    power: str
    beneficiary: str
    up_to: int


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
class MarkerChange:
    """Rule 8.4c: a marker placed: the playing power's modifier in a minor and the new total."""

    minor: str
    nationality: str
    change: int
    total: int


@dataclass(frozen=True)
class OptionPlayed(Event):
    """Rule 8.2: the option chosen (``counted``: it counts for the end roll, rule 8.6/option 8.6);
    ``awaiting`` names the power whose approval it needs (rule 8.4a)."""

    turn: int
    power: str
    option: str
    number: str
    request: OptionRequest
    counted: bool
    awaiting: str | None = None
    approval: str | None = None


@dataclass(frozen=True)
class OptionResolved(Event):
    """Rule 8.4b-d: the cost paid (and by whom), the markers placed and the US entry shift."""

    turn: int
    power: str
    option: str
    cost: int
    paid_by: dict[str, int]
    markers: tuple[MarkerChange, ...]
    us_entry_shift: Fraction
    year: int


@dataclass(frozen=True)
class OptionApproved(Event):
    """Rule 8.4a: ``power`` approves ``option`` of ``of_power``."""

    turn: int
    power: str
    option: str
    of_power: str


@dataclass(frozen=True)
class OptionFailed(Event):
    """Rule 8.4a: an option that was not approved (or could no longer be paid) costs nothing and has
    no effects."""

    turn: int
    power: str
    option: str
    reason: str


@dataclass(frozen=True)
class TreatyLevelChanged(Event):
    """Principal effects: a treaty raised, lowered or cancelled (level 0), or a pact made."""

    turn: int
    powers: tuple[str, str]
    level: int
    previous: int
    option: str


@dataclass(frozen=True)
class MinorWarDeclared(Event):
    turn: int
    power: str
    minor: str
    since: str
    option: str


@dataclass(frozen=True)
class GuaranteeGiven(Event):
    turn: int
    power: str
    minor: str
    option: str


@dataclass(frozen=True)
class EmbargoDeclared(Event):
    turn: int
    power: str
    target: str
    option: str


@dataclass(frozen=True)
class OptionForced(Event):
    """Rule 8.2f: ``power`` must play ``option`` as its next choice."""

    turn: int
    power: str
    option: str
    by_option: str


@dataclass(frozen=True)
class CreditOffered(Event):
    turn: int
    payer: str
    beneficiary: str
    up_to: int
