"""The ruleset's data pack: the edition's unit table and combat constants (``default.yaml``, as the
battle calculator always read it) plus, for the whole game, the house-rule facts
(``house_rules.yaml``), the board (``board.yaml``) and the board's outlines (``geometry.yaml``).

The domain reads no files. ``default.yaml`` names the other three under ``include`` (key -> file in
the same package); the edge that reads the pack puts each file's parsed content at its key. A pack
without them (an old game's own pack, or an edge that does not read includes) still plays battles;
a whole game needs the house rules and the board (``GamePack.playable``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from marshmallow import ValidationError, fields, post_load, validate

from domain.aa.board import Board, load_board
from domain.aa.pack_schema import EditionPackSchema
from domain.aa.revised_phase_one.house_rules import HouseRules, load_house_rules
from domain.aa.units import EditionPack

WHOLE_GAME_PARTS = ("house_rules", "board")
# The box game's numbers (AAR-tech, AAR-sbr), for packs written before ``base_rules`` existed.
BASE_RULES = {"research_die_cost": 5, "research_success": 6, "rocket_range": 3}


@dataclass(frozen=True)
class GamePack(EditionPack):
    """The edition pack the battle engine reads, with the whole game's facts when present."""

    house: HouseRules | None = None
    board: Board | None = None
    geometry: Any = None  # domain.aa.board.svg.BoardGeometry, when the pack carries the outlines
    include: Mapping[str, str] | None = None
    base: Mapping[str, int] | None = None  # the box rules' numbers the game reads (``base_rules``)

    def number(self, name: str) -> int:
        return (self.base or {}).get(name, BASE_RULES[name])

    @property
    def playable(self) -> bool:
        return self.house is not None and self.board is not None


def _load_part(name: str, raw: Any, loader) -> Any:
    try:
        return loader(raw)
    except ValidationError as error:
        raise ValidationError({name: error.messages}) from error


def _geometry(raw: Any) -> Any:
    from domain.aa.board.svg import load_geometry  # drawn projections only

    return load_geometry(raw)


class RevisedPackSchema(EditionPackSchema):
    """``EditionPackSchema`` plus the whole game's parts; each part is validated by its own loader
    and its errors are prefixed with its key (``board.territories.Foo.ipc``)."""

    include = fields.Dict(keys=fields.String(), values=fields.String(), load_default=None)
    house_rules = fields.Raw(load_default=None)
    board = fields.Raw(load_default=None)
    geometry = fields.Raw(load_default=None)
    base_rules = fields.Dict(keys=fields.String(validate=validate.OneOf(sorted(BASE_RULES))),
                             values=fields.Integer(strict=True, validate=validate.Range(min=1)), load_default=None)

    @post_load
    def _pack(self, data, **kwargs) -> GamePack:  # replaces EditionPackSchema._pack (same name)
        parts = {key: data.pop(key) for key in ("include", "house_rules", "board", "geometry", "base_rules")}
        edition = EditionPackSchema._pack(self, data, **kwargs)
        house = None if parts["house_rules"] is None else _load_part("house_rules", parts["house_rules"],
                                                                      load_house_rules)
        board = None if parts["board"] is None else _load_part("board", parts["board"], load_board)
        geometry = None if parts["geometry"] is None else _load_part("geometry", parts["geometry"], _geometry)
        return GamePack(**{f: getattr(edition, f) for f in edition.__dataclass_fields__},
                        house=house, board=board, geometry=geometry, include=parts["include"],
                        base=parts["base_rules"])
