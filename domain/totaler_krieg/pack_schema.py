"""Marshmallow schema for the Totaler Krieg! chapter 13 data pack (countries, places, markers...).

``PackSchema().load(raw)`` returns the ``Pack`` the rules read: each entry schema's ``post_load``
builds its frozen spec, and the pack's derives what only the whole pack knows (each country's
original places, each dependent's area, land neighbours, what each Ceded Land marker covers).
Shape errors come from the field schemas; cross references (a region of an unknown country, a
marker ceding an unknown place, a unit listed under two countries) are checked once the shapes are
valid, and every error names the path of the bad field (``places.cyrenaica.region_of_dependent``).
Any entry or section may carry ``provisional: true``: a stand-in for what the seed does not give."""
from __future__ import annotations

import dataclasses

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from domain.totaler_krieg.pack import (
    BalticCession,
    BoxSpec,
    CountrySpec,
    EventSpec,
    MarkerSpec,
    MultinationalSpec,
    Pack,
    PlaceSpec,
    PolicySpec,
    ScenarioSpec,
    SetupGroup,
    TruceSpec,
    UnitKind,
    UnitSpec,
    WholeCession,
)
from domain.totaler_krieg.pack_checks import cross_reference_errors
from domain.totaler_krieg.pack_fields import ID, Entry, EntryId, Items, Keyed, enum_field, provisional_paths
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


def _faction(**kwargs):
    return enum_field(Faction, **kwargs)


def _ids(**kwargs):
    return Items(fields.String(validate=ID), **kwargs)


class DieSchema(Entry):
    sides = fields.Integer(required=True, validate=validate.Range(min=2))
    alignment_western_at_most = fields.Integer(required=True, validate=validate.Range(min=1))


class FactionSchema(Entry):
    name = fields.String(required=True)
    allied = fields.Boolean(required=True)


class BoxSchema(Entry):
    spec = BoxSpec

    name = fields.String(required=True)
    friendly_to = _faction(required=True)
    minors_of = _faction(load_default=None)


class PolicySchema(Entry):
    spec = PolicySpec

    name = fields.String(required=True)
    short = fields.String(load_default=None)
    ends_pre_war = fields.Boolean(load_default=False)
    survives_total_war = fields.Boolean(load_default=False)
    protected_by_enforced_peace = fields.Boolean(load_default=False)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "short": data["short"] or data["name"]}


class TruceSchema(Entry):
    spec = TruceSpec

    id = fields.String(required=True, validate=ID)
    name = fields.String(required=True)
    restrictions = enum_field(TruceRestrictions, required=True)


class PoliticalEventSchema(Entry):
    spec = EventSpec

    number = fields.String(required=True)
    name = fields.String(required=True)
    civil_war = fields.Boolean(load_default=False)
    ends_civil_war = fields.Boolean(load_default=False)
    mobilization_roll = fields.Boolean(load_default=True)
    capital_marker = fields.String(load_default=None)
    ends_policy_as = fields.String(load_default=None, validate=validate.OneOf(
        [c.value for c in EndCause if c.voluntary]))
    vichy_fleet = fields.Boolean(load_default=False)

    def spec_fields(self, data: dict) -> dict:
        cause = data["ends_policy_as"]
        return {**data, "ends_policy_as": EndCause(cause) if cause else None}


class WholeCessionSchema(Entry):
    spec = WholeCession

    marker = fields.String(required=True, validate=ID)
    removed_for_good = fields.Boolean(load_default=False)


class CountrySchema(Entry):
    spec = CountrySpec

    name = fields.String(required=True)
    size = enum_field(Size, load_default=Size.MINOR)
    abbr = fields.String(load_default=None)
    faction = _faction(load_default=None)
    posture_box = fields.String(load_default=None)
    capital = fields.String(load_default=None)
    created_from = fields.String(load_default=None, validate=ID)
    creatable = fields.Boolean(load_default=False)
    whole_cession = fields.Nested(WholeCessionSchema, load_default=None)
    partnership = fields.Boolean(load_default=False)
    civil_war_candidate = fields.Boolean(load_default=False)
    succeeds = fields.String(load_default=None, validate=ID)
    mobilization_roll = fields.Boolean(load_default=True)
    marker_hex = fields.String(load_default=None)


# A place's disposition (13.3.2): the pack names exactly one, and the kind of place it makes.
PLACE_DISPOSITIONS = {"core_of": PlaceKind.CORE, "dependent_of": PlaceKind.DEPENDENT,
                      "region_of_country": PlaceKind.REGION, "region_of_dependent": PlaceKind.REGION,
                      "breakaway_of": PlaceKind.BREAKAWAY}


class PlaceSchema(Entry):
    """Loads as a dict: the cross-reference checks read each disposition the pack gives."""

    name = fields.String(required=True)
    core_of = fields.String(load_default=None)
    dependent_of = fields.String(load_default=None)
    region_of_country = fields.String(load_default=None)
    region_of_dependent = fields.String(load_default=None)
    breakaway_of = fields.String(load_default=None)
    ostland = fields.Boolean(load_default=False)
    may_become_dependent_of = _ids(load_default=tuple)
    off_map = fields.Boolean(load_default=False)

    @validates_schema
    def _one_disposition(self, data, **kwargs):
        keys = [k for k in PLACE_DISPOSITIONS if data.get(k)]
        if len(keys) != 1:
            raise ValidationError(f"give exactly one of {', '.join(PLACE_DISPOSITIONS)}", "core_of")


def _place(pid: str, raw: dict) -> PlaceSpec:
    key = next(k for k in PLACE_DISPOSITIONS if raw[k] is not None)
    return PlaceSpec(pid, raw["name"], PLACE_DISPOSITIONS[key], None if key == "region_of_dependent" else raw[key],
                     raw["region_of_dependent"], raw["ostland"], raw["may_become_dependent_of"], raw["off_map"])


class BordersSchema(Entry):
    pairs = fields.List(fields.List(fields.String(), validate=validate.Length(equal=2)), required=True)


class NavalZoneSchema(Entry):
    name = fields.String(required=True)
    ports = _ids(required=True)


class StrategicHexSchema(Entry):
    place = fields.String(required=True)
    faction = _faction(required=True)


class StrategicHexesSchema(Entry):
    hexes = Keyed(keys=fields.String(validate=ID), values=fields.Nested(StrategicHexSchema), required=True)


class MarkerSchema(Entry):
    """Loads as a dict: what a marker covers is an area of the whole pack (``Pack.area``)."""

    name = fields.String(required=True)
    place = fields.String(load_default=None)
    country = fields.String(load_default=None)
    to = fields.String(required=True)
    as_dependent = fields.Boolean(load_default=False)

    @validates_schema
    def _one_area(self, data, **kwargs):
        if (data.get("place") is None) == (data.get("country") is None):
            raise ValidationError("give exactly one of place or country", "place")


class BalticCessionSchema(Entry):
    spec = BalticCession

    country = fields.String(required=True)
    eastern_poland_marker = fields.String(required=True)
    memelland_to_germany = fields.String(required=True)
    northern_baltics_to_russia = fields.String(required=True)
    whole_to_russia = fields.String(required=True)


class MultinationalSchema(Entry):
    spec = MultinationalSpec

    name = fields.String(required=True)
    faction = _faction(required=True)
    nationalities = _ids(required=True, validate=validate.Length(min=1, max=2))
    minor_of = _faction(load_default=None)
    no_colonial_from = fields.String(load_default=None)
    components = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)


class SetupCodesSchema(Entry):
    reserve = fields.String(required=True)
    partnership = fields.String(required=True)


_SETUP_TARGETS = [Location.MAP.value, Location.FORCE_POOL.value, Location.DELAY_BOX.value, Location.CONVOY_BOX.value]


class SetupGroupSchema(Entry):
    spec = SetupGroup

    units = _ids(required=True, validate=validate.Length(min=1))
    to = fields.String(required=True, validate=validate.OneOf(_SETUP_TARGETS))
    at = Items(fields.String(), load_default=tuple)
    near_cities_in = _ids(load_default=tuple)
    excluding = _ids(load_default=tuple)
    convoy_boxes = _ids(load_default=tuple)
    requires_place_in_country = fields.String(load_default=None)
    axis_only = fields.Boolean(load_default=False)
    only_if_set_aside = fields.Boolean(load_default=False)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "to": Location(data["to"])}


class UnitKindSchema(Entry):
    spec = UnitKind

    ground = fields.Boolean(load_default=False)
    fixed = fields.Boolean(load_default=False)
    fortress = fields.Boolean(load_default=False)
    support = fields.Boolean(load_default=False)
    marker = fields.Boolean(load_default=False)


class UnitSchema(Entry):
    spec = UnitSpec

    id = fields.String(required=True, validate=ID)
    kind = fields.String(required=True)
    code = fields.String(required=True)
    strength = fields.String(load_default=None)
    steps = fields.Integer(load_default=1, validate=validate.OneOf([1, 2]))
    delay = fields.Boolean(load_default=False)
    hex = fields.String(load_default=None)

    def spec_fields(self, data: dict) -> dict:
        """The unit of the country whose order of battle lists it."""
        return {**data, "country": EntryId.get()}


class OrderOfBattleSchema(Entry):
    units = Items(fields.Nested(UnitSchema), required=True)


class ScenarioMinorSchema(Entry):
    status = enum_field(Status, required=True)
    alignment = _faction(load_default=None)


class ScenarioSchema(Entry):
    spec = ScenarioSpec

    name = fields.String(required=True)
    war = enum_field(WarState, required=True)
    posture = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    minors = Keyed(keys=fields.String(), values=fields.Nested(ScenarioMinorSchema), load_default=dict)
    civil_war = _ids(load_default=tuple)

    def spec_fields(self, data: dict) -> dict:
        return {**data, "minors": {c: (m["status"], m["alignment"]) for c, m in data["minors"].items()}}


def _dict_of(schema):
    return Keyed(keys=fields.String(validate=ID), values=fields.Nested(schema), required=True)


class PackSchema(Schema):
    """The whole pack; ``validates_schema`` checks every cross reference, ``post_load`` builds the Pack."""

    schema_version = fields.Integer(required=True, validate=validate.Equal(1))
    die = fields.Nested(DieSchema, required=True)
    factions = _dict_of(FactionSchema)
    posture_boxes = _dict_of(BoxSchema)
    policies = _dict_of(PolicySchema)
    truces = Items(fields.Nested(TruceSchema), required=True, validate=validate.Length(min=1))
    pacific_war_factions = Items(_faction(), required=True)
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
    setup_exceptions = Keyed(keys=fields.String(), values=Items(fields.Nested(SetupGroupSchema)), required=True)
    unit_kinds = _dict_of(UnitKindSchema)
    orders_of_battle = _dict_of(OrderOfBattleSchema)
    major_support_units = Keyed(keys=fields.String(validate=ID), values=fields.Nested(OrderOfBattleSchema),
                                load_default=dict)
    default_scenario = fields.String(required=True)
    scenarios = _dict_of(ScenarioSchema)

    @validates_schema
    def _cross_references(self, data, **kwargs):
        errors = cross_reference_errors(data)
        if errors:
            raise ValidationError(errors)

    @post_load(pass_original=True)
    def _pack(self, data, original_data, **kwargs) -> Pack:
        places = {pid: _place(pid, raw) for pid, raw in data["places"].items()}
        countries = data["countries"]
        neighbours: dict[str, set[str]] = {pid: set() for pid in places}
        for a, b in data["borders"]["pairs"]:
            neighbours[a].add(b)
            neighbours[b].add(a)
        zones = data["naval_zones"]
        pack = Pack(
            die_sides=data["die"]["sides"],
            alignment_western_at_most=data["die"]["alignment_western_at_most"],
            factions={Faction(k): v["name"] for k, v in data["factions"].items()},
            boxes=data["posture_boxes"],
            policies=data["policies"],
            truces={t.id: t for t in data["truces"]},
            truce_ladder=tuple(t.id for t in data["truces"]),
            pacific_war_factions=data["pacific_war_factions"],
            events=data["political_events"],
            countries=countries,
            places=places,
            original_places={cid: tuple(p.id for p in places.values()
                                        if p.country == cid and p.kind is not PlaceKind.DEPENDENT)
                             for cid in countries},
            neighbours={k: frozenset(v) for k, v in neighbours.items()},
            dependent_areas={p.id: (p.id,) + tuple(r.id for r in places.values() if r.in_dependent == p.id)
                             for p in places.values() if p.kind is PlaceKind.DEPENDENT},
            naval_zones={k: v["ports"] for k, v in zones.items()},
            zone_names={k: v["name"] for k, v in zones.items()},
            convoy_modes=data["convoy_modes"],
            strategic_hexes={k: (v["place"], v["faction"]) for k, v in data["strategic_hexes"]["hexes"].items()},
            markers={},
            baltic=data["baltic_cession"],
            multinational=data["multinational_units"],
            reserve_code=data["setup_codes"]["reserve"],
            partnership_code=data["setup_codes"]["partnership"],
            setup_exceptions=data["setup_exceptions"],
            unit_kinds=data["unit_kinds"],
            units={u.id: u for oob in data["orders_of_battle"].values() for u in oob["units"]},
            units_of={cid: tuple(u.id for u in oob["units"]) for cid, oob in data["orders_of_battle"].items()},
            default_scenario=data["default_scenario"],
            scenarios=data["scenarios"],
            major_support={u.id: u for oob in data["major_support_units"].values() for u in oob["units"]},
            provisional=tuple(provisional_paths(self, original_data)),
        )
        markers = {k: MarkerSpec(k, v["name"], pack.area(v["country"] or v["place"]), v["to"], v["as_dependent"],
                                 v["country"]) for k, v in data["ceded_land_markers"].items()}
        return dataclasses.replace(pack, markers=markers)
