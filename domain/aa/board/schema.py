"""The board data file (``revised_phase_one/data/board.yaml``): marshmallow schema and ``load_board``.

The domain reads no files: the caller parses the YAML and hands the dict to ``load_board``, which
validates it and builds the frozen ``Board``. Every problem is reported at once, each with its field
path, e.g. ``territories.Karelia S.S.R..neighbours[2]: unknown territory 'Foo'``.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from domain.aa.board.model import Board, Canal, Space, UnitProfile, VictoryCity
from domain.aa.board.schema_global import (
    GlobalSections,
    build_global,
    check_global,
    owners_of,
)
from domain.aa.pack_schema import UnitSchema
from domain.aa.units import UnitType
from domain.kernel.errors import error_paths

RANKS = ("capital", "major", "moderate", "minor", "city")
_count = dict(strict=True, validate=validate.Range(min=0))
_UnitCounts = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=1)))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class BoardUnitSchema(UnitSchema):
    """The combat table's unit fields plus what movement reads."""

    transport_cost = fields.Integer(load_default=0, **_count)
    transport_capacity = fields.Integer(load_default=0, **_count)
    carrier_cost = fields.Integer(load_default=0, **_count)
    carrier_capacity = fields.Integer(load_default=0, **_count)
    combat_move = fields.Boolean(load_default=True)
    blitz_with = fields.List(fields.String(), load_default=list)
    produces = fields.Integer(load_default=0, **_count)
    max_damage = fields.Integer(load_default=0, **_count)


class TerritorySchema(_Strict):
    ipc = fields.Integer(load_default=0, **_count)
    owner = fields.String(load_default=None)
    original_owner = fields.String(load_default=None)  # where it differs from the owner at the start
    capital = fields.Boolean(load_default=False)
    factory = fields.Boolean(load_default=False)
    impassable = fields.Boolean(load_default=False)
    map = fields.String(load_default=None)
    # An impassable territory may touch nothing (the Pripet Marshes); the others need a neighbour.
    neighbours = fields.List(fields.String(), required=True)
    units = fields.Dict(keys=fields.String(), values=_UnitCounts, load_default=dict)


class SeaZoneSchema(_Strict):
    map = fields.String(load_default=None)
    neighbours = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    units = fields.Dict(keys=fields.String(), values=_UnitCounts, load_default=dict)


class CanalSchema(_Strict):
    zones = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    territories = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    exempt = fields.List(fields.String(), load_default=list)
    title = fields.String(load_default="")


class VictoryCitySchema(_Strict):
    city = fields.String(required=True)
    rank = fields.String(required=True, validate=validate.OneOf(RANKS))
    territory = fields.String(required=True)


class BoardSchema(GlobalSections):
    powers = fields.List(fields.String(), required=True, validate=validate.Length(min=2))
    sides = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True)
    treasuries = fields.Dict(keys=fields.String(), values=fields.Integer(**_count), required=True)
    canals = fields.Dict(keys=fields.String(), values=fields.Nested(CanalSchema), load_default=dict)
    vc_ranks = fields.Dict(keys=fields.String(validate=validate.OneOf(RANKS)), values=fields.Integer(**_count),
                           required=True)
    victory_cities = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(VictoryCitySchema)),
                                 required=True)

    units = fields.Dict(keys=fields.String(), values=fields.Nested(BoardUnitSchema), required=True)
    movement_techs = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(),
                                                                          values=fields.Integer(**_count)),
                                 load_default=dict)
    territories = fields.Dict(keys=fields.String(), values=fields.Nested(TerritorySchema), required=True)
    sea_zones = fields.Dict(keys=fields.String(), values=fields.Nested(SeaZoneSchema), required=True)

    @validates_schema
    def _references(self, data, **kwargs):
        """AAR-board: every name the board uses is on it, and adjacency runs both ways."""
        errors = _Problems()
        powers = set(data["powers"])
        owners = owners_of(data)
        land, sea = data["territories"], data["sea_zones"]
        for name in set(land) & set(sea):
            errors.add(f"sea_zones.{name}", "is also a territory")
        spaces = {**land, **sea}
        for section, table in (("territories", land), ("sea_zones", sea)):
            for name, space in table.items():
                where = f"{section}.{name}"
                for i, other in enumerate(space["neighbours"]):
                    if other not in spaces:
                        errors.add(f"{where}.neighbours[{i}]", f"unknown territory {other!r}")
                    elif other == name:
                        errors.add(f"{where}.neighbours[{i}]", "a space is not its own neighbour")
                    elif name not in spaces[other]["neighbours"]:
                        errors.add(f"{where}.neighbours[{i}]", f"{other!r} does not list {name!r} back")
                _check_units(errors, f"{where}.units", space["units"], owners, data["units"])
        side_of = _side_of(data)
        for name, terr in land.items():
            _check_territory(errors, f"territories.{name}", terr, owners, side_of, data["units"])
        for side, members in data["sides"].items():
            for i, power in enumerate(members):
                if power not in powers:
                    errors.add(f"sides.{side}[{i}]", f"unknown power {power!r}")
        if sorted(p for members in data["sides"].values() for p in members) != sorted(powers):
            errors.add("sides", "every power on exactly one side")
        economies = {e for by_power in data["economies"].values() for e in by_power}
        for power in data["treasuries"]:
            if power not in powers | economies:
                errors.add(f"treasuries.{power}", f"unknown power {power!r}")
        for name, canal in data["canals"].items():
            _check_canal(errors, f"canals.{name}", canal, land, sea)
            for i, unit in enumerate(canal["exempt"]):
                if unit not in data["units"]:
                    errors.add(f"canals.{name}.exempt[{i}]", f"unknown unit {unit!r}")
        for power, cities in data["victory_cities"].items():
            if power not in powers:
                errors.add(f"victory_cities.{power}", f"unknown power {power!r}")
            for i, vc in enumerate(cities):
                if vc["territory"] not in land:
                    errors.add(f"victory_cities.{power}[{i}].territory", f"unknown territory {vc['territory']!r}")
                if vc["rank"] not in data["vc_ranks"]:
                    errors.add(f"victory_cities.{power}[{i}].rank", f"no value for rank {vc['rank']!r}")
        for tech, bonuses in data["movement_techs"].items():
            for unit in bonuses:
                if unit not in data["units"]:
                    errors.add(f"movement_techs.{tech}.{unit}", f"unknown unit {unit!r}")
        check_global(errors, data)
        errors.raise_any()


class _Problems:
    def __init__(self):
        self.found: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.found.setdefault(path, []).append(message)

    def raise_any(self) -> None:
        if self.found:
            raise ValidationError(self.found)


def _side_of(data: dict) -> dict[str, str]:
    side_of = {p: side for side, members in data["sides"].items() for p in members}
    side_of.update({name: h["side"] for name, h in data["holders"].items() if h["side"] is not None})
    return side_of


def _check_territory(errors: _Problems, where: str, terr: dict, owners: set, side_of: dict, units: dict) -> None:
    if terr["impassable"]:
        if terr["owner"] is not None or terr["capital"] or terr["factory"] or terr["ipc"] or terr["units"]:
            errors.add(where, "an impassable neutral has no owner, value, capital, factory or units")
        return
    if not terr["neighbours"]:
        errors.add(f"{where}.neighbours", "Shorter than minimum length 1.")
    for key in ("owner", "original_owner"):
        if terr[key] is not None and terr[key] not in owners or key == "owner" and terr[key] is None:
            errors.add(f"{where}.{key}", f"unknown power {terr[key]!r}")
            return
    owner = terr["owner"]
    for power in terr["units"]:
        if power in owners and power != owner and (side_of.get(power) is None
                                                   or side_of.get(power) != side_of.get(owner)):
            errors.add(f"{where}.units.{power}", f"only the owner {owner!r} and its allies have units here at the "
                                                 "start")
    if any(units.get(u, {}).get("produces") for counts in terr["units"].values() for u in counts) \
            and not terr["factory"]:
        errors.add(f"{where}.factory", "an industrial complex stands here at the start: say factory: true")


def _check_units(errors: _Problems, where: str, units: dict, powers: set, profiles: dict) -> None:
    for power, counts in units.items():
        if power not in powers:
            errors.add(f"{where}.{power}", f"unknown power {power!r}")
        for unit in counts:
            if unit not in profiles:
                errors.add(f"{where}.{power}.{unit}", f"unknown unit {unit!r}")


def _check_canal(errors: _Problems, where: str, canal: dict, land: dict, sea: dict) -> None:
    for i, zone in enumerate(canal["zones"]):
        if zone not in sea:
            errors.add(f"{where}.zones[{i}]", f"unknown sea zone {zone!r}")
    for i, terr in enumerate(canal["territories"]):
        if terr not in land:
            errors.add(f"{where}.territories[{i}]", f"unknown territory {terr!r}")
    a, b = canal["zones"]
    if a in sea and b in sea and b not in sea[a]["neighbours"]:
        errors.add(f"{where}.zones", f"{a!r} and {b!r} are not adjacent")


_INDEX = re.compile(r"\.(\d+)(?=\.|$)")


def _tidy(path: str) -> str:
    """marshmallow's ``territories.X.value.neighbours.2`` -> ``territories.X.neighbours[2]``."""
    return _INDEX.sub(r"[\1]", path.replace(".value.", ".").removesuffix(".value"))


def load_board(raw: Mapping[str, Any]) -> Board:
    """AAR-board: validate the parsed board file and build the ``Board``.

    Raises ``marshmallow.ValidationError`` whose messages map each field path to its problems."""
    try:
        data = BoardSchema().load(raw if raw is not None else {})
    except ValidationError as error:
        paths = error_paths(error.messages)
        raise ValidationError({_tidy(path): [message] for path, message in paths.items()}) from error
    return _build(data)


def _build(data: dict) -> Board:
    spaces: dict[str, Space] = {}
    starting: dict[str, dict[str, dict[str, int]]] = {}
    for name, t in data["territories"].items():
        spaces[name] = Space(name=name, sea=False, neighbours=tuple(t["neighbours"]), ipc=t["ipc"],
                             original_owner=t["original_owner"] or t["owner"], capital=t["capital"],
                             impassable=t["impassable"], original_factory=t["factory"],
                             owner_at_start=t["owner"] if t["original_owner"] else None, map=t["map"])
        if t["units"]:
            starting[name] = t["units"]
    for name, z in data["sea_zones"].items():
        spaces[name] = Space(name=name, sea=True, neighbours=tuple(z["neighbours"]), map=z["map"])
        if z["units"]:
            starting[name] = z["units"]
    canals = tuple(Canal(name, tuple(c["zones"]), tuple(c["territories"]), tuple(c["exempt"]), c["title"])
                   for name, c in data["canals"].items())
    ranks = data["vc_ranks"]
    return Board(
        powers=tuple(data["powers"]),
        side_of=_side_of(data),
        spaces=spaces,
        canals=canals,
        canal_between={pair: c for c in canals for pair in (c.zones, c.zones[::-1])},
        victory_cities=tuple(VictoryCity(vc["city"], vc["rank"], ranks[vc["rank"]], vc["territory"], power)
                             for power, cities in data["victory_cities"].items() for vc in cities),
        units={name: _profile(name, u) for name, u in data["units"].items()},
        treasuries=dict(data["treasuries"]),
        starting_units=starting,
        movement_techs=data["movement_techs"],
        **build_global(data),
    )


_MOVEMENT = ("transport_cost", "transport_capacity", "carrier_cost", "carrier_capacity", "combat_move", "blitz_with",
             "produces", "max_damage")


def _profile(name: str, u: dict) -> UnitProfile:
    combat = {k: v for k, v in u.items() if k not in _MOVEMENT}
    unit = UnitType(name=name, **{**combat, "title": combat["title"] or name.replace("_", " ")})
    return UnitProfile(unit, **{k: tuple(u[k]) if k == "blitz_with" else u[k] for k in _MOVEMENT})
