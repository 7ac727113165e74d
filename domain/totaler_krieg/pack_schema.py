"""Marshmallow schema for the Totaler Krieg! chapter 13 data pack (countries, places, markers...).

Shape errors come from the field schemas; cross references (a region of an unknown country, a
marker ceding an unknown place, a unit listed under two countries) are checked once the shapes are
valid, and every error names the path of the bad field (``places.cyrenaica.region_of_dependent``).
Any entry or section may carry ``provisional: true``: a stand-in for what the seed does not give."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.totaler_krieg.pack_checks import cross_reference_errors
from domain.totaler_krieg.vocabulary import EndCause, Faction, Location, Size, Status, WarState

_FACTIONS = [f.value for f in Faction]
_ID = validate.Regexp(r"^[a-z0-9][a-z0-9_\-]*$", error="expected a lower-case id")


def _faction(**kwargs):
    return fields.String(validate=validate.OneOf(_FACTIONS), **kwargs)


def _ids(**kwargs):
    return fields.List(fields.String(validate=_ID), **kwargs)


class Keyed(fields.Dict):
    """A mapping of id -> entry whose errors read ``places.bessarabia.core_of`` (marshmallow's Dict
    would put a ``value`` level between the id and the field)."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ValidationError as error:
            if not isinstance(error.messages, dict):
                raise
            raise ValidationError({key: found.get("value", found.get("key")) if isinstance(found, dict) else found
                                   for key, found in error.messages.items()}) from error


class _Entry(Schema):
    provisional = fields.Boolean(load_default=False)


class DieSchema(_Entry):
    sides = fields.Integer(required=True, validate=validate.Range(min=2))
    alignment_western_at_most = fields.Integer(required=True, validate=validate.Range(min=1))


class FactionSchema(_Entry):
    name = fields.String(required=True)
    allied = fields.Boolean(required=True)


class BoxSchema(_Entry):
    name = fields.String(required=True)
    friendly_to = _faction(required=True)
    minors_of = _faction(load_default=None)


class PolicySchema(_Entry):
    name = fields.String(required=True)
    short = fields.String(load_default=None)
    ends_pre_war = fields.Boolean(load_default=False)
    survives_total_war = fields.Boolean(load_default=False)
    protected_by_enforced_peace = fields.Boolean(load_default=False)


class TruceSchema(_Entry):
    id = fields.String(required=True, validate=_ID)
    name = fields.String(required=True)
    restrictions = fields.String(required=True, validate=validate.OneOf(["reassess_armistice", "negotiation"]))


class PoliticalEventSchema(_Entry):
    number = fields.String(required=True)
    name = fields.String(required=True)
    civil_war = fields.Boolean(load_default=False)
    ends_civil_war = fields.Boolean(load_default=False)
    mobilization_roll = fields.Boolean(load_default=True)
    capital_marker = fields.String(load_default=None)
    ends_policy_as = fields.String(load_default=None, validate=validate.OneOf(
        [c.value for c in EndCause if c.voluntary]))
    vichy_fleet = fields.Boolean(load_default=False)


class WholeCessionSchema(_Entry):
    marker = fields.String(required=True, validate=_ID)
    removed_for_good = fields.Boolean(load_default=False)


class CountrySchema(_Entry):
    name = fields.String(required=True)
    size = fields.String(load_default=Size.MINOR.value, validate=validate.OneOf([s.value for s in Size]))
    abbr = fields.String(load_default=None)
    faction = _faction(load_default=None)
    posture_box = fields.String(load_default=None)
    capital = fields.String(load_default=None)
    created_from = fields.String(load_default=None, validate=_ID)
    creatable = fields.Boolean(load_default=False)
    whole_cession = fields.Nested(WholeCessionSchema, load_default=None)
    partnership = fields.Boolean(load_default=False)
    civil_war_candidate = fields.Boolean(load_default=False)
    succeeds = fields.String(load_default=None, validate=_ID)
    mobilization_roll = fields.Boolean(load_default=True)
    marker_hex = fields.String(load_default=None)


class PlaceSchema(_Entry):
    name = fields.String(required=True)
    core_of = fields.String(load_default=None)
    dependent_of = fields.String(load_default=None)
    region_of_country = fields.String(load_default=None)
    region_of_dependent = fields.String(load_default=None)
    breakaway_of = fields.String(load_default=None)
    ostland = fields.Boolean(load_default=False)
    may_become_dependent_of = _ids(load_default=list)
    off_map = fields.Boolean(load_default=False)

    @validates_schema
    def _one_disposition(self, data, **kwargs):
        keys = [k for k in PLACE_DISPOSITIONS if data.get(k)]
        if len(keys) != 1:
            raise ValidationError(f"give exactly one of {', '.join(PLACE_DISPOSITIONS)}", "core_of")


PLACE_DISPOSITIONS = ("core_of", "dependent_of", "region_of_country", "region_of_dependent", "breakaway_of")


class BordersSchema(_Entry):
    pairs = fields.List(fields.List(fields.String(), validate=validate.Length(equal=2)), required=True)


class NavalZoneSchema(_Entry):
    name = fields.String(required=True)
    ports = _ids(required=True)


class StrategicHexSchema(_Entry):
    place = fields.String(required=True)
    faction = _faction(required=True)


class StrategicHexesSchema(_Entry):
    hexes = Keyed(keys=fields.String(validate=_ID), values=fields.Nested(StrategicHexSchema), required=True)


class MarkerSchema(_Entry):
    name = fields.String(required=True)
    place = fields.String(load_default=None)
    country = fields.String(load_default=None)
    to = fields.String(required=True)
    as_dependent = fields.Boolean(load_default=False)

    @validates_schema
    def _one_area(self, data, **kwargs):
        if (data.get("place") is None) == (data.get("country") is None):
            raise ValidationError("give exactly one of place or country", "place")


class BalticCessionSchema(_Entry):
    country = fields.String(required=True)
    eastern_poland_marker = fields.String(required=True)
    memelland_to_germany = fields.String(required=True)
    northern_baltics_to_russia = fields.String(required=True)
    whole_to_russia = fields.String(required=True)


class MultinationalSchema(_Entry):
    name = fields.String(required=True)
    faction = _faction(required=True)
    nationalities = _ids(required=True, validate=validate.Length(min=1, max=2))
    minor_of = _faction(load_default=None)
    no_colonial_from = fields.String(load_default=None)
    components = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)


class SetupCodesSchema(_Entry):
    reserve = fields.String(required=True)
    partnership = fields.String(required=True)


_SETUP_TARGETS = [Location.MAP.value, Location.FORCE_POOL.value, Location.DELAY_BOX.value, Location.CONVOY_BOX.value]


class SetupGroupSchema(_Entry):
    units = _ids(required=True, validate=validate.Length(min=1))
    to = fields.String(required=True, validate=validate.OneOf(_SETUP_TARGETS))
    at = fields.List(fields.String(), load_default=list)
    near_cities_in = _ids(load_default=list)
    excluding = _ids(load_default=list)
    convoy_boxes = _ids(load_default=list)
    requires_place_in_country = fields.String(load_default=None)
    axis_only = fields.Boolean(load_default=False)
    only_if_set_aside = fields.Boolean(load_default=False)


class UnitKindSchema(_Entry):
    ground = fields.Boolean(load_default=False)
    fixed = fields.Boolean(load_default=False)
    fortress = fields.Boolean(load_default=False)
    support = fields.Boolean(load_default=False)
    marker = fields.Boolean(load_default=False)


class UnitSchema(_Entry):
    id = fields.String(required=True, validate=_ID)
    kind = fields.String(required=True)
    code = fields.String(required=True)
    strength = fields.String(load_default=None)
    steps = fields.Integer(load_default=1, validate=validate.OneOf([1, 2]))
    delay = fields.Boolean(load_default=False)
    hex = fields.String(load_default=None)


class OrderOfBattleSchema(_Entry):
    units = fields.List(fields.Nested(UnitSchema), required=True)


class ScenarioMinorSchema(_Entry):
    status = fields.String(required=True, validate=validate.OneOf([s.value for s in Status]))
    alignment = _faction(load_default=None)


class ScenarioSchema(_Entry):
    name = fields.String(required=True)
    war = fields.String(required=True, validate=validate.OneOf([w.value for w in WarState]))
    posture = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    minors = Keyed(keys=fields.String(), values=fields.Nested(ScenarioMinorSchema), load_default=dict)
    civil_war = _ids(load_default=list)


def _dict_of(schema):
    return Keyed(keys=fields.String(validate=_ID), values=fields.Nested(schema), required=True)


class PackSchema(Schema):
    """The whole pack; ``validates_schema`` checks every cross reference."""

    schema_version = fields.Integer(required=True, validate=validate.Equal(1))
    die = fields.Nested(DieSchema, required=True)
    factions = _dict_of(FactionSchema)
    posture_boxes = _dict_of(BoxSchema)
    policies = _dict_of(PolicySchema)
    truces = fields.List(fields.Nested(TruceSchema), required=True, validate=validate.Length(min=1))
    pacific_war_factions = fields.List(_faction(), required=True)
    political_events = _dict_of(PoliticalEventSchema)
    countries = _dict_of(CountrySchema)
    places = _dict_of(PlaceSchema)
    borders = fields.Nested(BordersSchema, required=True)
    naval_zones = _dict_of(NavalZoneSchema)
    convoy_modes = _ids(required=True)
    strategic_hexes = fields.Nested(StrategicHexesSchema, required=True)
    ceded_land_markers = _dict_of(MarkerSchema)
    baltic_cession = fields.Nested(BalticCessionSchema, required=True)
    multinational_units = _dict_of(MultinationalSchema)
    setup_codes = fields.Nested(SetupCodesSchema, required=True)
    setup_exceptions = Keyed(keys=fields.String(), values=fields.List(fields.Nested(SetupGroupSchema)),
                                   required=True)
    unit_kinds = _dict_of(UnitKindSchema)
    orders_of_battle = _dict_of(OrderOfBattleSchema)
    default_scenario = fields.String(required=True)
    scenarios = _dict_of(ScenarioSchema)

    @validates_schema
    def _cross_references(self, data, **kwargs):
        errors = cross_reference_errors(data)
        if errors:
            raise ValidationError(errors)
