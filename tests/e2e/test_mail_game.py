"""Days of Decision III turns 1 and 2 played entirely by mail (issue 16), on loopback with real
servers: `casus serve` (read only here, to check what the mail says), `casus mail serve` reading a
real Dovecot mailbox (.ci/dovecot) and sending through a real SMTP server (aiosmtpd).

After the setup (the game created and each seat's mail registered over the API, as a group's
organiser would), three players and a moderator only mail orders and read what comes back: whose
move it is comes from the moderator's reports, an activation's line from a HELP reply. Then every
report is checked against the API's projections for that seat at that version, every report's
signed head is verified with `casus verify --head` against the export cut at that version, and no
mail shows a sealed bid to anyone but its bidder before the reveal."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import orjson
import pytest
import requests

from service import bootstrap
from service.cli import main as casus
from service.mail.transport import Inbox
from tests.support.dod3_api import bid_sightings
from tests.support.mail import imap_settings, make_mail, smtp_sink  # noqa: F401 (fixtures)
from tests.support.server import ROOT, casus_serve, free_port, stop

pytestmark = pytest.mark.timeout(600)

SERVICE = "casus@casus.example"
SEATS = {"player1": ("GE", "IT", "JA"), "player2": ("CW", "FR", "US", "CH"), "player3": ("RU", "CC")}
PASSWORDS = {"player1": "axis-secret", "player2": "allies-secret", "player3": "soviet-secret",
             "moderator": "moderator-secret"}
# What each seat's reports carry beyond the text and report.json (the moderator's: the lean default).
ATTACHMENTS = {"player1": "both", "player2": "svg", "player3": "png"}
PROJECTIONS = ("initiative-track", "political-effectiveness", "money", "treaty-levels", "us-entry", "turn", "minors")
BIDS = {"player1": ["BID GE 4 x1", "NO BID IT", "BID JA 0"],
        "player2": ["NO BID CW", "NO BID FR", "NO BID US", "NO BID CH"],
        "player3": ["BID 1 x1"]}
OPTIONS = {(1, "GE"): "OPTION IPO19 FR", (2, "GE"): "OPTION GE4 Czechoslovakia"}  # the rest pass
BUYS = {(1, "GE"): ["BUY GE BID 4", "BUY GE ARMY 3"], (1, "CW"): ["BUY CW NAVAL 2"], (2, "RU"): ["BUY RU ARMY 1"]}


def address(seat: str) -> str:
    return f"{seat}@players.example"


def mail_env(imap, sink, database: str) -> dict[str, str | None]:
    return {"CASUS_DB": database, "CASUS_IMAP_HOST": imap.imap_host, "CASUS_IMAP_PORT": str(imap.imap_port),
            "CASUS_IMAP_USER": imap.imap_user, "CASUS_IMAP_PASSWORD": imap.imap_password,
            "CASUS_IMAP_SECURITY": "none", "CASUS_IMAP_FOLDER": imap.imap_folder,
            "CASUS_SMTP_HOST": "127.0.0.1", "CASUS_SMTP_PORT": str(sink.settings.smtp_port),
            "CASUS_SMTP_SECURITY": "none", "CASUS_MAIL_FROM": SERVICE, "PYTHONPATH": str(ROOT),
            "REDIS_URL": None}  # the embedded default: the servers and the CLI below share the SQLite file


class Post:
    """The players' side of the mail: send orders, wait for the receipt, read the reports."""

    def __init__(self, imap, sink, game_id: str):
        self.imap, self.sink, self.game_id = imap, sink, game_id
        self.to = f"casus+{game_id}@casus.example"

    def send(self, seat: str, *lines: str, refused: bool = False, raw: bytes | None = None) -> str:
        """Mail ``lines`` as ``seat`` (signed on), or the message ``raw``; return the receipt's text."""
        if raw is None:
            message_id = f"<{time.monotonic_ns()}.{seat}@players.example>"
            raw = make_mail(address(seat), self.to, "orders", "\n".join([f"SIGNON {seat} {PASSWORDS[seat]}", *lines]),
                            message_id=message_id)
        else:
            message_id = re.search(rb"^Message-ID: (\S+)", raw, re.M | re.I).group(1).decode()
        with Inbox(self.imap) as inbox:
            inbox.append(raw)
        receipt = self.sink.wait_for(lambda r: r.message.get("In-Reply-To") == message_id, timeout=60)
        text = receipt.message.get_body(preferencelist=("plain",)).get_content()
        assert receipt.rcpt_tos == [address(seat)], "a receipt goes to its sender only"
        assert ("Refused" in text) == refused, text
        return text

    def reports(self, seat: str | None = None) -> list[dict]:
        """report.json of every report received (to ``seat``), in arrival order."""
        found = []
        for received in list(self.sink.received):
            if "turn report" not in str(received.message["Subject"]):
                continue
            if seat is not None and received.rcpt_tos != [address(seat)]:
                continue
            attachment = next(p for p in received.message.iter_attachments() if p.get_filename() == "report.json")
            found.append({**orjson.loads(attachment.get_content()), "_mail": received})
        return found

    def now(self, version: int) -> dict:
        """The moderator's latest report (it wants one after every change), once it reaches ``version``."""
        self.sink.wait_for(lambda r: "turn report for moderator" in str(r.message["Subject"])
                           and f"version {version}" in str(r.message["Subject"]), timeout=60)
        return self.reports("moderator")[-1]


def version_of(receipt: str) -> int:
    return int(re.search(r"The game is at version (\d+)", receipt).group(1))


def play_two_turns(post: Post) -> dict:
    """Turns 1 and 2 by mail, deciding each order from the moderator's latest report; returns
    {"reveal": the version the bids were revealed at}."""
    facts = {"reveal": None}
    current = post.now(1)
    activating = None
    for _ in range(400):
        turn = current["projections"]["turn"]
        if turn["number"] == 3:
            return facts
        awaited = turn["awaiting"]
        step = turn["step"]
        if step == "A" and turn.get("phase") == "bidding":
            for seat, lines in BIDS.items():
                receipt = post.send(seat, *lines)
            facts["reveal"] = version_of(receipt)
        elif step == "A":  # Democrats move down (rule 6.5): the first one that may, to the lowest place offered
            (who,) = awaited
            help_lines = post.send(who["seat"], "HELP").splitlines()
            move = [line.split("(")[0].strip() for line in help_lines if line.strip().startswith("MOVE DOWN")]
            receipt = post.send(who["seat"], move[-1] if move and who["power"] == "FR" else "KEEP")
        elif step == "B":
            receipt = post.send(awaited[0]["seat"], "WEATHER")
        elif step == "C":
            who = awaited[0]
            if activating == who["power"]:  # rule 8.5: the activation HELP offers, as written
                help_lines = post.send(who["seat"], "HELP").splitlines()
                offered = [h.split("(")[0].strip() for h in help_lines if h.strip().startswith(("ACTIVATE", "PASS"))]
                receipt, activating = post.send(who["seat"], offered[0]), None
            elif (turn["number"], who["power"]) in OPTIONS:
                receipt = post.send(who["seat"], OPTIONS.pop((turn["number"], who["power"])))
                activating = who["power"]
            else:
                receipt = post.send(who["seat"], "PASS")
        elif step == "E":
            receipt = post.send("moderator", "END MILITARY")
        elif step == "F":
            for who in awaited:
                lines = BUYS.get((turn["number"], who["power"]), [])
                receipt = post.send(who["seat"], *lines, f"END PRODUCTION {who['power']}")
        elif step == "H":
            receipt = post.send("moderator", "END CONQUEST")
        else:
            raise AssertionError(f"unexpected step {step}: {turn}")
        current = post.now(version_of(receipt))
    raise AssertionError("two turns took more than 400 rounds of mail")


@pytest.fixture
def mail_game(tmp_path, imap_settings, smtp_sink):  # noqa: F811 (fixtures)
    database = str(tmp_path / "mail.db")
    env = mail_env(imap_settings, smtp_sink, database)
    with casus_serve(free_port(), {**env, "CASUS_RATE_LIMIT_COMMANDS": "off", "CASUS_RATE_LIMIT_CREATE": "off"},
                     "--workers", "1") as server:
        base = server.base
        body = requests.post(f"{base}/games", json={"ruleset": "dod3", "preset": "3"}, timeout=10).json()
        tokens = {**body["tokens"], "moderator": body["moderator_token"]}
        for seat, password in PASSWORDS.items():
            response = requests.put(f"{base}/games/{body['game_id']}/mail/seats/{seat}", timeout=10,
                                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                                    json={"addresses": [address(seat)], "order_password": password,
                                          "notify": "events" if seat == "moderator" else "steps",
                                          **({"attachments": ATTACHMENTS[seat]} if seat in ATTACHMENTS else {})})
            assert response.status_code == 200, response.text
        mail = subprocess.Popen([sys.executable, "-m", "service.cli", "mail", "serve", "--idle", "0.2"],
                                cwd=ROOT, env={k: v for k, v in {**os.environ, **env}.items() if v is not None},
                                stdout=subprocess.DEVNULL,
                                stderr=open(tmp_path / "mail.log", "wb"))
        try:
            yield {"base": base, "game_id": body["game_id"], "tokens": tokens, "database": database,
                   "post": Post(imap_settings, smtp_sink, body["game_id"]), "log": tmp_path / "mail.log"}
        finally:
            stop(mail)


def test_two_turns_of_days_of_decision_entirely_by_mail(mail_game, tmp_path, monkeypatch):
    post, base, game_id, tokens = mail_game["post"], mail_game["base"], mail_game["game_id"], mail_game["tokens"]
    facts = play_two_turns(post)
    api = requests.get(f"{base}/games/{game_id}", timeout=10).json()
    assert api["version"] == post.reports("moderator")[-1]["version"]

    # What happened by mail is the game's log: options, activations, the end roll, the bids.
    events = requests.get(f"{base}/games/{game_id}/events?limit=1000", timeout=10,
                          headers={"Authorization": f"Bearer {tokens['moderator']}"}).json()["events"]
    types = [e["type"] for e in events]
    for kind in ("BidSubmitted", "BidsRevealed", "InitiativeMovedDown", "WeatherDetermined", "OptionPlayed",
                 "MinorActivated", "EndOfPoliticalAffairsRolled", "PointsBought", "ProductionEnded", "TurnEnded"):
        assert kind in types, (kind, sorted(set(types)))
    assert any(e["type"] == "DiceRolled" for e in events)
    assert {e["actor"] for e in events if e["version"] > 1} >= {"player1", "player2", "player3", "moderator"}

    # Every report equals the API's projections for its seat at its version.
    reports = post.reports()
    assert {r["seat"] for r in reports} == {"player1", "player2", "player3", "moderator"}
    for report in reports:
        headers = {"Authorization": f"Bearer {tokens[report['seat']]}"}
        for name in PROJECTIONS:
            served = requests.get(f"{base}/games/{game_id}/projections/{name}?at={report['version']}",
                                  headers=headers, timeout=10).json()["data"]
            assert report["projections"][name] == served, (report["seat"], report["version"], name)
        mail, chose = report["_mail"].message, ATTACHMENTS.get(report["seat"], "none")
        pngs = [p for p in mail.iter_attachments() if p.get_filename() == "status.png"]
        assert [p.get_content()[:8] for p in pngs] == [b"\x89PNG\r\n\x1a\n"] * (chose in ("png", "both"))
        html = mail.get_body(preferencelist=("html",))
        assert (html is not None and "<svg" in html.get_content()) == (chose in ("svg", "both"))
        if chose == "none":  # lean: well under what the desk accepts, so it can be forwarded
            assert len(report["_mail"].raw) < 64 * 1024

    # Each report's signed head verifies against the export cut at its version.
    keys = requests.get(f"{base}/keys", timeout=10).json()["keys"]
    key_args = [arg for key_id, public in keys.items() for arg in ("--key", f"{key_id}={public}")]
    monkeypatch.setenv("CASUS_DB", mail_game["database"])
    monkeypatch.delenv("REDIS_URL", raising=False)
    bootstrap.from_env.cache_clear()  # the CLI below reads this game's store, not one an earlier test left
    export = tmp_path / "game.jsonl"
    assert casus(["export", game_id, "-o", str(export)]) == 0
    lines = export.read_bytes().splitlines(keepends=True)
    for head in {(r["version"], r["signed_head"]) for r in reports}:
        cut = tmp_path / f"game-{head[0]}.jsonl"
        cut.write_bytes(b"".join(lines[:head[0]]))
        assert casus(["verify", str(cut), "--head", head[1], *key_args]) == 0, head
    assert casus(["verify", str(tmp_path / "game-1.jsonl"), "--head", reports[-1]["signed_head"], *key_args]) == 1
    bootstrap.from_env.cache_clear()  # and leave no services on this store to a later test

    # No mail showed a sealed bid to anyone but its bidder before the reveal.
    reveal = facts["reveal"]
    assert reveal is not None
    for received in post.sink.received:
        (to,) = received.rcpt_tos
        seat = to.split("@")[0]
        body = "\n".join(part.get_content() for part in received.message.walk()
                          if part.get_content_type() in ("text/plain", "text/html"))
        attachment = next((p for p in received.message.iter_attachments() if p.get_filename() == "report.json"), None)
        report = orjson.loads(attachment.get_content()) if attachment else None
        if report is not None and report["version"] >= reveal:
            continue
        for other, powers in SEATS.items():
            if other == seat or seat == "moderator":
                continue
            for power in powers:
                if report is not None:
                    assert not bid_sightings(report["projections"], power), (seat, power, report["version"])
                for line in BIDS[other]:
                    assert line not in body, (seat, line)


def test_what_the_mailbox_refuses_or_ignores_leaves_the_log_unchanged(mail_game):
    """Through the real mailbox: a forged sender, a wrong password, a malformed order, a replayed
    message and an auto-reply. Each is refused by a reply naming why, or ignored without one;
    none changes the log. A HELP mailed after each shows it was read (mail is read oldest first)."""
    post, base, game_id, tokens = mail_game["post"], mail_game["base"], mail_game["game_id"], mail_game["tokens"]

    def version() -> int:
        return requests.get(f"{base}/games/{game_id}", timeout=10).json()["version"]

    def replies_to(message_id: str) -> list:
        return [r for r in post.sink.received if r.message.get("In-Reply-To") == message_id]

    accepted_raw = make_mail(address("player1"), post.to, "orders", f"SIGNON player1 {PASSWORDS['player1']}\nWEATHER",
                             message_id="<weather-once@players.example>")
    post.send("player1", raw=accepted_raw)  # accepted: the weather is rolled
    before = version()

    forged = make_mail("player1@forger.example", post.to, "orders", f"SIGNON player1 {PASSWORDS['player1']}\nPASS",
                       message_id="<forged@forger.example>")
    with Inbox(post.imap) as inbox:
        inbox.append(forged)
    reply = post.sink.wait_for(lambda r: r.message.get("In-Reply-To") == "<forged@forger.example>", timeout=60)
    assert reply.rcpt_tos == ["player1@forger.example"]
    assert "not registered" in reply.message.get_body(preferencelist=("plain",)).get_content()

    assert "wrong order password" in post.send("player1", "PASS", refused=True, raw=make_mail(
        address("player1"), post.to, "orders", "SIGNON player1 guessing\nPASS", message_id="<guess@players.example>"))
    assert "BID is written like this" in post.send("player1", "BID GE lots", refused=True)

    auto = make_mail(address("player1"), post.to, "Out of office", f"SIGNON player1 {PASSWORDS['player1']}\nPASS",
                     message_id="<away@players.example>", headers={"Auto-Submitted": "auto-replied"})
    with Inbox(post.imap) as inbox:
        inbox.append(accepted_raw)  # the same message again
        inbox.append(auto)
    post.send("player1", "HELP")  # read after both
    assert len(replies_to("<weather-once@players.example>")) == 1
    assert replies_to("<away@players.example>") == []
    assert version() == before

    entries = requests.get(f"{base}/games/{game_id}/mail/log", timeout=10,
                           headers={"Authorization": f"Bearer {tokens['moderator']}"}).json()["entries"]
    outcomes = [(e["message_id"], e["outcome"]) for e in entries]
    assert ("<forged@forger.example>", "refused") in outcomes
    assert ("<guess@players.example>", "refused") in outcomes
    assert ("<weather-once@players.example>", "ignored") in outcomes
    assert ("<away@players.example>", "ignored") in outcomes


def test_a_message_over_the_size_limit_is_answered_and_in_the_mail_log(mail_game):
    """Through the real mailbox: a 280 KiB order mail (a report forwarded with its pictures, say)
    is refused by a reply naming the limit and logged for the moderator; nothing is applied."""
    post, base, game_id, tokens = mail_game["post"], mail_game["base"], mail_game["game_id"], mail_game["tokens"]
    before = requests.get(f"{base}/games/{game_id}", timeout=10).json()["version"]
    big = make_mail(address("player1"), post.to, "Fwd: turn report",
                    "\n".join([f"SIGNON player1 {PASSWORDS['player1']}", "WEATHER", *["> " + "x" * 70] * 4000]),
                    message_id="<too-big@players.example>")
    assert "over the 256 KiB" in post.send("player1", raw=big, refused=True)
    assert requests.get(f"{base}/games/{game_id}", timeout=10).json()["version"] == before
    entries = requests.get(f"{base}/games/{game_id}/mail/log", timeout=10,
                           headers={"Authorization": f"Bearer {tokens['moderator']}"}).json()["entries"]
    [entry] = [e for e in entries if e["message_id"] == "<too-big@players.example>"]
    assert (entry["outcome"], entry["seat"]) == ("refused", "player1") and "256 KiB" in entry["reason"]
