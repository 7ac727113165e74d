"""The chapter 13 data pack the rules read: frozen value objects, built by ``pack_schema.PackSchema``
as it loads the YAML, with what the rules ask for often derived once (each country's original
places, each dependent's area, land neighbours) and the paths of provisional entries."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain.totaler_krieg.vocabulary import (
    EndCause,
    Faction,
    Location,
    PlaceKind,
    Size,
    Status,
    TruceRestrictions,
    WarState,
)


@dataclass(frozen=True)
class WholeCession:
    marker: str
    removed_for_good: bool


@dataclass(frozen=True)
class CountrySpec:
    id: str
    name: str
    size: Size
    abbr: str | None
    faction: Faction | None  # majors only (13.5: a major is always aligned with its faction)
    posture_box: str | None
    capital: str | None
    created_from: str | None
    creatable: bool
    whole_cession: WholeCession | None
    partnership: bool
    civil_war_candidate: bool
    succeeds: str | None
    mobilization_roll: bool
    marker_hex: str | None

    @property
    def major(self) -> bool:
        return self.size is Size.MAJOR


@dataclass(frozen=True)
class PlaceSpec:
    id: str
    name: str
    kind: PlaceKind
    country: str | None  # the country it is part of (core, region of a country, breakaway) or belongs to (dependent)
    in_dependent: str | None  # region of a dependent
    ostland: bool
    may_become_dependent_of: tuple[str, ...]
    off_map: bool


@dataclass(frozen=True)
class MarkerSpec:
    id: str
    name: str
    places: tuple[str, ...]
    to: str
    as_dependent: bool
    whole_country: str | None  # set when the marker cedes a country in its entirety


@dataclass(frozen=True)
class PolicySpec:
    id: str
    name: str
    short: str
    ends_pre_war: bool
    survives_total_war: bool
    protected_by_enforced_peace: bool


@dataclass(frozen=True)
class TruceSpec:
    id: str
    name: str
    restrictions: TruceRestrictions


@dataclass(frozen=True)
class BoxSpec:
    id: str
    name: str
    friendly_to: Faction
    minors_of: Faction | None


@dataclass(frozen=True)
class EventSpec:
    id: str
    number: str
    name: str
    civil_war: bool
    ends_civil_war: bool
    mobilization_roll: bool
    capital_marker: str | None
    ends_policy_as: EndCause | None  # 13.6.1.2: applied to a policy, it ends it voluntarily
    vichy_fleet: bool  # 13.8.6.1: Neutrals Pressured acts on the Neutral Vichy fleet


@dataclass(frozen=True)
class MultinationalSpec:
    id: str
    name: str
    faction: Faction
    nationalities: tuple[str, ...]
    minor_of: Faction | None
    no_colonial_from: str | None
    components: dict[str, str]


@dataclass(frozen=True)
class UnitSpec:
    id: str
    country: str
    kind: str
    code: str
    strength: str | None
    steps: int
    delay: bool
    hex: str | None


@dataclass(frozen=True)
class UnitKind:
    ground: bool
    fixed: bool
    fortress: bool
    support: bool
    marker: bool


@dataclass(frozen=True)
class SetupGroup:
    units: tuple[str, ...]
    to: Location
    at: tuple[str, ...]
    near_cities_in: tuple[str, ...]
    excluding: tuple[str, ...]
    convoy_boxes: tuple[str, ...]
    requires_place_in_country: str | None
    axis_only: bool
    only_if_set_aside: bool


@dataclass(frozen=True)
class ScenarioSpec:
    id: str
    name: str
    war: WarState
    posture: dict[str, str]
    minors: dict[str, tuple[Status, Faction | None]]
    civil_war: tuple[str, ...]


@dataclass(frozen=True)
class BalticCession:
    country: str
    eastern_poland_marker: str
    memelland_to_germany: str
    northern_baltics_to_russia: str
    whole_to_russia: str


@dataclass(frozen=True)
class Pack:
    die_sides: int
    alignment_western_at_most: int
    factions: dict[Faction, str]
    boxes: dict[str, BoxSpec]
    policies: dict[str, PolicySpec]
    truces: dict[str, TruceSpec]
    truce_ladder: tuple[str, ...]  # highest level first
    pacific_war_factions: tuple[Faction, ...]
    events: dict[str, EventSpec]
    countries: dict[str, CountrySpec]
    places: dict[str, PlaceSpec]
    original_places: dict[str, tuple[str, ...]]  # a country's own land at the start
    neighbours: dict[str, frozenset[str]]
    dependent_areas: dict[str, tuple[str, ...]]
    naval_zones: dict[str, tuple[str, ...]]
    zone_names: dict[str, str]
    convoy_modes: tuple[str, ...]
    strategic_hexes: dict[str, tuple[str, Faction]]
    markers: dict[str, MarkerSpec]
    baltic: BalticCession
    multinational: dict[str, MultinationalSpec]
    reserve_code: str
    partnership_code: str
    setup_exceptions: dict[str, tuple[SetupGroup, ...]]
    unit_kinds: dict[str, UnitKind]
    units: dict[str, UnitSpec]
    units_of: dict[str, tuple[str, ...]]
    default_scenario: str
    scenarios: dict[str, ScenarioSpec]
    provisional: tuple[str, ...]
    major_support: dict[str, UnitSpec] = field(default_factory=dict)  # 13.8.7: unit id -> a major's support unit

    def area(self, name: str) -> tuple[str, ...]:
        """The places a named area covers: a country's original land, a dependent with its
        regions, or one place (13.3, 13.8.1)."""
        if self.original_places.get(name):
            return self.original_places[name]
        if name in self.dependent_areas:
            return self.dependent_areas[name]
        return (name,) if name in self.places else ()

    def is_ground(self, unit_id: str) -> bool:
        return self.unit_kinds[self.units[unit_id].kind].ground
