"""HTTP errors under attack (issue 11 item 13): whatever status the service gives, the body is
problem+json with a stable type; 405 names the allowed methods; bodies that are not JSON are 415;
URLs and headers beyond the limits are 414 and 431 from the service itself."""
import pytest
from flask import abort
from werkzeug.exceptions import default_exceptions

from tests.support.api import assert_problem


def test_405_names_the_allowed_methods(client):
    response = client.delete("/games")
    assert_problem(response, 405, "method-not-allowed")
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


def test_405_on_a_game_resource(client, table):
    response = client.put(f"/games/{table.game_id}/commands", json={})
    assert_problem(response, 405, "method-not-allowed")
    assert "POST" in response.headers["Allow"] and "PUT" not in response.headers["Allow"]


@pytest.mark.parametrize("code", sorted(default_exceptions))
def test_every_http_error_flask_can_raise_is_problem_json(sqlite_app, code):
    """Whatever werkzeug or a handler raises (414 and 431 included) answers problem+json."""
    sqlite_app.add_url_rule("/_raise/<int:code>", "raise", lambda code: abort(code))
    response = sqlite_app.test_client().get(f"/_raise/{code}")
    assert response.status_code == code and response.content_type == "application/problem+json"
    body = response.json
    assert body["status"] == code and body["title"]
    assert body["type"].startswith("http://localhost/problems/") and " " not in body["type"]


def test_the_problem_types_are_stable_names(sqlite_app):
    sqlite_app.add_url_rule("/_raise/<int:code>", "raise", lambda code: abort(code))
    client = sqlite_app.test_client()
    types = {code: client.get(f"/_raise/{code}").json["type"].rsplit("/", 1)[1] for code in (400, 414, 429, 431, 500)}
    assert types == {400: "bad-request", 414: "uri-too-long", 429: "too-many-requests",
                     431: "request-header-fields-too-large", 500: "internal-error"}


def test_an_overlong_url_is_414(client):
    assert_problem(client.get("/games/" + "g" * 9000), 414, "uri-too-long")
    assert_problem(client.get("/games?after=" + "a" * 9000), 414, "uri-too-long")


def test_oversized_headers_are_431(client):
    assert_problem(client.get("/rulesets", headers={"X-Padding": "p" * 20_000}), 431, "request-header-fields-too-large")
    many = {f"X-H{i}": "v" * 100 for i in range(300)}
    assert_problem(client.get("/rulesets", headers=many), 431, "request-header-fields-too-large")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml",
                                          "multipart/form-data; boundary=x"])
def test_a_game_body_that_is_not_json_is_415(client, content_type):
    response = client.post("/games", data='{"ruleset": "tiny", "seats": {"a": ["A"]}}', content_type=content_type)
    assert_problem(response, 415, "unsupported-media-type")
    assert response.headers["Accept-Post"] == "application/json"


def test_a_command_body_that_is_not_json_is_415(table):
    response = table.client.post(f"/games/{table.game_id}/commands", data='{"type": "AddPoints"}',
                                 content_type="text/plain", headers={**table.auth("north"), "If-Match": '"1"'})
    assert_problem(response, 415, "unsupported-media-type")


def test_a_body_without_a_content_type_is_415(client):
    response = client.post("/games", data='{"ruleset": "tiny", "seats": {"a": ["A"]}}')
    assert_problem(response, 415, "unsupported-media-type")


def test_json_with_a_charset_parameter_is_json(client):
    response = client.post("/games", data='{"ruleset": "tiny", "seats": {"a": ["A"]}}',
                           content_type="application/json; charset=utf-8")
    assert response.status_code == 201


def test_unknown_paths_are_404_problems(client):
    assert_problem(client.get("/no/such/path"), 404, "not-found")
    assert_problem(client.get("/static/x.css"), 404, "not-found")
