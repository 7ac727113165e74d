"""National objectives (AAG-income): each treasury's objectives as data (``data/objectives.yaml``),
their conditions judged on the position when the treasury's income is collected, at the end of
its power's turn. ``load_objectives`` validates the file (errors name the field path);
``assess`` answers what one objective pays now (0: missed)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.aa.board import Board, Position, stances

RULE = "AAG-income"
MAPS = ("europe", "pacific", "all")


class _Strict(Schema):
    class Meta:
        unknown = RAISE


_names = fields.List(fields.String(), load_default=list)


class AtLeastSchema(_Strict):
    count = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    of = fields.List(fields.String(), required=True, validate=validate.Length(min=1))


class ObjectiveSchema(_Strict):
    id = fields.String(required=True)
    title = fields.String(required=True)
    ipcs = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    once = fields.Boolean(load_default=False)
    at_war_with_any = _names
    not_at_war_with = _names
    holds_all = _names
    side_holds_all = _names
    side_holds_at_least = fields.Nested(AtLeastSchema, load_default=None)
    land_unit_in = _names
    not_allied = _names
    no_enemy_warships_in = _names
    no_allied_units_in_originals = fields.Boolean(load_default=False)
    holds_originals = fields.String(load_default=None, validate=validate.OneOf(MAPS))
    not_attacked = _names
    each_held = _names
    each_originally_of = _names


class ObjectivesSchema(_Strict):
    objectives = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(ObjectiveSchema)),
                             required=True)


@dataclass(frozen=True)
class Objective:
    """One national objective: ``ipcs`` when every condition holds (or ``ipcs`` for each territory
    of ``each_held`` / originally of ``each_originally_of`` held); ``once``: paid once a game."""

    id: str
    title: str
    ipcs: int
    once: bool = False
    at_war_with_any: tuple[str, ...] = ()
    not_at_war_with: tuple[str, ...] = ()
    holds_all: tuple[str, ...] = ()
    side_holds_all: tuple[str, ...] = ()
    side_holds_at_least: tuple[int, tuple[str, ...]] | None = None
    land_unit_in: tuple[str, ...] = ()
    not_allied: tuple[str, ...] = ()
    no_enemy_warships_in: tuple[str, ...] = ()
    no_allied_units_in_originals: bool = False
    holds_originals: str | None = None
    not_attacked: tuple[str, ...] = ()
    each_held: tuple[str, ...] = ()
    each_originally_of: tuple[str, ...] = ()


def load_objectives(raw) -> Mapping[str, tuple[Objective, ...]]:
    """Validate the parsed ``objectives.yaml``: treasury -> its objectives."""
    data = ObjectivesSchema().load(raw)
    out, seen, errors = {}, set(), {}
    for treasury, listed in data["objectives"].items():
        built = []
        for i, o in enumerate(listed):
            if o["id"] in seen:
                errors[f"objectives.{treasury}.{i}.id"] = f"{o['id']!r} is used twice"
            seen.add(o["id"])
            at_least = o.pop("side_holds_at_least")
            built.append(Objective(**{k: tuple(v) if isinstance(v, list) else v for k, v in o.items()},
                                   side_holds_at_least=None if at_least is None
                                   else (at_least["count"], tuple(at_least["of"]))))
        out[treasury] = tuple(built)
    if errors:
        raise ValidationError(errors)
    return out


def check_names(board: Board, objectives: Mapping[str, tuple[Objective, ...]]) -> dict[str, str]:
    """Field path -> problem, for every name an objective uses that is not on the board."""
    owners = set(board.powers) | set(board.holders)
    problems = {}
    for treasury, listed in objectives.items():
        if treasury not in board.treasury_owners:
            problems[f"objectives.{treasury}"] = f"unknown treasury {treasury!r}"
        for i, o in enumerate(listed):
            where = f"objectives.{treasury}.{i}"
            spaces = [*o.holds_all, *o.side_holds_all, *o.land_unit_in, *o.not_allied, *o.no_enemy_warships_in,
                      *o.not_attacked, *o.each_held, *(o.side_holds_at_least[1] if o.side_holds_at_least else ())]
            for name in spaces:
                if name not in board.spaces:
                    problems[where] = f"unknown space {name!r}"
            for name in (*o.at_war_with_any, *o.not_at_war_with, *o.each_originally_of):
                if name not in owners:
                    problems[where] = f"unknown power {name!r}"
    return problems


def _side_holds(board: Board, position: Position, power: str, territory: str) -> bool:
    owner = position.owner(territory)
    return owner in board.powers and board.side(owner) == board.side(power)


def _conditions(board: Board, position, power: str, o: Objective, attacked: frozenset[str]) -> bool:
    relations = position.relations
    owner = position.owner
    if o.at_war_with_any and not any(relations.at_war(power, p) for p in o.at_war_with_any):
        return False
    if any(relations.at_war(power, p) for p in o.not_at_war_with):
        return False
    if any(owner(t) != power for t in o.holds_all):
        return False
    if any(not _side_holds(board, position, power, t) for t in o.side_holds_all):
        return False
    if o.side_holds_at_least is not None:
        count, of = o.side_holds_at_least
        if sum(_side_holds(board, position, power, t) for t in of) < count:
            return False
    if o.land_unit_in and not any(p.power == power and board.units[p.unit].is_land
                                  for t in o.land_unit_in for p in position.pieces(t)):
        return False
    mine = board.side(power)
    for t in o.not_allied:
        holder = owner(t)
        if (holder in board.powers and board.side(holder) != mine) or (
                board.is_neutral(holder) and relations.leaning(holder) not in (None, mine)):
            return False
    at_war = stances(board, position, power).at_war
    for zone in o.no_enemy_warships_in:
        if any(p.power in at_war and board.units[p.unit].is_sea and not board.units[p.unit].is_transport
               for p in position.pieces(zone)):
            return False
    originals = [n for n, s in board.spaces.items() if s.original_owner == power]
    if o.no_allied_units_in_originals and any(
            p.power != power and p.power in board.powers and not board.units[p.unit].is_facility
            for t in originals for p in position.pieces(t)):
        return False
    if o.holds_originals is not None and any(
            owner(t) != power for t in originals if o.holds_originals in ("all", board.spaces[t].map)):
        return False
    return not any(t in attacked for t in o.not_attacked)


def assess(board: Board, position, power: str, objective: Objective, attacked: frozenset[str] = frozenset()) -> int:
    """AAG-income: the IPCs ``objective`` pays ``power`` on this position (0 when it is missed);
    ``attacked``: the territories the power has attacked in the game."""
    if not _conditions(board, position, power, objective, attacked):
        return 0
    if objective.each_held:
        return objective.ipcs * sum(position.owner(t) == power for t in objective.each_held)
    if objective.each_originally_of:
        held = [n for n, s in board.spaces.items()
                if s.original_owner in objective.each_originally_of and position.owner(n) == power]
        return objective.ipcs * len(held)
    return objective.ipcs
