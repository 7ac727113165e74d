"""The state of a DoD III game: frozen, picklable values (dicts are never mutated in place)."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from domain.dod3.political_affairs.options.messages import CreditOffer, PendingOption, Play


class Step(Enum):
    """Rule 5: the steps of a game turn, A to I."""

    INITIATIVE = "A"
    WEATHER = "B"
    POLITICAL_AFFAIRS = "C"
    BONUS_BID_POINTS = "D"
    MILITARY_AFFAIRS = "E"
    PRODUCTION = "F"
    US_ENTRY = "G"
    CONQUEST = "H"
    END_OF_TURN = "I"
    GAME_OVER = "over"


STEP_NAMES = {
    Step.INITIATIVE: "Initiative", Step.WEATHER: "Weather", Step.POLITICAL_AFFAIRS: "Political Affairs",
    Step.BONUS_BID_POINTS: "Bonus Bid Points", Step.MILITARY_AFFAIRS: "Military Affairs",
    Step.PRODUCTION: "Production", Step.US_ENTRY: "US Entry", Step.CONQUEST: "Conquest",
    Step.END_OF_TURN: "End of Turn", Step.GAME_OVER: "Game over",
}


class InitiativePhase(Enum):
    BIDDING = "bidding"
    DEMOCRAT_MOVES = "democrat_moves"
    SETTLED = "settled"


class PointKind(Enum):
    """Step F: what production buys."""

    BID = "bid_points"
    ARMY = "army_points"
    NAVAL = "naval_points"


@dataclass(frozen=True)
class Bid:
    """Rule 6.1: a sealed bid; ``points == 0`` is no bid."""

    power: str
    points: int
    options: int


@dataclass(frozen=True)
class InitiativeEntry:
    """Rule 6.2: a revealed bid with its modifier and final (unrounded) amount."""

    power: str
    points: int
    options: int
    modifier: int
    final_bid: Fraction
    made_bid: bool
    previous_position: int


@dataclass(frozen=True)
class DemocratMove:
    power: str
    from_position: int
    to_position: int


@dataclass(frozen=True)
class Initiative:
    track: tuple[str, ...]
    previous_track: tuple[str, ...]
    phase: InitiativePhase
    sealed: dict[str, Bid]
    entries: tuple[InitiativeEntry, ...] = ()
    last_card: str | None = None
    democrat_queue: tuple[str, ...] = ()
    democrat_moves: tuple[DemocratMove, ...] = ()


@dataclass(frozen=True)
class WeatherReport:
    turn: int
    period: str
    roll: int
    result: str


class PoliticalStage(Enum):
    """Rule 8.2/5 C: the current player chooses an option, then activates a minor (8.5)."""

    CHOOSE = "choose"
    ACTIVATE = "activate"


@dataclass(frozen=True)
class PoliticalAffairs:
    """Step C bookkeeping: who plays in which order and how many options each may still play.

    Part 2 (rules 8.2-8.6): the stage of the current player's option (choose, then activate),
    option numbers chosen this turn (8.2d), every option played this step (8.6) and the options
    waiting for approval (8.4a)."""

    order: tuple[str, ...]
    options: dict[str, int]
    index: int = 0
    used: int = 0
    played: dict[str, int] = field(default_factory=dict)
    last_card: str | None = None
    ended: bool = False
    stage: PoliticalStage = PoliticalStage.CHOOSE
    chosen: tuple[str, ...] = ()
    plays: tuple[Play, ...] = ()
    pending: tuple[PendingOption, ...] = ()
    activating: str | None = None  # the option after which the current player activates a minor

    @property
    def current(self) -> str | None:
        return None if self.ended or self.index >= len(self.order) else self.order[self.index]


@dataclass(frozen=True)
class PowerLedger:
    """A major power chart: PE, money, bid pool, production multiple and forces."""

    political_effectiveness: int
    pe_modifier: int
    pe_hidden: bool
    money: int  # savings when positive, debt when negative
    credit_limit: int
    bid_points: int
    production_multiple: int  # index into the power's production multiple track
    army_points: int
    naval_points: int
    conquered: bool = False

    @property
    def modified_political_effectiveness(self) -> int:
        return self.political_effectiveness + self.pe_modifier


@dataclass(frozen=True)
class ForceLedger:
    army_points: int
    naval_points: int


@dataclass(frozen=True)
class Treaty:
    powers: tuple[str, str]
    level: int
    started_turn: int  # age at turn t is t - started_turn
    trade: bool


@dataclass(frozen=True)
class TradeFlow:
    sender: str
    receiver: str
    goods: dict[str, int]


@dataclass(frozen=True)
class TradeAgreement:
    flows: tuple[TradeFlow, ...]
    routes: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class ResourceMarker:
    power: str
    location: str
    kind: str


@dataclass(frozen=True)
class Offensive:
    origin: str
    into: str


@dataclass(frozen=True)
class MinorWar:
    power: str
    minor: str
    since: str
    offensives: tuple[Offensive, ...]


@dataclass(frozen=True)
class Guarantee:
    power: str
    minor: str
    option: str


@dataclass(frozen=True)
class USEntryShift:
    turn: int
    power: str
    shift: Fraction
    reason: str


@dataclass(frozen=True)
class VictoryResult:
    """Rule 4.2-4.3: objectives per power, ideology nets and who won."""

    holdings: dict[str, Fraction]
    ideology_totals: dict[str, Fraction]
    ideology_needed: dict[str, int]
    ideology_nets: dict[str, Fraction]
    winning_ideologies: tuple[str, ...]
    power_nets: dict[str, Fraction]
    player_totals: dict[str, Fraction]
    winning_players: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    turn: int
    reason: str
    result: VictoryResult


@dataclass(frozen=True)
class State:
    pack: str
    seats: dict[str, tuple[str, ...]]
    holders: dict[str, str]  # power or force -> seat
    bitter_end: bool
    turn: int
    step: Step
    powers: dict[str, PowerLedger]
    forces: dict[str, ForceLedger]  # subordinate forces (CC)
    initiative: Initiative
    treaties: tuple[Treaty, ...]
    trade: tuple[TradeAgreement, ...]
    resource_markers: tuple[ResourceMarker, ...]
    territory_control: dict[str, str]
    non_home_territories: frozenset[str]
    minor_control: dict[str, str]
    directed_minors: frozenset[str]
    minor_wars: tuple[MinorWar, ...]
    guarantees: tuple[Guarantee, ...]
    panama_canal_owner: str
    central_america: str
    us_entry: dict[str, Fraction]
    wars: frozenset[tuple[str, str]] = frozenset()
    weather: WeatherReport | None = None
    political: PoliticalAffairs | None = None
    step_complete: bool = False  # set by the moderator's end of step E or H
    production_done: frozenset[str] = frozenset()
    search_and_seizures: frozenset[str] = frozenset()
    us_entry_history: tuple[USEntryShift, ...] = ()
    outcome: Outcome | None = None
    # Rules 8.1-8.7: the status display and what political options leave behind.
    positions: dict[str, str] = field(default_factory=dict)  # power or minor -> hex
    markers: dict[str, dict[str, int]] = field(default_factory=dict)  # minor -> nationality -> modifier
    minor_alliances: dict[str, frozenset[str]] = field(default_factory=dict)
    forces_in_minors: dict[str, frozenset[str]] = field(default_factory=dict)  # minor -> powers with units there
    civil_wars: frozenset[str] = frozenset()
    options_succeeded: frozenset[str] = frozenset()
    forced_options: dict[str, tuple[str, ...]] = field(default_factory=dict)  # rule 8.2f, in order acquired
    embargoes: frozenset[tuple[str, str]] = frozenset()  # (embargoing power, target)
    credit_offers: tuple[CreditOffer, ...] = ()
    option_8_6: bool = False
    america_in_flames: bool = False

    def seat_of(self, power: str) -> str:
        return self.holders[power]

    def active_powers(self) -> tuple[str, ...]:
        """Major powers still in the game, in chart order."""
        return tuple(p for p, ledger in self.powers.items() if not ledger.conquered)

    def first_on_track(self) -> str | None:
        """The first power on the initiative track still in the game (it rolls for the weather)."""
        active = self.active_powers()
        return next((p for p in self.initiative.track if p in active), None)

    def at_war(self, a: str, b: str) -> bool:
        return war_pair(a, b) in self.wars


def war_pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)
