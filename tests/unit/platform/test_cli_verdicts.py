"""What the casus CLI tells a newcomer (issue 22 item 14): one verdict from `verify --head`, a
refusal (not an empty new database) for a store that is not there, and `worker --help` naming
every job queue."""
import orjson
import pytest

from service import bootstrap
from service.cli import main as casus
from service.jobs import QUEUES
from tests.support.games import Game


@pytest.fixture
def env_db(tmp_path, monkeypatch):
    monkeypatch.setenv("CASUS_DB", str(tmp_path / "cli.db"))
    monkeypatch.delenv("REDIS_URL", raising=False)
    bootstrap.from_env.cache_clear()
    yield tmp_path / "cli.db"
    bootstrap.from_env.cache_clear()


@pytest.fixture
def cut_export(env_db, tmp_path, capsys):
    """A game's signed head at version 3, and its export cut before the last event."""
    game = Game(env_db)
    for amount in (1, 2):
        game.play("north", "AddPoints", power="N", amount=amount)
    head = game.service.signed_head(game.state)
    path = tmp_path / "game.jsonl"
    assert casus(["export", game.id, "-o", str(path)]) == 0
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:-1]))
    capsys.readouterr()
    return path, head


def test_verify_with_a_head_gives_one_verdict_for_a_cut_export(cut_export, capsys):
    """Before: the report said "ok": true, then FAILED on the next line."""
    path, head = cut_export
    assert casus(["verify", str(path), "--head", head]) == 1
    out, err = capsys.readouterr()
    report = orjson.loads(out)
    assert report["ok"] is False and report["head_ok"] is False and report["chain_ok"] is True
    assert any("the head names version 3" in problem for problem in report["problems"])
    assert err.startswith("FAILED: ") and "the head names version 3" in err


def test_verify_with_a_head_of_the_whole_export_says_ok_once(env_db, tmp_path, capsys):
    game = Game(env_db)
    game.play("north", "AddPoints", power="N", amount=1)
    path = tmp_path / "game.jsonl"
    assert casus(["export", game.id, "-o", str(path)]) == 0
    capsys.readouterr()
    assert casus(["verify", str(path), "--head", game.service.signed_head(game.state)]) == 0
    out, err = capsys.readouterr()
    assert orjson.loads(out)["ok"] is True and orjson.loads(out)["head_ok"] is True
    assert "FAILED" not in err and "exactly the signed history" in err


@pytest.mark.parametrize("command", [["export", "some-game"], ["replay", "some-game"], ["jobs", "pending", "some-game"]])
def test_a_command_reading_a_store_that_is_not_there_refuses_and_creates_nothing(env_db, capsys, command):
    """Before: `casus export` made an empty casus.db and said "no game"."""
    assert casus(command) == 2
    err = capsys.readouterr().err.strip()
    assert str(env_db) in err and "CASUS_DB" in err and "\n" not in err
    assert not env_db.exists()


def test_verify_refuses_to_take_keys_from_a_store_that_is_not_there(env_db, tmp_path, capsys):
    """Without --key, verify trusts the keys of this machine's store: none here, and none made."""
    game = Game(tmp_path / "elsewhere.db")
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(orjson.dumps(e.to_dict()) + b"\n" for e in game.service.store.read(game.id, after=0)))
    assert casus(["verify", str(path), "--head", game.service.signed_head(game.state)]) == 2
    assert "--key" in capsys.readouterr().err and not env_db.exists()


def test_worker_help_names_every_queue(capsys):
    """Before: "the combat and replay queues", and --queue took only those two."""
    with pytest.raises(SystemExit) as done:
        casus(["worker", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert len(QUEUES) == 4 and ", ".join(QUEUES) in " ".join(text.split())


def test_worker_takes_every_queue_by_name(env_db, capsys):
    """--queue schedule was refused by argparse; it gets as far as asking for Redis."""
    assert casus(["worker", "--burst", "--queue", "schedule", "--queue", "webhooks"]) == 2
    assert "REDIS_URL" in capsys.readouterr().err


def test_the_cli_imports_no_redis_before_serve_patches_sockets():
    """`casus serve` patches sockets (gevent) first; the parser must not import redis before it."""
    import subprocess
    import sys
    from pathlib import Path

    probe = ("import sys, service.cli as cli; cli.COMMANDS['serve'] = lambda args: 'redis' in sys.modules; "
             "sys.exit(cli.main(['serve']))")
    root = Path(__file__).resolve().parents[3]
    assert subprocess.run([sys.executable, "-c", probe], cwd=root, timeout=60).returncode == 0
