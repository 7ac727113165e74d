"""End to end: one keep-alive client cannot hold a `casus serve` worker while others wait.

A gevent worker switches greenlets only when a socket would block. A client that pipelines its
requests (or is simply fast) always has the next one waiting, so without a yield after each
answer its connection was served to the end before any other got a turn (service/serving.py)."""
import socket

import pytest

from tests.support.api import TINY
from tests.support.server import casus_serve, free_port

PIPELINED = 200  # answers small enough (~45 KB) to fit the socket buffers: no write blocks and yields
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture
def one_worker(tmp_path):
    env = {"CASUS_DB": str(tmp_path / "casus.db"), "CASUS_EXTRA_RULESETS": TINY, "REDIS_URL": None}
    port = free_port()
    with casus_serve(port, env, "--workers", "1"):
        yield port


def answers_in(data: bytes) -> int:
    return data.count(b"HTTP/1.1 200")


def test_a_client_pipelining_requests_does_not_starve_another(one_worker):
    """Given one worker and two open connections, when one sends two hundred requests in one go and
    the other then sends one, the other's answer comes before the first client has all of its."""
    with socket.create_connection(("127.0.0.1", one_worker)) as greedy, \
            socket.create_connection(("127.0.0.1", one_worker)) as polite:
        greedy.sendall(HEALTHZ * PIPELINED)
        polite.sendall(HEALTHZ)
        polite.settimeout(30)
        answer = b""
        while not answers_in(answer):
            chunk = polite.recv(65536)
            assert chunk, "the server closed the polite connection"
            answer += chunk
        greedy.setblocking(False)
        served_meanwhile = b""
        try:
            while chunk := greedy.recv(1 << 20):
                served_meanwhile += chunk
        except BlockingIOError:
            pass
        assert answers_in(served_meanwhile) < PIPELINED
        greedy.settimeout(30)  # and the greedy client is served in full all the same
        while answers_in(served_meanwhile) < PIPELINED:
            chunk = greedy.recv(1 << 20)
            assert chunk, "the server closed the greedy connection"
            served_meanwhile += chunk
