"""A group that owns a game plays with its own data pack: sent whole at creation, validated
(422 naming the field), kept in GameCreated so the log replays with the same values."""
from importlib import resources

import yaml

from tests.support.api import Table, assert_problem


def shipped_dod3_pack() -> dict:
    return yaml.safe_load(resources.files("domain.dod3.data").joinpath("default.yaml").read_text())


def test_a_game_created_from_a_groups_own_pack_uses_its_values(sqlite_app):
    client = sqlite_app.test_client()
    pack = shipped_dod3_pack()
    pack["powers"]["GE"]["money"] = {"value": 23}
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3", "pack": pack}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    assert table.projection("money")["GE"]["savings"] == 23
    default = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    assert Table(client, default["game_id"], {}, default["moderator_token"]).projection("money")["GE"]["savings"] == 10


def test_a_bad_pack_is_refused_naming_the_field(sqlite_app):
    pack = shipped_dod3_pack()
    pack["powers"]["GE"]["money"] = {"value": "lots"}
    response = sqlite_app.test_client().post("/games", json={"ruleset": "dod3", "preset": "3", "pack": pack})
    body = assert_problem(response, 422, "validation-error")
    assert any("powers.GE.money" in problem for problem in body["errors"]["pack"])
