"""Properties over random small battles: the exact distribution is a distribution, float agrees with
exact, and whatever the engine ends in with real dice is an outcome the exact odds give weight to."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.aa.combat import SeededDice, battle_odds, fight
from tests.rules.aa.aa_driver import GLOBAL, REVISED, battle

LAND_ATTACK = ["infantry", "artillery", "armour", "fighter", "tactical_bomber", "bomber"]
LAND_DEFEND = ["infantry", "armour", "fighter", "aa_gun"]
SEA_ATTACK = ["submarine", "destroyer", "cruiser", "battleship", "fighter"]
SEA_DEFEND = ["submarine", "destroyer", "transport", "carrier", "battleship", "fighter"]
TECHS = ["super_submarines", "jet_fighters", "heavy_bombers", "radar", "improved_artillery_support"]


def army(units, at_least):
    return st.dictionaries(st.sampled_from(units), st.integers(1, 2), min_size=at_least, max_size=3)


@st.composite
def battles(draw):
    sea = draw(st.booleans())
    attacker = draw(army(SEA_ATTACK if sea else LAND_ATTACK, 1))
    defender = draw(army(SEA_DEFEND if sea else LAND_DEFEND, 0))
    options = {
        "attacker_techs": draw(st.sets(st.sampled_from(TECHS), max_size=2)),
        "defender_techs": draw(st.sets(st.sampled_from(TECHS), max_size=2)),
        "attacker_submerge": draw(st.booleans()), "defender_submerge": draw(st.booleans()),
    }
    return battle(GLOBAL, "sea" if sea else "land", attacker, defender, **options)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(battles())
def test_exact_outcomes_and_survivors_each_sum_to_one(model):
    odds = battle_odds(model, exact=True)
    outcomes = (odds.attacker_wins, odds.defender_wins, odds.mutual_destruction, odds.stalemate,
                odds.attacker_retreats, odds.undecided)
    assert sum(outcomes) == 1
    assert sum(r.probability for r in odds.attacker_survivors) == 1
    assert sum(r.probability for r in odds.defender_survivors) == 1
    assert 0 <= odds.captures <= odds.attacker_wins


@SETTINGS
@given(battles())
def test_float_odds_agree_with_exact_odds(model):
    exact, floats = battle_odds(model, exact=True), battle_odds(model)
    assert abs(float(exact.attacker_wins) - floats.attacker_wins) < 1e-9
    assert abs(float(exact.defender_ipc_lost) - floats.defender_ipc_lost) < 1e-6


@SETTINGS
@given(battles(), st.integers(0, 2**32))
def test_the_engine_only_ends_where_the_exact_odds_put_weight(model, seed):
    result = fight(model, SeededDice(seed))
    odds = battle_odds(model, exact=True)
    assert odds.probability(result.outcome) > 0
    reached = {row.units: row.probability for row in odds.attacker_survivors}
    assert reached.get(result.attacker_survivors, 0) > 0


def test_revised_battles_too():
    model = battle(REVISED, "sea", {"submarine": 2, "battleship": 1}, {"destroyer": 1, "transport": 1, "carrier": 1})
    assert sum(r.probability for r in battle_odds(model, exact=True).defender_survivors) == 1
