"""Bad odds input raises InvalidBattleInput (a ValueError) naming the field; the schema the API reuses
reports the same field in marshmallow's error shape."""
import json

import pytest
from marshmallow import ValidationError

from domain.aa.combat import (
    BattleKind,
    Forces,
    InvalidBattleInput,
    OddsRequestSchema,
    battle_odds,
    odds_for,
    parse_odds_request,
    run_odds,
)
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle, pack


def field_of(ruleset: str, body: dict) -> str:
    with pytest.raises(InvalidBattleInput) as bad:
        parse_odds_request(pack(ruleset), body)
    assert isinstance(bad.value, ValueError)
    return bad.value.field


@pytest.mark.parametrize("body, field", [
    ({"kind": "land", "attacker": {"zeppelin": 1}, "defender": {"infantry": 1}}, "attacker.zeppelin"),
    ({"kind": "land", "attacker": {"infantry": 1}, "defender": {"infantry": -1}}, "defender.infantry"),
    ({"kind": "land", "attacker": {"infantry": "two"}}, "attacker.infantry"),
    ({"kind": "land", "attacker": {"infantry": True}}, "attacker.infantry"),
    ({"kind": "sea", "attacker": {"infantry": 2}, "defender": {"destroyer": 1}}, "attacker.infantry"),
    ({"kind": "land", "attacker": {"infantry": 1}, "defender": {"battleship": 1}}, "defender.battleship"),
    ({"kind": "land", "attacker": {"infantry": 1}, "defender": {"industrial_complex": 1}},
     "defender.industrial_complex"),
    ({"kind": "land", "attacker": {"aa_gun": 1}, "defender": {"infantry": 1}}, "attacker.aa_gun"),
    ({"kind": "land", "attacker": {}, "defender": {"infantry": 1}}, "attacker"),
    ({"kind": "air", "attacker": {"fighter": 1}}, "kind"),
    ({"kind": "land", "attacker": {"infantry": 1}, "bogus": 1}, "bogus"),
    ({"kind": "land", "attacker": {"infantry": 1}, "rounds": 0}, "rounds"),
    ({"kind": "land", "attacker": {"infantry": 1}, "options": {"attacker_techs": ["death_ray"]}},
     "options.attacker_techs"),
    ({"kind": "land", "attacker": {"infantry": 1}, "options": {"retreat_below": "3/2"}}, "options.retreat_below"),
    ({"kind": "land", "attacker": {"infantry": 1}, "options": {"defender_order": ["zeppelin"]}},
     "options.defender_order.0"),
    ({"kind": "land", "attacker": {"infantry": 1}, "options": {"attacker_order": ["infantry:hit"]}},
     "options.attacker_order.0"),
    ({"kind": "sea", "attacker": {"destroyer": 1}, "amphibious": [["infantry"]]}, "amphibious"),
    ({"kind": "land", "attacker": {}, "amphibious": [["destroyer"]]}, "amphibious.0.0"),
    ({"kind": "land", "attacker": {"infantry": 1}, "bombard": {"battleship": 1}}, "bombard"),
    ({"kind": "land", "attacker": {}, "amphibious": [["infantry"]], "bombard": {"transport": 1}},
     "bombard.transport"),
    ({"kind": "land", "attacker": {"infantry": 1}, "monte_carlo": {"runs": 0}}, "monte_carlo.runs"),
])
def test_bad_input_names_the_field(body, field):
    assert field_of(REVISED, body) == field


def test_global_1940_units_are_unknown_to_revised():
    assert field_of(REVISED, {"kind": "land", "attacker": {"mech_infantry": 1}}) == "attacker.mech_infantry"


def test_the_schema_reports_the_field_in_marshmallows_error_shape():
    with pytest.raises(ValidationError) as bad:
        OddsRequestSchema(pack=pack(GLOBAL)).load({"kind": "sea", "attacker": {"armour": 1}, "defender": {}})
    assert bad.value.messages == {"attacker": {"armour": ["land units cannot fight in a sea battle"]}}


def test_the_schema_without_a_pack_checks_shape_only():
    request = OddsRequestSchema().load({"kind": "land", "attacker": {"zeppelin": 1}})
    assert request.forces.attacker == {"zeppelin": 1}


def test_the_domain_functions_validate_too():
    with pytest.raises(InvalidBattleInput) as bad:
        odds_for(pack(REVISED), Forces(BattleKind.LAND, {"infantry": -2}, {}))
    assert bad.value.field == "attacker.infantry"
    with pytest.raises(InvalidBattleInput) as bad:
        battle_odds(battle(REVISED, "land", {"infantry": 1}, {"infantry": 1}), rounds=0)
    assert bad.value.field == "rounds"


def test_a_good_request_runs_and_serialises():
    request = parse_odds_request(pack(GLOBAL), {
        "kind": "land", "attacker": {"infantry": 2, "artillery": 1}, "defender": {"infantry": 2},
        "options": {"retreat_below": 0.25}, "exact": True})
    result = run_odds(pack(GLOBAL), request)
    body = json.loads(json.dumps(result.to_json()))
    assert body["mode"] == "exact"
    assert "/" in body["attacker_wins"]
    assert request.size == 5


def test_a_monte_carlo_request_reports_standard_errors():
    request = parse_odds_request(pack(GLOBAL), {
        "kind": "land", "attacker": {"infantry": 2}, "defender": {"infantry": 1},
        "monte_carlo": {"runs": 200, "seed": 9}})
    result = run_odds(pack(GLOBAL), request)
    assert result.mode == "monte_carlo"
    assert result.states == 200
    assert set(result.standard_errors) >= {"attacker_wins", "defender_wins"}
