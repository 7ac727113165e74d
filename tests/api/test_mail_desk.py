"""Play by email at the order desk: registration over the API, then raw messages through
``OrderDesk.process`` against a real game service (SQLite). What a hostile or broken sender
mails (forged From, wrong password, replay, auto-reply, malformed order, a power not held, an
order after the deadline) is refused or ignored, and the game's log is unchanged by it."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from service.mail.processor import OrderDesk, game_address
from service.notify.scheduler import InProcessScheduler
from tests.api.test_schedule_api import HOUR, clock  # noqa: F401 (the scheduler's injected clock)
from tests.support.api import MODERATOR, Table

SERVICE = "casus@example.org"
PASSWORDS = {"player1": "axis-pw-1", "player2": "allies-pw-2", "player3": "soviet-pw-3", MODERATOR: "mod-pw-0"}


def address(seat: str) -> str:
    return f"{seat}@players.example"


@pytest.fixture
def game(sqlite_app, clock):  # noqa: F811
    """A DoD III game (preset 3) whose seats and moderator all registered for mail."""
    services = sqlite_app.extensions["casus_services"]
    services.scheduler = InProcessScheduler(services.games, clock)
    client = sqlite_app.test_client()
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    for seat, password in PASSWORDS.items():
        response = client.put(f"/games/{table.game_id}/mail/seats/{seat}", headers=table.auth(seat),
                              json={"addresses": [address(seat)], "order_password": password})
        assert response.status_code == 200, response.get_data(as_text=True)
    return table


@pytest.fixture
def desk(sqlite_app):
    return OrderDesk(sqlite_app.extensions["casus_services"], SERVICE)


def mail(table: Table, sender: str, body: str, message_id: str | None = None, **headers) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = game_address(SERVICE, table.game_id)
    message["Subject"] = "orders"
    message["Message-ID"] = message_id or make_msgid(domain="players.example")
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return bytes(message)


def orders(seat: str, *lines: str, password: str | None = None) -> str:
    return "\n".join([f"SIGNON {seat} {password or PASSWORDS[seat]}", *lines]) + "\n"


def reply_text(reply) -> str:
    return reply.get_body(preferencelist=("plain",)).get_content()


def test_registration_hides_the_password_and_checks_who_registers(game):
    client = game.client
    own = client.get(f"/games/{game.game_id}/mail", headers=game.auth("player1")).json
    assert own["game_address"] == game_address("casus@localhost", game.game_id)
    assert own["seats"] == [{"seat": "player1", "addresses": [address("player1")], "notify": "steps",
                             "attachments": "none"}]
    everyone = client.get(f"/games/{game.game_id}/mail", headers=game.auth(MODERATOR)).json
    assert {s["seat"] for s in everyone["seats"]} == set(PASSWORDS)
    assert "pw" not in str(everyone)
    other = client.put(f"/games/{game.game_id}/mail/seats/player2", headers=game.auth("player1"),
                       json={"addresses": ["thief@evil.example"], "order_password": "stolen-pw"})
    assert other.status_code == 403 and other.mimetype == "application/problem+json"
    bad = client.put(f"/games/{game.game_id}/mail/seats/player1", headers=game.auth("player1"),
                     json={"addresses": ["not an address"], "order_password": "x", "notify": "sometimes"})
    assert bad.status_code == 422 and bad.mimetype == "application/problem+json"
    assert client.get(f"/games/{game.game_id}/mail/log", headers=game.auth("player1")).status_code == 403


def test_an_order_by_mail_goes_through_the_write_path_and_is_answered(game, desk):
    before = game.version()
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "WEATHER")))
    assert receipt.outcome == "applied", receipt
    assert game.version() > before
    assert reply["To"] == address("player1") and reply["Auto-Submitted"] == "auto-replied"
    text = reply_text(reply)
    assert "Accepted: RollWeather" in text and f"version {game.version()}" in text
    assert "axis-pw-1" not in text  # the SIGNON line is never echoed


@pytest.mark.parametrize("case", ["forged sender", "wrong password", "another seat's password", "no signon",
                                  "malformed order", "a power not held", "no plain text"])
def test_refused_mail_changes_nothing_and_says_why(game, desk, case):
    sender, body = address("player1"), orders("player1", "WEATHER")
    if case == "forged sender":
        sender = "player1@forger.example"
    elif case == "wrong password":
        body = orders("player1", "WEATHER", password="guess-1234")
    elif case == "another seat's password":
        body = orders("player1", "WEATHER", password=PASSWORDS["player2"])
    elif case == "no signon":
        body = "WEATHER\n"
    elif case == "malformed order":
        body = orders("player1", "BID GE lots")
    elif case == "a power not held":
        body = orders("player1", "RollWeather", "PassOption power=RU")
    raw = mail(game, sender, body)
    if case == "no plain text":
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, game_address(SERVICE, game.game_id), "o"
        message["Message-ID"] = make_msgid()
        message.add_alternative("<p>SIGNON player1 axis-pw-1</p>", subtype="html")
        raw = bytes(message)
    before = game.version()
    if case == "a power not held":  # the weather is rolled; the order for RU is refused by itself
        receipt, reply = desk.process(raw)
        assert receipt.outcome == "partly applied"
        text = reply_text(reply)
        assert "RU" in text and "Refused" in text, text
        return
    receipt, reply = desk.process(raw)
    assert receipt.outcome == "refused", receipt
    assert game.version() == before
    assert reply is not None and "Refused" in reply_text(reply)
    log = game.client.get(f"/games/{game.game_id}/mail/log", headers=game.auth(MODERATOR)).json["entries"]
    assert log[-1]["outcome"] == "refused" and log[-1]["sender"] == sender.lower()


def test_a_malformed_order_is_answered_with_what_is_legal(game, desk):
    _, reply = desk.process(mail(game, address("player1"), orders("player1", "BID GE lots")))
    text = reply_text(reply)
    assert "Refused" in text and "Legal now:" in text and "WEATHER" in text.upper()


@pytest.mark.parametrize("header,value", [("Auto-Submitted", "auto-replied"), ("Precedence", "bulk"),
                                          ("Auto-Submitted", "auto-generated"), ("List-Id", "<orders.example>")])
def test_automatic_mail_is_ignored_without_a_reply(game, desk, header, value):
    before = game.version()
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "WEATHER"), **{header: value}))
    assert (receipt.outcome, reply) == ("ignored", None)
    assert game.version() == before


def test_a_bounce_and_our_own_mail_are_ignored(game, desk):
    for sender in ("MAILER-DAEMON@players.example", game_address(SERVICE, game.game_id)):
        receipt, reply = desk.process(mail(game, sender, orders("player1", "WEATHER")))
        assert (receipt.outcome, reply) == ("ignored", None), sender
    assert game.version() == 1


def test_a_replayed_message_is_ignored(game, desk):
    raw = mail(game, address("player1"), orders("player1", "WEATHER"), message_id="<once@players.example>")
    receipt, reply = desk.process(raw)
    desk.mark_seen(receipt)
    version = game.version()
    again, reply = desk.process(raw)
    assert (again.outcome, reply) == ("ignored", None)
    assert game.version() == version


def test_a_message_processed_twice_before_it_was_marked_applies_its_orders_once(game, desk):
    """A crash after the orders but before the "seen" mark: the orders' idempotency keys hold."""
    raw = mail(game, address("player1"), orders("player1", "WEATHER"), message_id="<crash@players.example>")
    desk.process(raw)
    version = game.version()
    receipt, reply = desk.process(raw)
    assert game.version() == version
    assert "Accepted before" in reply_text(reply)


def test_an_order_after_the_deadline_is_refused(game, desk, sqlite_app, clock):  # noqa: F811
    game.send(MODERATOR, "SetSchedule", reminders=[])
    clock.now += 25 * HOUR
    assert sqlite_app.extensions["casus_services"].scheduler.run_due() == 1  # the weather is rolled for GE
    before = game.version()
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "WEATHER")))
    assert receipt.outcome == "refused"
    assert game.version() == before
    assert "Too late? Your last deadline (weather) passed" in reply_text(reply)


def test_help_lists_the_orders_a_seat_may_send(game, desk):
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "HELP")))
    assert receipt.outcome == "applied" and game.version() == 1
    assert "Orders you may send now:" in reply_text(reply)


def test_guessing_the_password_locks_the_seats_mail_until_it_registers_again(game, desk):
    for attempt in range(10):
        receipt, _ = desk.process(mail(game, address("player1"), orders("player1", "WEATHER", password=f"guess-{attempt}")))
        assert receipt.reason == "wrong order password"
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "WEATHER")))
    assert receipt.outcome == "refused" and "locked" in reply_text(reply)
    assert game.version() == 1
    again = game.client.put(f"/games/{game.game_id}/mail/seats/player1", headers=game.auth("player1"),
                            json={"addresses": [address("player1")], "order_password": "a-new-secret"})
    assert again.status_code == 200
    receipt, _ = desk.process(mail(game, address("player1"), orders("player1", "WEATHER", password="a-new-secret")))
    assert receipt.outcome == "applied"


def test_a_receipt_goes_to_the_sender_never_to_reply_to(game, desk):
    _, reply = desk.process(mail(game, address("player1"), orders("player1", "WEATHER"), Reply_To="spy@evil.example"))
    assert reply["To"] == address("player1")


def mail_log(game) -> list[dict]:
    return game.client.get(f"/games/{game.game_id}/mail/log", headers=game.auth(MODERATOR)).json["entries"]


def test_an_oversized_message_is_refused_by_reply_and_logged(game, desk):
    """A message over 256 KiB applies nothing; its sender is told why and the moderator's mail
    log has it, as every other outcome."""
    raw = mail(game, address("player1"), orders("player1", "WEATHER", "#" + "x" * 300_000),
               message_id="<big@players.example>")
    receipt, reply = desk.process(raw)
    assert (receipt.outcome, game.version()) == ("refused", 1)
    assert reply["To"] == address("player1") and reply["In-Reply-To"] == "<big@players.example>"
    assert "over the 256 KiB" in reply_text(reply) and "Nothing was applied" in reply_text(reply)
    entry = mail_log(game)[-1]
    assert (entry["message_id"], entry["outcome"], entry["seat"]) == ("<big@players.example>", "refused", "player1")
    assert "over the 256 KiB" in entry["reason"]
    desk.mark_seen(receipt)
    again, reply = desk.process(raw)
    assert (again.outcome, reply) == ("ignored", None)


def test_an_oversized_message_read_by_its_header_alone_is_answered_the_same(game, desk):
    """The transport fetches only the header of a message over the limit: the desk answers from it."""
    raw = mail(game, address("player2"), orders("player2", "#" + "x" * 300_000), message_id="<huge@players.example>")
    head = raw.split(b"\n\n", 1)[0] + b"\n\n"
    receipt, reply = desk.oversized(head, 5 * 1024 * 1024)
    assert receipt.outcome == "refused" and "5120 KiB" in reply_text(reply)
    assert mail_log(game)[-1]["message_id"] == "<huge@players.example>"


def test_an_oversized_automatic_message_is_logged_without_a_reply(game, desk):
    raw = mail(game, address("player1"), "#" + "x" * 300_000, Auto_Submitted="auto-replied")
    receipt, reply = desk.process(raw)
    assert (receipt.outcome, reply) == ("ignored", None)
    entry = mail_log(game)[-1]
    assert entry["outcome"] == "ignored" and "Auto-Submitted" in entry["reason"] and "256 KiB" in entry["reason"]


@pytest.mark.rule("CORE-deadline")
def test_a_deadline_reminder_mails_the_seat_that_owes_a_report(game, sqlite_app, clock):  # noqa: F811
    """Whatever its preference, the seat a reminder names gets a report (what it owes, by when);
    a seat that owes nothing is not woken."""
    from service.mail.dispatch import MailRoom
    from service.mail.transport import MailSettings
    from tests.api.test_mail_rulesets import Relay, report_data

    relay = Relay()
    room = MailRoom(sqlite_app.extensions["casus_services"], MailSettings(from_address=SERVICE), relay)
    game.send(MODERATOR, "SetSchedule", reminders=[12])
    room.send_reports(game.game_id)
    sent = len(relay.sent)
    clock.now += 13 * HOUR
    assert sqlite_app.extensions["casus_services"].scheduler.run_due() == 1  # the reminder, 12 h before
    room.send_reports(game.game_id)
    woken = {m["To"] for m in relay.sent[sent:]}
    assert woken == {address("player1"), address(MODERATOR)}
    (report,) = [report_data(m) for m in relay.sent[sent:] if m["To"] == address("player1")]
    assert report["owes"] == ["GE"] and report["next_deadline"]


def test_the_game_address_follows_casus_mail_from_whatever_the_imap_settings(game, monkeypatch):
    monkeypatch.setenv("CASUS_MAIL_FROM", "judge@example.net")
    monkeypatch.setenv("CASUS_IMAP_HOST", "mail.example.net")
    monkeypatch.setenv("CASUS_IMAP_SECURITY", "none")  # refused by `casus mail`, no business of this read
    response = game.client.get(f"/games/{game.game_id}/mail", headers=game.auth("player1"))
    assert response.status_code == 200
    assert response.json["game_address"] == f"judge+{game.game_id}@example.net"


def mail_room(sqlite_app):
    from service.mail.dispatch import MailRoom
    from service.mail.transport import MailSettings
    from tests.api.test_mail_rulesets import Relay

    return MailRoom(sqlite_app.extensions["casus_services"], MailSettings(from_address=SERVICE), Relay())


def attachments_of(message) -> list[str]:
    return [p.get_filename() for p in message.iter_attachments()] + ["html"] * (message.get_body(("html",)) is not None)


def test_a_seat_chooses_its_report_attachments_over_the_api(game, sqlite_app):
    """Reports are lean by default (text and report.json); a seat registering ``attachments``
    gets the status display as it chose; an unknown choice is a 422."""
    client = game.client
    response = client.put(f"/games/{game.game_id}/mail/seats/player2", headers=game.auth("player2"),
                          json={"addresses": [address("player2")], "order_password": PASSWORDS["player2"],
                                "attachments": "png"})
    assert response.status_code == 200 and response.json["attachments"] == "png"
    bad = client.put(f"/games/{game.game_id}/mail/seats/player2", headers=game.auth("player2"),
                     json={"addresses": [address("player2")], "order_password": PASSWORDS["player2"],
                           "attachments": "gif"})
    assert bad.status_code == 422 and "attachments" in str(bad.json)
    room = mail_room(sqlite_app)
    room.send_reports(game.game_id)
    sent = {m["To"]: attachments_of(m) for m in room.outbox.sent}
    assert sent[address("player1")] == ["report.json"]
    assert sent[address("player2")] == ["status.png", "report.json"]


def test_a_seat_sets_its_mail_preferences_by_mail(game, desk, sqlite_app):
    """``ATTACHMENTS <choice>`` and ``NOTIFY <choice>`` lines change the seat's preferences (the
    order password was checked); HELP names them; a wrong choice is refused with the choices."""
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "ATTACHMENTS both", "notify events")))
    assert receipt.outcome == "applied" and game.version() == 1
    text = reply_text(reply)
    assert "Mail setting: attachments both (was none)" in text and "Mail setting: notify events (was steps)" in text
    own = game.client.get(f"/games/{game.game_id}/mail", headers=game.auth("player1")).json["seats"][0]
    assert (own["attachments"], own["notify"]) == ("both", "events")
    receipt, reply = desk.process(mail(game, address("player1"), orders("player1", "ATTACHMENTS gif")))
    assert receipt.outcome == "refused" and "ATTACHMENTS is one of none, svg, png, both" in reply_text(reply)
    _, reply = desk.process(mail(game, address("player1"), orders("player1", "HELP")))
    assert "ATTACHMENTS none|svg|png|both (now both)" in reply_text(reply)
    room = mail_room(sqlite_app)
    room.send_reports(game.game_id)
    [report] = [m for m in room.outbox.sent if m["To"] == address("player1")]
    assert attachments_of(report) == ["status.png", "report.json", "html"]


def test_steps_reports_go_to_the_seats_a_step_change_concerns(game, sqlite_app):
    """``steps``: when player1's weather roll (rule 7) ends its step, player1 and the seat owing
    the next step (the first power's political option) get a report, and the moderator; a seat
    the change does not concern waits for its next report, which covers it."""
    room = mail_room(sqlite_app)
    room.send_reports(game.game_id)
    first = len(room.outbox.sent)
    game.send("player1", "RollWeather")
    turn = game.client.get(f"/games/{game.game_id}/projections/turn", headers=game.auth(MODERATOR)).json["data"]
    assert turn["step"] == "C"  # political affairs: one power at a time
    ((next_seat, _power),) = [(a["seat"], a["power"]) for a in turn["awaiting"]]
    room.send_reports(game.game_id)
    woken = {m["To"] for m in room.outbox.sent[first:]}
    assert woken == {address(seat) for seat in {"player1", next_seat, MODERATOR}}
