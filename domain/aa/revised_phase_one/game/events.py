"""Events of the whole game (past tense). Every event that changes the board carries what the
spaces it changed hold afterwards (``spaces``: space -> its pieces), so ``evolve`` replays a log
without re-running a rule, and every decision names whose choice it was (``source``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.aa.board import Piece
from domain.aa.combat.records import Roll
from domain.aa.revised_phase_one.game.state import Phase, Source, StandingOrders
from domain.kernel import Event, Seal


@dataclass(frozen=True)
class StandingOrdersSet(Event):
    """A power's standing orders, sealed to its seat (the moderator sees them; no event reveals them)."""

    power: str
    seat: str
    orders: StandingOrders
    number: int

    def seal(self) -> Seal:
        return Seal(f"standing:{self.power}:{self.number}", frozenset({self.seat}))


@dataclass(frozen=True)
class TurnBegan(Event):
    """AAR-order: ``power``'s turn of ``round`` begins: every unit may move again."""

    round: int
    power: str


@dataclass(frozen=True)
class PhaseBegan(Event):
    """AAR1-seq: the turn enters ``phase`` (``note`` says why a phase was passed by: no capital)."""

    round: int
    power: str
    phase: Phase
    note: str = ""


@dataclass(frozen=True)
class UnitsPurchased(Event):
    """AAR-purchase: ``units`` and the ICs declared with their territories (AAR1-ic-cost)."""

    power: str
    units: dict[str, int]
    factories: tuple[str, ...]
    cost: int
    treasury: int
    source: Source = Source.PLAYER


@dataclass(frozen=True)
class RaidRoll:
    """AAR1-raid: one raiding die: the raider, the die and the IPCs it would take."""

    power: str
    unit: str
    space: str
    value: int
    damage: int


@dataclass(frozen=True)
class CommerceRaided(Event):
    """AAR1-raid: raiders in ``zone`` rolled; ``damage`` counts the best surface roll and the best
    three submarine rolls."""

    power: str
    zone: str
    rolls: tuple[RaidRoll, ...]
    damage: int


@dataclass(frozen=True)
class IncomeCollected(Event):
    """AAR-income: the territories' value (+ Italian forces), less raiding within each IC's cap."""

    power: str
    territories: int
    italian: int
    raided: int
    collected: int
    treasury: int
    by_zone: dict[str, int] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True)
class UnitsMoved(Event):
    power: str
    combat: bool
    units: dict[str, int]
    route: tuple[str, ...]
    cargo: dict[str, int]
    load_from: str | None
    unload_to: str | None
    bombing: bool
    spaces: dict[str, tuple[Piece, ...]]
    landings: tuple[tuple[str, ...], ...] = ()  # the cargo each transport put ashore (AAR-transport)


@dataclass(frozen=True)
class AaFired(Event):
    """AAR1-aa: the AA guns of ``territory`` (at most 3) fired at ``power``'s aircraft flying over."""

    territory: str
    power: str
    guns: int
    rolls: tuple[Roll, ...]
    lost: dict[str, int]
    spaces: dict[str, tuple[Piece, ...]]


@dataclass(frozen=True)
class TerritoryConquered(Event):
    """AAR-conquest, AAR-capital: ``territory`` passes from ``previous`` to ``owner`` (the conqueror, or
    the ally it is liberated for); a capital hands over its owner's IPCs; a bought IC may be destroyed
    at the defender's choice (AAR1-ic-place)."""

    territory: str
    conqueror: str
    previous: str
    owner: str
    ipcs_taken: int = 0
    factory: str = ""  # "" none, "captured", "destroyed"
    source: Source = Source.DEFAULT
    spaces: dict[str, tuple[Piece, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class RocketFired(Event):
    """AAR-tech Rockets: an AA gun in ``launch`` struck the IC in ``target``."""

    power: str
    launch: str
    target: str
    victim: str
    roll: int
    damage: int


@dataclass(frozen=True)
class BattleFound(Event):
    """AAR-battle: a battle the combat move made, in the order battles are fought."""

    battle_id: str
    space: str
    kind: str
    attacker: str
    defender: str
    origins: tuple[str, ...]
    amphibious: bool


@dataclass(frozen=True)
class EmergencyInfantryBought(Event):
    """AAR1-emergency: the defender bought ``count`` infantry at the attacked VC just before the battle."""

    power: str
    battle_id: str
    territory: str
    count: int
    cost: int
    source: Source
    spaces: dict[str, tuple[Piece, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class LossesChosen(Event):
    """AAR-casualties: ``power``'s order of losses for the battle's next round."""

    battle_id: str
    power: str
    order: tuple[str, ...]
    source: Source
    answered: bool = True  # False: the attacker still says whether it presses on
    seat: str = ""
    number: int = 0

    def seal(self) -> Seal | None:
        """An order of losses (a standing one too) stays the choosing seat's."""
        return Seal(f"losses:{self.power}:{self.number}", frozenset({self.seat})) if self.seat else None


@dataclass(frozen=True)
class AttackPressed(Event):
    """AAR-retreat: the attacker fights another round (``to`` empty) or retreats to ``to``."""

    battle_id: str
    power: str
    to: str
    source: Source


@dataclass(frozen=True)
class RoundChoices(Event):
    """Whose choices the round about to be fought follows (the orders themselves stay sealed):
    each side's order of losses and the attacker's pressing on (player, moderator, standing order,
    or the default when the power never set standing orders)."""

    battle_id: str
    round: int
    losses: dict[str, Source]
    press: Source


@dataclass(frozen=True)
class BattleRoundAwaited(Event):
    """The next round waits for these powers' choices (their seats asked to choose themselves)."""

    battle_id: str
    round: int
    waiting: tuple[str, ...]


@dataclass(frozen=True)
class BattleContinued(Event):
    """Every choice for the next round is in: the combat job fights it."""

    battle_id: str
    round: int


@dataclass(frozen=True)
class BattleResultApplied(Event):
    """AAR-battle: the battle's casualties leave the board; a retreat moves the attacker's survivors."""

    battle_id: str
    spaces: dict[str, tuple[Piece, ...]]
    retreat_to: str = ""


@dataclass(frozen=True)
class BombingRaidResolved(Event):
    """AAR-sbr: AA fire at the bombers, then each surviving bomber's damage, capped by the value."""

    battle_id: str
    territory: str
    attacker: str
    defender: str
    aa_rolls: tuple[Roll, ...]
    bombers_lost: int
    damage_rolls: tuple[int, ...]
    damage: int
    spaces: dict[str, tuple[Piece, ...]]


@dataclass(frozen=True)
class UnitsPlaced(Event):
    """AAR-place: new units put down at ``territory`` (sea units in ``space``, a zone beside it)."""

    power: str
    territory: str
    space: str
    units: dict[str, int]
    value: int
    spaces: dict[str, tuple[Piece, ...]] = field(default_factory=dict)
    factory: bool = False  # an IC bought this turn, put down (AAR1-ic-cost)


@dataclass(frozen=True)
class UnitsLost(Event):
    """Units removed without a battle: unplaced purchases (AAR-place) or aircraft with nowhere to land
    (AAR-air), after placement."""

    power: str
    reason: str
    spaces: dict[str, tuple[Piece, ...]]
    unplaced: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class VictoryChecked(Event):
    """AAR1-victory: the VCPs each side holds; ``winner`` once a side has won."""

    condition: str
    vcp: dict[str, int]
    winner: str = ""
    note: str = ""


@dataclass(frozen=True)
class WeaponsDeveloped(Event):
    """AAR-tech: research dice bought at 5 IPCs each, the advance named first; any 6 grants it."""

    power: str
    dice: int
    cost: int
    advance: str
    rolls: tuple[int, ...]
    gained: bool
    treasury: int


@dataclass(frozen=True)
class LendLeaseGranted(Event):
    """AAR1-optional Lend-Lease: the US hands 10 IPCs to the UK and Russia at the end of its turn."""

    split: dict[str, int]
    source: Source


def bid_key(side: str) -> str:
    return f"minor-bid:{side}"


@dataclass(frozen=True)
class TurnsBid(Event):
    """AAR1-victory, minor: ``side``'s bid of turns, sealed to its seats until both sides have bid."""

    side: str
    turns: int
    seats: tuple[str, ...]

    def seal(self) -> Seal:
        return Seal(bid_key(self.side), frozenset(self.seats))


@dataclass(frozen=True)
class BidsRevealed(Event):
    """AAR1-victory, minor: both bids; the game lasts ``turns`` (the higher bid) and the team that bid
    it plays the Axis: ``axis_team`` names the side its seats hold now ("Allies": the teams change
    seats). A tie leaves the seats as they are."""

    bids: dict[str, int]
    turns: int
    axis_team: str
    note: str

    def unseals(self) -> tuple[str, ...]:
        return tuple(bid_key(side) for side in sorted(self.bids))


GAME_EVENTS = (
    TurnsBid, BidsRevealed, StandingOrdersSet, TurnBegan, PhaseBegan, UnitsPurchased, CommerceRaided,
    IncomeCollected, UnitsMoved, AaFired,
    TerritoryConquered, RocketFired, BattleFound, EmergencyInfantryBought, LossesChosen, AttackPressed,
    BattleRoundAwaited, BattleContinued, BattleResultApplied, BombingRaidResolved, UnitsPlaced, UnitsLost,
    VictoryChecked, WeaponsDeveloped, LendLeaseGranted, RoundChoices,
)
