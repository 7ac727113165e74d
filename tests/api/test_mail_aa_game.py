"""One whole round of Axis & Allies Revised (mode: game) played by mail (issue 23, "a play-by-email
test plays one round by mail"): raw messages through the mail room (order desk, receipts, turn
reports) against a real game service on SQLite, the combat job in process; the relay is a list.

Each of the five powers buys, collects its income, moves, places and researches (or not) in the
short forms; Russia's attack is fought by the seats' standing orders, Germany chooses its own
losses and presses on or retreats by mail. Every order of the round is a short form; the reports
carry the board as the seat chose (inline SVG, PNG, both or neither), each small enough to forward."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import orjson
import pytest

from domain.aa.revised_phase_one.game.events import GAME_EVENTS
from service.mail.dispatch import MailRoom
from service.mail.processor import game_address
from service.mail.transport import MAX_MESSAGE_BYTES, MailSettings
from tests.api.test_mail_rulesets import Relay

SERVICE = "casus@example.org"
RULESET = "aa-revised-phase-one"
POWERS = {"russia": "Russia", "germany": "Germany", "uk": "UK", "japan": "Japan", "us": "US"}  # seat: power
ATTACHMENTS = {"russia": "both", "germany": "svg", "uk": "png"}  # the rest: the lean default
GERMAN_LOSSES = "LOSSES INF INF ART ARM FTR"


def address(seat: str) -> str:
    return f"{seat}@players.example"


class Table:
    """The game as its players see it by mail: orders out, receipts and reports back."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        body = self.client.post("/games", json={"ruleset": RULESET, "preset": "one-per-power"}).json
        self.game_id = body["game_id"]
        self.tokens = {**body["tokens"], "moderator": body["moderator_token"]}
        for seat, token in self.tokens.items():
            response = self.client.put(
                f"/games/{self.game_id}/mail/seats/{seat}", headers={"Authorization": f"Bearer {token}"},
                json={"addresses": [address(seat)], "order_password": f"{seat}-password",
                      "notify": "events" if seat == "moderator" else "steps",
                      "attachments": ATTACHMENTS.get(seat, "none")})
            assert response.status_code == 200, response.get_data(as_text=True)
        services = app.extensions["casus_services"]
        self.jobs, self.relay = services.jobs, Relay()
        self.room = MailRoom(services, MailSettings(from_address=SERVICE), self.relay)

    def mail(self, seat: str, *lines: str) -> str:
        """Mail ``lines`` as ``seat``; the receipt, which must accept every line. The battles an order
        made are fought (the combat job) and the reports they made due sent before the next mail."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = address(seat), game_address(SERVICE, self.game_id), "o"
        message["Message-ID"] = make_msgid(domain="players.example")
        message.set_content("\n".join([f"SIGNON {seat} {seat}-password", *lines]))
        receipt = self.room.receive(bytes(message))
        reply = next(m for m in reversed(self.relay.sent) if m["In-Reply-To"] == message["Message-ID"])
        text = reply.get_body(preferencelist=("plain",)).get_content()
        assert receipt.outcome == "applied", text
        self.jobs.wait()
        self.room.send_reports(self.game_id)
        return text

    def help(self, seat: str) -> list[str]:
        """HELP's ready lines, as a player copies them (without the note)."""
        text = self.mail(seat, "HELP")
        return [line.strip().split("   (")[0] for line in text.splitlines() if line.startswith("  ")]

    def reports(self, seat: str) -> list[EmailMessage]:
        return [m for m in self.relay.sent if m["To"] == address(seat) and "turn report" in str(m["Subject"])]

    def turn(self) -> dict:
        """Where the game is: the moderator's latest report (it is told of every change)."""
        return report_data(self.reports("moderator")[-1])["projections"]["turn"]

    def events(self) -> list[dict]:
        headers = {"Authorization": f"Bearer {self.tokens['moderator']}"}
        return self.client.get(f"/games/{self.game_id}/events?limit=1000", headers=headers).json["events"]


def report_data(message: EmailMessage) -> dict:
    part = next(p for p in message.iter_attachments() if p.get_filename() == "report.json")
    return orjson.loads(part.get_content())


def answer_battles(table: Table, seat: str) -> int:
    """While a battle waits for ``seat``: its losses; once it may retreat, press on the first time
    and retreat the next (the lines HELP offers). Returns how many answers it mailed."""
    answers, pressed, seen = 0, False, []
    for _ in range(30):
        turn = table.turn()
        if turn["phase"] != "combat" or seat not in {a["seat"] for a in turn["awaiting"]}:
            return answers
        offered = table.help(seat)
        seen.append(offered)
        retreat = next((line for line in offered if line.startswith("RETREAT TO ")), None)
        if retreat and pressed:
            table.mail(seat, retreat)
        elif retreat:
            table.mail(seat, GERMAN_LOSSES, "PRESS ON")
            pressed = True
        else:
            table.mail(seat, GERMAN_LOSSES)
        answers += 1
    raise AssertionError(f"the battles kept waiting for {seat}: {seen}")


ROUND = {  # what each power mails, in the turn's steps (the battles between them are answered)
    "russia": [["STANDING ORDERS INF ART ARM FTR", "BUY 3 INF 1 ARM", "MOVE 3 INF 1 ARM Archangel -> West Russia",
                "move 2 arm 1 art russia -> west russia", "END COMBAT MOVE"],
               ["END NONCOMBAT MOVE", "PLACE 3 INF Russia", "PLACE 1 ARM Russia", "END PLACEMENT", "NO RESEARCH"]],
    "germany": [["BUY 4 INF 1 ART", "MOVE 2 INF 1 ARM Eastern Europe -> Karelia S.S.R.",
                 "MOVE 3 INF Norway -> Karelia SSR", "END COMBAT MOVE"],
                ["END NONCOMBAT MOVE", "PLACE 4 INF Germany", "PLACE 1 ART Germany", "END PLACEMENT",
                 "RESEARCH 1 jet power"]],
    "uk": [["BUY 1 DD 2 INF", "END COMBAT MOVE"],
           ["MOVE 1 TRN 2 Sea Zone -> 3 Sea Zone CARRYING 1 INF 1 ARM FROM United Kingdom", "END NONCOMBAT MOVE",
            "PLACE 1 DD United Kingdom AT 7 Sea Zone", "PLACE 2 INF United Kingdom", "END PLACEMENT",
            "RESEARCH 1 super_submarines"]],
    "japan": [["BUY 2 INF 1 ARM", "END COMBAT MOVE"],
              ["END NONCOMBAT MOVE", "PLACE 2 INF Japan", "PLACE 1 ARM Japan", "END PLACEMENT", "NO RESEARCH"]],
    "us": [["BUY 2 INF 1 FTR", "END COMBAT MOVE"],
           ["MOVE 1 FTR Eastern United States -> Central United States", "END NONCOMBAT MOVE",
            "PLACE 2 INF Eastern United States", "PLACE 1 FTR Eastern United States", "END PLACEMENT",
            "NO RESEARCH"]],
}


@pytest.fixture
def table(sqlite_app):
    return Table(sqlite_app)


@pytest.mark.rule("AAR1-seq")
def test_one_round_of_the_whole_game_by_mail(table):
    """AAR1-seq: each power's turn in the seed's order (purchase, income, combat move, combat,
    non-combat move, placement, victory check, weapons), every order a short form by mail."""
    table.mail("germany", "STANDING ORDERS FOR Germany INF INF ART ARM FTR INTERACTIVE")  # any time, sealed
    for seat, power in POWERS.items():
        assert (table.turn()["power"], table.turn()["phase"]) == (power, "purchase_units")
        before_battles, after_battles = ROUND[seat]
        table.mail(seat, *before_battles)
        answer_battles(table, "germany")
        assert table.turn()["phase"] == "non_combat_move", table.turn()
        table.mail(seat, *after_battles)

    turn = table.turn()
    assert (turn["round"], turn["power"], turn["phase"]) == (2, "Russia", "purchase_units")
    events = table.events()
    kinds = [e["type"] for e in events]
    assert kinds.count("UnitsPurchased") == 5 and kinds.count("IncomeCollected") == 5
    assert kinds.count("UnitsPlaced") == 10 and kinds.count("TurnBegan") == 5
    research = {e["data"]["power"]: e["data"]["advance"] for e in events if e["type"] == "WeaponsDeveloped"}
    assert research == {"Germany": "jet_power", "UK": "super_submarines"}  # the others: NO RESEARCH
    assert {e["data"]["power"] for e in events if e["type"] == "UnitsMoved"} >= {"Russia", "Germany", "UK", "US"}
    transport = next(e["data"] for e in events if e["type"] == "UnitsMoved" and e["data"]["power"] == "UK")
    assert (transport["cargo"], transport["load_from"]) == ({"armour": 1, "infantry": 1}, "United Kingdom")
    found = [e["data"] for e in events if e["type"] == "BattleFound"]
    assert [(b["attacker"], b["space"]) for b in found] == [("Russia", "West Russia"), ("Germany", "Karelia S.S.R.")]
    # Russia's losses by its standing order; Germany's by its own mail
    sources = [e["data"]["losses"] for e in events if e["type"] == "RoundChoices"]
    assert any(s.get("Russia") == "standing order" for s in sources), sources
    assert any(s.get("Germany") == "player" for s in sources), sources


def test_the_reports_carry_the_board_as_each_seat_chose_small_enough_to_forward(table):
    table.mail("russia", *ROUND["russia"][0])
    answer_battles(table, "germany")

    for seat, html, png in (("russia", True, True), ("germany", True, False), ("uk", False, True),
                            ("japan", False, False)):
        report = table.reports(seat)[-1]
        files = [p.get_filename() for p in report.iter_attachments()]
        assert files == ["status.png"] * png + ["report.json"], (seat, files)
        body = report.get_body(("html",))
        assert (body is not None) == html
        if html:
            svg = body.get_content()
            assert "<svg" in svg and "Round 1" in svg and "Karelia S.S.R." in svg
        if seat != "russia":  # one drawing, never both, goes back to the desk as a forward
            assert len(bytes(report)) < MAX_MESSAGE_BYTES, (seat, len(bytes(report)))
    data = report_data(table.reports("russia")[-1])
    assert {"board", "economy", "victory-cities", "turn", "battles"} <= set(data["projections"])
    text = table.reports("russia")[-1].get_body(("plain",)).get_content()
    assert "West Russia (" in text and "Treasury: " in text and "Condition major: " in text
    events = [e for m in table.reports("moderator") for e in report_data(m)["events"]]
    sentences = [e["sentence"] for e in events]
    assert any(s.startswith("Russia moved 1 armour and 3 infantry from Archangel to West Russia") for s in sentences)
    assert not [s for s in sentences if "?" in s], sentences
    game = {cls.__name__ for cls in GAME_EVENTS}  # this game's own sentences never say "none" for nothing
    assert not [e["sentence"] for e in events if e["type"] in game and " none" in e["sentence"]]
