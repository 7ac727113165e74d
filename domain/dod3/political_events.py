"""What happened in political affairs (rules 8.1-8.7). Every amount a rule computed and every die
rolled is in the event, so evolve and replay recompute nothing."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.dod3.political_state import AgreementItem, AppliedMove, Conversion, MarkerChange, OptionRequest
from domain.kernel import Event


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
class PowerMarkerMoved(Event):
    """Rule 8.7.1 (IPO 1): the power's marker (with the minors it carried) entered ``path``."""

    turn: int
    power: str
    points: int
    path: tuple[str, ...]
    costs: tuple[int, ...]
    carried: tuple[str, ...]


@dataclass(frozen=True)
class EconomicAgreementMade(Event):
    """Rule 8.7.2 (IPO 2): ``power``'s markers on a red factory or one or two resources."""

    turn: int
    power: str
    minor: str
    items: tuple[AgreementItem, ...]


@dataclass(frozen=True)
class EconomicAgreementBroken(Event):
    """Rule 8.7.2 (IPO 2): ``power`` removes ``owner``'s markers (its own or another power's)."""

    turn: int
    power: str
    owner: str
    minor: str
    items: tuple[AgreementItem, ...]


@dataclass(frozen=True)
class MinorActivated(Event):
    """Rule 8.5: the conversions made, each modifier as applied, the minor's final hex; every
    modifier in the minor returns to its owner."""

    turn: int
    power: str
    minor: str
    start: str
    conversions: tuple[Conversion, ...]
    moves: tuple[AppliedMove, ...]
    end: str


@dataclass(frozen=True)
class ActivationSkipped(Event):
    """Rule 8.5a: no minor to activate, or the option says not to."""

    turn: int
    power: str
    reason: str


@dataclass(frozen=True)
class EndOfPoliticalAffairsRolled(Event):
    """Rule 8.6: the d10, the options already played, the war modifiers and whether it ended."""

    turn: int
    power: str
    roll: int
    previous_options: int
    war_modifier: int
    result: int
    ended: bool


@dataclass(frozen=True)
class OptionTurnFinished(Event):
    """Rule 8.6: the current player's option is over; its next bid, or the next power."""

    turn: int
    power: str


@dataclass(frozen=True)
class CreditOffered(Event):
    turn: int
    payer: str
    beneficiary: str
    up_to: int


@dataclass(frozen=True)
class ForcesInMinorRecorded(Event):
    turn: int
    minor: str
    forces: tuple[str, ...]


@dataclass(frozen=True)
class CivilWarRecorded(Event):
    turn: int
    minor: str
    in_civil_war: bool


POLITICAL_EVENTS = (
    OptionPlayed, OptionResolved, OptionApproved, OptionFailed, TreatyLevelChanged, MinorWarDeclared,
    GuaranteeGiven, EmbargoDeclared, OptionForced, PowerMarkerMoved, EconomicAgreementMade,
    EconomicAgreementBroken, MinorActivated, ActivationSkipped, EndOfPoliticalAffairsRolled, OptionTurnFinished,
    CreditOffered, ForcesInMinorRecorded, CivilWarRecorded,
)
