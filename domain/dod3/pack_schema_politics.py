"""Marshmallow schemas for the political half of the DoD III data pack (rules 2.6, 8.1-8.7): the
status display's hex graph, the minor countries, the war and treaty charts, the option cards and
the numbers rules 8.5-8.7 state. Cross-field checks name the path of the bad field."""
from __future__ import annotations

from marshmallow import Schema, validate

from domain.dod3.pack_politics import ChartKind, EffectKind, ModifierKind, PrerequisiteKind, TargetKind
from domain.dod3.pack_schema import Keyed, Rational, Sourced, _bool, _count, _int, _list, _nested, _power, _str
from domain.dod3.powers import MAJOR_POWERS, Ideology

RESTRICTED_POWERS = ("CH", "IT", "JA", "US")  # rule 8.1d: they control only minors under their flags
RESOURCE_KINDS = ("resource", "oil")
M = ModifierKind
MINOR_MODIFIERS = (M.OPPOSITE, M.HALVE, M.DOUBLE, M.PER_ALLY, M.NEGATIVE_ONLY, M.MULTIPLY_BY_LEVELS, M.ADD)
US_ENTRY_MODIFIERS = (M.BY_IDEOLOGY, M.OPPOSITE, M.DOUBLE, M.HALVE, M.ADD)
IDEOLOGIES = tuple(i.value for i in Ideology)


def _years(**kwargs) -> Keyed:
    """US entry by year: ``{1936: 10, 1938: 9}`` - each value holds from its year on."""
    return Keyed(Sourced(Rational()), **kwargs)


def _effects(**kwargs) -> Keyed:
    """Modifiers by minor: ``{Finland: 1, Poland: {value: -2, provisional: true}}``."""
    return Keyed(Sourced(_int()), **kwargs)


class ActivationCostSchema(Schema):
    towards_own_ideology = _int(required=True)
    towards_other_ideology = _int(required=True)
    away_from_power_at_war = _int(required=True)
    towards_power_at_war = _int(required=True)
    leaving_controller_hex = _int(required=True)
    crossing_boundary = _int(required=True)
    away_from_ally = _int(required=True)


class ActivationSchema(Schema):
    base_cost = _count(required=True)
    minimum_cost = _count(required=True)
    negative_range = _count(required=True)
    modifiers = _nested(ActivationCostSchema, required=True)


class EndRollSchema(Schema):
    ends_at_or_below = _int(required=True)
    per_previous_option = _int(required=True)
    powers_at_war = _count(required=True)
    powers_at_war_modifier = _int(required=True)
    all_at_war_modifier = _int(required=True)


class NewWorldOrderCostSchema(Schema):
    closer = _count(required=True)
    further = _count(required=True)
    change_ideology = _count(required=True)
    other = _count(required=True)


class NewWorldOrderSchema(Schema):
    points_by_position = _list(_count(), required=True, validate=validate.Length(equal=len(MAJOR_POWERS)))
    ideology_modifiers = Keyed(_int(), keys=IDEOLOGIES, required=True)
    minimum_points = _count(required=True)
    costs = _nested(NewWorldOrderCostSchema, required=True)


class EconomicAgreementSchema(Schema):
    most_resources = _count(required=True)


class PoliticsSchema(Schema):
    """Numbers rules 8.2-8.7 state (not provisional: they are the seed's)."""

    marker_limit = _count(required=True)
    credit_partner_treaty_level = _count(required=True)
    activation = _nested(ActivationSchema, required=True)
    end_roll = _nested(EndRollSchema, required=True)
    new_world_order = _nested(NewWorldOrderSchema, required=True)
    economic_agreement = _nested(EconomicAgreementSchema, required=True)


class IdeologyLayoutSchema(Schema):
    factions = _list(_str(), required=True, validate=validate.Length(min=1))
    centre = _str(required=True)


class HexSchema(Schema):
    id = _str(required=True)
    q = _int(required=True)
    r = _int(required=True)
    zone = _str(required=True)


class DisplayStartSchema(Schema):
    powers = Keyed(_str(), keys=MAJOR_POWERS, required=True)
    minors = Keyed(_str(), required=True)


class StatusDisplaySchema(Schema):
    provisional = _bool()
    ideologies = Keyed(_nested(IdeologyLayoutSchema), keys=IDEOLOGIES, required=True)
    neutral_hex = _str(required=True)
    hexes = _list(_nested(HexSchema), required=True, validate=validate.Length(min=1))
    boundaries = _list(_list(_str(), validate=validate.Length(equal=2)), load_default=None, allow_none=True)
    wrap = Keyed(_list(_str(), validate=validate.Length(equal=2, error="expected the two hexes of the letter")),
                 required=True)
    start = _nested(DisplayStartSchema, required=True)


class MinorSchema(Schema):
    provisional = _bool()
    political_marker = _bool(load_default=False)
    colony_of = _str(load_default=None, allow_none=True)
    willpower = Sourced(_int(), load_default=None, allow_none=True)
    stability = Sourced(_int(), load_default=None, allow_none=True)
    allies = _list(_power(), load_default=list)
    resources = Keyed(_count(), keys=RESOURCE_KINDS, load_default=dict)
    red_factories = _count(load_default=0)
    blue_factories = _count(load_default=0)


class MinorsSchema(Schema):
    provisional = _bool()
    countries = Keyed(_nested(MinorSchema), required=True)
    flags = Keyed(_list(_str()), keys=RESTRICTED_POWERS, required=True)
    hostile = _list(_list(_str(), validate=validate.Length(equal=2)), required=True)


class ChartColumnSchema(Schema):
    provisional = _bool()
    minor_effects = _effects(load_default=dict)
    us_entry = _years(load_default=dict)


class AmericaInFlamesSchema(Schema):
    """Rule 2.6: a war-chart column copied from another (``as``), with its own US entry."""

    minor = _str(required=True)
    as_ = _str(required=True, data_key="as")
    us_entry = _years(load_default=None, allow_none=True)
    us_entry_offset = _int(load_default=0)


class WarChartSchema(Schema):
    provisional = _bool()
    targets = Keyed(_nested(ChartColumnSchema), required=True)
    america_in_flames = _list(_nested(AmericaInFlamesSchema), load_default=list)


class TreatyChartSchema(Schema):
    provisional = _bool()
    targets = Keyed(_nested(ChartColumnSchema), required=True)


class ModifierSchema(Schema):
    provisional = _bool()
    kind = _str(required=True, validate=validate.OneOf(MINOR_MODIFIERS + US_ENTRY_MODIFIERS))
    value = Rational(load_default=None, allow_none=True)
    by_ideology = Keyed(Rational(), keys=IDEOLOGIES, load_default=dict)


class PrerequisiteSchema(Schema):
    kind = _str(required=True, validate=validate.OneOf(tuple(PrerequisiteKind)))
    power = _power(load_default=None, allow_none=True)
    level = _int(load_default=None, allow_none=True)
    option = _str(load_default=None, allow_none=True)


class EffectSchema(Schema):
    kind = _str(required=True, validate=validate.OneOf(tuple(EffectKind)))
    level = Sourced(_int(), load_default=None, allow_none=True)  # pact: the treaty level it makes
    change = _int(load_default=None, allow_none=True)  # treaty_level: +n/-n, or None for the levels chosen
    option = _str(load_default=None, allow_none=True)  # force_option: the option forced
    on_target = _bool(load_default=False)  # force_option: the target must play it (else the player)
    us_entry = Keyed(Sourced(Rational()), keys=IDEOLOGIES, load_default=dict)  # new_world_order: by centre reached
    cost_per_resource = _bool(load_default=False)  # economic_agreement: the cost for each resource


class ApprovalSchema(Schema):
    option = _str(required=True)  # the approving option's suffix on the target power's card, e.g. "0(f)"


class CardSchema(Schema):
    provisional = _bool()
    id = _str(required=True)
    number = _str(load_default=None, allow_none=True)
    name = _str(required=True)
    card = _str(required=True, validate=validate.OneOf(("IPO",) + MAJOR_POWERS))
    cost = Sourced(_count(), required=True)
    once_only = Sourced(_bool(), load_default=False)
    target = _str(load_default=TargetKind.NONE.value, validate=validate.OneOf(tuple(TargetKind)))
    targets = _list(_str(), load_default=None, allow_none=True)
    prerequisites = _list(_nested(PrerequisiteSchema), load_default=list)
    minor_effects = _effects(load_default=dict)
    target_effects = _effects(load_default=dict)
    chart = _str(load_default=ChartKind.NONE.value, validate=validate.OneOf(tuple(ChartKind)))
    modifiers = _list(_nested(ModifierSchema), load_default=list)
    us_entry = _years(load_default=dict)
    us_entry_modifiers = _list(_nested(ModifierSchema), load_default=list)
    approval = _nested(ApprovalSchema, load_default=None, allow_none=True)
    effect = _nested(EffectSchema, required=True)
    no_activation = _bool(load_default=False)
    may_pass_credit_limit = _bool(load_default=False)
    mp_zero = _bool(load_default=False)


class OptionsSchema(Schema):
    provisional = _bool()
    cards = _list(_nested(CardSchema), required=True, validate=validate.Length(min=1))
