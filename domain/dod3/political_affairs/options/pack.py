"""The option cards (rules 8.2-8.4) and the war and treaty charts (rules 8.4c-d, with rule 2.6's
America in Flames columns) as the data pack prints them, each schema loading its section into the
frozen spec the rules read, and their cross-field checks. The cards' vocabularies (effect, target,
chart, modifier and prerequisite kinds) are enums whose values are the pack's words."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from marshmallow import Schema, post_load, validate

from domain.dod3.pack_fields import (
    IDEOLOGIES, Keyed, Rational, Sourced, SpecSchema, Word, by_year, count, flag, listed, major_power, nested, text,
    whole, years,
)
from domain.dod3.political_affairs.control.pack import Minors, MinorSpec
from domain.dod3.powers import MAJOR_POWERS


class EffectKind(StrEnum):
    """Rule 8.4e: the principal effects an option card may name (the pack's small vocabulary)."""

    NONE = "none"
    NEW_WORLD_ORDER = "new_world_order"  # IPO 1 (8.7.1)
    ECONOMIC_AGREEMENT = "economic_agreement"  # IPO 2 (8.7.2)
    TREATY_LEVEL = "treaty_level"  # IPO 11, MP 3
    PACT = "pact"  # GE 3
    WAR_ON_MINOR = "war_on_minor"  # GE 4
    GUARANTEE = "guarantee"  # IPO 12
    REVEAL_PE = "reveal_pe"  # IPO 15
    APPROVE = "approve"  # MP 0(f), rule 8.4a
    EMBARGO = "embargo"  # IPO 19
    FORCE_OPTION = "force_option"  # rule 8.2f


class TargetKind(StrEnum):
    """Rule 8.2e: what an option names as its target."""

    NONE = "none"
    MINOR = "minor"
    POWER = "power"
    OPTION = "option"


class ChartKind(StrEnum):
    """Rule 8.4c: the chart whose column (the target's) an option adds to its own effects."""

    NONE = "none"
    WAR = "war"
    TREATY = "treaty"


class ModifierKind(StrEnum):
    """Rules 8.4c-d: how an option changes a minor effect or its US entry number, in card order."""

    OPPOSITE = "opposite"
    HALVE = "halve"
    DOUBLE = "double"
    PER_ALLY = "per_ally"
    NEGATIVE_ONLY = "negative_only"
    MULTIPLY_BY_LEVELS = "multiply_by_levels"
    ADD = "add"
    BY_IDEOLOGY = "by_ideology"


class PrerequisiteKind(StrEnum):
    """Rule 8.2c: the prerequisites an option card may print."""

    PRODUCTION_MULTIPLE_BELOW = "production_multiple_below"
    TREATY_LEVEL_AT_LEAST = "treaty_level_at_least"
    NOT_AT_WAR_WITH_TARGET = "not_at_war_with_target"
    OPTION_SUCCEEDED = "option_succeeded"


M = ModifierKind
MINOR_MODIFIERS = (M.OPPOSITE, M.HALVE, M.DOUBLE, M.PER_ALLY, M.NEGATIVE_ONLY, M.MULTIPLY_BY_LEVELS, M.ADD)
US_ENTRY_MODIFIERS = (M.BY_IDEOLOGY, M.OPPOSITE, M.DOUBLE, M.HALVE, M.ADD)
# Rule 8.4d: opposite, double and halve come "after adding any modifier" to a US entry effect.
SCALING_MODIFIERS = frozenset({M.OPPOSITE, M.DOUBLE, M.HALVE, M.MULTIPLY_BY_LEVELS})


def _effects(**kwargs) -> Keyed:
    """Modifiers by minor: ``{Finland: 1, Poland: {value: -2, provisional: true}}``."""
    return Keyed(Sourced(whole()), **kwargs)


# --- rules 8.4c-d and 2.6: the war and treaty charts ------------------------------------------

def _year(written: str) -> int | str:
    """A chart column's year key (a key that is no year stays as written for the check to name)."""
    return int(written) if written.isdigit() else written


@dataclass(frozen=True)
class ChartColumn:
    """A war- or treaty-chart column: effects on minors and US entry by year."""

    minor_effects: dict[str, int]
    us_entry: dict[int, Fraction]  # from that year on

    def us_entry_in(self, year: int) -> Fraction:
        """Rule 8.4d: "Use the number for the relevant year" (the latest band that has begun)."""
        started = [y for y in self.us_entry if y <= year]
        return self.us_entry[max(started)] if started else Fraction(0)


class ChartColumnSchema(SpecSchema):
    spec = ChartColumn

    provisional = flag()
    minor_effects = _effects(load_default=dict)
    us_entry = years(load_default=dict)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "us_entry": {_year(y): value for y, value in data["us_entry"].items()}}


@dataclass(frozen=True)
class AmericaInFlamesColumn:
    """Rule 2.6: a war-chart column copied from another (``as``), with its own US entry."""

    minor: str
    as_: str
    us_entry: dict[int, Fraction] | None
    us_entry_offset: int


class AmericaInFlamesSchema(SpecSchema):
    spec = AmericaInFlamesColumn

    minor = text(required=True)
    as_ = text(required=True, data_key="as")
    us_entry = years(load_default=None, allow_none=True)
    us_entry_offset = whole(load_default=0)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "us_entry": None if data["us_entry"] is None else by_year(data["us_entry"])}


@dataclass(frozen=True)
class Chart:
    """A chart as written: a column per target (and, on the war chart, rule 2.6's extra columns)."""

    targets: dict[str, ChartColumn]
    america_in_flames: tuple[AmericaInFlamesColumn, ...] = ()


class WarChartSchema(SpecSchema):
    spec = Chart

    provisional = flag()
    targets = Keyed(nested(ChartColumnSchema), required=True)
    america_in_flames = listed(nested(AmericaInFlamesSchema), load_default=tuple)


class TreatyChartSchema(SpecSchema):
    spec = Chart

    provisional = flag()
    targets = Keyed(nested(ChartColumnSchema), required=True)


def minors_and_war_chart(minors: Minors, war_chart: Chart) -> tuple[dict[str, MinorSpec], dict[str, ChartColumn]]:
    """Rule 2.6: the minors and war-chart columns with America in Flames' extra ones, each a copy of
    the column it is printed ``as`` with its own US entry (or the copied one's, offset)."""
    countries, columns = dict(minors.countries), dict(war_chart.targets)
    for extra in war_chart.america_in_flames:
        base, column = countries[extra.as_], columns[extra.as_]
        us_entry = extra.us_entry if extra.us_entry is not None else {
            year: value + extra.us_entry_offset for year, value in column.us_entry.items()}
        columns[extra.minor] = ChartColumn(dict(column.minor_effects), us_entry)
        countries[extra.minor] = MinorSpec(
            name=extra.minor, political_marker=False, colony_of=None, willpower=base.willpower,
            stability=base.stability, allies=(), resources={}, red_factories=0, blue_factories=0,
            america_in_flames=True)
    return countries, columns


# --- rules 8.2-8.4: the option cards ----------------------------------------------------------

@dataclass(frozen=True)
class Modifier:
    kind: ModifierKind
    value: Fraction | None = None
    by_ideology: dict[str, Fraction] = field(default_factory=dict)


class ModifierSchema(SpecSchema):
    spec = Modifier

    provisional = flag()
    kind = Word(ModifierKind, choices=MINOR_MODIFIERS + US_ENTRY_MODIFIERS, required=True)
    value = Rational(load_default=None, allow_none=True)
    by_ideology = Keyed(Rational(), keys=IDEOLOGIES, load_default=dict)


@dataclass(frozen=True)
class Prerequisite:
    kind: PrerequisiteKind
    power: str | None = None
    level: int | None = None
    option: str | None = None


class PrerequisiteSchema(SpecSchema):
    spec = Prerequisite

    kind = Word(PrerequisiteKind, required=True)
    power = major_power(load_default=None, allow_none=True)
    level = whole(load_default=None, allow_none=True)
    option = text(load_default=None, allow_none=True)


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    level: int | None = None  # pact: the treaty level it makes
    change: int | None = None  # treaty_level: +n/-n, or None for the levels chosen
    option: str | None = None  # force_option: the option forced
    on_target: bool = False  # force_option: the target must play it (else the player)
    us_entry: dict[str, Fraction] = field(default_factory=dict)  # new_world_order: by centre reached
    cost_per_resource: bool = False  # economic_agreement: the cost for each resource


class EffectSchema(SpecSchema):
    spec = Effect

    kind = Word(EffectKind, required=True)
    level = Sourced(whole(), load_default=None, allow_none=True)
    change = whole(load_default=None, allow_none=True)
    option = text(load_default=None, allow_none=True)
    on_target = flag(load_default=False)
    us_entry = Keyed(Sourced(Rational()), keys=IDEOLOGIES, load_default=dict)
    cost_per_resource = flag(load_default=False)


class ApprovalSchema(Schema):
    option = text(required=True)  # the approving option's suffix on the target power's card, e.g. "0(f)"

    @post_load
    def _option(self, data: dict, **kwargs) -> str:
        return data["option"]


@dataclass(frozen=True)
class OptionCard:
    """Rule 8.3: an option as printed (number, cost, prerequisites, effects)."""

    id: str
    number: str  # what "each option once per turn" counts (0(e) and 0(f) are one option)
    name: str
    card: str  # "IPO" or the major power whose card it is on
    cost: int
    once_only: bool
    target: TargetKind
    targets: tuple[str, ...] | None
    prerequisites: tuple[Prerequisite, ...]
    minor_effects: dict[str, int]
    target_effects: dict[str, int]
    chart: ChartKind
    modifiers: tuple[Modifier, ...]
    us_entry: dict[int, Fraction]
    us_entry_modifiers: tuple[Modifier, ...]
    approval: str | None  # the approving option's suffix on the target's card, e.g. "0(f)"
    effect: Effect
    no_activation: bool
    may_pass_credit_limit: bool
    mp_zero: bool

    def us_entry_in(self, year: int) -> Fraction:
        return ChartColumn({}, self.us_entry).us_entry_in(year)


def option_number(option_id: str) -> str:
    """'GE 0(f)' -> 'GE 0': lettered variants are one option for rule 8.2d."""
    return option_id.split("(")[0].strip()


class CardSchema(SpecSchema):
    spec = OptionCard

    provisional = flag()
    id = text(required=True)
    number = text(load_default=None, allow_none=True)
    name = text(required=True)
    card = text(required=True, validate=validate.OneOf(("IPO",) + MAJOR_POWERS))
    cost = Sourced(count(), required=True)
    once_only = Sourced(flag(), load_default=False)
    target = Word(TargetKind, load_default=TargetKind.NONE)
    targets = listed(text(), load_default=None, allow_none=True)
    prerequisites = listed(nested(PrerequisiteSchema), load_default=tuple)
    minor_effects = _effects(load_default=dict)
    target_effects = _effects(load_default=dict)
    chart = Word(ChartKind, load_default=ChartKind.NONE)
    modifiers = listed(nested(ModifierSchema), load_default=tuple)
    us_entry = years(load_default=dict)
    us_entry_modifiers = listed(nested(ModifierSchema), load_default=tuple)
    approval = nested(ApprovalSchema, load_default=None, allow_none=True)
    effect = nested(EffectSchema, required=True)
    no_activation = flag(load_default=False)
    may_pass_credit_limit = flag(load_default=False)
    mp_zero = flag(load_default=False)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "number": data["number"] or option_number(data["id"]), "us_entry": by_year(data["us_entry"])}


class OptionsSchema(Schema):
    provisional = flag()
    cards = listed(nested(CardSchema), required=True, validate=validate.Length(min=1))

    @post_load
    def _cards(self, data: dict, **kwargs) -> tuple[OptionCard, ...]:
        return data["cards"]


# --- cross-field checks (each problem under the path of the bad field) -------------------------

def check_chart(data: dict, chart: str) -> dict:
    """Rules 8.4c-d and 2.6: each column a minor or power of the pack, years of the calendar."""
    countries, errors = data["minors"].countries, {}
    first, last = data["calendar"].first_year, data["calendar"].last_year
    for target, column in data[chart].targets.items():
        problems = {}
        if target not in countries and target not in MAJOR_POWERS:
            problems["<key>"] = ["expected a minor of the pack or a major power"]
        unknown = [m for m in column.minor_effects if m not in countries]
        if unknown:
            problems["minor_effects"] = [f"unknown minor(s) {', '.join(unknown)}"]
        if not all(isinstance(year, int) and first <= year <= last for year in column.us_entry):
            problems["us_entry"] = [f"expected years {first}-{last} as keys"]
        if problems:
            errors.setdefault("targets", {})[target] = problems
    for index, extra in enumerate(data[chart].america_in_flames):
        if extra.as_ not in data[chart].targets or extra.as_ not in countries:
            errors.setdefault("america_in_flames", {})[index] = {"as": ["expected a minor with a war-chart column"]}
    return errors


def check_options(data: dict) -> dict:
    """Rules 8.2-8.4: each card once, known minors, targets its chart and approval need, forced options."""
    errors, seen = {}, set()
    countries = data["minors"].countries
    cards = data["options"]
    ids = {c.id for c in cards}
    for index, card in enumerate(cards):
        problems = {}
        if card.id in seen:
            problems["id"] = ["expected each option id once"]
        seen.add(card.id)
        unknown = [m for m in list(card.minor_effects) + list(card.target_effects) if m not in countries]
        if unknown:
            problems["minor_effects"] = [f"unknown minor(s) {', '.join(unknown)}"]
        if card.chart is not ChartKind.NONE and card.target not in (TargetKind.MINOR, TargetKind.POWER):
            problems["chart"] = ["a chart column needs a target (minor or power)"]
        if card.approval is not None and card.target is not TargetKind.POWER:
            problems["approval"] = ["an approval comes from the target power"]
        if card.approval is not None:
            missing = [p for p in card.targets or MAJOR_POWERS if f"{p} {card.approval}" not in ids]
            if missing:
                problems["approval"] = [f"no approving option {card.approval} on the card of {', '.join(missing)}"]
        if card.effect.kind is EffectKind.FORCE_OPTION and card.effect.option not in ids:
            problems["effect"] = ["expected the id of an option of the pack"]
        if problems:
            errors.setdefault("cards", {})[index] = problems
    return errors
