"""Commands of the whole game (imperative). ``power``: acting for that power (its seat or the
moderator). ``ENDS_STEP``: sending it ends the power's current step (legal-commands and the view's
``turn.ends_step`` name it)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from domain.kernel import Command


@dataclass(frozen=True)
class SetStandingOrders(Command):
    """Sealed standing orders (see ``StandingOrders``); any time, replacing the power's last ones."""

    power: str
    order_of_losses: tuple[str, ...] = ()
    submerge: bool = False
    retreat_below: Fraction | None = None
    retreat_after_round: int | None = None
    interactive: bool = False
    destroy_factories: bool = True
    emergency_infantry: bool = True
    raid_zones: dict[str, str] = field(default_factory=dict)
    lend_lease: dict[str, int] = field(default_factory=dict)
    ENDS_STEP: ClassVar[bool] = False
    COMMUTES: ClassVar[bool] = True


@dataclass(frozen=True)
class Purchase(Command):
    """AAR-purchase (form ``BUY 3 INF 1 ARM``): units, and ICs each declared with its territory
    (AAR1-ic-cost). Ends the purchase; income is collected at once (AAR1-seq)."""

    power: str
    units: dict[str, int] = field(default_factory=dict)
    factories: tuple[str, ...] = ()
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class MoveUnits(Command):
    """AAR-move-* (form ``MOVE 2 INF 1 ARM Karelia S.S.R. -> Archangel``): ``units`` travel ``route``
    (start first). ``cargo``/``load_from``/``unload_to``: land units aboard moving transports
    (AAR-transport). ``bombing``: bombers ending in an enemy territory with an IC raid it (AAR-sbr)."""

    power: str
    units: dict[str, int]
    route: tuple[str, ...]
    cargo: dict[str, int] = field(default_factory=dict)
    load_from: str | None = None
    unload_to: str | None = None
    bombing: bool = False
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class FireRockets(Command):
    """AAR-tech Rockets: the AA guns of ``launch`` strike the enemy IC in ``target`` (combat move)."""

    power: str
    launch: str
    target: str
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class EndCombatMove(Command):
    """Ends the combat move: the battles it made are fought in the rules' order (AAR-battle)."""

    power: str
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class ChooseLosses(Command):
    """AAR-casualties (form ``LOSSES INF INF ARM``): this power's order of losses for the next round
    of a battle that waits for it."""

    power: str
    battle_id: str
    losses: tuple[str, ...] = ()
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class PressAttack(Command):
    """AAR-retreat: the attacker fights the next round."""

    power: str
    battle_id: str
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class Retreat(Command):
    """AAR-retreat (form ``RETREAT TO Ukraine S.S.R.``): the attacker retreats to ``to``."""

    power: str
    battle_id: str
    to: str
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class UseStandingOrders(Command):
    """The power's standing orders decide what a waiting battle asks of it."""

    power: str
    battle_id: str
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class BuyEmergencyInfantry(Command):
    """AAR1-emergency: infantry at a VC attacked before its defender's first turn (0: none)."""

    power: str
    battle_id: str
    count: int
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class EndNonCombatMove(Command):
    power: str
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class PlaceUnits(Command):
    """AAR-place (form ``PLACE 2 INF Russia``): bought units at ``territory`` (sea units in ``zone``, a
    sea zone beside it)."""

    power: str
    territory: str
    units: dict[str, int]
    zone: str | None = None
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class EndPlacement(Command):
    """Ends placement: units left unplaced are lost, then aircraft with nowhere to land."""

    power: str
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class DevelopWeapons(Command):
    """AAR-tech: ``dice`` research dice (0: none) at 5 IPCs each, for the advance named first. Ends the turn."""

    power: str
    dice: int = 0
    advance: str = ""
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class BidTurns(Command):
    """AAR1-victory, minor: ``side``'s sealed bid of the turns the game lasts if it plays the Axis,
    sent by a seat holding one of the side's powers."""

    side: str
    turns: int
    COMMUTES: ClassVar[bool] = True  # sealed: it does not depend on the other side's bid


GAME_COMMANDS = (BidTurns, SetStandingOrders, Purchase, MoveUnits, FireRockets, EndCombatMove, ChooseLosses,
                 PressAttack, Retreat, UseStandingOrders, BuyEmergencyInfantry, EndNonCombatMove, PlaceUnits,
                 EndPlacement, DevelopWeapons)
