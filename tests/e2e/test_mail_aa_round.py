"""One round of Axis & Allies Revised (mode: game) played by mail on loopback with real servers
(issue 23): `casus serve` (read only here: where the game stands, and what the mail should say),
`casus mail serve` reading a real Dovecot mailbox (.ci/dovecot) and sending through a real SMTP
server (aiosmtpd). The five powers mail their turns in the short forms, Russia's attack on West
Russia is fought by the seats' standing orders, and the reports arrive as each seat chose: the
board inline as SVG, as a PNG, or lean."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import orjson
import pytest
import requests

from tests.api.test_mail_aa_game import ROUND
from tests.e2e.test_mail_game import mail_env
from tests.support.mail import imap_settings, make_mail, smtp_sink  # noqa: F401 (fixtures)
from tests.support.server import ROOT, casus_serve, free_port, stop
from service.mail.transport import Inbox

pytestmark = pytest.mark.timeout(600)  # about 25 s

SERVICE = "casus@casus.example"
POWERS = {"russia": "Russia", "germany": "Germany", "uk": "UK", "japan": "Japan", "us": "US"}
ATTACHMENTS = {"russia": "both", "germany": "svg", "uk": "png"}


def address(seat: str) -> str:
    return f"{seat}@players.example"


class Game:
    """The players' side: mail orders and wait for the receipt; the server says where the game is."""

    def __init__(self, imap, sink, base: str, game_id: str, tokens: dict[str, str]):
        self.imap, self.sink, self.base, self.game_id, self.tokens = imap, sink, base, game_id, tokens

    def send(self, seat: str, *lines: str) -> str:
        message_id = f"<{time.monotonic_ns()}.{seat}@players.example>"
        raw = make_mail(address(seat), f"casus+{self.game_id}@casus.example", "orders",
                        "\n".join([f"SIGNON {seat} {seat}-secret", *lines]), message_id=message_id)
        with Inbox(self.imap) as inbox:
            inbox.append(raw)
        receipt = self.sink.wait_for(lambda r: r.message.get("In-Reply-To") == message_id, timeout=60)
        text = receipt.message.get_body(preferencelist=("plain",)).get_content()
        assert "Refused" not in text, text
        return text

    def turn(self) -> dict:
        headers = {"Authorization": f"Bearer {self.tokens['moderator']}"}
        return requests.get(f"{self.base}/games/{self.game_id}/projections/turn", headers=headers,
                            timeout=10).json()["data"]

    def until(self, done, seconds: float = 60) -> dict:
        """The turn once ``done(turn)`` (a battle is fought by the mail process's combat job)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            turn = self.turn()
            if done(turn):
                return turn
            time.sleep(0.2)
        raise AssertionError(f"the game did not get there in {seconds} s: {self.turn()}")

    def reports(self, seat: str) -> list:
        return [r for r in list(self.sink.received)
                if "turn report" in str(r.message["Subject"]) and r.rcpt_tos == [address(seat)]]


@pytest.fixture
def game(tmp_path, imap_settings, smtp_sink):  # noqa: F811 (fixtures)
    env = mail_env(imap_settings, smtp_sink, str(tmp_path / "mail.db"))
    env["CASUS_MAIL_FROM"] = SERVICE
    with casus_serve(free_port(), {**env, "CASUS_RATE_LIMIT_COMMANDS": "off", "CASUS_RATE_LIMIT_CREATE": "off"},
                     "--workers", "1") as server:
        body = requests.post(f"{server.base}/games", json={"ruleset": "aa-revised-phase-one",
                                                           "preset": "one-per-power"}, timeout=10).json()
        tokens = {**body["tokens"], "moderator": body["moderator_token"]}
        for seat, token in tokens.items():
            response = requests.put(f"{server.base}/games/{body['game_id']}/mail/seats/{seat}", timeout=10,
                                    headers={"Authorization": f"Bearer {token}"},
                                    json={"addresses": [address(seat)], "order_password": f"{seat}-secret",
                                          "attachments": ATTACHMENTS.get(seat, "none")})
            assert response.status_code == 200, response.text
        mail = subprocess.Popen([sys.executable, "-m", "service.cli", "mail", "serve", "--idle", "0.2"],
                                cwd=ROOT, env={k: v for k, v in {**os.environ, **env}.items() if v is not None},
                                stdout=subprocess.DEVNULL, stderr=open(tmp_path / "mail.log", "wb"))
        try:
            yield Game(imap_settings, smtp_sink, server.base, body["game_id"], tokens)
        finally:
            stop(mail)


def test_one_round_of_axis_and_allies_entirely_by_mail(game):
    game.send("germany", "STANDING ORDERS FOR Germany INF ART ARM FTR")
    assert "BUY 8 INF" in game.send("russia", "HELP")
    for seat, power in POWERS.items():
        before_battles, after_battles = ROUND[seat]
        if seat == "germany":  # here, Germany's own attack is fought by standing orders too
            before_battles = [line for line in before_battles if "Karelia" not in line]
        game.send(seat, *before_battles)
        game.until(lambda turn: turn["phase"] == "non_combat_move")
        game.send(seat, *after_battles)
        game.until(lambda turn, power=power: turn["power"] != power or turn["round"] == 2)

    assert (game.turn()["round"], game.turn()["power"]) == (2, "Russia")
    for seat, chose in (("russia", "both"), ("germany", "svg"), ("uk", "png"), ("japan", "none")):
        message = game.reports(seat)[-1].message
        pngs = [p.get_content()[:8] for p in message.iter_attachments() if p.get_filename() == "status.png"]
        assert pngs == [b"\x89PNG\r\n\x1a\n"] * (chose in ("png", "both")), seat
        html = message.get_body(preferencelist=("html",))
        assert (html is not None and "<svg" in html.get_content()) == (chose in ("svg", "both")), seat
        data = orjson.loads(next(p for p in message.iter_attachments()
                                 if p.get_filename() == "report.json").get_content())
        assert data["projections"]["board"]["territories"]["West Russia"]["owner"] in ("Russia", "Germany")
    sentences = [orjson.loads(p.get_content())["events"] for r in game.reports("moderator")
                 for p in r.message.iter_attachments() if p.get_filename() == "report.json"]
    assert any(e["type"] == "BattleFound" and "West Russia" in e["sentence"] for events in sentences for e in events)
