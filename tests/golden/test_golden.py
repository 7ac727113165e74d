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
from xml.etree import ElementTree
import shutil
import subprocess
import uuid
from pathlib import Path

import orjson
import pytest
import redis

from domain import registry
from domain.kernel.platform import PLATFORM_EVENTS
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
                # A picture is drawn from the reader's view, which is compared below: what replay
                # must keep is the view. The drawing itself may improve (its stored hash then
                # tells of an older renderer), so it is checked to be a whole document only.
                if not _whole_drawing(response):
                    mismatches.append(f"{reader} {name}: the drawn body is no whole {response.mimetype}")
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


# ---- the golden set keeps up with the code, and is only ever added to ----------------------------

PLATFORM = "platform"  # the events every game's log may hold, whatever its ruleset
# (ruleset id or PLATFORM, event type) -> why no golden log holds it. Only a real reason: an event
# no game played through the public API and the CLI can ever write.
NOT_IN_A_GOLDEN_LOG: dict[tuple[str, str], str] = {}


def golden_event_types() -> dict[str, set[str]]:
    """ruleset id -> the event types its golden logs hold (a platform event in any log counts for
    every ruleset: ``golden_event_types()[PLATFORM]`` is the union)."""
    held: dict[str, set[str]] = {PLATFORM: set()}
    for log in LOGS:
        events = read_log(log)
        types = {e["type"] for e in events}
        held.setdefault(events[0]["data"]["ruleset"], set()).update(types)
        held[PLATFORM] |= types
    return held


def event_types_in_no_golden_log() -> list[str]:
    held = golden_event_types()
    wanted = [(PLATFORM, cls.__name__) for cls in PLATFORM_EVENTS]
    wanted += [(ruleset.id, cls.__name__) for ruleset in registry.all_rulesets(builtin_only=True)
               for cls in ruleset.events]
    return [f"{owner}: {name}" for owner, name in wanted
            if name not in held.get(owner, ()) and (owner, name) not in NOT_IN_A_GOLDEN_LOG]


def test_every_registered_event_type_is_in_a_golden_log():
    """Issue 22 item 13: an upgrade is guarded for an event only if some golden log holds it. Every
    event type of every registered ruleset (read from the registry: a new ruleset or event
    demands its golden game) is in a golden log of that ruleset, and every platform event in
    one log or another. A new one: add a game to make_golden.py's GAMES and run it."""
    missing = event_types_in_no_golden_log()
    assert missing == [], (f"{len(missing)} event types are in no golden log (run tests/golden/make_golden.py "
                           f"with a game that writes them): {missing}")
    stale = [key for key in NOT_IN_A_GOLDEN_LOG if key[1] in golden_event_types().get(key[0], ())]
    assert stale == [], f"allowed to be missing, yet in a golden log now: drop them from the list: {stale}"


ROOT = HERE.parents[1]
GOLDEN_FILES = ("*.jsonl", "*.expected.json")
# Edits made before the guard below existed, each reviewed: path -> (the commit whose content the
# file keeps, why). No new entry: a change of what an old game reads is a new golden game.
ACCEPTED_EDITS = {
    "tests/golden/totaler-krieg.expected.json": (
        "85fe17f7cec7ec493bbdbd776e394c42521144fe",
        ("the game reads the ruleset's default pack (pack: null); TK 13.8.7 added three provisional pack "
         "paths, which only /reference/provisional lists")),
}


def git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True)
    return done.stdout.decode("utf-8", "surrogateescape")


def git_history_or_skip() -> None:
    if shutil.which("git") is None:
        pytest.skip("no git executable: the golden files' history cannot be read")
    try:
        inside = git("rev-parse", "--is-inside-work-tree").strip() == "true"
    except subprocess.CalledProcessError:
        inside = False
    if not inside or Path(git("rev-parse", "--show-toplevel").strip()).resolve() != ROOT.resolve():
        pytest.skip("not a git checkout of the repository: the golden files' history cannot be read")
    if git("rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone: the commits that added the golden files are not here (fetch-depth: 0)")


def test_golden_files_are_only_ever_added():
    """Issue 22 item 13: every golden log and expected file reads, at HEAD and in the working tree,
    exactly as the commit that added it wrote it (``git log --diff-filter=A``), and none was ever
    deleted. The edits made before this guard are the reviewed ones in ACCEPTED_EDITS."""
    git_history_or_skip()
    globs = [f"tests/golden/{g}" for g in GOLDEN_FILES]
    ever = sorted({line for line in git("log", "--no-renames", "--diff-filter=A", "--name-only", "--format=",
                                        "--", *globs).splitlines() if line})
    assert ever, "no commit adds a golden file"
    at_head = set(git("ls-tree", "-r", "--name-only", "HEAD", "--", "tests/golden").splitlines())
    problems = []
    for path in ever:
        if path not in at_head or not (ROOT / path).exists():
            problems.append(f"{path}: deleted" + ("" if path not in at_head else " in the working tree"))
            continue
        added = git("log", "--no-renames", "--diff-filter=A", "--format=%H", "--", path).split()
        kept_at, _reason = ACCEPTED_EDITS.get(path, (added[0], ""))  # newest first: the latest addition
        want = git("show", f"{kept_at}:{path}")
        if git("show", f"HEAD:{path}") != want:
            problems.append(f"{path}: edited since {kept_at[:10]}")
        elif (ROOT / path).read_bytes().decode("utf-8", "surrogateescape") != want:
            problems.append(f"{path}: edited in the working tree")
    assert problems == [], "golden files are never edited (add a new game instead):\n" + "\n".join(problems)


def _whole_drawing(response) -> bool:
    if response.mimetype != "image/svg+xml":
        return bool(response.get_data())
    try:
        return ElementTree.fromstring(response.get_data()).tag.endswith("svg")
    except ElementTree.ParseError:
        return False
