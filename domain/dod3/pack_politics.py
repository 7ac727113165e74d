"""The political half of the data pack as frozen values: the status display, minor countries, the
war and treaty charts (with rule 2.6's America in Flames columns), option cards and the numbers
of rules 8.4-8.7."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from domain.dod3.powers import Ideology
from domain.dod3.status_display import Hex, StatusDisplay, build_display


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


@dataclass(frozen=True)
class ActivationRules:
    """Rule 8.5d-e: the cost of entering a hex and how far negative modifiers reach."""

    base_cost: int
    minimum_cost: int
    negative_range: int
    towards_own_ideology: int
    towards_other_ideology: int
    away_from_power_at_war: int
    towards_power_at_war: int
    leaving_controller_hex: int
    crossing_boundary: int
    away_from_ally: int


@dataclass(frozen=True)
class EndRollRules:
    """Rule 8.6."""

    ends_at_or_below: int
    per_previous_option: int
    powers_at_war: int
    powers_at_war_modifier: int
    all_at_war_modifier: int


@dataclass(frozen=True)
class NewWorldOrderRules:
    """Rule 8.7.1 (IPO 1)."""

    points_by_position: tuple[int, ...]
    ideology_modifiers: dict[str, int]
    minimum_points: int
    cost_closer: int
    cost_further: int
    cost_change_ideology: int
    cost_other: int


@dataclass(frozen=True)
class PoliticsRules:
    marker_limit: int
    credit_partner_treaty_level: int  # rule 8.2b: a partner paying past the credit limit
    activation: ActivationRules
    end_roll: EndRollRules
    new_world_order: NewWorldOrderRules
    most_agreement_resources: int


@dataclass(frozen=True)
class MinorSpec:
    name: str
    political_marker: bool
    colony_of: str | None
    willpower: int | None
    stability: int | None
    allies: tuple[str, ...]
    resources: dict[str, int]  # kind -> capacity in points
    red_factories: int
    blue_factories: int
    america_in_flames: bool = False  # rule 2.6: only on the war chart with AiF


@dataclass(frozen=True)
class ChartColumn:
    """A war- or treaty-chart column: effects on minors and US entry by year."""

    minor_effects: dict[str, int]
    us_entry: dict[int, Fraction]  # from that year on

    def us_entry_in(self, year: int) -> Fraction:
        """Rule 8.4d: "Use the number for the relevant year" (the latest band that has begun)."""
        started = [y for y in self.us_entry if y <= year]
        return self.us_entry[max(started)] if started else Fraction(0)


@dataclass(frozen=True)
class Modifier:
    kind: ModifierKind
    value: Fraction | None = None
    by_ideology: dict[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class Prerequisite:
    kind: PrerequisiteKind
    power: str | None = None
    level: int | None = None
    option: str | None = None


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    level: int | None = None
    change: int | None = None
    option: str | None = None
    on_target: bool = False
    us_entry: dict[str, Fraction] = field(default_factory=dict)
    cost_per_resource: bool = False


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


def _years(raw: dict) -> dict[int, Fraction]:
    return {int(year): Fraction(value) for year, value in raw.items()}


def _modifiers(raw: list) -> tuple[Modifier, ...]:
    return tuple(Modifier(ModifierKind(m["kind"]), m["value"], dict(m["by_ideology"])) for m in raw)


def build_politics(raw: dict) -> dict:
    """The Pack fields of the political sections (``raw`` is the unwrapped, validated pack)."""
    countries = raw["minors"]["countries"]
    minors = {name: MinorSpec(name, m["political_marker"], m["colony_of"], m["willpower"], m["stability"],
                              tuple(m["allies"]), dict(m["resources"]), m["red_factories"], m["blue_factories"])
              for name, m in countries.items()}
    war_chart = {t: ChartColumn(dict(c["minor_effects"]), _years(c["us_entry"])) for t, c in raw["war_chart"]["targets"].items()}
    for extra in raw["war_chart"]["america_in_flames"]:
        base, column = minors[extra["as_"]], war_chart[extra["as_"]]
        us_entry = _years(extra["us_entry"]) if extra["us_entry"] is not None else {
            year: value + extra["us_entry_offset"] for year, value in column.us_entry.items()}
        war_chart[extra["minor"]] = ChartColumn(dict(column.minor_effects), us_entry)
        minors[extra["minor"]] = MinorSpec(extra["minor"], False, None, base.willpower, base.stability, (), {}, 0, 0,
                                           america_in_flames=True)
    owners = {name: _owner(minors, name) for name in minors}
    return {
        "colony_owners": owners,
        "colonies": {owner: tuple(m for m in minors if m != owner and owners[m] == owner) for owner in set(owners.values())},
        "politics": _politics(raw["politics"]),
        "display": _display(raw["status_display"]),
        "minors": minors,
        "flags": {power: frozenset(listed) for power, listed in raw["minors"]["flags"].items()},
        "hostile": frozenset(frozenset(pair) for pair in raw["minors"]["hostile"]),
        "war_chart": war_chart,
        "treaty_chart": {t: ChartColumn(dict(c["minor_effects"]), _years(c["us_entry"]))
                         for t, c in raw["treaty_chart"]["targets"].items()},
        "options": {card["id"]: _card(card) for card in raw["options"]["cards"]},
    }


def _owner(minors: dict[str, MinorSpec], name: str) -> str:
    """Rule 8.1b: the major power or minor a colony ultimately belongs to (itself if no colony)."""
    seen = {name}
    while minors.get(name) is not None and minors[name].colony_of is not None and minors[name].colony_of not in seen:
        name = minors[name].colony_of
        seen.add(name)
    return name


def _politics(raw: dict) -> PoliticsRules:
    activation, costs, end, nwo = raw["activation"], raw["activation"]["modifiers"], raw["end_roll"], raw["new_world_order"]
    return PoliticsRules(
        marker_limit=raw["marker_limit"], credit_partner_treaty_level=raw["credit_partner_treaty_level"],
        activation=ActivationRules(activation["base_cost"], activation["minimum_cost"], activation["negative_range"],
                                   **costs),
        end_roll=EndRollRules(**end),
        new_world_order=NewWorldOrderRules(
            tuple(nwo["points_by_position"]), dict(nwo["ideology_modifiers"]), nwo["minimum_points"],
            nwo["costs"]["closer"], nwo["costs"]["further"], nwo["costs"]["change_ideology"], nwo["costs"]["other"]),
        most_agreement_resources=raw["economic_agreement"]["most_resources"],
    )


def _display(raw: dict) -> StatusDisplay:
    ideologies = {Ideology(i): (tuple(layout["factions"]), layout["centre"]) for i, layout in raw["ideologies"].items()}
    hexes = [Hex(h["id"], h["q"], h["r"], h["zone"]) for h in raw["hexes"]]
    boundaries = None if raw["boundaries"] is None else [tuple(pair) for pair in raw["boundaries"]]
    return build_display(hexes, ideologies, raw["neutral_hex"], {k: tuple(v) for k, v in raw["wrap"].items()},
                         boundaries, raw["start"]["powers"], raw["start"]["minors"])


def _card(raw: dict) -> OptionCard:
    effect = raw["effect"]
    return OptionCard(
        id=raw["id"], number=raw["number"] or option_number(raw["id"]), name=raw["name"], card=raw["card"],
        cost=raw["cost"], once_only=raw["once_only"], target=TargetKind(raw["target"]),
        targets=None if raw["targets"] is None else tuple(raw["targets"]),
        prerequisites=tuple(Prerequisite(PrerequisiteKind(p["kind"]), p["power"], p["level"], p["option"])
                            for p in raw["prerequisites"]),
        minor_effects=dict(raw["minor_effects"]), target_effects=dict(raw["target_effects"]),
        chart=ChartKind(raw["chart"]),
        modifiers=_modifiers(raw["modifiers"]), us_entry=_years(raw["us_entry"]),
        us_entry_modifiers=_modifiers(raw["us_entry_modifiers"]),
        approval=None if raw["approval"] is None else raw["approval"]["option"],
        effect=Effect(EffectKind(effect["kind"]), effect["level"], effect["change"], effect["option"], effect["on_target"],
                      dict(effect["us_entry"]), effect["cost_per_resource"]),
        no_activation=raw["no_activation"], may_pass_credit_limit=raw["may_pass_credit_limit"], mp_zero=raw["mp_zero"],
    )
