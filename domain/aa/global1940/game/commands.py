"""Commands of the whole Global 1940 game (imperative). ``power``: acting for that power (its seat
or the moderator). ``ENDS_STEP``: sending it ends the power's current step (legal-commands and the
view's ``turn.ends_step`` name it). The moves, battle choices and placement are the Revised game's
commands (``domain.aa.revised_phase_one.game.commands``), re-exported here; a command of the same
name here (``Purchase``, ``SetStandingOrders``, ``FireRockets``) is this game's own."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from domain.aa.revised_phase_one.game.commands import (
    ChooseLosses,
    EndCombatMove,
    EndNonCombatMove,
    EndPlacement,
    MoveUnits,
    PlaceUnits,
    PressAttack,
    Retreat,
    UseStandingOrders,
)
from domain.kernel import Command


@dataclass(frozen=True)
class SetStandingOrders(Command):
    """Sealed standing orders (``GlobalStandingOrders``): any time, replacing the power's last ones."""

    power: str
    order_of_losses: tuple[str, ...] = ()
    submerge: bool = False
    retreat_below: Fraction | None = None
    retreat_after_round: int | None = None
    interactive: bool = False
    scramble: bool = False
    kamikaze: int = 0
    kamikaze_targets: tuple[str, ...] = ()
    ENDS_STEP: ClassVar[bool] = False
    COMMUTES: ClassVar[bool] = True


@dataclass(frozen=True)
class Research(Command):
    """AAG40-rd (form ``RESEARCH 2 DICE land_production``): ``dice`` research dice at 5 IPCs each
    (0: no research), the chart rolled on if a die shows a 6. Ends the research step."""

    power: str
    dice: int = 0
    chart: str = ""
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class Purchase(Command):
    """AAG-facilities, AAG-china (form ``BUY 3 INF 1 ARM``): units (complexes and bases too, placed
    later) and repairs (territory -> damage points removed) paid from ``economy`` (a power with two
    treasuries buys once from each, in the board's order; empty: the next one). The last one ends
    the purchase."""

    power: str
    units: dict[str, int] = field(default_factory=dict)
    repairs: dict[str, int] = field(default_factory=dict)
    economy: str = ""
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class DeclareWar(Command):
    """AAG-politics, AAG-neutral (form ``DECLARE WAR ON Japan``): in the politics step, on a power or
    a kind of neutral (``True neutral``)."""

    power: str
    target: str
    ENDS_STEP: ClassVar[bool] = False


@dataclass(frozen=True)
class EndPolitics(Command):
    """Ends the politics step: the combat move begins."""

    power: str
    ENDS_STEP: ClassVar[bool] = True


@dataclass(frozen=True)
class FireRockets(Command):
    """AAG40-tech Rockets: in the combat move, the air base in ``launch`` strikes an enemy complex or
    base in ``target``."""

    power: str
    launch: str
    target: str
    ENDS_STEP: ClassVar[bool] = False


GAME_COMMANDS = (SetStandingOrders, Research, Purchase, DeclareWar, EndPolitics, MoveUnits, FireRockets,
                 EndCombatMove, ChooseLosses, PressAttack, Retreat, UseStandingOrders, EndNonCombatMove, PlaceUnits,
                 EndPlacement)

__all__ = [
    "GAME_COMMANDS",
    "ChooseLosses",
    "DeclareWar",
    "EndCombatMove",
    "EndNonCombatMove",
    "EndPlacement",
    "EndPolitics",
    "FireRockets",
    "MoveUnits",
    "PlaceUnits",
    "PressAttack",
    "Purchase",
    "Research",
    "Retreat",
    "SetStandingOrders",
    "UseStandingOrders",
]
