"""Two turns of a 3-player game with political affairs played through the decider: options
(with an approval), activations, the end roll ending the step; then what the log must guarantee:
replay gives the same state, every political event and command survives the wire codec, state
pickles, views and legal commands are JSON."""
import json
import pickle

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import (
    ActivateMinor, BuyPoints, EndConquest, EndMilitaryAffairs, EndProduction, KeepInitiativePosition, PassOption, PlayOption,
    RollWeather, SubmitBid,
)
from domain.dod3.political_affairs.activation.messages import MarkerMove
from domain.dod3.political_affairs.ipo import new_world_order
from domain.dod3.political_affairs.ipo.messages import AgreementItem
from domain.dod3.state import PointKind, Step
from domain.kernel import MODERATOR
from events.codec import Codec, to_plain

AXIS, ALLIES, SOVIET = "player1", "player2", "player3"  # preset "3"
END_OF_TURN = [
    (MODERATOR, EndMilitaryAffairs(), []),
    *[(seat, EndProduction(power), []) for seat, power in (
        (ALLIES, "CH"), (ALLIES, "CW"), (ALLIES, "FR"), (ALLIES, "US"), (AXIS, "GE"), (AXIS, "IT"),
        (AXIS, "JA"), (SOVIET, "RU"))],
    (MODERATOR, EndConquest(), []),
]
TURN_ONE = [
    (AXIS, RollWeather(), [3]),
    (AXIS, PlayOption("GE", "GE 3", target="RU"), [9]),  # waits for the Soviet approval
    (AXIS, PlayOption("IT", "IPO 2", target="Sweden", items=(AgreementItem("Sweden", "resource"),)), [8]),
    (ALLIES, PlayOption("CW", "IPO 12", target="Belgium"), [9]),
    (ALLIES, PassOption("FR"), []),
    (SOVIET, PlayOption("RU", "RU 0(f)", target="GE"), []),  # GE 3 succeeds: a German -1 in Finland
    (SOVIET, ActivateMinor("RU", "Finland", moves=(MarkerMove("GE", ()),)), [2]),  # 2 - 3 options = -1: the end
    (MODERATOR, EndMilitaryAffairs(), []),
    (AXIS, BuyPoints("GE", PointKind.BID, 2), []),  # Germany played an option: no bonus bid points
    *END_OF_TURN[1:],
]
TURN_TWO = [
    (AXIS, SubmitBid("GE", 2), []), (AXIS, SubmitBid("IT", 0), []), (AXIS, SubmitBid("JA", 0), []),
    (ALLIES, SubmitBid("CW", 0), []), (ALLIES, SubmitBid("FR", 0), []), (ALLIES, SubmitBid("US", 0), []),
    (ALLIES, SubmitBid("CH", 0), []), (SOVIET, SubmitBid("RU", 0), []),
    *[(ALLIES, KeepInitiativePosition(power), []) for power in ("US", "FR", "CW")],
    (AXIS, RollWeather(), [4]),
    (AXIS, PlayOption("GE", "GE 4", target="Czechoslovakia"), []),  # the last bidder's only option: no roll
    *END_OF_TURN,
]


@pytest.fixture
def two_turns(game):
    for seat, command, rolls in TURN_ONE + TURN_TWO:
        game.play(seat, command, rolls)
    return game


def test_two_political_turns_reach_turn_three(two_turns):
    state = two_turns.state
    types = [type(e).__name__ for e in two_turns.log]

    assert (state.turn, state.step) == (3, Step.INITIATIVE)
    assert state.markers["Czechoslovakia"] == {"GE": -11} and state.markers["Poland"] == {"GE": -2}
    assert "Finland" not in state.markers and types.count("ActivationSkipped") == 4
    assert types.count("EndOfPoliticalAffairsRolled") == 4 and types.count("MinorActivated") == 1
    assert [e.ended for e in two_turns.log if type(e).__name__ == "EndOfPoliticalAffairsRolled"][-1]
    assert ("GE", "Czechoslovakia") in {(w.power, w.minor) for w in state.minor_wars}


def test_replaying_the_log_gives_the_same_state(two_turns):
    state = two_turns.decider.initial_state(two_turns.setup)

    for event in two_turns.log:
        state = two_turns.decider.evolve(state, event)

    assert state == two_turns.state


def test_every_event_and_command_survives_the_wire_codec(two_turns):
    codec = Codec(RULESET.events + RULESET.commands)

    for event in two_turns.log:
        name, data = codec.encode(event)
        assert codec.decode(name, json.loads(json.dumps(data))) == event
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


def test_legal_commands_in_political_affairs_are_json_and_playable(game):
    game.play(AXIS, RollWeather(), [3])

    specs = game.decider.legal_commands(game.state, AXIS)
    offered = {spec.choices["option"][0]: spec for spec in specs if spec.type == "PlayOption"}

    json.dumps([to_plain(spec) for spec in specs])
    assert {"IPO 1", "IPO 2", "IPO 12", "GE 3", "GE 4"} <= set(offered)
    assert "FR 3" not in offered and offered["GE 4"].example["target"] in offered["GE 4"].choices["target"]
    assert set(offered["IPO 1"].choices["path"]) == set(new_world_order.reachable(game.state, game.pack, "GE"))
