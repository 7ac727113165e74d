"""Typed answers (issue 22 item 5): openapi.yaml types every event's ``data`` (a union discriminated
by ``ruleset``, then ``type``, generated from the event dataclasses) and every projection's
``data`` per ruleset and name, the platform's ``schedule`` and ``lateness`` included (also in a
ruleset's projection list); and real answers fit: the golden logs and what their readers read, and games
played now through the API, every event and projection read by every seat."""
from pathlib import Path

import orjson
import pytest

from domain import registry
from domain.kernel.platform import PLATFORM_EVENTS
from domain.kernel.schedule_views import PLATFORM_PROJECTIONS
from service.http.command_schemas import _prefix
from tests.api.contract import document, problems
from tests.support.api import MODERATOR, Table

BUILTIN = registry.all_rulesets(builtin_only=True)
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PLATFORM_NAMES = {cls.__name__ for cls in PLATFORM_EVENTS}


def schemas() -> dict:
    return document()["components"]["schemas"]


def _json_projections(ruleset) -> list[str]:
    return [p.name for p in ruleset.projections if p.media_type == "application/json"]


# ---- every type has its schema ---------------------------------------------------------------

@pytest.mark.parametrize("ruleset", BUILTIN, ids=lambda r: r.id)
def test_every_event_type_of_the_registry_has_a_typed_data_schema(ruleset):
    union = schemas()[f"{_prefix(ruleset.id)}Event"]
    expected = {cls.__name__ for cls in (*PLATFORM_EVENTS, *ruleset.events)}
    assert set(union["discriminator"]["mapping"]) == expected
    by_ruleset = schemas()["Event"]["discriminator"]["mapping"]
    assert by_ruleset[ruleset.id] == f"#/components/schemas/{_prefix(ruleset.id)}Event"
    for cls in (*PLATFORM_EVENTS, *ruleset.events):
        owner = "Platform" if cls.__name__ in PLATFORM_NAMES else _prefix(ruleset.id)
        data = schemas()[f"{owner}{cls.__name__}EventData"]
        assert set(data["properties"]) == set(cls.__dataclass_fields__), cls.__name__


@pytest.mark.parametrize("ruleset", BUILTIN, ids=lambda r: r.id)
def test_every_projection_of_the_registry_and_the_platform_has_a_schema(ruleset):
    """By name, then by the game's ruleset: the answer names both, so a client reads its own data."""
    mapping = schemas()["Projection"]["discriminator"]["mapping"]
    for name in [*_json_projections(ruleset), *PLATFORM_PROJECTIONS]:
        assert name in mapping, name
        by_name = schemas()[mapping[name].rsplit("/", 1)[1]]
        platform = name in PLATFORM_PROJECTIONS
        ref = by_name["discriminator"]["mapping"][ruleset.id] if "discriminator" in by_name else mapping[name]
        answer = schemas()[ref.rsplit("/", 1)[1]]
        assert answer["properties"]["name"]["enum"] == [name]
        assert platform or answer["properties"]["ruleset"]["enum"] == [ruleset.id]
        data = schemas()[answer["properties"]["data"]["$ref"].rsplit("/", 1)[1]]
        assert data.get("type") in ("object", "array"), (name, data)


def test_the_events_of_answers_are_the_typed_union():
    assert schemas()["EventsPage"]["properties"]["events"]["items"] == {"$ref": "#/components/schemas/Event"}
    assert schemas()["CommandResult"]["properties"]["events"]["items"] == {"$ref": "#/components/schemas/Event"}
    item = document()["paths"]["/games/{game_id}/projections/{name}"]
    content = item["get"]["responses"]["200"]["content"]["application/json"]
    assert content["schema"] == {"$ref": "#/components/schemas/Projection"}
    assert {"schedule", "lateness"} <= set(content["examples"])
    name = next(p for p in item["get"].get("parameters", []) + item.get("parameters", []) if p["name"] == "name")
    assert {"schedule", "lateness", "initiative-track", "status-display.svg"} <= set(name["schema"]["enum"])


def test_every_example_fits_its_schema():
    projection = document()["paths"]["/games/{game_id}/projections/{name}"]["get"]
    for key, example in projection["responses"]["200"]["content"]["application/json"]["examples"].items():
        if "cut to its first entries" not in example["summary"]:
            assert problems("Projection", example["value"]) == [], key


# ---- the projection lists name the platform's read models ------------------------------------

def test_a_ruleset_lists_schedule_and_lateness_and_a_game_serves_them(client):
    for ruleset in BUILTIN:
        listed = client.get(f"/rulesets/{ruleset.id}").json["projections"]
        assert listed == [p.name for p in ruleset.projections] + ["schedule", "lateness"], ruleset.id
    created = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    for name in client.get("/rulesets/dod3").json["projections"]:
        assert client.get(f"/games/{created['game_id']}/projections/{name}").status_code == 200, name


# ---- real answers fit --------------------------------------------------------------------------

GOLDEN_LOGS = sorted(GOLDEN.glob("*.jsonl"))


@pytest.mark.parametrize("log", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_every_event_of_the_golden_logs_fits_the_event_schema(log):
    for line in log.read_bytes().splitlines():
        event = orjson.loads(line)
        assert problems("Event", event) == [], (event["version"], event["type"])


@pytest.mark.parametrize("log", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_what_every_golden_reader_read_fits_the_projection_schemas(log):
    expected = orjson.loads(log.with_name(f"{log.stem}.expected.json").read_bytes())
    for reader, read in expected["readers"].items():
        for name, answer in read["projections"].items():
            # "same_as": what another reader read, checked there; a drawn one is an image, not JSON.
            if answer.get("media_type") == "application/json":
                read_as = {"name": name, "ruleset": expected["ruleset"], "version": expected["version"], "seat": reader,
                           "data": answer["data"]}
                assert problems("Projection", read_as) == [], (reader, name)


STEPS = 20


@pytest.mark.parametrize("ruleset_id", [r.id for r in BUILTIN])
def test_a_game_played_now_answers_as_the_document_says(sqlite_app, ruleset_id):
    """Each step sends the first ready body offered (rotating through the seats and the
    moderator); every command answer, the event pages and every projection every seat reads fit
    their schemas."""
    client = sqlite_app.test_client()
    preset = next(iter(registry.get(ruleset_id).seat_presets))
    created = client.post("/games", json={"ruleset": ruleset_id, "preset": preset}).json
    table = Table(client, created["game_id"], created["tokens"], created["moderator_token"])
    seats = [*table.tokens, MODERATOR]
    scheduled = table.command(MODERATOR, "SetSchedule")  # a ruleset without timed steps refuses it
    assert scheduled.status_code == 201 or scheduled.json["rule_id"] == "CORE-deadline", scheduled.json
    jobs = sqlite_app.extensions["casus_services"].jobs
    for step in range(STEPS):
        jobs.wait(60)
        ready = [(seat, entry) for seat in seats for entry in table.legal_commands(seat) if entry["example"]]
        if not ready:
            break
        seat, entry = ready[step % len(ready)]
        answer = client.post(f"/games/{table.game_id}/commands", json=entry["example"],
                             headers={**table.auth(seat), "If-Match": f'"{table.version()}"'})
        assert answer.status_code == 201, answer.json
        assert problems("CommandResult", answer.json) == [], entry["example"]
    jobs.wait(60)
    for seat in (None, *seats):
        page = client.get(f"/games/{table.game_id}/events?limit=1000", headers=table.auth(seat)).json
        assert problems("EventsPage", page) == [], seat
        names = client.get(f"/games/{table.game_id}/projections").json["projections"]
        for name in names:
            response = client.get(f"/games/{table.game_id}/projections/{name}", headers=table.auth(seat))
            if response.mimetype == "application/json":
                assert problems("Projection", response.json) == [], (seat, name)
