"""AA-battle (reference battle sequence), on land: AA limits, support pairings, bombardment,
amphibious assaults, keeping the last land unit, capture."""
import pytest

from domain.aa.combat import InvalidBattleInput
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle, fought


@pytest.mark.rule("AA-battle")
def test_global_aa_fires_up_to_three_shots_per_gun_in_the_first_round_only():
    """Reference: "(1) AA fire, first round only, each gun up to 3 shots at aircraft, hit on 1 ...,
    casualties removed at once". One gun, four fighters: three shots in round 1, none in round 2."""
    fight = fought(GLOBAL, "land", {"fighter": 4}, {"aa_gun": 1, "infantry": 2},
                   rolls=[1, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6], max_rounds=2)
    assert fight.needed("aa_fire") == [("aa_gun", 1)] * 3
    assert fight.lost("aa_fire") == {"fighter": 1}
    assert not fight.has_step("aa_fire", round=2)
    assert fight.rolls_used == fight.rolls_given


@pytest.mark.rule("AA-battle")
def test_global_aa_never_fires_more_shots_than_there_are_aircraft():
    """Reference: AA gun "(up to 3 shots)" at aircraft: two guns, one fighter, one shot."""
    fight = fought(GLOBAL, "land", {"fighter": 1, "infantry": 1}, {"aa_gun": 2, "infantry": 1},
                   rolls=[4, 6, 6, 6], max_rounds=1)
    assert len(fight.step("aa_fire").rolls) == 1


@pytest.mark.rule("AA-battle")
def test_each_artillery_supports_one_infantry():
    """Reference: artillery "+1 attack to one infantry"."""
    fight = fought(REVISED, "land", {"infantry": 2, "artillery": 1}, {"infantry": 1}, rolls=[6, 6, 6, 6],
                   max_rounds=1)
    assert fight.needed("attacker_fire") == [("infantry", 2), ("infantry", 1), ("artillery", 2)]


@pytest.mark.rule("AA-battle")
def test_a_tactical_bomber_paired_with_a_tank_attacks_at_4():
    """Reference: tactical bomber "+1 attack paired with fighter or tank", one partner each."""
    fight = fought(GLOBAL, "land", {"armour": 1, "tactical_bomber": 2}, {"infantry": 1}, rolls=[6, 6, 6, 6],
                   max_rounds=1)
    assert fight.needed("attacker_fire") == [("armour", 3), ("tactical_bomber", 4), ("tactical_bomber", 3)]


@pytest.mark.rule("AA-battle")
def test_the_attacker_keeps_its_last_land_unit_to_take_the_territory():
    """Issue: the default order of loss is cheapest first, but the attacker keeps its last land unit when
    it wants to take the territory: one hit costs the fighter, not the infantry."""
    keep = fought(REVISED, "land", {"infantry": 1, "fighter": 1}, {"infantry": 2}, rolls=[6, 6, 2, 6], max_rounds=1)
    cheapest = fought(REVISED, "land", {"infantry": 1, "fighter": 1}, {"infantry": 2}, rolls=[6, 6, 2, 6],
                      max_rounds=1, take_territory=False)
    assert keep.attacker == {"infantry": 1}
    assert cheapest.attacker == {"fighter": 1}


@pytest.mark.rule("AA-battle")
def test_bombardment_casualties_still_fire_back():
    """Reference: bombardment (battleship hits on 4) "before the land battle of an amphibious assault with
    no sea combat"; "defending casualties still fire back". The bombarded infantry kills the lander."""
    fight = fought(GLOBAL, "land", {}, {"infantry": 1}, amphibious=[["infantry"]], bombard={"battleship": 1},
                   rolls=[4, 6, 2])
    assert fight.needed("bombardment") == [("battleship", 4)]
    assert fight.outcome == "mutual_destruction"


@pytest.mark.rule("AA-battle")
def test_no_bombardment_after_sea_combat():
    """Reference: bombardment only "with no sea combat" in the zone."""
    with pytest.raises(InvalidBattleInput) as refused:
        battle(GLOBAL, "land", {}, {"infantry": 1}, amphibious=[["infantry"]], bombard={"cruiser": 1},
               sea_combat=True)
    assert refused.value.field == "bombard"


@pytest.mark.rule("AA-battle")
def test_global_bombardment_one_ship_per_land_unit_unloaded():
    """Global 1940 (pack, provisional: box rule): at most one bombarding ship per land unit unloaded."""
    with pytest.raises(InvalidBattleInput) as refused:
        battle(GLOBAL, "land", {}, {"infantry": 1}, amphibious=[["infantry"]], bombard={"battleship": 2})
    assert refused.value.field == "bombard"


@pytest.mark.rule("AA-battle")
def test_aircraft_alone_win_the_battle_but_do_not_take_the_territory():
    """A land battle won with only aircraft left does not capture the territory; a land unit does."""
    air = fought(GLOBAL, "land", {"fighter": 1}, {"infantry": 1}, rolls=[1, 6])
    land = fought(GLOBAL, "land", {"armour": 1}, {"infantry": 1}, rolls=[1, 6])
    assert (air.outcome, air.result.captured) == ("attacker_wins", False)
    assert (land.outcome, land.result.captured) == ("attacker_wins", True)


@pytest.mark.rule("AA-battle")
def test_both_sides_destroyed_is_mutual_destruction():
    """Defender fire hits back in the same round: both last units lost."""
    fight = fought(REVISED, "land", {"infantry": 1}, {"infantry": 1}, rolls=[1, 2])
    assert fight.outcome == "mutual_destruction"
    assert fight.result.attacker_ipc_lost == 3
    assert fight.result.defender_ipc_lost == 3
