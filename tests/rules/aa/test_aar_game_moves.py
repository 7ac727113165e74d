"""Moves through the whole game's decider (AAR-board, AAR-move-land, AAR-blitz, AAR-move-sea,
AAR-canal, AAR-transport, AAR-air, AAR-ncm): the board's one validator judges each, the decider
refuses with its rule id; a legal move changes the board. The validator's own tables are the
board's tests; these check the decider uses it in both moves, and what the game adds (a blitz
conquers, lost transports' cargo never lands)."""
import pytest

from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import TerritoryConquered, UnitsLost
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aar_game_table import new_game

EE, KARELIA = "Eastern Europe", "Karelia S.S.R."


def germany(phase=Phase.COMBAT_MOVE):
    return new_game().at("Germany", phase)


@pytest.mark.rule("AAR-board")
def test_a_move_names_spaces_of_the_board():
    """AAR-board: the board's territories and sea zones. Given Germany's combat move, when a route
    names Atlantis, then it is refused."""
    violation = germany().refused("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, "Atlantis")))
    assert violation.rule_id == "AAR-board"


@pytest.mark.rule("AAR-move-land")
def test_land_units_move_up_to_their_movement_and_stop_in_enemy_land():
    """AAR-move-land: "Land units move along land adjacency up to their movement; entering enemy
    land ends the move". Given German infantry in Eastern Europe, when it goes two spaces, then it is
    refused; one space into Karelia is taken."""
    table = germany()

    assert table.refused("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, KARELIA, "Archangel"))).rule_id \
        == "AAR-move-land"
    table.send("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, KARELIA)))
    assert table.count(KARELIA, "Germany", "infantry") == 1


@pytest.mark.rule("AAR-blitz")
def test_armour_blitzing_through_empty_enemy_land_takes_it():
    """AAR-blitz: "Armour blitzes through an enemy territory holding no units ... taking it without a
    battle". Given Karelia empty, when German armour goes through it to Archangel, then Karelia is
    Germany's; through Karelia holding Russian infantry it is refused."""
    table = germany()
    table.units(KARELIA)

    table.send("germany", cmd.MoveUnits("Germany", {"armour": 1}, (EE, KARELIA, "Archangel")))

    assert table.events_of(TerritoryConquered)[0].territory == KARELIA
    assert table.game.position.owner(KARELIA) == "Germany"
    blocked = germany()
    assert blocked.refused("germany", cmd.MoveUnits("Germany", {"armour": 1}, (EE, KARELIA, "Archangel"))).rule_id \
        == "AAR-blitz"


@pytest.mark.rule("AAR-move-sea")
def test_enemy_ships_block_a_passage():
    """AAR-move-sea: "every enemy ship ... blocks passage". Given a UK destroyer in 13 Sea Zone, when
    the German battleship sails 14 -> 13 -> 12, then it is refused."""
    table = germany()
    table.units("13 Sea Zone", UK={"destroyer": 1})

    violation = table.refused("germany", cmd.MoveUnits("Germany", {"battleship": 1},
                                                       ("14 Sea Zone", "13 Sea Zone", "12 Sea Zone")))
    assert violation.rule_id == "AAR-move-sea"


@pytest.mark.rule("AAR-canal")
def test_suez_is_closed_to_the_side_not_holding_it():
    """AAR-canal: "Suez (Anglo Egypt and Trans-Jordan) ... passable only to the side that held them
    since the turn's start". Given a German destroyer in 15 Sea Zone, when it sails to 34, then it is
    refused."""
    table = germany()
    table.units("15 Sea Zone", Germany={"destroyer": 1})
    table.units("34 Sea Zone")

    violation = table.refused("germany", cmd.MoveUnits("Germany", {"destroyer": 1}, ("15 Sea Zone", "34 Sea Zone")))
    assert violation.rule_id == "AAR-canal"


@pytest.mark.rule("AAR-transport")
def test_cargo_moves_only_aboard_the_transports_named():
    """AAR-transport: land units go to sea aboard transports. Given German infantry in Eastern Europe,
    when it moves into 5 Sea Zone by itself, then it is refused."""
    violation = germany().refused("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, "5 Sea Zone")))
    assert violation.rule_id == "AAR-transport"


@pytest.mark.rule("AAR-transport")
def test_cargo_whose_transports_lost_the_sea_battle_never_lands():
    """AAR-transport: the amphibious assault follows the sea battle in the zone it unloads from.
    Given a German transport loading Western Europe's infantry in 6 Sea Zone and unloading into
    Karelia from 5 Sea Zone, where a Russian destroyer waits, when the sea battle is lost (the
    transport sinks), then the 2 infantry are lost before the land battle, which is not fought."""
    table = germany()
    table.units("6 Sea Zone", Germany={"transport": 1})
    table.units("5 Sea Zone", Russia={"destroyer": 1})
    table.units("Western Europe", Germany={"infantry": 2})
    table.units(KARELIA, Russia={"infantry": 1})
    table.send("germany", cmd.MoveUnits("Germany", {"transport": 1}, ("6 Sea Zone", "5 Sea Zone"),
                                        cargo={"infantry": 2}, load_from="Western Europe", unload_to=KARELIA))
    table.send("germany", cmd.EndCombatMove("Germany"))

    table.fight([3])

    assert table.events_of(UnitsLost)[0].reason == "their transports lost the sea battle"
    assert table.count(KARELIA, "Germany", "infantry") == 0 and table.game.phase is Phase.NON_COMBAT_MOVE


@pytest.mark.rule("AAR-air")
def test_bombers_never_end_at_sea():
    """AAR-air: "bombers never end at sea". Given the German bomber in Germany, when it flies to 5 Sea
    Zone in the non-combat move, then it is refused."""
    violation = germany(Phase.NON_COMBAT_MOVE).refused("germany", cmd.MoveUnits("Germany", {"bomber": 1},
                                                                              ("Germany", "5 Sea Zone")))
    assert violation.rule_id in ("AAR-air", "AAR-ncm")


@pytest.mark.rule("AAR-ncm")
def test_the_non_combat_move_enters_no_enemy_land_and_moves_no_unit_twice():
    """AAR-ncm: "Non-combat moves enter no enemy territory ... units (other than air) that moved in
    combat move do not move again". Given German infantry that moved in the combat move, then it may
    not move in the non-combat move; fresh infantry may not enter Karelia."""
    table = germany()
    table.units("Germany", Germany={"aa_gun": 1})
    table.send("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, "Germany")))
    table.send("germany", cmd.EndCombatMove("Germany"))

    assert table.refused("germany", cmd.MoveUnits("Germany", {"infantry": 1}, (EE, KARELIA))).rule_id == "AAR-ncm"
    assert table.refused("germany", cmd.MoveUnits("Germany", {"infantry": 1}, ("Germany", EE))).rule_id == "AAR-ncm"
