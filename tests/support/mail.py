"""Test mail servers: the private Dovecot `.ci/dovecot` starts (CASUS_TEST_IMAP, required in CI with
REQUIRE_MAIL=1), an in-process aiosmtpd sink, and ``make_mail`` for order messages.

Import the fixtures into a test module: ``from tests.support.mail import imap_settings, smtp_sink``.
"""
from __future__ import annotations

import email
import email.policy
import imaplib
import os
import socket
import threading
import uuid
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import pytest
from aiosmtpd.controller import Controller
from imap_tools import MailBoxUnencrypted
from imap_tools.errors import ImapToolsError

from service.mail.transport import MailSettings

USER = PASSWORD = "casus"  # the users .ci/dovecot creates: casus/casus and other/other


def imap_address() -> tuple[str, int]:
    host, _, port = os.environ.get("CASUS_TEST_IMAP", "127.0.0.1:1143").rpartition(":")
    return host, int(port)


@pytest.fixture
def imap_settings():
    """MailSettings for the test Dovecot, with a folder of this test's own (deleted afterwards)."""
    host, port = imap_address()
    folder = f"casus-test-{uuid.uuid4().hex[:10]}"
    try:
        box = MailBoxUnencrypted(host, port, timeout=5).login(USER, PASSWORD, initial_folder=None)
    except (ImapToolsError, imaplib.IMAP4.error, OSError) as error:
        reason = f"the test Dovecot at {host}:{port} is not answering (start it with .ci/dovecot): {error}"
        if os.environ.get("REQUIRE_MAIL") == "1":
            pytest.fail(f"REQUIRE_MAIL=1: {reason}")
        pytest.skip(reason)
    with box:
        box.folder.create(folder)
        try:
            yield MailSettings(imap_host=host, imap_port=port, imap_user=USER, imap_password=PASSWORD,
                               imap_security="none", imap_folder=folder, poll_seconds=1.0)
        finally:
            box.folder.set("INBOX")  # Dovecot refuses to delete the selected folder
            box.folder.delete(folder)


def flags(settings: MailSettings) -> list[tuple[str, ...]]:
    """Each message's flags in the settings' folder, oldest first, read without changing them."""
    box = MailBoxUnencrypted(settings.imap_host, settings.imap_port, timeout=5)
    with box.login(settings.imap_user, settings.imap_password, initial_folder=settings.imap_folder):
        return [message.flags for message in box.fetch(mark_seen=False, headers_only=True)]


@dataclass(frozen=True)
class Received:
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage
    raw: bytes


@dataclass
class SmtpSink:
    """Every message the sink accepted, in arrival order, and MailSettings that send to it."""
    settings: MailSettings
    received: list[Received] = field(default_factory=list)
    _arrived: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        # SMTP carries CRLF line ends; the parser would keep them in every text part's content.
        text = envelope.content.replace(b"\r\n", b"\n")
        message = email.message_from_bytes(text, policy=email.policy.default)
        with self._arrived:
            self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), message,
                                          envelope.content))
            self._arrived.notify_all()
        return "250 OK"

    def wait_for(self, predicate=lambda received: True, timeout: float = 10.0) -> Received:
        """The first received message matching ``predicate``; fails the test after ``timeout``."""
        def match():
            return next((r for r in self.received if predicate(r)), None)

        with self._arrived:
            if self._arrived.wait_for(match, timeout):
                return match()
        pytest.fail(f"no matching message at the SMTP sink within {timeout} s "
                    f"({len(self.received)} received)")


def free_port() -> int:
    """A port nothing listens on now (aiosmtpd's Controller needs a port number up front)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_sink():
    port = free_port()
    sink = SmtpSink(MailSettings(smtp_host="127.0.0.1", smtp_port=port, smtp_security="none"))
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


def make_mail(from_: str, to: str, subject: str, body: str, message_id: str | None = None,
              headers: dict[str, str] | None = None) -> bytes:
    """A plain-text message as it would arrive (CRLF line ends, Date and Message-ID set)."""
    message = EmailMessage(policy=email.policy.SMTP)
    message["From"] = from_
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = message_id or make_msgid(domain="players.example")
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message.as_bytes()
