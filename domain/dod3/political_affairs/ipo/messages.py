"""What travels for IPO 1 and IPO 2 (rule 8.7): the economic agreement items a player names and the
events of both options. Made only of wire-friendly types."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from domain.kernel import Event


class AgreementAction(Enum):
    """Rule 8.7.2 (IPO 2): make an economic agreement or break one."""

    MAKE = "make"
    BREAK = "break"


FACTORY = "factory"  # the ``kind`` of an agreement item that is a red factory (others are resource kinds)


@dataclass(frozen=True)
class AgreementItem:
    """Rule 8.7.2: a red factory or a resource (``resource``/``oil``) of a minor or its colony."""

    location: str
    kind: str


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
