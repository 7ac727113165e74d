"""A battle resolved by a background combat job: through REST and a real RQ worker process the
battle is fought, its events appear in order, a retried job appends nothing, and replay
reproduces the same state; without Redis the same job runs in-process."""
import uuid

import pytest

from service import jobs
from service.http.app import create_app
from service.config import Config
from tests.jobs.test_jobs import run_worker
from tests.support.api import Table
from tests.support.backends import redis_url_or_skip

BATTLE = {"battle_id": "ukraine-1", "territory": "Ukraine", "attacker": "Germany", "defender": "USSR",
          "forces": {"kind": "land", "attacker": {"infantry": 4, "artillery": 2, "armour": 2, "fighter": 1},
                     "defender": {"infantry": 5, "aa_gun": 1}}}


def aa_table(client) -> Table:
    body = client.post("/games", json={"ruleset": "aa-global1940", "preset": "axis-allies",
                                        "options": {"mode": "battles"}}).json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def resolve(table):
    """Germany's seat declares the attack; the USSR's seat (allies) confirms its own defence, which
    requests the battle (issue 14 item 14). Returns the confirmation's response."""
    declared = table.command("axis", "ResolveBattle", BATTLE)
    assert declared.status_code == 201, declared.get_data(as_text=True)
    return table.command("allies", "ConfirmDefence", {"battle_id": BATTLE["battle_id"],
                                                      "units": BATTLE["forces"]["defender"]})


def types(table) -> list[str]:
    return [e["type"] for e in table.events("allies")]


def assert_fought_in_order(events: list[str]):
    assert events[:4] == ["GameCreated", "BattleDeclared", "BattleRequested", "DiceRolled"]
    rounds = events[4:-1]
    assert rounds and set(rounds) == {"BattleRoundFought"} and events[-1] == "BattleEnded"


@pytest.fixture
def redis_app():
    url = redis_url_or_skip()
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    app = create_app(Config(redis_url=url, redis_prefix=prefix, snapshot_every=2))
    yield app, url, prefix
    store = app.extensions["casus_services"].games.store
    for key in store.redis.scan_iter(f"{prefix}:*"):
        store.redis.delete(key)


def test_a_battle_is_fought_by_a_real_worker_and_a_retry_changes_nothing(redis_app):
    app, url, prefix = redis_app
    client = app.test_client()
    table = aa_table(client)
    requested = resolve(table)
    assert requested.status_code == 201 and types(table) == ["GameCreated", "BattleDeclared", "BattleRequested"]
    worker = run_worker(url, prefix, extra_rulesets="")
    assert worker.returncode == 0, worker.stderr
    fought = table.events("allies")
    assert_fought_in_order([e["type"] for e in fought])
    assert fought[-1]["data"]["outcome"] in {"attacker_wins", "defender_wins", "mutual_destruction"}
    services = app.extensions["casus_services"]
    key = f"combat:{requested.json['events'][0]['command_id']}:FightBattle"
    retried = jobs.run_system_command(table.game_id, "FightBattle", {"battle_id": "ukraine-1"}, key, services=services)
    assert retried["replayed"] is True and table.events("allies") == fought
    assert client.get(f"/games/{table.game_id}/verify").json["ok"]
    projection = client.get(f"/games/{table.game_id}/projections/battles").json["data"]
    replayed = jobs.replay_game(table.game_id, services=services)
    assert replayed["projection_digests"] == services.games.projection_digests(services.games.load(table.game_id))
    assert client.get(f"/games/{table.game_id}/projections/battles").json["data"] == projection


def test_without_redis_the_same_job_runs_in_process(tmp_path):
    app = create_app(Config(database=str(tmp_path / "combat.db")))
    client = app.test_client()
    table = aa_table(client)
    assert resolve(table).status_code == 201
    app.extensions["casus_services"].jobs.wait(60)
    assert_fought_in_order(types(table))


def test_a_battle_with_impossible_forces_is_422_naming_the_field(tmp_path):
    app = create_app(Config(database=str(tmp_path / "bad.db")))
    table = aa_table(app.test_client())
    bad = {**BATTLE, "forces": {"kind": "sea", "attacker": {"infantry": 2}, "defender": {"destroyer": 1}}}
    response = table.command("axis", "ResolveBattle", bad)
    assert response.status_code == 422 and "infantry" in response.get_data(as_text=True)
    assert types(table) == ["GameCreated"]
