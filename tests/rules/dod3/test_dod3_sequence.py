"""Rules 1 and 5: fractions, dice and the sequence of play; rule 7: weather."""
from fractions import Fraction

import pytest

from domain.dod3.commands import (
    BuyPoints, EndConquest, EndMilitaryAffairs, EndPoliticalAffairs, EndProduction, PassOption, RecordMilitaryPoints,
    RecordSearchAndSeizure, RollWeather, SubmitBid,
)
from domain.dod3.events import StepBegan, TurnBegan, TurnEnded, WeatherDetermined
from domain.dod3.state import PointKind, Step
from domain.dod3.turns import turn_label
from domain.kernel import round_half_away


@pytest.mark.rule("DOD3-1.1")
@pytest.mark.parametrize("value, rounded", [(Fraction(13, 4), 3), (Fraction(9, 2), 5), (Fraction(-7, 2), -4)])
def test_fractions_round_half_away_from_zero(value, rounded):
    """Rule 1.1: "round to the nearest whole number (rounding positive halves up and negative halves
    down). For example, 3.25 rounds to 3, 4.5 becomes 5 and -3.5 rounds to -4"."""
    assert round_half_away(value) == rounded


@pytest.mark.rule("DOD3-1.1")
def test_fractions_are_kept_until_a_rule_reads_the_total(new_table, make_pack):
    """Rule 1.1: "retain fractions until you have applied all relevant modifiers": US entry keeps
    its halves (7/2 after seven turns of a half shift); its rounded reading is 4."""
    table = new_table(pack=make_pack(("search_and_seizure: {value: 1, provisional: true}", "search_and_seizure: 1/2")))

    table.quiet_turns(7, records=[RecordSearchAndSeizure("JA")])

    assert table.state.us_entry["JA"] == Fraction(7, 2)
    assert table.view("player1")["us_entry"]["rounded"]["JA"] == 4


@pytest.mark.rule("DOD3-1.2")
def test_die_rolls_are_d10(table):
    """Rule 1.2: "All die rolls in DoD III use a ten-sided die (d10)." """
    table.roll_weather(10)

    assert table.dice.rolled == [(10, 10)]


@pytest.mark.rule("DOD3-5")
def test_turn_one_skips_initiative_and_allows_one_option_per_power(table):
    """Rule 5: "A. Initiative (skip on turn 1 - Jan/Feb 1936) ... Major powers may only play one
    option in the Jan/Feb 1936 turn." """
    assert (table.state.turn, table.state.step) == (1, Step.WEATHER)

    table.roll_weather()

    assert table.state.political.order == ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")
    assert set(table.state.political.options.values()) == {1}
    assert table.refused(table.seat("GE"), SubmitBid("GE", 1)).rule_id == "DOD3-5"


@pytest.mark.rule("DOD3-5")
def test_turns_run_jan_feb_1936_to_nov_dec_1946(table):
    """Rule 5 (and 4.1): bi-monthly turns from Jan/Feb 1936 to the end of the Nov/Dec 1946 turn."""
    assert [turn_label(table.pack, t) for t in (1, 2, 6, 7, 66)] == [
        "Jan/Feb 1936", "Mar/Apr 1936", "Nov/Dec 1936", "Jan/Feb 1937", "Nov/Dec 1946"]
    assert table.pack.turns == 66


@pytest.mark.rule("DOD3-5")
def test_a_turn_runs_its_steps_in_order(table):
    """Rule 5: "Each game turn involves a number of actions that occur in the following order":
    A Initiative, B Weather, C Political Affairs, D Bonus Bid Points, E Military Affairs,
    F Production, G US Entry, H Conquest, I End of Turn."""
    table.finish_turn()
    table.log.clear()
    table.bid({"GE": 1})

    table.finish_turn()

    steps = [e.step.value for e in table.log if isinstance(e, StepBegan)]
    assert steps == ["B", "C", "D", "E", "F", "G", "H", "I"]
    assert isinstance(table.log[-1], TurnBegan) and table.state.turn == 3


@pytest.mark.rule("DOD3-5")
def test_political_affairs_go_in_initiative_order_to_the_last_bidder(table):
    """Rule 5 C: "In initiative order (1st Initiative going first)"; "If the step hasn't ended, and
    this was your last bid, the next major power resolves its bid"."""
    table.roll_weather()

    violation = table.refused(table.seat("IT"), PassOption("IT"))
    table.act("GE", PassOption("GE"))

    assert violation.rule_id == "DOD3-5"
    assert table.state.political.current == "IT"


@pytest.mark.rule("DOD3-5")
def test_the_moderator_may_end_political_affairs(table):
    """Rule 5 C.4: "Roll the die to see if the political affairs step ends ... If it ends, go to D"
    (the roll is part 2; the moderator records the end)."""
    table.roll_weather()

    table.moderator(EndPoliticalAffairs("rolled 1"))

    assert table.state.step is Step.MILITARY_AFFAIRS


@pytest.mark.rule("DOD3-5")
def test_commands_out_of_step_are_refused(table):
    """Rule 5: each action happens in its step."""
    assert table.refused(table.seat("GE"), EndProduction("GE")).rule_id == "DOD3-F"
    assert table.refused("moderator", EndConquest()).rule_id == "DOD3-5"
    assert table.refused(table.seat("GE"), PassOption("GE")).rule_id == "DOD3-5"


@pytest.mark.rule("DOD3-I")
def test_end_of_turn_checks_the_end_then_starts_the_next_turn(table):
    """Rule 5 I: "Check to see if the game has ended. If not, return naval points to a base. The
    next turn starts (repeat steps A to I)." The engine keeps no sea areas, so a return to base is
    the step I event (TurnEnded) and every naval point is still on the chart after it. Given
    Germany gained a naval point in step E and Japan bought one in step F; when step I runs; then
    the turn ends with every naval point kept (GE 3, JA 5) and the next turn starts."""
    naval = {p: ledger.naval_points for p, ledger in table.state.powers.items()}
    table.roll_weather()
    table.pass_political_affairs()
    table.moderator(RecordMilitaryPoints("GE", naval_change=1))
    table.moderator(EndMilitaryAffairs())
    table.act("JA", BuyPoints("JA", PointKind.NAVAL, 1))
    table.production()

    events = table.moderator(EndConquest())

    assert table.types(events)[-3:] == ["StepBegan", "TurnEnded", "TurnBegan"]
    assert isinstance(events[-2], TurnEnded) and events[-1] == TurnBegan(2, "Mar/Apr 1936")
    assert {p: ledger.naval_points for p, ledger in table.state.powers.items()} == {**naval, "GE": 3, "JA": 5}
    assert (table.state.step, table.state.outcome) == (Step.INITIATIVE, None)


@pytest.mark.rule("DOD3-I")
def test_no_naval_points_return_when_the_game_has_ended(table):
    """Rule 5 I: "Check to see if the game has ended. If not, return naval points to a base": given
    the last turn (Nov/Dec 1946); when step I runs; then the game ends and no turn ends after it."""
    table.given(turn=66)
    table.roll_weather()
    table.pass_political_affairs()
    table.moderator(EndMilitaryAffairs())
    table.production()

    events = table.moderator(EndConquest())

    assert table.types(events)[-1] == "GameEnded" and "TurnEnded" not in table.types(events)


@pytest.mark.rule("DOD3-7")
def test_weather_example_sep_oct_roll_of_four_is_fine(table):
    """Rule 7 example: "It is Sep/Oct ... A 4 is rolled on the die, which you cross-index with the
    Sep/Oct column on the weather chart to find that the weather is fine." """
    table.given(turn=5)

    events = table.roll_weather(4)

    assert events[0] == WeatherDetermined(turn=5, period="Sep/Oct", roll=4, result="fine")


@pytest.mark.rule("DOD3-7")
def test_the_weather_applies_across_the_entire_map(table):
    """Rule 7: "The result is the weather for the turn. The weather applies across the entire map." """
    table.roll_weather(1)

    assert table.view("player3")["weather"] == {"turn": 1, "period": "Jan/Feb", "roll": 1, "result": "storm"}


@pytest.mark.rule("DOD3-7")
def test_the_weather_is_rolled_once_in_step_b_by_the_first_power(table):
    """Rule 5 B / 7: the weather is determined after initiative, once per turn."""
    assert table.refused(table.seat("IT"), RollWeather()).rule_id == "DOD3-7"

    table.roll_weather()

    assert table.refused(table.seat("GE"), RollWeather()).rule_id == "DOD3-7"
