"""openapi.yaml is generated from the code (a test fails when it drifts) and the running API
honours it: schemathesis generates requests from it and no response is a server error."""
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance, negative_data_rejection, not_a_server_error, response_schema_conformance,
    status_code_conformance,
)

from service.app import create_app
from service.cli import generated_openapi
from service.config import Config
from tests.support.api import TINY

ROOT = Path(__file__).resolve().parents[2]


def test_openapi_yaml_matches_the_code():
    assert (ROOT / "openapi.yaml").read_text(encoding="utf-8") == generated_openapi(), \
        "openapi.yaml drifted from the code: run `casus openapi --write`"


def test_the_served_document_is_the_published_one(sqlite_app):
    served = sqlite_app.test_client().get("/openapi.yaml").get_data(as_text=True)
    assert served == (ROOT / "openapi.yaml").read_text(encoding="utf-8")


def _app_with_a_game(folder: Path):
    app = create_app(Config(database=str(folder / "schemathesis.db"), extra_rulesets=(TINY,)))
    created = app.test_client().post("/games", json={"ruleset": "tiny", "seats": {"north": ["N"], "south": ["S"]}}).json
    return app, created


_FOLDER = Path(__import__("tempfile").mkdtemp(prefix="casus-schemathesis-"))
APP, GAME = _app_with_a_game(_FOLDER)
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_the_contract_allows_gets_a_server_error(case):
    """Every operation, with generated input, against a real game (as the moderator)."""
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = GAME["game_id"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {GAME['moderator_token']}"}
    case.call_and_validate(checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                                   response_schema_conformance, negative_data_rejection])
