"""POST /combat/odds: exact outcome distributions of an Axis & Allies battle.

Small battles are answered at once; large ones (the exact state space grows fast, sea battles
fastest) become a ``combat`` job whose id is derived from the request, so asking twice starts
one computation. A battle's work is bounded (its units, exact fractions only for a battle
answered at once, Monte Carlo runs by the battle's size), so no request holds a worker for long."""
from __future__ import annotations

import hashlib

import orjson
from flask import Response, g, url_for
from flask.views import MethodView
from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from domain import registry
from domain.aa.combat import InvalidBattleInput, parse_odds_request, run_odds
from domain.aa.combat.forces import AaRule, validate_battle
from domain.aa.combat.schema import (
    MAX_RUNS,
    BattleOptionsSchema,
    OddsRequest,
    OddsRequestSchema,
)
from domain.aa.units import Ability, BombardLimit, Domain, apply_techs
from domain.kernel.errors import error_paths
from events.envelope import canonical_json
from service.http import schemas as s
from service.http.command_schemas import _prefix
from service.http.problems import not_found, validation
from service.http.request_parsing import Blueprint
from service.packs import default_pack

combat = Blueprint("combat", __name__, url_prefix="/combat", description="Battle odds")
ODDS_RULESETS = ("aa-global1940", "aa-revised-phase-one")
SYNC_UNITS = {"land": 30, "sea": 12}  # above these many units on both sides: 202 and a job
SYNC_MONTE_CARLO_RUNS = 20_000
MAX_UNITS = 200  # units of a battle (both sides and the landing): an exact float job of ~10 s
MAX_SAMPLED_UNITS = 4_000_000  # Monte Carlo runs x units: a job of ~30 s


class StrictBoolean(fields.Boolean):
    """JSON true or false only (marshmallow would take 1, "yes", "off"...)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


def _count() -> fields.Integer:
    """A count of units: an integer (its range is the edition's and the budget's, field by field)."""
    return fields.Integer(strict=True)


class OddsBodySchema(Schema):
    """The request: a ruleset and a battle. Units and options are checked against the edition's
    unit table once the ruleset is known (422 naming the field)."""

    class Meta:
        unknown = RAISE

    ruleset = fields.String(required=True, validate=validate.OneOf(ODDS_RULESETS))
    kind = fields.String(load_default="land", validate=validate.OneOf(("land", "sea")))
    attacker = fields.Dict(keys=fields.String(), values=_count(), required=True)
    defender = fields.Dict(keys=fields.String(), values=_count(), load_default=dict)
    amphibious = fields.List(fields.List(fields.String()), load_default=list,
                             metadata={"description": "land units each transport unloads"})
    bombard = fields.Dict(keys=fields.String(), values=_count(), load_default=dict)
    options = fields.Dict(load_default=dict, metadata={
        "description": "aa_rule, attacker_techs, defender_techs, attacker_order, defender_order, take_territory, "
                       "sea_combat, attacker_submerge, defender_submerge, retreat_after_round, retreat_below"})
    rounds = fields.Integer(strict=True, allow_none=True, load_default=None, validate=validate.Range(min=1, max=1000))
    exact = StrictBoolean(load_default=False, metadata={"description": "probabilities as exact fractions 'a/b'"})
    monte_carlo = fields.Dict(allow_none=True, load_default=None,
                              metadata={"description": "{runs, seed}: seeded sampling, to cross-check"})

    @validates_schema
    def _json_types(self, data, **kwargs):
        """The options' booleans and integers as JSON has them (the domain's schema would read
        1 as true): a body the document refuses is refused here too."""
        errors = {}
        for name, field in BattleOptionsSchema().fields.items():
            value = data.get("options", {}).get(name)
            if isinstance(field, fields.Boolean) and value is not None and not isinstance(value, bool):
                errors[name] = ["Not a valid boolean."]
            elif isinstance(field, fields.Integer) and isinstance(value, bool):
                errors[name] = ["Not a valid integer."]
        if errors:
            raise ValidationError({"options": errors})


class OddsSchema(Schema):
    ruleset = fields.String(required=True)
    units = fields.Integer(required=True)
    result = fields.Dict(required=True)


def compute_odds(ruleset_id: str, body: dict, services=None) -> dict:
    """The odds of one battle (also the ``combat`` job): parse against the edition, compute."""
    ruleset = registry.get(ruleset_id)
    pack = default_pack(ruleset)
    request = parse_odds_request(pack, body)
    return {"ruleset": ruleset_id, "units": request.size, "result": run_odds(pack, request).to_json()}


def parse_battle(pack, body: dict) -> OddsRequest:
    """The request, its types and ranges first, then against the edition's unit table: each bad
    field named (InvalidBattleInput), as ``parse_odds_request`` does in one pass."""
    try:
        request = OddsRequestSchema().load(body)
    except ValidationError as error:
        raise InvalidBattleInput(error_paths(error.messages)) from error
    validate_battle(pack, request.forces, request.options)
    return request


def over_budget(size: int, kind: str, exact: bool, runs: int) -> dict[str, str]:
    """Field -> why, for a battle that would hold a worker too long."""
    if size > MAX_UNITS:
        return {"attacker": f"a battle takes at most {MAX_UNITS} units (both sides and the landing); "
                            f"this one has {size}"}
    if exact and size > SYNC_UNITS[kind]:
        return {"exact": f"exact fractions are for battles answered at once: at most {SYNC_UNITS[kind]} units "
                         f"in a {kind} battle; this one has {size}"}
    if runs * max(size, 1) > MAX_SAMPLED_UNITS:
        return {"monte_carlo.runs": f"at most {MAX_SAMPLED_UNITS // max(size, 1)} runs of a battle of {size} units"}
    return {}


@combat.route("/odds")
class Odds(MethodView):
    @combat.arguments(OddsBodySchema)
    @combat.response(200, OddsSchema)
    @combat.doc(responses={
        "202": {"description": "A large battle: computed by a combat job (see Location)",
                "content": {"application/json": {"schema": s.JobSchema}}},
        **{str(code): {"description": "Problem details (RFC 9457)",
                       "content": {"application/problem+json": {"schema": s.ProblemSchema}}}
           for code in (400, 404, 413, 422)},
    })
    def post(self, body):
        """Exact outcome distribution of a battle.

        P(attacker wins / defender wins / mutual destruction), survivors per side, expected IPC
        losses; optionally after N rounds or with a retreat rule. Large battles answer 202 and
        run as a combat job."""
        ruleset_id = body.pop("ruleset")
        if registry.get(ruleset_id) is None:
            raise not_found(f"ruleset {ruleset_id!r}")
        try:
            request = parse_battle(default_pack(registry.get(ruleset_id)), body)
        except InvalidBattleInput as error:
            raise validation(error.errors, f"{error.field}: {error.message}") from error
        runs = request.monte_carlo.runs if request.monte_carlo is not None else 0
        refused = over_budget(request.size, body["kind"], request.exact, runs)
        if refused:
            raise validation(refused)
        if request.size <= SYNC_UNITS[body["kind"]] and runs <= SYNC_MONTE_CARLO_RUNS:
            return compute_odds(ruleset_id, body)
        digest = hashlib.sha256(canonical_json({"ruleset": ruleset_id, **body})).hexdigest()[:32]
        job_id = g.services.jobs.enqueue("combat", compute_odds, ruleset_id, body, job_id=f"odds-{digest}")
        status = g.services.jobs.status(job_id) or {"id": job_id, "status": "queued"}
        # A Response passes flask-smorest's 200 serializer untouched: the 202 body is a job.
        return Response(orjson.dumps(status), status=202, mimetype="application/json",
                        headers={"Location": url_for("meta.Job", job_id=job_id)})


# ---- the OpenAPI document: the body per edition and kind of battle -----------------------------

def openapi_odds(spec: dict) -> None:
    """Replace the loose ``OddsBody`` (what the service parses before the edition judges) by a
    union over the editions and kinds of battle, naming each edition's units, advances and
    orders of loss (from its unit table: a unit added to a pack is documented with no edit here)."""
    schemas = spec["components"]["schemas"]
    variants = []
    for ruleset_id in ODDS_RULESETS:
        ruleset = registry.get(ruleset_id)
        if ruleset is None:
            continue
        pack = default_pack(ruleset)
        for kind in ("land", "sea"):
            name = f"{_prefix(ruleset_id)}{kind.title()}Battle"
            schemas[name] = _odds_body(ruleset, pack, kind)
            variants.append({"$ref": f"#/components/schemas/{name}"})
    schemas["OddsBody"] = {"description": "A battle of one edition (`ruleset`), on land (the default) or at sea",
                           "oneOf": variants}


def _odds_body(ruleset, pack, kind: str) -> dict:
    techs = list(pack.techs)
    # A unit an advance changes (a destroyer that bombards) counts with the advance: the union.
    tables = [pack.units, *(apply_techs(pack.units, [tech]) for tech in pack.techs.values())]
    fighting = [n for n, u in pack.units.items() if u.domain is not Domain.FACILITY
                and (u.is_air or (u.is_land if kind == "land" else u.is_sea))]
    cannot_attack = {n for n in fighting if all(t[n].has(Ability.CANNOT_ATTACK) for t in tables)}
    bombarding = [n for n in pack.units if any(t[n].has(Ability.BOMBARD) for t in tables)]
    landing = [n for n, u in pack.units.items() if u.is_land and not u.has(Ability.CANNOT_ATTACK)]
    count = {"type": "integer", "minimum": 0, "maximum": MAX_UNITS}
    attacker = {n: ({**count, "maximum": 0} if n in cannot_attack else count) for n in fighting}
    order = {"type": "array", "items": {"type": "string", "enum": [
        *pack.units, *(f"{n}:hit" for n, u in pack.units.items() if u.hits >= 2)]}}
    properties = {
        "ruleset": {"type": "string", "enum": [ruleset.id]},
        "kind": {"type": "string", "enum": [kind]} if kind == "sea" else {"type": "string", "enum": ["land"],
                                                                             "default": "land"},
        "attacker": {"type": "object", "properties": attacker, "additionalProperties": False,
                     "description": "Attacking units by type"},
        "defender": {"type": "object", "properties": {n: count for n in fighting}, "additionalProperties": False},
        "options": {"type": "object", "additionalProperties": False, "properties": {
            "aa_rule": {"type": "string", "enum": [r.value for r in AaRule], "nullable": True},
            "attacker_techs": {"type": "array", "items": {"type": "string", "enum": techs}},
            "defender_techs": {"type": "array", "items": {"type": "string", "enum": techs}},
            "attacker_order": order, "defender_order": order,
            "take_territory": {"type": "boolean", "default": True},
            "sea_combat": {"type": "boolean", "default": False},
            "attacker_submerge": {"type": "boolean", "default": False},
            "defender_submerge": {"type": "boolean", "default": False},
            "retreat_after_round": {"type": "integer", "minimum": 1, "maximum": 2**53 - 1, "nullable": True},
            "retreat_below": {"nullable": True, "anyOf": [
                {"type": "number", "minimum": 0, "maximum": 1},
                {"type": "string", "pattern": r"^(0|1|0?\.[0-9]{1,12}|[0-9]{1,9}/[1-9][0-9]{0,8})$"}],
                "description": "Retreat when P(attacker wins) falls below this (a number or 'a/b' in 0-1); "
                               "not with retreat_after_round, nor in an amphibious assault"}},
            "description": "Orders of loss list unit names, '<unit>:hit' placing a two-hit unit's first hit"},
        "rounds": {"type": "integer", "minimum": 1, "maximum": 1000, "nullable": True},
        "exact": {"type": "boolean", "default": False, "description": (
            "Probabilities as exact fractions 'a/b': for a battle answered at once "
            f"(at most {SYNC_UNITS[kind]} units)")},
        "monte_carlo": {"type": "object", "nullable": True, "additionalProperties": False, "required": ["runs"],
                        "properties": {"runs": {"type": "integer", "minimum": 1, "maximum": MAX_RUNS},
                                       "seed": {"type": "integer", "minimum": 0, "maximum": 2**53 - 1}},
                        "description": f"Seeded sampling, to cross-check: runs x units at most {MAX_SAMPLED_UNITS}"},
    }
    if kind == "land":
        properties["amphibious"] = {"type": "array", "items": {
            "type": "array", "minItems": 1, "items": {"type": "string", "enum": landing}},
            "description": "The land units each transport unloads (no retreat then)"}
        properties["bombard"] = {"type": "object", "additionalProperties": False,
                                 "properties": {n: count for n in bombarding},
                                 "description": "Ships bombarding an amphibious assault (none after sea combat; "
                                                + _bombard_limit(pack) + ")"}
    else:  # at sea: no landing, so no ship bombards
        properties["amphibious"] = {"type": "array", "items": {}, "maxItems": 0}
        properties["bombard"] = {"type": "object", "additionalProperties": False,
                                 "properties": {n: {**count, "maximum": 0} for n in bombarding}}
    return {"type": "object",
            "description": f"A {kind} battle of {pack.title}: at least one unit attacks"
                           + (" (or a transport unloads)" if kind == "land" else "")
                           + f"; at most {MAX_UNITS} units; above {SYNC_UNITS[kind]} it is a job (202)",
            "required": ["ruleset", "attacker"] + (["kind"] if kind == "sea" else []),
            "additionalProperties": False, "properties": properties}


def _bombard_limit(pack) -> str:
    if pack.combat.bombard_limit is BombardLimit.LANDED_UNITS:
        return "at most one ship per land unit unloaded"
    return "any number of ships"
