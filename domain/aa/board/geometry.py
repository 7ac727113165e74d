"""The drawing facts of an Axis & Allies board (``data/geometry.yaml``): outlines, label points,
colours, unit abbreviations, validated by ``load_geometry`` (errors map field paths to problems)
into ``BoardGeometry``, which ``svg.render_board`` draws. The domain reads no files: the caller
parses the yaml."""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.kernel.errors import error_paths

COLOUR = r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
_POINTS = r"^-?\d+,-?\d+(?: -?\d+,-?\d+){2,}$"


class _Strict(Schema):
    class Meta:
        unknown = RAISE


def _colour() -> fields.String:
    return fields.String(required=True, validate=validate.Regexp(COLOUR))


class TerritorySchema(_Strict):
    sea = fields.Boolean(load_default=False)
    label = fields.List(fields.Integer(strict=True), required=True, validate=validate.Length(equal=2))
    outline = fields.List(fields.String(validate=validate.Regexp(_POINTS)), required=True,
                          validate=validate.Length(min=1))


class PowerSchema(_Strict):
    colour, fill = _colour(), _colour()
    mark = fields.String(required=True, validate=validate.Length(min=1, max=3))
    side = fields.String(load_default="")


class ColoursSchema(_Strict):
    sea, neutral, border, battle, ink = _colour(), _colour(), _colour(), _colour(), _colour()
    sea_ink, ipc = _colour(), _colour()  # sea zones' names; IPC values


class GeometrySchema(_Strict):
    title = fields.String(required=True)
    width = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    height = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    wraps = fields.Boolean(load_default=False)
    colours = fields.Nested(ColoursSchema, required=True)
    powers = fields.Dict(keys=fields.String(), values=fields.Nested(PowerSchema), required=True,
                         validate=validate.Length(min=1))
    units = fields.Dict(keys=fields.String(), values=fields.String(validate=validate.Length(min=1)), required=True)
    territories = fields.Dict(keys=fields.String(), values=fields.Nested(TerritorySchema), required=True,
                              validate=validate.Length(min=1))

    @validates_schema
    def _labels_on_the_board(self, data: dict, **_) -> None:
        outside = {f"territories.{name}.label": ["lies outside the board"] for name, t in data["territories"].items()
                   if not (0 <= t["label"][0] <= data["width"] and 0 <= t["label"][1] <= data["height"])}
        if outside:
            raise ValidationError(outside)


@dataclass(frozen=True)
class Territory:
    name: str
    sea: bool
    label: tuple[int, int]
    path: str  # SVG path data: every polygon of the outline


@dataclass(frozen=True)
class PowerStyle:
    colour: str  # roundels, arrows, the legend
    fill: str  # the power's territories
    mark: str  # the letters in its roundel
    side: str = ""


@dataclass(frozen=True)
class BoardGeometry:
    """The validated drawing facts. Mappings are plain dicts treated as immutable."""

    title: str
    width: int
    height: int
    wraps: bool
    colours: dict
    powers: dict
    units: dict  # unit type -> abbreviation, in the order a stack is written
    territories: dict


def load_geometry(raw: dict) -> BoardGeometry:
    """Validate a parsed ``geometry.yaml`` and build ``BoardGeometry``.

    Raises ``marshmallow.ValidationError`` whose messages map field paths to problems
    (``territories.Alaska.label``)."""
    try:
        data = GeometrySchema().load(raw)
    except ValidationError as error:
        raise ValidationError({path.replace(".value.", "."): [message]
                               for path, message in error_paths(error.messages).items()}) from error
    return BoardGeometry(
        title=data["title"], width=data["width"], height=data["height"], wraps=data["wraps"],
        colours=data["colours"], units=data["units"],
        powers={name: PowerStyle(**style) for name, style in data["powers"].items()},
        territories={name: Territory(name, t["sea"], tuple(t["label"]), " ".join(f"M{p}Z" for p in t["outline"]))
                     for name, t in data["territories"].items()})
