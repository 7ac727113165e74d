"""Bad input under attack (issue 11 item 12, and the corpus of "Keep the attacks"): whatever a
hostile or broken client sends, the answer is a precise 4xx problem+json, never a 5xx, and the
game's log is left exactly as it was (same version, same last event hash)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from werkzeug.test import EnvironBuilder

from tests.support.api import PROBLEM_JSON, assert_problem

DEEP = 1_100  # JSON nesting deeper than any parser's recursion limit


def deep(n: int) -> str:
    return "[" * n + "]" * n


def _head(table) -> tuple[int, str]:
    """(version, last event hash) as the moderator reads the log."""
    version = table.summary()["version"]
    events = table.client.get(f"/games/{table.game_id}/events?after={version - 1}", headers=table.auth("moderator")).json
    return version, events["events"][-1]["hash"]


@contextmanager
def head_unchanged(table):
    games = table.client.get("/games?limit=1000").json["games"]
    before = _head(table)
    yield
    assert _head(table) == before, "the log changed"
    assert table.client.get("/games?limit=1000").json["games"] == games, "a game was created"


def post_raw(table, path: str, body: str | bytes, seat: str | None = "north", **headers):
    headers = {"Content-Type": "application/json", **table.auth(seat), **headers}
    return table.client.post(path, data=body, headers=headers)


def command_raw(table, body: str | bytes, **headers):
    return post_raw(table, f"/games/{table.game_id}/commands", body, **{"If-Match": '"1"', **headers})


def with_raw_header(table, method: str, path: str, name: str, raw: bytes, **kwargs):
    """A request whose header carries bytes as sent on the wire (the server reads them as latin-1)."""
    environ = EnvironBuilder(path=path, method=method, **kwargs).get_environ()
    environ["HTTP_" + name.upper().replace("-", "_")] = raw.decode("latin-1")
    return table.client.open(environ)


# ---- item 12, each case with its precise answer ----------------------------------------------


def test_options_nested_300_deep_are_400(table):
    with head_unchanged(table):
        body = '{"ruleset": "tiny", "seats": {"a": ["A"]}, "options": {"x": %s}}' % deep(300)
        problem = assert_problem(post_raw(table, "/games", body, seat=None), 400, "json-too-deep")
        assert "options.x" in problem["detail"]


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_command_data_nested_1000_deep_and_more_is_400(table, depth):
    with head_unchanged(table):
        body = '{"type": "AddPoints", "data": {"power": "N", "amount": 1, "x": %s}}' % deep(depth)
        assert_problem(command_raw(table, body), 400, "json-too-deep")


@pytest.mark.parametrize("body, where", [
    ('{"ruleset": "tiny", "seats": {"\\ud800": ["A"]}}', "seats"),
    ('{"ruleset": "tiny", "seats": {"a": ["\\ud800"]}}', "seats.a[0]"),
    ('{"ruleset": "tiny", "seats": {"a": ["A"]}, "options": {"\\udfff": 1}}', "options"),
    ('{"ruleset": "\\ud800tiny", "seats": {"a": ["A"]}}', "ruleset"),
])
def test_lone_surrogates_in_game_names_and_keys_are_400(table, body, where):
    with head_unchanged(table):
        problem = assert_problem(post_raw(table, "/games", body, seat=None), 400, "invalid-unicode")
        assert where in problem["detail"]


@pytest.mark.parametrize("body", [
    '{"type": "AddPoints", "data": {"\\ud800": 1}}',
    '{"type": "AddPoints", "data": {"power": "\\ud800", "amount": 1}}',
    '{"type": "\\ud800", "data": {}}',
])
def test_lone_surrogates_in_commands_are_400(table, body):
    with head_unchanged(table):
        assert_problem(command_raw(table, body), 400, "invalid-unicode")


def test_a_paired_surrogate_is_an_ordinary_character(client):
    response = client.post("/games", data='{"ruleset": "tiny", "seats": {"a": ["\\ud83d\\ude00"]}}',
                           content_type="application/json")
    assert response.status_code == 201 and response.json["seats"] == {"a": ["\N{GRINNING FACE}"]}


def test_a_5000_digit_integer_in_command_data_is_422_naming_the_field(table):
    with head_unchanged(table):
        body = '{"type": "AddPoints", "data": {"power": "N", "amount": %s}}' % ("9" * 5000)
        problem = assert_problem(command_raw(table, body), 422, "validation-error")
        assert "data.amount" in problem["errors"]


def test_a_5000_digit_integer_in_game_options_is_422_naming_the_field(table):
    with head_unchanged(table):
        body = '{"ruleset": "tiny", "seats": {"a": ["A"]}, "options": {"x": -%s}}' % ("9" * 5000)
        problem = assert_problem(post_raw(table, "/games", body, seat=None), 422, "validation-error")
        assert "options.x" in problem["errors"]


def test_if_match_beyond_any_version_is_412_naming_the_actual_version(table):
    with head_unchanged(table):
        response = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=99999999999999999999999)
        problem = assert_problem(response, 412, "stale-version")
        assert problem["actual"] == 1


def test_if_match_with_a_raw_byte_is_400(table):
    with head_unchanged(table):
        response = with_raw_header(table, "POST", f"/games/{table.game_id}/commands", "If-Match", b"\xb2",
                                   json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                   headers=table.auth("north"))
        assert_problem(response, 400, "invalid-if-match")


def test_if_match_with_a_raw_byte_inside_quotes_is_an_entity_tag_that_does_not_match(table):
    """RFC 9110 8.8.3: obs-text is allowed inside an entity tag; it names no version: 412."""
    with head_unchanged(table):
        response = with_raw_header(table, "POST", f"/games/{table.game_id}/commands", "If-Match", b'"\xb2"',
                                   json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                   headers=table.auth("north"))
        assert assert_problem(response, 412, "stale-version")["actual"] == 1


@pytest.mark.parametrize("last_id", ["abc", "9" * 5000, "-1", "1.5", " 1x", "\xb2"])
def test_a_garbage_last_event_id_is_400_not_a_restart_from_event_1(table, last_id):
    response = with_raw_header(table, "GET", f"/games/{table.game_id}/events", "Last-Event-ID",
                               last_id.encode("latin-1"), query_string={"follow": "false"},
                               headers={"Accept": "text/event-stream"})
    assert_problem(response, 400, "invalid-last-event-id")


def test_a_last_event_id_resumes_after_that_event(table):
    for amount in (1, 2, 3):
        table.send("north", "AddPoints", power="N", amount=amount)
    response = table.client.get(f"/games/{table.game_id}/events?follow=false",
                                headers={"Accept": "text/event-stream", "Last-Event-ID": "2"})
    assert _ids(response) == [3, 4]


def _ids(response) -> list[int]:
    return [int(line[4:]) for line in response.get_data(as_text=True).splitlines() if line.startswith("id: ")]


def test_a_finite_stream_honours_limit_and_links_the_rest(table):
    for amount in range(1, 6):
        table.send("north", "AddPoints", power="N", amount=amount)
    response = table.client.get(f"/games/{table.game_id}/events?follow=false&limit=3",
                                headers={"Accept": "text/event-stream"})
    assert _ids(response) == [1, 2, 3]
    assert 'after=3' in response.headers["Link"] and 'rel="next"' in response.headers["Link"]


def test_a_job_id_no_job_can_have_is_404(client):
    """RQ refuses such ids with an error of its own (a 500 in Redis mode before)."""
    for job_id in ("a.b", "..", "a b", "x" * 300):
        assert_problem(client.get(f"/jobs/{job_id}"), 404, "not-found")


# ---- the corpus: every endpoint, every bad input ---------------------------------------------

LONG = "x" * 100_000
BODIES = [
    ("deep options", '{"ruleset": "tiny", "seats": {"a": ["A"]}, "options": {"x": %s}}' % deep(300)),
    ("deep data", '{"type": "AddPoints", "data": {"x": %s}}' % deep(DEEP)),
    ("deep top level", deep(100_000)),
    ("lone surrogate key", '{"\\ud800": 1, "type": "AddPoints"}'),
    ("lone surrogate value", '{"type": "AddPoints", "data": {"power": "\\udc00"}, "ruleset": "\\ud800"}'),
    ("5000 digits", '{"type": "AddPoints", "data": {"power": "N", "amount": %s}, "ruleset": "tiny", '
                    '"seats": {"a": ["A"]}, "options": {"x": %s}, "attacker": {"infantry": %s}}' % (("9" * 5000,) * 3)),
    ("huge float", '{"type": "AddPoints", "data": {"power": "N", "amount": 1e999}}'),
    ("NaN", '{"type": "AddPoints", "data": {"power": "N", "amount": NaN}}'),
    ("huge string", '{"type": "%s", "ruleset": "%s", "data": {"power": "%s"}}' % (LONG[:60_000], LONG[:60_000], LONG[:60_000])),
    ("oversized", '{"type": "AddPoints", "data": {"x": "%s"}}' % (LONG * 3)),
    ("unknown fields", '{"type": "AddPoints", "data": {"power": "N", "amount": 1, "zz": 1}, "zz": 1, "ruleset": "tiny"}'),
    ("wrong types", '{"type": 5, "data": [], "ruleset": ["tiny"], "seats": "a", "options": 3, "attacker": "x"}'),
    ("a list", "[1, 2, 3]"),
    ("a string", '"AddPoints"'),
    ("null", "null"),
    ("empty", ""),
    ("not JSON", "{type: AddPoints"),
    ("bad UTF-8", b'{"type": "\xff\xfe"}'),
    ("NUL bytes", '{"type": "Add\\u0000Points", "ruleset": "ti\\u0000ny"}'),
]
CONTENT_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                 "application/xml", "", "application/json; charset=latin-1"]
HEADERS = [
    {"If-Match": '"99999999999999999999999"'}, {"If-Match": "abc"}, {"If-Match": '""'}, {"If-Match": "*"},
    {"If-Match": 'W/"1", "x'}, {"If-Match": "9" * 5000},
    {"Last-Event-ID": "abc"}, {"Last-Event-ID": "9" * 5000},
    {"Authorization": "Bearer"}, {"Authorization": "Basic Zm9vOmJhcg=="}, {"Authorization": "Bearer " + LONG[:4000]},
    {"Idempotency-Key": ""}, {"Idempotency-Key": LONG[:500]},
    {"Accept": "image/png"}, {"Accept": "text/event-stream"}, {"If-None-Match": "\xb2"},
    {"Content-Type": "application/json", "Content-Length": "-1"},
]
QUERIES = ["limit=abc", "limit=0", "limit=" + "9" * 5000, "after=-1", "after=" + "9" * 5000, "at=0",
           "at=" + "9" * 5000, "at=x", "follow=maybe", "zzz=1", "after=%ED%A0%80", "after=%00", "limit=1&limit=2"]
METHODS = ["DELETE", "PUT", "PATCH"]


def _endpoints(table) -> list[tuple[str, str]]:
    game = f"/games/{table.game_id}"
    return [("GET", "/healthz"), ("GET", "/rulesets"), ("GET", "/rulesets/tiny"), ("GET", "/jobs/a.b"),
            ("GET", "/games"), ("POST", "/games"), ("GET", game), ("GET", f"{game}/state"),
            ("POST", f"{game}/commands"), ("GET", f"{game}/events"), ("GET", f"{game}/legal-commands"),
            ("GET", f"{game}/projections"), ("GET", f"{game}/projections/totals"), ("POST", f"{game}/replay"),
            ("GET", f"{game}/verify"), ("POST", "/combat/odds"), ("GET", "/openapi.yaml")]


def _weird_paths(table) -> list[str]:
    game = f"/games/{table.game_id}"
    return ["/games/a.b/state", "/games/%ED%A0%80", "/games/%00/events", "/games/" + "g" * 3000,
            f"{game}/projections/%ED%A0%80", f"{game}/projections/..%2F..%2Fetc", "/rulesets/%ED%A0%80",
            "/jobs/%ED%A0%80", "/jobs/" + "j" * 3000, f"{game}/nope", "/%ff", "/games//state"]


def _check(response, what: str) -> None:
    assert response.status_code < 500, f"{what}: {response.status_code} {response.get_data(as_text=True)[:300]}"
    if response.status_code >= 400:
        assert response.content_type == PROBLEM_JSON, f"{what}: {response.content_type}"
        body = response.json
        assert body["status"] == response.status_code and body["type"].startswith("http://localhost/problems/") and body["title"], what
    response.close()


def _send(table, method: str, path: str, what: str, **kwargs) -> None:
    headers = kwargs.pop("headers", {})
    if path.endswith("/events"):  # a live stream never ends: ask for the finite catch-up
        kwargs.setdefault("query_string", "follow=false")
    _check(table.client.open(path, method=method, headers=headers, **kwargs), what)


@pytest.mark.parametrize("seat", [None, "north", "moderator"])
def test_the_corpus_against_every_endpoint(table, seat):
    """Every bad body, content type, header, query and method, to every endpoint, as an
    anonymous reader, a seat and the moderator: no 5xx, every error problem+json, no new event."""
    auth = table.auth(seat)
    endpoints = _endpoints(table)
    with head_unchanged(table):
        for method, path in endpoints:
            for name, body in BODIES:
                _send(table, method, path, f"{method} {path} {name}", data=body,
                      headers={**auth, "Content-Type": "application/json", "If-Match": '"1"'})
            for content_type in CONTENT_TYPES:
                _send(table, method, path, f"{method} {path} as {content_type!r}", data="type=AddPoints",
                      headers={**auth, "Content-Type": content_type, "If-Match": '"1"'})
            for headers in HEADERS:
                _send(table, method, path, f"{method} {path} with {str(headers)[:80]}",
                      json={"type": "NoSuchCommand", "ruleset": "no-such"}, headers={**auth, **headers})
            for query in QUERIES:
                _send(table, method, path + "?" + query, f"{method} {path}?{query[:40]}", headers=auth)
        for path in {p for _, p in endpoints}:
            for method in METHODS:
                response = table.client.open(path, method=method, headers=auth)
                _check(response, f"{method} {path}")
                assert response.status_code == 405 and response.headers["Allow"], f"{method} {path}"
        for path in _weird_paths(table):
            for method in ("GET", "POST"):
                _send(table, method, path, f"{method} {path[:60]}", json={}, headers={**auth, "If-Match": '"1"'})
