"""Flask app factory: wiring (bootstrap), the API and its OpenAPI document, error handling."""
from __future__ import annotations

from flask import Flask, g
from flask_smorest import Api

from service import bootstrap
from service.config import Config
from service.http import install_error_handlers

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
    from service.api import games, meta

    api.register_blueprint(meta)
    api.register_blueprint(games)
    install_error_handlers(app)
    app.extensions["casus_services"] = services
    app.extensions["casus_openapi"] = lambda: openapi_yaml(api)

    @app.before_request
    def attach_services():
        g.services = services

    return app


def openapi_yaml(api: Api) -> str:
    return api.spec.to_yaml()
