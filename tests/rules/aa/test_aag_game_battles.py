"""Battles, moves and victory through the whole game's decider (AAG-battle, AAG-move, AAG-victory)."""
import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import (
    FacilityBombed,
    FightersScrambled,
    KamikazeStruck,
    ScrambleEnded,
    VictoryChecked,
)
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aag_game_table import new_game

NO_CONVOY = [6] * 80


# ---- scramble ------------------------------------------------------------------------------------------


def battleship_attacks_110(scramble: bool):
    """Germany's battleship sails from 113 Sea Zone through the Danish Straits to attack the British
    fleet in 110 Sea Zone, beside the United Kingdom's air base and its 2 fighters."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.orders("UK", scramble=scramble)
    table.orders("Germany", retreat_after_round=1)
    table.send("germany", cmd.MoveUnits("Germany", {"battleship": 1}, ("113 Sea Zone", "112 Sea Zone", "110 Sea Zone")))
    table.send("germany", cmd.EndCombatMove("Germany"))
    return table


@pytest.mark.rule("AAG-battle")
def test_a_standing_order_scrambles_fighters_from_an_air_base_to_a_zone_under_attack():
    """AAG-battle: "scramble": up to 3 fighters at an air base defend a sea zone beside it; the
    defender's standing order decides, so an absent seat never holds the battle up. Given the UK's order
    to scramble, when Germany attacks 110 Sea Zone, then the UK's 2 fighters in the United Kingdom fly
    there and defend; without the order they stay."""
    table = battleship_attacks_110(scramble=True)
    idle = battleship_attacks_110(scramble=False)

    scrambled = table.events_of(FightersScrambled)[0]
    battle = next(iter(table.state.battles.values()))
    assert (scrambled.power, scrambled.territory, scrambled.zone, scrambled.units) == (
        "UK", "United Kingdom", "110 Sea Zone", {"fighter": 2})
    assert battle.forces.defender["fighter"] == 2
    assert idle.events_of(FightersScrambled) == []
    assert "fighter" not in next(iter(idle.state.battles.values())).forces.defender


@pytest.mark.rule("AAG-battle")
def test_scrambled_fighters_fly_home_after_the_combat_phase():
    """AAG-battle: scrambled aircraft go back to their air base after the battle. Given the UK's
    fighters scrambled and the German battleship retreating after a round of misses, then both
    fighters are back in the United Kingdom for the non-combat move."""
    table = battleship_attacks_110(scramble=True)

    table.fight([6] * 20)

    assert table.events_of(ScrambleEnded)[0].lost == {}
    assert table.count("United Kingdom", "UK", "fighter") == 2 and table.count("110 Sea Zone", "UK", "fighter") == 0
    assert table.game.phase is Phase.NON_COMBAT_MOVE


# ---- kamikaze ------------------------------------------------------------------------------------------


def usa_attacks_6(strikes: int, rolls):
    table = new_game().at("USA", Phase.COMBAT_MOVE).war("USA", "Japan")
    table.orders("Japan", kamikaze=strikes)
    table.units("7 Sea Zone", USA={"battleship": 1, "destroyer": 1})
    table.send("usa", cmd.MoveUnits("USA", {"battleship": 1, "destroyer": 1}, ("7 Sea Zone", "6 Sea Zone")))
    table.send("usa", cmd.EndCombatMove("USA"), rolls=rolls)
    return table


@pytest.mark.rule("AAG-battle")
def test_kamikaze_strikes_the_attacking_ships_before_the_battle():
    """AAG-battle: "kamikaze": in a kamikaze zone Japan's tokens strike attacking ships, each die of 2
    or less a hit, before the battle; a standing order spends them. Given Japan's order to spend 2,
    when the USA attacks its fleet in 6 Sea Zone and both dice hit, then the US battleship (two hits)
    is sunk, 4 tokens are left, and the destroyer alone attacks."""
    table = usa_attacks_6(2, [1, 2])

    struck = table.events_of(KamikazeStruck)[0]
    battle = next(iter(table.state.battles.values()))
    assert (struck.rolls, struck.sunk, struck.tokens_left) == ((1, 2), {"battleship": 1}, 4)
    assert battle.forces.attacker == {"destroyer": 1} and table.game.kamikaze_tokens == 4


@pytest.mark.rule("AAG-battle")
def test_no_kamikaze_without_the_order():
    """AAG-battle: kamikaze is Japan's choice: without its standing order no token is spent."""
    table = usa_attacks_6(0, [])

    assert table.events_of(KamikazeStruck) == [] and table.game.kamikaze_tokens == 6


# ---- strategic bombing of facilities -------------------------------------------------------------------


def raid_on_london(*advances, rolls):
    table = new_game().at("Germany", Phase.COMBAT_MOVE).advances("Germany", *advances)
    table.send("germany", cmd.MoveUnits("Germany", {"bomber": 2},
                                        ("Germany", "Western Germany", "112 Sea Zone", "110 Sea Zone",
                                         "United Kingdom"), bombing=True))
    table.send("germany", cmd.EndCombatMove("Germany"), rolls=rolls)
    return table


@pytest.mark.rule("AAG-battle")
def test_bombers_damage_a_facility_after_its_fire():
    """AAG-battle: "facility bombing": the complex fires a die at each bomber (a 1 hits); each bomber
    left does a die plus 2 to it. Given 2 German bombers raiding London, when the fire rolls 3 and 1
    and the bomber left rolls 4, then one bomber is lost and the complex takes 6 damage."""
    table = raid_on_london(rolls=[3, 1, 4])

    raid = table.events_of(FacilityBombed)[0]
    assert (raid.facility, raid.bombers_lost, raid.damage_rolls, raid.damage) == (
        "major_industrial_complex", 1, (4,), 6)
    assert table.game.position.damage_to("United Kingdom", "major_industrial_complex") == 6
    assert table.count("United Kingdom", "Germany", "bomber") == 1


@pytest.mark.rule("AAG-battle")
def test_heavy_bombers_keep_the_best_of_two_dice():
    """AAG-battle / AAG40-tech: Heavy Bombers "2 dice, take the best, in combat and SBR". Given the
    advance, when both bombers survive and roll 2 and 5, then 1 and 6, then the damage is 7 + 8."""
    table = raid_on_london("heavy_bombers", rolls=[4, 4, 2, 5, 1, 6])

    assert table.events_of(FacilityBombed)[0].damage == 15


@pytest.mark.rule("AAG-battle")
def test_a_bombing_raid_needs_an_enemy_facility():
    """AAG-battle: bombers raid a facility of a power their own is at war with."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    refused = table.refused("germany", cmd.MoveUnits("Germany", {"bomber": 1}, ("Germany", "Poland"), bombing=True))

    assert refused.rule_id == "AAG-battle"


# ---- submarines ----------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-battle")
def test_a_submarine_with_the_order_submerges_instead_of_fighting():
    """AAG-battle: "submarine surprise strike and submerge": a submarine facing no destroyer may
    submerge; the defender's standing order says so. Given a German submarine in 112 Sea Zone ordered
    to submerge, when a British cruiser attacks it, then it submerges and is still there."""
    table = new_game().at("UK", Phase.COMBAT_MOVE).units("112 Sea Zone", Germany={"submarine": 1})
    table.orders("Germany", submerge=True)
    table.units("111 Sea Zone", UK={"cruiser": 1})
    table.send("uk", cmd.MoveUnits("UK", {"cruiser": 1}, ("111 Sea Zone", "112 Sea Zone")))
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([6] * 10)

    assert table.count("112 Sea Zone", "Germany", "submarine") == 1


# ---- moves ---------------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-move")
def test_a_strait_opens_only_to_the_side_holding_its_land():
    """AAG-move: "canals and straits (Suez, Gibraltar, Danish, Turkish, Panama)". Given the British
    destroyer in 111 Sea Zone, when it sails through the Danish Straits (Denmark German) to attack the
    German battleship in 113 Sea Zone, then it is refused."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)

    refused = table.refused("uk", cmd.MoveUnits("UK", {"destroyer": 1}, ("111 Sea Zone", "112 Sea Zone",
                                                                        "113 Sea Zone")))

    assert refused.rule_id == "AAG-move" and "Danish Straits" in refused.message


@pytest.mark.rule("AAG-move")
def test_enemy_submarines_and_transports_do_not_stop_ships():
    """AAG-move: "subs and transports do not block". Given a German submarine and transport in 112
    Sea Zone, when the British cruiser in 111 passes through it to 110, then the move is accepted."""
    table = new_game().at("UK", Phase.COMBAT_MOVE).units("112 Sea Zone", Germany={"submarine": 1, "transport": 1})

    table.send("uk", cmd.MoveUnits("UK", {"cruiser": 1}, ("111 Sea Zone", "112 Sea Zone", "110 Sea Zone")))

    assert table.count("110 Sea Zone", "UK", "cruiser") == 2


# ---- victory -------------------------------------------------------------------------------------------


def axis_holding_eight_european_cities(**changes):
    table = new_game().at("Germany", Phase.PLACE)
    for territory in ("Russia", "Novgorod", "Volgograd", "United Kingdom", "Egypt"):
        table.owner(territory, "Germany")
    return table


@pytest.mark.rule("AAG-victory")
def test_the_axis_win_holding_eight_european_cities_for_a_full_round():
    """AAG-victory: "Axis: 8 of the Europe map's victory cities or 6 of the Pacific's (with a capital)
    held a full round". Given the Axis holding 8 European cities and Berlin at the end of Germany's
    turn, then they claim victory; still holding them at the end of Germany's next turn, they win."""
    table = axis_holding_eight_european_cities()

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)
    claim = table.events_of(VictoryChecked)[0]
    table.at("Germany", Phase.PLACE, round_=2)
    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)

    assert (claim.claim, claim.winner, claim.cities["Axis"]["europe"]) == ("Axis", "", 8)
    assert table.game.phase is Phase.OVER and table.game.winner == "Axis"


@pytest.mark.rule("AAG-victory")
def test_a_claim_lapses_when_a_city_is_lost_within_the_round():
    """AAG-victory: the condition must hold a full round. Given the Axis claim, when the UK retakes
    London before Germany's next turn ends, then the claim lapses and nobody wins."""
    table = axis_holding_eight_european_cities()

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)
    table.owner("United Kingdom", "UK").at("UK", Phase.PLACE)
    table.send("uk", cmd.EndPlacement("UK"), rolls=NO_CONVOY)

    assert table.events_of(VictoryChecked)[-1].note == "the Axis no longer meet their condition"
    assert table.game.claim is None and table.game.phase is not Phase.OVER


@pytest.mark.rule("AAG-victory")
def test_the_allies_win_holding_the_axis_capitals_and_one_of_theirs():
    """AAG-victory: "Allies: the Axis capitals" (Berlin, Rome, Tokyo) with a capital of their own,
    held a full round. Given the Allies holding all three at the end of the USSR's turn, then they
    claim victory; they have not won when Germany's next turn ends, and have when the USSR's does."""
    table = new_game().at("USSR", Phase.PLACE)
    for territory, power in (("Germany", "USSR"), ("Southern Italy", "UK"), ("Japan", "USA")):
        table.owner(territory, power)

    table.send("ussr", cmd.EndPlacement("USSR"), rolls=NO_CONVOY)
    table.at("Germany", Phase.PLACE, round_=2)
    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)
    early = table.game.winner
    table.at("USSR", Phase.PLACE, round_=2)
    table.send("ussr", cmd.EndPlacement("USSR"), rolls=NO_CONVOY)

    assert table.events_of(VictoryChecked)[0].claim == "Allies" and early is None
    assert table.game.winner == "Allies" and table.game.phase is Phase.OVER


@pytest.mark.rule("AAG-victory")
def test_an_agreed_number_of_rounds_ends_the_game():
    """AAG-victory (the game's ``rounds`` option): after the last turn of the agreed round the side
    holding more victory cities wins. Given 1 round agreed, when France's turn ends, then the Allies
    (14 cities to 5) win."""
    table = new_game(rounds=1).at("France", Phase.PLACE)

    table.send("france", cmd.EndPlacement("France"), rolls=NO_CONVOY)

    assert table.game.phase is Phase.OVER and table.game.winner == "Allies"
    assert "14 Allies" in table.game.victory_note
