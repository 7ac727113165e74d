"""openapi.yaml is generated from the code (a test fails when it drifts) and documents HTTP by the
book (operation ids, links, response headers, the two kinds of entity tag). That the running API
honours it is test_schemathesis_stateful.py's: schemathesis with every check and phase."""
from pathlib import Path

import yaml

from service.cli import generated_openapi

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


def _links(path: str, method: str, code: str) -> dict:
    return DOCUMENT["paths"][path][method]["responses"][code].get("links", {})


def test_a_created_game_links_to_every_operation_on_it():
    """With what the operation needs: the game, the moderator's token, the version to write on.
    What acts on a webhook or a mail registration is linked from its creation."""
    links = _links("/games", "post", "201")
    on_a_game = {op["operationId"] for path, _, op in OPERATIONS if path.startswith("/games/{game_id}")}
    later = {**_links("/games/{game_id}/webhooks", "post", "201"),
             **_links("/games/{game_id}/mail/seats/{seat}", "put", "200")}
    assert set(links) | set(later) == on_a_game and len(links) >= 9
    assert set(later) == {"deleteWebhook", "listWebhookDeliveries", "deleteSeatMail"}
    for operation, link in links.items():
        parameters = link["parameters"]
        assert parameters["game_id"] == "$response.body#/game_id", operation
        assert parameters["header.Authorization"] == "Bearer {$response.body#/moderator_token}", operation
    assert links["submitCommand"]["parameters"]["header.If-Match"] == '"{$response.body#/version}"'
    assert links["getProjection"]["parameters"]["name"] == "schedule"


def test_legal_commands_link_their_first_ready_body_to_submit_command():
    link = DOCUMENT["paths"]["/games/{game_id}/legal-commands"]["get"]["responses"]["200"]["links"]["submitCommand"]
    assert link["requestBody"] == "$response.body#/commands/0/example"
    assert link["parameters"] == {"game_id": "$request.path.game_id", "header.If-Match": '"{$response.body#/version}"'}
    answered = DOCUMENT["paths"]["/games/{game_id}/commands"]["post"]["responses"]["201"]["links"]
    assert answered["getLegalCommands"]["parameters"] == {"game_id": "$request.path.game_id"}


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
