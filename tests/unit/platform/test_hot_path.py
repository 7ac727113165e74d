"""The command endpoint's hot path (issue 10, bench/http.py): what it skips or does more quickly
must answer exactly as before -- the same JSON, the same signatures, the same checks."""
from __future__ import annotations

import base64

import orjson
import pytest

from events.signing import KeyRing, verify_head
from events.sqlite_store import open_sqlite
from service import schemas
from service.app import create_app
from service.config import Config
from tests.support.api import TINY, create_table


@pytest.fixture
def app(tmp_path):
    return create_app(Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,)))


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_a_command_answer_is_what_the_response_schema_writes(app):
    """The 201 body is written without the schema's dump: the dump would change nothing in it
    (a public event, a sealed one with its visibility, a roll of two events)."""
    table = create_table(app.test_client())
    answers = [table.command("north", "AddPoints", {"power": "N", "amount": 2}),
               table.command("south", "SealValue", {"power": "S", "value": 5}),
               table.command("north", "RollDie", {"power": "N", "sides": 6})]
    for response in answers:
        assert response.status_code == 201
        assert response.mimetype == "application/json"
        body = orjson.loads(response.data)
        assert schemas.CommandResultSchema().dump(body) == body
        assert response.data == orjson.dumps(body, option=orjson.OPT_SORT_KEYS) + b"\n"  # as jsonify wrote it
    assert [len(orjson.loads(r.data)["events"]) for r in answers] == [1, 1, 2]
    assert orjson.loads(answers[1].data)["events"][0]["visibility"]["seats"] == ["south"]


def test_the_body_parser_builds_each_schema_once(app, monkeypatch):
    table = create_table(app.test_client())
    built: list[type] = []
    init = schemas.StrictSchema.__init__

    def counting(self, *args, **kwargs):
        built.append(type(self))
        init(self, *args, **kwargs)

    monkeypatch.setattr(schemas.StrictSchema, "__init__", counting)
    for amount in (1, 2, 3):
        table.send("north", "AddPoints", power="N", amount=amount)
    assert built.count(schemas.CommandSchema) <= 1
    refused = table.command("north", "AddPoints", {"power": "N", "amount": 1}, extra=1)
    assert refused.status_code == 201  # headers are not the body: only the body is checked
    unknown = table.client.post(f"/games/{table.game_id}/commands", json={"type": "AddPoints", "bogus": 1},
                                headers={**table.auth("north"), "If-Match": f'"{table.version()}"'})
    assert unknown.status_code == 422
    assert unknown.json["errors"] == {"bogus": ["Unknown field; allowed: data, type."]}


def test_a_signed_head_is_the_same_ed25519_signature_openssl_gives(tmp_path):
    keys = KeyRing(open_sqlite(str(tmp_path / "k.db")).secrets)
    token = keys.sign("g1", 7, "ab" * 32)
    payload, signature = (_unb64(part) for part in token.split("."))
    _, private = keys._current
    assert signature == private.sign(payload)  # Ed25519 is deterministic: the same bytes
    assert verify_head(token, keys.public_keys()).version == 7
    keys.rotate()
    rotated = keys.sign("g1", 8, "cd" * 32)
    assert verify_head(rotated, keys.public_keys()).key_id == keys._current[0]
