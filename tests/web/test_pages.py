"""The table's pages through Flask's test client (no browser): JSON clients unaffected by the
pages on the same paths, the security headers, escaping, what a spectator's page never holds,
the export endpoint, and a group's pack checked with its field paths."""
from __future__ import annotations

import re

import orjson
import pytest

from events.envelope import Envelope
from events.signing import verify_head
from events.verify import verify
from service.cli_logs import head_problem
from service.config import Config
from service.http.app import create_app
from tests.support.api import TINY
from tests.support.dod3_api import (
    create_dod3_table,
    finish_turn,
    pass_every_option,
    play,
    roll_weather,
)

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.IGNORECASE)


@pytest.fixture
def client(tmp_path):
    return create_app(Config(database=str(tmp_path / "web.db"), extra_rulesets=(TINY,))).test_client()


@pytest.fixture
def dod3(client):
    return create_dod3_table(client)


def _page(client, path: str) -> str:
    response = client.get(path, headers=BROWSER)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


@pytest.mark.parametrize("accept", [None, "application/json", "*/*", "application/json, text/html;q=0.5",
                                    "text/html;q=0.9, application/json"])
def test_json_clients_get_json_on_the_paths_that_are_pages_too(client, dod3, accept):
    headers = {} if accept is None else {"Accept": accept}
    for path in (f"/games/{dod3.game_id}", "/rulesets/dod3"):
        response = client.get(path, headers=headers)
        assert response.status_code == 200
        assert response.mimetype == "application/json"
        assert "Accept" in response.headers.get("Vary", "")


def test_a_browser_gets_the_page_on_the_same_paths(client, dod3):
    for path in (f"/games/{dod3.game_id}", "/rulesets/dod3"):
        response = client.get(path, headers=BROWSER)
        assert response.mimetype == "text/html"
        assert "Accept" in response.headers["Vary"]


def test_pages_forbid_inline_script_and_style(client, dod3):
    roll_weather(dod3)
    for path in ("/", f"/games/{dod3.game_id}", f"/games/{dod3.game_id}?at=3", f"/table/games/{dod3.game_id}/audit",
                 f"/table/games/{dod3.game_id}/charts", "/rulesets/dod3", "/rulesets/tiny"):
        response = client.get(path, headers=BROWSER)
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "style-src 'self'" in csp
        html = response.get_data(as_text=True)
        assert not INLINE_SCRIPT.search(html), path
        assert not INLINE_HANDLER.search(html), path
        assert not STYLE_ATTRIBUTE.search(html), path


def test_a_hostile_power_name_is_escaped(client):
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    created = client.post("/games", json={"ruleset": "tiny", "seats": {"evil": [hostile], "good": ["S"]}}).json
    html = _page(client, f"/games/{created['game_id']}")
    assert hostile not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_spectators_page_holds_no_token_and_no_sealed_bid(client, dod3):
    roll_weather(dod3)
    pass_every_option(dod3)
    finish_turn(dod3)
    play(dod3, "player1", "SubmitBid", {"power": "GE", "points": 4, "options": 3})
    tokens = [*dod3.tokens.values(), dod3.moderator]
    for path in (f"/games/{dod3.game_id}", f"/table/games/{dod3.game_id}/parts", f"/table/games/{dod3.game_id}/audit",
                 f"/games/{dod3.game_id}?at={dod3.version()}", "/"):
        html = _page(client, path)
        assert not any(token in html for token in tokens), path
        assert not re.search(r"GE bid 4 points|points 4, options 3", html), path
    own = client.get(f"/table/games/{dod3.game_id}/parts", headers=dod3.auth("player1")).get_data(as_text=True)
    assert re.search(r"GE bid 4 points|points 4, options 3", own)
    other = client.get(f"/table/games/{dod3.game_id}/parts", headers=dod3.auth("player2")).get_data(as_text=True)
    assert not re.search(r"GE bid 4 points|points 4, options 3", other)


def test_the_page_heading_says_turn_step_and_who_is_awaited(client, dod3):
    html = _page(client, f"/games/{dod3.game_id}")
    assert "Turn 1, Jan/Feb 1936: step B, Weather" in html
    assert "player1 (GE)" in html
    assert f'src="/games/{dod3.game_id}/projections/status-display.svg?at=1"' in html


def test_the_log_reads_as_the_mail_reports_sentences(client, dod3):
    from service.mail.reports import sentence
    roll_weather(dod3)
    html = _page(client, f"/games/{dod3.game_id}")
    weather = next(e for e in dod3.events() if e["type"] == "WeatherDetermined")
    assert sentence("dod3", weather).replace("'", "&#39;") in html
    assert 'href="/rules/DOD3-7"' in html


def _export(client, game_id: str, seat_headers: dict | None = None):
    response = client.get(f"/games/{game_id}/export", headers=seat_headers or {})
    assert response.status_code == 200
    assert response.mimetype == "application/jsonl"
    lines = response.get_data().splitlines()
    return response, [Envelope.from_dict(orjson.loads(line)) for line in lines]


def test_the_export_is_cut_before_a_sealed_bid_and_verifies_with_its_head(client, dod3):
    roll_weather(dod3)
    pass_every_option(dod3)
    finish_turn(dod3)
    before_bid = dod3.version()
    play(dod3, "player1", "SubmitBid", {"power": "GE", "points": 4, "options": 3})
    keys = client.get("/keys").json["keys"]
    key_args = [f"{kid}={key}" for kid, key in keys.items()]
    response, envelopes = _export(client, dod3.game_id)  # a spectator: up to the first sealed event
    cut = envelopes[-1].version
    assert cut <= before_bid and cut == int(response.headers["Casus-Export-Version"])
    assert int(response.headers["Casus-Game-Version"]) == dod3.version()
    spectators = dod3.events(None)
    assert not any(e.get("redacted") for e in spectators[:cut]) and spectators[cut]["redacted"]
    assert verify(envelopes).ok
    head = response.headers["Casus-Signed-Head"]
    assert verify_head(head, keys).version == cut
    assert head_problem(envelopes, head, key_args) is None
    response, envelopes = _export(client, dod3.game_id, dod3.auth("moderator"))  # the moderator: everything
    assert envelopes[-1].version == dod3.version()
    assert verify(envelopes).ok and head_problem(envelopes, response.headers["Casus-Signed-Head"], key_args) is None
    assert "Authorization" in response.headers["Vary"]


def test_an_export_of_a_missing_game_is_a_problem(client):
    response = client.get("/games/none-such/export")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_the_ruleset_page_lists_provisional_values_and_checks_a_pack(client):
    html = _page(client, "/rulesets/dod3")
    assert "Provisional values" in html and "powers.GE.political_effectiveness" in html
    pack = client.get("/table/rulesets/dod3/pack.yaml")
    assert pack.status_code == 200 and b"provisional: true" in pack.data
    bad = pack.get_data(as_text=True).replace("political_effectiveness: {value: 5", "political_effectiveness: {value: x", 1)
    checked = client.post("/table/rulesets/dod3/pack-check", data={"text": bad})
    assert checked.status_code == 422
    assert re.search(r'<code class="path">powers\.GE\.political_effectiveness[^<]*</code>', checked.get_data(as_text=True))
    good = client.post("/table/rulesets/dod3/pack-check", data={"text": pack.get_data(as_text=True)})
    assert good.status_code == 200 and "a valid dod3 data pack" in good.get_data(as_text=True)


def test_time_travel_page_says_what_changed(client, dod3):
    roll_weather(dod3)
    html = _page(client, f"/games/{dod3.game_id}?at=3")
    assert "What changed from version 2 to 3" in html
    assert f'href="/games/{dod3.game_id}?at=3"' in html


def test_a_bad_version_is_an_html_error(client, dod3):
    response = client.get(f"/games/{dod3.game_id}?at=999", headers=BROWSER)
    assert response.status_code == 422 and response.mimetype == "text/html"
    response = client.get("/games/none-such", headers=BROWSER)
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_charts_draw_the_projections_with_their_table(client, dod3):
    roll_weather(dod3)
    pass_every_option(dod3)
    finish_turn(dod3)
    html = _page(client, f"/table/games/{dod3.game_id}/charts")
    for title in ("Political effectiveness", "Money (savings)", "US entry"):
        assert f">{title}</h2>" in html
    assert "<polyline" in html and "the values behind the chart" in html


def test_each_log_entry_names_its_command_and_whether_it_is_bookkeeping(client, dod3):
    """What the notice of another seat's move quotes (game.js): the command's first event that
    is not a roll or the platform's bookkeeping."""
    roll_weather(dod3)
    html = _page(client, f"/games/{dod3.game_id}")
    entries = re.findall(r'<li data-version="(\d+)" data-actor="(\w+)" data-command="(\w*)"( data-bookkeeping)?', html)
    command = {version: (command_id, bool(bookkeeping)) for version, _, command_id, bookkeeping in entries}
    events = {str(e["version"]): e for e in dod3.events()}
    rolled = next(v for v, e in events.items() if e["type"] == "DiceRolled")
    weather = next(v for v, e in events.items() if e["type"] == "WeatherDetermined")
    assert command[rolled] == (events[rolled]["command_id"], True)
    assert command[weather] == (events[rolled]["command_id"], False)
