"""End to end: what a real `casus serve` answers to requests gunicorn refuses before the app sees
them (issue 22 item 1). They used to be gunicorn's text/html pages; every error is problem+json
(RFC 9457) whose `type` is a page of the service, with the status gunicorn chose."""
import json
import socket
from urllib.parse import urlsplit

import pytest
import requests

from tests.support.api import TINY
from tests.support.server import casus_serve, free_port

PROBLEM_JSON = "application/problem+json"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = {"CASUS_DB": str(tmp_path_factory.mktemp("e2e") / "casus.db"), "CASUS_EXTRA_RULESETS": TINY,
           "REDIS_URL": None}
    with casus_serve(free_port(), env, "--workers", "1") as process:
        yield process.base


def raw(base: str, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as bytes on a new connection; the status, headers and body answered."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body[:int(headers["content-length"])]


def request(target: str = "/healthz", *headers: str, line: str | None = None) -> bytes:
    first = line if line is not None else f"GET {target} HTTP/1.1"
    return "\r\n".join([first, "Host: casus.test", "Connection: close", *headers, "", ""]).encode("latin-1")


CASES = {
    "a URL over 8 KB": (request("/games?after=" + "a" * 9000), 414, "uri-too-long"),
    "a 40 KB header": (request("/healthz", "X-Padding: " + "p" * 40_000), 431, "request-header-fields-too-large"),
    "250 headers": (request("/healthz", *(f"X-H{i}: v" for i in range(250))), 431, "request-header-fields-too-large"),
    "a garbage request line": (request(line="\x01garbage\x02 what"), 400, "bad-request"),
    "HTTP/9.9": (request(line="GET /healthz HTTP/9.9"), 400, "bad-request"),
    "Content-Length: abc": (request(line="POST /games HTTP/1.1", *["Content-Type: application/json",
                                                                   "Content-Length: abc"]), 400, "bad-request"),
}


@pytest.mark.parametrize("case", CASES)
def test_gunicorn_s_own_refusals_are_problem_json(server, case):
    """Before: each of these answered Content-Type text/html with an HTML page."""
    sent, status, slug = CASES[case]
    answered, headers, body = raw(server, sent)
    assert answered == status, body
    assert headers["content-type"] == PROBLEM_JSON, body
    problem = json.loads(body)
    assert problem["status"] == status and problem["title"] and problem["detail"]
    assert problem["type"].endswith(f"/problems/{slug}")
    # The type is a page of this service, and names the status and title the answer gave.
    page = requests.get(server + "/problems/" + slug, timeout=5).json()
    assert (page["status"], page["title"]) == (status, problem["title"])


def test_the_type_is_on_the_host_the_client_asked_when_gunicorn_read_it(server):
    """A Content-Length gunicorn cannot read comes after the Host header: the type is there."""
    _, _, body = raw(server, CASES["Content-Length: abc"][0])
    assert json.loads(body)["type"] == "http://casus.test/problems/bad-request"


def test_a_url_the_app_refuses_is_the_same_problem_as_one_gunicorn_refuses(server):
    """Between the app's limit (4 KB) and gunicorn's (8 KB) the app answers: same type and title."""
    _, _, by_gunicorn = raw(server, CASES["a URL over 8 KB"][0])
    status, headers, by_app = raw(server, request("/games?after=" + "a" * 5000))
    assert status == 414 and headers["content-type"] == PROBLEM_JSON
    app, gunicorn = json.loads(by_app), json.loads(by_gunicorn)
    assert (urlsplit(app["type"]).path, app["title"]) == (urlsplit(gunicorn["type"]).path, gunicorn["title"])
