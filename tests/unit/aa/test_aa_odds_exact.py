"""Exact odds against hand-computed rationals."""
from fractions import Fraction as F

from domain.aa.combat import battle_odds, continuation_values
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle


def survivors(rows):
    return {tuple((u.unit, u.count, u.damaged) for u in row.units): row.probability for row in rows}


def test_one_infantry_against_one_infantry():
    """p = 1/6, q = 2/6 a round; P(A) = p(1-q) / (1 - (1-p)(1-q)) = (1/9) / (4/9) = 1/4, and so on."""
    odds = battle_odds(battle(REVISED, "land", {"infantry": 1}, {"infantry": 1}), exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction) == (F(1, 4), F(5, 8), F(1, 8))
    assert odds.captures == F(1, 4)
    assert (odds.attacker_ipc_lost, odds.defender_ipc_lost) == (F(9, 4), F(9, 8))
    assert survivors(odds.attacker_survivors) == {(("infantry", 1, False),): F(1, 4), (): F(3, 4)}
    assert odds.mode == "exact"


def test_armour_against_infantry():
    """p = 1/2, q = 1/3: P(A) = (1/3)/(2/3) = 1/2, P(D) = (1/6)/(2/3) = 1/4, P(both) = 1/4."""
    odds = battle_odds(battle(GLOBAL, "land", {"armour": 1}, {"infantry": 1}), exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction) == (F(1, 2), F(1, 4), F(1, 4))


def test_two_infantry_against_one_infantry():
    """From (2,1): defender dies 11/36, one attacker dies 1/3; after normalising the repeat (50/108):
    (2,0) 22/58, (1,0) 11/58, (1,1) 25/58, then 1 v 1. P(A) = 33/58 + 25/58 x 1/4 = 157/232."""
    odds = battle_odds(battle(REVISED, "land", {"infantry": 2}, {"infantry": 1}), exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction) == (F(157, 232), F(125, 464),
                                                                                 F(25, 464))


def test_battleship_against_destroyer_takes_two_hits():
    """BB (4, two hits) v destroyer (2): the first decisive round wins 6/7 (4/7 unhurt, 2/7 damaged) and
    leaves a damaged BB v destroyer 1/7 (then 4/7, 1/7, 2/7). P(A) = 6/7 + 1/7 x 4/7 = 46/49,
    P(D) = 1/49, P(both) = 2/49; the BB ends damaged 2/7 + 4/49 = 18/49 of the time."""
    odds = battle_odds(battle(GLOBAL, "sea", {"battleship": 1}, {"destroyer": 1}), exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction) == (F(46, 49), F(1, 49), F(2, 49))
    assert survivors(odds.attacker_survivors) == {
        (("battleship", 1, False),): F(28, 49), (("battleship", 1, True),): F(18, 49), (): F(3, 49)}


def test_after_one_round():
    """After one round of 1 v 1: A 1/6 x 2/3, D 5/6 x 1/3, both 1/18, still fighting 5/9."""
    odds = battle_odds(battle(REVISED, "land", {"infantry": 1}, {"infantry": 1}), rounds=1, exact=True)
    assert (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction, odds.undecided) == (
        F(1, 9), F(5, 18), F(1, 18), F(5, 9))
    assert odds.rounds == 1


def test_retreat_after_round_one():
    odds = battle_odds(battle(REVISED, "land", {"infantry": 1}, {"infantry": 1}, retreat_after_round=1),
                       exact=True)
    assert (odds.attacker_wins, odds.attacker_retreats, odds.undecided) == (F(1, 9), F(5, 9), 0)


def test_retreat_below_one_is_retreat_after_round_one_and_below_zero_is_never():
    forces = ({"infantry": 3, "artillery": 1}, {"infantry": 3})
    always = battle_odds(battle(REVISED, "land", *forces, retreat_below=F(1)), exact=True)
    after_one = battle_odds(battle(REVISED, "land", *forces, retreat_after_round=1), exact=True)
    never = battle_odds(battle(REVISED, "land", *forces, retreat_below=F(0)), exact=True)
    plain = battle_odds(battle(REVISED, "land", *forces), exact=True)
    assert always.attacker_wins == after_one.attacker_wins
    assert always.attacker_retreats == after_one.attacker_retreats
    assert never.attacker_wins == plain.attacker_wins


def test_retreating_below_a_threshold_trades_wins_for_fewer_losses():
    forces = ({"infantry": 4}, {"infantry": 4})
    plain = battle_odds(battle(REVISED, "land", *forces), exact=True)
    careful = battle_odds(battle(REVISED, "land", *forces, retreat_below=F(1, 3)), exact=True)
    assert careful.attacker_retreats > 0
    assert careful.attacker_wins < plain.attacker_wins
    assert careful.attacker_ipc_lost < plain.attacker_ipc_lost


def test_continuation_value_of_one_against_one_is_a_quarter():
    model = battle(REVISED, "land", {"infantry": 1}, {"infantry": 1}, retreat_below=F(0))
    assert set(continuation_values(model, exact=True).values()) == {F(1, 4)}


def test_box_aa_rule_shoots_one_aircraft_in_six():
    """Revised box AA (option): one die per aircraft, hit on 1. Fighter (3) v infantry (2) after it:
    (5/6) x 1/2."""
    model = battle(REVISED, "land", {"fighter": 1}, {"aa_gun": 1, "infantry": 1}, aa_rule="edition")
    assert battle_odds(model, exact=True).attacker_wins == F(5, 6) * F(1, 2)


def test_a_sunk_transport_costs_its_own_value_too():
    """AAR1-aa at one transport with one gun: sunk with 1/18; it carried an infantry (3), the transport
    costs 8: expected IPC loss 11/18. A lone AA gun is no casualty: a landing that arrives wins."""
    odds = battle_odds(battle(REVISED, "land", {}, {"aa_gun": 1}, amphibious=[["infantry"]]), exact=True)
    assert odds.attacker_wins == F(17, 18)
    assert odds.attacker_ipc_lost == F(11, 18)


def test_float_mode_agrees_with_exact_mode():
    model = battle(GLOBAL, "land", {"infantry": 3, "artillery": 1, "armour": 2, "fighter": 1},
                   {"infantry": 4, "armour": 1, "aa_gun": 1})
    exact, floats = battle_odds(model, exact=True), battle_odds(model)
    assert floats.mode == "float"
    for name in ("attacker_wins", "defender_wins", "mutual_destruction"):
        assert abs(float(getattr(exact, name)) - getattr(floats, name)) < 1e-12
    assert abs(float(exact.attacker_ipc_lost) - floats.attacker_ipc_lost) < 1e-9
