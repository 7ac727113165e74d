"""Golden logs (issue 10 item 5): games played with an earlier version of the code, kept as
``casus export`` wrote them (``<name>.jsonl``) with what every reader read of them then
(``<name>.expected.json``, written by make_golden.py). Today's code must still verify each log
offline, import it (``casus import``, on SQLite and on Redis) and serve, for every reader (an
anonymous one, each seat, the moderator), every projection and the state exactly as expected; a
change that breaks an old game fails here, naming the game and the backend.

Only public surfaces are used: the CLI (``verify``, ``import``) and the HTTP API, so the test
holds across internal refactors. Golden files are never edited: a new schema adds a new game."""
from __future__ import annotations

import hashlib
import uuid
from pathlib import Path

import orjson
import pytest
import redis

from service import cli
from service.http.app import create_app
from service.config import Config
from tests.support.backends import redis_url_or_skip

HERE = Path(__file__).resolve().parent
LOGS = sorted(HERE.glob("*.jsonl"))
ANONYMOUS, MODERATOR = "anonymous", "moderator"
PRODUCT_RULESETS = ("dod3", "gathering-storm", "totaler-krieg", "aa-revised-phase-one", "aa-global1940")


def expected_for(log: Path) -> dict:
    return orjson.loads(log.with_name(f"{log.stem}.expected.json").read_bytes())


def read_log(log: Path) -> list[dict]:
    return [orjson.loads(line) for line in log.read_bytes().splitlines() if line.strip()]


def forget_cli_services() -> None:
    """The CLI builds its services once per process from the environment; each test points the
    environment at a new store, so whatever it built for an earlier one must go."""
    from service import bootstrap

    clear = getattr(getattr(bootstrap, "from_env", None), "cache_clear", None)
    if clear is not None:
        clear()


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    capsys.readouterr()
    forget_cli_services()
    try:
        code = cli.main(argv)
    finally:
        forget_cli_services()
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def first_difference(got, want, path: str = "") -> str:
    """Where two JSON documents first differ, as ``/path: got != want``."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in sorted(set(got) | set(want), key=str):
            if key not in got or key not in want:
                return f"{path}/{key}: {'missing' if key not in got else 'unexpected'}"
            if got[key] != want[key]:
                return first_difference(got[key], want[key], f"{path}/{key}")
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for index, (a, b) in enumerate(zip(got, want)):
            if a != b:
                return first_difference(a, b, f"{path}/{index}")
    return f"{path or '/'}: {orjson.dumps(got).decode()[:200]} != {orjson.dumps(want).decode()[:200]}"


def expected_item(readers: dict, reader: str, *path: str) -> dict:
    """One reader's expected item (``("state",)`` or ``("projections", name)``), following the
    ``same_as`` references the generator writes for items identical to an earlier reader's."""
    item = readers[reader]
    for key in path:
        item = item[key]
    while "same_as" in item:
        return expected_item(readers, item["same_as"], *path)
    return item


@pytest.fixture(params=["sqlite", "redis"])
def store_env(request, tmp_path, monkeypatch):
    """The environment ``casus import`` and the app read: a fresh SQLite file or a fresh Redis prefix."""
    monkeypatch.delenv("CASUS_EXTRA_RULESETS", raising=False)
    if request.param == "sqlite":
        monkeypatch.delenv("REDIS_URL", raising=False)
        monkeypatch.setenv("CASUS_DB", str(tmp_path / "golden.db"))
        yield request.param
        return
    url = redis_url_or_skip()
    prefix = f"golden-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("REDIS_URL", url)
    monkeypatch.setenv("CASUS_REDIS_PREFIX", prefix)
    yield request.param
    connection = redis.Redis.from_url(url)
    for key in connection.scan_iter(f"{prefix}:*"):
        connection.delete(key)


@pytest.mark.parametrize("log", LOGS, ids=[log.stem for log in LOGS])
def test_the_log_verifies_offline(log, capsys):
    """``casus verify FILE``: the hash chain and, once the seed is revealed, every die roll."""
    expected = expected_for(log)

    code, out, err = run_cli(["verify", str(log)], capsys)

    report = orjson.loads(out)
    assert code == 0, err
    assert report["ok"] and report["chain_ok"] and report["first_bad_version"] is None, report
    assert report == expected["verify"]
    assert report["events"] == expected["version"]


@pytest.mark.parametrize("log", LOGS, ids=[log.stem for log in LOGS])
def test_the_imported_game_reads_as_it_did(log, store_env, capsys):
    """``casus import FILE`` into a fresh store, then through the API with the imported tokens:
    every projection and the state for every reader, the summary, the chain and /verify."""
    expected = expected_for(log)
    readers = expected["readers"]

    code, out, err = run_cli(["import", str(log)], capsys)

    assert code == 0, err
    imported = orjson.loads(out)
    game, tokens = imported["game_id"], imported["tokens"]
    assert (game, imported["events"]) == (expected["game_id"], expected["version"])
    assert sorted(tokens) == sorted([*expected["seats"], MODERATOR])
    client = create_app(Config.from_env()).test_client()

    def get(path: str, reader: str = ANONYMOUS):
        headers = {} if reader == ANONYMOUS else {"Authorization": f"Bearer {tokens[reader]}"}
        response = client.get(f"/games/{game}{path}", headers=headers)
        assert response.status_code == 200, (path, reader, response.get_data(as_text=True))
        return response

    summary = get("").json
    assert (summary["ruleset"], summary["version"], summary["terminal"]) == (
        expected["ruleset"], expected["version"], expected["terminal"])
    names = get("/projections").json["projections"]
    assert sorted(readers) == sorted([ANONYMOUS, *expected["seats"], MODERATOR])
    mismatches = []
    for reader in readers:
        assert sorted(names) == sorted(readers[reader]["projections"]), reader
        for name in names:
            response = get(f"/projections/{name}", reader)
            want = expected_item(readers, reader, "projections", name)
            if response.mimetype != want["media_type"]:
                mismatches.append(f"{reader} {name}: media type {response.mimetype}")
            elif "sha256" in want:
                if hashlib.sha256(response.get_data()).hexdigest() != want["sha256"]:
                    mismatches.append(f"{reader} {name}: the drawn body differs")
            elif response.json["data"] != want["data"]:
                mismatches.append(f"{reader} {name}: {first_difference(response.json['data'], want['data'])}")
        state = get("/state", reader).json
        want = expected_item(readers, reader, "state")["data"]
        if state["state"] != want:
            mismatches.append(f"{reader} state: {first_difference(state['state'], want)}")
        platform = {k: state.get(k) for k in readers[reader]["platform"]}
        if platform != readers[reader]["platform"]:
            mismatches.append(f"{reader} state: {platform} != {readers[reader]['platform']}")
    assert not mismatches, f"{log.stem} on {store_env}: what its readers read changed:\n" + "\n".join(mismatches)
    events = get(f"/events?after={max(expected['version'] - 1, 0)}", MODERATOR).json["events"]
    assert [(e["version"], e["hash"]) for e in events] == [(expected["version"], expected["last_hash"])]
    report = get("/verify").json
    assert report["ok"], report
    assert report == expected["verify"]


def test_the_golden_set_covers_every_product_ruleset_and_the_platform():
    """Every product ruleset has a golden game; across them the logs hold an undo, an approved
    undo, a die roll, a seed reveal, a battle fought by the combat job and a custom pack."""
    with_logs = {read_log(log)[0]["data"]["ruleset"] for log in LOGS}
    events = [e for log in LOGS for e in read_log(log)]
    types = {e["type"] for e in events}
    assert set(PRODUCT_RULESETS) - with_logs == set(), "a product ruleset without a golden game: run make_golden.py"
    assert {"UndoRequested", "UndoApproved", "EventsReverted", "DiceRolled", "DiceSeedRevealed"} <= types
    assert any(e["type"] == "BattleEnded" and e["actor"] == "system" for e in events)
    assert any(e["type"] == "GameCreated" and e["data"]["pack"] is not None for e in events)
    assert all(expected_for(log)["version"] == len(read_log(log)) for log in LOGS)
