"""The command endpoint's hot path (issue 10, bench/http.py): what it skips or does more quickly
must answer exactly as before -- the same JSON, the same signatures, the same checks."""
from __future__ import annotations

import base64
import json

import orjson
import pytest
from flask import request

from events.signing import KeyRing, verify_head
from events.sqlite_store import open_sqlite
from service.http import request_parsing, strict_json
from service.http import schemas
from service.http.app import create_app
from service.config import Config
from service.http.problems import Problem, validation
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


def _strict(raw: bytes):
    """The strict reader alone (json with big integers kept apart), as bodies were read before."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_int=strict_json._parse_int)
    except UnicodeDecodeError:
        return ("problem", 400, "malformed-json")
    except RecursionError:
        return ("problem", 400, "json-too-deep", strict_json._too_deep("the body").detail)
    except ValueError:
        return ("problem", 400, "malformed-json")
    try:
        unsafe, _ = strict_json._walk(value)
    except Problem as problem:
        return ("problem", problem.status, problem.slug, problem.detail)
    return ("problem", 422, "validation-error", validation(unsafe).extra["errors"]) if unsafe else ("value", value)


def _read(raw: bytes):
    try:
        return ("value", strict_json.read_json(raw))
    except Problem as problem:
        if problem.slug == "validation-error":
            return ("problem", 422, "validation-error", problem.extra["errors"])
        return ("problem", problem.status, problem.slug) + ((problem.detail,) if problem.slug != "malformed-json" else ())


@pytest.mark.parametrize("raw", [
    b'{"type":"AddPoints","data":{"power":"N","amount":1}}', b'{"a":1,"a":2}', b'[1, 2.5, -0.0, 1e2]',
    b'{"n":123456789012345678901}', b'{"n":-9223372036854775809}', b'{"n":99999999999999999999}',
    b'{"n":18446744073709551615}', b'{"n":9007199254740993}', b'{"n":9007199254740991}', b'1e400', b'NaN',
    b'"\\ud800"', b'{"\\ud800":1}', b'{"k":"\\ud83d\\ude00"}', b'"\xff"', b'\xef\xbb\xbf{}', b'', b'[]x',
    b'[' * 70 + b']' * 70, b'[' * 2000 + b']' * 2000, b'{"f":1.5,"n":123456789012345678901}', b'true', b'null',
])
def test_the_quick_json_reader_answers_as_the_strict_one(raw):
    assert _read(raw) == _strict(raw)


@pytest.mark.parametrize("headers", [
    {}, {"If-Match": '"3"', "Authorization": "Bearer " + "x" * 32, "Content-Type": "application/json"},
    {"X-Long": "v" * 9000, "Idempotency-Key": "k", "Content-Length": "0"}, {"X-A_B": "1", "x-lower": "é"},
])
def test_header_sizes_are_those_of_the_request_headers(app, headers):
    with app.test_request_context("/games", method="POST", headers=headers, data=b"{}"):
        assert sorted(request_parsing.header_sizes(request.environ)) == sorted(len(k) + len(v) for k, v in request.headers.items())
