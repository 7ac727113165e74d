"""One notification stream per seat, derived from a game's events (CORE-deadline): your move,
deadline soon, deadline passed and what was applied, step resolved, game over. Only public
platform events feed it, so a notification can never carry a sealed value or another seat's
secret. Service notices (a webhook disabled) join the stream of the seat they tell (``Notices``).
Channels deliver it: webhooks now (service/notify/webhooks.py).

"Your move" follows who is awaited, schedule or not: after each command, a seat that now owes
orders in a step it did not owe them in before is told (``along``: the log folded command by
command; the ruleset's step says who owes, never what anyone ordered). When a deadline is about
to open for that step, its ``DeadlineOpened`` tells the seat instead, with the due instant."""
from __future__ import annotations

import threading
from dataclasses import asdict, dataclass
from typing import Iterable, Iterator

import orjson

from domain.kernel import MODERATOR
from domain.kernel.schedule import Step, needs_opening
from domain.kernel.schedule_rules import current_step
from domain.kernel.schedule_views import instant
from events.envelope import PUBLIC, Envelope
from events.store import EventStore

KINDS = ("your_move", "deadline_soon", "grace_period", "deadline_passed", "step_resolved", "game_over")
NOTICES_KEPT = 50  # service notices kept per game


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
                "deadline_id": data["deadline_id"], "step_kind": data["kind"], "due": instant(data["due"]),
                "owes": data.get("owes") or {}}
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


def your_move(game_id: str, version: int, at: str, before: Step | None, after: Step | None,
              deadline_next: bool) -> list[Notification]:
    """``your_move`` to each seat that owes orders in ``after`` (the step a command left the game
    in) and did not in ``before``; nobody when a deadline opens for it next (``deadline_next``:
    its DeadlineOpened tells them, with the due instant). The moderator is told once."""
    if after is None or deadline_next:
        return []
    told = sorted(seat for seat in after.owing
                  if before is None or before.key != after.key or seat not in before.owing)
    if not told:
        return []
    data = {"deadline_id": None, "step_kind": after.kind, "due": None,
            "owes": {seat: list(after.owing[seat]) for seat in told}}
    return [Notification(f"msg_{game_id}_{version}_{seat}_your_move", game_id, version, seat, "your_move", at, data)
            for seat in dict.fromkeys((*told, MODERATOR))]


def along(games, game_id: str, after: int = 0, until: int | None = None,
          page: int = 500) -> Iterator[tuple[int, list[Notification]]]:
    """The game's notifications command by command after version ``after`` (up to ``until``):
    (the version read up to, what that command's events told every seat). The log is folded on
    from the state at ``after`` (``games``: GameService), so "your move" knows who is awaited."""
    rules = games.rules(game_id)
    if after >= games.store.version(game_id):
        return
    state = games.load(game_id, at=after) if after else rules.platform.initial_state(game_id)
    step = current_step(rules.platform, state)
    group: list[Envelope] = []

    def told(group: list[Envelope]) -> list[Notification]:
        nonlocal state, step
        state = games.timeline.fold(rules, state, group)
        before, step = step, current_step(rules.platform, state)
        last = group[-1]
        notes = [n for envelope in group for n in notifications(envelope, state.seats)]
        return notes + your_move(game_id, last.version, last.recorded_at, before, step,
                                 needs_opening(state.schedule, step))

    while True:
        batch = games.store.read(game_id, after=group[-1].version if group else state.version, until=until,
                                 limit=page)
        for envelope in batch:
            if group and (envelope.command_id is None or envelope.command_id != group[-1].command_id):
                yield group[-1].version, told(group)
                group = []
            group.append(envelope)
        if len(batch) < page:
            break
    if group:  # a command's events are appended together: the last one read is whole
        yield group[-1].version, told(group)


def appended(games, game_id: str, envelopes: list[Envelope]) -> list[Notification]:
    """What the events one write appended tell every seat, "your move" included (the write
    path's listeners: webhooks)."""
    if not envelopes:
        return []
    return [note for _, notes in along(games, game_id, envelopes[0].version - 1, envelopes[-1].version)
            for note in notes]


class Notices:
    """Service notices: notifications no event caused (``webhook_disabled``), so kept beside the
    log, in the game's secret store (one names a webhook's URL, and the log is served). Each keeps
    the game's version when it was raised, and ``stream`` lists it after that version's
    notifications: a seat that had read up to there finds it on its next read (and on every read
    from that version until an event follows; its id stays the same)."""

    def __init__(self, store: EventStore, secrets):
        self.store, self.secrets = store, secrets
        self._lock = threading.Lock()

    def post(self, note: Notification) -> None:
        """Keep ``note`` (once per id)."""
        with self._lock:
            kept = self._read(note.game_id)
            if any(n["id"] == note.id for n in kept):
                return
            kept = kept[-(NOTICES_KEPT - 1):] + [{**note.to_dict(), "raised_at": self.store.version(note.game_id)}]
            self.secrets.put(note.game_id, "notices", orjson.dumps(kept))

    def of(self, game_id: str, seat: str, after: int) -> list[tuple[int, Notification]]:
        """(version when raised, notice) of those telling ``seat`` raised at ``after`` or later."""
        found = []
        for kept in self._read(game_id):
            raised_at = kept.pop("raised_at")
            if kept["seat"] == seat and raised_at >= after:
                found.append((raised_at, Notification(**kept)))
        return found

    def _read(self, game_id: str) -> list[dict]:
        raw = self.secrets.get(game_id, "notices")
        return orjson.loads(raw) if raw else []


def _noticed(waiting: list[tuple[int, Notification]], since: int, upto: int) -> list[Notification]:
    """The waiting notices raised after ``since`` up to ``upto``."""
    return [note for raised_at, note in waiting if since < raised_at <= upto]


def stream(games, game_id: str, seat: str, after: int = 0, limit: int = 100,
           notices: Notices | None = None) -> tuple[list[Notification], int]:
    """A seat's notifications after a version, a page of the log at a time; returns them and
    the version read up to (the next page's ``after``). The log is folded (``games``, the
    GameService), so "your move" follows who is awaited (``along``); a page ends between commands
    (one command's notifications are never split, so a page may hold more than ``limit`` only
    when its first command alone does). A service notice raised at version v is listed after v's
    notifications, from every ``after`` up to v."""
    waiting = notices.of(game_id, seat, after) if notices else []
    found: list[Notification] = _noticed(waiting, after - 1, after)
    for read, notes in along(games, game_id, after):
        mine = [n for n in notes if n.seat == seat] + _noticed(waiting, after, read)
        if found and len(found) + len(mine) > limit:
            break
        found += mine
        after = read
        if len(found) >= limit:
            break
    return found, after
