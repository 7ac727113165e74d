"""The data pack the rules read: frozen value objects built from the validated YAML.

``build_pack`` unwraps provisional markers and keeps their paths in ``Pack.provisional`` so the
stand-in values stay visible (``GET /rulesets/dod3``, ``casus data validate``)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from domain.dod3.pack_politics import ChartColumn, MinorSpec, OptionCard, PoliticsRules, build_politics
from domain.dod3.pack_schema import Marked
from domain.dod3.powers import MAJOR_POWERS, Ideology
from domain.dod3.status_display import StatusDisplay


@dataclass(frozen=True)
class PowerSpec:
    id: str
    name: str
    ideology: Ideology
    capital: str
    political_effectiveness: int
    pe_hidden: bool
    money: int
    credit_limit: int
    production_multiples: tuple[Fraction, ...]
    base_income: int
    bid_points: int
    army_points: int
    naval_points: int
    us_entry: Fraction
    objectives_needed: int
    historical_high_point: int


@dataclass(frozen=True)
class SubordinateSpec:
    """Forces that are not a major power (the Communist Chinese, rule 3.1a)."""

    id: str
    name: str
    serves_with: str
    bought_by: tuple[str, ...]
    point_kinds: tuple[str, ...]
    army_points: int
    naval_points: int


@dataclass(frozen=True)
class Calendar:
    first_year: int
    last_year: int
    periods: tuple[str, ...]


@dataclass(frozen=True)
class TreatySpec:
    powers: tuple[str, str]
    level: int
    age: int
    trade: bool


@dataclass(frozen=True)
class TradeFlowSpec:
    sender: str
    receiver: str
    goods: dict[str, int]


@dataclass(frozen=True)
class TradeSpec:
    flows: tuple[TradeFlowSpec, ...]
    routes: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class ObjectiveSpec:
    name: str
    territory: str
    controller: str | None  # at start; None: in a minor nobody controls
    minor: str | None
    capital_distances: dict[str, int]


@dataclass(frozen=True)
class Pack:
    id: str
    version: str
    source: str
    calendar: Calendar
    powers: dict[str, PowerSpec]
    subordinates: dict[str, SubordinateSpec]
    start_track: tuple[str, ...]
    bid_modifiers: tuple[int, ...]
    first_turn_options: int
    weather_results: tuple[str, ...]
    weather_chart: dict[str, tuple[str, ...]]
    prices: dict[str, int]
    us_entry_adjustments: dict[str, Fraction]
    start: dict[str, Any]  # the rest of the set-up (rule 3.2), as validated plain data
    trade: tuple[TradeSpec, ...]
    treaties: tuple[TreatySpec, ...]
    objectives: tuple[ObjectiveSpec, ...]
    provisional: tuple[str, ...]
    # Rules 2.6 and 8.1-8.7.
    politics: PoliticsRules
    display: StatusDisplay
    minors: dict[str, MinorSpec]
    colony_owners: dict[str, str]  # rule 8.1b: minor -> the power or minor it ultimately belongs to
    colonies: dict[str, tuple[str, ...]]  # owner -> its colonies (directly or through another colony)
    flags: dict[str, frozenset[str]]  # rule 8.1d: CH, IT, JA, US -> the minors under their flags
    hostile: frozenset[frozenset[str]]
    war_chart: dict[str, ChartColumn]
    treaty_chart: dict[str, ChartColumn]
    options: dict[str, OptionCard]

    def ideology(self, power: str) -> Ideology:
        return self.powers[self.served_power(power)].ideology

    def served_power(self, force: str) -> str:
        """The major power a force counts for (CC -> RU; a major power is itself)."""
        sub = self.subordinates.get(force)
        return sub.serves_with if sub is not None else force

    def members(self, ideology: Ideology) -> tuple[str, ...]:
        return tuple(p for p in MAJOR_POWERS if self.powers[p].ideology is ideology)

    @property
    def ideologies(self) -> tuple[Ideology, ...]:
        return tuple(i for i in Ideology if self.members(i))

    @property
    def turns(self) -> int:
        """Turns in the standard game (rule 5: Jan/Feb 1936 .. Nov/Dec 1946)."""
        return (self.calendar.last_year - self.calendar.first_year + 1) * len(self.calendar.periods)


def provisional_paths(node: Any, path: str = "") -> list[str]:
    """Every path the pack marks provisional (a value or a whole section)."""
    found: list[str] = []
    if isinstance(node, Marked):
        return ([path] if node.provisional else []) + provisional_paths(node.value, path)
    if isinstance(node, dict):
        if node.get("provisional") is True:
            found.append(path)
        for key, value in node.items():
            found += provisional_paths(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += provisional_paths(value, f"{path}.{index}")
    return found


def unwrap(node: Any) -> Any:
    if isinstance(node, Marked):
        return unwrap(node.value)
    if isinstance(node, dict):
        return {key: unwrap(value) for key, value in node.items() if key != "provisional"}
    if isinstance(node, list):
        return [unwrap(value) for value in node]
    return node


def build_pack(validated: dict) -> Pack:
    provisional = tuple(provisional_paths(validated))
    raw = unwrap(validated)
    powers = {pid: _power(pid, spec) for pid, spec in raw["powers"].items()}
    subordinates = {
        sid: SubordinateSpec(sid, s["name"], s["serves_with"], tuple(s["bought_by"]), tuple(s["point_kinds"]),
                             s["army_points"], s["naval_points"])
        for sid, s in raw["subordinates"].items()
    }
    start = raw["start"]
    return Pack(
        id=raw["pack"], version=raw["version"], source=raw["source"],
        calendar=Calendar(raw["calendar"]["first_year"], raw["calendar"]["last_year"],
                          tuple(raw["calendar"]["periods"])),
        powers={p: powers[p] for p in MAJOR_POWERS},
        subordinates=subordinates,
        start_track=tuple(raw["initiative"]["start_track"]),
        bid_modifiers=tuple(raw["initiative"]["bid_modifiers"]),
        first_turn_options=raw["initiative"]["first_turn_options"],
        weather_results=tuple(raw["weather"]["results"]),
        weather_chart={period: tuple(column) for period, column in raw["weather"]["chart"].items()},
        prices=dict(raw["production"]["prices"]),
        us_entry_adjustments=dict(raw["us_entry"]["adjustments"]),
        start=start,
        trade=tuple(
            TradeSpec(tuple(TradeFlowSpec(f["sender"], f["receiver"], dict(f["goods"])) for f in t["flows"]),
                      {power: tuple(areas) for power, areas in t["routes"].items()})
            for t in start["trade"]),
        treaties=tuple(TreatySpec(tuple(sorted(t["powers"])), t["level"], t["age"], t["trade"])
                       for t in start["treaties"]),
        objectives=tuple(ObjectiveSpec(o["name"], o["territory"], o["controller"], o["minor"],
                                       dict(o["capital_distances"])) for o in raw["objectives"]["items"]),
        provisional=provisional,
        **build_politics(raw),
    )


def _power(pid: str, spec: dict) -> PowerSpec:
    return PowerSpec(
        id=pid, name=spec["name"], ideology=Ideology(spec["ideology"]), capital=spec["capital"],
        political_effectiveness=spec["political_effectiveness"], pe_hidden=spec["pe_hidden"],
        money=spec["money"], credit_limit=spec["credit_limit"],
        production_multiples=tuple(spec["production_multiples"]), base_income=spec["base_income"],
        bid_points=spec["bid_points"], army_points=spec["army_points"], naval_points=spec["naval_points"],
        us_entry=spec["us_entry"], objectives_needed=spec["objectives_needed"],
        historical_high_point=spec["historical_high_point"],
    )
