"""Retry-After means what it says (issue 22 item 14): a 429's header is a whole number of seconds,
at least 1, the same as its detail's "retry after N s" (a client obeying "0" was refused again at
once), and an answer the limit let through carries no Retry-After (it told a client that just
created a game to wait a minute)."""
import re

from tests.security.test_limits import DUEL, served_app
from tests.support.api import assert_problem, create_table


def said_wait(response) -> int:
    """The seconds a 429's detail names."""
    return int(re.search(r"retry after (\d+) s", response.json["detail"]).group(1))


def test_a_429_just_before_the_window_ends_says_wait_1_s_in_header_and_detail(tmp_path, monkeypatch):
    """With one creation per second the refusal comes less than a second before the window ends:
    before, its header said 0 while its detail said 1 s."""
    client = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_CREATE="1 per second").test_client()
    assert client.post("/games", json=DUEL).status_code == 201
    refused = client.post("/games", json=DUEL)
    assert_problem(refused, 429, "too-many-requests")
    assert refused.headers["Retry-After"] == "1" == str(said_wait(refused))


def test_a_429_s_header_and_detail_name_the_same_wait(tmp_path, monkeypatch):
    client = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_CREATE="1 per hour").test_client()
    client.post("/games", json=DUEL)
    refused = client.post("/games", json=DUEL)
    assert_problem(refused, 429, "too-many-requests")
    assert refused.headers.get_all("Retry-After") == [str(said_wait(refused))]
    assert 3590 <= said_wait(refused) <= 3600


def test_answers_the_limit_lets_through_carry_no_retry_after(tmp_path, monkeypatch):
    """A created game, a command and a problem that is not about waiting; the counts stay."""
    app = served_app(tmp_path, monkeypatch, CASUS_RATE_LIMIT_COMMANDS="30 per minute")
    client = app.test_client()
    created = client.post("/games", json=DUEL)
    assert created.status_code == 201 and "Retry-After" not in created.headers
    assert created.headers["X-RateLimit-Remaining"] == "29" and created.headers["X-RateLimit-Limit"] == "30"
    table = create_table(client)
    command = table.command("north", "AddPoints", {"power": "N", "amount": 1})
    assert command.status_code == 201 and "Retry-After" not in command.headers
    stale = table.command("north", "AddPoints", {"power": "N", "amount": 1}, version=1)
    assert stale.status_code == 412 and "Retry-After" not in stale.headers
    assert stale.headers["X-RateLimit-Limit"] == "30"
