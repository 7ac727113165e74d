"""AA-battle (reference battle sequence): "(6) attacker presses on or retreats"; "only the attacker
retreats"; "amphibious land units may not retreat"."""
from fractions import Fraction

import pytest

from domain.aa.combat import InvalidBattleInput
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle, fought


@pytest.mark.rule("AA-battle")
def test_the_attacker_retreats_after_the_round_its_rule_names():
    """Retreat rule "retreat after round k": after round 1 the attacker leaves with what it has."""
    fight = fought(GLOBAL, "land", {"infantry": 2}, {"infantry": 2}, rolls=[6, 6, 6, 6], retreat_after_round=1)
    assert fight.outcome == "attacker_retreated"
    assert fight.lost("retreat") == {"infantry": 2}
    assert fight.attacker == {"infantry": 2}


@pytest.mark.rule("AA-battle")
def test_the_attacker_retreats_when_its_win_chance_falls_below_the_threshold():
    """Retreat rule "retreat when the attacker's win chance < x": one infantry facing three after a
    blank round wins far less than half the time, so it retreats."""
    fight = fought(REVISED, "land", {"infantry": 1}, {"infantry": 3}, rolls=[6, 6, 6, 6],
                   retreat_below=Fraction(1, 2))
    assert fight.outcome == "attacker_retreated"
    assert len(fight.result.rounds) == 1


@pytest.mark.rule("AA-battle")
def test_the_attacker_presses_on_while_its_win_chance_is_high_enough():
    """Three tanks against one infantry after a blank round still win most of the time: press on."""
    fight = fought(REVISED, "land", {"armour": 3}, {"infantry": 1}, rolls=[6, 6, 6, 6, 1, 6, 6, 6],
                   retreat_below=Fraction(1, 2))
    assert fight.outcome == "attacker_wins"
    assert len(fight.result.rounds) == 2


@pytest.mark.rule("AA-battle")
def test_amphibious_land_units_may_not_retreat():
    """Reference: "amphibious land units may not retreat"; a retreat rule for such a battle is refused,
    naming the field."""
    with pytest.raises(InvalidBattleInput) as refused:
        battle(REVISED, "land", {"armour": 1}, {"infantry": 1}, amphibious=[["infantry"]], retreat_after_round=1)
    assert refused.value.field == "options.retreat_after_round"
