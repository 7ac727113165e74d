"""Kernel: rounding (DoD rule 1.1), scripted dice, the ruleset registry, the codec and upcasters."""
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import registry
from domain.kernel import Event, ScriptedDice, evolved, round_half_away
from events.codec import Codec, DecodeError


@pytest.mark.rule("DOD3-1.1")
@pytest.mark.parametrize("value, rounded", [
    (Fraction(13, 4), 3), (Fraction(9, 2), 5), (Fraction(-7, 2), -4), (Fraction(13, 2), 7), (0, 0), (-2, -2),
    (Fraction(-13, 4), -3),
])
def test_rounding_is_half_away_from_zero(value, rounded):
    """Rule 1.1: "keep fractions until all modifiers are applied, then round ... 3.25 -> 3,
    4.5 -> 5, -3.5 -> -4"."""
    assert round_half_away(value) == rounded


@given(st.fractions(max_denominator=64))
def test_rounding_is_symmetric_and_within_a_half(value):
    assert round_half_away(-value) == -round_half_away(value)
    assert abs(round_half_away(value) - value) <= Fraction(1, 2)


def test_scripted_dice_give_their_rolls_in_order_and_refuse_impossible_ones():
    dice = ScriptedDice([3, 10])
    assert (dice.roll(10), dice.roll(10)) == (3, 10)
    with pytest.raises(LookupError):
        dice.roll(10)
    with pytest.raises(ValueError):
        ScriptedDice([7]).roll(6)


@dataclass(frozen=True)
class Counter:
    count: int
    label: str = "x"


def test_evolved_is_replace_without_init():
    assert evolved(Counter(1), count=2) == Counter(2)


def test_registered_rulesets_are_found_by_id():
    from tests.support import tiny_ruleset

    registry.register(tiny_ruleset.RULESET)
    assert registry.get("tiny") is tiny_ruleset.RULESET
    assert registry.get("no-such-ruleset") is None
    assert "tiny" in {r.id for r in registry.all_rulesets()}


@dataclass(frozen=True)
class BidSubmitted(Event):
    SCHEMA_VERSION = 3
    power: str
    points: int
    options: int = 1


def rename_bid(data):  # v1 called the field "bid"
    return {"power": data["power"], "points": data["bid"]}


def add_options(data):  # v2 had no number of options
    return {**data, "options": 1}


UPCASTERS = {("BidSubmitted", 1): rename_bid, ("BidSubmitted", 2): add_options}


def test_upcasters_lift_old_event_schemas_on_read():
    codec = Codec([BidSubmitted], UPCASTERS)

    assert codec.decode("BidSubmitted", {"power": "GE", "bid": 4}, schema_version=1) == BidSubmitted("GE", 4, 1)
    assert codec.decode_stored("BidSubmitted", {"power": "GE", "points": 4}, 2) == BidSubmitted("GE", 4, 1)
    assert codec.decode_stored("BidSubmitted", {"power": "GE", "points": 4, "options": 2}, 3) == BidSubmitted("GE", 4, 2)


def test_a_codec_without_an_upcaster_from_an_old_version_is_refused_at_start():
    with pytest.raises(ValueError, match="BidSubmitted v1"):
        Codec([BidSubmitted], {("BidSubmitted", 2): lambda data: data})


def test_decode_errors_name_every_bad_field():
    codec = Codec([BidSubmitted], UPCASTERS)
    with pytest.raises(DecodeError) as raised:
        codec.decode("BidSubmitted", {"points": "four", "surplus": 1})
    assert raised.value.errors == {"power": "missing required field", "points": "must be an integer",
                                   "surplus": "unknown field"}


def test_two_classes_may_not_share_a_wire_name():
    @dataclass(frozen=True)
    class BidSubmitted(Event):  # noqa: F811 - the clash is the point
        pass

    with pytest.raises(ValueError):
        Codec([globals()["BidSubmitted"], BidSubmitted])
