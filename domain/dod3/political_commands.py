"""What seats ask for in political affairs (rules 8.1-8.7). Option-specific fields have defaults so
a client sends only what its option needs; nested values are plain frozen dataclasses."""
from __future__ import annotations

from dataclasses import dataclass

from domain.dod3.political_state import AgreementAction, AgreementItem, Conversion, MarkerMove, OptionRequest
from domain.kernel import Command


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
class ActivateMinor(Command):
    """Rule 8.5: activate a minor: conversions first (8.5b), then every modifier in the minor in
    the order given, each with the hexes its marker enters (8.5c-f)."""

    power: str
    minor: str
    conversions: tuple[Conversion, ...] = ()
    moves: tuple[MarkerMove, ...] = ()


@dataclass(frozen=True)
class OfferCredit(Command):
    """Rule 8.2b: ``power`` (a treaty partner at level 2 or more) is willing to pay, this turn, up to
    ``up_to`` of what passes ``beneficiary``'s credit limit."""

    power: str
    beneficiary: str
    up_to: int


@dataclass(frozen=True)
class RecordForcesInMinor(Command):
    """Moderator: the major powers with units in a minor (rules 8.1h-i), until military affairs
    place them."""

    minor: str
    forces: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordCivilWar(Command):
    """Moderator: a minor is (or is no longer) in civil war (rules 8.1g, 8.7.2)."""

    minor: str
    in_civil_war: bool = True


POLITICAL_COMMANDS = (PlayOption, ActivateMinor, OfferCredit, RecordForcesInMinor, RecordCivilWar)
