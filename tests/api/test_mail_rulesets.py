"""Gathering Storm's crisis phase and Totaler Krieg!'s policies played by mail (issue 16): raw
messages through the mail room (order desk, receipts, turn reports) against a real game service;
the relay is a list, as the transport has its own tests against a real SMTP server."""
from __future__ import annotations

import sqlite3
from email.message import EmailMessage
from email.utils import make_msgid

import orjson
import pytest

from service.mail.dispatch import MailRoom
from service.mail.processor import game_address
from service.mail.transport import Incoming, MailSettings
from tests.support.api import MODERATOR

SERVICE = "casus@example.org"


class Relay:
    """Stands in for the SMTP relay: keeps what would be sent."""

    def __init__(self):
        self.sent: list[EmailMessage] = []

    def send(self, message: EmailMessage) -> None:
        self.sent.append(message)

    def to(self, seat: str) -> list[EmailMessage]:
        return [m for m in self.sent if m["To"] == f"{seat}@players.example"]


def start(app, ruleset: str, preset: str, options: dict | None = None):
    client = app.test_client()
    body = client.post("/games", json={"ruleset": ruleset, "preset": preset, "options": options or {}}).json
    tokens = {**body["tokens"], MODERATOR: body["moderator_token"]}
    for seat, token in tokens.items():
        response = client.put(f"/games/{body['game_id']}/mail/seats/{seat}", headers={"Authorization": f"Bearer {token}"},
                              json={"addresses": [f"{seat}@players.example"], "order_password": f"{seat}-password"})
        assert response.status_code == 200, response.get_data(as_text=True)
    relay = Relay()
    room = MailRoom(app.extensions["casus_services"], MailSettings(from_address=SERVICE), relay)
    return body["game_id"], room, relay


def post(room: MailRoom, game_id: str, seat: str, *lines: str) -> str:
    """Mail ``lines`` as ``seat``; the receipt's text, which must accept every line."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"{seat}@players.example", game_address(SERVICE, game_id), "o"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content("\n".join([f"SIGNON {seat} {seat}-password", *lines]))
    receipt = room.receive(bytes(message))
    assert receipt.outcome == "applied", receipt
    reply = next(m for m in reversed(room.outbox.sent) if m["In-Reply-To"] == message["Message-ID"])
    return reply.get_body(preferencelist=("plain",)).get_content()


def report_data(message: EmailMessage) -> dict:
    part = next(p for p in message.iter_attachments() if p.get_filename() == "report.json")
    return orjson.loads(part.get_content())


@pytest.mark.rule("GS-32.83")
def test_a_gathering_storm_crisis_phase_by_mail(sqlite_app):
    """32.83C: the moderator mails the turn's facts, France and Britain threaten Germany, the
    moderator ends the crisis phase, Germany concedes to Britain; each seat gets its reports."""
    game_id, room, relay = start(sqlite_app, "gathering-storm", "one-per-power", {"first_turn": 2})
    post(room, game_id, MODERATOR,
         "RecordFactories major_power=France idle=0 civilian=0 military=10",
         "RecordFactories major_power=Britain idle=1 civilian=2 military=5",
         "RecordSuccessfulAggression aggression=Austria turn=1",
         "RecordSupportLevel major_power=France level=5", "RecordSupportLevel major_power=Britain level=2",
         "RecordSupportLevel major_power=Germany level=1")
    post(room, game_id, "france", "THREATEN WAR ON Germany")
    post(room, game_id, "britain", "THREATEN WAR ON Germany")
    post(room, game_id, MODERATOR, "END CRISIS")
    receipt = post(room, game_id, "germany", "CONCEDE TO Britain")
    assert "Accepted: MakeConcessions" in receipt
    germany = [report_data(m) for m in relay.to("germany") if "turn report" in m["Subject"]]
    assert germany, "Germany was sent turn reports"
    sentences = [e["sentence"] for r in germany for e in r["events"]]
    assert any("Britain" in s and "Germany" in s for s in sentences), sentences
    assert germany[-1]["version"] == sqlite_app.extensions["casus_services"].games.load(game_id).version


@pytest.mark.rule("TK-13.6.1")
def test_totaler_krieg_policies_and_a_truce_by_mail(sqlite_app):
    """13.6: a policy ended, one replaced, one placed, a truce placed, each by its faction's mail.
    Chapter 13 has no timed step, so every change is a report."""
    game_id, room, relay = start(sqlite_app, "totaler-krieg", "three-player", {"scenario": "1939"})
    post(room, game_id, "western", "END POLICY Isolationism")
    post(room, game_id, "axis", "REPLACE Guarantees WITH Armistice")
    post(room, game_id, "axis", "PLACE POLICY Nazi-Soviet Pact IN Russia")
    post(room, game_id, "soviet", "PLACE TRUCE Negotiation IN Soviet Minors")
    soviet = [report_data(m) for m in relay.to("soviet") if "turn report" in m["Subject"]]
    assert len(soviet) == 4  # one per change (the first also covers the game's creation)
    assert [r["version"] for r in soviet] == sorted({r["version"] for r in soviet})
    text = " ".join(e["sentence"] for r in soviet for e in r["events"])
    assert "Nazi-Soviet Pact" in text and "Negotiation" in text


class Mailbox:
    """Stands in for the IMAP folder: what it holds, and what was flagged done."""

    def __init__(self, *raws: bytes):
        self.held = [Incoming(str(uid), raw, None) for uid, raw in enumerate(raws, 1)]
        self.flagged: list[str] = []

    def fetch(self):
        return [m for m in self.held if m.uid not in self.flagged]

    def done(self, uid: str) -> None:
        self.flagged.append(uid)


def test_a_message_that_breaks_the_desk_is_set_aside_and_the_next_one_applied(sqlite_app, monkeypatch):
    game_id, room, relay = start(sqlite_app, "totaler-krieg", "three-player", {"scenario": "1939"})
    poison = b"poison"
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "axis@players.example", game_address(SERVICE, game_id), "o"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content("SIGNON axis axis-password\nPLACE POLICY Nazi-Soviet Pact IN Russia")
    good = bytes(message)
    process = room.desk.process

    def breaks_on_poison(raw: bytes):
        if raw == poison:
            raise RuntimeError("a bug this message finds")
        return process(raw)

    monkeypatch.setattr(room.desk, "process", breaks_on_poison)
    box = Mailbox(poison, good)
    assert room.poll(box) == 2
    assert box.flagged == ["1", "2"]
    assert any(m["In-Reply-To"] == message["Message-ID"] for m in relay.sent)


def test_a_store_outage_leaves_the_message_in_the_mailbox(sqlite_app, monkeypatch):
    game_id, room, relay = start(sqlite_app, "totaler-krieg", "three-player", {"scenario": "1939"})
    def store_busy(raw: bytes):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(room.desk, "process", store_busy)
    box = Mailbox(b"anything")
    with pytest.raises(sqlite3.OperationalError):
        room.poll(box)
    assert box.flagged == []
