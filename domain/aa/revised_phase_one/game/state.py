"""The whole game's state (AAR-order, AAR1-seq): whose turn it is and in which phase, the board's
position, the treasuries, this turn's purchase and placements, the battles of the combat phase,
each power's sealed standing orders, and the winner.

Held in ``AAState.game`` (None in a battles-only game, whose state stays as it always was)."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from domain.aa.board import Position


class Phase(Enum):
    """AAR1-seq: the seed's eight phases (the values are the house-rule pack's names), and the end."""

    BID = "bid_turns"  # AAR1-victory, minor: the sides' sealed bids for the game's length, before round 1
    PURCHASE = "purchase_units"
    POLITICS = "politics"  # Global 1940 (AAG-politics); the Revised sequence has no politics step
    INCOME = "collect_income"
    COMBAT_MOVE = "combat_move"
    COMBAT = "combat"
    NON_COMBAT_MOVE = "non_combat_move"
    PLACE = "place_units"
    VICTORY = "determine_victory"
    RESEARCH = "develop_weapons"
    OVER = "game_over"


class Source(Enum):
    """Whose choice a decision was (issue 23 item 6): every battle event names it."""

    PLAYER = "player"
    STANDING_ORDER = "standing order"
    DEFAULT = "default"
    MODERATOR = "moderator"


@dataclass(frozen=True)
class GameOptions:
    """The options the players agreed before the game (AAR1-victory, AAR1-inf, AAR1-raid, AAR1-optional)."""

    victory: str = "major"
    minor_turns: int = 0
    infantry_rule: str = "connected"
    raiding: str = "changed"
    national_units: str = "none"
    italian_forces: str = "none"
    lend_lease: bool = False
    infrastructure_defence: bool = False


@dataclass(frozen=True)
class StandingOrders:
    """A power's sealed standing orders, used whenever its seat does not choose (AAR-casualties,
    AAR-retreat, AAR1-ic-place, AAR1-emergency, AAR1-raid, AAR1-optional lend-lease).

    ``order_of_losses``: unit names (``"<unit>:hit"`` for a battleship's first hit), first lost first;
    unlisted units follow, cheapest first. ``retreat_below``: as attacker, retreat once the chance to
    win falls below it; ``retreat_after_round``: retreat after that round. ``interactive``: the seat
    chooses each round itself (losses, press on or retreat), the orders applying when it does not
    answer in time. ``raid_zones``: fighter territory -> the sea zone its fighters raid."""

    order_of_losses: tuple[str, ...] = ()
    submerge: bool = False
    retreat_below: Fraction | None = None
    retreat_after_round: int | None = None
    interactive: bool = False
    destroy_factories: bool = True
    emergency_infantry: bool = True
    raid_zones: dict[str, str] = field(default_factory=dict)
    lend_lease: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class IncomeReport:
    """AAR-income, AAR1-raid: what a power counted, lost to raiding and collected at its last income."""

    round: int
    territories: int
    italian: int
    raided: int
    collected: int
    by_zone: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Landing:
    """Land units that came ashore from ``zone`` into ``territory`` this turn (AAR-transport):
    amphibious in a battle, unable to retreat."""

    zone: str
    territory: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class MoveRecord:
    """One move of this turn, for the battles it makes (origins, landings) and the board's arrows."""

    power: str
    units: dict[str, int]
    route: tuple[str, ...]
    combat: bool
    bombing: bool = False


@dataclass(frozen=True)
class GameBattle:
    """A battle of this combat phase, in the order it is fought (AAR-battle).

    ``kind``: land, sea or bombing. ``origins``: where attacking units came from (retreat). Between
    rounds ``waiting`` names the powers whose choice the next round needs; ``orders`` their orders of
    losses for it and ``retreat_to`` the attacker's decision ("" presses on)."""

    battle_id: str
    space: str
    kind: str
    attacker: str
    defender: str
    origins: tuple[str, ...]
    amphibious: bool = False
    status: str = "pending"  # pending, fighting, waiting, done
    round: int = 0
    waiting: frozenset[str] = frozenset()
    orders: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)
    retreat_to: str = ""
    transports_lost: int = 0
    emergency: bool = False  # AAR1-emergency settled (infantry bought before the battle)
    outcome: str = ""  # the engine's outcome once fought ("" for a battle with nobody left to fight)


@dataclass(frozen=True)
class Game:
    options: GameOptions
    round: int
    power: str
    phase: Phase
    position: Position
    treasury: dict[str, int]
    owners_at_start: dict[str, str]  # territory -> owner when this power's turn began
    factories_at_start: frozenset[str]
    bought: dict[str, int] = field(default_factory=dict)  # units bought this turn, not yet placed
    factories_bought: tuple[str, ...] = ()  # IC sites declared at this turn's purchase (AAR1-ic-cost)
    purchased_factories: frozenset[str] = frozenset()  # bought during the game: destroyable (AAR1-ic-place)
    placed_value: dict[str, int] = field(default_factory=dict)  # territory -> IPCs of non-infantry placed
    placed_infantry: dict[str, int] = field(default_factory=dict)  # territory -> infantry placed
    italian_due: int = 0  # AAR1-optional Italian forces: IPCs of this turn's purchase owed to place_at
    income: dict[str, IncomeReport] = field(default_factory=dict)
    had_turn: frozenset[str] = frozenset()  # powers past their first turn (AAR1-emergency)
    standing: dict[str, StandingOrders] = field(default_factory=dict)
    seals: int = 0  # standing orders set so far (each one's seal is unique)
    battles: dict[str, GameBattle] = field(default_factory=dict)
    battle_count: int = 0
    moves: tuple[MoveRecord, ...] = ()
    landings: tuple[Landing, ...] = ()
    bombing: dict[str, int] = field(default_factory=dict)  # territory -> bombers sent to raid its IC (AAR-sbr)
    rockets: frozenset[str] = frozenset()  # territories whose AA guns fired rockets this turn
    winner: str | None = None
    victory_note: str = ""
    bids: dict[str, int] = field(default_factory=dict)  # AAR1-victory, minor: side -> turns bid
    sides: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the sides that bid (only while bidding)

    def orders_of(self, power: str) -> StandingOrders:
        return self.standing.get(power, StandingOrders())

    def battle_order(self) -> list[GameBattle]:
        """AAR-battle: the battles in the order they are fought (the order they were found in)."""
        return list(self.battles.values())
