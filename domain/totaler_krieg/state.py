"""The state of a Totaler Krieg! game as chapter 13 sees it, and its scenario start.

Only what events change is stored: statuses, stored alignments (13.5: an Active or Conquered
minor's alignment is where its units are), Posture Box markers, the Ceded Lands Box and created
minors (as ordered territory claims), markers in countries, counters' locations. What depends on
them (a neutral's alignment, every posture, who owns a place) is derived when needed (13.2)."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.kernel import RuleViolation, Setup
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.vocabulary import (
    ClaimKind,
    CountryMarker,
    Faction,
    GameMap,
    GoneReason,
    Location,
    PacificWar,
    Status,
    WarState,
)


@dataclass(frozen=True)
class UnitState:
    location: Location
    where: str | None = None  # hex, box or description of the placement
    two_step: bool = False
    faction: Faction | None = None  # a faction holding it other than its country's (a seized fleet)


@dataclass(frozen=True)
class Claim:
    """A change of ownership in placement order: a Ceded Land marker in the Ceded Lands Box
    (13.8.1) or a minor created from other lands (13.8.2, 13.8.6)."""

    kind: ClaimKind
    id: str  # marker id (ceded) | country id (created)


@dataclass(frozen=True)
class Gone:
    """A country that no longer exists (13.2) and why."""

    reason: GoneReason
    by: str  # the marker, or the successor country
    recreatable: bool
    markers: tuple[str, ...] = ()  # markers placed by its cession in its entirety


@dataclass(frozen=True)
class MultinationalUnit:
    template: str
    nationalities: tuple[str, ...]


@dataclass(frozen=True)
class TKState:
    map: GameMap
    war: WarState
    enforced_peace: bool
    random_campaign: bool
    status: dict[str, Status]  # minors that exist
    alignment: dict[str, Faction]  # stored alignment of Active/Conquered minors
    boxes: dict[str, str | None]  # posture box -> policy or truce id
    seats: dict[str, tuple[str, ...]] = field(default_factory=dict)
    claims: tuple[Claim, ...] = ()
    gone: dict[str, Gone] = field(default_factory=dict)
    markers: dict[str, frozenset[CountryMarker]] = field(default_factory=dict)
    republican_support: Faction | None = None
    units: dict[str, UnitState] = field(default_factory=dict)
    mobilizations: dict[str, int] = field(default_factory=dict)
    capital_markers: dict[str, tuple[str, Faction]] = field(default_factory=dict)
    partnerships: dict[Faction, str] = field(default_factory=dict)
    conquered_or_liberated: frozenset[str] = frozenset()
    vichy_marker: str | None = None
    pacific: dict[Faction, PacificWar] = field(default_factory=dict)
    pacific_holding: dict[Faction, tuple[str, ...]] = field(default_factory=dict)
    multinational: dict[str, MultinationalUnit] = field(default_factory=dict)
    interned: tuple[str, ...] = ()

    @property
    def ceded(self) -> tuple[str, ...]:
        """The Ceded Lands Box, in placement order."""
        return tuple(c.id for c in self.claims if c.kind is ClaimKind.CEDED)

    def has_marker(self, country: str, marker: CountryMarker) -> bool:
        return marker in self.markers.get(country, frozenset())


OPTIONS: dict[str, type] = {"scenario": str, "map": str, "random_campaign": bool}  # name -> type of its value


def initial_state(pack: Pack, setup: Setup) -> TKState:
    """The scenario's start (13.7: majors and the scenario's minors are set up by its instructions)."""
    _check_seats(pack, setup)
    unknown = set(setup.options) - set(OPTIONS)
    if unknown:
        raise RuleViolation("TK-13.1", f"unknown game options {sorted(unknown)}; known: {sorted(OPTIONS)}")
    name = setup.options.get("scenario", pack.default_scenario)
    scenario = pack.scenarios.get(name)
    if scenario is None:
        raise RuleViolation("TK-13.1", f"unknown scenario {name!r}; one of {sorted(pack.scenarios)}")
    try:
        game_map = GameMap(setup.options.get("map", GameMap.TK.value))
    except ValueError as error:
        raise RuleViolation("TK-13.8.6", "map must be 'TK' or 'DS'") from error
    status = {c.id: Status.NEUTRAL for c in pack.countries.values() if not c.major and c.created_from is None}
    alignment: dict[str, Faction] = {}
    for country, (minor_status, faction) in scenario.minors.items():
        status[country] = minor_status
        if faction is not None and minor_status is not Status.NEUTRAL:
            alignment[country] = faction
    units = {uid: UnitState(Location.SCENARIO if status.get(u.country, Status.NEUTRAL) is Status.ACTIVE
                            else Location.SET_ASIDE) for uid, u in pack.units.items()}
    return TKState(
        map=game_map,
        war=scenario.war,
        enforced_peace=False,
        random_campaign=bool(setup.options.get("random_campaign", False)),
        status=status,
        alignment=alignment,
        boxes={box: scenario.posture.get(box) for box in pack.boxes},
        seats={seat: tuple(powers) for seat, powers in setup.seats.items()},
        markers={c: frozenset({CountryMarker.CIVIL_WAR}) for c in scenario.civil_war},
        units=units,
        pacific={f: PacificWar.NO_WAR for f in pack.pacific_war_factions},
        pacific_holding={f: () for f in pack.pacific_war_factions},
    )


def _check_seats(pack: Pack, setup: Setup) -> None:
    """Rule 13.1: the powers are the three factions; each must be held by a seat."""
    known = {f.value for f in pack.factions}
    held = {power for powers in setup.seats.values() for power in powers}
    if held - known:
        raise RuleViolation("TK-13.1", f"unknown powers {sorted(held - known)}; the factions are {sorted(known)}")
    if known - held:
        raise RuleViolation("TK-13.1", f"no seat holds {sorted(known - held)}")
