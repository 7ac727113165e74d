"""Imported games and CLI errors (issue 11, item 10): a game imported into another store rolls
on under a freshly committed seed (``DiceSeedCommitted``, appended through the one write path
the first time the game needs a seed this store never held); verify still checks the imported
part (the hash chain, every revealed stretch of rolls) and the rolls after the import; every CLI
error is one clear line."""
import orjson
import pytest

from service import bootstrap
from service import cli
from service.http.app import create_app
from service.config import Config
from tests.support.api import TINY, Table


@pytest.fixture
def stores(tmp_path, monkeypatch):
    """Two SQLite stores: the game is played in ``a`` and imported into ``b`` (the CLI's)."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("CASUS_EXTRA_RULESETS", TINY)
    monkeypatch.setenv("CASUS_DB", str(tmp_path / "b.db"))
    bootstrap.from_env.cache_clear()
    yield create_app(Config(database=str(tmp_path / "a.db"), extra_rulesets=(TINY,))), tmp_path
    bootstrap.from_env.cache_clear()


def casus(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def exported_game(app, tmp_path, capsys, reveal_first: bool = False) -> tuple[Table, str]:
    client = app.test_client()
    body = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    table.send("north", "RollDie", power="N", sides=6)
    if reveal_first:
        table.send("moderator", "RevealDiceSeed")
    table.send("south", "RollDie", power="S", sides=20)
    path = tmp_path / "export.jsonl"
    path.write_bytes(b"".join(orjson.dumps(e) + b"\n" for e in table.events("moderator")))
    return table, str(path)


@pytest.mark.rule("CORE-dice")
@pytest.mark.parametrize("reveal_first", [False, True])
def test_an_imported_game_rolls_under_a_freshly_committed_seed(stores, capsys, reveal_first):
    """Given a game exported after rolls (with and without an early seed reveal), when it is
    imported into another store and a seat rolls, then the roll is accepted after a
    DiceSeedCommitted event that commits a fresh seed, and verify checks the chain, the revealed
    rolls of the export and the rolls under the new seed."""
    app, tmp_path = stores
    played, export = exported_game(app, tmp_path, capsys, reveal_first)
    code, out, err = casus(capsys, "import", export)
    assert code == 0, err
    imported = orjson.loads(out)
    exported_version = imported["events"]
    here = create_app(Config.from_env()).test_client()
    table = Table(here, played.game_id, imported["tokens"], imported["tokens"]["moderator"])
    assert table.version() == exported_version  # the import itself adds nothing: it reads as it did

    rolled = table.command("north", "RollDie", {"power": "N", "sides": 6}, version=exported_version)
    assert rolled.status_code == 201, rolled.get_data(as_text=True)
    types = [e["type"] for e in table.events("moderator")][exported_version:]
    assert types == ["DiceSeedCommitted", "DiceRolled", "DieRolled"]
    commitment = table.events("moderator")[exported_version]["data"]["commitment"]
    assert len(commitment) == 64 and commitment != played.events("moderator")[0]["data"]["dice_commitment"]
    assert table.command("south", "RollDie", {"power": "S", "sides": 6}).status_code == 201  # and on

    report = here.get(f"/games/{table.game_id}/verify").json
    assert report["ok"] and report["chain_ok"]
    # Rolls under the new seed are checked by the server; those of the export only where revealed.
    assert report["dice_checked"] == (3 if reveal_first else 2)
    table.send("moderator", "RevealDiceSeed")
    offline = tmp_path / "after.jsonl"
    offline.write_bytes(b"".join(orjson.dumps(e) + b"\n" for e in table.events("moderator")))
    code, out, err = casus(capsys, "verify", str(offline))
    assert code == 0, err
    assert orjson.loads(out)["dice_checked"] == (3 if reveal_first else 2)


def test_a_seat_cannot_commit_a_seed(stores):
    app, _ = stores
    client = app.test_client()
    body = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    for seat in ("north", "moderator"):
        answer = table.command(seat, "CommitDiceSeed", {})
        assert answer.status_code == 422 and answer.json["rule_id"] == "CORE-dice"


def test_cli_errors_are_one_line(stores, capsys):
    app, tmp_path = stores
    _, export = exported_game(app, tmp_path, capsys)
    truncated = tmp_path / "truncated.jsonl"
    whole = open(export, "rb").read()
    truncated.write_bytes(whole[: len(whole) - 40])
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert casus(capsys, "import", export)[0] == 0
    cases = [
        (("verify", str(tmp_path / "missing.jsonl")), "No such file"),
        (("verify", str(truncated)), "not an exported event"),
        (("verify", str(empty)), "no events"),
        (("import", str(truncated)), "not an exported event"),
        (("import", export), "exists in this store already"),
        (("jobs", "requeue", "no-such-game"), "no game no-such-game"),
    ]
    for args, says in cases:
        code, out, err = casus(capsys, *args)
        lines = err.strip().splitlines()
        assert code == 1 and len(lines) == 1 and says in lines[0] and "Traceback" not in err, (args, err)


@pytest.mark.rule("CORE-dice")
def test_an_undo_past_a_seed_commitment_keeps_rolling_under_the_newest_seed(stores, capsys):
    """Given an imported game that committed a fresh seed and rolled, when the moderator undoes to
    before the commitment and a seat rolls again, then the roll is made under the newest seed (the
    old one is not in this store, and a seed once replaced stays replaced) and verify passes."""
    app, tmp_path = stores
    played, export = exported_game(app, tmp_path, capsys)
    code, out, err = casus(capsys, "import", export)
    assert code == 0, err
    imported = orjson.loads(out)
    here = create_app(Config.from_env()).test_client()
    table = Table(here, played.game_id, imported["tokens"], imported["tokens"]["moderator"])
    exported_version = imported["events"]
    table.send("north", "RollDie", power="N", sides=6)
    # Back to where the exported log ends (a command's end, as CORE-undo asks): the fresh seed's
    # commitment, made by the roll after the import, is undone.
    undone = table.command("moderator", "RequestUndo", {"to_version": exported_version})
    assert undone.status_code == 201, undone.get_data(as_text=True)
    assert [e["type"] for e in undone.json["events"]][-1] == "EventsReverted"
    again = table.command("north", "RollDie", {"power": "N", "sides": 6})
    assert again.status_code == 201, again.get_data(as_text=True)
    report = here.get(f"/games/{table.game_id}/verify").json
    assert report["ok"] and report["dice_checked"] == 2, report
