"""The write path as load -> decide -> append -> remember: each new event evolved once, the state
loaded once per request, snapshots that are versioned JSON and never an error, upcasters that
keep old logs loading."""
from __future__ import annotations

import dataclasses
import pickle

import orjson
import pytest

from domain import registry
from events.signing import verify_head
from events.sqlite_store import open_sqlite
from service.http.app import create_app
from service.config import Config
from service.games import GameService
from tests.support import tiny_ruleset
from tests.support.api import TINY, assert_problem, create_table
from tests.support.games import Game

SEATS = {"north": ["N"], "south": ["S"]}


@pytest.fixture
def count_evolve(monkeypatch):
    """Counts every call of the tiny ruleset's evolve, by event type."""
    calls: list[str] = []
    evolve = tiny_ruleset.TinyDecider.evolve

    def counting(self, state, event):
        calls.append(type(event).__name__)
        return evolve(self, state, event)

    monkeypatch.setattr(tiny_ruleset.TinyDecider, "evolve", counting)
    return calls


def test_each_new_event_is_evolved_exactly_once_on_the_write_path(tmp_path, count_evolve):
    game = Game(tmp_path / "g.db", snapshot_every=1000)
    count_evolve.clear()
    result = game.play("north", "AddPoints", power="N", amount=3)
    assert count_evolve == ["PointsAdded"]
    count_evolve.clear()
    result = game.play("north", "RollDie", power="N", sides=6)
    # DiceRolled is the platform's; the ruleset's DieRolled is evolved once.
    assert [e.type for e in result.events] == ["DiceRolled", "DieRolled"]
    assert count_evolve == ["DieRolled"]
    assert game.state.domain.points == {"N": 3, "S": 0}


def test_the_state_the_write_path_keeps_is_the_state_a_fold_gives(tmp_path):
    game = Game(tmp_path / "g.db", snapshot_every=3)
    for amount in range(1, 8):
        game.play("north", "AddPoints", power="N", amount=amount)
        game.play("south", "SealValue", power="S", value=amount)
        game.play("moderator", "RevealValues")
        game.play("north", "RollDie", power="N", sides=6)
    kept = game.state
    assert kept.unsealed and kept.version == 1 + 7 * 5
    folded = GameService(game.service.stores, snapshot_every=10**9, read_snapshots=False).load(game.id)
    assert kept == folded


def test_a_command_request_loads_the_state_once(tmp_path, monkeypatch):
    app = create_app(Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,)))
    client = app.test_client()
    table = create_table(client)
    games = app.extensions["casus_services"].games
    loads: list[str] = []
    load = GameService.load

    def counting(self, game_id, at=None, **kwargs):
        loads.append(game_id)
        return load(self, game_id, at, **kwargs)

    monkeypatch.setattr(GameService, "load", counting)
    version = games.store.version(table.game_id)
    response = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=version)
    assert response.status_code == 201
    assert loads == [table.game_id]
    for path in ("state", "legal-commands", "projections/totals"):
        loads.clear()
        assert client.get(f"/games/{table.game_id}/{path}", headers=table.auth("north")).status_code == 200
        assert loads == [table.game_id], path


def test_a_command_on_a_warm_cache_reads_no_version_from_the_store(tmp_path, monkeypatch):
    """The append checks the version: the write path does not read it first."""
    app = create_app(Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,)))
    table = create_table(app.test_client())
    store = app.extensions["casus_services"].games.store
    first = table.command("north", "AddPoints", {"power": "N", "amount": 1})
    reads = []
    version = store.version
    monkeypatch.setattr(store, "version", lambda game_id: reads.append(game_id) or version(game_id))
    again = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=first.json["version"])
    assert again.status_code == 201 and reads == []


@pytest.fixture
def two_processes(tmp_path):
    """Two web processes on one SQLite file (two apps, each with its own cache): ``behind`` has
    cached the game at version 2, then ``ahead`` appends version 3."""
    config = Config(database=str(tmp_path / "shared.db"), extra_rulesets=(TINY,))
    behind, ahead = create_app(config).test_client(), create_app(config).test_client()
    table = create_table(behind)
    assert table.command("north", "AddPoints", {"power": "N", "amount": 1}).status_code == 201
    table.client = ahead
    assert table.command("south", "SealValue", {"power": "S", "value": 4}).status_code == 201
    table.client = behind
    return table, ahead


def test_a_process_whose_cache_is_behind_accepts_the_current_version(two_processes):
    table, _ = two_processes
    answer = table.command("north", "AddPoints", {"power": "N", "amount": 2}, version=3)
    assert answer.status_code == 201 and answer.json["version"] == 4


@pytest.mark.parametrize("seat, command, data, if_match", [
    ("north", "AddPoints", {"power": "N", "amount": 2}, 2),
    ("moderator", "RevealValues", {}, 2),  # refused at 2 (nothing sealed), legal at 3: 412, not 422
    ("north", "AddPoints", {"power": "N", "amount": 2}, "abc"),  # names no version: says the current one
])
def test_a_process_whose_cache_is_behind_answers_412_with_the_current_version(two_processes, seat, command,
                                                                              data, if_match):
    table, _ = two_processes
    problem = assert_problem(table.command(seat, command, data, version=if_match), 412, "stale-version")
    assert problem["actual"] == 3 and "version 3" in problem["detail"]


def test_a_replay_on_a_process_whose_cache_is_behind_signs_the_current_head(two_processes):
    table, ahead = two_processes
    behind, table.client = table.client, ahead
    first = table.command("north", "AddPoints", {"power": "N", "amount": 2}, version=3, **{"Idempotency-Key": "k"})
    table.client = behind
    again = table.command("north", "AddPoints", {"power": "N", "amount": 2}, version=3, **{"Idempotency-Key": "k"})
    assert again.status_code == 201 and again.json["events"] == first.json["events"]
    keys = behind.get("/keys").json["keys"]
    assert verify_head(again.json["signed_head"], keys).version == 4


def test_snapshots_are_versioned_json_not_pickles(tmp_path):
    game = Game(tmp_path / "g.db", snapshot_every=2)
    for amount in range(1, 5):
        game.play("north", "AddPoints", power="N", amount=amount)
    rules = game.service.rules(game.id)
    version, blob = game.service.stores.snapshots.load(game.id, rules.snapshot_key, 10**9)
    document = orjson.loads(blob)
    assert document["format"] == 2 and document["ruleset"] == "tiny"
    assert document["state"]["version"] == version
    assert document["state"]["domain"]["points"]["N"] == sum(range(1, version))
    with pytest.raises(pickle.UnpicklingError):
        pickle.loads(blob)


@pytest.mark.parametrize("blob", [b"\x80\x04garbage", b'{"format": 2, "state": {"nonsense": 1}}',
                                  b'{"format": 1, "state": {}}', b"[]"])
def test_an_unreadable_snapshot_is_ignored_and_the_log_folded(tmp_path, blob):
    game = Game(tmp_path / "g.db", snapshot_every=2)
    for amount in range(1, 6):
        game.play("north", "AddPoints", power="N", amount=amount)
    rules = game.service.rules(game.id)
    game.service.stores.snapshots.save(game.id, 4, rules.snapshot_key, blob)
    fresh = GameService(game.service.stores, snapshot_every=2)
    assert fresh.load(game.id).domain.points == {"N": 15, "S": 0}
    assert fresh.load(game.id, at=5).domain.points == {"N": 10, "S": 0}


@dataclasses.dataclass(frozen=True)
class PointsAddedV2(tiny_ruleset.Event):
    """PointsAdded as a later release writes it: the amount renamed ``points``."""

    SCHEMA_VERSION = 2
    power: str
    points: int


def test_a_ruleset_upcaster_keeps_logs_written_before_a_schema_change_loading(tmp_path, monkeypatch):
    stores = open_sqlite(str(tmp_path / "g.db"))
    old = GameService(stores)
    game_id = old.create_game("tiny", SEATS, {}).game_id
    for amount in (2, 5):
        old.handle(game_id, "north", "AddPoints", {"power": "N", "amount": amount}, old.store.version(game_id))

    # The next release: PointsAdded v2, its evolve reads ``points``, and an upcaster from v1.
    PointsAddedV2.__name__ = PointsAddedV2.__qualname__ = "PointsAdded"
    tiny = registry.get("tiny")
    events = tuple(PointsAddedV2 if e is tiny_ruleset.PointsAdded else e for e in tiny.events)
    upcasters = {("PointsAdded", 1): lambda data: {"power": data["power"], "points": data["amount"]}}
    evolve = tiny_ruleset.TinyDecider.evolve

    def evolve_v2(self, state, event):
        if isinstance(event, PointsAddedV2):
            event = tiny_ruleset.PointsAdded(event.power, event.points)
        return evolve(self, state, event)

    monkeypatch.setattr(tiny_ruleset.TinyDecider, "evolve", evolve_v2)
    monkeypatch.setitem(registry._registry, "tiny", dataclasses.replace(tiny, events=events, upcasters=upcasters))

    new = GameService(stores, read_snapshots=False)
    assert new.load(game_id).domain.points == {"N": 7, "S": 0}
    with pytest.raises(ValueError, match="no upcaster from PointsAdded v1"):
        monkeypatch.setitem(registry._registry, "tiny", dataclasses.replace(tiny, events=events))
        GameService(stores).load(game_id)


def test_days_of_decision_evolves_each_new_event_once_on_the_write_path(tmp_path, monkeypatch):
    """DoD III evolves while it decides (rule 5: the steps that need no decision run at once): its
    decide_evolve hands that state back, so the write path evolves nothing again."""
    from domain.dod3.decider import Dod3Decider
    from tests.support.dod3_api import create_dod3_table, finish_turn, pass_every_option, roll_weather

    app = create_app(Config(database=str(tmp_path / "api.db")))
    table = create_dod3_table(app.test_client())
    evolved: list[str] = []
    evolve = Dod3Decider.evolve

    def counting(self, state, event):
        evolved.append(type(event).__name__)
        return evolve(self, state, event)

    monkeypatch.setattr(Dod3Decider, "evolve", counting)
    appended: list[str] = []
    for play in (roll_weather, pass_every_option, finish_turn):
        before = table.version()
        evolved.clear()
        play(table)
        events = table.client.get(f"/games/{table.game_id}/events?after={before}&limit=1000",
                                  headers=table.auth("moderator")).json["events"]
        ruleset_events = [e["type"] for e in events if e["type"] not in ("DiceRolled", "DiceSeedRevealed")]
        assert evolved == ruleset_events, play.__name__
        appended += ruleset_events
    assert len(appended) > 20
