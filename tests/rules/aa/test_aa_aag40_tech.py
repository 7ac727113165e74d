"""AAG40-tech: advances that change a battle (seed 004's research chart)."""
from fractions import Fraction

import pytest

from domain.aa.battles.messages import ResolveBattle
from domain.aa.combat import BattleKind, Forces, battle_odds
from domain.kernel import RuleViolation
from tests.rules.aa.aa_driver import GLOBAL, battle, fought, game, options


@pytest.mark.rule("AAG40-tech")
def test_super_submarines_attack_at_3():
    """Seed 004, row 2, 1: "Превосходные субмарины. Значение атаки Ваших подводных лодок теперь 3 вместо 2."
    (Super Submarines: your submarines now attack at 3.) Given a sub's surprise strike rolling 3."""
    with_tech = fought(GLOBAL, "sea", {"submarine": 1}, {"cruiser": 1}, attacker_techs=["super_submarines"],
                       rolls=[3])
    without = fought(GLOBAL, "sea", {"submarine": 1}, {"cruiser": 1}, rolls=[3, 1])
    assert with_tech.needed("surprise_strike") == [("submarine", 3)]
    assert with_tech.outcome == "attacker_wins"
    assert without.needed("surprise_strike") == [("submarine", 2)]
    assert without.outcome == "defender_wins"


@pytest.mark.rule("AAG40-tech")
def test_jet_fighters_attack_at_4():
    """Seed 004, row 2, 2: "Реактивные истребители. Значение атаки Ваших истребителей теперь 4 вместо 3."
    (Jet Fighters: your fighters now attack at 4.)"""
    battle = fought(GLOBAL, "land", {"fighter": 1}, {"infantry": 1}, attacker_techs=["jet_fighters"], rolls=[4, 6])
    assert battle.needed("attacker_fire") == [("fighter", 4)]
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AAG40-tech")
def test_jet_fighters_exact_odds_of_a_fighter_against_an_infantry():
    """Jet Fighters: a fighter at 4 against an infantry at 2 wins (4/6 x 4/6) / (1 - 2/6 x 4/6) = 4/7;
    at 3 it wins 1/2."""
    jets = battle_odds(battle(GLOBAL, "land", {"fighter": 1}, {"infantry": 1}, attacker_techs=["jet_fighters"]),
                       exact=True)
    plain = battle_odds(battle(GLOBAL, "land", {"fighter": 1}, {"infantry": 1}), exact=True)
    assert jets.attacker_wins == Fraction(4, 7)
    assert plain.attacker_wins == Fraction(1, 2)


@pytest.mark.rule("AAG40-tech")
def test_heavy_bombers_roll_two_dice_and_keep_the_best():
    """Seed 004, row 2, 6: "бросьте два кубика за каждый бомбардировщик и выберите лучший результат"
    (roll two dice for each bomber and keep the best). Given dice 6 and 2, the bomber hits on the 2."""
    battle = fought(GLOBAL, "land", {"bomber": 1}, {"infantry": 1}, attacker_techs=["heavy_bombers"],
                    rolls=[6, 2, 5])
    (roll,) = battle.step("attacker_fire").rolls
    assert (roll.values, roll.needed, roll.hit) == ((6, 2), 4, True)
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AAG40-tech")
def test_heavy_bombers_exact_chance_to_hit_is_one_minus_both_miss():
    """Heavy Bombers: a bomber (attack 4) hits with 1 - (2/6)^2 = 8/9 a round, so after one round a lone
    defending infantry is gone (battle won or traded) 8/9 of the time."""
    odds = battle_odds(battle(GLOBAL, "land", {"bomber": 1}, {"infantry": 1}, attacker_techs=["heavy_bombers"]),
                       rounds=1, exact=True)
    assert odds.attacker_wins + odds.mutual_destruction == Fraction(8, 9)


@pytest.mark.rule("AAG40-tech")
def test_radar_anti_aircraft_hits_on_1_or_2():
    """Seed 004, row 2, 4: "Радар. ... теперь попадают по воздушным целям по "1,2" вместо "1"."
    (Radar: AA guns now hit aircraft on 1-2 instead of 1.) Given the gun rolls 2."""
    radar = fought(GLOBAL, "land", {"fighter": 1}, {"aa_gun": 1, "infantry": 1}, defender_techs=["radar"],
                   rolls=[2])
    assert radar.needed("aa_fire") == [("aa_gun", 2)]
    assert radar.lost("aa_fire") == {"fighter": 1}
    assert radar.outcome == "defender_wins"


@pytest.mark.rule("AAG40-tech")
def test_improved_artillery_support_supports_two_infantry():
    """Seed 004, row 1, 1: "Одно артиллерийское подразделение может поддержать до 2 пехотных и / или
    моторизированных подразделений в атаке. Оба поддержанные подразделения повышают свое значения атаки
    до «2»." (One artillery supports up to 2 infantry/mech; both attack at 2.)"""
    battle = fought(GLOBAL, "land", {"infantry": 2, "artillery": 1}, {"infantry": 3},
                    attacker_techs=["improved_artillery_support"], rolls=[2, 2, 2, 6, 6, 6])
    assert battle.needed("attacker_fire") == [("infantry", 2), ("infantry", 2), ("artillery", 2)]
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AAG40-tech")
def test_improved_mechanized_infantry_attacks_at_2_paired_with_a_tank():
    """Seed 004, row 1, 6: "Каждое из Ваших моторизированных подразделений, которое находится в паре не
    только с артиллерией, но и с танком теперь имеет значение атаки 2." (Each mech paired not only with
    artillery but also with a tank now attacks at 2.)"""
    with_tech = fought(GLOBAL, "land", {"mech_infantry": 1, "armour": 1}, {"infantry": 2},
                       attacker_techs=["improved_mechanized_infantry"], rolls=[2, 3, 6, 6])
    without = fought(GLOBAL, "land", {"mech_infantry": 1, "armour": 1}, {"infantry": 2}, rolls=[2, 3, 6, 6],
                     max_rounds=1)
    assert with_tech.needed("attacker_fire") == [("mech_infantry", 2), ("armour", 3)]
    assert with_tech.outcome == "attacker_wins"
    assert without.needed("attacker_fire") == [("mech_infantry", 1), ("armour", 3)]
    assert without.defender == {"infantry": 1}


@pytest.mark.rule("AAG40-tech")
def test_improved_shipyards_lower_the_ipc_value_of_a_lost_ship():
    """Seed 004, row 2, 3: "Новые цены: Линкор – 17, авианосец – 13, крейсер – 9, эсминец – 7, транспорт –
    6, подводная лодка – 5." (New prices: ... destroyer 7.) A destroyer lost costs 7 IPCs, not 8."""
    with_tech = fought(GLOBAL, "sea", {"destroyer": 1}, {"destroyer": 1}, attacker_techs=["improved_shipyards"],
                       rolls=[6, 1])
    without = fought(GLOBAL, "sea", {"destroyer": 1}, {"destroyer": 1}, rolls=[6, 1])
    assert with_tech.result.attacker_ipc_lost == 7
    assert without.result.attacker_ipc_lost == 8


@pytest.mark.rule("AAG40-tech")
def test_an_unknown_advance_is_refused_with_the_rule_id():
    """The 12 advances of seed 004's chart are the only ones; naming another is refused."""
    table = game(GLOBAL, {"axis": ("Germany",), "allies": ("USSR",)})
    request = ResolveBattle("b1", "Ukraine", "Germany", "USSR",
                            Forces(BattleKind.LAND, {"infantry": 1}, {"infantry": 1}),
                            options(attacker_techs=["atomic_bomb"]))
    with pytest.raises(RuleViolation) as refused:
        table.send("axis", request)
    assert refused.value.rule_id == "AAG40-tech"
    assert "options.attacker_techs" in refused.value.message
