"""The board file's sections a Global 1940 board adds (AAG-board, AAG-politics, AAG-move,
AAG-facilities, AAG-income): their marshmallow schemas, the checks that every name they use is on
the board, and the ``Board`` fields they build. ``schema.BoardSchema`` includes them; every section
is optional, so a Revised board file loads as before."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from domain.aa.board.declarations import (
    AutomaticWar,
    Base,
    Condition,
    Declaration,
    Economy,
    Holder,
    PoliticsRules,
    Requirement,
    SeaBan,
)

_count = {"strict": True, "validate": validate.Range(min=0)}
_names = {"keys": fields.String()}
_Pair = fields.List(fields.String(), validate=validate.Length(equal=2))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class HolderSchema(_Strict):
    side = fields.String(load_default=None)
    neutral = fields.Boolean(load_default=False)
    leans = fields.String(load_default=None)


class EconomySchema(_Strict):
    capital = fields.String(required=True)
    map = fields.String(required=True)


class AttackedSchema(_Strict):
    by = fields.String(required=True)
    any_of = fields.List(fields.String(), required=True, validate=validate.Length(min=1))


class RequirementSchema(_Strict):
    from_round = fields.Integer(load_default=None, strict=True, validate=validate.Range(min=1))
    condition = fields.String(load_default=None)
    at_war_with_any = fields.List(fields.String(), load_default=list)
    attacked = fields.Nested(AttackedSchema, load_default=None)


class DeclarationSchema(_Strict):
    by = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    against = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    when_any = fields.List(fields.Nested(RequirementSchema), load_default=list)
    together = fields.List(fields.String(), load_default=list)
    turns = fields.List(fields.String(), load_default=list)


class ConditionSchema(_Strict):
    title = fields.String(load_default="")
    side_holds = fields.String(load_default=None)
    any_of = fields.List(fields.String(), load_default=list)
    target_units_in = fields.List(fields.String(), load_default=list)
    lasting = fields.Boolean(load_default=False)


class AutomaticSchema(_Strict):
    power = fields.String(required=True)
    against = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    after_round = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class PoliticsSchema(_Strict):
    wars_at_start = fields.Dict(**_names, values=fields.List(fields.String()), load_default=dict)
    bonds = fields.List(_Pair, load_default=list)
    conditions = fields.Dict(**_names, values=fields.Nested(ConditionSchema), load_default=dict)
    declarations = fields.List(fields.Nested(DeclarationSchema), load_default=list)
    automatic = fields.List(fields.Nested(AutomaticSchema), load_default=list)


class SeaBanSchema(_Strict):
    zones = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    until_at_war_with = fields.List(fields.String(), required=True, validate=validate.Length(min=1))
    may_not = fields.String(load_default="end", validate=validate.OneOf(("end", "enter")))


class BaseSchema(_Strict):
    bonus = fields.Integer(required=True, **_count)
    moves = fields.String(required=True, validate=validate.OneOf(("air", "sea")))
    reach = fields.String(required=True, validate=validate.OneOf(("territory", "adjacent_sea_zones")))
    out_of_action_at = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class BlockingSchema(_Strict):
    transports = fields.Boolean(load_default=True)
    submarines = fields.Boolean(load_default=True)


class GlobalSections(_Strict):
    """The optional sections; ``BoardSchema`` extends this schema."""

    holders = fields.Dict(**_names, values=fields.Nested(HolderSchema), load_default=dict)
    economies = fields.Dict(**_names, values=fields.Dict(**_names, values=fields.Nested(EconomySchema)),
                            load_default=dict)
    politics = fields.Nested(PoliticsSchema, load_default=None)
    canal_rule = fields.String(load_default="AAR-canal")
    blocking = fields.Nested(BlockingSchema, load_default=lambda: {"transports": True, "submarines": True})
    sea_bans = fields.Dict(**_names, values=fields.Nested(SeaBanSchema), load_default=dict)
    movement_areas = fields.Dict(**_names, values=fields.List(fields.String()), load_default=dict)
    bases = fields.Dict(**_names, values=fields.Nested(BaseSchema), load_default=dict)
    convoy_zones = fields.List(fields.String(), load_default=list)
    kamikaze_zones = fields.List(fields.String(), load_default=list)
    no_factory = fields.List(fields.String(), load_default=list)
    blitz_techs = fields.Dict(**_names, values=fields.List(fields.String()), load_default=dict)


def owners_of(data: dict) -> set[str]:
    """Every name that may own a territory or a unit: the powers and the holders."""
    return set(data["powers"]) | set(data["holders"])


def check_global(errors, data: dict) -> None:
    """AAG-board: every name the Global sections use is on the board."""
    powers, land, sea = set(data["powers"]), data["territories"], data["sea_zones"]
    sides, units = set(data["sides"]), data["units"]
    for name, holder in data["holders"].items():
        if name in powers:
            errors.add(f"holders.{name}", "is also a power")
        for key in ("side", "leans"):
            if holder[key] is not None and holder[key] not in sides:
                errors.add(f"holders.{name}.{key}", f"unknown side {holder[key]!r}")
    for power, economies in data["economies"].items():
        if power not in powers:
            errors.add(f"economies.{power}", f"unknown power {power!r}")
        for name, economy in economies.items():
            capital = land.get(economy["capital"])
            if capital is None or not capital["capital"] or capital["owner"] != power:
                errors.add(f"economies.{power}.{name}.capital", f"{economy['capital']!r} is not a capital of {power}")
    _check_politics(errors, data, powers | set(data["holders"]), land)
    for power, ban in data["sea_bans"].items():
        if power not in powers:
            errors.add(f"sea_bans.{power}", f"unknown power {power!r}")
        _known(errors, f"sea_bans.{power}.zones", ban["zones"], sea, "sea zone")
        _known(errors, f"sea_bans.{power}.until_at_war_with", ban["until_at_war_with"], powers, "power")
    for power, area in data["movement_areas"].items():
        if power not in powers:
            errors.add(f"movement_areas.{power}", f"unknown power {power!r}")
        _known(errors, f"movement_areas.{power}", area, land, "territory")
    for unit in data["bases"]:
        if unit not in units:
            errors.add(f"bases.{unit}", f"unknown unit {unit!r}")
    _known(errors, "convoy_zones", data["convoy_zones"], sea, "sea zone")
    _known(errors, "kamikaze_zones", data["kamikaze_zones"], sea, "sea zone")
    _known(errors, "no_factory", data["no_factory"], land, "territory")
    for tech, kinds in data["blitz_techs"].items():
        _known(errors, f"blitz_techs.{tech}", kinds, units, "unit")
    for name, unit in units.items():
        _known(errors, f"units.{name}.blitz_with", unit["blitz_with"], units, "unit")


def _check_politics(errors, data: dict, owners: set, land: dict) -> None:
    politics = data["politics"]
    if politics is None:
        return
    for declarer, targets in politics["wars_at_start"].items():
        _known(errors, "politics.wars_at_start", [declarer, *targets], owners, "power")
    for i, pair in enumerate(politics["bonds"]):
        _known(errors, f"politics.bonds[{i}]", pair, owners, "power")
    for name, condition in politics["conditions"].items():
        where = f"politics.conditions.{name}"
        if condition["side_holds"] is not None and condition["side_holds"] not in data["sides"]:
            errors.add(f"{where}.side_holds", f"unknown side {condition['side_holds']!r}")
        _known(errors, f"{where}.any_of", condition["any_of"], land, "territory")
        _known(errors, f"{where}.target_units_in", condition["target_units_in"], land, "territory")
    for i, declaration in enumerate(politics["declarations"]):
        where = f"politics.declarations[{i}]"
        for key in ("by", "against", "together", "turns"):
            _known(errors, f"{where}.{key}", declaration[key], owners, "power")
        for j, requirement in enumerate(declaration["when_any"]):
            if requirement["condition"] is not None and requirement["condition"] not in politics["conditions"]:
                errors.add(f"{where}.when_any[{j}].condition", f"unknown condition {requirement['condition']!r}")
            _known(errors, f"{where}.when_any[{j}].at_war_with_any", requirement["at_war_with_any"], owners, "power")
    for i, war in enumerate(politics["automatic"]):
        _known(errors, f"politics.automatic[{i}]", [war["power"], *war["against"]], owners, "power")


def _known(errors, where: str, names, known, kind: str) -> None:
    for i, name in enumerate(names):
        if name not in known:
            errors.add(f"{where}[{i}]", f"unknown {kind} {name!r}")


def build_global(data: dict) -> dict:
    """The ``Board`` fields the Global sections give."""
    politics = data["politics"]
    return {
        "holders": {name: Holder(name, **h) for name, h in data["holders"].items()},
        "economies": {power: tuple(Economy(name, power, e["capital"], e["map"]) for name, e in economies.items())
                      for power, economies in data["economies"].items()},
        "politics": None if politics is None else _politics(politics),
        "canal_rule": data["canal_rule"],
        "blocking": frozenset(kind for kind, blocks in data["blocking"].items() if blocks),
        "sea_bans": {power: SeaBan(power, frozenset(b["zones"]), tuple(b["until_at_war_with"]), b["may_not"])
                     for power, b in data["sea_bans"].items()},
        "movement_areas": {power: frozenset(area) for power, area in data["movement_areas"].items()},
        "bases": {unit: Base(unit, **b) for unit, b in data["bases"].items()},
        "convoy_zones": frozenset(data["convoy_zones"]),
        "kamikaze_zones": frozenset(data["kamikaze_zones"]),
        "no_factory": frozenset(data["no_factory"]),
        "blitz_techs": {tech: frozenset(kinds) for tech, kinds in data["blitz_techs"].items()},
    }


def _politics(raw: dict) -> PoliticsRules:
    def requirement(r: dict) -> Requirement:
        attacked = r["attacked"] or {}
        return Requirement(r["from_round"], r["condition"], tuple(r["at_war_with_any"]), attacked.get("by"),
                           tuple(attacked.get("any_of", ())))

    return PoliticsRules(
        wars_at_start=tuple((declarer, target) for declarer, targets in raw["wars_at_start"].items()
                            for target in targets),
        bonds=tuple(tuple(pair) for pair in raw["bonds"]),
        conditions=tuple(Condition(name, c["title"] or name.replace("_", " "), c["side_holds"], tuple(c["any_of"]),
                                   tuple(c["target_units_in"]), c["lasting"]) for name, c in raw["conditions"].items()),
        declarations=tuple(Declaration(tuple(d["by"]), tuple(d["against"]), tuple(requirement(r) for r in d["when_any"]),
                                       tuple(d["together"]), tuple(d["turns"])) for d in raw["declarations"]),
        automatic=tuple(AutomaticWar(a["power"], tuple(a["against"]), a["after_round"]) for a in raw["automatic"]),
    )
