"""AA-battle (reference battle sequence), at sea: subs and destroyers, air against subs, two-hit units,
transports, submerging. The reference sequence has no RULES.md id; "AA-battle" names it."""
import pytest

from tests.rules.aa.aa_driver import GLOBAL, REVISED, fought


@pytest.mark.rule("AA-battle")
def test_submarine_surprise_strike_casualties_do_not_fire_back():
    """Reference: "(2) submarine surprise strike ..., only when the enemy has no destroyer, hits removed
    before they fire back". Given the sub hits (2), the cruiser never rolls."""
    battle = fought(GLOBAL, "sea", {"submarine": 1}, {"cruiser": 1}, rolls=[2])
    assert battle.needed("surprise_strike") == [("submarine", 2)]
    assert not battle.has_step("defender_fire")
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AA-battle")
def test_a_destroyer_cancels_the_surprise_strike_and_its_casualties_fire_back():
    """Reference: surprise strike "only when the enemy has no destroyer"; "(4) defender fires (defending
    casualties still fire back)". Given both hit, both are lost."""
    battle = fought(GLOBAL, "sea", {"submarine": 1}, {"destroyer": 1}, rolls=[1, 2])
    assert not battle.has_step("surprise_strike")
    assert battle.needed("attacker_fire") == [("submarine", 2)]
    assert battle.needed("defender_fire") == [("destroyer", 2)]
    assert battle.outcome == "mutual_destruction"


@pytest.mark.rule("AA-battle")
def test_both_sides_subs_strike_by_surprise_at_the_same_time():
    """Reference: attacking and defending subs strike when the enemy has no destroyer. Given both hit
    (defending sub at 1), both are lost."""
    battle = fought(GLOBAL, "sea", {"submarine": 1}, {"submarine": 1}, rolls=[1, 1])
    assert battle.step("surprise_strike", "attacker").hits == 1
    assert battle.step("surprise_strike", "defender").hits == 1
    assert battle.outcome == "mutual_destruction"


@pytest.mark.rule("AA-battle")
def test_subs_cannot_hit_aircraft_even_when_the_owner_would_lose_the_aircraft_first():
    """Reference: "subs cannot hit aircraft". Given the defender lists its fighter first, the sub's hit
    still sinks the destroyer; then neither the sub nor the fighter can hit the other (no defending
    destroyer left) and the battle stops."""
    battle = fought(GLOBAL, "sea", {"submarine": 1}, {"destroyer": 1, "fighter": 1},
                    defender_order=["fighter", "destroyer"], rolls=[1, 6, 6])
    assert battle.lost("attacker_fire") == {"destroyer": 1}
    assert battle.outcome == "stalemate"
    assert battle.defender == {"fighter": 1}
    assert battle.rolls_used == 3


@pytest.mark.rule("AA-battle")
def test_aircraft_cannot_hit_subs_without_a_friendly_destroyer():
    """Reference: "aircraft cannot hit subs without a friendly destroyer". Given two fighter hits and the
    defender listing its sub first, only the cruiser can be lost; the sub, with nothing it may hit, does
    not roll."""
    battle = fought(GLOBAL, "sea", {"fighter": 2}, {"submarine": 1, "cruiser": 1},
                    defender_order=["submarine", "cruiser"], rolls=[1, 1, 6])
    assert battle.lost("attacker_fire") == {"cruiser": 1}
    assert battle.needed("defender_fire") == [("cruiser", 3)]
    assert battle.outcome == "stalemate"
    assert battle.defender == {"submarine": 1}


@pytest.mark.rule("AA-battle")
def test_aircraft_hit_subs_with_a_friendly_destroyer_present():
    """Reference: with a friendly destroyer aircraft hit subs, and the enemy destroyer also cancels the
    sub's surprise strike (it fires with the defender)."""
    battle = fought(GLOBAL, "sea", {"fighter": 1, "destroyer": 1}, {"submarine": 1}, rolls=[3, 6, 6])
    assert battle.lost("attacker_fire") == {"submarine": 1}
    assert battle.needed("defender_fire") == [("submarine", 1)]
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AA-battle")
def test_a_battleship_takes_two_hits():
    """Reference: battleship "2 hits". The first hit damages it, the second (next round) sinks it."""
    battle = fought(GLOBAL, "sea", {"cruiser": 1}, {"battleship": 1}, rolls=[1, 6, 1, 6])
    first = battle.result.rounds[0]
    assert [(u.unit, u.count) for u in first.defender_damaged] == [("battleship", 1)]
    assert [(u.unit, u.damaged) for u in first.defender_remaining] == [("battleship", True)]
    assert [(u.unit, u.count) for u in battle.result.rounds[1].defender_losses] == [("battleship", 1)]
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AA-battle")
def test_by_default_a_two_hit_unit_absorbs_the_first_hit():
    """Default order of loss: a two-hit unit's first hit is taken before any unit is lost."""
    battle = fought(GLOBAL, "sea", {"cruiser": 2}, {"destroyer": 1, "battleship": 1}, rolls=[1, 6, 6, 6],
                    max_rounds=1)
    assert battle.defender == {"destroyer": 1, "battleship (damaged)": 1}


@pytest.mark.rule("AA-battle")
def test_casualties_follow_the_order_of_loss_the_owner_gives():
    """Casualties follow the owner's order of loss: listing the destroyer before the battleship loses
    the destroyer instead of damaging the battleship."""
    battle = fought(GLOBAL, "sea", {"cruiser": 2}, {"destroyer": 1, "battleship": 1}, rolls=[1, 6, 6, 6],
                    defender_order=["destroyer", "battleship"], max_rounds=1)
    assert battle.defender == {"battleship": 1}


@pytest.mark.rule("AA-battle")
def test_global_transports_are_lost_last_and_removed_when_left_alone():
    """Global 1940 transports defend at 0 (reference); in the box rules they are taken last and lost
    when left alone against enemy units that can fire (pack: provisional)."""
    battle = fought(GLOBAL, "sea", {"destroyer": 1}, {"transport": 1, "destroyer": 1}, rolls=[1, 6])
    assert battle.lost("attacker_fire") == {"destroyer": 1}
    assert battle.lost("defenceless_lost", "defender") == {"transport": 1}
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AA-battle")
def test_revised_transports_defend_at_1():
    """Reference (Revised): transport 0/1/2/8. It fires back and can win."""
    battle = fought(REVISED, "sea", {"destroyer": 1}, {"transport": 1}, rolls=[6, 1])
    assert battle.needed("defender_fire") == [("transport", 1)]
    assert battle.outcome == "defender_wins"


@pytest.mark.rule("AA-battle")
def test_global_subs_may_submerge_instead_of_firing_when_the_enemy_has_no_destroyer():
    """Reference: "(2) submarine surprise strike or submerge, only when the enemy has no destroyer".
    The defender's sub submerges before any die is rolled; the attacker holds the sea zone."""
    battle = fought(GLOBAL, "sea", {"cruiser": 1}, {"submarine": 1}, defender_submerge=True, rolls=[])
    assert battle.outcome == "attacker_wins"
    assert battle.defender == {"submarine (submerged)": 1}


@pytest.mark.rule("AA-battle")
def test_subs_cannot_submerge_when_the_enemy_has_a_destroyer():
    """Reference: submerging needs the enemy to have no destroyer; the sub fights and is sunk."""
    battle = fought(GLOBAL, "sea", {"destroyer": 1}, {"submarine": 1}, defender_submerge=True, rolls=[1, 6])
    assert battle.outcome == "attacker_wins"
    assert battle.defender == {}


@pytest.mark.rule("AA-battle")
def test_revised_subs_submerge_at_the_end_of_a_round():
    """Revised (pack, provisional: box rules): subs submerge at the end of a round, after firing."""
    battle = fought(REVISED, "sea", {"battleship": 1}, {"submarine": 1}, defender_submerge=True, rolls=[6, 6])
    assert battle.needed("surprise_strike") == [("submarine", 2)]
    assert battle.outcome == "attacker_wins"
    assert battle.defender == {"submarine (submerged)": 1}


@pytest.mark.rule("AA-battle")
def test_a_battle_where_no_unit_can_hit_stops_without_a_roll():
    """Subs cannot hit aircraft and aircraft cannot hit subs without a destroyer: a fighter against a
    lone sub is a stalemate; nobody rolls."""
    battle = fought(GLOBAL, "sea", {"fighter": 1}, {"submarine": 1}, rolls=[])
    assert battle.outcome == "stalemate"
    assert battle.rolls_used == 0
