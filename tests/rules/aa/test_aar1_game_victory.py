"""Victory and weapons development through the whole game's decider (AAR1-victory, AAR1-vc,
AAR-tech)."""
import pytest

from domain.aa.battles.messages import BattleRequested
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.deadlines import DEADLINES
from domain.aa.revised_phase_one.game.events import (BidsRevealed, BombingRaidResolved, RocketFired, TurnsBid,
                                                     VictoryChecked, WeaponsDeveloped)
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aar_game_table import GameTable, new_game

AXIS_GAINS = ("Russia", "Caucasus", "United Kingdom", "India")  # 5 + 3 + 5 + 2 VCPs to the Axis


def axis_holding(table: GameTable) -> GameTable:
    for territory in AXIS_GAINS:
        table = table.owner(territory, "Germany")
    return table


@pytest.mark.rule("AAR1-victory")
def test_major_victory_to_the_axis_at_40_vcps_after_a_us_turn():
    """AAR1-victory: "The Axis win if they control 40 VCPs at the end of any US player's turn." Given
    the Axis holding 26 + 15 VCPs, when the US ends placement, then the Axis win and the game ends."""
    table = axis_holding(new_game()).at("US", Phase.PLACE)

    table.send("us", cmd.EndPlacement("US"))

    checked = table.events_of(VictoryChecked)[0]
    assert (checked.vcp["Axis"], checked.winner) == (41, "Axis")
    assert table.decider.is_terminal(table.state)
    assert table.refused("russia", cmd.SetStandingOrders("Russia")).rule_id == "AAR1-victory"


@pytest.mark.rule("AAR1-victory")
def test_no_victory_is_checked_but_at_the_end_of_a_us_turn():
    """AAR1-victory: "at the end of any US player's turn" only. Given the same 41 Axis VCPs at the end
    of Germany's placement, then nobody has won."""
    table = axis_holding(new_game()).at("Germany", Phase.PLACE)

    table.send("germany", cmd.EndPlacement("Germany"))

    assert table.events_of(VictoryChecked)[0].winner == "" and table.game.phase is Phase.RESEARCH


@pytest.mark.rule("AAR1-victory")
def test_minor_victory_ends_the_game_after_the_agreed_turn_to_the_majority():
    """AAR1-victory (minor): "The game will automatically end after the US player's turn on the turn
    number that won the bid. The team controlling the majority of the VCPs at that time wins." Given
    3 agreed turns, then the US placement of round 2 ends nothing; of round 3, the Allies (39 of 65) win."""
    early = new_game(victory="minor", minor_turns=3).at("US", Phase.PLACE, round_=2)
    late = new_game(victory="minor", minor_turns=3).at("US", Phase.PLACE, round_=3)

    early.send("us", cmd.EndPlacement("US"))
    late.send("us", cmd.EndPlacement("US"))

    assert early.events_of(VictoryChecked)[0].winner == ""
    assert late.events_of(VictoryChecked)[0].winner == "Allies"


@pytest.mark.rule("AAR1-victory")
def test_total_victory_needs_every_territory():
    """AAR1-victory (total): "The winning team is the first to control every territory by the end of
    any US player's turn." Given the Axis holding 41 VCPs under total victory, then nobody has won."""
    table = axis_holding(new_game(victory="total")).at("US", Phase.PLACE)

    table.send("us", cmd.EndPlacement("US"))

    assert table.events_of(VictoryChecked)[0].winner == ""


@pytest.mark.rule("AAR1-vc")
def test_the_victory_cities_view_counts_each_sides_points():
    """AAR1-vc: 25 victory cities, capital 5, major 3, two moderate 2, minor 1 per nation. Given the
    start, then the Axis hold 26 VCPs and the Allies 39."""
    view = new_game().view("russia")

    assert view["victory"]["vcp"] == {"Axis": 26, "Allies": 39}
    assert sum(1 for t in view["territories"].values() if t["victory_city"]) == 25


# ---- weapons development --------------------------------------------------------------------------


@pytest.mark.rule("AAR-tech")
def test_a_six_on_a_research_die_grants_the_advance_named_first():
    """AAR-tech: "Research dice at 5 IPCs each, the advance named first; any 6 grants it". Given
    Germany's 40 IPCs, when it rolls 2 dice for Jet Power and throws 3 and 6, then it pays 10 and has
    Jet Power; 2 dice without a 6 buy nothing."""
    lucky = new_game().at("Germany", Phase.RESEARCH)
    unlucky = new_game().at("Germany", Phase.RESEARCH)

    lucky.send("germany", cmd.DevelopWeapons("Germany", 2, "jet_power"), rolls=[3, 6])
    unlucky.send("germany", cmd.DevelopWeapons("Germany", 2, "jet_power"), rolls=[3, 5])

    developed = lucky.events_of(WeaponsDeveloped)[0]
    assert (developed.cost, developed.gained, developed.treasury) == (10, True, 30)
    assert "jet_power" in lucky.game.position.advances("Germany")
    assert not unlucky.events_of(WeaponsDeveloped)[0].gained and unlucky.game.treasury["Germany"] == 30


@pytest.mark.rule("AAR-tech")
def test_research_beyond_the_treasury_or_for_an_advance_held_is_refused():
    """AAR-tech: dice are paid for; the advance is one not yet held. Given Russia with 24 IPCs, then
    5 dice (25) are refused; given Germany with Rockets, then research for Rockets is refused."""
    russia = new_game().at("Russia", Phase.RESEARCH)
    germany = new_game().at("Germany", Phase.RESEARCH)
    germany = germany.set_game(position=germany.game.position.__class__(
        **{**germany.game.position.__dict__, "techs": {"Germany": frozenset({"rockets"})}}))

    assert russia.refused("russia", cmd.DevelopWeapons("Russia", 5, "rockets")).rule_id == "AAR-tech"
    assert germany.refused("germany", cmd.DevelopWeapons("Germany", 1, "rockets")).rule_id == "AAR-tech"


def with_advance(table: GameTable, power: str, advance: str) -> GameTable:
    position = table.game.position
    return table.set_game(position=position.__class__(
        **{**position.__dict__, "techs": {**position.techs, power: frozenset({advance})}}))


@pytest.mark.rule("AAR-tech")
def test_jet_power_goes_into_the_defenders_battles():
    """AAR-tech: "the six Revised advances and their effects in movement and battle". Given Russia
    with Jet Power defending Karelia with a fighter, when Germany attacks, then the battle is fought
    with Russia's Jet Power."""
    table = with_advance(new_game(), "Russia", "jet_power").at("Germany", Phase.COMBAT_MOVE)
    table.units("Karelia S.S.R.", Russia={"fighter": 1})
    table.units("Eastern Europe", Germany={"armour": 1})
    table.send("germany", cmd.MoveUnits("Germany", {"armour": 1}, ("Eastern Europe", "Karelia S.S.R.")))

    table.send("germany", cmd.EndCombatMove("Germany"))

    assert table.events_of(BattleRequested)[0].options.defender_techs == frozenset({"jet_power"})


@pytest.mark.rule("AAR-tech")
def test_long_range_aircraft_fly_two_spaces_further():
    """AAR-tech: Long-Range Aircraft (+2 movement to air units). Given a UK fighter in the UK, then a
    6-space flight is refused without the advance and taken with it."""
    route = ("United Kingdom", "3 Sea Zone", "4 Sea Zone", "Archangel", "Russia", "Evenki National Okrug",
             "Yakut S.S.R.")
    plain = new_game().at("UK", Phase.NON_COMBAT_MOVE)
    ranged = with_advance(new_game(), "UK", "long_range_aircraft").at("UK", Phase.NON_COMBAT_MOVE)

    assert plain.refused("uk", cmd.MoveUnits("UK", {"fighter": 1}, route)).rule_id == "AAR-air"
    ranged.send("uk", cmd.MoveUnits("UK", {"fighter": 1}, route))


@pytest.mark.rule("AAR-tech")
def test_heavy_bombers_roll_two_dice_in_a_bombing_raid():
    """AAR-tech: Heavy Bombers roll two dice. Given the UK's heavy bomber raiding Germany, when the
    guns miss (6, 6) and it rolls 3 and 4, then Germany loses 7."""
    table = with_advance(new_game(), "UK", "heavy_bombers").at("UK", Phase.COMBAT_MOVE)
    table.send("uk", cmd.MoveUnits("UK", {"bomber": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe", "Germany"),
                                   bombing=True), rolls=[6])
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([6, 3, 4])

    assert table.events_of(BombingRaidResolved)[0].damage == 7


@pytest.mark.rule("AAR-tech")
def test_rockets_strike_an_enemy_ic_within_three_spaces():
    """AAR-tech: Rockets: an AA gun strikes an enemy IC within 3 spaces, one die of damage. Given
    Germany with Rockets and an AA gun in Western Europe, when it fires at the UK and rolls 4, then
    the UK loses 4; a second strike from Western Europe this turn is refused."""
    table = with_advance(new_game(), "Germany", "rockets").at("Germany", Phase.COMBAT_MOVE)

    table.send("germany", cmd.FireRockets("Germany", "Western Europe", "United Kingdom"), rolls=[4])

    assert table.events_of(RocketFired)[0].damage == 4 and table.game.treasury["UK"] == 26
    assert table.refused("germany", cmd.FireRockets("Germany", "Western Europe", "United Kingdom")).rule_id == \
        "AAR-tech"


@pytest.mark.rule("AAR-tech")
def test_legal_commands_offer_rockets_with_their_targets_once_developed():
    """AAR-tech: a power with Rockets is offered FireRockets in its combat move, the example ready
    to send and every enemy IC in range as a choice; without the advance, or once each launcher has
    fired, it is not offered."""
    table = with_advance(new_game(), "Germany", "rockets").at("Germany", Phase.COMBAT_MOVE)
    plain = new_game().at("Germany", Phase.COMBAT_MOVE)

    offered = [s for s in table.legal("germany") if s.type == "FireRockets"]
    table.send("germany", cmd.FireRockets(**offered[0].example), rolls=[2])

    assert offered[0].choices["target"] and offered[0].example["target"] in offered[0].choices["target"]
    assert "United Kingdom" in offered[0].choices["target"] or "Russia" in offered[0].choices["target"]
    assert not [s for s in plain.legal("germany") if s.type == "FireRockets"]
    assert offered[0].example["launch"] not in {s.example["launch"] for s in table.legal("germany")
                                                if s.type == "FireRockets"}


@pytest.mark.rule("AAR-tech")
def test_without_its_capital_a_power_does_no_research():
    """AAR-purchase / AAR-tech: "none without the capital (no purchase, no research, no income)".
    Given Russia placing with Moscow in German hands, when placement ends, then research is passed
    by and Germany's turn begins."""
    table = new_game().owner("Russia", "Germany").at("Russia", Phase.PLACE)

    table.send("russia", cmd.EndPlacement("Russia"))

    assert table.events_of(WeaponsDeveloped) == []
    assert (table.game.power, table.game.phase) == ("Germany", Phase.PURCHASE)


# ---- minor victory: the bid for the game's length ---------------------------------------------------


def bidding(seats=None) -> GameTable:
    return GameTable(seats, victory="minor")


@pytest.mark.rule("AAR1-victory")
def test_a_minor_victory_game_opens_with_both_sides_bidding_sealed():
    """AAR1-victory, minor: "Both sides bid the number of turns that they want the game to last if
    they are the Axis." Given minor victory without agreed turns, then the game waits for a bid from
    each side before Russia's first purchase; when the Axis bid 12, then Germany's and Japan's seats
    read it, the Allies' seats and spectators do not, and only the Allies are still awaited."""
    table = bidding()

    waiting = {w["seat"] for w in table.view("russia")["turn"]["awaiting"]}
    table.send("japan", cmd.BidTurns("Axis", 12))

    assert table.game.phase is Phase.BID and waiting == {"russia", "germany", "uk", "japan", "us"}
    assert table.view("germany")["victory"]["bids"] == {"Axis": 12}
    assert table.view("uk")["victory"]["bids"] == {} and table.view("spectator")["victory"]["bids"] == {}
    assert table.events_of(TurnsBid)[0].seal().seats == frozenset({"germany", "japan"})
    assert {w["seat"] for w in table.view("russia")["turn"]["awaiting"]} == {"russia", "uk", "us"}
    assert [s.example for s in table.legal("us")] == [{"side": "Allies", "turns": 10}]
    assert table.legal("germany") == []


@pytest.mark.rule("AAR1-victory")
def test_the_higher_bid_sets_the_length_and_its_team_plays_the_axis():
    """AAR1-victory, minor: "The team that bids the higher number of turns gets to play as the Axis.
    The game will automatically end after the US player's turn on the turn number that won the bid."
    Given the Axis bid 8, when the Allies bid 11, then both bids are revealed, the game lasts 11
    turns, the team seated as the Allies takes the Axis, and Russia's first purchase begins."""
    table = bidding()
    table.send("germany", cmd.BidTurns("Axis", 8))

    table.send("uk", cmd.BidTurns("Allies", 11))

    revealed = table.events_of(BidsRevealed)[0]
    assert (revealed.bids, revealed.turns, revealed.axis_team) == ({"Axis": 8, "Allies": 11}, 11, "Allies")
    assert set(revealed.unseals()) == {TurnsBid("Axis", 8, ()).seal().key, TurnsBid("Allies", 11, ()).seal().key}
    assert table.game.options.minor_turns == 11 and table.view("spectator")["victory"]["bids"] == revealed.bids
    assert (table.game.power, table.game.phase) == ("Russia", Phase.PURCHASE)


@pytest.mark.rule("AAR1-victory")
def test_a_tie_leaves_the_seats_as_they_are():
    """AAR1-victory, minor (the seed is silent on a tie): equal bids leave each team on its side."""
    table = bidding()
    table.send("germany", cmd.BidTurns("Axis", 9))

    table.send("russia", cmd.BidTurns("Allies", 9))

    assert table.events_of(BidsRevealed)[0].axis_team == "Axis" and table.game.options.minor_turns == 9


@pytest.mark.rule("AAR1-victory")
@pytest.mark.parametrize("seat, bid, why", [
    ("uk", cmd.BidTurns("Axis", 10), "only a seat holding a power of the Axis"),
    ("germany", cmd.BidTurns("Axis", 0), "from 1 to 99"),
    ("germany", cmd.BidTurns("Central Powers", 10), "a side is one of"),
    ("russia", cmd.Purchase("Russia"), "bid_turns"),
])
def test_bids_come_from_their_side_within_bounds_and_before_anything_else(seat, bid, why):
    """AAR1-victory: a side's bid comes from its own seats, is a number of turns, names a side, and
    nothing else is played until both sides have bid."""
    table = bidding()

    refused = table.refused(seat, bid)

    assert why in refused.message


@pytest.mark.rule("AAR1-victory")
def test_a_side_bids_once_and_agreed_turns_need_no_bid():
    """AAR1-victory: one bid a side; a game agreed with minor_turns starts at Russia's purchase."""
    table = bidding()
    table.send("germany", cmd.BidTurns("Axis", 9))

    again = table.refused("japan", cmd.BidTurns("Axis", 20))

    assert "have bid already" in again.message
    assert GameTable(victory="minor", minor_turns=5).game.phase is Phase.PURCHASE


@pytest.mark.rule("CORE-deadline")
def test_a_side_that_misses_the_bid_deadline_bids_the_fewest_turns():
    """CORE-deadline / AAR1-victory: the bid is a timed step; a side missing it bids 1 turn (once,
    whichever of its seats owes it), so the other side's bid wins."""
    table = bidding(seats={"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")})
    table.send("axis", cmd.BidTurns("Axis", 7))

    step = DEADLINES.step(table.state)
    orders = DEADLINES.orders(table.state, step, "pass", frozenset({"allies"}))
    for seat, order in orders:
        table.send(seat, order)

    assert step.kind == "bid" and orders == [("allies", cmd.BidTurns("Allies", 1))]
    assert table.events_of(BidsRevealed)[0].turns == 7
