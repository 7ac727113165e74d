"""The level-at-a-time float programme (domain/aa/combat/levels.py) for battles the chain programme
cannot take (sea: restricted hit classes, surprise strikes, two-hit units, lone transports) gives
the exact Fraction odds to 1e-12, and it is the path those battles take."""
from fractions import Fraction

import pytest

from domain.aa.combat import battle_odds, levels, odds
from domain.aa.combat.chains import chain_battle
from domain.aa.combat.results import UNDECIDED
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle


@pytest.fixture(autouse=True)
def every_size(monkeypatch):
    """Small battles normally stay on the per-state programme (numpy's fixed costs): here every
    battle that may take the level programme does."""
    monkeypatch.setattr(levels, "SMALL", 0)


OUTCOMES = ("attacker_wins", "defender_wins", "mutual_destruction", "attacker_retreated", "stalemate", UNDECIDED)
SEA = [
    # Attacking subs strike first (no defending destroyer); fighters cannot hit subs; lone transports.
    (GLOBAL, {"submarine": 3, "fighter": 2}, {"submarine": 2, "carrier": 1, "fighter": 1, "transport": 2}, {}),
    # Both sides' destroyers cancel the surprise strike until they are sunk; two-hit battleships.
    (GLOBAL, {"submarine": 2, "destroyer": 2, "battleship": 1, "fighter": 1},
     {"submarine": 2, "destroyer": 1, "carrier": 1, "fighter": 2, "transport": 1}, {}),
    # Defending subs surprise an attacker without destroyers; cruisers and damaged carriers.
    (GLOBAL, {"cruiser": 2, "battleship": 1, "tactical_bomber": 1},
     {"submarine": 3, "carrier": 2, "fighter": 1, "transport": 1}, {"defender_order": ["carrier:hit", "transport"]}),
    # Only transports and subs against aircraft: rounds where nobody can hit anybody (a stalemate).
    (GLOBAL, {"fighter": 2}, {"submarine": 2, "transport": 1}, {}),
    (REVISED, {"battleship": 2, "submarine": 2, "fighter": 2}, {"destroyer": 2, "carrier": 1, "fighter": 2,
                                                                "transport": 2}, {}),
    # Retreat options and submerging take the Python programme; it must agree as well.
    (GLOBAL, {"submarine": 2, "destroyer": 2, "fighter": 2}, {"destroyer": 2, "carrier": 1, "fighter": 1},
     {"retreat_after_round": 2}),
    (GLOBAL, {"submarine": 2, "destroyer": 2, "cruiser": 1}, {"destroyer": 2, "carrier": 1, "fighter": 2},
     {"retreat_below": Fraction(1, 2)}),
    (GLOBAL, {"submarine": 3, "destroyer": 1}, {"submarine": 2, "destroyer": 1, "transport": 1},
     {"attacker_submerge": True, "defender_submerge": True}),
]


def _assert_equal(fast, exact) -> None:
    assert fast.mode == "float" and exact.mode == "exact"
    assert fast.states == exact.states  # the same battle states visited
    for outcome in OUTCOMES:
        assert abs(fast.probability(outcome) - float(exact.probability(outcome))) < 1e-12, outcome
    for a, b in ((fast.attacker_ipc_lost, exact.attacker_ipc_lost), (fast.defender_ipc_lost, exact.defender_ipc_lost)):
        assert abs(a - float(b)) < 1e-10  # IPC values are tens: the same relative accuracy
    for mine, theirs in ((fast.attacker_expected, exact.attacker_expected),
                         (fast.defender_expected, exact.defender_expected)):
        assert set(mine) == set(theirs)
        assert all(abs(mine[u] - float(theirs[u])) < 1e-12 for u in mine)
    for fast_rows, exact_rows in ((fast.attacker_survivors, exact.attacker_survivors),
                                  (fast.defender_survivors, exact.defender_survivors)):
        expected = {tuple(r.units): float(r.probability) for r in exact_rows}
        assert {tuple(r.units) for r in fast_rows} == set(expected)
        assert all(abs(r.probability - expected[tuple(r.units)]) < 1e-12 for r in fast_rows)


@pytest.mark.parametrize("ruleset_id, attacker, defender, opts", SEA)
def test_sea_float_odds_equal_the_exact_fractions(ruleset_id, attacker, defender, opts):
    model = battle(ruleset_id, "sea", attacker, defender, **opts)
    assert not chain_battle(model)
    _assert_equal(battle_odds(model), battle_odds(battle(ruleset_id, "sea", attacker, defender, **opts), exact=True))


LAND = [
    # Bombardment makes a land battle a general one (first round only); amphibious units, AA fire.
    (GLOBAL, {"fighter": 1}, {"infantry": 3, "artillery": 1, "aa_gun": 1},
     {"amphibious": [["infantry", "armour"], ["infantry", "infantry"]], "bombard": {"battleship": 1}}),
    (REVISED, {"infantry": 2, "artillery": 1}, {"infantry": 3, "armour": 1},
     {"amphibious": [["infantry", "armour"]], "bombard": {"battleship": 1}}),
    (GLOBAL, {"infantry": 3, "armour": 2}, {"infantry": 4, "fighter": 1}, {"retreat_below": Fraction(1, 3)}),
]


@pytest.mark.parametrize("ruleset_id, attacker, defender, opts", LAND)
def test_general_land_float_odds_equal_the_exact_fractions(ruleset_id, attacker, defender, opts):
    model = battle(ruleset_id, "land", attacker, defender, **opts)
    assert not chain_battle(model)
    _assert_equal(battle_odds(model), battle_odds(battle(ruleset_id, "land", attacker, defender, **opts), exact=True))


def test_a_larger_mixed_sea_battle_equals_the_exact_fractions():
    """Eight a side, every kind of ship: many levels, surprise strikes on and off, lone transports."""
    attacker = {"submarine": 2, "destroyer": 2, "cruiser": 1, "battleship": 1, "fighter": 2}
    defender = {"submarine": 2, "destroyer": 1, "carrier": 2, "fighter": 2, "transport": 1}
    _assert_equal(battle_odds(battle(GLOBAL, "sea", attacker, defender)),
                  battle_odds(battle(GLOBAL, "sea", attacker, defender), exact=True))


def test_sea_battles_take_the_level_programme(monkeypatch):
    """Float sea odds without round limits, retreat rule or submerging never use the per-state
    Python loop (what the benchmark's sea battles rely on); the Fraction path and retreats do."""
    def per_state(*args):
        raise AssertionError("the per-state programme was used")

    monkeypatch.setattr(odds, "_until_decided", per_state)
    attacker, defender = {"submarine": 2, "destroyer": 1, "fighter": 1}, {"carrier": 1, "fighter": 1, "transport": 1}
    assert battle_odds(battle(GLOBAL, "sea", attacker, defender)).attacker_wins > 0
    with pytest.raises(AssertionError, match="per-state"):
        battle_odds(battle(GLOBAL, "sea", attacker, defender), exact=True)
    with pytest.raises(AssertionError, match="per-state"):
        battle_odds(battle(GLOBAL, "sea", attacker, defender, retreat_below=Fraction(1, 2)))
    monkeypatch.setattr(levels, "SMALL", 10_000)
    assert not levels.applies(odds.Programme(battle(GLOBAL, "sea", attacker, defender), False), None)
    monkeypatch.setattr(levels, "SMALL", 0)
    assert not levels.applies(odds.Programme(battle(GLOBAL, "sea", attacker, defender, attacker_submerge=True),
                                             False), None)
