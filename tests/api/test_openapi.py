"""openapi.yaml is generated from the code (a test fails when it drifts), documents HTTP by the
book (operation ids, links, response headers, the two kinds of entity tag), and the running API
honours it: schemathesis generates requests from it, runs every check it has on each answer, and
follows the links from a created game through the game's operations."""
from pathlib import Path

import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from service.http.app import create_app
from service.cli import generated_openapi
from service.config import Config
from tests.support.api import TINY

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
OPERATIONS = [(path, method, op) for path, item in DOCUMENT["paths"].items() for method, op in item.items()
              if method in ("get", "post", "put", "patch", "delete")]


def test_openapi_yaml_matches_the_code():
    assert (ROOT / "openapi.yaml").read_text(encoding="utf-8") == generated_openapi(), \
        "openapi.yaml drifted from the code: run `casus openapi --write`"


def test_the_served_document_is_the_published_one(sqlite_app):
    served = sqlite_app.test_client().get("/openapi.yaml").get_data(as_text=True)
    assert served == (ROOT / "openapi.yaml").read_text(encoding="utf-8")


def test_every_operation_has_its_own_operation_id():
    ids = [op.get("operationId") for _, _, op in OPERATIONS]
    assert all(ids) and len(set(ids)) == len(ids), ids


def test_a_created_game_links_to_every_operation_on_it():
    links = DOCUMENT["paths"]["/games"]["post"]["responses"]["201"]["links"]
    on_a_game = {op["operationId"] for path, _, op in OPERATIONS if path.startswith("/games/{game_id}")}
    assert set(links) == on_a_game and len(on_a_game) >= 9
    assert all(link["parameters"] == {"game_id": "$response.body#/game_id"} for link in links.values())


def _headers(path, method, code):
    return set(DOCUMENT["paths"][path][method]["responses"][code].get("headers", {}))


def test_response_headers_are_declared():
    assert {"Location", "ETag", "Cache-Control"} <= _headers("/games", "post", "201")
    assert "ETag" in _headers("/games/{game_id}/commands", "post", "201")
    assert {"Location", "Retry-After"} <= _headers("/games/{game_id}/replay", "post", "202")
    assert "Link" in _headers("/games", "get", "200") and "Link" in _headers("/games/{game_id}/events", "get", "200")
    for path in ("/games/{game_id}/state", "/games/{game_id}/legal-commands", "/games/{game_id}/projections/{name}"):
        assert {"ETag", "Vary", "Cache-Control"} <= _headers(path, "get", "200")
        assert "ETag" in _headers(path, "get", "304")
    unavailable = DOCUMENT["components"]["responses"]["ServiceUnavailable"]
    assert "Retry-After" in unavailable["headers"]
    assert all(op["responses"]["503"] for _, _, op in OPERATIONS)


def test_the_document_tells_versions_from_read_etags():
    if_match = next(p for p in DOCUMENT["paths"]["/games/{game_id}/commands"]["post"]["parameters"]
                    if p["name"] == "If-Match")
    assert "version" in if_match["description"] and "opaque" in if_match["description"]
    assert "opaque" in DOCUMENT["components"]["headers"]["ETag"]["description"].lower()


def _app_with_a_game(folder: Path):
    app = create_app(Config(database=str(folder / "schemathesis.db"), extra_rulesets=(TINY,)))
    created = app.test_client().post("/games", json={"ruleset": "tiny", "seats": {"north": ["N"], "south": ["S"]}}).json
    return app, created


# A rules service refuses many schema-valid requests on their merits: a rule broken (422), a
# version moved on (412), `If-Match: *` on a command that does not commute (428). Missing
# If-Match is 428 (RFC 6585), not 400. A command's If-Match is judged before the rules judge its
# data, so a body outside a documented range (a rule's, enforced by the rule) may meet 412 first.
CONFIG = SchemathesisConfig.from_dict({"checks": {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "412", "422",
                                                       "428"]},
    "missing_required_header": {"expected-statuses": ["400", "401", "428"]},
    "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "412", "415",
                                                      "422", "428", "429", "5xx"]},
}})
_FOLDER = Path(__import__("tempfile").mkdtemp(prefix="casus-schemathesis-"))
APP, GAME = _app_with_a_game(_FOLDER)
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=CONFIG)
MODERATORS = {GAME["game_id"]: GAME["moderator_token"]}


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_the_contract_allows_gets_a_server_error(case):
    """Every operation, with generated input, against a real game (as the moderator), every check."""
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = GAME["game_id"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {GAME['moderator_token']}"}
    case.call_and_validate()


class Workflow(schema.as_state_machine()):
    """Sequences along the links: create a game, then read it, command it, replay it, poll the job,
    as the created game's moderator."""

    def before_call(self, case):
        if case.operation.label == "POST /games":
            case.body = {"ruleset": "tiny", "seats": {"north": ["N"], "south": ["S"]}}
        token = MODERATORS.get((case.path_parameters or {}).get("game_id"))
        if token is not None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}

    def after_call(self, response, case):
        super().after_call(response, case)
        if case.operation.label == "POST /games" and response.status_code == 201:
            created = response.json()
            MODERATORS[created["game_id"]] = created["moderator_token"]


TestWorkflow = Workflow.TestCase
TestWorkflow.settings = settings(max_examples=8, stateful_step_count=6, deadline=None,
                                 suppress_health_check=list(HealthCheck))
