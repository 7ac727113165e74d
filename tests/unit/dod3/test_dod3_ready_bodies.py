"""Legal commands are ready bodies (issue 13): at every step of the scripted DoD III games, each
offered spec names only its command's data fields in ``choices``, and its ``example`` is a ``data``
object the decider accepts unchanged from that seat; and someone is always offered such a body
while the game is not over (no state where the game stalls)."""
import dataclasses
import random

import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import COMMANDS
from domain.kernel import MODERATOR, Context, RuleViolation, ScriptedDice
from events.codec import from_plain
from test_dod3_p2_two_turns import TURN_ONE as POLITICAL_TURN_ONE, TURN_TWO as POLITICAL_TURN_TWO
from test_dod3_two_turns import TURN_ONE, TURN_TWO

CLASSES = {cls.__name__: cls for cls in COMMANDS}
SCRIPTS = {"quiet": TURN_ONE + TURN_TWO, "political": POLITICAL_TURN_ONE + POLITICAL_TURN_TWO}


def offered(game) -> list[tuple[str, object]]:
    """(seat, spec) for every seat of the game and the moderator."""
    return [(seat, spec) for seat in (*game.seats, MODERATOR) for spec in game.legal(seat)]


def accepted(game, seat: str, spec) -> bool:
    """Whether the decider takes the spec's example, as the service would decode it, from ``seat``."""
    command = from_plain(CLASSES[spec.type], spec.example)
    ctx = Context(seat, frozenset(game.seats.get(seat, ())), ScriptedDice([10] * 20), game.pack)
    try:
        game.decider.decide(game.state, command, ctx)
    except RuleViolation as refused:
        pytest.fail(f"{seat}'s {spec.type} example {spec.example} refused at turn {game.state.turn} "
                    f"step {game.state.step}: {refused}")
    return True


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_offered_body_is_accepted_at_every_step(new_game, script):
    game, checked = new_game(), set()
    for seat, command, rolls in [*SCRIPTS[script], (None, None, None)]:
        specs = offered(game)
        for _, spec in specs:
            fields = {f.name for f in dataclasses.fields(CLASSES[spec.type])}
            assert set(spec.choices) <= fields, f"{spec.type}: {sorted(spec.choices)} not all in {sorted(fields)}"
            if spec.example is not None:
                assert set(spec.example) <= fields
        bodies = [(s, spec) for s, spec in specs if spec.example is not None and accepted(game, s, spec)]
        assert bodies or game.decider.is_terminal(game.state), f"nobody is offered a body at {game.state.step}"
        checked |= {spec.type for _, spec in bodies}
        if command is not None:
            game.play(seat, command, rolls)
    assert {"SubmitBid", "RollWeather", "PassOption", "BuyPoints", "EndProduction", "EndMilitaryAffairs",
            "KeepInitiativePosition", "RecordConquest"} <= checked
    if script == "political":
        assert {"PlayOption", "ActivateMinor"} <= checked


@pytest.mark.parametrize("seed", range(4))
def test_random_play_from_offered_bodies_never_stalls(new_game, seed):
    """Games played only with offered examples (any seat or the moderator, options and activations
    preferred so political affairs are played out; random rolls): every chosen body is accepted
    and someone is always offered one until the game ends (bounded at 300 commands)."""
    rng = random.Random(seed)
    game = new_game(seats=RULESET.seat_presets[rng.choice(sorted(RULESET.seat_presets))])
    for _ in range(300):
        if game.decider.is_terminal(game.state):
            break
        bodies = [(seat, spec) for seat, spec in offered(game) if spec.example is not None]
        assert bodies, f"nobody is offered a body at turn {game.state.turn} step {game.state.step}"
        political = [b for b in bodies if b[1].type in ("PlayOption", "ActivateMinor", "OfferCredit")]
        seat, spec = rng.choice(political if political and rng.random() < 0.8 else bodies)
        game.play(seat, from_plain(CLASSES[spec.type], spec.example), [rng.randint(1, 10) for _ in range(30)])
    assert game.state.turn > 2
