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


HOUR = 3600
# RFC 5545 wants DTEND after DTSTART: a deadline without a grace period is shown as this mark.
MARK = 15 * 60


def _stamp(recorded_at: str) -> int:
    return int(datetime.fromisoformat(recorded_at.replace("Z", "+00:00")).timestamp())


def deadlines(store, game_id: str) -> list[dict]:
    """Every deadline the log holds, as it stands: extended, closed, or cancelled (superseded by
    a pause, whose resume opens a fresh deadline, or by an undo, which brings its step back
    under a new one). Each keeps its ``sequence`` (RFC 5545 SEQUENCE: one more per change a
    calendar shows) and ``stamp`` (when it last changed)."""
    found: dict[str, dict] = {}
    grace = 0

    def change(deadline: dict, envelope, **values) -> None:
        deadline.update(values, sequence=deadline["sequence"] + 1, stamp=_stamp(envelope.recorded_at))

    for envelope in iter_all(store, game_id):
        data = envelope.data
        match envelope.type:
            case "ScheduleSet":
                grace = data["grace_hours"]
            case "DeadlineOpened":
                found[data["deadline_id"]] = {
                    **data, "owes": data.get("owes") or {}, "version": envelope.version, "status": "open",
                    "closed_at": None, "end": data["due"] + grace * HOUR, "sequence": 0,
                    "stamp": _stamp(envelope.recorded_at)}
            case "DeadlineExtended" if data["deadline_id"] in found:
                change(found[data["deadline_id"]], envelope, due=data["due"], end=data["due"] + grace * HOUR)
            case "GracePeriodStarted" if data["deadline_id"] in found:
                deadline = found[data["deadline_id"]]
                if deadline["end"] != data["until"]:
                    change(deadline, envelope, end=data["until"])
            case "MissedOrdersApplied" | "DeadlineClosed" if data["deadline_id"] in found:
                deadline = found[data["deadline_id"]]
                if deadline["status"] == "open":
                    deadline.update(status="closed", closed_at=envelope.version)
            case "SchedulePaused" | "ScheduleResumed":
                for deadline in found.values():
                    if deadline["status"] == "open":
                        change(deadline, envelope, status="cancelled")
            case "EventsReverted":
                for deadline in found.values():
                    undone = deadline["version"] > data["to_version"] or deadline["status"] == "open" or (
                        deadline["status"] == "closed" and deadline["closed_at"] > data["to_version"])
                    if undone and deadline["status"] != "cancelled":
                        change(deadline, envelope, status="cancelled")
    return list(found.values())


def _instant(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, timezone.utc)


def _owed(deadline: dict, seats: list[str]) -> list[str]:
    """"player1 (GE)" per seat; the seat alone when the log predates the powers."""
    owes = deadline["owes"]
    return [f"{seat} ({', '.join(owes[seat])})" if owes.get(seat) else seat for seat in seats]


def ics(game_id: str, ruleset: str, found: list[dict], seat: str | None) -> bytes:
    """The feed: one VEVENT per deadline ``seat`` owed (every deadline without a seat, or for
    the moderator), from its due instant to the end of its grace period (a short mark without
    one), naming the powers that owe; a superseded one CANCELLED under its UID."""
    calendar = Calendar()
    calendar.add("prodid", "-//Casus Belli//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{ruleset} {game_id[:8]} deadlines" + (f" ({seat})" if seat else ""))
    for deadline in found:
        if seat not in (None, MODERATOR) and seat not in deadline["owing"]:
            continue
        shown = list(deadline["owing"]) if seat in (None, MODERATOR) else [seat]
        powers = [p for s in shown for p in deadline["owes"].get(s, ())] or shown
        kind = deadline["kind"].replace("_", " ")
        grace = deadline["end"] > deadline["due"]
        event = Event()
        event.add("uid", f"{deadline['deadline_id']}@{game_id}.casus-belli")
        event.add("sequence", deadline["sequence"])
        event.add("dtstamp", _instant(deadline["stamp"]))
        event.add("created", _instant(deadline["opened_at"]))
        event.add("dtstart", _instant(deadline["due"]))
        event.add("dtend", _instant(deadline["end"] if grace else deadline["due"] + MARK))
        event.add("transp", "TRANSPARENT")  # a deadline does not make anyone busy
        event.add("summary", f"{', '.join(powers)}: {kind} deadline")
        event.add("description", f"Orders for {kind} owed by {', '.join(_owed(deadline, shown))}"
                                 + ("; the grace period ends at DTEND" if grace else ""))
        event.add("status", "CANCELLED" if deadline["status"] == "cancelled" else "CONFIRMED")
        calendar.add_component(event)
    return calendar.to_ical()
