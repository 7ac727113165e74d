"""Rule 6: initiative (sealed bids, modifiers, ranking, last card marker, Democrats moving down)."""
from fractions import Fraction

import pytest

from domain.dod3.commands import (
    CloseBidding, KeepInitiativePosition, MoveDownInitiative, RollWeather, SubmitBid,
)
from domain.dod3.events import BidsRevealed, InitiativeDetermined
from domain.dod3.initiative import final_bid
from domain.dod3.state import InitiativePhase, Step
from domain.kernel import MODERATOR

SEED_TURN_TWO_BIDS = [  # rule 6's example: Germany, the USA and China do not bid
    ("JA", 6, 2), ("IT", 2, 1), ("FR", 2, 1), ("RU", 3, 1), ("CW", 1, 1),
    ("GE", 0, 1), ("US", 0, 1), ("CH", 0, 1),
]


@pytest.fixture
def turn_two(table):
    """Turn 1 passes quietly (every power earns its PE in bid points); Japan buys 3 more bid
    points in production so it can bid 6, as in the example."""
    table.finish_turn(purchases={"JA": 3})
    return table


@pytest.mark.rule("DOD3-6.1")
def test_bids_are_sealed_until_every_bidding_seat_has_submitted(turn_two):
    """Rule 6.1: "Secretly bid for initiative for each of your major powers ... When everyone is
    ready, reveal the bids." """
    events = turn_two.act("JA", SubmitBid("JA", 6, 2))

    assert turn_two.types(events) == ["BidSubmitted"]
    assert events[0].seal().seats == {turn_two.seat("JA")}
    assert turn_two.view("player1")["initiative"]["sealed_bids"]["JA"] == {"submitted": True, "points": None,
                                                                          "options": None}
    assert turn_two.view(turn_two.seat("JA"))["initiative"]["sealed_bids"]["JA"]["points"] == 6
    assert turn_two.view(MODERATOR)["initiative"]["sealed_bids"]["JA"]["points"] == 6


@pytest.mark.rule("DOD3-6.1")
def test_the_last_bid_in_reveals_every_bid_in_one_event(turn_two):
    """Rule 6.1: "All players reveal them simultaneously." """
    turn_two.submit(SEED_TURN_TWO_BIDS[:-1])

    events = turn_two.act("CH", SubmitBid("CH", 0))

    assert turn_two.types(events)[:3] == ["BidSubmitted", "BidsRevealed", "InitiativeDetermined"]
    revealed = events[1]
    assert revealed.unseals() == (events[0].seal().key,)
    assert {b.power: (b.points, b.options) for b in revealed.bids}["JA"] == (6, 2)


@pytest.mark.rule("DOD3-6.1")
def test_the_moderator_may_close_bidding_and_missing_bids_are_no_bids(turn_two):
    """Rule 6.1: "You don't have to bid with your major power" - a power whose bid is not in when
    the moderator closes bidding made no bid."""
    turn_two.act("IT", SubmitBid("IT", 2))

    events = turn_two.moderator(CloseBidding())

    revealed = events[0]
    assert isinstance(revealed, BidsRevealed) and revealed.closed_by_moderator
    assert {b.power: b.points for b in revealed.bids} == {"GE": 0, "IT": 2, "CW": 0, "FR": 0, "RU": 0, "JA": 0,
                                                          "US": 0, "CH": 0}
    assert turn_two.state.initiative.track[0] == "IT"


@pytest.mark.rule("DOD3-6.1")
@pytest.mark.parametrize("points, options, why", [
    (-1, 1, "positive whole number"),
    (2.5, 1, "positive whole number"),
    (True, 1, "positive whole number"),
    (2, 0, "number of options"),
    (99, 1, "has 3 bid points"),
])
def test_invalid_bids_are_refused_and_change_nothing(turn_two, points, options, why):
    """Rule 6.1: "Each bid must be a positive whole number", chosen from your bidding pool."""
    violation = turn_two.refused(turn_two.seat("CW"), SubmitBid("CW", points, options))

    assert violation.rule_id == "DOD3-6.1" and why in violation.message


@pytest.mark.rule("DOD3-6.1")
def test_a_seat_cannot_bid_for_a_power_it_does_not_hold(turn_two):
    """Rule 6.1: you bid "for each of your major powers"."""
    violation = turn_two.refused(turn_two.seat("GE"), SubmitBid("CW", 1))

    assert violation.rule_id == "DOD3-3.1b"


@pytest.mark.rule("DOD3-6.1")
def test_no_bid_is_taken_after_the_reveal(turn_two):
    """Rule 6.1: bids are made secretly, then revealed; nothing is bid after the reveal."""
    turn_two.submit(SEED_TURN_TWO_BIDS)

    violation = turn_two.refused(turn_two.seat("US"), SubmitBid("US", 1))

    assert violation.rule_id == "DOD3-6.1"


@pytest.mark.rule("DOD3-6.1")
def test_bid_points_are_spent_when_the_bids_are_revealed(turn_two):
    """Rule 6.1: bids are "bid markers from your bidding pool"."""
    turn_two.submit(SEED_TURN_TWO_BIDS)

    assert turn_two.state.powers["JA"].bid_points == 0
    assert turn_two.state.powers["GE"].bid_points == 5


@pytest.mark.rule("DOD3-6.2")
def test_modifier_is_added_before_dividing_and_fractions_are_kept():
    """Rule 6.2: "if you bid 9 for two options and are in the first initiative position your final
    bid amount would be 6.5 ((9+4)/2)"."""
    assert final_bid(points=9, options=2, modifier=4) == Fraction(13, 2)


@pytest.mark.rule("DOD3-6.2")
def test_first_position_bidding_nine_for_two_options_scores_six_and_a_half(turn_two):
    """Rule 6.2: the worked figure through a game: Germany is first on the set-up track."""
    turn_two.given_power("GE", bid_points=9)

    turn_two.submit([("GE", 9, 2), ("IT", 0, 1), ("CW", 0, 1), ("FR", 0, 1), ("RU", 0, 1), ("JA", 0, 1),
                     ("US", 0, 1), ("CH", 0, 1)])

    entry = next(e for e in turn_two.state.initiative.entries if e.power == "GE")
    assert (entry.modifier, entry.final_bid) == (4, Fraction(13, 2))


@pytest.mark.rule("DOD3-6.3")
def test_the_seeds_turn_two_example(turn_two):
    """Rule 6.3 example: "Italy and the Soviet Union +5, Germany (0+4), the CW (1+3) and France
    (2+2) +4, Japan +3.5 ((6+1)/2), the USA +1, and China 0. ... Italy ... is placed in the 1st
    position ... with the Soviet Union 2nd. ... Germany did not bid and is thus relegated to the
    highest position of the non-bidders, 6th. ... the CW is ranked 3rd and France 4th. Japan is
    5th, the USA is 7th and China is ranked last (worst)." """
    turn_two.submit(SEED_TURN_TWO_BIDS)

    determined = next(e for e in turn_two.log if isinstance(e, InitiativeDetermined))
    finals = {e.power: e.final_bid for e in determined.entries}
    assert finals == {"IT": 5, "RU": 5, "GE": 4, "CW": 4, "FR": 4, "JA": Fraction(7, 2), "US": 1, "CH": 0}
    assert determined.track == ("IT", "RU", "CW", "FR", "JA", "GE", "US", "CH")


@pytest.mark.rule("DOD3-6.3")
def test_ties_go_to_the_higher_modified_pe(turn_two):
    """Rule 6.3: "If bids are tied, rank them in accordance with their current modified political
    effectiveness." Italy (PE 4) beats the Soviet Union (PE 3) on 5 each."""
    turn_two.submit(SEED_TURN_TWO_BIDS)

    assert turn_two.state.powers["IT"].political_effectiveness > turn_two.state.powers["RU"].political_effectiveness
    assert turn_two.state.initiative.track[:2] == ("IT", "RU")


@pytest.mark.rule("DOD3-6.4")
def test_the_last_card_marker_goes_next_to_the_last_power_that_bid(turn_two):
    """Rule 6.4: "Place the last card marker next to the last major power that made a bid." In the
    example Japan (5th) is the last bidder."""
    turn_two.submit(SEED_TURN_TWO_BIDS)

    assert turn_two.state.initiative.last_card == "JA"
    assert turn_two.view("player1")["initiative"]["last_card"] == "JA"


@pytest.mark.rule("DOD3-6.4")
def test_without_any_bid_there_is_no_last_card_and_no_political_affairs(turn_two):
    """Rule 6.4 / 8.2: nobody bid, so nobody plays an option this turn."""
    turn_two.bid({})

    turn_two.act(turn_two.state.initiative.track[0], RollWeather(), [5])

    assert turn_two.state.initiative.last_card is None
    assert turn_two.state.step is Step.MILITARY_AFFAIRS


@pytest.mark.rule("DOD3-6.5")
def test_democrats_choose_in_reverse_initiative_order(turn_two):
    """Rule 6.5: "each Democrat (in reverse initiative order) has one chance to move down the
    order". After the turn-2 example: the USA (7th), France (4th), the CW (3rd); China, last, has
    nowhere to go."""
    turn_two.submit(SEED_TURN_TWO_BIDS)

    assert turn_two.state.initiative.democrat_queue == ("US", "FR", "CW")
    violation = turn_two.refused(turn_two.seat("CW"), KeepInitiativePosition("CW"))
    assert violation.rule_id == "DOD3-6.5"


@pytest.fixture
def commonwealth_second(turn_two):
    """The rule's second example: France 1st, the CW 2nd, Germany 3rd (France bids 5, the CW 3,
    Germany 1; nobody else bids). France bought 2 bid points in turn 1's production."""
    turn_two.given_power("FR", bid_points=5)
    turn_two.submit([("FR", 5, 1), ("CW", 3, 1), ("GE", 1, 1),
                          ("IT", 0, 1), ("RU", 0, 1), ("JA", 0, 1), ("US", 0, 1), ("CH", 0, 1)])
    return turn_two


@pytest.mark.rule("DOD3-6.5")
def test_the_commonwealth_drops_below_germany(commonwealth_second):
    """Rule 6.5 example: "The Commonwealth is in second position, just after France and just
    ahead of Germany. The other Democrats decline the chance to move. ... the Commonwealth drops
    below Germany (leaving Germany in second position)." """
    table = commonwealth_second
    assert table.state.initiative.track[:3] == ("FR", "CW", "GE")

    table.act("US", KeepInitiativePosition("US"))
    table.act("CW", MoveDownInitiative("CW", 3))
    table.act("FR", KeepInitiativePosition("FR"))

    assert table.state.initiative.track[:3] == ("FR", "GE", "CW")
    assert table.state.initiative.last_card == "CW"
    assert table.state.initiative.phase is InitiativePhase.SETTLED


@pytest.mark.rule("DOD3-6.5")
def test_a_bidder_must_stay_above_every_power_that_did_not_bid(commonwealth_second):
    """Rule 6.5: "If it made a bid, it must end above every major power that didn't make a bid." """
    table = commonwealth_second
    table.act("US", KeepInitiativePosition("US"))

    violation = table.refused(table.seat("CW"), MoveDownInitiative("CW", 4))

    assert violation.rule_id == "DOD3-6.5"


@pytest.mark.rule("DOD3-6.5")
def test_a_democrat_that_did_not_bid_may_move_among_the_non_bidders(commonwealth_second):
    """Rule 6.5: the one chance to move down is every Democrat's; only bidders are held above
    the non-bidders."""
    table = commonwealth_second

    table.act("US", MoveDownInitiative("US", 8))

    assert table.state.initiative.track[-2:] == ("CH", "US")


@pytest.mark.rule("DOD3-6.1")
def test_a_whole_number_written_with_a_decimal_point_is_still_a_whole_bid(turn_two):
    """Rule 6.1: "a positive whole number" - 2.0 is two bid points."""
    events = turn_two.act("IT", SubmitBid("IT", 2.0, 1.0))

    assert (events[0].points, events[0].options) == (2, 1)
