"""The fast float odds (numpy chain programme for plain-hit battles, the general programme in
floats for the rest) equal the exact Fraction odds to 1e-12, on land and sea battles."""
import pytest

from domain.aa.combat import battle_odds
from domain.aa.combat.chains import chain_battle
from domain.aa.combat.results import UNDECIDED
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle

OUTCOMES = ("attacker_wins", "defender_wins", "mutual_destruction", "attacker_retreated", "stalemate", UNDECIDED)
BATTLES = [
    # Chain battles (plain hits): AA fire, support, pairing, keep-the-last-land-unit, an order of loss.
    (GLOBAL, "land", {"infantry": 6, "artillery": 3, "armour": 3, "fighter": 2, "tactical_bomber": 2},
     {"infantry": 7, "artillery": 2, "armour": 2, "fighter": 2, "aa_gun": 1}, {}),
    (GLOBAL, "land", {"infantry": 4, "mech_infantry": 3, "armour": 2, "bomber": 1},
     {"infantry": 5, "artillery": 1, "aa_gun": 2}, {"attacker_order": ["armour", "infantry"]}),
    (REVISED, "land", {"infantry": 5, "artillery": 3, "armour": 2, "fighter": 2, "bomber": 1},
     {"infantry": 6, "armour": 2, "fighter": 1, "aa_gun": 1}, {}),
    (REVISED, "land", {"fighter": 3}, {"infantry": 2, "aa_gun": 1}, {"aa_rule": "edition"}),
    (GLOBAL, "land", {"infantry": 3}, {"aa_gun": 1}, {}),
    # Sea (restricted hits, surprise strikes, two-hit units, defenceless transports): general path.
    (GLOBAL, "sea", {"submarine": 2, "destroyer": 1, "cruiser": 1, "fighter": 1},
     {"submarine": 1, "destroyer": 1, "carrier": 1, "fighter": 1, "transport": 1}, {}),
    (REVISED, "sea", {"battleship": 1, "submarine": 2, "fighter": 2}, {"destroyer": 2, "transport": 2}, {}),
]


@pytest.mark.parametrize("ruleset_id, kind, attacker, defender, opts", BATTLES)
def test_float_odds_equal_the_exact_fractions(ruleset_id, kind, attacker, defender, opts):
    fast = battle_odds(battle(ruleset_id, kind, attacker, defender, **opts))
    exact = battle_odds(battle(ruleset_id, kind, attacker, defender, **opts), exact=True)
    assert fast.mode == "float" and exact.mode == "exact"
    for outcome in OUTCOMES:
        assert abs(fast.probability(outcome) - float(exact.probability(outcome))) < 1e-12, outcome
    assert abs(fast.captures - float(exact.captures)) < 1e-12
    for a, b in ((fast.attacker_ipc_lost, exact.attacker_ipc_lost), (fast.defender_ipc_lost, exact.defender_ipc_lost)):
        assert abs(a - float(b)) < 1e-10  # IPC values are tens: the same relative accuracy
    for mine, theirs in ((fast.attacker_expected, exact.attacker_expected),
                         (fast.defender_expected, exact.defender_expected)):
        assert set(mine) == set(theirs)
        assert all(abs(mine[u] - float(theirs[u])) < 1e-12 for u in mine)
    exact_rows = {tuple(r.units): r.probability for r in exact.attacker_survivors}
    assert all(abs(r.probability - float(exact_rows[tuple(r.units)])) < 1e-12 for r in fast.attacker_survivors)


def test_land_battles_take_the_chain_programme_and_sea_battles_do_not():
    """The fast path is used where it applies (what the benchmark's land battles rely on)."""
    land = BATTLES[0]
    sea = BATTLES[-2]
    assert chain_battle(battle(land[0], land[1], land[2], land[3]))
    assert not chain_battle(battle(sea[0], sea[1], sea[2], sea[3]))
    assert not chain_battle(battle(GLOBAL, "land", {"infantry": 2}, {"infantry": 2}, retreat_after_round=1))
