"""Regenerate the README's screenshots of the table: the lobby, a game, and time travel.

    .venv/bin/python -m tests.web.make_screenshots [--out docs/screenshots]

Starts `casus serve` on a temporary SQLite file, plays a Days of Decision III game through the
API into turn 2 (one sealed bid in), and photographs the pages in Debian's Chromium."""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import requests

from tests.support.server import ROOT
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, _serve


def play_into_turn_2(base: str) -> dict:
    created = requests.post(f"{base}/games", json={"ruleset": "dod3", "preset": "3"}, timeout=10).json()
    game = created["game_id"]

    def token(seat: str) -> str:
        return created["moderator_token"] if seat == "moderator" else created["tokens"][seat]

    def send(seat: str, type_: str, data: dict) -> None:
        version = requests.get(f"{base}/games/{game}", timeout=10).json()["version"]
        answer = requests.post(f"{base}/games/{game}/commands", json={"type": type_, "data": data}, timeout=10,
                               headers={"Authorization": f"Bearer {token(seat)}", "If-Match": f'"{version}"'})
        answer.raise_for_status()

    for _ in range(60):
        turn = requests.get(f"{base}/games/{game}/projections/turn", timeout=10).json()["data"]
        if turn["number"] != 1:
            break
        awaited = turn["awaiting"][0] if turn["awaiting"] else {"seat": "moderator", "power": None}
        steps = {"B": ("RollWeather", {}), "C": ("PassOption", {"power": awaited["power"]}),
                 "E": ("EndMilitaryAffairs", {}), "F": ("EndProduction", {"power": awaited["power"]}),
                 "H": ("EndConquest", {})}
        type_, data = steps[turn["step"]]
        send("moderator" if turn["step"] in "EH" else awaited["seat"], type_, data)
    send("player1", "SubmitBid", {"power": "GE", "points": 4, "options": 3})
    return created


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as folder, \
            _serve({"CASUS_DB": f"{folder}/shots.db", "REDIS_URL": None, "CASUS_RATE_LIMIT_CREATE": "off",
                    "CASUS_RATE_LIMIT_COMMANDS": "off"}) as server, sync_playwright() as playwright:
        created = play_into_turn_2(server.base)
        game = created["game_id"]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1200, "height": 1000}, device_scale_factor=1).new_page()
        page.goto(f"{server.base}/")
        page.screenshot(path=str(out / "lobby.png"), full_page=True)
        page.goto(f"{server.base}/games/{game}#seat=player2&token={created['tokens']['player2']}")
        page.wait_for_selector("#commands > *")
        page.screenshot(path=str(out / "game.png"), full_page=True, clip={"x": 0, "y": 0, "width": 1200, "height": 2400})
        page.goto(f"{server.base}/games/{game}?at=5")
        top = page.locator("#travel").bounding_box()["y"]
        page.screenshot(path=str(out / "time-travel.png"), full_page=True,
                        clip={"x": 0, "y": top - 10, "width": 1200, "height": 1600})
        browser.close()
    for name in ("lobby.png", "game.png", "time-travel.png"):
        print(out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
