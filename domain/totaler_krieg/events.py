"""Events of the Totaler Krieg! chapter 13 ruleset (past tense; the class name is the wire type).

Each event carries its outcome in full (units moved, markers placed, die rolls), so ``evolve``
only applies it and a replay never needs the pack's rules or the dice."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Event
from domain.totaler_krieg.vocabulary import (
    CountryMarker,
    CreateVia,
    EndCause,
    Entry,
    Faction,
    Location,
    PacificWar,
    Placement,
    ReactivateVia,
    Status,
    Trigger,
    TruceVia,
    VichyVia,
    WarState,
)


@dataclass(frozen=True)
class Placed:
    """One counter's destination in a set-up or status change."""

    unit: str
    location: Location
    where: str | None = None
    step: str = ""  # the set-up step (13.7.1 "1".."5") or exception (13.7.2) that put it there


@dataclass(frozen=True)
class CountrySelected(Event):
    power: str
    country: str
    purpose: str


@dataclass(frozen=True)
class AlignmentDetermined(Event):
    country: str
    faction: Faction
    priority: int
    basis: str
    roll: int | None = None


@dataclass(frozen=True)
class NeutralActivated(Event):
    country: str
    faction: Faction
    priority: int
    basis: str
    trigger: Trigger
    by: str
    political_event: str | None = None
    roll: int | None = None  # 13.5 priority 7


@dataclass(frozen=True)
class MinorSetUp(Event):
    """13.7: where each counter went, the capital marker, the mobilization roll (or why none)."""

    country: str
    faction: Faction
    placements: tuple[Placed, ...]
    capital_marker: str
    mobilization_roll: int | None
    no_roll_reason: str | None
    cleared_markers: frozenset[CountryMarker]


@dataclass(frozen=True)
class PoliticalEventHadNoResult(Event):
    """13.8.4: an event not on the civil-war list, applied to a Civil War Country."""

    event: str
    country: str
    reason: str


@dataclass(frozen=True)
class PoliticalEventApplied(Event):
    event: str
    country: str | None
    policy: str | None


@dataclass(frozen=True)
class MinorConquered(Event):
    country: str
    faction: Faction
    placements: tuple[Placed, ...]


@dataclass(frozen=True)
class CountryReactivated(Event):
    country: str
    faction: Faction
    via: ReactivateVia
    placements: tuple[Placed, ...]


@dataclass(frozen=True)
class LandCeded(Event):
    markers: tuple[str, ...]
    reason: str = ""


@dataclass(frozen=True)
class CededLandReturned(Event):
    marker: str


@dataclass(frozen=True)
class CountryCeased(Event):
    """13.8.1.1 / 13.8.1.2: a country no longer exists; its units are set aside or removed."""

    country: str
    reason: str  # ceded_whole | removed_for_good
    by: str
    recreatable: bool
    markers: tuple[str, ...]
    placements: tuple[Placed, ...]


@dataclass(frozen=True)
class MinorCreated(Event):
    country: str
    via: CreateVia
    status: Status
    faction: Faction | None
    claims_land: bool  # a new claim over its area (dependents, regions, Vichy)
    returned_markers: tuple[str, ...]  # markers of a ceased country's cession taken out of the box
    placements: tuple[Placed, ...]


@dataclass(frozen=True)
class PartnershipCreated(Event):
    faction: Faction
    country: str
    placements: tuple[Placed, ...]


@dataclass(frozen=True)
class VichyFormed(Event):
    country: str  # Vichy
    predecessor: str  # France
    via: VichyVia
    status: Status
    faction: Faction | None
    marker_hex: str | None
    france_placements: tuple[Placed, ...]


@dataclass(frozen=True)
class VichyFleetSeized(Event):
    """13.8.6.1: Axis Neutrals Pressured adds the Vichy Surface Fleet to the Axis Force Pool."""

    unit: str


@dataclass(frozen=True)
class VichyFleetSunk(Event):
    """13.8.6.1: Western Neutrals Pressured removes the Vichy Surface Fleet from the game."""

    unit: str


@dataclass(frozen=True)
class PolicyPlaced(Event):
    box: str
    policy: str


@dataclass(frozen=True)
class PolicyEnded(Event):
    """13.6.1.2: every marker of the policy leaves the Posture Display."""

    policy: str
    boxes: tuple[str, ...]
    cause: EndCause
    voluntary: bool
    by: str


@dataclass(frozen=True)
class NoPolicyEnded(Event):
    """An instruction to end "any policy" in a box that holds none (Case Yellow on a France at War)."""

    box: str
    cause: EndCause


@dataclass(frozen=True)
class PolicyReplacedByTruce(Event):
    policy: str
    truce: str
    boxes: tuple[str, ...]


@dataclass(frozen=True)
class TruceChanged(Event):
    box: str
    before: str | None
    after: str | None
    via: TruceVia


@dataclass(frozen=True)
class WarStateChanged(Event):
    war: WarState
    reason: str


@dataclass(frozen=True)
class EnforcedPeaceSet(Event):
    on: bool


@dataclass(frozen=True)
class GroundUnitEntered(Event):
    unit: tuple[str, ...]
    place: str
    entry: Entry


@dataclass(frozen=True)
class AttackDeclared(Event):
    unit: tuple[str, ...]
    place: str
    defenders: tuple[str, ...]


@dataclass(frozen=True)
class SupportUnitPlaced(Event):
    unit: tuple[str, ...]
    placement: Placement
    place: str | None
    zone: str | None
    airdrop: bool
    contestable_by: tuple[str, ...]  # countries whose support units may contest (13.6.1, 13.6.2.1)


@dataclass(frozen=True)
class UnitInterned(Event):
    unit: tuple[str, ...]
    place: str


@dataclass(frozen=True)
class InternmentDeclined(Event):
    unit: tuple[str, ...]
    place: str


@dataclass(frozen=True)
class UnitsMobilized(Event):
    country: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class AlignmentSwitched(Event):
    country: str
    before: Faction
    after: Faction


@dataclass(frozen=True)
class CountryMarkerPlaced(Event):
    country: str
    marker: CountryMarker
    replaced: frozenset[CountryMarker] = frozenset()


@dataclass(frozen=True)
class CountryMarkerRemoved(Event):
    country: str
    marker: CountryMarker


@dataclass(frozen=True)
class CivilWarEnded(Event):
    country: str
    reason: str


@dataclass(frozen=True)
class RepublicanSupportSet(Event):
    faction: Faction | None


@dataclass(frozen=True)
class MultinationalUnitFormed(Event):
    unit_id: str
    template: str
    nationalities: tuple[str, ...]


@dataclass(frozen=True)
class EmergencyBreakdownPerformed(Event):
    unit_id: str
    template: str
    removed: str
    remaining: str
    remaining_unit: str


@dataclass(frozen=True)
class PacificWarStatusChanged(Event):
    faction: Faction
    before: PacificWar
    after: PacificWar


@dataclass(frozen=True)
class UnitsSentToPacific(Event):
    faction: Faction
    units: tuple[str, ...]


@dataclass(frozen=True)
class UnitsReturnedFromPacific(Event):
    faction: Faction
    units: tuple[str, ...]


EVENTS = (
    CountrySelected, AlignmentDetermined, NeutralActivated, MinorSetUp, PoliticalEventHadNoResult,
    PoliticalEventApplied, MinorConquered, CountryReactivated, LandCeded, CededLandReturned, CountryCeased,
    MinorCreated, PartnershipCreated, VichyFormed, VichyFleetSeized, VichyFleetSunk, PolicyPlaced, PolicyEnded,
    NoPolicyEnded, PolicyReplacedByTruce, TruceChanged, WarStateChanged, EnforcedPeaceSet, GroundUnitEntered,
    AttackDeclared, SupportUnitPlaced, UnitInterned, InternmentDeclined, UnitsMobilized, AlignmentSwitched,
    CountryMarkerPlaced, CountryMarkerRemoved, CivilWarEnded, RepublicanSupportSet, MultinationalUnitFormed,
    EmergencyBreakdownPerformed, PacificWarStatusChanged, UnitsSentToPacific, UnitsReturnedFromPacific,
)
