"""China through the whole game's decider (AAG-china, AAG40-china)."""
import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import (
    ConvoyDisrupted,
    IncomeCollected,
    TerritoryConquered,
)
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aag_game_table import new_game

NO_CONVOY = [6] * 80


@pytest.mark.rule("AAG40-china")
def test_china_buys_artillery_only_while_the_burma_road_is_open():
    """AAG40-china: "infantry only (artillery via the USA while the Burma Road is open)". Given China's
    purchase with India, Burma, Yunnan and Szechwan Allied, then it buys artillery; with Burma Japanese
    the artillery is refused, naming the closed road."""
    open_road = new_game().at("China", Phase.PURCHASE)
    closed = new_game().at("China", Phase.PURCHASE).owner("Burma", "Japan")

    open_road.send("china", cmd.Purchase("China", {"infantry": 1, "artillery": 1}))
    refused = closed.refused("china", cmd.Purchase("China", {"artillery": 1}))

    assert open_road.game.bought_by == {"China": {"infantry": 1, "artillery": 1}}
    assert refused.rule_id == "AAG40-china" and "Burma Road is closed" in refused.message


@pytest.mark.rule("AAG-china")
def test_china_buys_no_fighters_nor_complexes():
    """AAG-china: "China's movement, purchase and placement rules": China buys infantry (and artillery);
    a fighter or a complex is refused."""
    table = new_game().at("China", Phase.PURCHASE)

    assert table.refused("china", cmd.Purchase("China", {"fighter": 1})).rule_id == "AAG40-china"
    assert table.refused("china", cmd.Purchase("China", {"minor_industrial_complex": 1})).rule_id == "AAG40-china"


@pytest.mark.rule("AAG40-china")
def test_china_places_on_any_chinese_territory_it_holds_even_one_taken_this_turn():
    """AAG40-china: "places on any Chinese territory it controls". Given China's placement with Anhwe
    taken this turn, then infantry goes there without a complex; not in Burma (British)."""
    table = new_game().at("China", Phase.PLACE).owner("Anhwe", "China", at_start=False)
    table.set_game(bought_by={"China": {"infantry": 3}})

    table.send("china", cmd.PlaceUnits("China", "Anhwe", {"infantry": 2}))
    refused = table.refused("china", cmd.PlaceUnits("China", "Burma", {"infantry": 1}))

    assert table.count("Anhwe", "China", "infantry") >= 2
    assert refused.rule_id == "AAG40-china"


@pytest.mark.rule("AAG40-china")
def test_the_burma_road_adds_six_to_chinas_income():
    """AAG40-china: "Burma Road +6 IPC". Given China's turn ending with the road open, then it collects
    its territories' 12 and 6 more; with Yunnan Japanese, 11 and nothing more."""
    open_road = new_game().at("China", Phase.PLACE)
    closed = new_game().at("China", Phase.PLACE).owner("Yunnan", "Japan")

    open_road.send("china", cmd.EndPlacement("China"), rolls=NO_CONVOY)
    closed.send("china", cmd.EndPlacement("China"), rolls=NO_CONVOY)

    assert (open_road.events_of(IncomeCollected)[0].burma_road, open_road.events_of(IncomeCollected)[0].collected) == (
        6, 18)
    assert (closed.events_of(IncomeCollected)[0].burma_road, closed.events_of(IncomeCollected)[0].collected) == (0, 11)


@pytest.mark.rule("AAG40-china")
def test_convoys_never_cost_china_anything():
    """AAG40-china: "no convoy damage". Given China holding Kiangsu beside 19 Sea Zone with a Japanese
    submarine there, when China's turn ends, then no convoy die is rolled against it."""
    table = new_game().at("China", Phase.PLACE).owner("Kiangsu", "China").units("19 Sea Zone", Japan={"submarine": 2})

    table.send("china", cmd.EndPlacement("China"), rolls=[1] * 20)

    assert table.events_of(ConvoyDisrupted) == [] and table.events_of(IncomeCollected)[0].convoy == 0


@pytest.mark.rule("AAG40-china")
def test_china_keeps_its_money_when_overrun():
    """AAG40-china: "no capital, keeps money when overrun". Given Japan taking an empty Szechwan (the
    Flying Tigers' base), then China keeps its 12 IPCs."""
    table = new_game().at("Japan", Phase.COMBAT_MOVE).owner("Yunnan", "Japan")
    table.units("Yunnan", Japan={"infantry": 1}).units("Szechwan")

    table.send("japan", cmd.MoveUnits("Japan", {"infantry": 1}, ("Yunnan", "Szechwan")))

    assert table.events_of(TerritoryConquered)[0].ipcs_taken == 0 and table.game.treasury["China"] == 12


@pytest.mark.rule("AAG40-china")
def test_chinese_units_stay_in_chinas_movement_area():
    """AAG40-china: "moves only in Chinese territories plus Kwangtung and Burma". Given China's
    infantry in Yunnan, then it may move to Burma but not to French Indo China."""
    table = new_game().at("China", Phase.NON_COMBAT_MOVE)

    refused = table.refused("china", cmd.MoveUnits("China", {"infantry": 1}, ("Yunnan", "French Indo China")))
    table.send("china", cmd.MoveUnits("China", {"infantry": 1}, ("Yunnan", "Burma")))

    assert refused.rule_id == "AAG40-china" and table.count("Burma", "China", "infantry") == 1


@pytest.mark.rule("AAG40-china")
@pytest.mark.parametrize("india, owner", [("UK", "UK"), ("Japan", "China")])
def test_china_holds_kwangtung_only_while_india_is_axis(india, owner):
    """AAG40-china: China may hold Kwangtung or Burma taken from the Axis only while India is under Axis
    control; otherwise it returns to its original owner. Given Kwangtung empty and Japanese, when
    Chinese infantry takes it, then it is the UK's while India is British, China's otherwise."""
    table = new_game().at("China", Phase.COMBAT_MOVE).owner("Kwangtung", "Japan").owner("India", india)
    table.owner("Kwangsi", "China").units("Kwangsi", China={"infantry": 1}).units("Kwangtung")

    table.send("china", cmd.MoveUnits("China", {"infantry": 1}, ("Kwangsi", "Kwangtung")))

    assert table.game.position.owner("Kwangtung") == owner


@pytest.mark.rule("AAG40-china")
def test_a_japanese_complex_in_china_is_removed_when_china_takes_it_back():
    """AAG40-china: "Japanese ICs in liberated China removed". Given a Japanese minor complex in an empty
    Hunan taken by Japan, when Chinese infantry retakes it, then the complex is gone."""
    table = new_game().at("China", Phase.COMBAT_MOVE).owner("Hunan", "Japan")
    table.units("Hunan", Japan={"minor_industrial_complex": 1})
    table.units("Kweichow", China={"infantry": 1})

    table.send("china", cmd.MoveUnits("China", {"infantry": 1}, ("Kweichow", "Hunan")))

    taken = table.events_of(TerritoryConquered)[0]
    assert (taken.factory, taken.removed) == ("destroyed", ("minor_industrial_complex",))
    assert table.count("Hunan", "China", "minor_industrial_complex") == 0
