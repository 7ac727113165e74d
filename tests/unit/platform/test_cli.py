"""The casus CLI: replay with a progress bar, data pack validation, openapi, worker refusal."""
import pytest

from service import bootstrap
from service.cli import main as casus
from tests.support.games import Game


@pytest.fixture
def env_db(tmp_path, monkeypatch):
    monkeypatch.setenv("CASUS_DB", str(tmp_path / "cli.db"))
    monkeypatch.delenv("REDIS_URL", raising=False)
    bootstrap.from_env.cache_clear()
    yield tmp_path / "cli.db"
    bootstrap.from_env.cache_clear()


def test_replay_folds_the_whole_log(env_db, capsys):
    game = Game(env_db, snapshot_every=3)
    for amount in range(1, 8):
        game.play("north", "AddPoints", power="N", amount=amount)
    assert casus(["replay", game.id]) == 0
    assert f"replayed {game.version} events" in capsys.readouterr().out


def test_replay_of_an_unknown_game_fails(env_db, capsys):
    Game(env_db)  # the store exists (without one the CLI refuses: test_cli_verdicts.py)
    assert casus(["replay", "nope"]) == 1
    assert "no game nope" in capsys.readouterr().err


def test_data_validate_accepts_the_shipped_pack_and_names_the_bad_field(tmp_path, capsys):
    from importlib import resources

    shipped = resources.files("domain.dod3.data").joinpath("default.yaml").read_text()
    good = tmp_path / "good.yaml"
    good.write_text(shipped)
    assert casus(["data", "validate", str(good), "--ruleset", "dod3"]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("just: a string\n")
    capsys.readouterr()
    assert casus(["data", "validate", str(bad), "--ruleset", "dod3"]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and ":" in err


def test_data_validate_refuses_an_unknown_ruleset(tmp_path):
    assert casus(["data", "validate", str(tmp_path / "x.yaml"), "--ruleset", "chess"]) == 2


def test_the_worker_needs_redis(env_db, capsys):
    assert casus(["worker", "--burst"]) == 2
    assert "REDIS_URL" in capsys.readouterr().err
