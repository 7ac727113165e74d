"""Exact request schemas (issue 22 item 4): ``POST /games`` is a body per ruleset, discriminated by
``ruleset``, naming its presets and typing its options; ``POST /combat/odds`` a body per edition
and kind of battle, naming its units, advances and orders of loss. Everything they name is taken:
each preset, each option value a schema lists, each unit, advance and order entry. A battle's
work is bounded, and a body the document refuses on types (1 for true) is refused."""
import pytest

from domain import registry
from service.http.combat import MAX_SAMPLED_UNITS, MAX_UNITS, ODDS_RULESETS, SYNC_UNITS
from service.http.command_schemas import _prefix
from tests.api.contract import document

BUILTIN = registry.all_rulesets(builtin_only=True)
TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}


def schemas() -> dict:
    return document()["components"]["schemas"]


def body_schema(path: str) -> dict:
    return document()["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]


# ---- POST /games --------------------------------------------------------------------------------

def test_a_new_game_body_is_one_per_ruleset_by_its_ruleset():
    assert body_schema("/games") == {"$ref": "#/components/schemas/CreateGame"}
    union = schemas()["CreateGame"]
    assert union["discriminator"]["propertyName"] == "ruleset"
    assert set(union["discriminator"]["mapping"]) == {r.id for r in BUILTIN}
    assert len(union["oneOf"]) == len(BUILTIN)


@pytest.mark.parametrize("ruleset", BUILTIN, ids=lambda r: r.id)
def test_a_ruleset_body_names_its_presets_powers_and_typed_options(ruleset):
    """A game seated by a preset, or by seats of one's own (of the ruleset's powers)."""
    prefix = _prefix(ruleset.id)
    assert schemas()[f"{prefix}NewGame"]["oneOf"] == [{"$ref": f"#/components/schemas/{prefix}PresetGame"},
                                                       {"$ref": f"#/components/schemas/{prefix}SeatedGame"}]
    preset, seated = schemas()[f"{prefix}PresetGame"], schemas()[f"{prefix}SeatedGame"]
    assert preset["required"] == ["ruleset", "preset"] and seated["required"] == ["ruleset", "seats"]
    assert preset["properties"]["preset"]["enum"] == list(ruleset.seat_presets)
    assert "preset" not in seated["properties"]
    powers = {p for held in ruleset.seat_presets.values() for seat in held.values() for p in seat}
    for variant in (preset, seated):
        properties = variant["properties"]
        assert properties["ruleset"]["enum"] == [ruleset.id] and variant["additionalProperties"] is False
        assert set(properties["seats"]["additionalProperties"]["items"]["enum"]) == powers
        options = properties["options"]
        assert options["additionalProperties"] is False
        assert {name: schema["type"] for name, schema in options["properties"].items()} == \
            {name: TYPES[kind] for name, kind in ruleset.options.items()}


def _exact_options(ruleset) -> list[dict]:
    """Each option value the document lists (a boolean's two, an enum's each), one at a time."""
    listed = schemas()[f"{_prefix(ruleset.id)}PresetGame"]["properties"]["options"]["properties"]
    values = [(name, value) for name, schema in listed.items()
              for value in ([True, False] if schema.get("type") == "boolean" else schema.get("enum", []))]
    return [{}] + [{name: value} for name, value in values]


@pytest.mark.parametrize("ruleset", BUILTIN, ids=lambda r: r.id)
def test_every_preset_visibility_and_listed_option_value_creates_a_game(sqlite_app, ruleset):
    client = sqlite_app.test_client()
    bodies = [{"ruleset": ruleset.id, "preset": preset, "visibility": visibility}
              for preset in ruleset.seat_presets for visibility in ("listed", "unlisted")]
    preset = next(iter(ruleset.seat_presets))
    bodies += [{"ruleset": ruleset.id, "preset": preset, "options": options} for options in _exact_options(ruleset)]
    for body in bodies:
        response = client.post("/games", json=body)
        assert response.status_code == 201, (body, response.json)


def test_a_body_outside_the_document_is_refused(client):
    refused = [{"ruleset": "dod3", "preset": "9"}, {"ruleset": "dod3", "preset": "3", "options": {"bitter_end": 1}},
               {"ruleset": "dod3", "preset": "3", "options": {"no_such_option": True}},
               {"ruleset": "dod3", "preset": "3", "visibility": "hidden"}, {"ruleset": "dod3"}]
    for body in refused:
        assert client.post("/games", json=body).status_code == 422, body


# ---- POST /combat/odds ----------------------------------------------------------------------------

def _battle(ruleset_id: str, kind: str) -> dict:
    return schemas()[f"{_prefix(ruleset_id)}{kind.title()}Battle"]


def test_an_odds_body_is_one_per_edition_and_kind_of_battle():
    assert body_schema("/combat/odds") == {"$ref": "#/components/schemas/OddsBody"}
    refs = {ref["$ref"].rsplit("/", 1)[1] for ref in schemas()["OddsBody"]["oneOf"]}
    assert refs == {f"{_prefix(r)}{k}Battle" for r in ODDS_RULESETS for k in ("Land", "Sea")}


def _odds(client, ruleset_id: str, kind: str, **body):
    return client.post("/combat/odds", json={"ruleset": ruleset_id, "kind": kind, **body})


@pytest.mark.parametrize("kind", ["land", "sea"])
@pytest.mark.parametrize("ruleset_id", ODDS_RULESETS)
def test_every_unit_advance_and_order_of_loss_the_document_names_is_taken(sqlite_app, ruleset_id, kind):
    client = sqlite_app.test_client()
    properties = _battle(ruleset_id, kind)["properties"]
    attackers = [n for n, s in properties["attacker"]["properties"].items() if s["maximum"] > 0]
    defender = next(iter(properties["defender"]["properties"]))
    for unit in attackers:
        response = _odds(client, ruleset_id, kind, attacker={unit: 1}, defender={defender: 1})
        assert response.status_code == 200, (unit, response.json)
    for unit in properties["defender"]["properties"]:
        response = _odds(client, ruleset_id, kind, attacker={attackers[0]: 1}, defender={unit: 1})
        assert response.status_code == 200, (unit, response.json)
    options = properties["options"]["properties"]
    for tech in options["attacker_techs"]["items"]["enum"]:
        response = _odds(client, ruleset_id, kind, attacker={attackers[0]: 1}, defender={defender: 1},
                         options={"attacker_techs": [tech], "defender_techs": [tech]})
        assert response.status_code == 200, (tech, response.json)
    orders = options["attacker_order"]["items"]["enum"]
    response = _odds(client, ruleset_id, kind, attacker={attackers[0]: 1}, defender={defender: 1},
                     options={"attacker_order": orders, "defender_order": orders})
    assert response.status_code == 200, response.json


def test_a_landing_and_its_bombardment_as_the_document_names_them_are_taken(sqlite_app):
    client = sqlite_app.test_client()
    for ruleset_id in ODDS_RULESETS:
        properties = _battle(ruleset_id, "land")["properties"]
        for unit in properties["amphibious"]["items"]["items"]["enum"]:
            response = _odds(client, ruleset_id, "land", attacker={}, defender={"infantry": 1},
                             amphibious=[[unit]], bombard={"battleship": 1})
            assert response.status_code == 200, (ruleset_id, unit, response.json)


@pytest.mark.parametrize("body, field", [
    ({"attacker": {"infantry": MAX_UNITS}, "defender": {"infantry": 1}}, "attacker"),
    ({"attacker": {"infantry": SYNC_UNITS["land"]}, "defender": {"infantry": 1}, "exact": True}, "exact"),
    ({"attacker": {"infantry": 50}, "defender": {"infantry": 50}, "monte_carlo": {"runs": MAX_SAMPLED_UNITS // 50}},
     "monte_carlo.runs"),
    ({"attacker": {"infantry": MAX_UNITS + 1}}, "attacker"),
])
def test_a_battle_that_would_hold_a_worker_long_is_refused(client, body, field):
    response = client.post("/combat/odds", json={"ruleset": "aa-global1940", **body})
    assert response.status_code == 422 and any(key.startswith(field) for key in response.json["errors"]), \
        response.json


@pytest.mark.parametrize("body", [
    {"attacker": {"infantry": 1}, "options": {"take_territory": 1}},
    {"attacker": {"infantry": 1}, "options": {"sea_combat": "yes"}},
    {"attacker": {"infantry": 1}, "exact": 0},
    {"attacker": {"infantry": "2"}},
    {"attacker": {"infantry": 1}, "rounds": "3"},
])
def test_odds_take_json_types_as_the_document_says(client, body):
    assert client.post("/combat/odds", json={"ruleset": "aa-global1940", **body}).status_code == 422, body


def test_a_battle_wrong_in_a_field_and_its_parent_is_a_422_naming_both(client):
    """Found by the fuzzer: a destroyer that cannot bombard, and a bombardment with no landing, in
    one body, was a 500."""
    body = {"ruleset": "aa-global1940", "attacker": {"transport": 1}, "bombard": {"battleship": 1, "destroyer": 0}}
    response = client.post("/combat/odds", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert {"bombard", "bombard.destroyer"} <= set(response.json["errors"])
