"""Webhooks: the notification channel for bots and servers (Standard Webhooks signatures).

A subscription is per game (the moderator's: every notification once) or per seat (that seat's
notifications only). Subscriptions hold their signing secret, so they live in the game's secret
store, never in the log. Each delivery is a POST of the notification as JSON with
``webhook-id``, ``webhook-timestamp`` and ``webhook-signature: v1,<base64 HMAC-SHA256 of
"id.timestamp.body">`` keyed by the base64 key after ``whsec_``. Deliveries run off the request
thread (in-process: their own small pool, so a slow receiver never holds a combat or replay job;
with REDIS_URL: the ``webhooks`` RQ queue), are retried with exponential backoff, logged per
subscription, and a subscription that keeps failing is disabled with a notice to the moderator
(in the moderator's notifications, and to the game's other moderator subscriptions).

A pending delivery outlives the process that owes it: in-process, it is a row of the store's
file until it is done (``OutboxRunner``); with REDIS_URL, each attempt is an RQ job and a retry a
scheduled one (``RQRunner``). So a retry survives a kill -9 or a restart, and a delivery cut
short by one is attempted again (with the same ``webhook-id``: receivers drop repeats).

Settings (environment): ``CASUS_WEBHOOK_ATTEMPTS`` (5), ``CASUS_WEBHOOK_BACKOFF`` seconds before
the first retry, doubling (2), ``CASUS_WEBHOOK_TIMEOUT`` seconds (5), ``CASUS_WEBHOOK_DISABLE_AFTER``
consecutive failed attempts (10)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
import sqlite3
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from urllib.parse import urlparse

import orjson
import requests

from domain.kernel import MODERATOR
from events.sqlite_store import SQLiteFile
from service.http.problems import validation
from service.notify.notifications import Notices, Notification, appended

log = logging.getLogger(__name__)
LOG_KEEP = 50  # delivery log entries kept per subscription
MAX_SUBSCRIPTIONS = 20  # per game


@dataclass(frozen=True)
class Settings:
    attempts: int = 5
    backoff: float = 2.0
    timeout: float = 5.0
    disable_after: int = 10

    @classmethod
    def from_env(cls) -> "Settings":
        env = os.environ
        return cls(int(env.get("CASUS_WEBHOOK_ATTEMPTS", cls.attempts)),
                   float(env.get("CASUS_WEBHOOK_BACKOFF", cls.backoff)),
                   float(env.get("CASUS_WEBHOOK_TIMEOUT", cls.timeout)),
                   int(env.get("CASUS_WEBHOOK_DISABLE_AFTER", cls.disable_after)))


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """Standard Webhooks: ``v1,`` + base64(HMAC-SHA256(key, "id.timestamp.body"))."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def public(subscription: dict) -> dict:
    """A subscription as its owner reads it again: everything but the secret."""
    return {k: v for k, v in subscription.items() if k != "secret"}


class Webhooks:
    """Subscriptions, their delivery logs and the delivery runner of one service."""

    def __init__(self, games, settings: Settings | None = None):
        self.games = games
        self.secrets = games.secrets
        self.settings = settings or Settings.from_env()
        self.runner = None  # OutboxRunner | RQRunner: wire_webhooks sets it
        self.notices = Notices(games.store, games.secrets)
        self._lock = threading.Lock()  # read-modify-write of one game's subscriptions

    # ---- subscriptions -------------------------------------------------------------------
    def subscriptions(self, game_id: str) -> list[dict]:
        raw = self.secrets.get(game_id, "webhooks")
        return orjson.loads(raw) if raw else []

    def _save(self, game_id: str, subscriptions: list[dict]) -> None:
        self.secrets.put(game_id, "webhooks", orjson.dumps(subscriptions))

    def subscribe(self, game_id: str, seat: str, url: str) -> dict:
        """A new subscription for ``seat``'s notifications (the moderator's: the game's); the
        answer is the only time its secret is shown."""
        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise validation({"url": "an http(s) URL"})
        subscription = {"id": "wh_" + uuid.uuid4().hex[:16], "seat": seat, "url": url, "secret": new_secret(),
                        "active": True, "failures": 0, "disabled_reason": None,
                        "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        with self._lock:
            subscriptions = self.subscriptions(game_id)
            if len(subscriptions) >= MAX_SUBSCRIPTIONS:
                raise validation({"url": f"a game has at most {MAX_SUBSCRIPTIONS} webhooks"})
            self._save(game_id, subscriptions + [subscription])
        return subscription

    def unsubscribe(self, game_id: str, seat: str, subscription_id: str) -> bool:
        with self._lock:
            subscriptions = self.subscriptions(game_id)
            kept = [s for s in subscriptions if not (s["id"] == subscription_id and seat in (s["seat"], MODERATOR))]
            self._save(game_id, kept)
        return len(kept) < len(subscriptions)

    def deliveries(self, game_id: str, subscription_id: str) -> list[dict]:
        raw = self.secrets.get(game_id, f"webhook-log:{subscription_id}")
        return orjson.loads(raw) if raw else []

    # ---- fan-out (the write path's hook: cheap, never waits on a receiver) ----------------
    def after_events(self, game_id: str, rules, envelopes, events) -> None:
        subscriptions = [s for s in self.subscriptions(game_id) if s["active"]]
        if not subscriptions:
            return
        for note in appended(self.games, game_id, list(envelopes)):
            self.enqueue(game_id, note, subscriptions)

    def enqueue(self, game_id: str, note: Notification, subscriptions: list[dict]) -> None:
        body = orjson.dumps({"type": note.kind, "timestamp": note.at, "data": note.to_dict()})
        for subscription in subscriptions:
            if subscription["seat"] == note.seat:
                self.runner.queue_delivery(game_id, subscription["id"], note.id, body)

    # ---- delivery ------------------------------------------------------------------------
    def deliver(self, game_id: str, subscription_id: str, message_id: str, body: bytes,
                attempt: int) -> float | None:
        """One attempt, logged. Returns the seconds to wait before the next attempt (doubling),
        or None when there is none: delivered, attempts used up, or the webhook disabled or gone."""
        subscription = next((s for s in self.subscriptions(game_id) if s["id"] == subscription_id), None)
        if subscription is None or not subscription["active"]:
            return None
        timestamp = int(time.time())
        headers = {"content-type": "application/json", "webhook-id": message_id,
                   "webhook-timestamp": str(timestamp),
                   "webhook-signature": sign(subscription["secret"], message_id, timestamp, body)}
        started, status, error = time.perf_counter(), None, None
        try:
            response = requests.post(subscription["url"], data=body, headers=headers, timeout=self.settings.timeout,
                                     allow_redirects=False)
            status = response.status_code
            ok = 200 <= status < 300
        except requests.RequestException as failure:
            ok, error = False, type(failure).__name__
        entry = {"message_id": message_id, "attempt": attempt, "ok": ok, "status": status, "error": error,
                 "at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                 "ms": round((time.perf_counter() - started) * 1000, 1)}
        disabled = self._record(game_id, subscription_id, entry)
        if ok or disabled or attempt >= self.settings.attempts:
            return None
        return self.settings.backoff * 2 ** (attempt - 1)

    def _record(self, game_id: str, subscription_id: str, entry: dict) -> bool:
        """Log the attempt; disable the subscription after too many failures in a row (True)."""
        with self._lock:
            log = self.deliveries(game_id, subscription_id)[-(LOG_KEEP - 1):] + [entry]
            self.secrets.put(game_id, f"webhook-log:{subscription_id}", orjson.dumps(log))
            subscriptions = self.subscriptions(game_id)
            found = next((s for s in subscriptions if s["id"] == subscription_id), None)
            if found is None:
                return True
            found["failures"] = 0 if entry["ok"] else found["failures"] + 1
            disabled = found["active"] and found["failures"] >= self.settings.disable_after
            if disabled:
                found["active"] = False
                found["disabled_reason"] = f"{found['failures']} failed deliveries in a row"
            self._save(game_id, subscriptions)
        if disabled:
            self._notify_moderator(game_id, found)
        return disabled

    def _notify_moderator(self, game_id: str, disabled: dict) -> None:
        """The notice to the moderator: a ``webhook_disabled`` notification in the moderator's
        notifications, and to the game's moderator subscriptions still active (the disabled one
        is listed as such)."""
        note = Notification(f"msg_{game_id}_{disabled['id']}_disabled", game_id, 0, MODERATOR, "webhook_disabled",
                            datetime.now(timezone.utc).isoformat(timespec="seconds"),
                            {"subscription": public(disabled)})
        self.notices.post(note)
        self.enqueue(game_id, note, [s for s in self.subscriptions(game_id) if s["active"]])


OUTBOX = """CREATE TABLE IF NOT EXISTS webhook_outbox (
    game_id TEXT NOT NULL, subscription_id TEXT NOT NULL, message_id TEXT NOT NULL, body BLOB NOT NULL,
    attempt INTEGER NOT NULL, due REAL NOT NULL, lease REAL NOT NULL,
    PRIMARY KEY (game_id, subscription_id, message_id))"""
OUTBOX_INDEX = "CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox (due)"
LEASE_MARGIN = 10.0  # seconds a claim outlasts the attempt's timeout (the log write, a busy file)
POLL_SECONDS = 1.0  # how often a process looks for rows of processes that died
CLAIM_BATCH = 16


class OutboxRunner:
    """Embedded default: each pending delivery is a row of the store's file (``webhook_outbox``),
    with the attempt it is at and when that is due. The process that queues one claims it and
    attempts it at once on its pool; a failed attempt writes the next one's instant back, the
    last one deletes the row. While the outbox holds any row, every process of the file looks
    for rows due and unclaimed (each claimed by one UPDATE: of two processes, one wins) and
    attempts them. A claim is a lease (the attempt's timeout and a margin), so a process killed
    mid-attempt holds its row no longer than that; a process starting re-drives whatever is due."""

    def __init__(self, webhooks: Webhooks, path: str, workers: int = 4):
        self.webhooks = webhooks
        self._file = SQLiteFile(path)  # a connection per OS thread, with the stores' pragmas
        self._file().execute(OUTBOX)
        self._file().execute(OUTBOX_INDEX)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="casus-webhook")
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._polling = False

    def start(self) -> "OutboxRunner":
        """Re-drive what earlier processes left (killed, stopped, restarted)."""
        if not self._empty():
            self._poll_while_pending()
        return self

    def queue_delivery(self, game_id: str, subscription_id: str, message_id: str, body: bytes) -> None:
        """A new delivery: its row, claimed by this process, and its first attempt now."""
        moment = time.time()
        row = (game_id, subscription_id, message_id, body, 1)
        if self._file().execute("INSERT OR IGNORE INTO webhook_outbox VALUES (?, ?, ?, ?, ?, ?, ?)",
                                (*row, moment, moment + self._lease())).rowcount:
            self.pool.submit(self._attempt, row)
            self._poll_while_pending()

    def _lease(self) -> float:
        return self.webhooks.settings.timeout + LEASE_MARGIN

    def _attempt(self, row: tuple) -> None:
        """One attempt of a claimed row; then the row deleted (no attempt owed) or at its next."""
        game_id, subscription_id, message_id, _, attempt = row
        key = "WHERE game_id = ? AND subscription_id = ? AND message_id = ?"
        try:
            delay = self.webhooks.deliver(*row)
            if delay is None:
                self._file().execute(f"DELETE FROM webhook_outbox {key}", (game_id, subscription_id, message_id))
                return
            self._file().execute(f"UPDATE webhook_outbox SET attempt = ?, due = ?, lease = 0 {key}",
                                 (attempt + 1, time.time() + delay, game_id, subscription_id, message_id))
        except Exception:  # the row stays claimed until its lease ends, then a process attempts it again
            log.exception("webhook delivery %s to %s: attempt %s failed", message_id, subscription_id, attempt)
            return
        self._wake.set()

    def _empty(self) -> bool:
        return self._file().execute("SELECT 1 FROM webhook_outbox LIMIT 1").fetchone() is None

    def _poll_while_pending(self) -> None:
        with self._lock:
            if self._polling:
                self._wake.set()
                return
            self._polling = True
        threading.Thread(target=self._poll, name="casus-webhook-outbox", daemon=True).start()

    def _poll(self) -> None:
        while True:
            try:
                wait = self._claim_due()
            except sqlite3.Error:  # a busy file: look again soon
                log.exception("webhook outbox: claiming due deliveries failed")
                wait = POLL_SECONDS
            if wait is None:
                with self._lock:  # a delivery queued meanwhile is seen here, or starts a new loop
                    if self._empty():
                        self._polling = False
                        return
                wait = 0.0
            self._wake.wait(max(0.01, wait))
            self._wake.clear()

    def _claim_due(self) -> float | None:
        """Claim and attempt the rows due now; returns the seconds until the next look (None:
        the outbox is empty)."""
        db, moment = self._file(), time.time()
        due = db.execute("SELECT game_id, subscription_id, message_id, body, attempt FROM webhook_outbox "
                         "WHERE due <= ? AND lease <= ? ORDER BY due LIMIT ?", (moment, moment, CLAIM_BATCH)).fetchall()
        for game_id, subscription_id, message_id, body, attempt in due:
            if db.execute("UPDATE webhook_outbox SET lease = ? WHERE game_id = ? AND subscription_id = ? "
                          "AND message_id = ? AND attempt = ? AND lease <= ?",
                          (moment + self._lease(), game_id, subscription_id, message_id, attempt, moment)).rowcount:
                self.pool.submit(self._attempt, (game_id, subscription_id, message_id, bytes(body), attempt))
        claimable = db.execute("SELECT MIN(MAX(due, lease)) FROM webhook_outbox").fetchone()[0]
        return None if claimable is None else min(POLL_SECONDS, claimable - time.time())


def deliver_job(game_id: str, subscription_id: str, message_id: str, body: bytes, attempt: int,
                services=None) -> dict:
    """RQ job (queue ``webhooks``): one delivery attempt, and the next one scheduled if one is owed."""
    from service.jobs import _services

    webhooks = _services(services).webhooks
    delay = webhooks.deliver(game_id, subscription_id, message_id, body, attempt)
    if delay is not None:
        webhooks.runner.retry(delay, game_id, subscription_id, message_id, body, attempt + 1)
    return {"attempt": attempt, "next_in": delay}


class RQRunner:
    """Redis mode: each attempt is a job on the deployment's ``webhooks`` queue, retried if its
    worker dies mid-attempt (service/jobs/redis_jobs.py); a retry is a job scheduled at its
    instant (``enqueue_in``), kept in Redis, not in any process."""

    def __init__(self, queue):
        self.queue = queue  # the deployment's ``<prefix>:webhooks``, the one its workers read

    def queue_delivery(self, game_id: str, subscription_id: str, message_id: str, body: bytes) -> None:
        self.queue.enqueue(deliver_job, game_id, subscription_id, message_id, body, 1,
                           result_ttl=3600, failure_ttl=86400)

    def retry(self, delay: float, *args) -> None:
        self.queue.enqueue_in(timedelta(seconds=delay), deliver_job, *args, result_ttl=3600, failure_ttl=86400)


def wire_webhooks(services) -> None:
    """Bootstrap: the service's webhooks, fed by every command the write path handles; in-process,
    the outbox of the store's file is re-driven now."""
    webhooks = Webhooks(services.games)
    webhooks.runner = (RQRunner(services.jobs.queues["webhooks"]) if services.config.redis_url
                       else OutboxRunner(webhooks, services.config.database).start())
    services.webhooks = webhooks
    services.games.listeners.append(webhooks.after_events)
