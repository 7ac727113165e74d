"""The platform's read models of the schedule (CORE-deadline): ``schedule`` (the running
deadline, the next deadline per seat, what each seat owes, who is late) and ``lateness`` (per
seat: orders on time, late, missed, as ACTS's response-time journal). Everything in them is
public: a deadline says who owes, never what anyone ordered."""
from __future__ import annotations

from datetime import datetime, timezone

from domain.kernel.schedule import Lateness, Schedule, Step

PLATFORM_PROJECTIONS = ("schedule", "lateness")


def instant(seconds: int | None) -> str | None:
    """Unix seconds as RFC 3339 UTC (the events keep the seconds)."""
    return None if seconds is None else datetime.fromtimestamp(seconds, timezone.utc).isoformat().replace("+00:00", "Z")


def platform_projection(name: str, schedule: Schedule | None, step: Step | None, seats) -> dict | None:
    """One of ``PLATFORM_PROJECTIONS`` (None for any other name)."""
    match name:
        case "schedule":
            return schedule_view(schedule, step, seats)
        case "lateness":
            return lateness_view(schedule, seats)
    return None


def schedule_view(schedule: Schedule | None, step: Step | None, seats) -> dict:
    """What each seat owes follows the step the game waits in, schedule or not; a deadline shows
    only while it runs (a paused schedule's deadline is superseded by a fresh one on resume)."""
    owing = dict(step.owing) if step is not None else {}
    current = None if schedule is None or schedule.paused else schedule.current
    late = set(current.late) if current is not None else set()
    if current is not None and current.passed:
        late |= set(owing)
    deadline = None if current is None else {
        "id": current.id, "kind": current.kind, "step": current.step, "opened_at": instant(current.opened_at),
        "due": instant(current.due), "grace_until": instant(current.grace_until),
        "owing": sorted(owing), "ready": sorted(current.ready), "late": sorted(late), "passed": current.passed}
    due = None if current is None or current.passed else instant(current.grace_until or current.due)
    vacations = {} if schedule is None else schedule.vacations

    def seat_view(seat: str) -> dict:
        start, end = vacations.get(seat, (0, 0))
        return {"owes": list(owing.get(seat, ())), "next_deadline": due if seat in owing else None,
                "late": seat in late and seat in owing, "ready": current is not None and seat in current.ready,
                "vacation": {"start": instant(start), "end": instant(end)} if end else None}

    seat_views = {seat: seat_view(seat) for seat in seats}
    if schedule is None:
        return {"active": False, "paused": False, "settings": None, "deadline": None, "seats": seat_views}
    return {"active": True, "paused": schedule.paused,
            "settings": {"hours": dict(schedule.hours), "grace_hours": schedule.grace_hours,
                         "reminders": list(schedule.reminders), "civil_disorder": schedule.civil_disorder},
            "deadline": deadline, "seats": seat_views}


def lateness_view(schedule: Schedule | None, seats) -> dict:
    tally = {} if schedule is None else schedule.lateness
    counts = {seat: tally.get(seat, Lateness()) for seat in seats}
    return {seat: {"on_time": c.on_time, "late": c.late, "missed": c.missed} for seat, c in counts.items()}
