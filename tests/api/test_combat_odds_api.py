"""POST /combat/odds: exact odds at once for small battles, a combat job for large ones, and
bad input refused with 422 naming the field."""
from fractions import Fraction

import pytest

PROBLEM = "application/problem+json"


def odds(client, **body):
    return client.post("/combat/odds", json={"ruleset": "aa-global1940", **body})


def test_one_infantry_against_one_is_computed_exactly(sqlite_app):
    """Attacker hits on 1 (1/6), defender on 2 (2/6), rounds repeat until one side is gone:
    P(attacker wins) = (1/6)(4/6) / (1 - (5/6)(4/6)) = 1/4; mutual destruction 1/8."""
    response = odds(sqlite_app.test_client(), attacker={"infantry": 1}, defender={"infantry": 1}, exact=True)
    assert response.status_code == 200
    result = response.json["result"]
    assert [Fraction(result[k]) for k in ("attacker_wins", "defender_wins", "mutual_destruction")] == \
        [Fraction(1, 4), Fraction(5, 8), Fraction(1, 8)]


def test_float_mode_sums_to_one(sqlite_app):
    result = odds(sqlite_app.test_client(), attacker={"infantry": 3, "artillery": 1}, defender={"infantry": 3}).json["result"]
    assert abs(result["attacker_wins"] + result["defender_wins"] + result["mutual_destruction"] - 1) < 1e-9


def test_a_large_battle_becomes_one_combat_job(sqlite_app):
    client = sqlite_app.test_client()
    body = {"attacker": {"infantry": 20, "armour": 10}, "defender": {"infantry": 25}}
    first, again = odds(client, **body), odds(client, **body)
    assert first.status_code == again.status_code == 202
    assert first.headers["Location"] == again.headers["Location"]  # asked twice, computed once
    sqlite_app.extensions["casus_services"].jobs.wait(120)
    job = client.get(first.headers["Location"]).json
    assert job["status"] == "finished" and 0 < job["result"]["result"]["attacker_wins"] < 1


@pytest.mark.parametrize("body, field", [
    ({"attacker": {"zeppelin": 1}, "defender": {"infantry": 1}}, "attacker.zeppelin"),
    ({"attacker": {"infantry": -2}, "defender": {"infantry": 1}}, "attacker.infantry"),
    ({"kind": "sea", "attacker": {"infantry": 1}, "defender": {"destroyer": 1}}, "attacker.infantry"),
    ({"attacker": {"infantry": 1}, "defender": {"infantry": "many"}}, "defender"),
    ({"attacker": {"infantry": 1}, "rounds": 0}, "rounds"),
])
def test_bad_battles_are_422_naming_the_field(sqlite_app, body, field):
    response = odds(sqlite_app.test_client(), **body)
    assert response.status_code == 422 and response.content_type == PROBLEM
    assert any(key.startswith(field) for key in response.json["errors"])


def test_an_unknown_ruleset_is_422(sqlite_app):
    response = sqlite_app.test_client().post("/combat/odds", json={"ruleset": "chess", "attacker": {"infantry": 1}})
    assert response.status_code == 422 and "ruleset" in response.json["errors"]
