"""Mail transport against a real Dovecot (`.ci/dovecot`) and an aiosmtpd sink: orders are fetched
oldest first with their bytes intact, a message flagged done never comes back (not even after a
restart), waiting wakes on arrival (IDLE), and every failure is a one-line MailUnavailable."""
import dataclasses
import threading
import time
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage

import pytest

from service.mail.transport import (
    MAX_MESSAGE_BYTES, Inbox, MailLoginFailed, MailSettings, MailSettingsError, MailUnavailable, Outbox)
from tests.support.mail import flags, free_port, imap_settings, make_mail, smtp_sink  # noqa: F401 (fixtures)


def order(n: int) -> bytes:
    return make_mail("alice@players.example", "casus+g1@localhost", f"orders {n}", f"Move {n}\n")


def test_fetch_gives_the_appended_messages_oldest_first_with_their_bytes_intact(imap_settings):
    sent = [order(n) for n in range(3)]
    with Inbox(imap_settings) as inbox:
        for raw in sent:
            inbox.append(raw)

        fetched = inbox.fetch()

    assert [message.raw for message in fetched] == sent
    assert [int(m.uid) for m in fetched] == sorted(int(m.uid) for m in fetched)
    # The server's arrival time, read in any process locale: within the hour around this test.
    assert all(abs(m.internal_date - datetime.now(timezone.utc)) < timedelta(hours=1) for m in fetched)


def test_fetched_bytes_are_exactly_the_appended_bytes(imap_settings):
    raw = make_mail("bob@players.example", "casus+g1@localhost", "Ordres: café", "Attaque à Paris\n",
                    headers={"X-Casus-Seat": "FR"})
    with Inbox(imap_settings) as inbox:
        inbox.append(raw)

        (message,) = inbox.fetch()

    assert message.raw == raw


def test_fetch_honours_the_limit_and_takes_the_oldest(imap_settings):
    with Inbox(imap_settings) as inbox:
        for n in range(3):
            inbox.append(order(n))

        fetched = inbox.fetch(limit=2)

    assert [b"orders 0" in fetched[0].raw, b"orders 1" in fetched[1].raw] == [True, True]
    assert len(fetched) == 2


def test_fetch_leaves_messages_unread_until_done(imap_settings):
    with Inbox(imap_settings) as inbox:
        inbox.append(order(1))
        inbox.fetch()

    assert "\\Seen" not in flags(imap_settings)[0]


def test_a_message_done_is_never_fetched_again_not_even_after_a_restart(imap_settings):
    with Inbox(imap_settings) as inbox:
        inbox.append(order(1))
        inbox.append(order(2))
        first, second = inbox.fetch()
        inbox.done(first.uid)

        again = inbox.fetch()
    with Inbox(imap_settings) as restarted:
        after_restart = restarted.fetch()

    assert [m.uid for m in again] == [second.uid]
    assert [m.uid for m in after_restart] == [second.uid]
    assert set(flags(imap_settings)[0]) >= {"$CasusDone", "\\Seen"}


def test_a_message_over_the_limit_is_fetched_by_its_header_with_its_size(imap_settings):
    """The desk reads no order mail over 256 KiB: the transport downloads only its header (and
    says how large it is), in its place among the others, oldest first."""
    big = make_mail("alice@players.example", "casus+g1@localhost", "big", ("y" * 70 + "\n") * 4000)
    sent = [order(1), big, order(2)]
    with Inbox(imap_settings) as inbox:
        for raw in sent:
            inbox.append(raw)

        fetched = inbox.fetch()

    assert [m.whole for m in fetched] == [True, False, True]
    assert [m.raw for m in fetched[::2]] == sent[::2]
    head, _, _ = big.partition(b"\r\n\r\n")
    assert fetched[1].raw == head + b"\r\n\r\n" and fetched[1].size == len(big) > MAX_MESSAGE_BYTES
    assert [m.size for m in fetched[::2]] == [len(raw) for raw in sent[::2]]


def test_wait_returns_when_a_message_arrives(imap_settings):
    def deliver_soon():
        time.sleep(0.5)
        with Inbox(imap_settings) as sender:
            sender.append(order(1))

    with Inbox(imap_settings) as inbox:
        assert inbox.fetch() == []
        threading.Thread(target=deliver_soon, daemon=True).start()
        started = time.monotonic()

        inbox.wait(60)

        assert time.monotonic() - started < 60, "wait ran to its timeout instead of waking on arrival"
        assert len(inbox.fetch()) == 1


def test_wait_returns_at_once_when_unfetched_mail_is_already_there(imap_settings):
    with Inbox(imap_settings) as sender:
        sender.append(order(1))
    with Inbox(imap_settings) as inbox:
        started = time.monotonic()

        inbox.wait(60)

        assert time.monotonic() - started < 60


def test_wait_returns_after_the_timeout_when_nothing_arrives(imap_settings):
    with Inbox(imap_settings) as inbox:
        inbox.append(order(1))
        inbox.fetch()  # already fetched mail does not wake a wait
        started = time.monotonic()

        inbox.wait(0.5)

        assert time.monotonic() - started >= 0.5


def test_a_wrong_password_is_a_clear_one_line_error(imap_settings):
    wrong = dataclasses.replace(imap_settings, imap_password="not-the-password")

    with pytest.raises(MailLoginFailed) as refused:
        with Inbox(wrong):
            pass

    message = str(refused.value)
    assert isinstance(refused.value, MailUnavailable)
    assert "casus@127.0.0.1" in message and "Authentication failed" in message
    assert "not-the-password" not in message and "\n" not in message


def test_a_missing_folder_is_a_clear_error(imap_settings):
    missing = dataclasses.replace(imap_settings, imap_folder="no-such-folder")

    with pytest.raises(MailUnavailable, match="select folder 'no-such-folder'"):
        with Inbox(missing):
            pass


def test_imap_down_is_mail_unavailable():
    down = MailSettings(imap_host="127.0.0.1", imap_port=free_port(), imap_security="none")

    with pytest.raises(MailUnavailable, match="unreachable"):
        with Inbox(down):
            pass


def multipart() -> EmailMessage:
    message = EmailMessage()
    message["From"] = "casus+g1@localhost"
    message["To"] = "alice@players.example, bob@players.example"
    message["Subject"] = "Turn 3 report"
    message.set_content("Turn 3: Germany moves.\n")
    message.add_alternative("<p>Turn 3: <b>Germany</b> moves.</p>\n", subtype="html")
    message.add_attachment(bytes(range(256)) * 4, maintype="image", subtype="png", filename="status.png")
    return message


def test_outbox_delivers_a_multipart_message_intact(smtp_sink):
    sent = multipart()

    Outbox(smtp_sink.settings).send(sent)

    got = smtp_sink.wait_for(lambda r: r.message["Subject"] == "Turn 3 report")
    assert got.mail_from == "casus+g1@localhost"
    assert got.rcpt_tos == ["alice@players.example", "bob@players.example"]
    assert got.message.get_body(("plain",)).get_content() == "Turn 3: Germany moves.\n"
    assert got.message.get_body(("html",)).get_content() == "<p>Turn 3: <b>Germany</b> moves.</p>\n"
    (attachment,) = got.message.iter_attachments()
    assert (attachment.get_filename(), attachment.get_content()) == ("status.png", bytes(range(256)) * 4)


def test_smtp_down_is_mail_unavailable():
    down = MailSettings(smtp_host="127.0.0.1", smtp_port=free_port(), smtp_security="none")

    with pytest.raises(MailUnavailable) as failed:
        Outbox(down).send(multipart())

    assert f"SMTP 127.0.0.1:{down.smtp_port} failed" in str(failed.value)
    assert "\n" not in str(failed.value)


@pytest.mark.parametrize("field", ["imap", "smtp"])
def test_security_none_is_refused_for_a_host_that_is_not_loopback(field):
    with pytest.raises(MailSettingsError, match="allowed only for 127.0.0.1/localhost"):
        MailSettings(**{f"{field}_host": "mail.example.org", f"{field}_security": "none"})


def test_settings_from_the_environment():
    settings = MailSettings.from_env({
        "CASUS_IMAP_HOST": "localhost", "CASUS_IMAP_PORT": "1143", "CASUS_IMAP_SECURITY": "NONE",
        "CASUS_IMAP_USER": "casus", "CASUS_IMAP_PASSWORD": "pw", "CASUS_IMAP_FOLDER": "Orders",
        "CASUS_SMTP_HOST": "smtp.example.org", "CASUS_SMTP_PORT": "465", "CASUS_SMTP_SECURITY": "ssl",
        "CASUS_MAIL_FROM": "game@example.org", "CASUS_MAIL_POLL_SECONDS": "2.5"})

    assert (settings.imap_host, settings.imap_port, settings.imap_security, settings.imap_folder) == (
        "localhost", 1143, "none", "Orders")
    assert (settings.smtp_host, settings.smtp_port, settings.smtp_security) == ("smtp.example.org", 465, "ssl")
    assert (settings.from_address, settings.poll_seconds, settings.enabled) == ("game@example.org", 2.5, True)


def test_mail_is_off_without_an_imap_host():
    assert MailSettings.from_env({}).enabled is False


@pytest.mark.parametrize("env, says", [
    ({"CASUS_IMAP_PORT": "imap"}, "CASUS_IMAP_PORT must be a number"),
    ({"CASUS_SMTP_SECURITY": "tls"}, "CASUS_SMTP_SECURITY must be one of ssl, starttls, none"),
    ({"CASUS_MAIL_POLL_SECONDS": "0"}, "CASUS_MAIL_POLL_SECONDS must be a positive"),
])
def test_bad_settings_are_clear_errors(env, says):
    with pytest.raises(MailSettingsError, match=says):
        MailSettings.from_env(env)
