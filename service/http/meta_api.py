"""The meta blueprint: what the service says of itself (health, signing keys, the rulesets it
adjudicates, background jobs, its OpenAPI document)."""
from __future__ import annotations

import re

from flask import Response, current_app, g
from flask.views import MethodView

from domain import registry
from domain.kernel.platform import PLATFORM_COMMANDS
from domain.kernel.schedule_views import PLATFORM_PROJECTIONS
from service.http import schemas as s
from service.http.api_common import PROBLEM
from service.http.error_responses import as_problem
from service.http.problems import not_found
from service.http.request_parsing import Blueprint

meta = Blueprint("meta", __name__, description="Health, rulesets, jobs")

JOB_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")  # what a job id may be (RQ refuses anything else)


def meta_problems(operation_id: str, *codes: int):
    return meta.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


@meta.route("/keys")
class Keys(MethodView):
    @meta.response(200, s.KeysSchema)
    @meta_problems("getKeys")
    def get(self):
        """The public keys that verify the signed heads of command answers (rotated keys stay)."""
        return {"keys": g.services.games.keys.public_keys()}


@meta.route("/healthz")
class Health(MethodView):
    @meta.response(200, s.HealthSchema)
    @meta_problems("getHealth")
    def get(self):
        """Liveness: the service answers and its store is reachable; when the store does not
        answer, 503 naming it (`store`, `store_state: down`) with Retry-After."""
        services = g.services
        try:
            services.games.store.version("healthz")
        except Exception as error:
            problem = as_problem(error)  # 503 with Retry-After for a store that does not answer
            if problem.status == 503:
                problem.extra.update(store=services.store_kind, store_state="down")
            raise problem from error
        return {"status": "ok", "store": services.store_kind, "jobs": services.jobs.kind}


@meta.route("/rulesets")
class Rulesets(MethodView):
    @meta.response(200, s.RulesetListSchema)
    @meta_problems("listRulesets")
    def get(self):
        """The rulesets this service adjudicates."""
        return {"rulesets": [_ruleset(r) for r in registry.all_rulesets()]}


@meta.route("/rulesets/<ruleset_id>")
class RulesetView(MethodView):
    @meta.response(200, s.RulesetSchema)
    @meta_problems("getRuleset", 404)
    def get(self, ruleset_id):
        """One ruleset: its commands (and the platform's every game takes), events, projections
        and seat presets."""
        ruleset = registry.get(ruleset_id)
        if ruleset is None:
            raise not_found(f"ruleset {ruleset_id!r}")
        return _ruleset(ruleset)


@meta.route("/jobs/<job_id>")
class Job(MethodView):
    @meta.response(200, s.JobSchema)
    @meta_problems("getJob", 404)
    def get(self, job_id):
        """A background job's status and result."""
        status = g.services.jobs.status(job_id) if JOB_ID.fullmatch(job_id) else None
        if status is None:
            raise not_found(f"job {job_id!r}")
        return status


@meta.route("/openapi.yaml")
class OpenAPI(MethodView):
    @meta.doc(operationId="getOpenAPI", responses={"200": {
        "description": "This API's OpenAPI document", "content": {"application/yaml": {"schema": {"type": "object"}}}}})
    def get(self):
        """The published contract (the same text as openapi.yaml in the repository)."""
        return Response(current_app.extensions["casus_openapi"](), mimetype="application/yaml")


def _ruleset(ruleset) -> dict:
    return {"id": ruleset.id, "version": ruleset.version, "title": ruleset.title,
            "description": ruleset.description,
            "commands": [c.__name__ for c in ruleset.commands],
            "platform_commands": [c.__name__ for c in PLATFORM_COMMANDS],
            "events": [e.__name__ for e in ruleset.events],
            "projections": [p.name for p in ruleset.projections] + list(PLATFORM_PROJECTIONS),
            "seat_presets": {k: {seat: list(p) for seat, p in v.items()} for k, v in ruleset.seat_presets.items()}}
