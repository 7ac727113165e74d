"""Germany's first turn of Axis & Allies Global 1940 (mode: game) played by mail: raw messages
through the mail room (order desk, receipts, turn reports) against a real game service on SQLite,
the combat job in process; the relay is a list. Every order is a short form: standing orders that
scramble, research on a chart, a purchase, a declaration of war the desk refuses, the end of
politics, a combat move fought by the standing orders, a non-combat move, placement."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import orjson
import pytest

from service.mail.dispatch import MailRoom
from service.mail.processor import game_address
from service.mail.transport import MailSettings
from tests.api.test_mail_rulesets import Relay

SERVICE = "casus@example.org"
RULESET = "aa-global1940"


def address(seat: str) -> str:
    return f"{seat}@players.example"


class Table:
    """The game as its players see it by mail: orders out, receipts and reports back."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        body = self.client.post("/games", json={"ruleset": RULESET, "preset": "one-per-power",
                                                "options": {"mode": "game"}}).json
        self.game_id = body["game_id"]
        self.tokens = {**body["tokens"], "moderator": body["moderator_token"]}
        for seat, token in self.tokens.items():
            response = self.client.put(
                f"/games/{self.game_id}/mail/seats/{seat}", headers={"Authorization": f"Bearer {token}"},
                json={"addresses": [address(seat)], "order_password": f"{seat}-password",
                      "notify": "events" if seat == "moderator" else "steps", "attachments": "none"})
            assert response.status_code == 200, response.get_data(as_text=True)
        services = app.extensions["casus_services"]
        self.jobs, self.relay = services.jobs, Relay()
        self.room = MailRoom(services, MailSettings(from_address=SERVICE), self.relay)

    def send(self, seat: str, *lines: str) -> tuple[str, str]:
        """Mail ``lines`` as ``seat``: the receipt's outcome and text. The battles an order made are
        fought (the combat job) and the reports they made due sent before the next mail."""
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = address(seat), game_address(SERVICE, self.game_id), "o"
        message["Message-ID"] = make_msgid(domain="players.example")
        message.set_content("\n".join([f"SIGNON {seat} {seat}-password", *lines]))
        receipt = self.room.receive(bytes(message))
        reply = next(m for m in reversed(self.relay.sent) if m["In-Reply-To"] == message["Message-ID"])
        self.jobs.wait()
        self.room.send_reports(self.game_id)
        return receipt.outcome, reply.get_body(preferencelist=("plain",)).get_content()

    def mail(self, seat: str, *lines: str) -> str:
        """The receipt of ``lines``, which must accept every line."""
        outcome, text = self.send(seat, *lines)
        assert outcome == "applied", text
        return text

    def help(self, seat: str) -> list[str]:
        """HELP's ready lines, as a player copies them (without the note)."""
        text = self.mail(seat, "HELP")
        return [line.strip().split("   (")[0] for line in text.splitlines() if line.startswith("  ")]

    def get(self, path: str):
        headers = {"Authorization": f"Bearer {self.tokens['moderator']}"}
        response = self.client.get(f"/games/{self.game_id}{path}", headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.json

    def turn(self) -> dict:
        """Where the game is (the turn projection), and the moderator's latest report agrees."""
        turn = self.get("/projections/turn")["data"]
        reports = [m for m in self.relay.sent if m["To"] == address("moderator") and "turn report" in str(m["Subject"])]
        if reports:
            part = next(p for p in reports[-1].iter_attachments() if p.get_filename() == "report.json")
            assert orjson.loads(part.get_content())["projections"]["turn"] == turn
        return turn

    def events(self) -> list[dict]:
        return self.get("/events?limit=1000")["events"]


@pytest.fixture
def table(sqlite_app):
    return Table(sqlite_app)


def step(table: Table) -> tuple[str, str]:
    turn = table.turn()
    return turn["power"], turn["phase"]


@pytest.mark.rule("AAG-order")
def test_germanys_first_turn_by_mail_in_short_forms(table):
    """AAG-order / AAG40-rd: Germany's turn in the seed's steps (research, purchase, politics, combat
    move, combat, non-combat move, placement), every order a short form by mail; HELP's lines are
    short forms too, and one mailed back as it stands is accepted."""
    table.mail("germany", "STANDING ORDERS INF ART ARM FTR SCRAMBLE")
    assert table.help("germany")[:3] == ["STANDING ORDERS INF ART ARM FTR SCRAMBLE", "NO RESEARCH",
                                         "RESEARCH 1 DICE ON LAND PRODUCTION"]  # then the platform's (undo)
    table.mail("germany", "RESEARCH 1 DICE ON LAND PRODUCTION")
    assert step(table) == ("Germany", "purchase_units")
    buy = table.help("germany")[0]
    assert buy.startswith("BUY ") and "INF" in buy
    table.mail("germany", "BUY 6 INF 1 ARM")
    assert step(table) == ("Germany", "politics")

    outcome, text = table.send("germany", "DECLARE WAR ON UK")  # at war already: not offered
    assert outcome == "refused" and "target UK is not open to you now (one of USSR" in text, text
    end = table.help("germany")[0]
    assert end == "END POLITICS"
    table.mail("germany", end)  # as HELP wrote it
    assert step(table) == ("Germany", "combat_move")
    table.mail("germany", "MOVE 1 BB 113 Sea Zone -> 112 Sea Zone -> SZ 110", "END COMBAT MOVE")
    assert step(table) == ("Germany", "non_combat_move"), table.turn()  # the sea battle fought by standing orders
    table.mail("germany", "MOVE 2 INF 1 ART Germany -> Western Germany", "END NONCOMBAT MOVE")
    assert step(table) == ("Germany", "place_units")
    assert table.help("germany")[:3] == ["END PLACEMENT", "PLACE 1 ARM Germany", "PLACE 6 INF Germany"]
    table.mail("germany", "PLACE 6 INF Germany", "place 1 arm western germany", "END PLACEMENT")

    assert step(table) == ("USSR", "develop_weapons")
    events = table.events()
    kinds = [e["type"] for e in events]
    assert {"StandingOrdersSet", "ResearchRolled", "UnitsPurchased", "BattleFound", "IncomeCollected"} <= set(kinds)
    assert "WarDeclared" not in kinds
    bought = next(e["data"] for e in events if e["type"] == "UnitsPurchased")
    assert (bought["treasury"], bought["units"]) == ("Germany", {"infantry": 6, "armour": 1})
    moved = [e["data"]["route"] for e in events if e["type"] == "UnitsMoved"]
    assert ["113 Sea Zone", "112 Sea Zone", "110 Sea Zone"] in moved and ["Germany", "Western Germany"] in moved
    placed = [(e["data"]["units"], e["data"]["space"]) for e in events if e["type"] == "UnitsPlaced"]
    assert placed == [({"infantry": 6}, "Germany"), ({"armour": 1}, "Western Germany")]


PASSING = {"develop_weapons": "NO RESEARCH", "purchase_units": "BUY NOTHING", "politics": "END POLITICS",
           "combat_move": "END COMBAT MOVE", "non_combat_move": "END NONCOMBAT MOVE", "place_units": "END PLACEMENT"}


def test_the_uk_buys_for_each_treasury_by_mail(table):
    """AAG-income: the powers before the UK pass each step by mail; the UK's two purchases follow,
    the first naming its treasury with FOR, the second the treasury offered then."""
    for _ in range(60):
        power, phase = step(table)
        if power == "UK":
            break
        table.mail(power.lower(), PASSING[phase])
    assert step(table) == ("UK", "develop_weapons"), table.turn()

    table.mail("uk", "NO RESEARCH", "BUY 2 INF FOR UK Pacific", "BUY 1 DD")

    purchases = [(e["data"]["treasury"], e["data"]["units"]) for e in table.events()
                 if e["type"] == "UnitsPurchased" and e["data"]["power"] == "UK"]
    assert purchases == [("UK Pacific", {"infantry": 2}), ("UK Europe", {"destroyer": 1})]
    assert step(table) == ("UK", "politics")
