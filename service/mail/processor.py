"""One incoming order mail, from raw bytes to a receipt: which game, who sent it, its orders
through the one write path (``GameService.handle``), and the reply.

What is never applied, and why:
- automatic mail (RFC 3834 ``Auto-Submitted``, ``Precedence: bulk|junk|list|auto_reply``,
  delivery reports, mailer-daemons, list traffic, our own address): ignored without a reply, so
  two robots never answer each other;
- a Message-ID seen before: ignored (it is the idempotency key; each order of a message also
  carries ``mail:<message-id>:<n>`` as its command idempotency key, so a crash between an
  order and the "seen" mark never applies it twice);
- an unknown sender, a wrong order password, a seat acting for a power it does not hold, a line
  that is no legal order, a message over ``MAX_MESSAGE_BYTES`` (read by its header alone: the
  transport does not download the rest): refused by reply naming why, and logged.
Every outcome is written to the game's mail log (moderator: ``GET /games/{id}/mail/log``); a
message naming no game served by mail has no log to go to (and no reply: no backscatter)."""
from __future__ import annotations

import email
import email.parser
import email.policy
import hashlib
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import orjson

from events.envelope import PUBLIC
from events.store import WrongExpectedVersion
from service.http.command_schemas import legal_bodies, optional_bodies
from service.games import seat_key
from service.http.error_responses import as_problem
from service.mail import orders as text_orders
from service.mail import platform_orders
from service.mail.order_help import help_lines
from service.mail.seats import ATTACHMENTS, NOTIFY, MailSeats, normalise
from service.mail.transport import MAX_MESSAGE_BYTES
from service.http.problems import Problem
from service.rules import all_rules

log = logging.getLogger("casus.mail")

GAME_ID = re.compile(r"\+([0-9a-f]{32})@", re.I)  # casus+<game id>@host
GAME_LINE = re.compile(r"^\s*GAME\s+([0-9a-f]{32})\s*$", re.I | re.M)
SIGNON = re.compile(r"^(?:SIGNON\s+(?P<seat>\S+)\s+|PASSWORD\s+)(?P<password>\S+)$", re.I)
# A seat's mail preferences, set by mail (service/mail/seats.py): not an order, never a command.
PREFERENCE = re.compile(r"^(?P<name>NOTIFY|ATTACHMENTS)\s+(?P<value>\S+)$", re.I)
AUTOMATIC_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
ROBOTS = ("mailer-daemon", "postmaster", "noreply", "no-reply")
LOG_KEEP = 200  # mail log entries kept per game
RACE_TRIES = 3
LOCK_AFTER = 10  # wrong order passwords in a row before a seat's mail is locked
MISSED_LOOKBACK = 200  # events searched for the seat's last missed deadline


@dataclass
class Receipt:
    """What one message did: an outcome word (applied, refused, ignored), and the reply's lines."""

    outcome: str
    reason: str
    game_id: str | None = None
    seat: str | None = None
    lines: list[str] = field(default_factory=list)
    version: int | None = None
    signed_head: str | None = None
    message_id: str | None = None  # set once the orders were decided: mark it seen after the reply left


def game_address(from_address: str, game_id: str) -> str:
    """The game's own address: the service's with ``+<game id>`` (replies route back by it)."""
    local, _, domain = from_address.partition("@")
    return f"{local}+{game_id}@{domain}"


def automatic(message, own_address: str) -> str | None:
    """Why a message was sent by a robot (None when a person sent it)."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    if str(message.get("Precedence", "")).strip().lower() in AUTOMATIC_PRECEDENCE:
        return f"Precedence: {message['Precedence']}"
    if message.get_content_type() == "multipart/report":
        return "a delivery or read report"
    if message.get("List-Id") or message.get("List-Unsubscribe"):
        return "mailing-list traffic"
    if any(message.get(h) for h in ("X-Autoreply", "X-Autorespond")):
        return "an auto-responder"
    sender = normalise(str(message.get("From", "")))
    if not sender or str(message.get("Return-Path", "")).strip() == "<>":
        return "no sender (a bounce)"
    if sender.split("@")[0] in ROBOTS:
        return f"sent by {sender}"
    own_local, _, own_domain = own_address.lower().partition("@")
    local, _, domain = sender.partition("@")
    if domain == own_domain and local.split("+")[0] == own_local:
        return "sent by this service (a loop)"
    return None


def message_id(message, raw: bytes) -> str:
    found = str(message.get("Message-ID", "")).strip()
    return found[:200] if found else "sha256:" + hashlib.sha256(raw).hexdigest()


def game_of(message, text: str) -> str | None:
    headers = " ".join(str(message.get(h, "")) for h in ("To", "Cc", "Delivered-To", "X-Original-To"))
    found = GAME_ID.search(headers) or GAME_LINE.search(text)
    return found.group(1).lower() if found else None


def plain_text(message) -> str | None:
    body = message.get_body(preferencelist=("plain",))
    if body is None:
        return None
    try:
        return body.get_content()
    except (LookupError, ValueError):  # an unknown charset or a broken transfer encoding
        return None


class OrderDesk:
    """Applies order mails to the games of one deployment and writes their receipts."""

    def __init__(self, services, from_address: str):
        self.games = services.games
        self.mail_seats = MailSeats(self.games.secrets)
        self.from_address = from_address

    # ---- one message -------------------------------------------------------------------
    def process(self, raw: bytes) -> tuple[Receipt, EmailMessage | None]:
        """The receipt of one message and the reply to send (None: nothing is sent)."""
        if len(raw) > MAX_MESSAGE_BYTES:
            return self.oversized(raw, len(raw))
        message = email.message_from_bytes(raw, policy=email.policy.default)
        robot = automatic(message, self.from_address)
        if robot:
            return self._logged(message, raw, Receipt("ignored", robot, game_of(message, "")), None)
        text = plain_text(message)
        game_id = game_of(message, text or "")
        if game_id is None or not self.mail_seats.seats(game_id):
            # No game to answer for: replying would make this service a source of backscatter.
            log.info("mail ignored: names no game served by mail (%s)", message.get("Message-ID"))
            return Receipt("ignored", "names no game served by mail"), None
        mid = message_id(message, raw)
        if self.games.secrets.get(game_id, _seen(mid)):
            return self._logged(message, raw, Receipt("ignored", "a message processed before (replayed)", game_id), None)
        receipt = self._orders(game_id, message, text, mid)
        receipt.message_id = mid
        return self._logged(message, raw, receipt, self._reply(message, receipt))

    def oversized(self, head: bytes, size: int) -> tuple[Receipt, EmailMessage | None]:
        """A message over the size limit, read by its header (``head``: the header, or the whole
        message): refused with a reply and logged when it names a game served by mail, as any
        other refusal; never parsed further (orders are a few lines: this is no order mail)."""
        message = email.parser.BytesHeaderParser(policy=email.policy.default).parsebytes(head)
        why = (f"the message is {_kib(size)} KiB, over the {_kib(MAX_MESSAGE_BYTES)} KiB a mail to this desk may "
               "be: send the orders as plain text, without attachments or a forwarded report")
        robot = automatic(message, self.from_address)
        game_id = game_of(message, "")
        if game_id is None or not self.mail_seats.seats(game_id):
            log.info("mail ignored: %d bytes, names no game served by mail (%s)", size, message.get("Message-ID"))
            return Receipt("ignored", why), None
        if robot:
            return self._logged(message, head, Receipt("ignored", f"{robot}; {why}", game_id), None)
        mid = message_id(message, head)
        if self.games.secrets.get(game_id, _seen(mid)):
            return self._logged(message, head, Receipt("ignored", "a message processed before (replayed)", game_id),
                                None)
        seats = self.mail_seats.seats_of(game_id, str(message.get("From", "")))
        receipt = Receipt("refused", why, game_id, seats[0] if len(seats) == 1 else None, message_id=mid)
        return self._logged(message, head, receipt, self._reply(message, receipt))

    def mark_seen(self, receipt: Receipt) -> None:
        """After the reply left: the message is never processed again. Until then a crash or a
        relay outage processes it again, harmlessly (its orders carry idempotency keys)."""
        if receipt.message_id is not None:
            self.games.secrets.put(receipt.game_id, _seen(receipt.message_id), b"1")

    def _orders(self, game_id: str, message, text: str | None, mid: str) -> Receipt:
        if text is None:
            return Receipt("refused", "the message has no plain-text part: write the orders as plain text", game_id)
        lines = text_orders.order_lines(text)
        sender = normalise(str(message.get("From", "")))
        seat, why = self._signed_on(game_id, sender, lines)
        if seat is None:
            return Receipt("refused", why, game_id)
        receipt = Receipt("applied", "", game_id, seat)
        refused = 0
        orders = [line for line in lines if not SIGNON.match(line) and not GAME_LINE.match(line)]
        if not orders:
            receipt.lines += ["No orders found. Write one order per line after SIGNON; HELP lists what you may order now."]
        for number, line in enumerate(orders, 1):
            receipt.lines.append(f"> {line}")
            preference = PREFERENCE.match(line.strip())
            if preference:
                answer, ok = self._prefer(game_id, seat, preference["name"].lower(), preference["value"].lower())
            else:
                answer, ok = self._order(game_id, seat, line, f"mail:{mid}:{number}")
                if ok and line.strip().upper() == "HELP":
                    answer += self._preferences(game_id, seat)
            receipt.lines += answer + [""]
            refused += not ok
        state = self.games.load(game_id)
        receipt.version, receipt.signed_head = state.version, self.games.signed_head(state)
        if refused:
            receipt.outcome = "refused" if refused == len(orders) else "partly applied"
            receipt.reason = f"{refused} of {len(orders)} orders refused"
        return receipt

    def _signed_on(self, game_id: str, sender: str, lines: list[str]) -> tuple[str | None, str]:
        """The seat a message acts for, or None and why not (DPjudge's SIGNON; PASSWORD alone
        when the address belongs to one seat)."""
        registered = self.mail_seats.seats(game_id)
        candidates = [s for s in registered.values() if sender and sender in s.addresses]
        if not candidates:
            return None, f"{sender or 'the sender'} is not registered for this game"
        signon = next((SIGNON.match(line) for line in lines if SIGNON.match(line)), None)
        if signon is None:
            return None, "no SIGNON line: start the orders with SIGNON <seat> <order password>"
        named = signon.group("seat")
        if named is not None:
            candidates = [s for s in candidates if s.seat.lower() == named.lower()]
            if not candidates:
                return None, f"{sender} is not registered for seat {named}"
        if len(candidates) > 1:
            return None, "this address has several seats: SIGNON <seat> <order password>"
        (entry,) = candidates
        failures_key = f"mail-failures:{entry.seat}"
        failures = int(self.games.secrets.get(game_id, failures_key) or 0)
        if failures >= LOCK_AFTER:
            return None, (f"mail for {entry.seat} is locked after {LOCK_AFTER} wrong order passwords: register "
                          "the seat's mail again (PUT /games/{id}/mail/seats/{seat}) to unlock it")
        if not entry.password_matches(signon.group("password")):
            self.games.secrets.put(game_id, failures_key, str(failures + 1).encode())
            return None, "wrong order password"
        if failures:
            self.games.secrets.put(game_id, failures_key, b"0")
        return entry.seat, ""

    def _order(self, game_id: str, seat: str, line: str, key: str) -> tuple[list[str], bool]:
        """One order line: its answer lines and whether it was applied."""
        known = self.games.store.idempotent_result(game_id, seat_key(seat, key))
        if known is not None:  # processed before a crash left the message unmarked: never twice
            return [f"Accepted before: version {known[1].events[-1].version} (this message was applied already)"], True
        for _ in range(RACE_TRIES):
            state = self.games.load(game_id)
            rules = self.games.rules(game_id)
            # What the game waits for, and the platform's commands the seat may also send (undo,
            # the schedule, the seed, vacations, seat tokens): both are orders by mail.
            legal = legal_bodies(rules, state, seat)
            optional = optional_bodies(rules, state, seat, self.games.history(game_id))
            if line.strip().upper() == "HELP":
                return self._help(rules.ruleset, legal, optional), True
            offered = legal + optional
            try:
                order = text_orders.parse_order(platform_orders.generic(line), rules.ruleset, offered)
                handled = self.games.handle(game_id, seat, order.type, order.data, state.version,
                                            idempotency_key=key, state=state)
            except text_orders.OrderError as error:
                return [f"Refused: {error.reason}", *self._missed(game_id, seat), *self._hints(error.hint)], False
            except WrongExpectedVersion:
                continue  # another order landed first: decide this one again on the new state
            except Exception as error:  # every refusal the API would answer, as a reply
                problem = as_problem(error)
                if problem.status >= 500:
                    raise
                return self._refusal(problem, rules.ruleset, offered, game_id, seat), False
            sealed = any(e.visibility != PUBLIC for e in handled.events)
            return [f"Accepted: {' '.join([order.type, *_fields(order.data)])}, version {handled.last_version}"
                    + (" (sealed: only you are told)" if sealed else ""),
                    *platform_orders.handed_over(game_address(self.from_address, game_id), handled.tokens)], True
        return ["Refused: the game kept changing while this order was decided; send it again"], False

    def _help(self, ruleset, legal: list[dict], optional: list[dict]) -> list[str]:
        """HELP: the orders the game waits for from the seat, then what it may also send."""
        out = self._hints(help_lines(ruleset, legal), "Orders you may send now:")
        if optional:
            out += self._hints(help_lines(ruleset, optional),
                               "Also open to you (the game waits for none of these):")
            if any(body["type"] == "ReissueSeatToken" for body in optional):
                out.append(f"  ({platform_orders.REISSUE_USAGE} hands a seat to a new player: its new token "
                           "comes in the receipt, to your address only)")
        return out

    def _prefer(self, game_id: str, seat: str, name: str, value: str) -> tuple[list[str], bool]:
        """``NOTIFY <choice>`` or ``ATTACHMENTS <choice>``: the seat's mail preference, from now on."""
        choices = NOTIFY if name == "notify" else ATTACHMENTS
        if value not in choices:
            return [f"Refused: {name.upper()} is one of {', '.join(choices)}"], False
        before = getattr(self.mail_seats.seats(game_id)[seat], name)
        self.mail_seats.prefer(game_id, seat, **{name: value})
        return [f"Mail setting: {name} {value} (was {before})"], True

    def _preferences(self, game_id: str, seat: str) -> list[str]:
        entry = self.mail_seats.seats(game_id)[seat]
        return [f"Mail settings (one per line, like an order): NOTIFY {'|'.join(NOTIFY)} (now {entry.notify}); "
                f"ATTACHMENTS {'|'.join(ATTACHMENTS)} (now {entry.attachments})"]

    def _refusal(self, problem: Problem, ruleset, legal: list[dict], game_id: str, seat: str) -> list[str]:
        rule_id = problem.extra.get("rule_id")
        out = [f"Refused: {problem.detail or problem.title}"]
        if rule_id:
            rule = all_rules().get(rule_id)
            out.append(f"Rule {rule_id}" + (f": {rule.text}" if rule else ""))
        return out + self._missed(game_id, seat) + self._hints(help_lines(ruleset, legal))

    def _missed(self, game_id: str, seat: str) -> list[str]:
        """Why an order may have come too late: a deadline this seat missed since it last acted
        (CORE-deadline: the missed-order policy acted for the seat)."""
        version = self.games.store.version(game_id)
        tail = self.games.store.read(game_id, after=max(0, version - MISSED_LOOKBACK))
        missed = next((e for e in reversed(tail) if e.type == "MissedOrdersApplied" and seat in e.data["seats"]), None)
        if missed is None:
            return []
        if any(e.actor == seat for e in tail[tail.index(missed) + 1:]):
            return []  # the seat has acted since: that deadline is old news
        data = missed.data
        return [f"Too late? Your last deadline ({data['kind']}) passed and its missed-order policy was applied "
                f"for you at version {missed.version}: {data['policy']} (rule CORE-deadline)."]

    @staticmethod
    def _hints(hints: list[str], heading: str = "Legal now:") -> list[str]:
        return [heading, *(f"  {h}" for h in hints)] if hints else ["Nothing is awaited from you now."]

    # ---- replies and the log -----------------------------------------------------------
    def _reply(self, message, receipt: Receipt) -> EmailMessage | None:
        to = normalise(str(message.get("From", "")))  # never Reply-To: a receipt goes to its sender only
        if not to or receipt.game_id is None:
            return None
        reply = EmailMessage()
        reply["From"] = game_address(self.from_address, receipt.game_id)
        reply["To"] = to
        subject = str(message.get("Subject", "")).strip() or "your orders"
        reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
        reply["Date"] = formatdate(localtime=False)
        reply["Message-ID"] = make_msgid(domain=self.from_address.partition("@")[2] or None)
        reply["Auto-Submitted"] = "auto-replied"  # RFC 3834: auto-responders do not answer this
        if message.get("Message-ID"):
            reply["In-Reply-To"] = message["Message-ID"]
            reply["References"] = message["Message-ID"]
        head = [f"Game {receipt.game_id}" + (f", seat {receipt.seat}" if receipt.seat else "")]
        if receipt.outcome == "refused" and not receipt.lines:
            head.append(f"Refused: {receipt.reason}. Nothing was applied.")
        body = head + [""] + receipt.lines
        if receipt.version is not None:
            body += [f"The game is at version {receipt.version}; signed head {receipt.signed_head}"]
        reply.set_content("\n".join(body) + "\n")
        return reply

    def _logged(self, message, raw: bytes, receipt: Receipt, reply) -> tuple[Receipt, EmailMessage | None]:
        log.info("mail %s: %s (%s)", receipt.outcome, receipt.reason, message.get("Message-ID"))
        if receipt.game_id is not None and self.mail_seats.seats(receipt.game_id):
            entry = {"at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                     "message_id": str(message.get("Message-ID", ""))[:200],
                     "sender": normalise(str(message.get("From", ""))), "seat": receipt.seat,
                     "outcome": receipt.outcome, "reason": receipt.reason, "version": receipt.version}
            raw_log = self.games.secrets.get(receipt.game_id, "mail-log")
            entries = (orjson.loads(raw_log) if raw_log else [])[-(LOG_KEEP - 1):]
            self.games.secrets.put(receipt.game_id, "mail-log", orjson.dumps(entries + [entry]))
        return receipt, reply


def _kib(size: int) -> str:
    return f"{size / 1024:.0f}"


def _seen(mid: str) -> str:
    return "mail-seen:" + hashlib.sha256(mid.encode()).hexdigest()


def _fields(data: dict) -> list[str]:
    return [f"{k}={v if isinstance(v, str) else orjson.dumps(v).decode()}" for k, v in data.items()]
