"""The ``politics`` section of the data pack: the numbers rules 8.2-8.7 state, one sub-section per
chapter (activation 8.5, the end roll 8.6, IPO 1 and IPO 2 8.7), and the cross-field checks of every
political section (run once part 1's checks pass)."""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import validate

from domain.dod3.pack_fields import IDEOLOGIES, Keyed, SpecSchema, count, listed, nested, whole
from domain.dod3.political_affairs.control.pack import check_display, check_minors
from domain.dod3.political_affairs.options.pack import check_chart, check_options
from domain.dod3.powers import MAJOR_POWERS


@dataclass(frozen=True)
class HexCostModifiers:
    """Rule 8.5e: what entering a hex adds to its base cost."""

    towards_own_ideology: int
    towards_other_ideology: int
    away_from_power_at_war: int
    towards_power_at_war: int
    leaving_controller_hex: int
    crossing_boundary: int
    away_from_ally: int


class HexCostModifiersSchema(SpecSchema):
    spec = HexCostModifiers

    towards_own_ideology = whole(required=True)
    towards_other_ideology = whole(required=True)
    away_from_power_at_war = whole(required=True)
    towards_power_at_war = whole(required=True)
    leaving_controller_hex = whole(required=True)
    crossing_boundary = whole(required=True)
    away_from_ally = whole(required=True)


@dataclass(frozen=True)
class ActivationRules:
    """Rule 8.5d-e: the cost of entering a hex and how far negative modifiers reach."""

    base_cost: int
    minimum_cost: int
    negative_range: int
    modifiers: HexCostModifiers


class ActivationSchema(SpecSchema):
    spec = ActivationRules

    base_cost = count(required=True)
    minimum_cost = count(required=True)
    negative_range = count(required=True)
    modifiers = nested(HexCostModifiersSchema, required=True)


@dataclass(frozen=True)
class EndRollRules:
    """Rule 8.6."""

    ends_at_or_below: int
    per_previous_option: int
    powers_at_war: int
    powers_at_war_modifier: int
    all_at_war_modifier: int


class EndRollSchema(SpecSchema):
    spec = EndRollRules

    ends_at_or_below = whole(required=True)
    per_previous_option = whole(required=True)
    powers_at_war = count(required=True)
    powers_at_war_modifier = whole(required=True)
    all_at_war_modifier = whole(required=True)


@dataclass(frozen=True)
class NewWorldOrderCosts:
    """Rule 8.7.1: entering a hex closer to (further from) every centre hex, leaving the ideology, else."""

    closer: int
    further: int
    change_ideology: int
    other: int


class NewWorldOrderCostSchema(SpecSchema):
    spec = NewWorldOrderCosts

    closer = count(required=True)
    further = count(required=True)
    change_ideology = count(required=True)
    other = count(required=True)


@dataclass(frozen=True)
class NewWorldOrderRules:
    """Rule 8.7.1 (IPO 1)."""

    points_by_position: tuple[int, ...]
    ideology_modifiers: dict[str, int]
    minimum_points: int
    costs: NewWorldOrderCosts


class NewWorldOrderSchema(SpecSchema):
    spec = NewWorldOrderRules

    points_by_position = listed(count(), required=True, validate=validate.Length(equal=len(MAJOR_POWERS)))
    ideology_modifiers = Keyed(whole(), keys=IDEOLOGIES, required=True)
    minimum_points = count(required=True)
    costs = nested(NewWorldOrderCostSchema, required=True)


@dataclass(frozen=True)
class EconomicAgreementRules:
    """Rule 8.7.2 (IPO 2): "a red factory or one or two resources"."""

    most_resources: int


class EconomicAgreementSchema(SpecSchema):
    spec = EconomicAgreementRules

    most_resources = count(required=True)


@dataclass(frozen=True)
class PoliticsRules:
    marker_limit: int  # rule 8.4c: markers run to +/-marker_limit
    credit_partner_treaty_level: int  # rule 8.2b: a partner paying past the credit limit
    activation: ActivationRules
    end_roll: EndRollRules
    new_world_order: NewWorldOrderRules
    economic_agreement: EconomicAgreementRules


class PoliticsSchema(SpecSchema):
    """Numbers rules 8.2-8.7 state (not provisional: they are the seed's)."""

    spec = PoliticsRules

    marker_limit = count(required=True)
    credit_partner_treaty_level = count(required=True)
    activation = nested(ActivationSchema, required=True)
    end_roll = nested(EndRollSchema, required=True)
    new_world_order = nested(NewWorldOrderSchema, required=True)
    economic_agreement = nested(EconomicAgreementSchema, required=True)


def check_politics(data: dict) -> dict:
    """Every political section's cross-field checks, under the path of each section."""
    errors: dict = {}
    display = check_display(data)
    if display:
        errors["status_display"] = display
    minors = check_minors(data)
    if minors:
        errors["minors"] = minors
    for chart in ("war_chart", "treaty_chart"):
        found = check_chart(data, chart)
        if found:
            errors[chart] = found
    options = check_options(data)
    if options:
        errors["options"] = options
    return errors
