"""Two full turns of a 3-player game through the decider, command by command, and what the log
must guarantee: replay gives the same state, every event survives the wire codec, state pickles."""
import json
import pickle
from fractions import Fraction

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import (
    BuyPoints, EndConquest, EndMilitaryAffairs, EndProduction, KeepInitiativePosition, MoveDownInitiative,
    PassOption, RecordMilitaryPoints, RecordWarStatus, RollWeather, SubmitBid,
)
from domain.dod3.state import PointKind, Step
from domain.kernel import MODERATOR
from events.codec import Codec, to_plain

AXIS, ALLIES, SOVIET = "player1", "player2", "player3"  # preset "3"

TURN_ONE = [
    (AXIS, RollWeather(), [3]),
    (AXIS, PassOption("GE"), []), (AXIS, PassOption("IT"), []), (ALLIES, PassOption("CW"), []),
    (ALLIES, PassOption("FR"), []), (SOVIET, PassOption("RU"), []), (AXIS, PassOption("JA"), []),
    (ALLIES, PassOption("US"), []), (ALLIES, PassOption("CH"), []),
    (MODERATOR, RecordMilitaryPoints("IT", army_change=-1, note="Ethiopia"), []),
    (MODERATOR, EndMilitaryAffairs(), []),
    (AXIS, BuyPoints("JA", PointKind.BID, 3), []),
    (SOVIET, BuyPoints("RU", PointKind.ARMY, 1, recipient="CC"), []),
    *[(seat, EndProduction(power), []) for seat, power in (
        (ALLIES, "CH"), (ALLIES, "CW"), (ALLIES, "FR"), (ALLIES, "US"), (AXIS, "GE"), (AXIS, "IT"),
        (AXIS, "JA"), (SOVIET, "RU"))],
    (MODERATOR, EndConquest(), []),
]

TURN_TWO = [
    (AXIS, SubmitBid("JA", 6, 2), []), (AXIS, SubmitBid("IT", 2), []), (AXIS, SubmitBid("GE", 0), []),
    (ALLIES, SubmitBid("FR", 2), []), (ALLIES, SubmitBid("CW", 1), []), (ALLIES, SubmitBid("US", 0), []),
    (ALLIES, SubmitBid("CH", 0), []), (SOVIET, SubmitBid("RU", 3), []),
    (ALLIES, KeepInitiativePosition("US"), []), (ALLIES, MoveDownInitiative("FR", 5), []),
    (ALLIES, KeepInitiativePosition("CW"), []),
    (AXIS, RollWeather(), [4]),
    (AXIS, PassOption("IT"), []), (SOVIET, PassOption("RU"), []), (ALLIES, PassOption("CW"), []),
    (AXIS, PassOption("JA"), []), (AXIS, PassOption("JA"), []), (ALLIES, PassOption("FR"), []),
    (MODERATOR, RecordWarStatus("JA", "CH"), []),
    (MODERATOR, EndMilitaryAffairs(), []),
    *[(seat, EndProduction(power), []) for seat, power in (
        (ALLIES, "CH"), (ALLIES, "CW"), (ALLIES, "FR"), (ALLIES, "US"), (AXIS, "GE"), (AXIS, "IT"),
        (AXIS, "JA"), (SOVIET, "RU"))],
    (MODERATOR, EndConquest(), []),
]


@pytest.fixture
def two_turns(game):
    for seat, command, rolls in TURN_ONE + TURN_TWO:
        game.play(seat, command, rolls)
    return game


def test_two_full_turns_reach_turn_three(two_turns):
    state = two_turns.state

    assert (state.turn, state.step) == (3, Step.INITIATIVE)
    assert state.initiative.previous_track == ("IT", "RU", "CW", "JA", "FR", "GE", "US", "CH")
    assert state.us_entry["JA"] == Fraction(1)
    assert state.forces["CC"].army_points == 3
    assert state.powers["JA"].bid_points == 3  # 3 + 3 bought - 6 bid + PE 3 (passing is not playing)
    assert [w for w in two_turns.log if type(w).__name__ == "WeatherDetermined"][1].result == "rain"


def test_every_step_of_both_turns_was_entered_in_order(two_turns):
    steps = [e.step.value for e in two_turns.log if type(e).__name__ == "StepBegan"]

    assert steps == ["C", "D", "E", "F", "G", "H", "I", "B", "C", "D", "E", "F", "G", "H", "I"]


def test_replaying_the_log_gives_the_same_state(two_turns):
    state = two_turns.decider.initial_state(two_turns.setup)

    for event in two_turns.log:
        state = two_turns.decider.evolve(state, event)

    assert state == two_turns.state


def test_every_event_survives_the_wire_codec(two_turns):
    codec = Codec(RULESET.events + RULESET.commands)

    for event in two_turns.log:
        name, data = codec.encode(event)
        assert codec.decode(name, json.loads(json.dumps(data))) == event
        assert codec.decode_stored(name, json.loads(json.dumps(data)), 1) == event


def test_every_command_survives_the_wire_codec():
    codec = Codec(RULESET.events + RULESET.commands)

    for _, command, _ in TURN_ONE + TURN_TWO:
        name, data = codec.encode(command)
        assert codec.decode(name, json.loads(json.dumps(to_plain(command)))) == command


def test_state_pickles_and_views_are_json(two_turns):
    assert pickle.loads(pickle.dumps(two_turns.state)) == two_turns.state
    for seat in (AXIS, ALLIES, SOVIET, MODERATOR):
        view = two_turns.decider.view(two_turns.state, seat)
        json.dumps(view)
        for projection in RULESET.projections:
            json.dumps(projection.build(view))
        json.dumps([to_plain(spec) for spec in two_turns.decider.legal_commands(two_turns.state, seat)])


def test_legal_commands_name_who_may_act_now(two_turns):
    decider, state = two_turns.decider, two_turns.state

    assert {(s.type, s.power) for s in decider.legal_commands(state, SOVIET)} == {("SubmitBid", "RU")}
    assert ("CloseBidding", None) in {(s.type, s.power) for s in decider.legal_commands(state, MODERATOR)}
    assert RULESET.projection("turn").build(decider.view(state, AXIS))["awaiting"][0] == {"power": "IT",
                                                                                            "seat": AXIS}
