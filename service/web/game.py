"""What the game page shows, as one seat sees it (a spectator without a token): the heading
(turn or round, step, awaited seats, deadline), the ruleset's picture, the projections as
tables, the event log as the mail reports' sentences, and what changed from version N-1 to N.
Everything is read through ``SeatView``, so a page cannot show what its reader may not read."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from domain.kernel import MODERATOR
from domain.kernel.schedule_rules import current_step
from projections.redaction import SeatView
from service.mail.reports import _pack_names, readable, sentence, with_dice_commitments
from service.web.tables import Table, tables_of

SVG = "image/svg+xml"
LOG_PAGE = 100  # log entries a page shows (older ones a link away)


@dataclass
class LogEntry:
    version: int
    actor: str
    type: str
    sentence: str
    sealed: bool
    rule_id: str | None
    recorded_at: str
    dice: list[dict] = field(default_factory=list)
    dice_commitment: str | None = None


@dataclass
class Heading:
    title: str
    when: str  # "Turn 3, May/Jun 1936" or "Round 2" or ""
    step: str  # "step C, Political affairs"
    awaiting: list[str]
    deadline: str | None
    terminal: bool


@dataclass
class Change:
    projection: str
    path: str
    before: str
    after: str


@dataclass
class GamePage:
    game_id: str
    ruleset_id: str
    ruleset_title: str
    seat: str
    version: int  # the version shown
    latest: int  # the game's version now
    heading: Heading
    seats: dict[str, list[str]]
    pictures: list[str]  # names of drawn projections (image/svg+xml)
    tables: list[Table]
    log: list[LogEntry]
    log_after: int  # the log shows versions after this one
    changes: list[Change]
    changed_by: list[LogEntry]
    pending_undo: dict | None
    dice_commitment: str
    event_types: list[str]


@cache
def _event_rules() -> dict[str, dict[str, str]]:
    """Event type -> the rule id it records, per ruleset family (``event_rules.yaml``)."""
    text = resources.files(__package__).joinpath("event_rules.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def rule_of(ruleset_id: str, event_type: str, data: dict) -> str | None:
    if isinstance(data.get("rule_id"), str):
        return data["rule_id"]
    table = _event_rules()
    return table.get(ruleset_id, {}).get(event_type) or table["platform"].get(event_type)


def build(games, game_id: str, seat: str, at: int | None = None, log_before: int | None = None,
          with_changes: bool = False) -> GamePage:
    """The page of ``game_id`` for ``seat`` now, or at version ``at``."""
    now = games.load(game_id)
    state = now if at is None or at == now.version else games.load(game_id, at=at)
    rules = games.rules(game_id)
    view = SeatView(rules, state, seat)
    domain_view = rules.decider.view(state.domain, seat)
    projections = {p.name: p.build(domain_view) for p in rules.ruleset.projections if p.media_type != SVG}
    schedule = view.projection("schedule")[1]
    until = state.version if log_before is None else max(0, min(log_before - 1, state.version))
    after = max(0, until - LOG_PAGE)
    log = log_entries(games, rules, view, game_id, after, until)
    changes, changed_by = ([], [])
    if with_changes and state.version > 1:
        changes, changed_by = _changes(games, rules, game_id, seat, state, projections, log)
    pending = state.pending_undo
    return GamePage(
        game_id=game_id, ruleset_id=rules.ruleset.id, ruleset_title=rules.ruleset.title, seat=seat,
        version=state.version, latest=now.version,
        heading=_heading(rules, state, seat, projections, schedule),
        seats={k: list(v) for k, v in state.seats.items()},
        pictures=[p.name for p in rules.ruleset.projections if p.media_type == SVG],
        tables=tables_of(projections), log=log, log_after=after, changes=changes, changed_by=changed_by,
        pending_undo=None if pending is None else {"requested_by": pending.requested_by,
                                                   "to_version": pending.to_version,
                                                   "waiting_for": sorted(pending.waiting_for)},
        dice_commitment=state.dice_commitment,
        event_types=sorted({*(e.__name__ for e in rules.ruleset.events), *_platform_event_names()}),
    )


@cache
def _platform_event_names() -> tuple[str, ...]:
    from domain.kernel.platform import PLATFORM_EVENTS
    return tuple(e.__name__ for e in PLATFORM_EVENTS)


def log_entries(games, rules, view: SeatView, game_id: str, after: int, until: int) -> list[LogEntry]:
    """The events after ``after`` up to ``until`` as the seat may read them, newest first."""
    envelopes = games.store.read(game_id, after=after, until=until) if until > after else []
    events = [view.event_for(e) for e in envelopes]
    names = _pack_names(rules)
    events = with_dice_commitments(events, lambda: games.load(game_id, at=after).dice_commitment if after else None)
    entries = []
    for event in events:
        data = event["data"] if isinstance(event.get("data"), dict) else {}
        entries.append(LogEntry(
            version=event["version"], actor=event["actor"], type=event["type"],
            sentence=sentence(rules.ruleset.id, event, names), sealed=bool(event.get("redacted")),
            rule_id=rule_of(rules.ruleset.id, event["type"], data), recorded_at=event["recorded_at"],
            dice=list(data.get("rolls") or []) if event["type"] == "DiceRolled" else [],
            dice_commitment=event.get("dice_commitment")))
    return entries[::-1]


def _heading(rules, state, seat: str, projections: dict, schedule: dict) -> Heading:
    turn = projections.get("turn") if isinstance(projections.get("turn"), dict) else None
    when, step = "", ""
    if turn is not None:
        when = " ".join(str(part) for part in ("Turn", turn.get("number"), "") if part != "").strip()
        if turn.get("label"):
            when += f", {turn['label']}"
        if turn.get("step"):
            step = f"step {turn['step']}" + (f", {turn['step_name']}" if turn.get("step_name") else "")
    else:
        for data in projections.values():
            if isinstance(data, dict):
                for key in ("round", "turn"):
                    if isinstance(data.get(key), (int, str)) and not when:
                        when = f"{key.capitalize()} {data[key]}"
                for key in ("step", "phase"):
                    if isinstance(data.get(key), (int, str)) and not step:
                        step = f"{key} {data[key]}"
    terminal = rules.decider.is_terminal(state.domain)
    return Heading(title=rules.ruleset.title, when=when, step=step,
                   awaiting=[] if terminal else awaited(rules, state),
                   deadline=(schedule.get("deadline") or {}).get("due"), terminal=terminal)


def awaited(rules, state) -> list[str]:
    """Who owes an order: the seats of the step the game waits in (with their powers), else
    the seats offered a command, else the moderator (whose commands are always open)."""
    step = current_step(rules.platform, state)
    if step is not None and step.owing:
        return [f"{seat} ({', '.join(powers)})" if powers else seat for seat, powers in step.owing.items()]
    seats = [s for s in state.seats if rules.platform.legal_commands(state, s)]
    return seats or [MODERATOR]


def _changes(games, rules, game_id: str, seat: str, state, projections: dict,
             log: list[LogEntry]) -> tuple[list[Change], list[LogEntry]]:
    """What changed from version N-1 to N: the projections' values that differ, and the event
    of version N as a sentence."""
    before_state = games.load(game_id, at=state.version - 1)
    before_view = rules.decider.view(before_state.domain, seat)
    before = {p.name: p.build(before_view) for p in rules.ruleset.projections if p.media_type != SVG}
    changes = []
    for name, data in projections.items():
        old, new = _flat(before.get(name)), _flat(data)
        for path in sorted(set(old) | set(new)):
            was, now = readable(old.get(path, "none")), readable(new.get(path, "none"))
            if was != now:
                changes.append(Change(name, path, was, now))
    return changes[:200], [e for e in log if e.version == state.version]


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flat(item, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(value, list) and value and all(isinstance(i, dict) for i in value):
        out = {}
        for index, item in enumerate(value):
            out.update(_flat(item, f"{prefix}[{index}]"))
        return out
    return {prefix or "value": value}
