"""Cross-reference checks of a shape-valid chapter 13 data pack, on the specs its entries loaded as
(places and Ceded Land markers are still their field dicts: they need the whole pack to be built).

Returns marshmallow-style nested errors ({section: {key: {field: [message]}}}) so the loader can
name the path of every bad reference."""
from __future__ import annotations

from collections import Counter
from typing import Any

from domain.totaler_krieg.vocabulary import Size

HOME_AND_DEPENDENTS = "home_and_dependents"


class _Errors:
    def __init__(self):
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[str, ...], message: str) -> None:
        node = self.tree
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node.setdefault(path[-1], []).append(message)

    def expect(self, ok: bool, path: tuple[str, ...], message: str) -> None:
        if not ok:
            self.add(path, message)


def cross_reference_errors(data: dict) -> dict:
    errors = _Errors()
    _check_countries(data, errors)
    _check_places(data, errors)
    _check_map(data, errors)
    _check_markers(data, errors)
    _check_units(data, errors)
    _check_scenarios(data, errors)
    return errors.tree


def _check_countries(data: dict, errors: _Errors) -> None:
    countries, places = data["countries"], data["places"]
    for cid, spec in countries.items():
        path = ("countries", cid)
        errors.expect(spec.major == (spec.faction is not None), path + ("faction",),
                      "a major country names its faction; a minor does not")
        if spec.posture_box is not None:
            errors.expect(spec.posture_box in data["posture_boxes"], path + ("posture_box",), "unknown posture box")
        if spec.created_from is not None:
            errors.expect(spec.created_from in places or spec.created_from in countries,
                          path + ("created_from",), "unknown place or country")
        if spec.whole_cession is not None:
            errors.expect(spec.whole_cession.marker in data["ceded_land_markers"],
                          path + ("whole_cession", "marker"), "unknown ceded land marker")
        if spec.succeeds is not None:
            errors.expect(spec.succeeds in countries, path + ("succeeds",), "unknown country")
    for faction in data["pacific_war_factions"]:
        errors.expect(data["factions"].get(faction.value, {}).get("allied", False), ("pacific_war_factions",),
                      f"{faction.value} is not an Allied faction")


def _check_places(data: dict, errors: _Errors) -> None:
    countries, places = data["countries"], data["places"]
    for pid, spec in places.items():
        path = ("places", pid)
        for key in ("core_of", "dependent_of", "region_of_country", "breakaway_of"):
            if spec[key] is not None:
                errors.expect(spec[key] in countries, path + (key,), "unknown country")
        if spec["region_of_dependent"] is not None:
            parent = places.get(spec["region_of_dependent"])
            errors.expect(parent is not None and parent["dependent_of"] is not None,
                          path + ("region_of_dependent",), "not a dependent")
        for owner in spec["may_become_dependent_of"]:
            errors.expect(owner in countries, path + ("may_become_dependent_of",), f"unknown country {owner}")


def _check_map(data: dict, errors: _Errors) -> None:
    places = data["places"]
    for i, pair in enumerate(data["borders"]["pairs"]):
        for name in pair:
            errors.expect(name in places, ("borders", "pairs", str(i)), f"unknown place {name}")
    for zid, zone in data["naval_zones"].items():
        for name in zone["ports"]:
            errors.expect(name in places, ("naval_zones", zid, "ports"), f"unknown place {name}")
    for hid, spec in data["strategic_hexes"]["hexes"].items():
        errors.expect(spec["place"] in places, ("strategic_hexes", "hexes", hid, "place"), "unknown place")
    for pid in data["policies"]:
        errors.expect(pid not in {t.id for t in data["truces"]}, ("policies", pid), "also a truce id")


def _check_markers(data: dict, errors: _Errors) -> None:
    countries, places, markers = data["countries"], data["places"], data["ceded_land_markers"]
    for mid, spec in markers.items():
        path = ("ceded_land_markers", mid)
        if spec["place"] is not None:
            errors.expect(spec["place"] in places, path + ("place",), "unknown place")
        if spec["country"] is not None:
            errors.expect(spec["country"] in countries, path + ("country",), "unknown country")
        errors.expect(spec["to"] in countries, path + ("to",), "unknown country")
    baltic = data["baltic_cession"]
    errors.expect(baltic.country in countries, ("baltic_cession", "country"), "unknown country")
    for key in ("eastern_poland_marker", "memelland_to_germany", "northern_baltics_to_russia", "whole_to_russia"):
        errors.expect(getattr(baltic, key) in markers, ("baltic_cession", key), "unknown ceded land marker")
    for uid, spec in data["multinational_units"].items():
        for name in spec.nationalities + tuple(spec.components):
            errors.expect(name in countries, ("multinational_units", uid, "nationalities"), f"unknown country {name}")


def _check_units(data: dict, errors: _Errors) -> None:
    countries, kinds = data["countries"], data["unit_kinds"]
    owners: dict[str, str] = {}
    counts: Counter[str] = Counter()
    for cid, oob in data["orders_of_battle"].items():
        errors.expect(_is_minor(countries, cid), ("orders_of_battle", cid), "not a minor country")
        for i, unit in enumerate(oob["units"]):
            errors.expect(unit.kind in kinds, ("orders_of_battle", cid, "units", str(i), "kind"),
                          "unknown unit kind")
            owners[unit.id] = cid
            counts[unit.id] += 1
    for cid, oob in data["major_support_units"].items():
        spec = countries.get(cid)
        errors.expect(spec is not None and spec.major, ("major_support_units", cid), "not a major country")
        for i, unit in enumerate(oob["units"]):
            errors.expect(kinds.get(unit.kind) is not None and kinds[unit.kind].support,
                          ("major_support_units", cid, "units", str(i), "kind"), "not a support unit kind")
            owners[unit.id] = cid
            counts[unit.id] += 1
    for uid, n in counts.items():
        errors.expect(n == 1, ("orders_of_battle", owners[uid]), f"unit id {uid} is used {n} times")
    for cid, groups in data["setup_exceptions"].items():
        for i, group in enumerate(groups):
            path = ("setup_exceptions", cid, str(i))
            for uid in group.units:
                errors.expect(owners.get(uid) == cid, path + ("units",), f"{uid} is not a unit of {cid}")
            errors.expect(not group.at or len(group.at) == len(group.units), path + ("at",),
                          "give one hex per unit")
            for name in group.excluding:
                errors.expect(name in data["places"], path + ("excluding",), f"unknown place {name}")
            for name in group.near_cities_in:
                errors.expect(name == HOME_AND_DEPENDENTS or name in data["places"], path + ("near_cities_in",),
                              f"unknown place {name}")
            for zone in group.convoy_boxes:
                errors.expect(zone in data["naval_zones"], path + ("convoy_boxes",), f"unknown naval zone {zone}")
            if group.requires_place_in_country is not None:
                errors.expect(group.requires_place_in_country in data["places"],
                              path + ("requires_place_in_country",), "unknown place")


def _check_scenarios(data: dict, errors: _Errors) -> None:
    markers = set(data["policies"]) | {t.id for t in data["truces"]}
    errors.expect(data["default_scenario"] in data["scenarios"], ("default_scenario",), "unknown scenario")
    for sid, scenario in data["scenarios"].items():
        for box, marker in scenario.posture.items():
            errors.expect(box in data["posture_boxes"], ("scenarios", sid, "posture", box), "unknown posture box")
            errors.expect(marker in markers, ("scenarios", sid, "posture", box), f"unknown policy or truce {marker}")
        for cid in (*scenario.minors, *scenario.civil_war):
            errors.expect(_is_minor(data["countries"], cid), ("scenarios", sid, "minors", cid), "not a minor country")


def _is_minor(countries: dict, cid: str) -> bool:
    return cid in countries and countries[cid].size is Size.MINOR
