"""End to end: `casus serve` as a real process (gunicorn, SQLite file), driven with requests."""
import json
import time
from pathlib import Path

import pytest
import requests

from tests.support.api import TINY
from tests.support.server import casus_serve, free_port

SERVER: dict[str, int] = {}


def worker_pids() -> list[int]:
    """The gunicorn worker processes of the server this module started."""
    children = Path(f"/proc/{SERVER['pid']}/task/{SERVER['pid']}/children").read_text().split()
    return [int(pid) for pid in children]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"CASUS_DB": str(tmp_path_factory.mktemp("e2e") / "casus.db"), "CASUS_EXTRA_RULESETS": TINY,
           "REDIS_URL": None}
    with casus_serve(free_port(), env) as process:
        SERVER["pid"] = process.pid
        yield process.base


def test_a_chunked_command_body_is_read_like_any_other(server):
    """A body without Content-Length (chunked, as a client streaming it sends) takes werkzeug's
    bounded read; one with a length is read straight from the stream (service/http.py)."""
    game = requests.post(f"{server}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5).json()
    body = json.dumps({"type": "AddPoints", "data": {"power": "N", "amount": 3}}).encode()
    answer = requests.post(f"{server}/games/{game['game_id']}/commands", data=iter([body[:10], body[10:]]), timeout=5,
                           headers={"Authorization": f"Bearer {game['tokens']['north']}", "If-Match": '"1"',
                                    "Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text
    assert answer.request.headers["Transfer-Encoding"] == "chunked"
    assert answer.json()["events"][0]["data"] == {"power": "N", "amount": 3}


def test_healthz_answers(server):
    assert requests.get(f"{server}/healthz", timeout=5).json() == {"status": "ok", "store": "sqlite", "jobs": "in-process"}


def test_a_game_driven_over_http(server):
    created = requests.post(f"{server}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5)
    assert created.status_code == 201
    game = created.json()
    gid, tokens = game["game_id"], game["tokens"]

    def command(seat, type_, data, version):
        token = game["moderator_token"] if seat == "moderator" else tokens[seat]
        return requests.post(f"{server}/games/{gid}/commands", json={"type": type_, "data": data}, timeout=5,
                             headers={"Authorization": f"Bearer {token}", "If-Match": f'"{version}"'})

    assert command("north", "SealValue", {"power": "N", "value": 61234}, 1).status_code == 201
    south_view = requests.get(f"{server}/games/{gid}/state", headers={"Authorization": f"Bearer {tokens['south']}"}, timeout=5)
    assert "61234" not in south_view.text and south_view.json()["version"] == 2 and south_view.headers["ETag"]
    stale = command("south", "AddPoints", {"power": "S", "amount": 2}, 1)
    assert stale.status_code == 412 and stale.headers["Content-Type"] == "application/problem+json"
    assert command("south", "AddPoints", {"power": "S", "amount": 2}, 2).status_code == 201
    assert command("moderator", "RevealValues", {}, 3).status_code == 201
    rolled = command("north", "RollDie", {"power": "N", "sides": 10}, 4)
    assert [e["type"] for e in rolled.json()["events"]] == ["DiceRolled", "DieRolled"]

    with requests.get(f"{server}/games/{gid}/events?follow=false", timeout=5,
                      headers={"Accept": "text/event-stream", "Last-Event-ID": "3"}) as stream:
        ids = [int(line.split(": ")[1]) for line in stream.text.splitlines() if line.startswith("id: ")]
    assert ids == [4, 5, 6]

    page = requests.get(f"{server}/games/{gid}/events?limit=2", timeout=5)
    assert 'rel="next"' in page.headers["Link"]
    totals = requests.get(f"{server}/games/{gid}/projections/totals", timeout=5).json()
    assert totals["data"]["points"] == {"N": 0, "S": 2}
    assert command("moderator", "Finish", {}, 6).status_code == 201
    report = requests.get(f"{server}/games/{gid}/verify", timeout=5).json()
    assert report["ok"] and report["dice_checked"] == 1


def test_a_live_stream_delivers_an_event_appended_after_it_opened(server):
    game = requests.post(f"{server}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5).json()
    gid = game["game_id"]
    with requests.get(f"{server}/games/{gid}/events", headers={"Accept": "text/event-stream", "Last-Event-ID": "1"},
                      stream=True, timeout=10) as stream:
        requests.post(f"{server}/games/{gid}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 4}},
                      headers={"Authorization": f"Bearer {game['tokens']['north']}", "If-Match": '"1"'}, timeout=5)
        for line in stream.iter_lines(decode_unicode=True):
            if line.startswith("data: "):
                event = json.loads(line[6:])
                break
    assert event["version"] == 2 and event["type"] == "PointsAdded"


def test_two_processes_share_one_game_and_its_jobs(server):
    """The embedded default serves with one process per core (at least 2) on one SQLite file: any
    process takes any command at the game's current version, and any process reports any job."""
    game = requests.post(f"{server}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5).json()
    gid, headers = game["game_id"], {"Authorization": f"Bearer {game['tokens']['north']}"}
    assert len(worker_pids()) == 2
    for version in range(1, 21):  # a new connection each time: gunicorn hands it to either process
        response = requests.post(f"{server}/games/{gid}/commands", timeout=5,
                                 json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                 headers={**headers, "If-Match": f'"{version}"', "Connection": "close"})
        assert response.status_code == 201, response.text
    job = requests.post(f"{server}/games/{gid}/replay", headers=headers, timeout=5).json()
    deadline = time.monotonic() + 20
    finished = 0
    while time.monotonic() < deadline and finished < 20:  # 20 answers from either process
        status = requests.get(f"{server}/jobs/{job['id']}", headers={"Connection": "close"}, timeout=5)
        assert status.status_code == 200, status.text
        finished += status.json()["status"] == "finished"
    assert finished == 20 and status.json()["result"]["version"] == 21


def test_an_oversized_request_gets_the_services_problem_not_the_servers_page(server):
    too_long = requests.get(f"{server}/games?after={'x' * 5000}", timeout=5)
    assert too_long.status_code == 414 and too_long.headers["Content-Type"] == "application/problem+json"
    big_header = requests.get(f"{server}/healthz", headers={"X-Big": "y" * 9000}, timeout=5)
    assert big_header.status_code == 431 and big_header.headers["Content-Type"] == "application/problem+json"
