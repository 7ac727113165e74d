"""Mail transport for play by email: the IMAP folder orders arrive in, the SMTP relay replies leave by.

Settings come from the environment (``MailSettings.from_env``):

- ``CASUS_IMAP_HOST``: the IMAP server; unset or empty turns mail off.
- ``CASUS_IMAP_PORT``: default 993.
- ``CASUS_IMAP_USER``, ``CASUS_IMAP_PASSWORD``: the mailbox login.
- ``CASUS_IMAP_SECURITY``: ``ssl`` (default), ``starttls`` or ``none`` (loopback hosts only).
- ``CASUS_IMAP_FOLDER``: the folder orders arrive in, default ``INBOX``.
- ``CASUS_SMTP_HOST``, ``CASUS_SMTP_PORT``: the relay, default port 587.
- ``CASUS_SMTP_USER``, ``CASUS_SMTP_PASSWORD``: relay login, used when the user is set.
- ``CASUS_SMTP_SECURITY``: ``starttls`` (default), ``ssl`` or ``none`` (loopback hosts only).
- ``CASUS_MAIL_FROM``: the game's address, default ``casus@localhost``; ``+<game id>`` is added to
  its local part so that replies route to their game.
- ``CASUS_MAIL_POLL_SECONDS``: how long one wait for new mail lasts, default 30.

A message is handled once as far as the mailbox goes: ``Inbox.done`` flags it ``$CasusDone`` (and
``\\Seen``) and ``Inbox.fetch`` never returns a flagged message, so a restarted poller resumes where
the last one stopped. Fetching peeks, so nothing is marked read before it is done. A message over
``MAX_MESSAGE_BYTES`` (RFC822.SIZE) is fetched by its header alone: no order mail is that large,
and the desk answers it from the header.
"""
from __future__ import annotations

import email.message
import imaplib
import ipaddress
import os
import re
import smtplib
import ssl
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Mapping

from imap_tools import AND, BaseMailBox, MailBox, MailBoxStartTls, MailBoxUnencrypted
from imap_tools.errors import ImapToolsError, MailboxLoginError, UnexpectedCommandStatusError

DONE = "$CasusDone"
MAX_MESSAGE_BYTES = 256 * 1024  # the largest message the desk reads whole
SECURITY = ("ssl", "starttls", "none")
TIMEOUT = 30.0
# RFC 2177: a client re-issues IDLE at least every 29 minutes or the server may log it off.
IDLE_SLICE = 25 * 60.0


class MailSettingsError(ValueError):
    """A mail setting in the environment is missing, malformed or unsafe."""


class MailUnavailable(ConnectionError):
    """The IMAP or SMTP server could not be reached or refused the session (a one-line reason)."""


class MailLoginFailed(MailUnavailable):
    """The server refused the login: retrying will not help until the settings change."""


def _loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class MailSettings:
    """Where mail comes from and goes to (the module docstring names each variable)."""

    imap_host: str | None = None
    imap_port: int = 993
    imap_user: str = ""
    imap_password: str = ""
    imap_security: str = "ssl"
    imap_folder: str = "INBOX"
    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_security: str = "starttls"
    from_address: str = "casus@localhost"
    poll_seconds: float = 30.0

    def __post_init__(self):
        for kind, host, security in (("IMAP", self.imap_host, self.imap_security),
                                     ("SMTP", self.smtp_host, self.smtp_security)):
            if security not in SECURITY:
                raise MailSettingsError(
                    f"CASUS_{kind}_SECURITY must be one of {', '.join(SECURITY)}, not {security!r}")
            # Without TLS the password and every order cross the network in clear text.
            if security == "none" and host and not _loopback(host):
                raise MailSettingsError(
                    f"CASUS_{kind}_SECURITY=none is allowed only for 127.0.0.1/localhost, "
                    f"not for {host}: use ssl or starttls")
        if self.poll_seconds <= 0:
            raise MailSettingsError("CASUS_MAIL_POLL_SECONDS must be a positive number of seconds")

    @property
    def enabled(self) -> bool:
        """Mail is on when an IMAP host is configured."""
        return bool(self.imap_host)

    @classmethod
    def address_from_env(cls, env: Mapping[str, str] = os.environ) -> str:
        """``CASUS_MAIL_FROM`` alone (an API read needs the address, not the servers' settings)."""
        return env.get("CASUS_MAIL_FROM", "").strip() or cls.from_address

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> "MailSettings":
        """Read the CASUS_IMAP_*, CASUS_SMTP_* and CASUS_MAIL_* variables; unset ones keep defaults."""
        def text(name: str, default: str) -> str:
            return env.get(name, "").strip() or default

        def number(name: str, default, kind):
            raw = env.get(name, "").strip()
            try:
                return kind(raw) if raw else default
            except ValueError:
                raise MailSettingsError(f"{name} must be a number, not {raw!r}") from None

        return cls(
            imap_host=text("CASUS_IMAP_HOST", "") or None,
            imap_port=number("CASUS_IMAP_PORT", cls.imap_port, int),
            imap_user=env.get("CASUS_IMAP_USER", ""),
            imap_password=env.get("CASUS_IMAP_PASSWORD", ""),
            imap_security=text("CASUS_IMAP_SECURITY", cls.imap_security).lower(),
            imap_folder=text("CASUS_IMAP_FOLDER", cls.imap_folder),
            smtp_host=text("CASUS_SMTP_HOST", "") or None,
            smtp_port=number("CASUS_SMTP_PORT", cls.smtp_port, int),
            smtp_user=env.get("CASUS_SMTP_USER", ""),
            smtp_password=env.get("CASUS_SMTP_PASSWORD", ""),
            smtp_security=text("CASUS_SMTP_SECURITY", cls.smtp_security).lower(),
            from_address=cls.address_from_env(env),
            poll_seconds=number("CASUS_MAIL_POLL_SECONDS", cls.poll_seconds, float),
        )


@dataclass(frozen=True)
class Incoming:
    """One message in the folder, as the server holds it."""

    uid: str
    raw: bytes  # the whole message; its header alone when ``whole`` is False
    internal_date: datetime  # when the server received it
    size: int | None = None  # RFC822.SIZE: the whole message's bytes
    whole: bool = True


def _one_line(error: BaseException) -> str:
    if isinstance(error, UnexpectedCommandStatusError):
        data = error.command_result[1] or []
        text = b" ".join(d for d in data if isinstance(d, bytes)).decode(errors="replace")
    else:
        text = str(error) or type(error).__name__
    return " ".join(text.split())


_FETCHED = re.compile(rb'UID (\d+)|INTERNALDATE "([^"]+)"')
_SIZED = re.compile(rb"UID (\d+)|RFC822\.SIZE (\d+)")
# INTERNALDATE month names are English whatever the process locale (which strptime's %b follows).
_MONTHS = {name: f"{number:02}" for number, name in enumerate(
    "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}


def _incoming(header: bytes, raw: bytes, sizes: Mapping[int, int], whole: bool) -> Incoming:
    uid = stamp = None
    for found_uid, found_stamp in _FETCHED.findall(header):
        uid, stamp = uid or found_uid, stamp or found_stamp
    # INTERNALDATE is " 4-Dec-2026 23:11:49 +0000" (one-digit days padded with a space).
    day, month, rest = stamp.decode().strip().split("-", 2)
    internal = datetime.strptime(f"{day}-{_MONTHS[month]}-{rest}", "%d-%m-%Y %H:%M:%S %z")
    return Incoming(uid=uid.decode(), raw=raw, internal_date=internal, size=sizes.get(int(uid), len(raw)),
                    whole=whole)


def _sizes(data) -> dict[int, int]:
    """UID -> RFC822.SIZE of a ``UID FETCH (UID RFC822.SIZE)`` answer."""
    sizes = {}
    for line in data:
        text = line[0] if isinstance(line, tuple) else line
        uid = size = None
        for found_uid, found_size in _SIZED.findall(text if isinstance(text, bytes) else b""):
            uid, size = uid or found_uid, size or found_size
        if uid and size:
            sizes[int(uid)] = int(size)
    return sizes


class Inbox:
    """The IMAP folder orders arrive in (``with Inbox(settings) as inbox:`` logs in and out)."""

    def __init__(self, settings: MailSettings):
        if not settings.imap_host:
            raise MailSettingsError("mail is off: CASUS_IMAP_HOST is not set")
        self.settings = settings
        self._box: BaseMailBox | None = None
        self._last_uid = 0

    def _where(self) -> str:
        s = self.settings
        return f"{s.imap_user}@{s.imap_host}:{s.imap_port}"

    def __enter__(self) -> "Inbox":
        s = self.settings
        try:
            # An explicit context: imaplib's default one does not verify the server's certificate.
            if s.imap_security == "ssl":
                box = MailBox(s.imap_host, s.imap_port, timeout=TIMEOUT,
                              ssl_context=ssl.create_default_context())
            elif s.imap_security == "starttls":
                box = MailBoxStartTls(s.imap_host, s.imap_port, timeout=TIMEOUT,
                                      ssl_context=ssl.create_default_context())
            else:
                box = MailBoxUnencrypted(s.imap_host, s.imap_port, timeout=TIMEOUT)
        except (ImapToolsError, imaplib.IMAP4.error, OSError) as error:
            raise MailUnavailable(f"IMAP {s.imap_host}:{s.imap_port} unreachable: {_one_line(error)}") from None
        try:
            box.login(s.imap_user, s.imap_password, initial_folder=None)
        except MailboxLoginError as error:
            self._quietly_close(box)
            raise MailLoginFailed(f"IMAP login {self._where()} refused: {_one_line(error)}") from None
        except (ImapToolsError, imaplib.IMAP4.error, OSError) as error:
            self._quietly_close(box)
            raise MailUnavailable(f"IMAP login {self._where()} failed: {_one_line(error)}") from None
        self._box = box
        try:
            self._call(box.folder.set, s.imap_folder, doing=f"select folder {s.imap_folder!r}")
        except MailUnavailable:
            self.__exit__()  # `with` calls __exit__ only when __enter__ returned
            raise
        return self

    def __exit__(self, *exc) -> None:
        box, self._box = self._box, None
        if box is not None:
            self._quietly_close(box)

    @staticmethod
    def _quietly_close(box: BaseMailBox) -> None:
        try:
            box.logout()
        except (ImapToolsError, imaplib.IMAP4.error, OSError):
            pass  # the session is being dropped either way; a failed LOGOUT changes nothing

    def _call(self, function, *args, doing: str, **kwargs):
        if self._box is None:
            raise RuntimeError("use the Inbox inside `with Inbox(settings) as inbox:`")
        try:
            return function(*args, **kwargs)
        except (ImapToolsError, imaplib.IMAP4.error, OSError) as error:
            raise MailUnavailable(f"IMAP {doing} at {self._where()} failed: {_one_line(error)}") from None

    def _pending(self) -> list[int]:
        uids = self._call(self._box.uids, AND(no_keyword=DONE), doing="search")
        return sorted(int(uid) for uid in uids)

    def fetch(self, limit: int = 50, max_bytes: int = MAX_MESSAGE_BYTES) -> list[Incoming]:
        """Messages not yet flagged done, oldest (lowest UID) first, as raw RFC 822 bytes, unread;
        one over ``max_bytes`` by its header alone (``whole`` False, ``size`` its full size)."""
        uids = self._pending()[:limit]
        if not uids:
            return []
        sizes = _sizes(self._uid_fetch(uids, "(UID RFC822.SIZE)"))
        large = [uid for uid in uids if sizes.get(uid, 0) > max_bytes]
        small = sorted(set(uids) - set(large))
        messages = []
        for part, wanted, whole in (("BODY.PEEK[]", small, True), ("BODY.PEEK[HEADER]", large, False)):
            if wanted:
                # Unsolicited responses (flag changes by other sessions) arrive as plain bytes: skipped.
                messages += [_incoming(item[0], item[1], sizes, whole) for item in
                             self._uid_fetch(wanted, f"(UID INTERNALDATE {part})") if isinstance(item, tuple)]
        messages.sort(key=lambda message: int(message.uid))
        if messages:
            self._last_uid = max(self._last_uid, int(messages[-1].uid))
        return messages

    def _uid_fetch(self, uids: list[int], items: str) -> list:
        typ, data = self._call(self._box.client.uid, "FETCH", ",".join(map(str, uids)), items, doing="fetch")
        if typ != "OK":
            raise MailUnavailable(f"IMAP fetch at {self._where()} failed: {typ} {data!r}")
        return data

    def done(self, uid: str) -> None:
        """Flag a message handled, so that no later fetch (in any session) returns it again."""
        self._call(self._box.flag, uid, [DONE, "\\Seen"], True, doing=f"flag {uid} done")

    def wait(self, seconds: float) -> None:
        """Return when a message newer than the last fetched one arrives, or after ``seconds``."""
        deadline = time.monotonic() + seconds
        # IDLE reports only what arrives after it starts: something may already be waiting.
        if any(uid > self._last_uid for uid in self._pending()):
            return
        if "IDLE" not in self._box.client.capabilities:
            time.sleep(seconds)
            return
        while (left := deadline - time.monotonic()) > 0:
            responses = self._call(self._box.idle.wait, timeout=min(left, IDLE_SLICE), doing="idle")
            if any(b"EXISTS" in response for response in responses):
                return

    def append(self, raw: bytes) -> None:
        """Put a message in the folder (for tests and tools)."""
        self._call(self._box.append, raw, self.settings.imap_folder, doing="append")


class Outbox:
    """The SMTP relay replies leave by: one session per message."""

    def __init__(self, settings: MailSettings):
        if not settings.smtp_host:
            raise MailSettingsError("no SMTP relay: CASUS_SMTP_HOST is not set")
        self.settings = settings

    def send(self, message: email.message.EmailMessage) -> None:
        """Deliver ``message`` to the relay (envelope from its headers); MailUnavailable on failure."""
        s = self.settings
        try:
            # An explicit context: smtplib's default one does not verify the server's certificate.
            if s.smtp_security == "ssl":
                session = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=TIMEOUT,
                                           context=ssl.create_default_context())
            else:
                session = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=TIMEOUT)
            with session:
                if s.smtp_security == "starttls":
                    session.starttls(context=ssl.create_default_context())
                if s.smtp_user:
                    session.login(s.smtp_user, s.smtp_password)
                session.send_message(message)
        except (smtplib.SMTPException, OSError) as error:
            raise MailUnavailable(
                f"SMTP {s.smtp_host}:{s.smtp_port} failed: {_one_line(error)}") from None
