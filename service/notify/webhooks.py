"""Webhooks: the notification channel for bots and servers (Standard Webhooks signatures).

A subscription is per game (the moderator's: every notification once) or per seat (that seat's
notifications only). Subscriptions hold their signing secret, so they live in the game's secret
store, never in the log. Each delivery is a POST of the notification as JSON with
``webhook-id``, ``webhook-timestamp`` and ``webhook-signature: v1,<base64 HMAC-SHA256 of
"id.timestamp.body">`` keyed by the base64 key after ``whsec_``. Deliveries run off the request
thread (in-process: their own small pool, so a slow receiver never holds a combat or replay job;
with REDIS_URL: the ``webhooks`` RQ queue), are retried with exponential backoff, logged per
subscription, and a subscription that keeps failing is disabled with a notice to the game's
other moderator subscriptions.

Settings (environment): ``CASUS_WEBHOOK_ATTEMPTS`` (5), ``CASUS_WEBHOOK_BACKOFF`` seconds before
the first retry, doubling (2), ``CASUS_WEBHOOK_TIMEOUT`` seconds (5), ``CASUS_WEBHOOK_DISABLE_AFTER``
consecutive failed attempts (10)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
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
from service.notify.notifications import Notification, notifications
from service.http.problems import validation

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

    def __init__(self, games, runner=None, settings: Settings | None = None):
        self.games = games
        self.secrets = games.secrets
        self.settings = settings or Settings.from_env()
        self.runner = runner or InProcessRunner(self)
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
        state = None
        for envelope in envelopes:
            if envelope.type not in NOTIFYING:
                continue
            if state is None:
                subscriptions = [s for s in self.subscriptions(game_id) if s["active"]]
                if not subscriptions:
                    return
                state = self.games.load(game_id)
            for note in notifications(envelope, state.seats):
                self.enqueue(game_id, note, subscriptions)

    def enqueue(self, game_id: str, note: Notification, subscriptions: list[dict]) -> None:
        body = orjson.dumps({"type": note.kind, "timestamp": note.at, "data": note.to_dict()})
        for subscription in subscriptions:
            if subscription["seat"] == note.seat:
                self.runner.submit(0, game_id, subscription["id"], note.id, body, 1)

    # ---- delivery ------------------------------------------------------------------------
    def deliver(self, game_id: str, subscription_id: str, message_id: str, body: bytes, attempt: int) -> bool:
        """One attempt; a failure is retried after a doubling delay until the attempts run out."""
        subscription = next((s for s in self.subscriptions(game_id) if s["id"] == subscription_id), None)
        if subscription is None or not subscription["active"]:
            return False
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
        if not ok and not disabled and attempt < self.settings.attempts:
            delay = self.settings.backoff * 2 ** (attempt - 1)
            self.runner.submit(delay, game_id, subscription_id, message_id, body, attempt + 1)
        return ok

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
        """The notice to the moderator: a ``webhook_disabled`` notification to the game's
        moderator subscriptions still active (the disabled one is listed as such)."""
        note = Notification(f"msg_{game_id}_{disabled['id']}_disabled", game_id, 0, MODERATOR, "webhook_disabled",
                            datetime.now(timezone.utc).isoformat(timespec="seconds"),
                            {"subscription": public(disabled)})
        self.enqueue(game_id, note, [s for s in self.subscriptions(game_id) if s["active"]])


NOTIFYING = frozenset({"DeadlineOpened", "DeadlineExtended", "ReminderSent", "GracePeriodStarted",
                       "MissedOrdersApplied", "DeadlineClosed", "DiceSeedRevealed"})


class InProcessRunner:
    """Embedded default: deliveries on a pool of their own; a retry waits on a timer."""

    def __init__(self, webhooks: Webhooks, workers: int = 4):
        self.webhooks = webhooks
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="casus-webhook")

    def submit(self, delay: float, *args) -> None:
        if delay <= 0:
            self.pool.submit(self.webhooks.deliver, *args)
            return
        timer = threading.Timer(delay, self.pool.submit, (self.webhooks.deliver, *args))
        timer.daemon = True
        timer.start()


def deliver_job(game_id: str, subscription_id: str, message_id: str, body: bytes, attempt: int, services=None) -> bool:
    """RQ job (queue ``webhooks``): one delivery attempt."""
    from service.jobs import _services

    return _services(services).webhooks.deliver(game_id, subscription_id, message_id, body, attempt)


class RQRunner:
    """Redis mode: each attempt is a job; a retry is ``enqueue_in`` its backoff."""

    def __init__(self, queue):
        self.queue = queue  # the deployment's ``<prefix>:webhooks``, the one its workers read

    def submit(self, delay: float, *args) -> None:
        if delay <= 0:
            self.queue.enqueue(deliver_job, *args, result_ttl=3600, failure_ttl=86400)
        else:
            self.queue.enqueue_in(timedelta(seconds=delay), deliver_job, *args, result_ttl=3600, failure_ttl=86400)


def wire_webhooks(services) -> None:
    """Bootstrap: the service's webhooks, fed by every command the write path handles."""
    runner = RQRunner(services.jobs.queues["webhooks"]) if services.config.redis_url else None
    services.webhooks = Webhooks(services.games, runner)
    services.games.listeners.append(services.webhooks.after_events)
