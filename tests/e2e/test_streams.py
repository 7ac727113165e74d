"""A thousand idle SSE streams against a real `casus serve` (gevent workers, SQLite, in-process
jobs): the service keeps answering, every stream gets the next event, and streams the clients
close are released at once (long before the next heartbeat would find them gone)."""
import os
import time
from pathlib import Path

import pytest
import requests

from tests.support.api import TINY
from tests.support.server import casus_serve
from tests.support.sse_clients import Followers

PORT = 7531  # this suite's range is 7500-7599
STREAMS = 1000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"CASUS_DB": str(tmp_path_factory.mktemp("streams") / "casus.db"), "CASUS_EXTRA_RULESETS": TINY,
           "REDIS_URL": None}
    with casus_serve(PORT, env) as process:
        yield process


def open_sockets(server) -> int:
    """TCP sockets held by the server's worker processes."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    count = 0
    for pid in children:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                count += os.readlink(fd).startswith("socket:")
            except OSError:  # closed while we looked
                pass
    return count


@pytest.mark.slow
def test_a_thousand_idle_streams_cost_no_thread(server):
    base = f"http://127.0.0.1:{PORT}"
    game = requests.post(f"{base}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5).json()
    gid, token = game["game_id"], game["tokens"]["north"]
    idle_sockets = open_sockets(server)
    followers = Followers("127.0.0.1", PORT)
    try:
        followers.open(STREAMS, f"/games/{gid}/events", {"Last-Event-ID": str(game["version"])}, timeout=60)
        assert [f.status for f in followers.all] == [200] * STREAMS
        followers.pump(0.5)
        assert followers.open_count() == STREAMS

        # While they are open the service answers as usual (a liveness bound, not a timing).
        assert requests.get(f"{base}/healthz", timeout=2).status_code == 200
        answered = requests.post(f"{base}/games/{gid}/commands", timeout=2,
                                 json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                 headers={"Authorization": f"Bearer {token}", "If-Match": f'"{game["version"]}"'})
        assert answered.status_code == 201
        new = answered.json()["version"]

        # ... and every stream receives the new event.
        assert followers.pump_until(lambda: all(new in f.arrivals for f in followers.all), timeout=30), \
            f"{sum(new in f.arrivals for f in followers.all)} of {STREAMS} streams got event {new}"
        assert followers.open_count() == STREAMS
    finally:
        followers.close()

    # Closed by the clients: released within seconds, before any heartbeat (15 s) would notice.
    deadline = time.monotonic() + 5
    while open_sockets(server) > idle_sockets + 10 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert open_sockets(server) <= idle_sockets + 10
    assert requests.get(f"{base}/healthz", timeout=2).status_code == 200
