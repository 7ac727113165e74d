"""The calendar feed of a game's deadlines (``GET /games/{id}/calendar.ics``, icalendar):
every deadline from the log, per seat with a feed token (calendar apps send no headers, so the
token is in the URL; it is derived for the feed alone and reads nothing but the feed)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timezone

from icalendar import Calendar, Event

from domain.kernel import MODERATOR
from events.store import iter_all


def _key(secret_store, game_id: str) -> bytes:
    key = secret_store.get(game_id, "calendar_key")
    if key is None:
        key = secrets.token_bytes(32)
        secret_store.put(game_id, "calendar_key", key)
    return key


def feed_token(secret_store, game_id: str, seat: str) -> str:
    return hmac.new(_key(secret_store, game_id), f"calendar:{seat}".encode(), hashlib.sha256).hexdigest()[:32]


def seat_of(secret_store, game_id: str, seats, token: str) -> str | None:
    """The seat a feed token belongs to, compared in constant time against every seat's."""
    found = None
    for seat in (*seats, MODERATOR):
        if hmac.compare_digest(feed_token(secret_store, game_id, seat), token):
            found = seat
    return found


def deadlines(store, game_id: str) -> list[dict]:
    """Every deadline the log holds, as it stands: extended, closed, or cancelled by an undo
    (an undo brings its step back under a new deadline)."""
    found: dict[str, dict] = {}
    for envelope in iter_all(store, game_id):
        data = envelope.data
        match envelope.type:
            case "DeadlineOpened":
                found[data["deadline_id"]] = {**data, "version": envelope.version, "status": "open"}
            case "DeadlineExtended" if data["deadline_id"] in found:
                found[data["deadline_id"]]["due"] = data["due"]
            case "MissedOrdersApplied" | "DeadlineClosed" if data["deadline_id"] in found:
                found[data["deadline_id"]]["status"] = "closed"
            case "EventsReverted":
                for deadline in found.values():
                    if deadline["version"] > data["to_version"] or deadline["status"] == "open":
                        deadline["status"] = "cancelled"
    return list(found.values())


def _instant(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, timezone.utc)


def ics(game_id: str, ruleset: str, found: list[dict], seat: str | None) -> bytes:
    """The feed: one VEVENT per deadline ``seat`` owed (every deadline without a seat, or for
    the moderator), at its due instant."""
    calendar = Calendar()
    calendar.add("prodid", "-//Casus Belli//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{ruleset} {game_id[:8]} deadlines" + (f" ({seat})" if seat else ""))
    for deadline in found:
        if seat not in (None, MODERATOR) and seat not in deadline["owing"]:
            continue
        event = Event()
        event.add("uid", f"{deadline['deadline_id']}@{game_id}.casus-belli")
        event.add("dtstamp", _instant(deadline["opened_at"]))
        event.add("dtstart", _instant(deadline["due"]))
        event.add("summary", f"Deadline: {deadline['kind'].replace('_', ' ')}")
        event.add("description", "Owed by " + ", ".join(deadline["owing"]))
        event.add("status", "CANCELLED" if deadline["status"] == "cancelled" else "CONFIRMED")
        calendar.add_component(event)
    return calendar.to_ical()
