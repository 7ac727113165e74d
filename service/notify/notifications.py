"""One notification stream per seat, derived from a game's events (CORE-deadline): your move,
deadline soon, deadline passed and what was applied, step resolved, game over. Only public
platform events feed it, so a notification can never carry a sealed value or another seat's
secret. Channels deliver it: webhooks now (service/webhooks.py)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable

from domain.kernel import MODERATOR
from domain.kernel.schedule_views import instant
from events.envelope import PUBLIC, Envelope
from events.store import EventStore

KINDS = ("your_move", "deadline_soon", "grace_period", "deadline_passed", "step_resolved", "game_over")


@dataclass(frozen=True)
class Notification:
    id: str  # unique per game, version and seat: the webhook-id of every delivery of it
    game_id: str
    version: int
    seat: str
    kind: str
    at: str  # when the event was recorded
    data: dict

    def to_dict(self) -> dict:
        return asdict(self)


def _recipients(envelope: Envelope, seats: Iterable[str]) -> tuple[tuple[str, ...], str, dict] | None:
    """(seats told, kind, data) of one event, or None when it tells nobody anything."""
    data, everyone = envelope.data, tuple(seats)
    match envelope.type:
        case "DeadlineOpened":
            return tuple(data["owing"]), "your_move", {
                "deadline_id": data["deadline_id"], "step_kind": data["kind"], "due": instant(data["due"])}
        case "DeadlineExtended":
            return everyone, "your_move", {"deadline_id": data["deadline_id"], "due": instant(data["due"])}
        case "ReminderSent":
            return tuple(data["seats"]), "deadline_soon", {
                "deadline_id": data["deadline_id"], "hours_before": data["hours_before"]}
        case "GracePeriodStarted":
            return tuple(data["late"]), "grace_period", {
                "deadline_id": data["deadline_id"], "until": instant(data["until"])}
        case "MissedOrdersApplied":
            return everyone, "deadline_passed", {key: data[key] for key in (
                "deadline_id", "policy", "seats", "orders", "reason")}
        case "DeadlineClosed":
            return everyone, "step_resolved", {key: data[key] for key in ("deadline_id", "on_time", "late", "missed")}
        case "DiceSeedRevealed" if not data.get("next_commitment"):
            return everyone, "game_over", {}
    return None


def notifications(envelope: Envelope, seats: Iterable[str]) -> list[Notification]:
    """What one stored event tells each seat; the moderator is told everything once."""
    if envelope.visibility != PUBLIC:
        return []
    found = _recipients(envelope, seats)
    if found is None:
        return []
    told, kind, data = found
    return [Notification(f"msg_{envelope.game_id}_{envelope.version}_{seat}", envelope.game_id, envelope.version,
                         seat, kind, envelope.recorded_at, data) for seat in (*sorted(set(told)), MODERATOR)]


def stream(store: EventStore, game_id: str, seats: Iterable[str], seat: str, after: int = 0,
           limit: int = 100) -> tuple[list[Notification], int]:
    """A seat's notifications after a version, a page of the log at a time; returns them and
    the version read up to (the next page's ``after``)."""
    seats = tuple(seats)
    found: list[Notification] = []
    while len(found) < limit:
        page = store.read(game_id, after=after, limit=500)
        if not page:
            break
        for envelope in page:
            after = envelope.version
            found += [n for n in notifications(envelope, seats) if n.seat == seat]
            if len(found) >= limit:
                break
    return found[:limit], after
