"""The whole Global 1940 game played by a rule-blind bot that sends only the bodies legal-commands
offers as examples (any seat, the moderator, or the combat job's follow-up): no example is refused,
the game never stalls, it ends by the agreed number of rounds (8), and the log folds again to the
incremental state. Then every step a seat owes under deadlines, the codec, and the projections."""
from __future__ import annotations

import json
import random

import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.deadlines import DEADLINES
from domain.aa.revised_phase_one.game.state import Phase
from events.codec import Codec
from tests.rules.aa.test_aag_game_table import RULESET, game_pack, new_game
from tests.support.example_bot import ExampleBot


def bot(seed: int, **options) -> ExampleBot:
    return ExampleBot(RULESET, game_pack(), seed, {"mode": "game", "rounds": 8, **options}, check_every=400)


@pytest.mark.rule("AAG-order")
@pytest.mark.parametrize("seed", [0, 1])
def test_a_bot_sending_only_offered_examples_plays_eight_rounds_to_the_end(seed):
    """AAG-order / AAG-victory: a game a rule-blind bot can finish. Given 8 rounds agreed, when a bot
    sends only offered examples, then none is refused, the game ends after France's turn of round 8,
    and the incremental state equals a rebuild."""
    game = bot(seed)

    game.play_examples(random.Random(seed))

    state = game.state.game
    assert (state.phase, state.round, state.power) == (Phase.OVER, 8, "France")
    assert {"BattleEnded", "TerritoryConquered", "UnitsPlaced", "IncomeCollected", "WarDeclared",
            "ResearchRolled"} <= set(game.seen)


@pytest.mark.rule("AAG-battle")
def test_a_bot_whose_seats_all_choose_themselves_and_scramble_still_finishes():
    """AAG-battle / AAR-casualties: seats choosing each round, scrambling and spending kamikaze tokens
    must not stall the game. Given every seat choosing itself and scrambling, Japan spending 2 tokens a
    battle, when the bot plays offered examples for 3 rounds, then the game ends."""
    game = bot(3, rounds=3)
    for seat, powers in game.seats.items():
        for power in powers:
            orders = {"power": power, "interactive": True, "scramble": True}
            game.send(seat, "SetStandingOrders", {**orders, "kamikaze": 2} if power == "Japan" else orders)

    game.play_examples(random.Random(3))

    assert "BattleRoundAwaited" in game.seen and game.state.game.phase is Phase.OVER


# ---- deadlines ----------------------------------------------------------------------------------------


@pytest.mark.rule("CORE-deadline")
@pytest.mark.parametrize("phase, kind, order", [
    (Phase.RESEARCH, "research", cmd.Research("Germany")),
    (Phase.PURCHASE, "purchase", cmd.Purchase("Germany")),
    (Phase.POLITICS, "politics", cmd.EndPolitics("Germany")),
    (Phase.COMBAT_MOVE, "combat_move", cmd.EndCombatMove("Germany")),
    (Phase.NON_COMBAT_MOVE, "non_combat_move", cmd.EndNonCombatMove("Germany")),
    (Phase.PLACE, "place", cmd.EndPlacement("Germany")),
])
def test_every_step_a_seat_owes_is_timed_and_a_missed_one_ends_it(phase, kind, order):
    """CORE-deadline: "a passed deadline applies its policy once": no research, nothing bought, no war
    declared, no more moves, nothing placed (refunded); ``hold`` waits for the moderator."""
    table = new_game().at("Germany", phase)

    step = DEADLINES.step(table.state)
    orders = DEADLINES.orders(table.state, step, "pass", frozenset({"germany"}))
    for seat, missed in orders:
        table.send(seat, missed, rolls=[6] * 80)

    assert (step.kind, dict(step.owing)) == (kind, {"germany": ("Germany",)})
    assert DEADLINES.policies[kind] == "civil-disorder" and orders == [("germany", order)]
    assert DEADLINES.orders(table.state, step, "hold", frozenset({"germany"})) == []
    assert table.game.phase is not phase or table.game.power != "Germany"


@pytest.mark.rule("CORE-deadline")
def test_each_uk_economy_owes_its_own_purchase():
    """CORE-deadline / AAG-income: the UK's two purchases are two steps, each with its deadline."""
    table = new_game().at("UK", Phase.PURCHASE)

    first = DEADLINES.step(table.state)
    table.send("uk", *[o for _, o in DEADLINES.orders(table.state, first, "pass", frozenset({"uk"}))])
    second = DEADLINES.step(table.state)

    assert first.kind == second.kind == "purchase" and first.key != second.key
    assert table.game.purchased == ("UK Europe",)


def test_the_state_and_every_event_survive_the_json_codec():
    """A snapshot (the state as plain JSON) and the stored events read back equal: the whole game's
    state and events are made of codec types only (the Global pieces too)."""
    from domain.aa.global1940.game.state import GlobalState
    from events.codec import from_plain, to_plain

    game = bot(5, rounds=2)
    game.play_examples(random.Random(5))
    codec = Codec(game.ruleset.events)

    for event in game.events:
        data = json.loads(json.dumps(to_plain(event)))
        assert codec.decode(type(event).__name__, data) == event
        assert codec.decode_stored(type(event).__name__, data, 1) == event
    assert from_plain(GlobalState, json.loads(json.dumps(to_plain(game.state)))) == game.state


def test_the_game_projections_build_from_a_seats_view_and_the_board_draws():
    """Issue 25 item 9: board, economy (objectives met and missed), victory-cities, turn, politics and
    battles read from one seat's view; the whole board is drawn with the pack's outlines."""
    from domain.aa.global1940.game.projections import projections_for

    game = bot(2, rounds=1)
    game.play_examples(random.Random(2))
    view = game.decider.view(game.state, "germany")

    built = {p.name: p.build(view) for p in projections_for({"mode": "game"}, game.pack)}
    assert set(built) == {"battles", "board", "economy", "victory-cities", "turn", "politics", "board.svg"}
    assert built["board"]["territories"]["Western Germany"]["facilities"] == ["air_base", "major_industrial_complex",
                                                                              "naval_base"]
    assert set(built["economy"]["objectives"]["Germany"]) == {"met", "missed"}
    assert set(built["economy"]["treasury"]) >= {"UK Europe", "UK Pacific"}
    assert len(built["victory-cities"]["list"]) == 19 and built["turn"]["phase"] == "game_over"
    assert "Germany" in built["politics"]["at_war"] and built["politics"]["neutral_territories"]["Spain"]
    assert built["board.svg"].startswith("<svg") and "Berlin" in built["board.svg"]
