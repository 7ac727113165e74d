"""The whole game's state (AAG-order): the Revised game's ``Game`` (whose turn, which phase, the
position, treasuries, this turn's moves and battles, standing orders, the winner) with what Global
1940 adds: the UK's two treasuries (a treasury is a power's name or one of its economies), this
turn's purchases and production per treasury, research, the lasting political conditions, the
attacks made (AAG40-mongolia), scrambles and kamikaze tokens (AAG-battle), objectives paid once
and the victory claim (AAG-victory).

Held in ``GlobalState.game`` (None in a battles-only game, whose state stays as it always was)."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.aa.battles.state import AAState
from domain.aa.board import GlobalPosition
from domain.aa.revised_phase_one.game.state import Game, StandingOrders


@dataclass(frozen=True)
class GlobalOptions:
    """Agreed before the game. ``rounds``: the game ends after that round's last turn (0: not
    before a side wins); the side holding more victory cities then wins, else a draw."""

    rounds: int = 0


@dataclass(frozen=True)
class GlobalStandingOrders(StandingOrders):
    """The Revised standing orders (losses, submerging, retreating, choosing itself) plus the
    Global defender decisions (AAG-battle): ``scramble`` (its fighters and tactical bombers at an
    air base defend a sea zone beside it when a battle comes there), ``kamikaze`` (strikes to spend
    on each sea battle where it defends in a kamikaze zone) and ``kamikaze_targets`` (the ships
    struck first; unlisted ones follow, dearest first)."""

    scramble: bool = False
    kamikaze: int = 0
    kamikaze_targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class ObjectiveResult:
    """AAG-income: one national objective at an income: what it paid (0: missed); ``once``: paid once
    a game."""

    id: str
    title: str
    ipcs: int
    once: bool = False


@dataclass(frozen=True)
class GlobalIncome:
    """AAG-income: what a treasury counted, lost to convoys and collected at its last income."""

    round: int
    territories: int
    objectives: tuple[ObjectiveResult, ...] = ()
    convoy: int = 0
    war_bonds: int = 0
    burma_road: int = 0
    collected: int = 0
    note: str = ""


@dataclass(frozen=True)
class Scramble:
    """AAG-battle: ``units`` of ``power`` flew from ``territory`` to defend ``zone`` this turn."""

    power: str
    territory: str
    zone: str
    units: dict[str, int]


@dataclass(frozen=True)
class VictoryClaim:
    """AAG-victory: ``side`` has met its condition since the end of ``power``'s turn of ``round``."""

    side: str
    round: int
    power: str


@dataclass(frozen=True)
class GlobalGame(Game):
    options: GlobalOptions
    position: GlobalPosition
    standing: dict[str, GlobalStandingOrders] = field(default_factory=dict)
    income: dict[str, GlobalIncome] = field(default_factory=dict)
    bought_by: dict[str, dict[str, int]] = field(default_factory=dict)  # treasury -> units bought, unplaced
    purchased: tuple[str, ...] = ()  # treasuries that bought this turn
    produced: dict[str, int] = field(default_factory=dict)  # territory -> units its complex placed this turn
    researched: bool = False
    conditions: frozenset[str] = frozenset()  # lasting political conditions met (AAG-politics)
    attacks: dict[str, frozenset[str]] = field(default_factory=dict)  # power -> territories it attacked
    scrambles: tuple[Scramble, ...] = ()
    kamikaze_tokens: int = 0
    kamikaze_done: frozenset[str] = frozenset()  # battles kamikaze was settled for
    paid_once: frozenset[str] = frozenset()  # objectives paid once a game
    claim: VictoryClaim | None = None

    def orders_of(self, power: str) -> GlobalStandingOrders:
        return self.standing.get(power, GlobalStandingOrders())

    def attacked_by(self, power: str) -> frozenset[str]:
        return self.attacks.get(power, frozenset())


@dataclass(frozen=True)
class GlobalState(AAState):
    """The ruleset's state: the battle calculator's (``AAState``), and the whole game when played."""

    game: GlobalGame | None = None
