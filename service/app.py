"""Flask app factory: wiring (bootstrap), the API and its OpenAPI document, error handling."""
from __future__ import annotations

from apispec.yaml_utils import dict_to_yaml
from flask import Flask, g
from flask_smorest import Api

from domain import registry
from domain.kernel import SPECTATOR, Setup
from events.envelope import canonical_json
from service import bootstrap
from service.api import games, meta
from service.combat import combat
from service.config import Config
from service.http import install_error_handlers
from service.packs import default_pack

API_TITLE = "Casus Belli"
API_VERSION = "0.1.0"


class CasusApi(Api):
    DEFAULT_ERROR_RESPONSE_NAME = None  # every error is problem+json, documented per operation


def create_app(config: Config | None = None, services: bootstrap.Services | None = None) -> Flask:
    config = config or Config.from_env()
    services = services or bootstrap.build(config)
    app = Flask("casus")
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        MAX_CONTENT_LENGTH=config.max_body_bytes,
        JSON_SORT_KEYS=False,
    )
    api = CasusApi(app, spec_kwargs={
        "info": {"description": "Event-sourced adjudication service for WWII grand-strategy board games. "
                                "Every error is application/problem+json (RFC 9457)."},
    })
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{}, {"bearerAuth": []}]
    api.register_blueprint(meta)
    api.register_blueprint(games)
    api.register_blueprint(combat)
    install_error_handlers(app)
    app.extensions["casus_services"] = services
    app.extensions["casus_openapi"] = lambda: openapi_yaml(api)

    @app.before_request
    def attach_services():
        g.services = services

    return app


PROJECTION_PATH = "/games/{game_id}/projections/{name}"


def openapi_yaml(api: Api) -> str:
    """The document, with an example of every built-in projection (what a spectator of a new
    game of the ruleset's first seating preset reads), so each read model is documented by a
    real instance that the drift test keeps current."""
    spec = api.spec.to_dict()
    content = spec["paths"][PROJECTION_PATH]["get"]["responses"]["200"]["content"]["application/json"]
    content["examples"] = projection_examples()
    return dict_to_yaml(spec)


def projection_examples() -> dict:
    examples = {}
    for ruleset in registry.all_rulesets(builtin_only=True):
        if not ruleset.seat_presets:
            continue
        pack = default_pack(ruleset)
        seats = next(iter(ruleset.seat_presets.values()))
        decider = ruleset.make_decider(pack)
        view = decider.view(decider.initial_state(Setup(seats, {}, pack)), SPECTATOR)
        for projection in ruleset.projections:
            if projection.media_type != "application/json":
                continue
            summary = projection.description or f"{ruleset.title}: {projection.name}"
            data = projection.build(view)
            if len(canonical_json(data)) > MAX_EXAMPLE_BYTES:
                # A whole-map read model would bury the document; show its shape, one entry deep.
                data = _first_entries(data)
                summary += " (example cut to its first entries)"
            examples[f"{ruleset.id}/{projection.name}"] = {
                "summary": summary,
                "value": {"name": projection.name, "version": 1, "seat": SPECTATOR, "data": data},
            }
    return examples


MAX_EXAMPLE_BYTES = 8 * 1024


def _first_entries(value, depth: int = 0):
    if isinstance(value, dict):
        items = list(value.items())[: 2 if depth else len(value)]
        return {k: _first_entries(v, depth + 1) for k, v in items}
    if isinstance(value, list):
        return [_first_entries(v, depth + 1) for v in value[:1]]
    return value
