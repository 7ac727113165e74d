"""POST /combat/odds: exact outcome distributions of an Axis & Allies battle.

Small battles are answered at once; large ones (the exact state space grows fast, sea battles
fastest) become a ``combat`` job whose id is derived from the request, so asking twice starts
one computation."""
from __future__ import annotations

import hashlib

import orjson
from flask import Response, g, url_for
from flask.views import MethodView
from marshmallow import RAISE, Schema, fields, validate

from domain import registry
from domain.aa.combat import InvalidBattleInput, parse_odds_request, run_odds
from events.envelope import canonical_json
from service.http import schemas as s
from service.http.plumbing import Blueprint
from service.packs import default_pack
from service.http.problems import not_found, validation

combat = Blueprint("combat", __name__, url_prefix="/combat", description="Battle odds")
ODDS_RULESETS = ("aa-global1940", "aa-revised-phase-one")
SYNC_UNITS = {"land": 30, "sea": 12}  # above these many units on both sides: 202 and a job
SYNC_MONTE_CARLO_RUNS = 20_000


class OddsBodySchema(Schema):
    """The request: a ruleset and a battle. Units and options are checked against the edition's
    unit table once the ruleset is known (422 naming the field)."""

    class Meta:
        unknown = RAISE

    ruleset = fields.String(required=True, validate=validate.OneOf(ODDS_RULESETS))
    kind = fields.String(load_default="land", validate=validate.OneOf(("land", "sea")))
    attacker = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    defender = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)
    amphibious = fields.List(fields.List(fields.String()), load_default=list,
                             metadata={"description": "land units each transport unloads"})
    bombard = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)
    options = fields.Dict(load_default=dict, metadata={
        "description": "aa_rule, attacker_techs, defender_techs, attacker_order, defender_order, take_territory, "
                       "sea_combat, attacker_submerge, defender_submerge, retreat_after_round, retreat_below"})
    rounds = fields.Integer(allow_none=True, load_default=None, validate=validate.Range(min=1, max=1000))
    exact = fields.Boolean(load_default=False, metadata={"description": "probabilities as exact fractions 'a/b'"})
    monte_carlo = fields.Dict(allow_none=True, load_default=None,
                              metadata={"description": "{runs, seed}: seeded sampling, to cross-check"})


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
            request = parse_odds_request(default_pack(registry.get(ruleset_id)), body)
        except InvalidBattleInput as error:
            raise validation(error.errors, f"{error.field}: {error.message}") from error
        runs = (body.get("monte_carlo") or {}).get("runs", 0)
        if request.size <= SYNC_UNITS[body["kind"]] and runs <= SYNC_MONTE_CARLO_RUNS:
            return compute_odds(ruleset_id, body)
        digest = hashlib.sha256(canonical_json({"ruleset": ruleset_id, **body})).hexdigest()[:32]
        job_id = g.services.jobs.enqueue("combat", compute_odds, ruleset_id, body, job_id=f"odds-{digest}")
        status = g.services.jobs.status(job_id) or {"id": job_id, "status": "queued"}
        # A Response passes flask-smorest's 200 serializer untouched: the 202 body is a job.
        return Response(orjson.dumps(status), status=202, mimetype="application/json",
                        headers={"Location": url_for("meta.Job", job_id=job_id)})
