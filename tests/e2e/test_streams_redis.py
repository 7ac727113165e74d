"""`casus serve` (gevent workers) on Redis: monkey-patched sockets carry the event store, the SSE
hub and RQ (a job is enqueued and reported), and a browser follows a seat with a stream token."""
import threading
import time
import uuid

import pytest
import redis
import requests

from tests.support.api import TINY
from tests.support.backends import redis_url_or_skip
from tests.support.server import casus_serve

PORT = 7532  # this suite's range is 7500-7599


@pytest.fixture(scope="module")
def server():
    url = redis_url_or_skip()
    prefix = f"test-sse-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": url, "CASUS_REDIS_PREFIX": prefix, "CASUS_EXTRA_RULESETS": TINY}
    try:
        with casus_serve(PORT, env) as process:
            yield process.base
    finally:
        keys = redis.Redis.from_url(url)
        for key in keys.scan_iter(f"{prefix}*"):
            keys.delete(key)


def test_a_seat_follows_over_redis_with_a_stream_token_and_jobs_enqueue(server):
    assert requests.get(f"{server}/healthz", timeout=5).json()["store"] == "redis"
    game = requests.post(f"{server}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=5).json()
    gid, token = game["game_id"], game["tokens"]["north"]
    auth = {"Authorization": f"Bearer {token}"}
    issued = requests.post(f"{server}/games/{gid}/stream-tokens", headers=auth, timeout=5)
    assert issued.status_code == 201
    received = []

    def follow():
        with requests.get(f"{server}{issued.json()['events_url']}", stream=True, timeout=10,
                          headers={"Accept": "text/event-stream", "Last-Event-ID": str(game["version"])}) as stream:
            for line in stream.iter_lines():
                if line.startswith(b"data: "):
                    received.append(line)
                    return

    follower = threading.Thread(target=follow)
    follower.start()
    time.sleep(0.3)  # let the stream open before the command (a late one would still catch up)
    sealed = requests.post(f"{server}/games/{gid}/commands", headers={**auth, "If-Match": f'"{game["version"]}"'},
                           json={"type": "SealValue", "data": {"power": "N", "value": 4242}}, timeout=5)
    assert sealed.status_code == 201
    follower.join(10)
    assert received and b"4242" in received[0]  # the seat's own view: its sealed value

    job = requests.post(f"{server}/games/{gid}/replay", headers=auth, timeout=5)
    assert job.status_code == 202
    status = requests.get(f"{server}{job.headers['Location']}", timeout=5)
    assert status.status_code == 200 and status.json()["status"] in ("queued", "started", "finished")
