"""Issue 14 "No stall, anywhere": random play of every ruleset that only sends bodies taken from
``legal_commands`` (any seat, the moderator, or a documented system follow-up) never reaches a
non-terminal state where nobody is offered a body decide accepts, nor one where a seat the view
waits for is offered nothing; every accepted command's events fold again to the incremental state
and the views build. The driver is ``tests/support/random_play.py``.

The hypothesis runs are derandomized so CI is repeatable; the ``slow`` ones walk further. A second
test plays fixed seeds and asserts the walk reaches what the issue names: DoD III political
affairs, Totaler Krieg! policies and truces, a Gathering Storm crisis phase, multi-round battles."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.support.random_play import RandomGame, drawing, play


# (ruleset, seat preset, steps per game, hypothesis examples): tuned so the whole file stays near
# 30 s in CI on an idle machine; the slow settings walk further.
CASES = [
    pytest.param("gathering-storm", "one-per-power", 60, 6, id="gathering-storm"),
    pytest.param("totaler-krieg", "three-player", 25, 4, id="totaler-krieg"),
    pytest.param("dod3", "3", 120, 4, id="dod3"),
    pytest.param("aa-revised-phase-one", "one-per-power", 20, 4, id="aa-revised-phase-one"),
    pytest.param("aa-global1940", "axis-allies", 20, 4, id="aa-global1940"),
]


def _run(ruleset_id: str, preset: str, steps: int, examples: int) -> None:
    # No shrinking: a walk of a hundred steps shrinks for minutes; the failure names the step's
    # events and the falsifying draws are printed unshrunk.
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data(), st.integers(0, 2 ** 16))
    def walk(data, dice_seed):
        game = RandomGame(ruleset_id, preset, dice_seed=dice_seed)
        play(game, lambda n: data.draw(st.integers(0, n - 1)), steps)

    walk()


@pytest.mark.timeout(120)
@pytest.mark.parametrize("ruleset_id, preset, steps, examples", CASES)
def test_random_play_never_stalls(ruleset_id, preset, steps, examples):
    _run(ruleset_id, preset, steps, examples)


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("ruleset_id, preset, steps, examples", CASES)
def test_random_play_never_stalls_on_longer_walks(ruleset_id, preset, steps, examples):
    _run(ruleset_id, preset, steps * 2, examples * 2)


def _multi_round_battles(game: RandomGame) -> set[str]:
    rounds = Counter(e.battle_id for e in game.events if type(e).__name__ == "BattleRoundFought")
    return {"multi-round battle"} if any(n >= 2 for n in rounds.values()) else set()


# What the walk must reach (event types, or a derived fact), in at least one of the seeded games.
REACH = [
    pytest.param("gathering-storm", "one-per-power", 60,
                 {"CrisisPhaseClosed", "DeclarationAdjudicated", "CrisisPhaseEnded", "TurnStarted"},
                 id="gathering-storm"),
    pytest.param("totaler-krieg", "three-player", 40,
                 {"PolicyPlaced", "PolicyEnded", "PolicyReplacedByTruce", "TruceChanged"}, id="totaler-krieg"),
    pytest.param("dod3", "3", 150, {"BidSubmitted", "PoliticalAffairsBegan", "OptionPlayed"}, id="dod3"),
    pytest.param("aa-revised-phase-one", "one-per-power", 20, {"BattleEnded", "multi-round battle"},
                 id="aa-revised-phase-one"),
    pytest.param("aa-global1940", "axis-allies", 20, {"BattleEnded", "multi-round battle"},
                 id="aa-global1940"),
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("ruleset_id, preset, steps, wanted", REACH)
def test_random_play_reaches_the_heart_of_each_game(ruleset_id, preset, steps, wanted):
    """Not a walk that only ever records facts: within three seeded games the bodies from
    legal-commands reach the phases the issue names."""
    reached: set[str] = set()
    for seed in range(3):
        game = play(RandomGame(ruleset_id, preset, dice_seed=seed), drawing(random.Random(seed)), steps)
        reached |= set(game.seen) | _multi_round_battles(game)
        if wanted <= reached:
            break
    assert wanted <= reached, f"never reached {sorted(wanted - reached)}"
