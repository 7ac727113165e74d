"""A client builds every command from the contract: openapi.yaml has a typed request schema and an
example per command type of every ruleset, and legal-commands hands out each command a seat may
send now as a data schema narrowed by its choices and a whole body ready to POST."""
from pathlib import Path

import jsonschema_rs
import pytest
import yaml

from domain import registry
from domain.kernel.platform import PLATFORM_COMMANDS
from events.codec import Codec
from service.http.command_schemas import _prefix, narrowed, ruleset_docs
from tests.support.api import MODERATOR, Table

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
SCHEMAS = DOCUMENT["components"]["schemas"]
BUILTIN = registry.all_rulesets(builtin_only=True)
# Rulesets whose legal_commands are converted to the ready-body contract on another branch.


def _command_types(ruleset) -> list[tuple[str, str]]:
    prefix = _prefix(ruleset.id)
    own = [(prefix, c.__name__) for c in ruleset.commands]
    return own + [("Platform", c.__name__) for c in PLATFORM_COMMANDS]


@pytest.mark.parametrize("ruleset", BUILTIN, ids=lambda r: r.id)
def test_every_command_type_has_a_typed_schema_a_rule_and_an_example(ruleset):
    union = SCHEMAS[f"{_prefix(ruleset.id)}Command"]
    docs = ruleset_docs(ruleset)
    codec = Codec(tuple(ruleset.commands) + PLATFORM_COMMANDS)
    missing = [name for owner, name in _command_types(ruleset) if f"{owner}{name}" not in SCHEMAS]
    assert missing == [], f"command types without a request schema: {missing}"
    assert set(union["discriminator"]["mapping"]) == {name for _, name in _command_types(ruleset)}
    for owner, name in _command_types(ruleset):
        schema = SCHEMAS[f"{owner}{name}"]
        assert schema["properties"]["type"]["enum"] == [name]
        assert "Rule " in schema["description"], f"{name} cites no rule"
        example = schema.get("example")
        assert example is not None and example["type"] == name, f"{name} has no example"
        # The example fits the command's data schema and the codec decodes it unchanged.
        assert jsonschema_rs.validator_for(docs[name].data_schema).is_valid(example["data"]), (name, example)
        codec.decode(name, example["data"])


def test_data_fields_carry_their_types_ranges_and_enums():
    bid = SCHEMAS["Dod3SubmitBidData"]
    assert bid["required"] == ["power"] and bid["additionalProperties"] is False
    assert "GE" in bid["properties"]["power"]["enum"] and bid["properties"]["points"]["minimum"] == 0
    assert SCHEMAS["Dod3SubmitBid"]["x-commutes"] is True and "x-commutes" not in SCHEMAS["Dod3RollWeather"]
    assert SCHEMAS["Dod3BuyPointsData"]["properties"]["kind"]["enum"] == ["bid_points", "army_points", "naval_points"]
    assert SCHEMAS["PlatformRequestUndoData"]["properties"]["to_version"] == {"type": "integer", "minimum": 1}
    body = DOCUMENT["paths"]["/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"]
    assert {"$ref": "#/components/schemas/Dod3Command"} in body["schema"]["anyOf"]


def test_a_ruleset_lists_the_platform_commands(client):
    ruleset = client.get("/rulesets/dod3").json
    assert {"RequestUndo", "ApproveUndo", "DeclineUndo", "RevealDiceSeed"} <= set(ruleset["platform_commands"])


def test_legal_commands_are_ready_bodies_on_the_tiny_ruleset(table):
    entries = table.legal_commands("north")
    add = next(e for e in entries if e["type"] == "AddPoints")
    assert (add["power"], add["rule_id"], add["example"]) == ("N", "TINY-add",
                                                             {"type": "AddPoints", "data": {"power": "N", "amount": 1}})
    properties = add["data_schema"]["properties"]
    assert properties["power"] == {"type": "string", "enum": ["N"]}
    assert (properties["amount"]["minimum"], properties["amount"]["maximum"]) == (1, 100)
    validator = jsonschema_rs.validator_for(add["data_schema"])
    assert validator.is_valid({"power": "N", "amount": 5})
    assert not validator.is_valid({"power": "S", "amount": 5}) and not validator.is_valid({"power": "N", "amount": 0})
    version = table.version()
    response = table.client.post(f"/games/{table.game_id}/commands", json=add["example"],
                                 headers={**table.auth("north"), "If-Match": f'"{version}"'})
    assert response.status_code == 201, response.json


def test_undo_answers_are_ready_bodies(table):
    table.send("north", "AddPoints", power="N", amount=1)
    table.send("north", "RollDie", power="N")
    table.send("north", "RequestUndo", to_version=1)
    answers = {e["type"]: e for e in table.legal_commands("south")}
    assert answers["ApproveUndo"]["example"] == {"type": "ApproveUndo", "data": {}}
    assert answers["ApproveUndo"]["rule_id"] == "CORE-undo"
    response = table.client.post(f"/games/{table.game_id}/commands", json=answers["ApproveUndo"]["example"],
                                 headers={**table.auth("south"), "If-Match": f'"{table.version()}"'})
    assert response.status_code == 201, response.json


# ---- a scripted game of every ruleset, only from legal-commands ----------------------------------

STEPS = 24


@pytest.mark.parametrize("ruleset_id", ["tiny"] + [r.id for r in BUILTIN])
def test_plays_a_scripted_game_only_by_taking_bodies_from_legal_commands(sqlite_app, ruleset_id):
    """Each step: the first seat (in seating order, then the moderator) offered a ready body
    sends it unchanged; every such body is accepted, and the game moves on each time."""
    client = sqlite_app.test_client()
    preset = next(iter(registry.get(ruleset_id).seat_presets))
    created = client.post("/games", json={"ruleset": ruleset_id, "preset": preset}).json
    table = Table(client, created["game_id"], created["tokens"], created["moderator_token"])
    seats = [*table.tokens, MODERATOR]
    played = []
    jobs = sqlite_app.extensions["casus_services"].jobs
    for _ in range(STEPS):
        jobs.wait(60)  # follow-ups (a battle fought by the combat job) land before the next read
        version = table.version()
        offered = [(seat, entry) for seat in seats for entry in _entries(table, seat)]
        ready = [(seat, entry) for seat, entry in offered if entry["example"] is not None]
        if not ready:
            break
        # Rotate through the ready bodies so every seat's kinds of command get played.
        seat, entry = ready[len(played) % len(ready)]
        assert jsonschema_rs.validator_for(entry["data_schema"]).is_valid(entry["example"]["data"]), entry
        response = client.post(f"/games/{table.game_id}/commands", json=entry["example"],
                               headers={**table.auth(seat), "If-Match": f'"{version}"'})
        assert response.status_code == 201, (seat, entry["example"], response.json)
        assert table.version() > version
        played.append(entry["type"])
    assert len(played) >= 3, f"only {played} could be played from legal-commands"


def _entries(table, seat):
    response = table.client.get(f"/games/{table.game_id}/legal-commands", headers=table.auth(seat))
    assert response.status_code == 200
    return response.json["commands"]


def test_choices_narrow_the_data_schema_and_other_keys_are_ignored():
    docs = ruleset_docs(registry.get("gathering-storm"))
    schema = narrowed(docs["DeclareWar"], {"targets": [["Germany"], ["Italy"]], "verdicts": [{"x": 1}]}, "France")
    properties = schema["properties"]
    assert properties["power"] == {"type": "string", "enum": ["France"]}
    assert properties["targets"]["enum"] == [["Germany"], ["Italy"]] and "verdicts" not in properties
    validator = jsonschema_rs.validator_for(schema)
    assert validator.is_valid({"power": "France", "targets": ["Italy"]})
    assert not validator.is_valid({"power": "France", "targets": ["Russia"]})
    bid = narrowed(ruleset_docs(registry.get("dod3"))["SubmitBid"], {"points": {"minimum": 0, "maximum": 5}}, "GE")
    assert (bid["properties"]["points"]["minimum"], bid["properties"]["points"]["maximum"]) == (0, 5)
