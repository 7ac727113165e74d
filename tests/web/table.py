"""Driving the table (the web pages) in Chromium as players would: a page per seat, commands
sent by clicking their forms, and the checks every browser test shares (axe-core, 390 px)."""
from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urlparse

import requests

SERIOUS = ("serious", "critical")


def seat_of(link: str) -> str:
    return parse_qs(urlparse(link).fragment)["seat"][0]


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).fragment)["token"][0]


def game_of(link: str) -> str:
    return urlparse(link).path.rsplit("/", 1)[1]


def create_in_lobby(page, base: str, ruleset: str = "dod3", preset: str | None = "3", seats: str | None = None) -> dict:
    """Create a game through the lobby's form; the private links it shows once, by seat."""
    page.goto(base + "/")
    page.select_option("#ruleset", ruleset)
    if preset is not None:
        page.select_option("#preset", f"{ruleset}:{preset}")
    if seats is not None:
        page.fill("#seats", seats)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])", timeout=10_000)
    links = page.eval_on_selector_all("#links input", "els => els.map(e => e.value)")
    return {seat_of(link): link for link in links}


def open_seat(browser, link: str, width: int = 1200):
    """A browser context of its own (as another player's machine) with the seat's page open."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("dialog", lambda dialog: page.errors.append(f"dialog: {dialog.message}"))
    page.goto(link)
    page.wait_for_selector("#seat-panel:not([hidden])")
    page.wait_for_selector("#commands > *")
    return page


def shown_version(page) -> int:
    return int(page.get_attribute("#game-state", "data-version"))


def click_command(page, type_: str, power: str | None = None, fields: dict | None = None) -> int:
    """Open the command's form, fill ``fields``, click Send; wait for the page to show the new
    version and return it."""
    title = f"{type_} ({power})" if power else type_
    box = page.locator("details.command-box", has=page.locator("summary", has_text=re.compile(f"^{re.escape(title)}$")))
    box.first.wait_for(timeout=10_000)
    before = shown_version(page)
    if box.first.get_attribute("open") is None:
        box.first.locator("summary").click()
    for name, value in (fields or {}).items():
        box.first.locator(f"[data-field={name}]").fill(str(value))
    box.first.locator("button[type=submit]").click()
    return wait_version(page, before)


def wait_until(check, timeout: float, what: str):
    """Poll ``check`` from here: the pages' CSP forbids the eval Playwright's wait_for_function uses."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.03)


def wait_version(page, above: int, timeout: float = 10) -> int:
    """Wait until the page shows a version above ``above``; returns it."""
    wait_until(lambda: shown_version(page) > above, timeout, f"a version above {above}")
    return shown_version(page)


def api_get(base: str, path: str, token: str | None = None):
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    response = requests.get(base + path, headers=headers, timeout=10)
    assert response.status_code == 200, response.text
    return response


def axe_findings(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v.get("impact") in SERIOUS]


def overflow(page) -> int:
    """How many pixels the page is wider than its viewport (0: nothing scrolls sideways)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
