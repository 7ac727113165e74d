"""Aircraft against submarines by edition (issue 14 item 11): Revised (2004) has no "air attack
sub restricted" rule, Global 1940 has it. The difference lives in the data packs (the submarine's
``evades_air`` ability), so both editions run the same engine."""
from fractions import Fraction

import pytest

from domain.aa.combat import battle_odds
from domain.aa.units import Ability
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle, fought, pack


@pytest.mark.rule("AA-battle")
def test_revised_aircraft_hit_submarines_without_a_destroyer():
    """Revised rules (TripleA's Revised game file leaves "Air Attack Sub Restricted" off): aircraft
    may hit submarines; subs still cannot hit aircraft. Given 2 fighters against 2 subs, when the
    odds are computed exactly, then the attacker wins with certainty (never a stalemate)."""
    odds = battle_odds(battle(REVISED, "sea", {"fighter": 2}, {"submarine": 2}), exact=True)
    assert odds.attacker_wins == Fraction(1)
    assert odds.probability("stalemate") == 0


@pytest.mark.rule("AA-battle")
def test_revised_fighter_hits_are_taken_by_a_submarine():
    """Revised: given two fighters that both hit (1, 1) against two lone subs, when the round is
    fought, then both subs are lost in the first round."""
    result = fought(REVISED, "sea", {"fighter": 2}, {"submarine": 2}, rolls=[1, 1, 6, 6])
    assert result.lost("attacker_fire") == {"submarine": 2}
    assert result.outcome == "attacker_wins"


@pytest.mark.rule("AA-battle")
def test_global1940_keeps_the_air_against_subs_restriction():
    """Global 1940: "aircraft cannot hit subs without a friendly destroyer". Given 2 fighters
    against 2 subs, then nobody can hit anybody: a certain stalemate."""
    odds = battle_odds(battle(GLOBAL, "sea", {"fighter": 2}, {"submarine": 2}), exact=True)
    assert odds.probability("stalemate") == Fraction(1)


def test_the_difference_is_data():
    """Only the packs differ: Revised subs carry no evades_air, Global 1940 subs do."""
    assert Ability.EVADES_AIR not in pack(REVISED).units["submarine"].abilities
    assert Ability.EVADES_AIR in pack(GLOBAL).units["submarine"].abilities
    assert Ability.CANNOT_HIT_AIR in pack(REVISED).units["submarine"].abilities
