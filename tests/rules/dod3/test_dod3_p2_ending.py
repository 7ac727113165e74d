"""Rule 8.6: ending political affairs (the d10 after each option, its modifiers, option 8.6, the
last bidder's automatic end), with the seed's worked example."""
import pytest

from domain.dod3.commands import ActivateMinor, PassOption, PlayOption
from domain.dod3.events import BonusBidPointsEarned, EndOfPoliticalAffairsRolled, PoliticalAffairsEnded
from domain.dod3.political_affairs.activation.messages import MarkerMove
from domain.dod3.state import Step, war_pair
from test_dod3_p2_layouts import political_affairs

FIVE_AT_WAR = frozenset({war_pair("GE", "FR"), war_pair("GE", "CW"), war_pair("IT", "FR"), war_pair("JA", "CW")})
ALL_AT_WAR = FIVE_AT_WAR | {war_pair("RU", "CH"), war_pair("US", "JA")}


def rolled(events) -> EndOfPoliticalAffairsRolled:
    return next(e for e in events if isinstance(e, EndOfPoliticalAffairsRolled))


@pytest.mark.rule("DOD3-8.6a")
def test_the_end_roll_example(table):
    """Rule 8.6 example: "Five major powers are at war with each other. You are in the 3rd
    initiative position, and the major power in 2nd place has already successfully played 2
    options. Thus after you play your option, you roll a 6. 3 is subtracted from this number for
    the 3 previous options played (1 by the 1st player and 2 by the 2nd) and 1 is added since 5
    major powers are at war. The final modified result is 4, so the major power in the 4th
    initiative position may now have a go." """
    table.given(wars=FIVE_AT_WAR)
    political_affairs(table, order=("IT", "RU", "US", "CH"), options={"IT": 1, "RU": 2, "US": 1, "CH": 1})
    table.act("IT", PlayOption("IT", "IPO 12", target="Austria"), rolls=[10])
    table.act("RU", PlayOption("RU", "IPO 15", target="US"), rolls=[10])
    table.act("RU", PlayOption("RU", "RU 3", target="CH"), rolls=[10])

    events = table.act("US", PlayOption("US", "US 3", target="FR"), rolls=[6])

    assert rolled(events) == EndOfPoliticalAffairsRolled(1, "US", 6, 3, 1, 4, False)
    assert table.state.political.current == "CH"


@pytest.mark.rule("DOD3-8.6a")
def test_a_result_of_1_or_less_ends_political_affairs(table):
    """Rule 8.6: "If your modified die roll is less than or equal to 1, the political affairs are
    finished for this turn and later bids on the initiative track aren't resolved." Italy never
    plays, so step D pays it bonus bid points (rule 8.6: "Each major power that didn't get to play
    any political options in the turn receives bid points")."""
    political_affairs(table, order=("GE", "IT"))

    events = table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[1])

    assert rolled(events).ended and any(isinstance(e, PoliticalAffairsEnded) for e in events)
    assert table.state.step is Step.MILITARY_AFFAIRS
    assert "IT" in {e.power for e in events if isinstance(e, BonusBidPointsEarned)}
    assert "GE" not in {e.power for e in events if isinstance(e, BonusBidPointsEarned)}


@pytest.mark.rule("DOD3-8.6a")
def test_every_power_at_war_adds_2_more(table):
    """Rule 8.6: "If 4 or more major powers are at war with each other, add 1 to the total. If every
    major power still in the game (i.e. not completely conquered) is at war with a major powers, add
    2 to the total." """
    table.given(wars=ALL_AT_WAR)
    political_affairs(table, order=("GE", "IT"))

    events = table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[1])

    assert (rolled(events).war_modifier, rolled(events).result, rolled(events).ended) == (3, 4, False)


@pytest.mark.rule("DOD3-8.6a")
def test_passing_a_bid_is_not_an_option_played(table):
    """Rule 8.6: the roll comes "After resolving your option"; a bid passed resolves none, so nothing
    is rolled and it does not count against later rolls."""
    political_affairs(table, order=("GE", "IT", "CW"))
    table.act("GE", PassOption("GE"))

    events = table.act("IT", PlayOption("IT", "IPO 12", target="Austria"), rolls=[2])

    assert (rolled(events).previous_options, rolled(events).ended) == (0, False)


@pytest.mark.rule("DOD3-8.6b")
@pytest.mark.parametrize("option_8_6, previous, ended", [(False, 2, True), (True, 1, False)])
def test_option_8_6_does_not_count_mp_0(new_table, option_8_6, previous, ended):
    """Rule 8.6, "Option 8.6: You only subtract 1 from the die roll for each option apart from MP 0
    that has been played previously this turn." Germany offers the pact, the Soviet Union approves
    it with its 0(f) (then activates Finland, where Germany's -1 cannot move it), Italy rolls a 3."""
    table = new_table(options={"option_8_6": option_8_6})
    political_affairs(table, order=("GE", "RU", "IT", "CW"))
    table.act("GE", PlayOption("GE", "GE 3", target="RU"), rolls=[10])
    table.act("RU", PlayOption("RU", "RU 0(f)", target="GE"))
    table.act("RU", ActivateMinor("RU", "Finland", moves=(MarkerMove("GE", ()),)), rolls=[10])

    events = table.act("IT", PlayOption("IT", "IPO 12", target="Austria"), rolls=[3])

    assert (rolled(events).previous_options, rolled(events).ended) == (previous, ended)


@pytest.mark.rule("DOD3-8.6c")
def test_the_last_bidders_final_option_ends_political_affairs_without_a_roll(table):
    """Rule 8.6: "If you are the last player to have bid (recorded by the use of the second 'last
    card marker'), and you have played your final option, political affairs end automatically."
    (No die is scripted: a roll would fail the test.)"""
    political_affairs(table, order=("GE",))

    events = table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"))

    assert not any(isinstance(e, EndOfPoliticalAffairsRolled) for e in events)
    assert any(isinstance(e, PoliticalAffairsEnded) for e in events) and table.dice.rolled == []
