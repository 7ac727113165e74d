"""The table in a real browser (issue 24): create a Days of Decision III game in the lobby, play
turn 1 and the sealed bids of turn 2 by clicking from one browser context per seat, see another
seat's move appear live, travel in time, export and verify offline, render hostile strings as
text, play by keyboard, and run axe-core on every page."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from urllib.parse import urlparse

import pytest
import requests

from tests.support.server import ROOT
from tests.web.make_screenshots import play_into_turn_2
from tests.web.table import (
    api_get,
    axe_findings,
    click_command,
    create_in_lobby,
    game_of,
    open_seat,
    overflow,
    shown_version,
    token_of,
    wait_until,
    wait_version,
)


@pytest.fixture(scope="module")
def lobby_page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="module")
def dod3(lobby_page, server):
    """A Days of Decision III game (preset 3) created in the lobby: its private links by seat."""
    return create_in_lobby(lobby_page, server.base)


@pytest.fixture(scope="module")
def seats(browser, dod3):
    """One browser context per seat (and the moderator), each with its private link open."""
    pages = {seat: open_seat(browser, link) for seat, link in dod3.items()}
    yield pages
    for page in pages.values():
        page.context.close()


def test_lobby_shows_each_private_link_once_with_the_token_in_the_fragment(lobby_page, dod3, server):
    assert set(dod3) == {"player1", "player2", "player3", "moderator"}
    for seat, link in dod3.items():
        assert re.fullmatch(rf"{re.escape(server.base)}/games/[0-9a-f]+#seat={seat}&token=[A-Za-z0-9_-]+", link)
    assert lobby_page.locator("#links button", has_text="Copy").count() == 4
    lobby_page.goto(server.base + "/")  # the lobby again: the game listed, no token anywhere
    html = lobby_page.content()
    assert game_of(dod3["player1"])[:8] in html
    assert not any(token_of(link) in html for link in dod3.values())


def _turn(server, game_id: str) -> dict:
    return api_get(server.base, f"/games/{game_id}/projections/turn").json()["data"]


def test_a_dod3_turn_and_sealed_bids_by_clicking(server, dod3, seats):
    game_id = game_of(dod3["player1"])
    watcher = seats["player2"]
    # Step B: player1 rolls the weather; player2's page shows it live, with a notice, within 2 s.
    assert _turn(server, game_id)["step"] == "B"
    before = shown_version(watcher)
    clicked_at = time.monotonic()
    click_command(seats["player1"], "RollWeather")
    wait_version(watcher, before, timeout=2)
    watcher.wait_for_selector("#notices p", timeout=2_000)
    assert time.monotonic() - clicked_at < 2.5  # the click's own round trip included
    # The notice quotes the move (the weather), not its die or the step that began after it.
    notices = watcher.inner_text("#notices")
    assert re.search(r"player1 moved: Weather for Jan/Feb \(turn 1\): the d10 rolled \d+", notices), notices
    assert "began" not in notices and "dice rolled" not in notices
    # The rest of turn 1, each step by the seat it awaits.
    for _ in range(40):
        turn = _turn(server, game_id)
        if turn["number"] != 1:
            break
        awaited = turn["awaiting"][0] if turn["awaiting"] else {"seat": "moderator", "power": None}
        match turn["step"]:
            case "C":
                click_command(seats[awaited["seat"]], "PassOption", awaited["power"])
            case "E":
                click_command(seats["moderator"], "EndMilitaryAffairs")
            case "F":
                click_command(seats[awaited["seat"]], "EndProduction", awaited["power"])
            case "H":
                click_command(seats["moderator"], "EndConquest")
            case other:
                pytest.fail(f"turn 1 step {other} not expected: {turn}")
    turn = _turn(server, game_id)
    assert (turn["number"], turn["step"]) == (2, "A")
    # Turn 2, step A: sealed bids. GE bids 4 points for 3 options; no other seat sees it.
    p1 = seats["player1"]
    click_command(p1, "SubmitBid", "GE", {"points": 4, "options": 3})
    leaked = re.compile(r"GE bid 4 points|points 4, options 3|4 points for 3 options")
    assert leaked.search(p1.content())  # its own seat reads its bid
    for seat in ("player2", "player3"):
        page = seats[seat]
        wait_until(lambda page=page: "sealed" in page.inner_text("#log li .sentence"), 2, f"{seat} sees the sealed bid")
        assert not leaked.search(page.content()), f"{seat} saw GE's bid before the reveal"
    spectator = p1.context.browser.new_context().new_page()
    spectator.goto(f"{server.base}/games/{game_id}")
    assert not leaked.search(spectator.content())
    assert not any(token_of(link) in spectator.content() for link in dod3.values())
    # The other bids, each by its seat; the last one reveals them all.
    for power, seat in (("IT", "player1"), ("JA", "player1"), ("CW", "player2"), ("FR", "player2"),
                        ("US", "player2"), ("CH", "player2"), ("RU", "player3")):
        assert not leaked.search(seats["player2"].content())
        click_command(seats[seat], "SubmitBid", power)
    wait_until(lambda: "bids of turn 2 were revealed" in watcher.inner_text("#log"), 5, "the reveal")
    assert re.search(r"GE: points 4, options 3|GE bid 4 points", watcher.content())
    spectator.context.close()
    for page in seats.values():
        assert page.errors == []


def test_a_refusal_shows_the_rule_and_what_is_legal_instead(server, dod3, seats):
    page = seats["player1"]
    page.reload()
    page.wait_for_selector("#commands > *")
    game_id = game_of(dod3["player1"])
    stale = api_get(server.base, f"/games/{game_id}").json()["version"]
    # An undo back past the dice needs every affected seat's approval; asking to undo to version 0 is refused.
    page.locator("#undo-box summary").click()
    page.fill("#undo-to", "0")
    page.evaluate("document.getElementById('undo-to').removeAttribute('min')")
    page.click("#undo-form button")
    page.wait_for_selector("#refusal:not([hidden])", timeout=5_000)
    text = page.inner_text("#refusal")
    assert "RequestUndo was refused" in text and "What is legal instead" in text
    assert api_get(server.base, f"/games/{game_id}").json()["version"] == stale


def test_an_undo_of_a_roll_waits_for_the_other_seat_and_reverts_live(server, browser):
    """CORE-undo: undoing a move with dice needs the other seat's approval; its page offers
    Approve and Decline (from legal-commands), and approving reverts the game on both pages."""
    created = requests.post(server.base + "/games", json={"ruleset": "dod3", "preset": "2"}, timeout=10).json()
    game_id = created["game_id"]
    p1, p2 = (open_seat(browser, f"{server.base}/games/{game_id}#seat={seat}&token={created['tokens'][seat]}", width)
              for seat, width in (("player1", 1200), ("player2", 390)))
    click_command(p1, "RollWeather")
    wait_until(lambda: "step C" in p2.inner_text("#heading-now"), 5, "player2 sees the roll")
    # player1 asks to go back to version 1, before its roll: the dice need player2's approval.
    asked = shown_version(p1)
    p1.locator("#undo-box summary").click()
    p1.fill("#undo-to", "1")
    p1.click("#undo-form button")
    wait_version(p1, asked, timeout=5)
    wait_until(lambda: p1.is_visible("#undo-answer"), 5, "player1 sees its request waiting")
    assert p1.inner_text("#undo-answer-heading") == "Your undo request waits for approval"
    assert p1.is_visible("#undo-decline") and p1.inner_text("#undo-decline") == "Withdraw the request"
    assert not p1.is_visible("#undo-approve")
    wait_until(lambda: p2.is_visible("#undo-approve"), 2, "player2 is asked to approve, live")
    assert "player1 asked to undo back to version 1" in p2.inner_text("#undo-answer-text")
    assert p2.is_visible("#undo-decline") and p2.inner_text("#undo-decline") == "Decline the undo"
    assert axe_findings(p2) == [] and overflow(p2) == 0
    legal = api_get(server.base, f"/games/{game_id}/legal-commands", created["tokens"]["player2"]).json()["commands"]
    assert {c["type"] for c in legal} == {"ApproveUndo", "DeclineUndo"}
    # player2 approves: the game is back before the roll, on both pages, without reloading.
    p2.focus("#undo-approve")
    p2.keyboard.press("Enter")
    for page in (p1, p2):
        wait_until(lambda page=page: "step B" in page.inner_text("#heading-now") and not page.is_visible("#undo-answer"),
                   3, "the game reverted, live")
        assert "The game went back to version 1" in page.inner_text("#log")
    assert _turn(server, game_id)["step"] == "B"
    assert "player2 moved: " in p1.inner_text("#notices")
    click_command(p1, "RollWeather")  # and the roll can be made again
    assert p1.errors == [] and p2.errors == []
    p1.context.close()
    p2.context.close()


def test_time_travel_shows_the_state_at_version_n(server, dod3, browser):
    game_id = game_of(dod3["player1"])
    latest = api_get(server.base, f"/games/{game_id}").json()["version"]
    target = max(2, latest // 2)
    page = browser.new_context().new_page()
    page.goto(f"{server.base}/games/{game_id}?at={target}")
    assert shown_version(page) == target
    state = api_get(server.base, f"/games/{game_id}/state?at={target}").json()
    assert state["version"] == target
    money = api_get(server.base, f"/games/{game_id}/projections/money?at={target}").json()["data"]
    row = page.locator("table[data-projection=money] tbody tr", has=page.locator("th", has_text=re.compile("^GE$")))
    assert row.locator("td").first.inner_text() == str(money["GE"]["savings"])
    assert f"What changed from version {target - 1} to {target}" in page.inner_text("#game-main")
    # Step back with the keyboard on the slider: the page shows version N-1 without reloading.
    page.focus("#travel-at")
    page.keyboard.press("ArrowLeft")
    wait_until(lambda: shown_version(page) == target - 1, 5, f"version {target - 1}")
    assert page.get_attribute("#share-link", "href") == f"/games/{game_id}?at={target - 1}"
    assert page.url.endswith(f"?at={target - 1}")
    page.context.close()


def test_the_export_verifies_offline_with_the_signed_head(server, dod3, browser, tmp_path):
    game_id = game_of(dod3["player1"])
    page = browser.new_context(accept_downloads=True).new_page()
    page.goto(f"{server.base}/table/games/{game_id}/audit")
    assert page.inner_text("#verify-result").startswith("Verified")
    head = page.inner_text("#signed-head").strip()
    with page.expect_download() as download:
        page.click("#export-link")
    path = tmp_path / "game.jsonl"
    download.value.save_as(path)
    keys = requests.get(server.base + "/keys", timeout=10).json()["keys"]
    key_args = [arg for kid, key in keys.items() for arg in ("--key", f"{kid}={key}")]
    done = subprocess.run([sys.executable, "-m", "service.cli", "verify", str(path), "--head", head, *key_args],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "CASUS_DB": str(server.db)})
    assert done.returncode == 0, done.stderr
    assert "exactly the signed history" in done.stderr
    page.context.close()


def test_a_seat_downloads_its_own_export_with_its_token(server, browser, tmp_path):
    """The audit page of a reader holding a seat's link offers that seat's export: fetched with
    the token from the tab's session (never in a URL), saved as a file, verified offline. The
    moderator's is the whole log, where everyone else's stops before the first sealed event."""
    created = play_into_turn_2(server.base)  # player1's sealed bid for GE is in
    game_id, token = created["game_id"], created["moderator_token"]
    latest = api_get(server.base, f"/games/{game_id}").json()["version"]
    spectators = int(api_get(server.base, f"/games/{game_id}/export").headers["Casus-Export-Version"])
    assert spectators < latest
    context = browser.new_context(accept_downloads=True, viewport={"width": 390, "height": 800})
    page = context.new_page()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    page.goto(f"{server.base}/games/{game_id}#seat=moderator&token={token}")
    page.wait_for_selector("#seat-panel:not([hidden])")
    page.click("nav.game-nav >> text=Audit and export")  # the same tab: the link's seat comes along
    page.wait_for_selector("#seat-export:not([hidden])")
    assert page.inner_text("#seat-export-button") == "Download moderator's export"
    with page.expect_download() as download:
        page.click("#seat-export-button")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == f"casus-{game_id}-v{latest}-moderator.jsonl"
    last = json.loads(path.read_text().splitlines()[-1])
    assert (last["version"], last["type"]) == (latest, "BidSubmitted")
    page.wait_for_selector("#seat-export-saved")
    assert f"all {latest} events" in page.inner_text("#seat-export-saved")
    head = page.inner_text("#seat-export-head").strip()
    keys = requests.get(server.base + "/keys", timeout=10).json()["keys"]
    key_args = [arg for kid, key in keys.items() for arg in ("--key", f"{kid}={key}")]
    done = subprocess.run([sys.executable, "-m", "service.cli", "verify", str(path), "--head", head, *key_args],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "CASUS_DB": str(server.db)})
    assert done.returncode == 0 and "exactly the signed history" in done.stderr, done.stderr
    assert sent and not any(token in url for url in sent)
    assert axe_findings(page) == [] and overflow(page) == 0
    context.close()


HOSTILE = '<img src=x onerror="document.title=1">'


def test_a_hostile_name_is_shown_as_text(server, browser, lobby_page):
    import json
    links = create_in_lobby(lobby_page, server.base, ruleset="tiny", preset=None,
                            seats=json.dumps({"evil": [HOSTILE], "good": ["S"]}))
    page = browser.new_context().new_page()
    page.goto(f"{server.base}/games/{game_of(links['evil'])}")
    assert HOSTILE in page.inner_text("#game-main")
    assert page.locator("img[src=x]").count() == 0
    assert page.title() != "1"
    seat_page = open_seat(browser, links["evil"])
    assert seat_page.locator("img[src=x]").count() == 0
    assert seat_page.errors == []
    # A refused creation's message, which quotes the name, is text too.
    lobby_page.goto(server.base + "/")
    lobby_page.select_option("#ruleset", "dod3")
    lobby_page.fill("#seats", json.dumps({"evil": [HOSTILE]}))
    lobby_page.click("#create-button")
    lobby_page.wait_for_selector("#create-error:not([hidden])")
    assert HOSTILE in lobby_page.inner_text("#create-error")
    assert lobby_page.locator("img[src=x]").count() == 0
    page.context.close()
    seat_page.context.close()


def test_a_game_is_created_without_javascript(server, browser):
    """The lobby's form works with JavaScript off: the page it posts to creates the game and
    shows each seat's private link (the token in the fragment), in an answer no cache keeps."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(server.base + "/")
    page.select_option("#ruleset", "tiny")
    page.select_option("#preset", "tiny:duel")
    with page.expect_response(lambda r: r.url.endswith("/table/games") and r.request.method == "POST") as answer:
        page.click("#create-button")
    response = answer.value
    assert response.status == 201 and response.headers["cache-control"] == "no-store"
    assert urlparse(page.url).path == "/table/games" and not urlparse(page.url).query
    links = page.eval_on_selector_all("#links input", "els => els.map(e => e.value)")
    assert {link.split("#seat=")[1].split("&")[0] for link in links} == {"north", "south", "moderator"}
    north = next(link for link in links if "#seat=north&" in link)
    assert api_get(server.base, f"/games/{game_of(north)}/legal-commands", token_of(north)).json()["seat"] == "north"
    assert page.locator("button[data-copy]:visible").count() == 0  # copying needs the script
    page.click("a.open >> nth=0")  # the link opens the game; its token never leaves the browser
    assert urlparse(page.url).path == f"/games/{game_of(north)}"
    context.close()


def test_keyboard_only_play(server, browser):
    created = requests.post(server.base + "/games", json={"ruleset": "dod3", "preset": "3"}, timeout=10).json()
    link = f"{server.base}/games/{created['game_id']}#seat=player1&token={created['tokens']['player1']}"
    page = open_seat(browser, link)
    page.focus("#commands details summary")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Send RollWeather":
            break
    page.keyboard.press("Enter")
    wait_version(page, 1, timeout=5)
    page.context.close()


def _pages(server, dod3) -> dict[str, str]:
    game_id = game_of(dod3["player1"])
    return {"lobby": "/", "game": f"/games/{game_id}", "time travel": f"/games/{game_id}?at=3",
            "audit": f"/table/games/{game_id}/audit", "charts": f"/table/games/{game_id}/charts",
            "ruleset": "/rulesets/dod3", "missing game": "/games/none-such"}


@pytest.mark.parametrize("width", [1200, 390])
def test_every_page_passes_axe_and_fits(server, dod3, browser, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    findings, wide = {}, {}
    for name, path in _pages(server, dod3).items():
        page.goto(server.base + path)
        findings[name] = axe_findings(page)
        wide[name] = overflow(page)
    seat = open_seat(browser, dod3["player1"], width=width)
    findings["seat"] = axe_findings(seat)
    wide["seat"] = overflow(seat)
    page.goto(server.base + "/")
    page.evaluate("document.getElementById('create-form').submit()")  # the form's own action, as without JavaScript
    page.wait_for_selector("#links li")
    findings["created"] = axe_findings(page)
    wide["created"] = overflow(page)
    page.goto(server.base + "/rulesets/dod3")
    page.fill("#pack-text", "calendar: 7\n")
    page.click("#pack-text ~ button, form[action*=pack-check] button")
    page.wait_for_selector("#pack-errors")
    findings["pack check"] = axe_findings(page)
    assert "calendar" in page.inner_text("#pack-errors")
    assert {k: v for k, v in findings.items() if v} == {}
    assert {k: v for k, v in wide.items() if v > 0} == {}
    seat.context.close()
    context.close()
