"""The DoD III data pack (the game's charts, tracks and set-up): each marshmallow schema loads its
section of the YAML straight into the frozen spec the rules read, and ``PackSchema().load(raw)``
returns the whole ``Pack``.

Sections load as written (lists in order, duplicates kept) so the cross-field checks can name the
bad field; only then does the Pack derive its tables (the status display's graph, colony owners,
rule 2.6's extra war-chart columns) and list the provisional paths."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from marshmallow import Schema, ValidationError, post_load, validate, validates_schema

from domain.dod3 import pack_checks
from domain.dod3.pack_fields import (
    Keyed, Rational, Sourced, SpecSchema, Word, count, flag, listed, major_power, nested, provisional_paths, text,
    whole,
)
from domain.dod3.political_affairs.control.pack import MinorsSchema, MinorSpec, StatusDisplaySchema
from domain.dod3.political_affairs.control.status_display import StatusDisplay, build_display
from domain.dod3.political_affairs.options.pack import (
    ChartColumn, WarChartSchema, OptionCard, OptionsSchema, TreatyChartSchema, minors_and_war_chart,
)
from domain.dod3.political_affairs.pack import PoliticsRules, PoliticsSchema, check_politics
from domain.dod3.powers import MAJOR_POWERS, Ideology
from domain.dod3.pack_start import StartSchema, StartSpec
from domain.dod3.state import PointKind

SCHEMA_VERSION = 1
DIE_SIDES = 10  # Rule 1.2: every roll is a d10, so every chart column has ten rows
POINT_KINDS = tuple(kind.value for kind in PointKind)


@dataclass(frozen=True)
class PowerSpec:
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


class PowerSchema(SpecSchema):
    spec = PowerSpec

    name = text(required=True)
    ideology = Word(Ideology, required=True)
    capital = Sourced(text(), required=True)
    political_effectiveness = Sourced(whole(), required=True)
    pe_hidden = flag(required=True)
    money = Sourced(whole(), required=True)
    credit_limit = Sourced(count(), required=True)
    production_multiples = Sourced(listed(Rational(minimum=Fraction(0)), validate=validate.Length(min=1)),
                                   required=True)
    base_income = Sourced(count(), required=True)
    bid_points = Sourced(count(), required=True)
    army_points = Sourced(count(), required=True)
    naval_points = Sourced(count(), required=True)
    us_entry = Sourced(Rational(), required=True)
    objectives_needed = Sourced(count(), required=True)
    historical_high_point = Sourced(count(), required=True)


@dataclass(frozen=True)
class SubordinateSpec:
    """Forces that are not a major power (the Communist Chinese, rule 3.1a)."""

    name: str
    serves_with: str
    bought_by: tuple[str, ...]
    point_kinds: tuple[str, ...]
    army_points: int
    naval_points: int


class SubordinateSchema(SpecSchema):
    spec = SubordinateSpec

    name = text(required=True)
    serves_with = major_power(required=True)
    bought_by = listed(major_power(), required=True, validate=validate.Length(min=1))
    point_kinds = listed(text(validate=validate.OneOf(("army_points", "naval_points"))), required=True)
    army_points = Sourced(count(), required=True)
    naval_points = Sourced(count(), required=True)


@dataclass(frozen=True)
class Calendar:
    first_year: int
    last_year: int
    periods: tuple[str, ...]


class CalendarSchema(SpecSchema):
    spec = Calendar

    first_year = whole(required=True)
    last_year = whole(required=True)
    periods = listed(text(), required=True, validate=validate.Length(min=1))


class InitiativeSchema(Schema):
    """Rule 6: the Pack's ``start_track``, ``bid_modifiers`` and ``first_turn_options``."""

    start_track = listed(major_power(), required=True)
    bid_modifiers = Sourced(listed(whole()), required=True)
    first_turn_options = whole(required=True, validate=validate.Range(min=1))


class WeatherSchema(Schema):
    """Rule 7: the Pack's ``weather_results`` and ``weather_chart``."""

    provisional = flag()
    results = listed(text(), required=True, validate=validate.Length(min=1))
    chart = Keyed(listed(text(), validate=validate.Length(
        equal=DIE_SIDES, error=f"expected {DIE_SIDES} results, one per d10 roll")), required=True)


class ProductionSchema(Schema):
    prices = Keyed(Sourced(whole(validate=validate.Range(min=1))), keys=POINT_KINDS, required=True)


class USEntrySchema(Schema):
    adjustments = Keyed(Sourced(Rational()), keys=("at_war_with_china", "at_war_with_democracy", "search_and_seizure"),
                        required=True)


@dataclass(frozen=True)
class ObjectiveSpec:
    name: str
    territory: str
    controller: str | None  # at start; None: in a minor nobody controls
    minor: str | None
    capital_distances: dict[str, int]


class ObjectiveSchema(SpecSchema):
    spec = ObjectiveSpec

    name = text(required=True)
    territory = text(required=True)
    controller = major_power(required=True, allow_none=True)
    minor = text(load_default=None, allow_none=True)
    capital_distances = Keyed(count(), keys=MAJOR_POWERS, load_default=dict)


class ObjectivesSchema(Schema):
    provisional = flag()
    items = listed(nested(ObjectiveSchema), required=True, validate=validate.Length(min=1))

    @post_load
    def _items(self, data: dict, **kwargs) -> tuple[ObjectiveSpec, ...]:
        return data["items"]


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
    start: StartSpec
    objectives: tuple[ObjectiveSpec, ...]
    provisional: tuple[str, ...]  # the paths of stand-in values (GET /rulesets/dod3, casus data validate)
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


class PackSchema(Schema):
    """The whole pack. Cross-field checks run once every field is valid on its own."""

    schema_version = whole(required=True, validate=validate.Equal(
        SCHEMA_VERSION, error=f"expected {SCHEMA_VERSION} (the pack format this ruleset reads)"))
    pack = text(required=True)
    version = text(required=True)
    ruleset = text(required=True, validate=validate.Equal("dod3", error="expected dod3"))
    source = text(required=True)
    calendar = nested(CalendarSchema, required=True)
    powers = Keyed(nested(PowerSchema), keys=MAJOR_POWERS, required=True)
    subordinates = Keyed(nested(SubordinateSchema), required=True)
    initiative = nested(InitiativeSchema, required=True)
    weather = nested(WeatherSchema, required=True)
    production = nested(ProductionSchema, required=True)
    us_entry = nested(USEntrySchema, required=True)
    start = nested(StartSchema, required=True)
    objectives = nested(ObjectivesSchema, required=True)
    # Rules 2.6 and 8.1-8.7.
    politics = nested(PoliticsSchema, required=True)
    status_display = nested(StatusDisplaySchema, required=True)
    minors = nested(MinorsSchema, required=True)
    war_chart = nested(WarChartSchema, required=True)
    treaty_chart = nested(TreatyChartSchema, required=True)
    options = nested(OptionsSchema, required=True)

    @validates_schema
    def _consistent(self, data: dict, **kwargs) -> None:
        errors = pack_checks.check(data)
        if not errors:
            errors = check_politics(data)
        if errors:
            raise ValidationError(errors)

    @post_load(pass_original=True)
    def _pack(self, data: dict, original: dict, **kwargs) -> Pack:
        initiative, weather = data["initiative"], data["weather"]
        minors, war_chart = minors_and_war_chart(data["minors"], data["war_chart"])
        return Pack(
            id=data["pack"], version=data["version"], source=data["source"], calendar=data["calendar"],
            powers={p: data["powers"][p] for p in MAJOR_POWERS}, subordinates=data["subordinates"],
            start_track=initiative["start_track"], bid_modifiers=initiative["bid_modifiers"],
            first_turn_options=initiative["first_turn_options"],
            weather_results=weather["results"], weather_chart=weather["chart"],
            prices=data["production"]["prices"], us_entry_adjustments=data["us_entry"]["adjustments"],
            start=data["start"], objectives=data["objectives"], provisional=provisional_paths(self, original),
            politics=data["politics"], display=build_display(data["status_display"]), minors=minors,
            colony_owners=(owners := {name: _owner(minors, name) for name in minors}),
            colonies={owner: tuple(m for m in minors if m != owner and owners[m] == owner)
                      for owner in set(owners.values())},
            flags={p: frozenset(names) for p, names in data["minors"].flags.items()},
            hostile=frozenset(frozenset(pair) for pair in data["minors"].hostile),
            war_chart=war_chart, treaty_chart=data["treaty_chart"].targets,
            options={card.id: card for card in data["options"]},
        )


def _owner(minors: dict[str, MinorSpec], name: str) -> str:
    """Rule 8.1b: the major power or minor a colony ultimately belongs to (itself if no colony)."""
    seen = {name}
    while minors.get(name) is not None and minors[name].colony_of is not None and minors[name].colony_of not in seen:
        name = minors[name].colony_of
        seen.add(name)
    return name
