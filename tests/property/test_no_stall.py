"""Issue 14 "No stall, anywhere", played through the platform (issue 22 item 12): a bot that knows
no rules, sending only the bodies it is offered (the ruleset's, the platform's undo, schedule
and seed commands, the undo answers, and as the system seat the follow-ups and the scheduler's
deadline commands with explicit instants), plays each ruleset without ever reaching a
non-terminal state where nobody is offered a move decide accepts, or one where a seat the game
waits for is offered nothing; no example it is offered is refused; and the state it keeps
command by command equals the whole log folded again (undos included). The driver is
``tests/support/random_play.py``.

Two kinds of walk. Short hypothesis walks (derandomized, so CI is repeatable) check after every
command. Long walks on a fixed list of seeds play a Days of Decision III game to the calendar's
end (Nov/Dec 1946, turn 66), Gathering Storm games to the war that ends them, and hundreds of
commands of Totaler Krieg! and both Axis & Allies editions, checking the fold every hundred
commands and at the end; they are ``slow`` (they run in CI too, each bounded by its steps and
its timeout)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.support.random_play import RandomGame, drawing, play

# (ruleset, seat preset, steps per game, hypothesis examples): tuned so these stay near 25 s in CI
# on an idle machine (a Totaler Krieg! legal-commands costs tens of ms: its walks are short).
CASES = [
    pytest.param("gathering-storm", "one-per-power", 60, 6, id="gathering-storm"),
    pytest.param("totaler-krieg", "three-player", 25, 4, id="totaler-krieg"),
    pytest.param("dod3", "3", 120, 4, id="dod3"),
    pytest.param("aa-revised-phase-one", "one-per-power", 40, 4, id="aa-revised-phase-one"),
    pytest.param("aa-global1940", "axis-allies", 40, 4, id="aa-global1940"),
]


def _run(ruleset_id: str, preset: str, steps: int, examples: int) -> None:
    # No shrinking: a walk of a hundred steps shrinks for minutes; the failure names the step's
    # events and the falsifying draws are printed unshrunk.
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data(), st.integers(0, 2 ** 16))
    def walk(data, dice_seed):
        # One step in four picks among the platform's commands: undo, the schedule, the seed.
        game = RandomGame(ruleset_id, preset, dice_seed=dice_seed, platform_every=4)
        play(game, lambda n: data.draw(st.integers(0, n - 1)), steps)

    walk()


@pytest.mark.timeout(120)
@pytest.mark.parametrize("ruleset_id, preset, steps, examples", CASES)
def test_random_play_through_the_platform_never_stalls(ruleset_id, preset, steps, examples):
    _run(ruleset_id, preset, steps, examples)


# ---- long walks, fixed seeds ------------------------------------------------------------------

# What the platform's part of a long walk must have done: undo at once and with approval, both
# answers, the schedule set, paused and resumed, deadlines opened, reminded, passed (missed orders
# applied by the step's policy) and closed, seats ready and on vacation, the seed revealed.
PLATFORM_REACHED = {"UndoRequested", "EventsReverted", "UndoApproved", "UndoDeclined", "ScheduleSet",
                    "SchedulePaused", "ScheduleResumed", "DeadlineOpened", "ReminderSent", "MissedOrdersApplied",
                    "DeadlineClosed", "SeatReady", "VacationSet", "DiceSeedRevealed"}
# A conquest ends Days of Decision III by rule 4.1 as soon as every power of an ideology is
# conquered, and communism is the USSR alone: a referee recording conquests at random (the walk's
# moderator offers one at every step H) ends the game in its first turns, which is why the old
# walks stopped by turn 2-5. The walk to the calendar leaves the referee's conquest records out;
# the short walks above keep them (and reach that end).
TO_THE_CALENDAR = frozenset({"RecordConquest"})


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_days_of_decision_game_is_played_to_the_calendars_end(seed):
    game = RandomGame("dod3", "3", dice_seed=seed, leave_out=TO_THE_CALENDAR, check_every=100)

    play(game, drawing(random.Random(seed)), 12_000)

    ended = [e for e in game.events if type(e).__name__ == "GameEnded"]
    assert game.terminal(), f"not over after 12,000 steps: {game.summary()}"
    assert (ended[-1].reason, game.turn()) == ("calendar", 66), game.summary()
    assert PLATFORM_REACHED <= set(game.seen), f"never reached {sorted(PLATFORM_REACHED - set(game.seen))}"
    assert game.missed >= 20 and game.seen["EventsReverted"] >= 20, game.summary()


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_gathering_storm_games_are_played_to_the_war_that_ends_them():
    """Eight seeded games, each to its end (war breaks out: GS has no last turn), through many
    crisis phases in all."""
    turns = []
    for seed in range(8):
        game = play(RandomGame("gathering-storm", "one-per-power", dice_seed=seed, check_every=100),
                    drawing(random.Random(seed)), 4_000)
        assert game.terminal(), game.summary()
        turns.append(game.turn())
    assert max(turns) >= 20 and sum(turns) >= 60, turns


# (ruleset, preset, commands, event types the walk must reach)
LONG = [
    pytest.param("totaler-krieg", "three-player", 150,
                 {"PolicyPlaced", "NeutralActivated", "SupportUnitPlaced", "GroundUnitEntered"}, id="totaler-krieg"),
    pytest.param("aa-revised-phase-one", "one-per-power", 600,
                 {"BattleDeclared", "BattleRequested", "BattleEnded", "AdvanceRecorded"}, id="aa-revised-phase-one"),
    pytest.param("aa-global1940", "axis-allies", 600,
                 {"BattleDeclared", "BattleRequested", "BattleEnded", "WarBondsCollected"}, id="aa-global1940"),
]


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("ruleset_id, preset, steps, wanted", LONG)
def test_a_long_walk_plays_on_without_a_stall(ruleset_id, preset, steps, wanted):
    """Rulesets without a last turn (a tracker of Totaler Krieg!'s politics, Axis & Allies battles):
    hundreds of commands, with undos, the schedule and the seed, and no stall."""
    game = play(RandomGame(ruleset_id, preset, dice_seed=3, check_every=100), drawing(random.Random(3)), steps)

    assert sum(game.sent.values()) >= steps * 0.8, game.summary()
    assert wanted <= set(game.seen), f"never reached {sorted(wanted - set(game.seen))}"
    platform = {"UndoRequested", "EventsReverted", "DiceSeedRevealed"}
    if not game.platform.deadlines.untimed:  # Totaler Krieg! declares no step a seat owes: no schedule
        platform |= {"ScheduleSet", "DeadlineOpened"}
    assert platform <= set(game.seen), f"never reached {sorted(platform - set(game.seen))}: {game.summary()}"


# ---- the heart of each game -------------------------------------------------------------------

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
        game = play(RandomGame(ruleset_id, preset, dice_seed=seed, platform_every=0), drawing(random.Random(seed)),
                    steps)
        reached |= set(game.seen) | _multi_round_battles(game)
        if wanted <= reached:
            break
    assert wanted <= reached, f"never reached {sorted(wanted - reached)}"


# ---- the whole Axis & Allies games (issues 23 and 25) -------------------------------------------

# (ruleset, options, the round the walk must reach): Revised plays until a side wins (no last round;
# the seeded games below last 10+ rounds), Global 1940 until the agreed 8 rounds are over.
WHOLE_GAMES = [
    pytest.param("aa-revised-phase-one", {"mode": "game", "italian_forces": "on", "lend_lease": True}, 10,
                 id="aa-revised-game"),
    pytest.param("aa-global1940", {"mode": "game", "rounds": 8}, 8, id="aa-global1940-game"),
]


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.parametrize("ruleset_id, options, rounds", WHOLE_GAMES)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_axis_and_allies_game_is_played_to_its_end_through_the_platform(ruleset_id, options, rounds, seed):
    """Issue 23 / 25: the whole game, one seat per power, with undos (at once and approved), the
    schedule and its missed deadlines, vacations and the seed's reveal mixed in, played to its end
    without a stall or a refused example; the incremental state equals the log folded again every
    300 commands and at the end."""
    game = play(RandomGame(ruleset_id, "one-per-power", options=options, dice_seed=seed, check_every=300),
                drawing(random.Random(seed)), 20_000)

    assert game.terminal(), f"not over after 20,000 steps: {game.summary()}"
    assert game.state.game.round >= rounds, game.summary()
    platform = {"UndoRequested", "EventsReverted", "ScheduleSet", "DeadlineOpened", "MissedOrdersApplied",
                "DiceSeedRevealed"}
    assert platform <= set(game.seen), f"never reached {sorted(platform - set(game.seen))}: {game.summary()}"
    assert {"BattleEnded", "TerritoryConquered", "UnitsPlaced", "IncomeCollected"} <= set(game.seen)
