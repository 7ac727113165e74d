"""Issue 22 item 13: platform events upgrade as a ruleset's do. Every game's log holds the
platform's events (GameCreated, DiceRolled, the schedule's...), so their upcasters are the
platform's own table, ``PLATFORM_UPCASTERS``, which every codec reads: a stored game of any
ruleset keeps loading when a platform event's schema changes."""
from __future__ import annotations

import dataclasses

import pytest

from domain import registry
from domain.kernel import MODERATOR
from domain.kernel import schedule as sch
from domain.kernel.platform import PLATFORM_COMMANDS, PLATFORM_EVENTS, PLATFORM_UPCASTERS, SYSTEM_COMMANDS
from events.codec import Codec
from events.sqlite_store import open_sqlite
from service.games import GameService


def without_civil_disorder(data: dict) -> dict:
    """v1 of ScheduleSet (as this test tells it) had no ``civil_disorder``: every missed order passed."""
    return {**data, "civil_disorder": "pass"}


def test_an_old_platform_event_schema_is_upcast_on_read(tmp_path, monkeypatch):
    """Given a DoD III game whose log holds a ScheduleSet written by an older release (v1, no
    ``civil_disorder``), when today's release (ScheduleSet v2, with an upcaster from v1 in
    PLATFORM_UPCASTERS) loads the game from its log, then the schedule reads as v2 says."""
    stores = open_sqlite(str(tmp_path / "g.db"))
    old = GameService(stores)
    game_id = old.create_game("dod3", None, {}, preset="3").game_id
    write = GameService._new_event

    def as_v1(rules, event, *args):  # the older release wrote ScheduleSet without the field
        envelope = write(rules, event, *args)
        if envelope.type == "ScheduleSet":
            envelope = dataclasses.replace(envelope, data={k: v for k, v in envelope.data.items()
                                                           if k != "civil_disorder"})
        return envelope

    monkeypatch.setattr(GameService, "_new_event", staticmethod(as_v1))
    old.handle(game_id, MODERATOR, "SetSchedule", {"grace_hours": 6, "reminders": [12]}, old.store.version(game_id))
    stored = next(e for e in stores.events.read(game_id, after=0) if e.type == "ScheduleSet")
    assert (stored.schema_version, "civil_disorder" in stored.data) == (1, False)
    monkeypatch.setattr(GameService, "_new_event", staticmethod(write))

    # Today's release: ScheduleSet v2 and the platform's upcaster from v1.
    monkeypatch.setattr(sch.ScheduleSet, "SCHEMA_VERSION", 2, raising=False)
    monkeypatch.setitem(PLATFORM_UPCASTERS, ("ScheduleSet", 1), without_civil_disorder)

    state = GameService(stores, read_snapshots=False).load(game_id)

    assert state.schedule is not None
    assert (state.schedule.grace_hours, state.schedule.reminders, state.schedule.civil_disorder) == (6, (12,), "pass")


def test_without_the_platform_upcaster_the_service_refuses_to_start_reading(tmp_path, monkeypatch):
    """A platform event's SCHEMA_VERSION raised with no upcaster from the old one is refused
    when its codec is built, naming the event: not mid-game on some later read."""
    monkeypatch.setattr(sch.ScheduleSet, "SCHEMA_VERSION", 2, raising=False)
    ruleset = registry.get("dod3")
    with pytest.raises(ValueError, match="no upcaster from ScheduleSet v1"):
        Codec(PLATFORM_EVENTS + PLATFORM_COMMANDS + SYSTEM_COMMANDS + ruleset.events + ruleset.commands,
              ruleset.upcasters)


def test_every_codec_reads_the_platform_upcasters(monkeypatch):
    """Not only the service's: a codec built of the platform's events alone (as the timeline
    reads GameCreated) lifts them too."""
    monkeypatch.setattr(sch.VacationSet, "SCHEMA_VERSION", 2, raising=False)
    monkeypatch.setitem(PLATFORM_UPCASTERS, ("VacationSet", 1), lambda data: {**data, "end": data["start"]})
    codec = Codec([sch.VacationSet])
    assert codec.decode_stored("VacationSet", {"seat": "p", "start": 5}, 1) == sch.VacationSet("p", 5, 5)
    assert codec.decode("VacationSet", {"seat": "p", "start": 5}, schema_version=1) == sch.VacationSet("p", 5, 5)


def test_a_ruleset_may_not_upcast_a_platform_event(monkeypatch):
    """The platform's events are upcast once, for every ruleset: a ruleset naming one in its
    upcasters is refused at registration, and a codec given one the platform has is refused."""
    tiny = registry.get("dod3")
    claiming = dataclasses.replace(tiny, id="claims-a-platform-event",
                                   upcasters={("GameCreated", 1): lambda data: data})
    with pytest.raises(ValueError, match="GameCreated v1"):
        registry.register(claiming)
    assert registry.get("claims-a-platform-event") is None
    monkeypatch.setitem(PLATFORM_UPCASTERS, ("GameCreated", 1), lambda data: data)
    with pytest.raises(ValueError, match="GameCreated v1"):
        Codec(PLATFORM_EVENTS, {("GameCreated", 1): lambda data: data})
