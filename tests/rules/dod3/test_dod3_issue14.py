"""Issue 14's Days of Decision III defects, each as the rule says it in general: the activation
that could not end (8.5e with 8.5g), a conquered power out of the game everywhere, US entry's
modifiers before doubling or halving (8.4d) and colonies without a League vote (8.1b)."""
from dataclasses import replace
from fractions import Fraction

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import (
    ActivateMinor, EndConquest, KeepInitiativePosition, MoveDownInitiative, PlayOption, RecordConquest, SubmitBid,
)
from domain.dod3.events import MinorActivated
from domain.dod3.political_affairs.activation.messages import MarkerMove
from domain.dod3.political_affairs.ending.messages import EndOfPoliticalAffairsRolled
from domain.dod3.political_affairs.control.political_control import control_effects
from domain.dod3.state import InitiativePhase, war_pair
from domain.dod3.victory import score
from events.codec import from_plain
from test_dod3_p2_ending import ALL_AT_WAR
from test_dod3_p2_layouts import activating, at, markers, political_affairs



@pytest.fixture
def cornered(table):
    """France activates Czechoslovakia in D8 holding a CW +1: the one hex towards the CW (C9, cost
    1) holds Hungary, hostile to Czechoslovakia, with no major power there."""
    at(table, Czechoslovakia="D8", Hungary="C9")
    markers(table, Czechoslovakia={"CW": 1})
    return activating(table, "FR")


@pytest.mark.rule("DOD3-8.5e")
@pytest.mark.rule("DOD3-8.5g")
def test_a_hex_the_minor_may_not_end_in_stops_it_before_that_hex(cornered):
    """Rule 8.5: "If it costs more points to enter a hex than that remaining for the modifier, the
    marker cannot enter that hex and ceases its movement in the current hex" and "two minors cannot
    end together if either is hostile to the other unless they are stacked with a major power
    eligible to control them". Given the CW +1's only hex on (C9) holds hostile Hungary; when France
    applies it without moving the marker; then the activation is accepted and Czechoslovakia stays
    in D8 (it stops where it cannot continue), while entering C9 is refused by 8.5g."""
    entering = cornered.refused(cornered.seat("FR"), ActivateMinor(
        "FR", "Czechoslovakia", moves=(MarkerMove("CW", ("C9",)),)))

    events = cornered.act("FR", ActivateMinor("FR", "Czechoslovakia", moves=(MarkerMove("CW", ()),)), rolls=[10])

    assert entering.rule_id == "DOD3-8.5g"
    assert isinstance(events[0], MinorActivated) and events[0].end == "D8"
    assert cornered.state.positions["Czechoslovakia"] == "D8"


@pytest.mark.rule("DOD3-8.5a")
def test_the_offered_activation_is_accepted_where_the_marker_is_cornered(cornered):
    """Rule 8.5a: "You must activate any one minor of your choice": the step always has a way on.
    Given the cornered Czechoslovakia; when France sends the body legal_commands offers; then it is
    accepted and the step goes on."""
    (spec,) = [s for s in cornered.legal(cornered.seat("FR")) if s.type == "ActivateMinor"]

    events = cornered.act("FR", from_plain(ActivateMinor, spec.example), rolls=[10])

    assert spec.choices["moves"] == [{"nationality": "CW", "converted_from": None, "path": []}]
    assert isinstance(events[0], MinorActivated) and cornered.state.political.activating is None


JAPAN_EMBARGO_3 = ("JA: {provisional: true, minor_effects: {Siam: -2}, us_entry: {1936: -1}}",
                   "JA: {provisional: true, minor_effects: {Siam: -2}, us_entry: {1936: 3}}")
HALVE_THEN_ADD_2 = ("us_entry_modifiers: [{kind: halve, provisional: true}]",
                    "us_entry_modifiers: [{kind: halve}, {kind: add, value: 2}]")


@pytest.mark.rule("DOD3-8.4d")
def test_us_entry_modifiers_are_added_before_halving(new_table, make_pack):
    """Rule 8.4: "Sometimes you are asked to use the opposite of the chart effect (e.g. IPO 3) or to
    double or halve the effect (e.g. IPO 5). This is done after adding any modifier."
    Given an embargo (IPO 19, halved) whose card lists the halving before a +2, and a war chart
    giving 3 for Japan; when Italy embargoes Japan; then US entry shifts (3 + 2) / 2 = 5/2, not
    3 / 2 + 2 = 7/2."""
    table = political_affairs(new_table(pack=make_pack(JAPAN_EMBARGO_3, HALVE_THEN_ADD_2)), order=("IT",))

    table.act("IT", PlayOption("IT", "IPO 19", target="JA"))

    assert table.state.us_entry_history[-1].shift == Fraction(5, 2)


@pytest.mark.rule("DOD3-8.1b")
def test_a_colony_has_no_league_vote(table):
    """Rule 8.1: "Colonies do not have a vote in the League of Nations (see 8.7.1, IPO 16) and may
    not be members of the League (they are represented by their controlling major power or minor
    country)." Given Belgium controlled by France (its start position); when the effects of that
    control are read for Belgium and for its colony the Belgian Congo; then Belgium votes and the
    Congo does not, though it follows Belgium in everything else."""
    belgium = control_effects(table.state, table.pack, "Belgium")
    congo = control_effects(table.state, table.pack, "Belgian Congo")

    assert (belgium.controller, belgium.league_vote) == ("FR", True)
    assert congo == replace(belgium, league_vote=False)


@pytest.fixture
def france_conquered(table):
    """Turn 3's initiative step after France was conquered in turn 2's step H (the CW, the US and
    France, all Democrats, trail France on the track)."""
    table.finish_turn()
    table.bid()
    table.to_conquest_step()
    table.moderator(RecordConquest("FR"))
    table.moderator(EndConquest())
    return table


@pytest.mark.rule("DOD3-4.1")
@pytest.mark.rule("DOD3-6.5")
def test_a_conquered_democrat_is_not_queued_to_move_down(france_conquered):
    """Rule 4: a completely conquered major power is out of the game ("every major power still in
    the game (i.e. not completely conquered)", 8.6). Rule 6: "each Democratic player, in reverse
    initiative order, may move down the initiative order". Given France conquered; when every
    power still in the game has bid nothing; then France has no entry, is last on the track, is not
    queued for a chance to move down, and the view waits only for powers still in the game, each
    of them offered a command."""
    table = france_conquered
    bidding = [a["power"] for a in table.view("moderator")["turn"]["awaiting"]]
    for power in table.state.active_powers():
        table.act(power, SubmitBid(power, 0))

    initiative = table.state.initiative
    assert "FR" not in bidding and "FR" not in [e.power for e in initiative.entries]
    assert initiative.track[-1] == "FR" and "FR" not in initiative.democrat_queue
    assert initiative.phase is InitiativePhase.DEMOCRAT_MOVES
    waiting = [(a["power"], a["seat"]) for a in table.view("moderator")["turn"]["awaiting"]]
    assert waiting == [(initiative.democrat_queue[0], table.seat(initiative.democrat_queue[0]))]
    assert {s.type for s in table.legal(waiting[0][1])} == {"MoveDownInitiative", "KeepInitiativePosition"}


@pytest.mark.rule("DOD3-4.1")
def test_commands_for_a_conquered_power_are_refused(france_conquered):
    """Rule 4: a conquered power is out of the game: given France conquered; when France's seat (or
    the moderator) sends a bid or a move down for it; then each is refused with DOD3-4.1."""
    table = france_conquered
    bid = table.refused(table.seat("FR"), SubmitBid("FR", 1))
    for power in table.state.active_powers():
        table.act(power, SubmitBid(power, 0))
    moved = table.refused(table.seat("FR"), MoveDownInitiative("FR", 8))
    kept = table.refused("moderator", KeepInitiativePosition("FR"))

    assert [bid.rule_id, moved.rule_id, kept.rule_id] == ["DOD3-4.1"] * 3


@pytest.mark.rule("DOD3-4.1")
def test_democrats_move_down_no_further_than_the_last_power_still_in_the_game(france_conquered):
    """Rule 6: a Democrat may move down the initiative order: given France conquered (last on the
    track); when the next Democrat is offered its moves; then none of them goes below the seven
    powers still in the game."""
    table = france_conquered
    for power in table.state.active_powers():
        table.act(power, SubmitBid(power, 0))
    power = table.state.initiative.democrat_queue[0]

    (spec,) = [s for s in table.legal(table.seat(power)) if s.type == "MoveDownInitiative"]

    assert max(spec.choices["position"]) == 7
    assert table.refused(table.seat(power), MoveDownInitiative(power, 8)).rule_id == "DOD3-6.5"


@pytest.mark.rule("DOD3-4.3")
def test_a_conquered_power_counts_for_no_player(table):
    """Rule 4: "Each major power within the winning ideology(s) now subtracts their total needed
    from their total number of objectives controlled. The player with the highest total is the
    winning player." Given the Democrats win with France conquered; when the game is scored; then
    the CW/France player's total is the CW's alone (France is out of the game)."""
    held = {"CH": 2, "CW": 21, "FR": 7, "US": 19, "RU": 15, "GE": 0, "IT": 0, "JA": 0}
    seats = RULESET.seat_presets["4b"]  # Fascists | CW & France | China & USA | USSR & CC

    result = score(table.pack, held, seats, conquered=frozenset({"FR"}))

    assert result.player_totals["player2"] == result.power_nets["CW"]


@pytest.mark.rule("DOD3-8.6a")
def test_a_conquered_power_at_peace_does_not_stop_every_power_being_at_war(table):
    """Rule 8.6: "If every major power still in the game (i.e. not completely conquered) is at war
    with a major powers, add 2 to the total." Given every power at war (the USSR with Germany) but
    China, which is at peace and conquered; when Germany's end roll is a 1; then +1 (4 or more at
    war) and +2 apply: 4."""
    table.given(wars=frozenset(pair for pair in ALL_AT_WAR if "CH" not in pair) | {war_pair("RU", "GE")})
    table.given_power("CH", conquered=True)
    political_affairs(table, order=("GE", "IT"))

    events = table.act("GE", PlayOption("GE", "IPO 12", target="Netherlands"), rolls=[1])

    (rolled,) = [e for e in events if isinstance(e, EndOfPoliticalAffairsRolled)]
    assert (rolled.war_modifier, rolled.result) == (3, 4)
