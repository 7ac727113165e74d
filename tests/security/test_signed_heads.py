"""Signed heads (issue 11 item 4): the server signs (game, version, hash) with Ed25519, so an export
whose chain was recomputed after an edit, or whose last events were cut, no longer passes."""
import orjson
import pytest

from events.envelope import Envelope, chain
from events.signing import BadHead, KeyRing, verify_head
from service import bootstrap
from service.cli import main as casus
from tests.support.games import Game


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("CASUS_DB", str(tmp_path / "heads.db"))
    monkeypatch.delenv("REDIS_URL", raising=False)
    bootstrap.from_env.cache_clear()
    game = Game(tmp_path / "heads.db")
    for amount in (3, 4, 5):
        game.play("north", "AddPoints", power="N", amount=amount)
    yield game
    bootstrap.from_env.cache_clear()


def export(game, path) -> list[dict]:
    assert casus(["export", game.id, "-o", str(path)]) == 0
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def write(path, events: list[dict]) -> None:
    path.write_bytes(b"".join(orjson.dumps(e) + b"\n" for e in events))


def rechained(events: list[dict]) -> list[dict]:
    """What a forger does after editing: recompute every hash so the chain verifies again."""
    from events.envelope import NewEvent

    fields = ("type", "data", "actor", "schema_version", "event_id", "command_id", "correlation_id",
              "recorded_at", "ruleset", "ruleset_version", "visibility", "reveals", "salt")
    new = [NewEvent(**{f: (tuple(e[f]) if f == "reveals" else e[f]) for f in fields}) for e in events]
    return chain(events[0]["game_id"], 1, "0" * 64, new)


def test_an_export_verifies_against_its_signed_head(game, tmp_path, capsys):
    head = game.service.signed_head(game.state)
    export(game, tmp_path / "game.jsonl")
    assert casus(["verify", str(tmp_path / "game.jsonl"), "--head", head]) == 0
    assert "exactly the signed history" in capsys.readouterr().err


@pytest.mark.parametrize("attack", ["edit-and-rechain", "cut-the-end"])
def test_a_rewritten_or_cut_history_fails_against_the_signed_head(game, tmp_path, capsys, attack):
    head = game.service.signed_head(game.state)
    events = export(game, tmp_path / "game.jsonl")
    if attack == "edit-and-rechain":
        events[2]["data"]["amount"] = 40
        events = rechained(events)
    else:
        events = events[:-1]
    write(tmp_path / "forged.jsonl", events)
    assert casus(["verify", str(tmp_path / "forged.jsonl")]) == 0  # the chain alone cannot tell
    capsys.readouterr()
    assert casus(["verify", str(tmp_path / "forged.jsonl"), "--head", head]) == 1
    assert "the head names version 4" in capsys.readouterr().err


def test_a_head_signed_with_another_key_or_altered_is_refused(game):
    keys = game.service.keys.public_keys()
    head = game.service.signed_head(game.state)
    assert verify_head(head, keys).version == 4
    payload, signature = head.split(".")
    stranger = KeyRing(type(game.service.secrets)(str(game.service.stores.events.path) + ".other"))
    with pytest.raises(BadHead, match="not among the given keys"):
        verify_head(stranger.sign(game.id, 4, game.state.last_hash), keys)
    forged = verify_head(head, keys)
    import base64
    altered = base64.urlsafe_b64encode(orjson.dumps({"game_id": game.id, "version": 99, "hash": forged.hash,
                                                     "key_id": forged.key_id}, option=orjson.OPT_SORT_KEYS))
    with pytest.raises(BadHead, match="does not verify"):
        verify_head(altered.rstrip(b"=").decode() + "." + signature, keys)


def test_heads_signed_before_a_key_rotation_still_verify(game):
    before = game.service.signed_head(game.state)
    game.service.keys.rotate()
    after = game.service.signed_head(game.state)
    keys = game.service.keys.public_keys()
    assert len(keys) == 2
    assert verify_head(before, keys).key_id != verify_head(after, keys).key_id


@pytest.mark.parametrize("content", [None, b"", b"{not json}\n", b'{"type": "x"}\n'])
def test_verify_and_import_of_a_bad_file_say_why_in_one_line(game, tmp_path, capsys, content):
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_bytes(content)
    for command in ("verify", "import"):
        assert casus([command, str(path)]) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"casus {command}: {path}") and "\n" not in err and "Traceback" not in err


def test_importing_a_game_twice_is_refused_in_one_line(game, tmp_path, capsys):
    export(game, tmp_path / "game.jsonl")
    assert casus(["import", str(tmp_path / "game.jsonl")]) == 1  # the game is in this store already
    assert capsys.readouterr().err.strip() == f"refusing to import: game {game.id} exists in this store already"


def test_every_command_answer_carries_a_head_that_verifies_with_the_published_keys(tmp_path, monkeypatch, capsys):
    """Given a game played over HTTP, when a seat sends a command, then its answer carries a signed
    head of the game at that version, verifiable with the keys `GET /keys` publishes, and an export
    of the game is exactly the history that head signs."""
    from service.http.app import create_app
    from service.config import Config
    from tests.support.api import TINY

    monkeypatch.setenv("CASUS_DB", str(tmp_path / "api.db"))
    monkeypatch.delenv("REDIS_URL", raising=False)
    bootstrap.from_env.cache_clear()
    client = create_app(Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,))).test_client()
    created = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
    auth = {"Authorization": f"Bearer {created['tokens']['north']}"}
    answer = client.post(f"/games/{created['game_id']}/commands", headers={**auth, "If-Match": '"1"'},
                         json={"type": "AddPoints", "data": {"power": "N", "amount": 3}})
    assert answer.status_code == 201, answer.json
    keys = client.get("/keys").json["keys"]
    head = verify_head(answer.json["signed_head"], keys)
    assert (head.game_id, head.version) == (created["game_id"], answer.json["version"])
    assert casus(["export", created["game_id"], "-o", str(tmp_path / "game.jsonl")]) == 0
    capsys.readouterr()
    assert casus(["verify", str(tmp_path / "game.jsonl"), "--head", answer.json["signed_head"]]) == 0
    assert "exactly the signed history" in capsys.readouterr().err
    bootstrap.from_env.cache_clear()
