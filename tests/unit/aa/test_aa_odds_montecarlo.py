"""The exact odds against seeded Monte Carlo runs of the step-by-step engine (within 4 standard errors).

Monte Carlo fights the real engine (sequence.py) with SplitMix64 dice, so agreement checks the
dynamic programme (programme.py, odds.py) against the engine rule for rule."""
from fractions import Fraction
from math import sqrt

import pytest

from domain.aa.combat import SplitMix64, battle_odds, monte_carlo
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle

OUTCOMES = ("attacker_wins", "defender_wins", "mutual_destruction", "stalemate", "attacker_retreated", "undecided")


def assert_agree(model, runs: int, seed: int, rounds=None) -> None:
    exact = battle_odds(model, rounds=rounds)
    sampled = monte_carlo(model, runs, seed, rounds=rounds)
    for outcome in OUTCOMES:
        p, q = float(exact.probability(outcome)), float(sampled.probability(outcome))
        assert abs(q - p) <= 4 * sqrt(p * (1 - p) / runs), (outcome, p, q)
    total_ipc = float(exact.attacker_ipc_lost) + float(exact.defender_ipc_lost)
    assert abs(sampled.attacker_ipc_lost + sampled.defender_ipc_lost - total_ipc) < 0.1 * total_ipc + 1


def test_splitmix64_matches_the_reference_sequence():
    """First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation)."""
    gen = SplitMix64(0)
    assert [gen.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_monte_carlo_is_reproducible_from_its_seed():
    model = battle(REVISED, "land", {"infantry": 3}, {"infantry": 2})
    assert monte_carlo(model, 500, 42) == monte_carlo(model, 500, 42)


def test_mixed_land_battle_with_aa_and_support():
    model = battle(GLOBAL, "land", {"infantry": 3, "artillery": 2, "armour": 2, "fighter": 1, "tactical_bomber": 1},
                   {"infantry": 5, "artillery": 1, "armour": 1, "fighter": 1, "aa_gun": 1})
    assert_agree(model, 10_000, 1)


def test_sea_battle_with_subs_destroyers_carriers_and_transports():
    model = battle(GLOBAL, "sea", {"submarine": 2, "destroyer": 1, "fighter": 2, "battleship": 1, "tactical_bomber": 1},
                   {"submarine": 2, "carrier": 1, "fighter": 2, "transport": 2, "cruiser": 1, "destroyer": 1})
    assert_agree(model, 10_000, 2)


def test_amphibious_assault_with_the_seeds_aa_rule_and_bombardment():
    model = battle(REVISED, "land", {"fighter": 1, "armour": 1}, {"aa_gun": 2, "infantry": 3, "artillery": 1},
                   amphibious=[["infantry", "armour"], ["infantry", "infantry"]], bombard={"battleship": 1})
    assert_agree(model, 10_000, 3)


def test_submerging_subs_and_air_against_subs():
    model = battle(REVISED, "sea", {"submarine": 3, "fighter": 2}, {"submarine": 2, "transport": 1, "carrier": 1},
                   attacker_submerge=True, defender_submerge=True)
    assert_agree(model, 10_000, 4)


def test_retreat_below_a_win_chance_and_a_round_limit():
    retreating = battle(GLOBAL, "land", {"infantry": 4, "armour": 2}, {"infantry": 5, "artillery": 1},
                        retreat_below=Fraction(2, 5))
    assert_agree(retreating, 10_000, 5)
    assert_agree(battle(GLOBAL, "land", {"infantry": 4, "armour": 2}, {"infantry": 5}), 10_000, 6, rounds=2)


@pytest.mark.slow
def test_larger_battle_against_200000_runs():
    """The issue's check: a larger mixed battle against a 200,000-run seeded Monte Carlo."""
    model = battle(GLOBAL, "land",
                   {"infantry": 4, "artillery": 2, "mech_infantry": 1, "armour": 2, "fighter": 1, "tactical_bomber": 1},
                   {"infantry": 6, "artillery": 1, "armour": 2, "fighter": 1, "aa_gun": 1},
                   attacker_techs=["improved_mechanized_infantry"], defender_techs=["radar"])
    assert_agree(model, 200_000, 2024)
