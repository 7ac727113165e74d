"""The chapter 13 data pack the rules read: frozen value objects built from the validated YAML.

``build_pack`` also derives what the rules ask for often (each country's original places, each
dependent's area, land neighbours) and keeps the paths of provisional entries in ``provisional``."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

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
    original_places: tuple[str, ...]

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
    level: int  # 0 is the highest level


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
    truce_ladder: tuple[str, ...]
    pacific_war_factions: tuple[Faction, ...]
    events: dict[str, EventSpec]
    countries: dict[str, CountrySpec]
    places: dict[str, PlaceSpec]
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

    def area(self, name: str) -> tuple[str, ...]:
        """The places a named area covers: a country's original land, a dependent with its
        regions, or one place (13.3, 13.8.1)."""
        country = self.countries.get(name)
        if country is not None and country.original_places:
            return country.original_places
        if name in self.dependent_areas:
            return self.dependent_areas[name]
        return (name,) if name in self.places else ()

    def is_ground(self, unit_id: str) -> bool:
        return self.unit_kinds[self.units[unit_id].kind].ground


def _provisional_paths(node: Any, path: str = "") -> list[str]:
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("provisional") is True:
            found.append(path or "<root>")
        for key, value in node.items():
            found += _provisional_paths(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _provisional_paths(value, f"{path}[{i}]")
    return found


def _place(pid: str, raw: dict) -> PlaceSpec:
    kind, country = next((k, raw[k]) for k in ("core_of", "dependent_of", "region_of_country", "region_of_dependent",
                                                  "breakaway_of") if raw[k] is not None)
    names = {"core_of": PlaceKind.CORE, "dependent_of": PlaceKind.DEPENDENT, "region_of_country": PlaceKind.REGION,
             "region_of_dependent": PlaceKind.REGION, "breakaway_of": PlaceKind.BREAKAWAY}
    return PlaceSpec(pid, raw["name"], names[kind], None if kind == "region_of_dependent" else country,
                     raw["region_of_dependent"], raw["ostland"], tuple(raw["may_become_dependent_of"]), raw["off_map"])


def _country(cid: str, raw: dict, places: dict[str, PlaceSpec]) -> CountrySpec:
    whole = raw["whole_cession"]
    return CountrySpec(
        cid, raw["name"], Size(raw["size"]), raw["abbr"], Faction(raw["faction"]) if raw["faction"] else None,
        raw["posture_box"], raw["capital"], raw["created_from"], raw["creatable"],
        WholeCession(whole["marker"], whole["removed_for_good"]) if whole else None, raw["partnership"],
        raw["civil_war_candidate"], raw["succeeds"], raw["mobilization_roll"], raw["marker_hex"],
        tuple(p.id for p in places.values() if p.country == cid and p.kind is not PlaceKind.DEPENDENT))


def _event(eid: str, raw: dict) -> EventSpec:
    cause = EndCause(raw["ends_policy_as"]) if raw["ends_policy_as"] else None
    return EventSpec(eid, raw["number"], raw["name"], raw["civil_war"], raw["ends_civil_war"], raw["mobilization_roll"],
                     raw["capital_marker"], cause, raw["vichy_fleet"])


def build_pack(raw: dict) -> Pack:
    """Validated dict -> Pack."""
    places = {pid: _place(pid, spec) for pid, spec in raw["places"].items()}
    countries = {cid: _country(cid, spec, places) for cid, spec in raw["countries"].items()}
    dependent_areas = {p.id: (p.id,) + tuple(r.id for r in places.values() if r.in_dependent == p.id)
                       for p in places.values() if p.kind is PlaceKind.DEPENDENT}
    neighbours: dict[str, set[str]] = {pid: set() for pid in places}
    for a, b in raw["borders"]["pairs"]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    units = {u["id"]: UnitSpec(u["id"], cid, u["kind"], u["code"], u["strength"], u["steps"], u["delay"], u["hex"])
             for cid, oob in raw["orders_of_battle"].items() for u in oob["units"]}
    truces = {t["id"]: TruceSpec(t["id"], t["name"], TruceRestrictions(t["restrictions"]), i)
              for i, t in enumerate(raw["truces"])}
    pack = Pack(
        die_sides=raw["die"]["sides"],
        alignment_western_at_most=raw["die"]["alignment_western_at_most"],
        factions={Faction(k): v["name"] for k, v in raw["factions"].items()},
        boxes={k: BoxSpec(k, v["name"], Faction(v["friendly_to"]), Faction(v["minors_of"]) if v["minors_of"] else None)
               for k, v in raw["posture_boxes"].items()},
        policies={k: PolicySpec(k, v["name"], v["short"] or v["name"], v["ends_pre_war"], v["survives_total_war"],
                                v["protected_by_enforced_peace"]) for k, v in raw["policies"].items()},
        truces=truces,
        truce_ladder=tuple(t["id"] for t in raw["truces"]),
        pacific_war_factions=tuple(Faction(f) for f in raw["pacific_war_factions"]),
        events={k: _event(k, v) for k, v in raw["political_events"].items()},
        countries=countries,
        places=places,
        neighbours={k: frozenset(v) for k, v in neighbours.items()},
        dependent_areas=dependent_areas,
        naval_zones={k: tuple(v["ports"]) for k, v in raw["naval_zones"].items()},
        zone_names={k: v["name"] for k, v in raw["naval_zones"].items()},
        convoy_modes=tuple(raw["convoy_modes"]),
        strategic_hexes={k: (v["place"], Faction(v["faction"])) for k, v in raw["strategic_hexes"]["hexes"].items()},
        markers={},
        baltic=BalticCession(**{k: v for k, v in raw["baltic_cession"].items() if k != "provisional"}),
        multinational={k: MultinationalSpec(k, v["name"], Faction(v["faction"]), tuple(v["nationalities"]),
                                            Faction(v["minor_of"]) if v["minor_of"] else None, v["no_colonial_from"],
                                            dict(v["components"])) for k, v in raw["multinational_units"].items()},
        reserve_code=raw["setup_codes"]["reserve"],
        partnership_code=raw["setup_codes"]["partnership"],
        setup_exceptions={k: tuple(SetupGroup(tuple(g["units"]), Location(g["to"]), tuple(g["at"]),
                                              tuple(g["near_cities_in"]), tuple(g["excluding"]),
                                              tuple(g["convoy_boxes"]),
                                              g["requires_place_in_country"], g["axis_only"], g["only_if_set_aside"])
                                   for g in groups) for k, groups in raw["setup_exceptions"].items()},
        unit_kinds={k: UnitKind(v["ground"], v["fixed"], v["fortress"], v["support"], v["marker"])
                    for k, v in raw["unit_kinds"].items()},
        units=units,
        units_of={cid: tuple(u["id"] for u in oob["units"]) for cid, oob in raw["orders_of_battle"].items()},
        default_scenario=raw["default_scenario"],
        scenarios={k: ScenarioSpec(k, v["name"], WarState(v["war"]), dict(v["posture"]),
                                   {c: (Status(m["status"]), Faction(m["alignment"]) if m["alignment"] else None)
                                    for c, m in v["minors"].items()}, tuple(v["civil_war"]))
                   for k, v in raw["scenarios"].items()},
        provisional=tuple(_provisional_paths(raw)),
    )
    markers = {k: MarkerSpec(k, v["name"], pack.area(v["country"] or v["place"]), v["to"], v["as_dependent"],
                             v["country"]) for k, v in raw["ceded_land_markers"].items()}
    return replace(pack, markers=markers)
