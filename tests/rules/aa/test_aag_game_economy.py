"""Purchase and repair, placement, income and capitals through the whole game's decider
(AAG-facilities, AAG-income, AAG40-us-ic, AAG40-sf)."""
import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import (
    ConvoyDisrupted,
    FactoriesUpgraded,
    IncomeCollected,
    PurchaseRefunded,
    TerritoryConquered,
    UnitsPlaced,
    UnitsPurchased,
)
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aag_game_table import GlobalTable, new_game

NO_CONVOY = [6] * 60  # dice for any convoy roll: a 6 costs nothing


# ---- purchase and repair -------------------------------------------------------------------------------


@pytest.mark.rule("AAG-facilities")
def test_units_and_facilities_are_bought_from_the_treasury():
    """AAG-facilities: "Minor and major industrial complexes, air and naval bases". Given Germany's 30
    IPCs, when it buys 2 infantry and an air base (6 + 15), then 9 are left and both wait to be placed."""
    table = new_game().at("Germany", Phase.PURCHASE)

    table.send("germany", cmd.Purchase("Germany", {"infantry": 2, "air_base": 1}))

    bought = table.events_of(UnitsPurchased)[0]
    assert (bought.cost, bought.left) == (21, 9)
    assert table.game.bought_by == {"Germany": {"infantry": 2, "air_base": 1}}


@pytest.mark.rule("AAG-income")
def test_the_uk_buys_from_each_economy_in_turn():
    """AAG-income: "the UK's two economies": each treasury pays for its own purchase. Given the UK's
    purchase, when it buys from UK Europe and then from UK Pacific, then each treasury paid its own and
    the politics step follows only the second purchase."""
    table = new_game().at("UK", Phase.PURCHASE)

    table.send("uk", cmd.Purchase("UK", {"armour": 1}))
    middle = table.game.phase
    table.send("uk", cmd.Purchase("UK", {"infantry": 2}, economy="UK Pacific"))

    assert middle is Phase.PURCHASE
    assert (table.game.treasury["UK Europe"], table.game.treasury["UK Pacific"]) == (22, 11)
    assert table.game.bought_by == {"UK Europe": {"armour": 1}, "UK Pacific": {"infantry": 2}}


@pytest.mark.rule("AAG-facilities")
def test_damage_is_repaired_in_the_purchase_at_an_ipc_a_point():
    """AAG-facilities: "damage, repair". Given 4 damage on Germany's major complex, when Germany
    repairs 3 points, then it pays 3 IPCs and 1 damage is left."""
    table = new_game().at("Germany", Phase.PURCHASE).damage("Germany", major_industrial_complex=4)

    table.send("germany", cmd.Purchase("Germany", repairs={"Germany": 3}))

    assert table.game.treasury["Germany"] == 27
    assert table.game.position.damage_to("Germany", "major_industrial_complex") == 1


# ---- placement -----------------------------------------------------------------------------------------


def placing(power: str, **units) -> GlobalTable:
    table = new_game().at(power, Phase.PLACE)
    treasury = "UK Europe" if power == "UK" else power
    return table.set_game(bought_by={treasury: units})


@pytest.mark.rule("AAG-facilities")
def test_a_minor_complex_places_three_units_a_turn():
    """AAG-facilities: "placement limits": a minor complex produces 3. Given the US minor complex in
    Central United States and 4 infantry bought, when the US places 4 there, then it is refused; 3 are
    placed."""
    table = placing("USA", infantry=4)

    refused = table.refused("usa", cmd.PlaceUnits("USA", "Central United States", {"infantry": 4}))
    table.send("usa", cmd.PlaceUnits("USA", "Central United States", {"infantry": 3}))

    assert refused.rule_id == "AAG-facilities" and "places 3 more units" in refused.message
    assert table.count("Central United States", "USA", "infantry") == 4  # 1 at the start and 3 placed


@pytest.mark.rule("AAG-facilities")
def test_damage_lowers_what_a_complex_places():
    """AAG-facilities: a complex places its production less its damage. Given 8 damage on Germany's
    major complex (10), then it places 2 more units, not 3."""
    table = placing("Germany", infantry=3).damage("Germany", major_industrial_complex=8)

    refused = table.refused("germany", cmd.PlaceUnits("Germany", "Germany", {"infantry": 3}))

    assert "places 2 more units" in refused.message


@pytest.mark.rule("AAG-facilities")
@pytest.mark.parametrize("power, territory, unit, problem", [
    ("Japan", "Kiangsu", "major_industrial_complex", "original territory"),
    ("Germany", "Baltic States", "minor_industrial_complex", "worth 2 or more"),
    ("Germany", "Sicily", "minor_industrial_complex", "island"),
    ("Germany", "Germany", "minor_industrial_complex", "industrial complex already"),
    ("Germany", "Western Germany", "air_base", "air base already"),
])
def test_where_complexes_and_bases_may_stand(power, territory, unit, problem):
    """AAG-facilities: a minor complex on a territory worth 2 or more, a major one on an original
    territory worth 3 or more, neither on the islands that take none nor beside another; one base
    of a kind a territory. Given a power placing a facility on a territory held since the turn's
    start, then each wrong site is refused."""
    table = placing(power, **{unit: 1}).owner(territory, power)

    refused = table.refused(power.lower(), cmd.PlaceUnits(power, territory, {unit: 1}))

    assert refused.rule_id == "AAG-facilities" and problem in refused.message


@pytest.mark.rule("AAG-facilities")
def test_a_new_complex_produces_from_the_next_turn():
    """AAG-facilities: units go to a complex standing since the turn's start. Given Germany placing a
    minor complex in Poland and infantry, then the infantry may not be placed there this turn."""
    table = placing("Germany", minor_industrial_complex=1, infantry=1)

    table.send("germany", cmd.PlaceUnits("Germany", "Poland", {"minor_industrial_complex": 1}))
    refused = table.refused("germany", cmd.PlaceUnits("Germany", "Poland", {"infantry": 1}))

    assert "Poland" in table.game.position.factories and "places 0 more" in refused.message


@pytest.mark.rule("AAG-facilities")
def test_units_left_unplaced_are_refunded():
    """AAG-facilities: the rulebook refunds units that cannot be placed. Given 2 armour bought and
    unplaced, when Germany ends placement, then its 12 IPCs come back."""
    table = placing("Germany", armour=2)

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)

    refund = table.events_of(PurchaseRefunded)[0]
    assert (refund.units, refund.ipcs) == ({"armour": 2}, 12)


@pytest.mark.rule("AAG-income")
def test_each_uk_economy_places_on_its_own_map():
    """AAG-income: the UK's economies "buy apart ... and place apart". Given UK Europe's infantry, when
    the UK places it in India (the Pacific map), then it is refused: UK Pacific bought none."""
    table = placing("UK", infantry=1)

    refused = table.refused("uk", cmd.PlaceUnits("UK", "India", {"infantry": 1}))

    assert "UK Pacific has 0 infantry" in refused.message


# ---- income --------------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-income")
def test_income_adds_the_objectives_met_at_the_end_of_the_turn():
    """AAG-income: "Income, national objectives per power ... evaluated at the end of its turn". Given
    Germany at peace with the USSR, holding Denmark and Norway with Sweden neutral, when its turn ends,
    then it collects 30 from its territories and 5 + 5 from those two objectives; the others are missed."""
    table = new_game().at("Germany", Phase.PLACE)

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)

    income = table.events_of(IncomeCollected)[0]
    met = {o.id: o.ipcs for o in income.objectives if o.ipcs}
    assert (income.territories, income.collected) == (30, 40)
    assert met == {"ger-peace-with-ussr": 5, "ger-scandinavia": 5}
    assert table.view("germany")["objectives"]["Germany"]["missed"][0]["id"] == "ger-soviet-cities"


@pytest.mark.rule("AAG-income")
def test_an_objective_is_missed_once_its_condition_fails():
    """AAG-income: objectives are conditions on the position. Given Germany at war with the USSR, then
    "not at war with the USSR" pays nothing."""
    table = new_game().at("Germany", Phase.PLACE).war("Germany", "USSR")

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)

    assert table.events_of(IncomeCollected)[0].collected == 35


@pytest.mark.rule("AAG-income")
def test_convoy_disruption_costs_the_dice_up_to_the_coast_beside_the_zone():
    """AAG-income: "convoy disruption": enemy units in a convoy zone roll (a submarine 2 dice), each
    die of 3 or less costs its value, at most the value of the victim's territories beside the zone.
    Given a German submarine in 109 Sea Zone beside the United Kingdom and Scotland, when the UK's turn
    ends with dice of 2 and 5, then UK Europe loses 2; with two submarines rolling 3s, 8 of 12 dice
    worth would be too much: it loses the coast's value."""
    table = new_game().at("UK", Phase.PLACE).units("109 Sea Zone", Germany={"submarine": 1})
    heavy = new_game().at("UK", Phase.PLACE).units("109 Sea Zone", Germany={"submarine": 4})

    table.send("uk", cmd.EndPlacement("UK"), rolls=[2, 5] + NO_CONVOY)
    heavy.send("uk", cmd.EndPlacement("UK"), rolls=[3] * 8 + NO_CONVOY)

    convoy = table.events_of(ConvoyDisrupted)[0]
    assert (convoy.zone, [r.value for r in convoy.rolls], convoy.damage) == ("109 Sea Zone", [2, 5], 2)
    assert table.events_of(IncomeCollected)[0].convoy == 2
    coast = table.board.spaces["United Kingdom"].ipc + table.board.spaces["Scotland"].ipc
    assert heavy.events_of(ConvoyDisrupted)[0].damage == coast < 24


@pytest.mark.rule("AAG-income")
def test_a_power_without_its_capital_collects_nothing_there():
    """AAG-income: "capital capture": no capital, no income. Given London in German hands, when the
    UK's turn ends, then UK Europe collects nothing and UK Pacific collects as before."""
    table = new_game().at("UK", Phase.PLACE).owner("United Kingdom", "Germany")

    table.send("uk", cmd.EndPlacement("UK"), rolls=NO_CONVOY)

    europe, pacific = table.events_of(IncomeCollected)
    assert (europe.collected, europe.note) == (0, "no capital: no income")
    assert pacific.collected == 17


@pytest.mark.rule("AAG-income")
def test_taking_a_capital_takes_that_economys_treasury():
    """AAG-income: "capital capture": the captor takes the treasury whose capital fell (the UK's
    London: UK Europe's, not UK Pacific's). Given an empty United Kingdom and German infantry in a
    German-held Scotland, when the infantry moves in, then Germany takes UK Europe's 28 IPCs and the
    complex there."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE).owner("Scotland", "Germany")
    table.units("Scotland", Germany={"infantry": 1})
    table.units("United Kingdom", UK={"major_industrial_complex": 1})

    table.send("germany", cmd.MoveUnits("Germany", {"infantry": 1}, ("Scotland", "United Kingdom")))

    taken = table.events_of(TerritoryConquered)[0]
    assert (taken.ipcs_taken, taken.taken_from, taken.given_to, taken.factory) == (28, "UK Europe", "Germany",
                                                                                    "captured")
    assert (table.game.treasury["UK Europe"], table.game.treasury["UK Pacific"], table.game.treasury["Germany"]) == (
        0, 17, 58)
    assert table.count("United Kingdom", "Germany", "major_industrial_complex") == 1


@pytest.mark.rule("AAG-income")
@pytest.mark.parametrize("london, owner", [("UK", "UK"), ("Germany", "USA")])
def test_an_allys_territory_is_liberated_while_its_capital_stands(london, owner):
    """AAG-income: "capital ... liberation": an ally's territory retaken goes back to it while it holds
    the capital its income goes to. Given Gibraltar (UK, Europe map) in Italian hands, when US
    infantry takes it, then it is the UK's while London is British, the USA's otherwise."""
    table = new_game().at("USA", Phase.COMBAT_MOVE).war("USA", "Italy").owner("Gibraltar", "Italy")
    table.owner("United Kingdom", london).owner("Spain", "USA")
    table.units("Spain", USA={"infantry": 1})
    table.units("Gibraltar")

    table.send("usa", cmd.MoveUnits("USA", {"infantry": 1}, ("Spain", "Gibraltar")))

    assert table.game.position.owner("Gibraltar") == owner


@pytest.mark.rule("AAG40-sf")
def test_taking_san_francisco_takes_no_us_money():
    """AAG40-sf: "San Francisco is not a capital: losing Western US does not lose US money". Given an
    empty Western United States and Japanese infantry beside it at war, when Japan takes it, then the
    USA keeps its 52 IPCs."""
    table = new_game().at("Japan", Phase.COMBAT_MOVE).war("Japan", "USA").owner("Mexico", "Japan")
    table.units("Mexico", Japan={"infantry": 1}).units("Western United States")

    table.send("japan", cmd.MoveUnits("Japan", {"infantry": 1}, ("Mexico", "Western United States")))

    assert table.events_of(TerritoryConquered)[0].ipcs_taken == 0 and table.game.treasury["USA"] == 52


@pytest.mark.rule("AAG40-us-ic")
def test_the_us_complexes_become_major_when_the_usa_enters_the_war():
    """AAG40-us-ic: "US East, Central and West ICs start minor and become major for free when the USA
    enters the war". Given Germany's politics step, when it declares war on the USA, then the three US
    complexes are major, at no cost."""
    table = new_game().at("Germany", Phase.POLITICS)

    table.send("germany", cmd.DeclareWar("Germany", "USA"))

    upgraded = table.events_of(FactoriesUpgraded)[0]
    assert upgraded.territories == ("Central United States", "Eastern United States", "Western United States")
    assert table.count("Eastern United States", "USA", "major_industrial_complex") == 1
    assert table.count("Eastern United States", "USA", "minor_industrial_complex") == 0
    assert table.game.treasury["USA"] == 52


@pytest.mark.rule("AAG40-us-ic")
def test_before_the_war_a_us_complex_places_as_a_minor_one():
    """AAG40-us-ic: the US complexes start minor (3 units) and are major (10) once the USA is in the
    war. Given the USA at peace, then Eastern United States places 3 units; given the complex
    upgraded by a declaration of war, it places 10."""
    table = placing("USA", infantry=10)
    at_war = new_game().at("Germany", Phase.POLITICS)
    at_war.send("germany", cmd.DeclareWar("Germany", "USA"))
    at_war.at("USA", Phase.PLACE).set_game(bought_by={"USA": {"infantry": 10}})

    before = table.refused("usa", cmd.PlaceUnits("USA", "Eastern United States", {"infantry": 4}))
    at_war.send("usa", cmd.PlaceUnits("USA", "Eastern United States", {"infantry": 10}))

    assert "places 3 more" in before.message
    assert at_war.count("Eastern United States", "USA", "infantry") == 11


@pytest.mark.rule("AAG-facilities")
def test_new_units_go_to_the_right_sea_zone():
    """AAG-facilities: sea units go to a sea zone beside the complex. Given a destroyer bought by
    Germany, when it is placed in Germany naming 112 Sea Zone beside it, then it floats there."""
    table = placing("Germany", destroyer=1)

    table.send("germany", cmd.PlaceUnits("Germany", "Germany", {"destroyer": 1}, zone="113 Sea Zone"))

    assert table.count("113 Sea Zone", "Germany", "destroyer") >= 1
    assert table.events_of(UnitsPlaced)[0].value == 1


@pytest.mark.rule("AAG-facilities")
def test_a_naval_base_gives_a_step_until_it_is_out_of_action():
    """AAG-facilities: "bases (+1 movement ...)", a base with 3 damage or more gives nothing. Given
    Germany's battleship in 113 Sea Zone beside the naval base in Western Germany, then it sails three
    zones to 126 Sea Zone; with the base damaged 3 the same move is refused."""
    route = ("113 Sea Zone", "112 Sea Zone", "125 Sea Zone", "126 Sea Zone")
    table = new_game().at("Germany", Phase.NON_COMBAT_MOVE)
    damaged = new_game().at("Germany", Phase.NON_COMBAT_MOVE).damage("Western Germany", naval_base=3)

    table.send("germany", cmd.MoveUnits("Germany", {"battleship": 1}, route))
    refused = damaged.refused("germany", cmd.MoveUnits("Germany", {"battleship": 1}, route))

    assert table.count("126 Sea Zone", "Germany", "battleship") == 1
    assert refused.rule_id == "AAR-move-sea"
