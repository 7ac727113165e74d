"""Rule 4: the object of the game (game end, objectives, ideology nets, the winning player)."""
from fractions import Fraction

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import EndConquest, RecordCapture, RecordConquest, SubmitBid
from domain.dod3.events import GameEnded, PoliticalEffectivenessRevealed
from domain.dod3.state import Step
from domain.dod3.victory import holdings, score

FOUR_PLAYERS_B = RULESET.seat_presets["4b"]  # Fascists | CW & France | China & USA | USSR & CC
# Rule 4 example: "the objectives controlled by the Democrats and Communists is the historical high
# point"; every Fascist power is conquered.
HIGH_POINTS = {"CH": 2, "CW": 21, "FR": 7, "US": 19, "RU": 15, "GE": 0, "IT": 0, "JA": 0}


@pytest.mark.rule("DOD3-4.3")
def test_the_rule_four_worked_example(table):
    """Rule 4 example: "The Democrats need a total of 50 objectives, while the Communists need a
    total of 17. ... The French/Commonwealth player controls 28 objectives compared to the total
    needed of 30, while the US/China player controls 21 objectives compared to their needed total
    of 20. The Soviet player controls 15 compared to their total needed of 17. Therefore, the
    USA/China player is the overall winner of the game."

    The example also says "Both the Democrats and the Communists are 2 short of their total, so they
    have won jointly", but its own figures give the Democrats 28 + 21 = 49 of 50 (1 short) and the
    Communists 15 of 17 (2 short): by the rule the Democrats win alone. The winning player is the
    same either way."""
    result = score(table.pack, HIGH_POINTS, FOUR_PLAYERS_B)

    assert result.ideology_needed == {"democracy": 50, "fascism": 42, "communism": 17}
    assert (result.holdings["CW"] + result.holdings["FR"], result.power_nets["CW"] + result.power_nets["FR"]) == (28, -2)
    assert (result.holdings["US"] + result.holdings["CH"], result.power_nets["US"] + result.power_nets["CH"]) == (21, 1)
    assert (result.holdings["RU"], result.power_nets["RU"]) == (15, -2)
    assert result.ideology_nets == {"democracy": -1, "fascism": -42, "communism": -2}
    assert result.winning_ideologies == ("democracy",)
    assert result.player_totals == {"player2": -2, "player3": 1}
    assert result.winning_players == ("player3",)


@pytest.mark.rule("DOD3-4.3")
def test_ideologies_tied_for_the_highest_net_win_jointly(table):
    """Rule 4: "If two or more ideologies are tied with the highest net totals, then both those
    ideologies have won. Each major power within the winning ideology(s) now subtracts their total
    needed from their total number of objectives controlled. The player with the highest total is
    the winning player." Both 2 short: the Democrats hold 48, the Communists 15."""
    held = {**HIGH_POINTS, "CW": 20}

    result = score(table.pack, held, FOUR_PLAYERS_B)

    assert result.winning_ideologies == ("democracy", "communism")
    assert result.player_totals == {"player2": -3, "player3": 1, "player4": -2}
    assert result.winning_players == ("player3",)


@pytest.mark.rule("DOD3-4.3")
def test_a_player_only_counts_powers_in_the_winning_ideologies(table):
    """Rule 4: "Each major power within the winning ideology(s) ..." - with two players, the
    Democrat+Communist player's Soviet total counts only if the Communists won too."""
    result = score(table.pack, HIGH_POINTS, RULESET.seat_presets["2"])

    assert result.player_totals == {"player2": -1}
    assert result.winning_players == ("player2",)


@pytest.mark.rule("DOD3-4.2")
def test_sixty_seven_objectives_counted_for_the_controller_of_their_territory(table):
    """Rule 4: "There are 67 objectives on the map. ... each objective is controlled (if at all) by
    the major power that controls the territory it is in." """
    table.roll_weather()
    table.pass_political_affairs()

    table.moderator(RecordCapture("Paris", "GE"))

    assert len(table.pack.objectives) == 67
    assert table.view("player1")["objectives"]["holders"]["Paris"] == "GE"
    assert table.view("player1")["objectives"]["controlled"]["GE"] == 4


@pytest.mark.rule("DOD3-4.2")
def test_neutral_objectives_go_to_the_closest_capital_half_each_when_equidistant(table):
    """Rule 4: "Add objectives in neutral minor countries to the total of the major power with the
    closest home country capital city ... If an objective is equidistant from 2 capital cities ...
    count it as half an objective for each of them." In the default pack Prague is closest to
    Berlin; Warsaw is as far from Berlin as from Moscow."""
    held = holdings(table.state, table.pack)
    without_warsaw = holdings(table.given(territory_control={**table.state.territory_control, "Poland": "JA"}).state,
                              table.pack)

    assert held["GE"] - without_warsaw["GE"] == Fraction(1, 2)
    assert held["RU"] - without_warsaw["RU"] == Fraction(1, 2)
    assert sum(held.values()) == 67


@pytest.mark.rule("DOD3-4.2")
def test_communist_chinese_objectives_count_for_the_ussr(table):
    """Rule 4 ("USSR & CC" share one total) and 3.1 (the Soviet Union including the CC forces)."""
    before = holdings(table.state, table.pack)["RU"]

    after = holdings(table.given(territory_control={**table.state.territory_control, "Shanghai": "CC"}).state,
                     table.pack)

    assert after["RU"] - before == 1


@pytest.fixture
def conquest_step(new_table):
    """Jul/Aug 1945 (turn 58), in the conquest step, seated as in the rule 4 example."""
    table = new_table(seats=FOUR_PLAYERS_B)
    table.given(turn=58)
    table.to_conquest_step()
    return table


@pytest.mark.rule("DOD3-4.1")
def test_the_game_ends_when_every_power_of_an_ideology_is_conquered(conquest_step):
    """Rule 4: "The game ends when: all the major powers in any one ideology have been conquered"
    ("In Jul/Aug 1945 the game ends after all Fascist powers are conquered"). Face-down PEs are
    turned up at the end."""
    table = conquest_step
    table.moderator(RecordConquest("GE"))
    table.moderator(RecordConquest("IT"))
    table.moderator(RecordConquest("JA"))

    events = table.moderator(EndConquest())

    ended = events[-1]
    assert isinstance(ended, GameEnded) and (ended.turn, ended.reason) == (58, "conquest:fascism")
    assert {e.power for e in events if isinstance(e, PoliticalEffectivenessRevealed)} == {"US", "RU"}
    assert ended.result == score(table.pack, holdings(table.state, table.pack), table.state.seats)
    assert table.decider.is_terminal(table.state)
    assert table.view("player1")["powers"]["US"]["political_effectiveness"] == 2


@pytest.mark.rule("DOD3-4.1")
def test_the_game_goes_on_while_one_power_of_the_ideology_survives(conquest_step):
    """Rule 4: "all the major powers in any one ideology" - Japan still fights."""
    table = conquest_step
    table.moderator(RecordConquest("GE"))
    table.moderator(RecordConquest("IT"))

    table.moderator(EndConquest())

    assert (table.state.turn, table.state.step) == (59, Step.INITIATIVE)


@pytest.mark.rule("DOD3-4.1")
def test_the_game_ends_when_an_ideology_controls_the_objectives_it_needs(new_table, make_pack):
    """Rule 4: "the major powers in one ideology together control as many objectives as their
    ideology needs" (a pack where the USSR needs only the 5 it holds)."""
    table = new_table(pack=make_pack(('objectives_needed: 17  # "USSR & CC" (rule 4)', "objectives_needed: 5")))

    events = table.finish_turn()

    assert (events[-1].reason, table.state.step) == ("objectives:communism", Step.GAME_OVER)


@pytest.mark.rule("DOD3-4.1")
def test_the_game_ends_after_nov_dec_1946(table):
    """Rule 4: "or it is the end of the Nov/Dec 1946 game turn"."""
    table.given(turn=66)

    events = table.finish_turn()

    assert (events[-1].turn, events[-1].reason) == (66, "calendar")


@pytest.mark.rule("DOD3-4.1")
def test_bitter_end_plays_on_until_two_ideologies_are_conquered(new_table):
    """Option 4.1: "(Bitter end) Play continues until all major powers from two ideologies have
    suffered complete conquest." """
    table = new_table(options={"bitter_end": True}).given(turn=66)
    table.finish_turn()
    assert (table.state.turn, table.view("player1")["turn"]["label"]) == (67, "Jan/Feb 1947")
    table.bid()
    table.to_conquest_step()
    table.moderator(RecordConquest("RU"))
    table.moderator(RecordConquest("GE"))
    table.moderator(RecordConquest("IT"))
    table.moderator(RecordConquest("JA"))

    events = table.moderator(EndConquest())

    assert (events[-1].turn, events[-1].reason) == (67, "bitter_end")


@pytest.mark.rule("DOD3-4.1")
def test_a_conquered_power_leaves_the_game(conquest_step):
    """Rule 4: a completely conquered major power no longer takes part ("every major power still in
    the game (i.e. not completely conquered)", rule 8.6): it neither bids nor produces."""
    table = conquest_step
    table.moderator(RecordConquest("GE"))

    table.moderator(EndConquest())

    assert "GE" not in [a["power"] for a in table.view("player1")["turn"]["awaiting"]]
    assert table.refused(table.seat("GE"), SubmitBid("GE", 1)).rule_id == "DOD3-4.1"
