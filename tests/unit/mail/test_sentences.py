"""Event sentences of the turn report (service/mail/sentences/*.yaml): every event type of every
built-in ruleset and of the platform has a template naming only fields its event has; the
formatter reads a missing field as "?" and never raises; a sealed event shows none of its data;
dice sentences carry what verifying the roll needs; and every event of played games reads as a
sentence from its template."""
from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from domain import registry
from domain.kernel.plain import to_plain
from domain.kernel.platform import PLATFORM_EVENTS
from events import dice
from service.http.app import create_app
from service.config import Config
from service.mail import reports
from service.mail.reports import (
    ENVELOPE_FIELDS,
    SEALED,
    SPECS,
    fields_of,
    readable,
    sentence,
    templates,
    with_dice_commitments,
)
from tests.support.dod3_api import (
    ALLIES,
    AXIS,
    MODERATOR,
    SOVIET,
    create_dod3_table,
    finish_turn,
    pass_every_option,
    play_offered,
    roll_weather,
)
from tests.support.random_play import RandomGame, drawing

RULESETS = [r.id for r in registry.all_rulesets(builtin_only=True)]


def event_classes(ruleset_id: str) -> dict[str, type]:
    return {cls.__name__: cls for cls in (*PLATFORM_EVENTS, *registry.get(ruleset_id).events)}


def _dataclass_in(hint) -> type | None:
    """The dataclass a field's type holds (through Optional and tuples), if any."""
    if dataclasses.is_dataclass(hint):
        return hint
    return next((found for arg in typing.get_args(hint) if (found := _dataclass_in(arg)) is not None), None)


def field_problems(cls: type, name: str) -> str | None:
    """Why a dotted field name is not a field of the event (None: it is): each part must be a
    field of the dataclass the previous one holds; past a dict or a scalar nothing is checked."""
    first, *rest = name.split(".")
    if first == "envelope":
        return None if rest in ([f] for f in ENVELOPE_FIELDS) else f"{name}: envelope fields are {ENVELOPE_FIELDS}"
    holder = cls
    for part in [first, *rest]:
        if holder is None:
            return None
        fields = {f.name for f in dataclasses.fields(holder)}
        if part not in fields:
            return f"{name}: {holder.__name__} has no field {part!r} (it has {sorted(fields)})"
        holder = _dataclass_in(typing.get_type_hints(holder)[part])
    return None


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_event_type_of_the_ruleset_and_the_platform_has_a_sentence(ruleset_id):
    """Given a registered ruleset, then each of its event types and each platform event type
    (schedule events included) has a template."""
    missing = sorted(set(event_classes(ruleset_id)) - set(templates(ruleset_id).sentences))
    assert missing == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_templates_name_only_fields_their_event_has(ruleset_id):
    """Given every template of a ruleset, then each field it names is a field of the event's
    dataclass (or of the envelope), with a known spec; sealed templates name the envelope only."""
    classes = event_classes(ruleset_id)
    found = templates(ruleset_id)
    problems = [f"{kind}: no such event" for kind in set(found.sentences) - set(classes)]
    for kind, template in found.sentences.items():
        for name, spec in fields_of(template):
            problems += [f"{kind}: {p}" for p in [field_problems(classes[kind], name)] if p and kind in classes]
            problems += [f"{kind}: {name}:{spec}: unknown spec"] if spec not in SPECS else []
    for kind, template in found.sealed.items():
        problems += [f"sealed {kind}: {name} is not an envelope field" for name, _ in fields_of(template)
                     if name.removeprefix("envelope.") not in ENVELOPE_FIELDS or not name.startswith("envelope.")]
    assert problems == []


def test_every_sentence_file_serves_registered_rulesets_only():
    """Given the sentence files, then each ruleset id they name is registered (a typo would leave
    its ruleset without sentences)."""
    named = {r for found in reports.template_files().values() for r in found.rulesets}
    assert named - set(RULESETS) == set()


def test_the_check_catches_a_template_naming_a_field_its_event_lacks():
    """Given a BidSubmitted template naming ``pointz``, then the field check names it."""
    classes = event_classes("dod3")
    assert field_problems(classes["BidSubmitted"], "pointz") is not None
    assert field_problems(classes["GameEnded"], "result.winners") is not None
    assert field_problems(classes["GameEnded"], "result.winning_players") is None


def event(type_: str, data: dict, **envelope) -> dict:
    return {"version": 12, "type": type_, "data": data, "actor": "player1", "game_id": "g" * 32, **envelope}


def test_a_bid_reads_in_the_rulebook_words():
    assert sentence("dod3", event("BidSubmitted", {"turn": 2, "power": "GE", "seat": "player1", "points": 7,
                                                   "options": 3})) == "GE bid 7 points for 3 options."


def test_a_missing_field_reads_as_a_question_mark_and_nothing_raises():
    """Given events with missing, null, nested or ill-typed data, then each still reads as a
    sentence: a missing field is "?", lists and dicts in words."""
    assert sentence("dod3", event("BidSubmitted", {"power": "GE"})) == "GE bid ? points for ? options."
    assert sentence("dod3", event("BidSubmitted", {"power": ["GE", "IT"], "points": {"a": 1}, "options": None})) \
        == "GE and IT bid a 1 points for none options."
    assert sentence("dod3", event("GameEnded", {"turn": 3, "reason": "x", "result": None})).count("?") == 2
    assert sentence("dod3", event("BidSubmitted", "not a dict")) == "? bid ? points for ? options."
    assert sentence("no-such-ruleset", event("Mystery", {"a": [1, 2]})) == "player1: Mystery (a (1 and 2))."


def test_readable_renders_lists_and_dicts_in_words():
    assert readable(["GE", "IT", "JA"]) == "GE, IT and JA"
    assert readable({"GE": 1, "IT": [1, 2]}) == "GE 1, IT (1 and 2)"
    assert readable([]) == "none" and readable(True) == "yes"


def test_a_sealed_event_reads_only_who_sent_it():
    """Given an event sealed from the seat (redacted, even were its data left in), then it reads
    "<actor> sent a sealed order" and none of its data."""
    sealed = event("BidSubmitted", {"power": "GE", "points": 7, "options": 3}, redacted=True)
    text = sentence("dod3", sealed)
    assert text == "player1 sent a sealed order."
    assert SEALED.startswith("{envelope.actor} sent a sealed order")
    assert "7" not in text and "GE" not in text


def test_a_dice_roll_reads_its_rolls_and_how_to_verify_them():
    """CORE-dice: a roll reads its value and sides, and the recipe `casus verify` checks:
    HMAC-SHA256(seed, "game:version:k") under the seed committed as its sha256."""
    seed = bytes(range(32))
    game_id, version = "a" * 32, 5
    value = dice.derive(seed, game_id, version, 0, 10)
    text = sentence("dod3", event("DiceRolled", {"rolls": [{"k": 0, "sides": 10, "value": value}]},
                                  version=version, game_id=game_id, dice_commitment=dice.commitment(seed)))
    assert f"roll 0 (d10) = {value}" in text
    assert f'HMAC-SHA256(seed, "{game_id}:{version}:k")' in text
    assert dice.commitment(seed) in text and "casus verify" in text


def test_a_deadline_reads_its_instant():
    text = sentence("dod3", event("DeadlineOpened", {"deadline_id": "d7", "kind": "weather", "step": "1:B",
                                                     "owing": ["player1"], "opened_at": 0, "due": 4_000_000_000}))
    assert text == "Deadline d7 opened for weather (1:B): player1 owe orders by 2096-10-02 07:06 UTC."


def assert_every_event_reads_from_its_template(ruleset_id: str, events: list[dict]) -> None:
    unread = [(e["type"], sentence(ruleset_id, e)) for e in events
              if e["type"] not in templates(ruleset_id).sentences or "?" in sentence(ruleset_id, e)]
    assert unread == []


@pytest.fixture
def dod3_two_turns(tmp_path):
    """DoD III (preset 3) through the API: turn 1 played with every option passed and bid points
    bought, turn 2's bids made and revealed, its weather rolled and its options passed."""
    client = create_app(Config(database=str(tmp_path / "c.db"))).test_client()
    table = create_dod3_table(client)
    roll_weather(table)
    pass_every_option(table)
    finish_turn(table, buy_bid_points={"GE": 4, "CW": 10})
    for seat, power, bid in ((AXIS, "GE", {"points": 7, "options": 3}), (AXIS, "IT", {"points": 0}),
                             (AXIS, "JA", {"points": 0}), (ALLIES, "CW", {"points": 11, "options": 5}),
                             (ALLIES, "FR", {"points": 0}), (ALLIES, "US", {"points": 0}),
                             (ALLIES, "CH", {"points": 0}), (SOVIET, "RU", {"points": 1, "options": 1})):
        play_offered(table, seat, "SubmitBid", power, **bid)
    play_offered(table, ALLIES, "KeepInitiativePosition", "US")
    play_offered(table, ALLIES, "KeepInitiativePosition", "FR")
    roll_weather(table)
    pass_every_option(table)
    return table


def test_every_event_of_dod3_turns_one_and_two_reads_as_a_sentence(dod3_two_turns):
    events = with_dice_commitments(dod3_two_turns.events(MODERATOR))
    assert {"BidSubmitted", "BidsRevealed", "InitiativeDetermined", "DiceRolled", "WeatherDetermined",
            "PointsBought", "TurnBegan"} <= {e["type"] for e in events}
    assert_every_event_reads_from_its_template("dod3", events)


@pytest.mark.parametrize("ruleset_id, preset, steps", [
    ("dod3", "3", 150), ("gathering-storm", "one-per-power", 80), ("totaler-krieg", "three-player", 40),
    ("aa-revised-phase-one", "one-per-power", 30), ("aa-global1940", "axis-allies", 30)])
def test_every_event_of_a_randomly_played_game_reads_as_a_sentence(ruleset_id, preset, steps):
    """Given a game played at random from what legal-commands offers (seeded), then each of its
    events reads from its template with every field found."""
    game = RandomGame(ruleset_id, preset, dice_seed=7)
    rng = drawing(random.Random(11))
    for _ in range(steps):
        if not game.step(rng):
            break
    events = [{"version": n, "type": type(e).__name__, "data": to_plain(e), "actor": "player1", "game_id": "g"}
              for n, e in enumerate(game.events, start=2)]
    assert len({e["type"] for e in events}) >= 3
    assert_every_event_reads_from_its_template(ruleset_id, events)
