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
from service.mail.event_sentences import pack_names, readable, sentence, with_dice_commitments
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
    command_id: str | None = None
    bookkeeping: bool = False  # a roll or the platform's own record: a move's notice quotes another


def _bookkeeping() -> frozenset[str]:
    """What a command records on the side: its dice and seeds, and the deadlines it opens or
    closes. The notice of another seat's move quotes the command's first other event (what was
    done: the weather, not its die; the option passed, not the step that began after it)."""
    from domain.kernel import schedule as sch
    from domain.kernel.platform import DiceRolled, DiceSeedCommitted, DiceSeedRevealed
    return frozenset(e.__name__ for e in (DiceRolled, DiceSeedRevealed, DiceSeedCommitted, sch.DeadlineOpened,
                                          sch.DeadlineClosed, sch.DeadlineExtended, sch.ReminderSent,
                                          sch.GracePeriodStarted))


BOOKKEEPING = _bookkeeping()


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


@dataclass
class Header:
    """What a game's other pages (charts, audit) say of it: no projection, no log."""

    game_id: str
    ruleset_id: str
    ruleset_title: str
    version: int
    dice_commitment: str


def header(games, game_id: str) -> tuple[Header, Any]:
    """The game now, for a page's heading, and its state (the service's cached one)."""
    state = games.load(game_id)
    rules = games.rules(game_id)
    return Header(game_id, rules.ruleset.id, rules.ruleset.title, state.version, state.dice_commitment), state


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
    before = None  # the state at version N-1, when the page says what changed at N
    if at is None or at == now.version:
        state = now
    elif with_changes and 1 < at < now.version:
        # N-1 through the snapshots, then N is one event on: one load, not two.
        before = games.load(game_id, at=at - 1)
        state = games.timeline.load(game_id, at=at, cached=before)
    else:
        state = games.load(game_id, at=at)
    rules = games.rules(game_id)
    view = SeatView(rules, state, seat)
    projections = _projections(rules, state, seat)
    schedule = view.projection("schedule")[1]
    until = state.version if log_before is None else max(0, min(log_before - 1, state.version))
    after = max(0, until - LOG_PAGE)
    log = log_entries(games, rules, view, game_id, after, until)
    changes, changed_by = ([], [])
    if with_changes and state.version > 1:
        before = before or games.load(game_id, at=state.version - 1)
        changes, changed_by = _changes(rules, seat, before, projections, log, state.version)
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
    names = pack_names(rules)

    def earlier() -> str | None:
        """The seed commitment in play at version ``after``: the one shown now, unless an event
        since committed another (an undo keeps the one committed last)."""
        if not after:
            return None
        if until == view.state.version and not any(_commits(e) for e in envelopes):
            return view.state.dice_commitment
        return games.load(game_id, at=after).dice_commitment

    events = with_dice_commitments(events, earlier)
    entries = []
    for event in events:
        data = event["data"] if isinstance(event.get("data"), dict) else {}
        entries.append(LogEntry(
            version=event["version"], actor=event["actor"], type=event["type"],
            sentence=sentence(rules.ruleset.id, event, names), sealed=bool(event.get("redacted")),
            rule_id=rule_of(rules.ruleset.id, event["type"], data), recorded_at=event["recorded_at"],
            dice=list(data.get("rolls") or []) if event["type"] == "DiceRolled" else [],
            dice_commitment=event.get("dice_commitment"), command_id=event.get("command_id"),
            bookkeeping=event["type"] in BOOKKEEPING))
    return entries[::-1]


def _projections(rules, state, seat: str) -> dict[str, Any]:
    """The seat's projections (but the drawn ones) of ``state``."""
    domain_view = rules.decider.view(state.domain, seat)
    return {p.name: p.build(domain_view) for p in rules.ruleset.projections if p.media_type != SVG}


def heading_of(games, state, seat: str) -> Heading:
    """The page's heading alone (the lobby's row of a game)."""
    rules = games.rules(state.game_id)
    schedule = SeatView(rules, state, seat).projection("schedule")[1]
    return _heading(rules, state, seat, _projections(rules, state, seat), schedule)


def _commits(envelope) -> bool:
    return envelope.type == "DiceSeedCommitted" or (envelope.type == "DiceSeedRevealed"
                                                    and bool(envelope.data.get("next_commitment")))


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


def _changes(rules, seat: str, before_state, projections: dict, log: list[LogEntry],
             version: int) -> tuple[list[Change], list[LogEntry]]:
    """What changed from version N-1 to N: the projections' values that differ, and the event
    of version N as a sentence."""
    before_view = rules.decider.view(before_state.domain, seat)
    before = {p.name: p.build(before_view) for p in rules.ruleset.projections if p.media_type != SVG}
    changes = []
    for name, data in projections.items():
        old, new = _flat(before.get(name)), _flat(data)
        for path in sorted(set(old) | set(new)):
            was, now = readable(old.get(path, "none")), readable(new.get(path, "none"))
            if was != now:
                changes.append(Change(name, path, was, now))
    return changes[:200], [e for e in log if e.version == version]


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
