"""The ruleset's data pack: the edition's unit table, advances and combat constants
(``default.yaml``, as the battle calculator always read it) plus, for the whole game, the board
(``board.yaml``), its outlines (``geometry.yaml``), the seed's facts (``extra_rules.yaml``), the
game's numbers (``game_rules.yaml``) and the national objectives (``objectives.yaml``).

The domain reads no files. ``default.yaml`` names the other parts under ``include`` (key -> file in
the same package); the edge that reads the pack puts each file's parsed content at its key. A pack
without them (an old game's own pack, or an edge that does not read includes) still plays battles;
a whole game needs every part but the outlines (``GlobalGamePack.playable``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError, fields, post_load

from domain.aa.board import Board, load_board
from domain.aa.global1940.extra_rules import ExtraRules, load_extra_rules
from domain.aa.global1940.game.objectives import Objective, check_names, load_objectives
from domain.aa.global1940.game.rules import GameRules, load_game_rules
from domain.aa.pack_schema import EditionPackSchema
from domain.aa.units import EditionPack

PARTS = ("board", "geometry", "extra_rules", "game_rules", "objectives")


@dataclass(frozen=True)
class GlobalGamePack(EditionPack):
    """The edition pack the battle engine reads, with the whole game's parts when present."""

    board: Board | None = None
    geometry: Any = None  # domain.aa.board.svg.BoardGeometry, when the pack carries the outlines
    extra: ExtraRules | None = None
    rules: GameRules | None = None
    objectives: Mapping[str, tuple[Objective, ...]] | None = None
    include: Mapping[str, str] | None = None

    @property
    def playable(self) -> bool:
        return None not in (self.board, self.extra, self.rules, self.objectives)


def _load_part(name: str, raw: Any, loader) -> Any:
    if raw is None:
        return None
    try:
        return loader(raw)
    except ValidationError as error:
        raise ValidationError({name: error.messages}) from error


def _geometry(raw: Any) -> Any:
    from domain.aa.board.svg import load_geometry  # drawn projections only

    return load_geometry(raw)


def _check_parts(board: Board | None, rules: GameRules | None, objectives) -> None:
    """Every unit the game's numbers and every name the objectives use is on the board."""
    if board is None:
        return
    problems = {}
    if rules is not None:
        named = [*rules.complexes, *rules.bases, *rules.extra_production, rules.rocket_launch, *rules.convoy_dice,
                 *rules.bombing_units, *rules.bombing_targets, rules.scramble_base, *rules.scramble_units]
        for unit in named:
            if unit not in board.units:
                problems["game_rules"] = f"unknown unit {unit!r}"
        if rules.kamikaze_power not in board.powers:
            problems["game_rules.kamikaze.power"] = f"unknown power {rules.kamikaze_power!r}"
        for name in (*rules.axis_capitals, *rules.allied_hold_all, *rules.allied_one_of):
            if name not in board.spaces:
                problems["game_rules.victory"] = f"unknown territory {name!r}"
    if objectives is not None:
        problems.update(check_names(board, objectives))
    if problems:
        raise ValidationError(problems)


class GlobalPackSchema(EditionPackSchema):
    """``EditionPackSchema`` plus the whole game's parts; each part is validated by its own loader
    and its errors are prefixed with its key (``board.territories.Foo.ipc``)."""

    include = fields.Dict(keys=fields.String(), values=fields.String(), load_default=None)
    board = fields.Raw(load_default=None)
    geometry = fields.Raw(load_default=None)
    extra_rules = fields.Raw(load_default=None)
    game_rules = fields.Raw(load_default=None)
    objectives = fields.Raw(load_default=None)

    @post_load
    def _pack(self, data, **kwargs) -> GlobalGamePack:  # replaces EditionPackSchema._pack (same name)
        parts = {key: data.pop(key) for key in (*PARTS, "include")}
        edition = EditionPackSchema._pack(self, data, **kwargs)
        board = _load_part("board", parts["board"], load_board)
        rules = _load_part("game_rules", parts["game_rules"], load_game_rules)
        objectives = _load_part("objectives", parts["objectives"], load_objectives)
        _check_parts(board, rules, objectives)
        return GlobalGamePack(**{f: getattr(edition, f) for f in edition.__dataclass_fields__},
                              board=board, geometry=_load_part("geometry", parts["geometry"], _geometry),
                              extra=_load_part("extra_rules", parts["extra_rules"], load_extra_rules),
                              rules=rules, objectives=objectives, include=parts["include"])
