"""Research & development and the twelve advances through the whole game's decider (AAG40-rd,
AAG40-tech)."""
import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import (
    IncomeCollected,
    ResearchRolled,
    RocketFired,
    UnitsPurchased,
)
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aag_game_table import new_game

NO_CONVOY = [6] * 60


@pytest.mark.rule("AAG40-rd")
def test_a_six_on_a_research_die_gives_the_charts_advance_at_once():
    """AAG40-rd: "dice at 5 IPC ... success on any 6, choose a chart, roll d6, effect immediate".
    Given Germany's research, when it buys 2 dice on the Land & Production chart rolling 3 and 6, then
    the chart die of 5 gives War Bonds for 10 IPCs and the purchase step begins."""
    table = new_game()

    table.send("germany", cmd.Research("Germany", 2, "land_production"), rolls=[3, 6, 5])

    rolled = table.events_of(ResearchRolled)[0]
    assert (rolled.rolls, rolled.chart_rolls, rolled.advance, rolled.cost) == ((3, 6), (5,), "war_bonds", 10)
    assert "war_bonds" in table.game.position.advances("Germany") and table.game.treasury["Germany"] == 20
    assert table.game.phase is Phase.PURCHASE


@pytest.mark.rule("AAG40-rd")
def test_no_six_no_advance_and_the_dice_are_spent():
    """AAG40-rd: "success on any 6": without a 6 the dice are paid for and nothing is gained."""
    table = new_game()

    table.send("germany", cmd.Research("Germany", 1, "air_naval"), rolls=[4])

    assert table.events_of(ResearchRolled)[0].advance == "" and table.game.treasury["Germany"] == 25


@pytest.mark.rule("AAG40-rd")
def test_an_advance_already_held_is_rolled_again():
    """AAG40-rd / AAG40-tech: the seed is silent on an advance already held; the chart die is rolled
    again until it names one the power lacks. Given Germany holding War Bonds, when its chart die
    shows 5 and then 1, then it gains Improved Artillery Support."""
    table = new_game().advances("Germany", "war_bonds")

    table.send("germany", cmd.Research("Germany", 1, "land_production"), rolls=[6, 5, 1])

    rolled = table.events_of(ResearchRolled)[0]
    assert (rolled.chart_rolls, rolled.advance) == ((5, 1), "improved_artillery_support")


@pytest.mark.rule("AAG40-rd")
def test_china_does_not_research():
    """AAG40-rd: "China excluded". Given the end of the USA's turn, then China's research step passes
    by itself and China is in its purchase."""
    table = new_game().at("USA", Phase.PLACE)

    table.send("usa", cmd.EndPlacement("USA"), rolls=NO_CONVOY)

    china = [(e.phase, e.note) for e in table.events_of(PhaseBegan) if e.power == "China"]
    assert china[:2] == [(Phase.RESEARCH, ""), (Phase.PURCHASE, "China does not research")]
    assert (table.game.power, table.game.phase) == ("China", Phase.PURCHASE)


@pytest.mark.rule("AAG40-rd")
def test_the_dice_must_be_paid_for():
    """AAG40-rd: research dice cost 5 IPC each. Given 30 IPCs, when Germany buys 7 dice, then it is
    refused, naming the cost."""
    table = new_game()

    refused = table.refused("germany", cmd.Research("Germany", 7, "air_naval"))

    assert refused.rule_id == "AAG40-rd" and "35" in refused.message


@pytest.mark.rule("AAG40-tech")
@pytest.mark.parametrize("variant, roll, ipcs", [("as_rolled", 1, 1), ("low_rolls_count_three", 1, 3),
                                                  ("low_rolls_count_three", 5, 5)])
def test_war_bonds_add_a_die_to_income(variant, roll, ipcs):
    """AAG40-tech: "War Bonds optional 1,2 -> 3": a power with War Bonds rolls a die at its income and
    collects it; with the option a 1 or 2 counts as 3."""
    table = new_game(war_bonds=variant).at("Germany", Phase.PLACE).advances("Germany", "war_bonds")

    table.send("germany", cmd.EndPlacement("Germany"), rolls=[roll] + NO_CONVOY)

    income = table.events_of(IncomeCollected)[0]
    assert (income.war_bonds_roll, income.war_bonds, income.collected) == (roll, ipcs, 40 + ipcs)


@pytest.mark.rule("AAG40-tech")
def test_improved_shipyards_make_ships_cheaper_at_once():
    """AAG40-tech: Improved Shipyards: "BB 17, CV 13, CA 9, DD 7, TP 6, SS 5". Given Germany with the
    advance, when it buys a battleship and a submarine, then it pays 22."""
    table = new_game().at("Germany", Phase.PURCHASE).advances("Germany", "improved_shipyards")

    table.send("germany", cmd.Purchase("Germany", {"battleship": 1, "submarine": 1}))

    assert table.events_of(UnitsPurchased)[0].cost == 22


@pytest.mark.rule("AAG40-tech")
def test_increased_factory_production_adds_to_complexes_and_halves_repairs():
    """AAG40-tech: Increased Factory Production: "major 12, minor 4; repair 1 IPC per 2 damage". Given
    the USA with the advance, then its minor complex places 4; and Germany repairing 3 damage pays 2."""
    usa = new_game().at("USA", Phase.PLACE).advances("USA", "increased_factory_production")
    usa.set_game(bought_by={"USA": {"infantry": 5}})
    germany = new_game().at("Germany", Phase.PURCHASE).advances("Germany", "increased_factory_production")
    germany.damage("Germany", major_industrial_complex=3)

    usa.send("usa", cmd.PlaceUnits("USA", "Central United States", {"infantry": 4}))
    refused = usa.refused("usa", cmd.PlaceUnits("USA", "Central United States", {"infantry": 1}))
    germany.send("germany", cmd.Purchase("Germany", repairs={"Germany": 3}))

    assert "places 0 more" in refused.message
    assert germany.events_of(UnitsPurchased)[0].cost == 2


@pytest.mark.rule("AAG40-tech")
def test_rockets_strike_a_facility_from_an_air_base():
    """AAG40-tech: Rockets: "each operational air base makes 1 strike per turn ... on an enemy IC or base
    within 4 territories; 1 die". Given Germany with Rockets and its air base in Western Germany, when
    it strikes the United Kingdom rolling 4, then the UK's complex there takes 4 damage; a second
    strike from the same base is refused."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE).advances("Germany", "rockets")

    table.send("germany", cmd.FireRockets("Germany", "Western Germany", "United Kingdom"), rolls=[4])
    again = table.refused("germany", cmd.FireRockets("Germany", "Western Germany", "United Kingdom"), rolls=[4])

    fired = table.events_of(RocketFired)[0]
    assert (fired.facility, fired.damage) == ("major_industrial_complex", 4)
    assert table.game.position.damage_to("United Kingdom", "major_industrial_complex") == 4
    assert again.rule_id == "AAG40-tech"


@pytest.mark.rule("AAG40-tech")
def test_rockets_need_the_advance():
    """AAG40-tech: "not shared": an advance is its power's own. Given Italy holding Rockets and Germany
    not, then Germany's strike is refused."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE).advances("Italy", "rockets")

    refused = table.refused("germany", cmd.FireRockets("Germany", "Western Germany", "United Kingdom"))

    assert "has not developed Rockets" in refused.message
