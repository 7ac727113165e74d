"""Battles from the board through the whole game's decider (AAR-battle, AAR-casualties, AAR-retreat,
AAR-conquest, AAR-capital, AAR-sbr, AAR1-aa, AAR1-emergency, AAR1-ic-place): the combat move makes
them, the combat job fights them with the seats' standing orders or their own choices."""
import pytest

from domain.aa.battles.messages import BattleEnded, BattleRequested
from domain.aa.combat.model import Outcome
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import (AaFired, AttackPressed, BattleFound, BattleRoundAwaited,
                                                      BombingRaidResolved, EmergencyInfantryBought, LossesChosen,
                                                      RoundChoices, TerritoryConquered)
from domain.aa.revised_phase_one.game.state import Phase, Source
from tests.rules.aa.test_aar_game_table import GameTable, new_game

KARELIA, EASTERN_EUROPE = "Karelia S.S.R.", "Eastern Europe"
ATTACK = cmd.MoveUnits("Germany", {"infantry": 2, "armour": 1}, (EASTERN_EUROPE, KARELIA))
MISS_ROUND = [6, 6, 6, 6, 6]  # every attacker and defender die misses


def karelia(defenders=None, **options) -> GameTable:
    """Germany's combat move: 2 infantry and an armour in Eastern Europe beside Karelia."""
    table = new_game(**options).at("Germany", Phase.COMBAT_MOVE)
    table.units(KARELIA, Russia=defenders or {"infantry": 1})
    table.units(EASTERN_EUROPE, Germany={"infantry": 2, "armour": 1})
    return table


def attack(table: GameTable) -> GameTable:
    table.send("germany", ATTACK)
    table.send("germany", cmd.EndCombatMove("Germany"))
    return table


@pytest.mark.rule("AAR-battle")
def test_the_combat_move_makes_a_battle_fought_from_the_board():
    """AAR-battle: "Battles come from the combat move ... each is fought by the battle engine with the
    game's dice". Given Germany's 2 infantry and armour moved into Karelia (1 Russian infantry), when
    the combat move ends and the combat job fights with 1, 1, 1 for the attacker, then the battle
    names the board's units and Germany wins."""
    table = attack(karelia())

    requested = table.events_of(BattleRequested)[0]
    assert (requested.forces.attacker, requested.forces.defender) == ({"infantry": 2, "armour": 1}, {"infantry": 1})
    table.fight([1, 1, 1, 6])
    assert table.events_of(BattleEnded)[0].outcome is Outcome.ATTACKER_WINS
    assert table.game.phase is Phase.NON_COMBAT_MOVE


@pytest.mark.rule("AAR-battle")
def test_bombing_raids_come_before_the_other_battles():
    """AAR-battle: "bombing raids first, then amphibious assaults, then the rest". Given the UK's
    bomber sent to raid Germany's IC and UK armour attacking a German infantry in Norway, when the
    combat move ends, then the raid is found first."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)
    table.units("Norway", Germany={"infantry": 1})
    table.units(KARELIA, UK={"armour": 1})
    table.send("uk", cmd.MoveUnits("UK", {"bomber": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe", "Germany"),
                                   bombing=True), rolls=[6])
    table.send("uk", cmd.MoveUnits("UK", {"armour": 1}, (KARELIA, "Norway")))

    table.send("uk", cmd.EndCombatMove("UK"))

    assert [(b.space, b.kind) for b in table.events_of(BattleFound)] == [("Germany", "bombing"), ("Norway", "land")]


@pytest.mark.rule("AAR-casualties")
def test_the_defenders_standing_order_of_losses_chooses_its_casualties():
    """AAR-casualties: "The owner of the hit units chooses its casualties (standing order of losses
    when it does not answer in time)". Given Russia's standing order to lose its fighter first, when
    one hit lands on its infantry and fighter, then the fighter is lost; by default the infantry is."""
    standing = karelia({"infantry": 1, "fighter": 1})
    standing.orders("Russia", order_of_losses=("fighter",))
    default = karelia({"infantry": 1, "fighter": 1})

    for table in (standing, default):
        attack(table).fight([1, 6, 6, 6, 6] + MISS_ROUND * 3 + [1, 1, 1, 6, 6])

    first = {t: [r for r in t.events if type(r).__name__ == "BattleRoundFought"][0] for t in (standing, default)}
    assert [u.unit for u in first[standing].defender_losses] == ["fighter"]
    assert [u.unit for u in first[default].defender_losses] == ["infantry"]
    assert standing.events_of(RoundChoices)[0].losses["Russia"] is Source.STANDING_ORDER
    assert default.events_of(RoundChoices)[0].losses["Russia"] is Source.DEFAULT


@pytest.mark.rule("AAR-casualties")
def test_a_seat_that_chooses_itself_is_asked_before_the_round():
    """AAR-casualties: a seat may choose its casualties itself each round. Given Russia choosing
    itself, when Germany attacks, then the battle waits for Russia; its chosen order (fighter first)
    decides the round's loss and the event says it was the player's choice."""
    table = karelia({"infantry": 1, "fighter": 1})
    table.orders("Russia", interactive=True)

    attack(table)
    assert table.events_of(BattleRoundAwaited)[0].waiting == ("Russia",)
    table.send("russia", cmd.ChooseLosses("Russia", table.game.battle_order()[0].battle_id, ("fighter",)))
    fought = table.fight([1, 6, 6, 6, 6])

    assert table.events_of(LossesChosen)[0].source is Source.PLAYER
    rounds = [e for e in fought if type(e).__name__ == "BattleRoundFought"]
    assert [u.unit for u in rounds[0].defender_losses] == ["fighter"]
    assert table.events_of(RoundChoices)[0].losses == {"Germany": Source.DEFAULT, "Russia": Source.PLAYER}
    assert table.events_of(BattleRoundAwaited)[-1].waiting == ("Russia",)  # asked again before round 2


@pytest.mark.rule("AAR-casualties")
def test_a_waiting_seat_may_hand_the_choice_to_its_standing_orders():
    """AAR-casualties: the standing order applies when the seat does not choose. Given Russia asked
    to choose, when it answers with its standing orders, then the choice is recorded as theirs."""
    table = karelia()
    table.orders("Russia", interactive=True, order_of_losses=("infantry",))
    attack(table)

    table.send("russia", cmd.UseStandingOrders("Russia", table.game.battle_order()[0].battle_id))

    chosen = table.events_of(LossesChosen)[0]
    assert (chosen.source, chosen.order) == (Source.STANDING_ORDER, ("infantry",))
    assert table.events_of(BattleRequested)


@pytest.mark.rule("AAR-retreat")
def test_the_attackers_standing_rule_retreats_to_where_it_came_from():
    """AAR-retreat: "Only the attacker retreats, after a round, all to one territory its attacking
    units came from". Given Germany's standing rule to retreat after round 1, when round 1 misses on
    both sides, then Germany retreats to Eastern Europe, by its standing order."""
    table = karelia()
    table.orders("Germany", retreat_after_round=1)

    attack(table).fight(MISS_ROUND)

    pressed = table.events_of(AttackPressed)[0]
    assert (pressed.to, pressed.source) == (EASTERN_EUROPE, Source.STANDING_ORDER)
    assert table.events_of(BattleEnded)[0].outcome is Outcome.ATTACKER_RETREATED
    assert table.count(EASTERN_EUROPE, "Germany", "infantry") == 2 and table.count(KARELIA, "Germany", "armour") == 0


@pytest.mark.rule("AAR-retreat")
def test_an_attacker_choosing_itself_presses_on_or_retreats_each_round():
    """AAR-retreat: the attacker decides to press on or retreat each round. Given Germany choosing
    itself, when it presses on, round 1 misses, and it retreats to Belorussia (not where it came
    from) and then to Eastern Europe, then the first is refused and the second taken."""
    table = karelia()
    table.orders("Germany", interactive=True)
    attack(table)
    battle_id = table.game.battle_order()[0].battle_id

    table.send("germany", cmd.PressAttack("Germany", battle_id))
    table.fight(MISS_ROUND)
    refused = table.refused("germany", cmd.Retreat("Germany", battle_id, "Belorussia"))
    table.send("germany", cmd.Retreat("Germany", battle_id, EASTERN_EUROPE))
    table.fight([])

    assert refused.rule_id == "AAR-retreat"
    assert table.events_of(BattleEnded)[0].outcome is Outcome.ATTACKER_RETREATED
    assert table.count(EASTERN_EUROPE, "Germany", "armour") == 1


@pytest.mark.rule("AAR-retreat")
def test_the_defender_never_retreats():
    """AAR-retreat: "Only the attacker retreats". Given a battle waiting for both seats, when Russia
    (the defender) asks to retreat, then it is refused."""
    table = karelia()
    table.orders("Russia", interactive=True)
    attack(table)

    violation = table.refused("russia", cmd.Retreat("Russia", table.game.battle_order()[0].battle_id, "Archangel"))
    assert violation.rule_id == "AAR-retreat"


@pytest.mark.rule("AAR-retreat")
@pytest.mark.rule("AAR1-aa")
def test_amphibious_units_do_not_retreat_and_aa_guns_fire_at_unloading_transports():
    """AAR-retreat: "amphibious units do not retreat". AAR1-aa: "Roll 1 die for every AA gun (up to 3)
    to target 1 unloading transport ... roll another die ... The enemy transport is hit on a roll of
    a 1." Given Germany landing 2 infantry in Karelia from 5 Sea Zone against an AA gun, when the gun
    targets (2) and hits (1), then the transport sinks with its cargo before landing."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.units("5 Sea Zone", Germany={"transport": 1})
    table.units(EASTERN_EUROPE, Germany={"infantry": 2})
    table.units(KARELIA, Russia={"infantry": 1, "aa_gun": 1})
    table.send("germany", cmd.MoveUnits("Germany", {"transport": 1}, ("5 Sea Zone",), cargo={"infantry": 2},
                                        load_from=EASTERN_EUROPE, unload_to=KARELIA))
    table.send("germany", cmd.EndCombatMove("Germany"))

    assert table.game.battle_order()[0].amphibious
    table.fight([2, 1])

    assert table.events_of(BattleEnded)[0].outcome is Outcome.DEFENDER_WINS
    assert table.count("5 Sea Zone", "Germany", "transport") == 0 and table.count(KARELIA, "Germany", "infantry") == 0


@pytest.mark.rule("AAR-conquest")
def test_surviving_land_units_take_the_territory_and_its_aa_gun():
    """AAR-conquest: "Land units that survive take the territory (air units cannot); factories and AA
    guns change hands". Given Karelia's infantry and AA gun, when Germany wins, then Karelia and the
    gun are Germany's."""
    table = attack(karelia({"infantry": 1, "aa_gun": 1}))

    table.fight([1, 6, 6, 6])

    assert table.game.position.owner(KARELIA) == "Germany"
    assert table.count(KARELIA, "Germany", "aa_gun") == 1


@pytest.mark.rule("AAR-conquest")
def test_air_units_alone_do_not_take_a_territory():
    """AAR-conquest: "air units cannot" take a territory. Given two German fighters attacking
    Karelia's infantry, when they win, then Karelia stays Russian."""
    table = new_game(aa_rule="edition").at("Germany", Phase.COMBAT_MOVE)
    table.units(KARELIA, Russia={"infantry": 1})
    table.units(EASTERN_EUROPE, Germany={"fighter": 2})
    table.send("germany", cmd.MoveUnits("Germany", {"fighter": 2}, (EASTERN_EUROPE, KARELIA)))
    table.send("germany", cmd.EndCombatMove("Germany"))

    table.fight([1, 6, 6])

    assert table.events_of(BattleEnded)[0].outcome is Outcome.ATTACKER_WINS
    assert table.game.position.owner(KARELIA) == "Russia"


@pytest.mark.rule("AAR-capital")
def test_taking_a_capital_takes_its_owners_ipcs():
    """AAR-capital: "Taking an enemy capital takes all its owner's IPCs". Given Russia with 30 IPCs
    and one infantry in Moscow, when German armour from West Russia takes it, then Germany has them."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE).money(Russia=30, Germany=0)
    table.units("Russia", Russia={"infantry": 1})
    table.units("West Russia", Germany={"armour": 2})
    table.send("germany", cmd.MoveUnits("Germany", {"armour": 2}, ("West Russia", "Russia")))
    table.send("germany", cmd.EndCombatMove("Germany"))

    table.fight([1, 6, 6])

    conquered = table.events_of(TerritoryConquered)[0]
    assert (conquered.territory, conquered.ipcs_taken) == ("Russia", 30)
    assert (table.game.treasury["Germany"], table.game.treasury["Russia"]) == (30, 0)


@pytest.mark.rule("AAR-capital")
def test_an_allys_territory_retaken_returns_to_it():
    """AAR-capital: "a territory of an ally retaken returns to the ally while it holds its capital".
    Given Karelia (Russian at the start) held by Germany, when UK armour retakes it, then it is Russia's."""
    table = new_game().owner(KARELIA, "Germany").at("UK", Phase.COMBAT_MOVE)
    table.units(KARELIA, Germany={"infantry": 1})
    table.units("Archangel", UK={"armour": 2})
    table.send("uk", cmd.MoveUnits("UK", {"armour": 2}, ("Archangel", KARELIA)))
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([1, 6, 6])

    assert table.game.position.owner(KARELIA) == "Russia"


@pytest.mark.rule("AAR1-ic-place")
def test_a_bought_ic_is_destroyed_at_the_defenders_choice_an_original_one_is_captured():
    """AAR1-ic-place: "ICs that were present at the start of the game are permanent ... Purchased ICs
    can be destroyed at the defender's discretion when the attacker wins". Given an IC Germany bought
    in the Ukraine, when Russia takes it, then it is destroyed (Germany's default) or captured when
    Germany's standing order keeps it; Caucasus's original IC, taken by Germany, is captured."""
    results = {}
    for keep in (False, True):
        table = new_game().at("Russia", Phase.COMBAT_MOVE, round_=2).set_game(
            had_turn=frozenset({"Russia", "Germany", "UK", "Japan", "US"}))
        table = table.set_game(position=table.game.position.__class__(
            **{**table.game.position.__dict__, "factories": table.game.position.factories | {"Ukraine S.S.R."}}),
            purchased_factories=frozenset({"Ukraine S.S.R."}))
        if keep:
            table.orders("Germany", destroy_factories=False)
        table.units("Ukraine S.S.R.", Germany={"infantry": 1})
        table.units("Caucasus", Russia={"armour": 2})
        table.send("russia", cmd.MoveUnits("Russia", {"armour": 2}, ("Caucasus", "Ukraine S.S.R.")))
        table.send("russia", cmd.EndCombatMove("Russia"))
        table.fight([1, 6, 6])
        results[keep] = (table.events_of(TerritoryConquered)[0].factory, "Ukraine S.S.R." in table.game.position.factories)
    assert results == {False: ("destroyed", False), True: ("captured", True)}

    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.units("Caucasus", Russia={"infantry": 1})
    table.units("Ukraine S.S.R.", Germany={"armour": 2})
    table.send("germany", cmd.MoveUnits("Germany", {"armour": 2}, ("Ukraine S.S.R.", "Caucasus")))
    table.send("germany", cmd.EndCombatMove("Germany"))
    table.fight([1, 6, 6])
    assert table.events_of(TerritoryConquered)[0].factory == "captured"


@pytest.mark.rule("AAR1-emergency")
def test_a_vc_attacked_before_its_defenders_first_turn_gets_emergency_infantry():
    """AAR1-emergency: "If any territory containing a VC is attacked before the defender's first
    turn, then the defender of that VC gets to immediately purchase any number of infantry not
    exceeding ... the respective maximums ... just before the battle". Given Russia attacking the
    Ukraine (Kiev, 2 VCPs) in round 1, then Germany buys 2 infantry there before the battle."""
    table = new_game().at("Russia", Phase.COMBAT_MOVE)
    table.units("Ukraine S.S.R.", Germany={"infantry": 1})
    table.units("Caucasus", Russia={"armour": 2})
    table.send("russia", cmd.MoveUnits("Russia", {"armour": 2}, ("Caucasus", "Ukraine S.S.R.")))

    table.send("russia", cmd.EndCombatMove("Russia"))

    bought = table.events_of(EmergencyInfantryBought)[0]
    assert (bought.count, bought.cost, bought.source) == (2, 6, Source.STANDING_ORDER)
    assert table.events_of(BattleRequested)[0].forces.defender == {"infantry": 3}


@pytest.mark.rule("AAR1-emergency")
def test_no_emergency_infantry_after_the_defenders_first_turn():
    """AAR1-emergency: "it cannot apply to Germany attacking Karelia on Germany's first turn (since
    Russia already had their first turn)". Given Germany attacking Karelia in round 1, then Russia
    buys no emergency infantry."""
    table = attack(karelia())

    assert table.events_of(EmergencyInfantryBought) == []


@pytest.mark.rule("AAR-sbr")
def test_a_bombing_raid_costs_the_defender_the_bombers_dice():
    """AAR-sbr: "bombers attack a factory, AA fire first, each surviving bomber rolls a die of damage,
    capped by the territory's value". Given the UK bomber sent to raid Germany, when the guns over
    Western Europe and in Germany miss their targeting (6, 6) and the bomber rolls 5, then Germany
    loses 5 IPCs."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)
    table.send("uk", cmd.MoveUnits("UK", {"bomber": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe", "Germany"),
                                   bombing=True), rolls=[6])
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([6, 5])

    raid = table.events_of(BombingRaidResolved)[0]
    assert (raid.bombers_lost, raid.damage) == (0, 5)
    assert table.game.treasury["Germany"] == 35


@pytest.mark.rule("AAR-sbr")
def test_a_bombing_raid_is_refused_where_there_is_no_enemy_ic():
    """AAR-sbr: bombers raid an enemy factory. Given the UK bomber, when it is sent to raid Western
    Europe (no IC), then the move is refused."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)

    violation = table.refused("uk", cmd.MoveUnits("UK", {"bomber": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe"),
                                                  bombing=True))
    assert violation.rule_id == "AAR-sbr"


@pytest.mark.rule("AAR1-aa")
def test_aa_guns_fire_at_aircraft_flying_over_them():
    """AAR1-aa: "Anytime an enemy air unit flies over a territory, either in combat or non-combat
    move phases, the AA guns may fire against those air units ... For every roll of a 1 or 2 an air
    unit has been targeted ... An air unit is shot down on a roll of a 1." Given a UK fighter flying
    from the UK over Western Europe (a German AA gun) to Gibraltar, when the gun rolls 2 then 1, then
    the fighter is shot down."""
    table = new_game().at("UK", Phase.NON_COMBAT_MOVE)

    table.send("uk", cmd.MoveUnits("UK", {"fighter": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe",
                                                          "13 Sea Zone", "Gibraltar")), rolls=[2, 1])

    fired = table.events_of(AaFired)[0]
    assert (fired.territory, fired.lost) == ("Western Europe", {"fighter": 1})
    assert table.count("Gibraltar", "UK", "fighter") == 0


@pytest.mark.rule("AAR1-aa")
def test_under_the_box_aa_rule_guns_do_not_fire_at_overflights():
    """AAR1-aa is the house rule; the box rule (option aa_rule: edition) fires only in battle. Given
    the box rule, when the UK fighter flies over Western Europe, then no gun fires."""
    table = new_game(aa_rule="edition").at("UK", Phase.NON_COMBAT_MOVE)

    table.send("uk", cmd.MoveUnits("UK", {"fighter": 1}, ("United Kingdom", "6 Sea Zone", "Western Europe",
                                                          "13 Sea Zone", "Gibraltar")))

    assert table.events_of(AaFired) == [] and table.count("Gibraltar", "UK", "fighter") == 1


@pytest.mark.rule("AAR-retreat")
def test_defending_submarines_submerge_by_standing_order_and_stay():
    """AAR-retreat: "defending submarines may submerge" (the seat's sealed choice). Given Germany's
    standing order to submerge and a German submarine in 3 Sea Zone attacked by a UK battleship, when
    both miss round 1, then the submarine submerges and is still there after the battle."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)
    table.units("3 Sea Zone", Germany={"submarine": 1})
    table.units("2 Sea Zone", UK={"battleship": 1})
    table.orders("Germany", submerge=True)
    table.send("uk", cmd.MoveUnits("UK", {"battleship": 1}, ("2 Sea Zone", "3 Sea Zone")))
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([6, 6])

    assert table.count("3 Sea Zone", "Germany", "submarine") == 1
    assert table.events_of(BattleEnded)[0].defender_ipc_lost == 0
