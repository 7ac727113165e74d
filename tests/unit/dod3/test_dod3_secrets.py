"""Secrets never leak through the view: what one seat reads (view, every projection, its legal
commands) is the same whatever another seat's sealed bid or face-down PE is."""
import json
from dataclasses import replace

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import EndConquest, EndMilitaryAffairs, EndProduction, PassOption, RollWeather, SubmitBid
from domain.dod3.events import BidSubmitted
from domain.kernel import MODERATOR
from events.codec import to_plain

AXIS, ALLIES, SOVIET = "player1", "player2", "player3"


def everything_read_by(game, seat: str) -> str:
    view = game.decider.view(game.state, seat)
    return json.dumps({
        "view": view,
        "projections": {p.name: p.build(view) for p in RULESET.projections},
        "legal": [to_plain(spec) for spec in game.decider.legal_commands(game.state, seat)],
    }, sort_keys=True)


def quiet_turn_one(game) -> None:
    game.play(AXIS, RollWeather(), [5])
    while game.state.political.current:
        power = game.state.political.current
        game.play(game.state.holders[power], PassOption(power))
    game.play(MODERATOR, EndMilitaryAffairs())
    for power in game.state.active_powers():
        game.play(game.state.holders[power], EndProduction(power))
    game.play(MODERATOR, EndConquest())


@pytest.fixture
def bidding_with_commonwealth_bid(new_game):
    def bid(points: int):
        game = new_game()
        quiet_turn_one(game)
        game.play(ALLIES, SubmitBid("CW", points))
        return game

    return bid


@pytest.mark.parametrize("seat", [AXIS, SOVIET])
def test_another_seats_bid_cannot_be_read_before_the_reveal(bidding_with_commonwealth_bid, seat):
    one, three = bidding_with_commonwealth_bid(1), bidding_with_commonwealth_bid(3)

    assert everything_read_by(one, seat) == everything_read_by(three, seat)


@pytest.mark.parametrize("seat", [ALLIES, MODERATOR])
def test_the_bidder_and_the_moderator_read_the_bid(bidding_with_commonwealth_bid, seat):
    one, three = bidding_with_commonwealth_bid(1), bidding_with_commonwealth_bid(3)

    assert everything_read_by(one, seat) != everything_read_by(three, seat)


def test_the_bid_event_is_sealed_for_the_bidding_seat_only(bidding_with_commonwealth_bid):
    game = bidding_with_commonwealth_bid(2)

    sealed = [e for e in game.log if isinstance(e, BidSubmitted)][-1].seal()

    assert sealed.key == "dod3-bids-2" and sealed.seats == {ALLIES}


@pytest.fixture
def with_us_pe(new_game):
    def play(value: int):
        game = new_game()
        us = replace(game.state.powers["US"], political_effectiveness=value)
        game.given_state(replace(game.state, powers={**game.state.powers, "US": us}))
        quiet_turn_one(game)
        return game

    return play


@pytest.mark.parametrize("seat", [AXIS, SOVIET])
def test_a_face_down_pe_and_what_step_d_derives_from_it_stay_hidden(with_us_pe, seat):
    """Rule 3.2: the USA's PE is face down; step D pays it out as bid points (or takes money when
    negative), so those stay with the US seat too."""
    assert everything_read_by(with_us_pe(2), seat) == everything_read_by(with_us_pe(-4), seat)


@pytest.mark.parametrize("seat", [ALLIES, MODERATOR])
def test_the_us_seat_and_the_moderator_see_the_us_pe(with_us_pe, seat):
    assert everything_read_by(with_us_pe(2), seat) != everything_read_by(with_us_pe(-4), seat)
