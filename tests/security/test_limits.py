"""Attacks kept as tests: creating games and sending commands without limit (issue 11 item 15);
CORS is off unless origins are allowed, and then only for them."""
import uuid

import pytest
import redis

from service.http.app import create_app
from service.config import Config
from tests.support.api import TINY, assert_problem, create_table, log_unchanged
from tests.support.backends import redis_url_or_skip

DUEL = {"ruleset": "tiny", "preset": "duel"}


def served_app(tmp_path, monkeypatch, **env):
    """The app as `casus serve` builds it: configuration from the environment (REDIS_URL unset
    unless given)."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    for name in ("CASUS_RATE_LIMIT_CREATE", "CASUS_RATE_LIMIT_COMMANDS", "CASUS_CORS_ORIGINS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app(Config.from_env(database=str(tmp_path / "limits.db"), extra_rulesets=(TINY,)))


def game_count(app) -> int:
    return len(app.extensions["casus_services"].games.store.game_ids(limit=1000))


def test_game_creation_is_limited_per_client_by_default(tmp_path, monkeypatch):
    """Before: 500 games in 1.5 s from one client, never a 429."""
    app = served_app(tmp_path, monkeypatch)
    client = app.test_client()
    answers = [client.post("/games", json=DUEL).status_code for _ in range(40)]
    assert answers[:30] == [201] * 30
    assert set(answers[30:]) == {429}
    refused = client.post("/games", json=DUEL)
    body = assert_problem(refused, 429, "too-many-requests")
    assert int(refused.headers["Retry-After"]) >= 1
    assert "30 per 1 minute" in body["detail"]
    assert game_count(app) == 30  # a refused creation changes nothing
    # Another client is counted on its own.
    other = client.post("/games", json=DUEL, environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert other.status_code == 201


def test_commands_are_limited_per_client_and_seat(tmp_path, monkeypatch):
    app = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_COMMANDS="3 per minute")
    table = create_table(app.test_client())
    for _ in range(3):
        table.send("north", "AddPoints", power="N", amount=1)
    with log_unchanged(table):
        refused = table.command("north", "AddPoints", {"power": "N", "amount": 1})
        assert_problem(refused, 429, "too-many-requests")
        assert int(refused.headers["Retry-After"]) >= 1
    table.send("south", "AddPoints", power="S", amount=1)  # another seat's client has its own count


def test_limits_are_configurable_and_can_be_off(tmp_path, monkeypatch):
    app = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_CREATE="off", CASUS_RATE_LIMIT_COMMANDS="off")
    client = app.test_client()
    assert {client.post("/games", json=DUEL).status_code for _ in range(40)} == {201}
    strict = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_CREATE="2 per hour")
    client = strict.test_client()
    assert [client.post("/games", json=DUEL).status_code for _ in range(3)] == [201, 201, 429]


def test_a_mistyped_limit_stops_the_start(tmp_path, monkeypatch):
    with pytest.raises(ValueError):
        served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_CREATE="thirty a minute")


def test_with_redis_every_process_shares_the_count(tmp_path, monkeypatch):
    """Two apps on one Redis (two processes of a deployment) count one client together."""
    url = redis_url_or_skip()
    prefix = f"test-limits-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": url, "CASUS_REDIS_PREFIX": prefix, "CASUS_RATE_LIMIT_CREATE": "3 per minute"}
    first, second = (served_app(tmp_path, monkeypatch, **env) for _ in range(2))
    try:
        answers = [app.test_client().post("/games", json=DUEL).status_code for app in (first, second, first, second)]
        assert answers == [201, 201, 201, 429]
    finally:
        keys = redis.Redis.from_url(url)
        for key in keys.scan_iter(f"*{prefix}*"):
            keys.delete(key)


def test_cors_is_off_by_default(tmp_path, monkeypatch):
    client = served_app(tmp_path, monkeypatch).test_client()
    response = client.get("/healthz", headers={"Origin": "https://viewer.example"})
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_answers_only_the_allowed_origins(tmp_path, monkeypatch):
    app = served_app(tmp_path, monkeypatch, CASUS_CORS_ORIGINS="https://viewer.example, https://other.example")
    client = app.test_client()
    allowed = client.get("/healthz", headers={"Origin": "https://viewer.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://viewer.example"
    assert "ETag" in allowed.headers["Access-Control-Expose-Headers"]
    stranger = client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers
    # A browser's preflight for a command.
    preflight = client.options("/games/some-game/commands", headers={
        "Origin": "https://viewer.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, if-match, idempotency-key"})
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://viewer.example"
    allowed_headers = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert {"authorization", "if-match", "idempotency-key"} <= {h.strip() for h in allowed_headers.split(",")}
