"""The lobby (gaps 5 and 6 of issue 24): a page of games at a time, cheap to read again, and a
game created from its form without JavaScript: the same checks and the same call as POST
/games, counted against the same limit, answered with private links no cache keeps."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest

from service.config import Config
from service.http.app import create_app
from service.web import lobby
from tests.support.api import TINY

BROWSER = {"Accept": "text/html"}
HOSTILE = '<img src=x onerror="document.title=1">'


@pytest.fixture
def client(tmp_path):
    return create_app(Config(database=str(tmp_path / "lobby.db"), extra_rulesets=(TINY,))).test_client()


def _tiny(client, visibility: str = "listed") -> str:
    created = client.post("/games", json={"ruleset": "tiny", "preset": "duel", "visibility": visibility})
    assert created.status_code == 201
    return created.json["game_id"]


def _listed_ids(html: str) -> list[str]:
    return re.findall(r'<td><a href="/games/([0-9a-f]+)">', html)


def _more(html: str) -> str | None:
    found = re.search(r'<a href="([^"]+)" id="more-games"', html)
    return unescape(found.group(1)) if found else None


def test_the_lobby_lists_a_page_of_games_and_links_the_next(client, monkeypatch):
    monkeypatch.setattr(lobby, "LOBBY_GAMES", 3)
    listed = {_tiny(client) for _ in range(7)}
    hidden = {_tiny(client, "unlisted") for _ in range(3)}
    seen: list[str] = []
    path, pages = "/", 0
    while path is not None:
        html = client.get(path, headers=BROWSER).get_data(as_text=True)
        page = _listed_ids(html)
        assert len(page) <= 3
        seen += page
        path, pages = _more(html), pages + 1
        assert pages < 10
    assert sorted(seen) == sorted(listed) and not hidden & set(seen)
    assert pages >= 3
    assert client.get("/?after=%3Cscript%3E", headers=BROWSER).status_code == 422


def test_a_repeat_view_of_the_lobby_reads_no_event(client, monkeypatch):
    for _ in range(4):
        _tiny(client)
    created = client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).json
    game, token = created["game_id"], created["tokens"]["north"]
    store = client.application.extensions["casus_services"].games.store
    read = store.read
    reads: list[str] = []

    def counting(game_id, *args, **kwargs):
        reads.append(game_id)
        return read(game_id, *args, **kwargs)

    monkeypatch.setattr(store, "read", counting)
    assert len(_listed_ids(client.get("/", headers=BROWSER).get_data(as_text=True))) == 5
    reads.clear()
    assert len(_listed_ids(client.get("/", headers=BROWSER).get_data(as_text=True))) == 5
    assert reads == []
    client.post(f"/games/{game}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                headers={"Authorization": f"Bearer {token}", "If-Match": '"1"'})
    reads.clear()
    html = client.get("/", headers=BROWSER).get_data(as_text=True)
    # The game that moved shows its new version, from the state its command left: still no read.
    assert reads == [] and re.search(rf'{game}">{game[:8]}</a>(?:(?!</tr>).)*<td>2</td>', html, re.DOTALL)


def _form(**fields) -> dict:
    return {"ruleset": "tiny", "preset": "tiny:duel", "seats": "", "visibility": "listed", **fields}


def test_the_form_creates_a_game_without_javascript(client):
    response = client.post("/table/games", data=_form(**{"option.dod3.bitter_end": "true"}))
    assert response.status_code == 201 and response.mimetype == "text/html"
    assert response.headers["Cache-Control"] == "no-store"
    html = response.get_data(as_text=True)
    links = [unescape(u) for u in re.findall(r'<input type="text" readonly value="([^"]+)"', html)]
    assert len(links) == 3  # north, south, the moderator
    by_seat = {}
    for link in links:
        url = urlparse(link)
        assert url.query == "" and re.fullmatch(r"/games/[0-9a-f]{32}", url.path)
        fragment = parse_qs(url.fragment)
        by_seat[fragment["seat"][0]] = (url.path.rsplit("/", 1)[1], fragment["token"][0])
    assert set(by_seat) == {"north", "south", "moderator"}
    game, token = by_seat["north"]
    assert response.headers["Location"] == f"/games/{game}"
    legal = client.get(f"/games/{game}/legal-commands", headers={"Authorization": f"Bearer {token}"})
    assert legal.status_code == 200 and legal.json["seat"] == "north"
    summary = client.get(f"/games/{game}").json
    assert summary["ruleset"] == "tiny" and summary["seats"] == {"north": ["N"], "south": ["S"]}
    assert not re.search(r"<script(?![^>]*\bsrc=)", html) and 'src="/assets/links.js"' in html


def test_the_forms_options_and_own_seating_reach_the_game(client):
    response = client.post("/table/games", data={
        "ruleset": "dod3", "preset": "dod3:3", "seats": '{"axis": ["GE", "IT", "JA"], "allies": ["CW", "FR", "CH", "US", "RU", "CC"]}',
        "option.dod3.bitter_end": "true", "option.dod3.option_8_6": "", "option.tiny.ignored": "x",
        "visibility": "unlisted"})
    assert response.status_code == 201, response.get_data(as_text=True)
    game = re.search(r'href="http://localhost/games/([0-9a-f]{32})"', response.get_data(as_text=True)).group(1)
    created = client.get(f"/games/{game}/events").json["events"][0]["data"]
    assert created["options"] == {"bitter_end": True} and created["visibility"] == "unlisted"
    assert set(created["seats"]) == {"axis", "allies"}


@pytest.mark.parametrize("fields, field, message", [
    ({"preset": "dod3:3"}, "preset", "the seating '3' belongs to dod3: choose one of tiny's"),
    ({"seats": "{not json"}, "seats", "must be JSON"),
    ({"ruleset": "none-such", "preset": "none-such:x"}, "ruleset", "unknown ruleset"),
    ({"seats": '{"evil": ["' + HOSTILE.replace('"', '\\"') + '"], "moderator": ["S"]}'}, "seats", "reserved seat names"),
    ({"ruleset": "dod3", "preset": "dod3:3", "option.dod3.bitter_end": "maybe"}, "options.bitter_end", "yes or no"),
])
def test_a_refused_form_shows_the_lobby_with_what_was_wrong(client, fields, field, message):
    response = client.post("/table/games", data=_form(**fields))
    assert response.status_code == 422 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    error = html.split('<div id="create-error" class="problem" role="alert">', 1)[1].split("</div>", 1)[0]
    assert f"<code>{field}</code>" in error and message in unescape(error)
    assert HOSTILE not in html  # what was sent comes back as text
    assert client.get("/games").json["games"] == []


def test_the_form_and_the_api_share_one_creation_limit(tmp_path):
    app = create_app(Config(database=str(tmp_path / "limited.db"), extra_rulesets=(TINY,),
                            rate_limit_create="2 per minute"))
    client = app.test_client()
    assert client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).status_code == 201
    assert client.post("/table/games", data=_form()).status_code == 201
    refused = client.post("/table/games", data=_form())
    assert refused.status_code == 429 and refused.mimetype == "text/html" and int(refused.headers["Retry-After"]) >= 1
    assert "games from your address" in refused.get_data(as_text=True)
    assert client.post("/games", json={"ruleset": "tiny", "preset": "duel"}).status_code == 429


@pytest.mark.parametrize("headers", [{"Origin": "https://elsewhere.example"}, {"Sec-Fetch-Site": "cross-site"},
                                     {"Origin": "http://localhost.elsewhere.example", "Sec-Fetch-Site": "same-site"}])
def test_another_sites_form_creates_no_game(client, headers):
    response = client.post("/table/games", data=_form(), headers=headers)
    assert response.status_code == 403 and response.mimetype == "text/html"
    assert client.get("/games").json["games"] == []
    assert client.post("/table/games", data=_form(), headers={"Origin": "http://localhost",
                                                              "Sec-Fetch-Site": "same-origin"}).status_code == 201


def test_the_links_page_holds_no_inline_script_or_style(client):
    from tests.web.test_pages import INLINE_HANDLER, INLINE_SCRIPT, STYLE_ATTRIBUTE
    response = client.post("/table/games", data=_form())
    html = response.get_data(as_text=True)
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert not INLINE_SCRIPT.search(html) and not INLINE_HANDLER.search(html) and not STYLE_ATTRIBUTE.search(html)
    assert response.headers["Referrer-Policy"] == "no-referrer"
