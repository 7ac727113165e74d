"""Turn reports by mail, and the mail loop of ``casus mail``.

A report is due to a seat by its preference (service/mail/seats.py): ``events`` after every
change; ``steps`` when the step the game waits in (the ruleset's deadline step, CORE-deadline)
changes and the seat owed orders in the step that ended or owes them in the one that began, and
when a turn ends: what others did in between comes in that next report (a ruleset with no timed
step, Totaler Krieg! chapter 13, ends one with every change, for everyone; the moderator, who runs
the game, hears of every step); ``turns`` when a turn ends; to a seat a deadline reminder or grace
period names, whatever its preference; and to everyone when the game ends. A report carries what
the seat chose (``attachments``: lean by default). It covers everything since that seat's last
report (a per-seat cursor in the secret store, advanced only once the relay took the mail, so a
relay outage delays reports and loses none).

The loop is one process per deployment (``casus mail serve``): it reads the mailbox oldest first,
applies each message in arrival order (orders of one game must not overtake each other) through
the same write path as the API, sends the receipt, marks the message done, then sends the reports
any change made (by mail, the API, a deadline or a combat job) made due. It waits with IMAP IDLE,
so a mail is answered as it arrives."""
from __future__ import annotations

import logging
import time

import orjson

from domain.kernel import MODERATOR
from domain.kernel.schedule_rules import current_step
from service.http.error_responses import as_problem
from service.mail import reports
from service.notify.notifications import notifications
from service.mail.processor import OrderDesk, game_address
from service.mail.seats import MailSeat, MailSeats
from service.mail.transport import Inbox, MailLoginFailed, MailSettings, MailUnavailable, Outbox

log = logging.getLogger("casus.mail")
NUDGES = frozenset({"ReminderSent", "GracePeriodStarted"})  # "your deadline is near" (CORE-deadline)


def _moment(rules, state) -> dict:
    """Where the game is, as far as reports care: its step and the seats owing orders in it
    (None: everyone, in a ruleset without a timed step), its turn, its version."""
    declared = rules.platform.deadlines
    step = current_step(rules.platform, state)
    untimed = declared is None or bool(declared.untimed)
    return {"version": state.version,
            "step": f"v{state.version}" if untimed else (step.key if step else None),
            "awaited": None if untimed else sorted(step.owing) if step else [],
            "turn": getattr(state.domain, "turn", None),
            "over": rules.decider.is_terminal(state.domain)}


def _step_report(seat: str, before: dict | None, now: dict) -> bool:
    """``steps``: the step changed and this seat owed orders in the one that ended or owes them in
    the one that began (the moderator: any step; everyone where no step is timed), or a turn ended."""
    if before is None or before["turn"] != now["turn"]:
        return True
    if before["step"] == now["step"]:
        return False
    involved = before.get("awaited"), now["awaited"]  # a moment stored before "awaited": everyone
    return seat == MODERATOR or None in involved or any(seat in seats for seats in involved)


class MailRoom:
    """The mail side of one deployment: the order desk, the reports, the loop."""

    def __init__(self, services, settings: MailSettings, outbox: Outbox | None = None):
        self.games = services.games
        self.settings = settings
        self.outbox = outbox or Outbox(settings)
        self.desk = OrderDesk(services, settings.from_address)
        self.mail_seats = MailSeats(self.games.secrets)

    # ---- incoming ----------------------------------------------------------------------
    def receive(self, raw: bytes, size: int | None = None):
        """Apply one message, send its receipt, then the reports it made due. ``size``: the
        message's size when ``raw`` is its header alone (the transport fetches no more of a
        message over the limit)."""
        receipt, reply = self.desk.process(raw) if size is None else self.desk.oversized(raw, size)
        if reply is not None:
            self.outbox.send(reply)
        self.desk.mark_seen(receipt)
        if receipt.game_id is not None and receipt.outcome != "ignored":
            self.send_reports(receipt.game_id)
        return receipt

    def poll(self, inbox: Inbox) -> int:
        """Process what the mailbox holds now; returns how many messages were handled."""
        handled = 0
        for incoming in inbox.fetch():
            try:
                self.receive(incoming.raw, None if incoming.whole else incoming.size)
            except Exception as error:
                if isinstance(error, MailUnavailable) or as_problem(error).status == 503:
                    raise  # the relay or the store is down: the message waits in the mailbox for the retry
                # Anything else would fail again on every retry: set the message aside (flag it
                # done, keep it in the mailbox for the operator) rather than block the games behind it.
                log.exception("mail: message %s could not be processed; flagged done, left in the mailbox",
                              incoming.uid)
            inbox.done(incoming.uid)
            handled += 1
        return handled

    # ---- reports -----------------------------------------------------------------------
    def send_reports(self, game_id: str) -> int:
        """Send the reports the game's changes since the last look made due; returns how many."""
        registered = self.mail_seats.seats(game_id)
        if not registered:
            return 0
        state = self.games.load(game_id)
        rules = self.games.rules(game_id)
        raw = self.games.secrets.get(game_id, "mail-moment")
        before = orjson.loads(raw) if raw else None
        now = _moment(rules, state)
        if before is not None and before["version"] == now["version"]:
            return 0
        turned = before is None or before["turn"] != now["turn"]
        nudged = self._nudged(game_id, state.seats, 0 if before is None else before["version"], now["version"])
        sent = 0
        for entry in registered.values():
            due = {"events": True, "steps": _step_report(entry.seat, before, now), "turns": turned}[entry.notify]
            if due or now["over"] or entry.seat in nudged:
                sent += self._report(game_id, entry, state.version)
        self.games.secrets.put(game_id, "mail-moment", orjson.dumps(now))
        return sent

    def _nudged(self, game_id: str, seats, after: int, until: int) -> set[str]:
        """Seats a deadline reminder or a grace period named since the last look: whatever their
        preference, they get a report now (it says what they owe and by when)."""
        return {note.seat for envelope in self.games.store.read(game_id, after=after, until=until)
                if envelope.type in NUDGES for note in notifications(envelope, seats)}

    def _report(self, game_id: str, entry: MailSeat, version: int) -> int:
        cursor_name = f"mail-cursor:{entry.seat}"
        raw = self.games.secrets.get(game_id, cursor_name)
        after = int(raw) if raw else 0
        if after >= version:
            return 0
        report = reports.build_report(self.games, game_id, entry.seat, after)
        self.outbox.send(reports.report_message(report, game_address(self.settings.from_address, game_id),
                                                list(entry.addresses), entry.attachments))
        self.games.secrets.put(game_id, cursor_name, str(report.version).encode())
        return 1

    # ---- the loop ----------------------------------------------------------------------
    def serve(self, stop=lambda: False, idle_seconds: float | None = None) -> None:
        """Read, apply, answer, report; until ``stop()``. A mailbox or relay outage is logged
        and retried (the message stays in the mailbox until it was answered)."""
        idle = self.settings.poll_seconds if idle_seconds is None else idle_seconds
        while not stop():
            try:
                with Inbox(self.settings) as inbox:
                    while not stop():
                        self.poll(inbox)
                        for game_id in self.mail_seats.games():
                            self.send_reports(game_id)
                        inbox.wait(idle)
            except MailLoginFailed:
                raise  # the settings are wrong: retrying cannot help
            except (MailUnavailable, OSError) as error:
                log.warning("mail: %s; trying again in %.0f s", error, idle)
                time.sleep(min(idle, 30))

