"""The whole game played by a rule-blind bot that sends only the bodies legal-commands offers as
examples (any seat, the moderator, or the combat job's follow-up): no example is refused, the game
never stalls, it ends by the agreed minor victory after 10 rounds, and the log folds again to the
incremental state. Then every step a seat owes under deadlines, and its missed-order policy."""
from __future__ import annotations

import json
import random

import pytest

from domain import registry
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.deadlines import DEADLINES
from domain.aa.revised_phase_one.game.state import Phase
from events.codec import Codec
from tests.rules.aa.test_aar_game_table import RULESET, game_pack, new_game
from tests.support.example_bot import ExampleBot


def bot(seed: int, **options) -> ExampleBot:
    return ExampleBot(RULESET, game_pack(), seed, {"mode": "game", "victory": "minor", "minor_turns": 10, **options})


@pytest.mark.rule("AAR-order")
@pytest.mark.parametrize("seed", [0, 1])
def test_a_bot_sending_only_offered_examples_plays_ten_rounds_to_the_end(seed):
    """AAR-order / AAR1-victory: a game a rule-blind bot can finish. Given minor victory after 10
    turns, when a bot sends only offered examples, then none is refused, the game ends after the US
    turn of round 10, and the incremental state equals a rebuild."""
    game = bot(seed)

    game.play_examples(random.Random(seed))

    state = game.state.game
    assert (state.phase, state.round, state.power) == (Phase.OVER, 10, "US")
    assert {"BattleEnded", "TerritoryConquered", "UnitsPlaced", "IncomeCollected"} <= set(game.seen)


@pytest.mark.rule("AAR1-victory")
def test_a_bot_bids_for_the_length_of_a_minor_game_and_plays_it_out():
    """AAR1-victory: minor victory with the bid in the game. Given two seats, when the bot sends the
    offered bids (10 turns each) and then the game's examples, then the game lasts the 10 turns bid."""
    game = ExampleBot(RULESET, game_pack(), 4, {"mode": "game", "victory": "minor"}, preset="axis-allies")

    game.play_examples(random.Random(4))

    assert game.sent["BidTurns"] == 2 and game.seen["BidsRevealed"] == 1
    assert (game.state.game.phase, game.state.game.round, game.state.game.options.minor_turns) == (Phase.OVER, 10, 10)


@pytest.mark.rule("AAR-casualties")
def test_a_bot_whose_seats_all_choose_themselves_still_finishes():
    """AAR-casualties / AAR-retreat: seats choosing each round must not stall the game. Given every
    seat choosing itself, when the bot plays offered examples for 3 rounds, then the game ends."""
    game = bot(3, minor_turns=3)
    for seat, powers in game.seats.items():
        for power in powers:
            game.send(seat, "SetStandingOrders", {"power": power, "interactive": True})

    game.play_examples(random.Random(3))

    assert "BattleRoundAwaited" in game.seen and game.state.game.phase is Phase.OVER


# ---- deadlines ----------------------------------------------------------------------------------------


@pytest.mark.rule("CORE-deadline")
def test_every_step_a_seat_owes_is_timed_and_a_missed_one_applies_its_policy():
    """CORE-deadline: "a passed deadline applies its policy once". Given Russia's purchase, then the
    step is owed by the russia seat; under ``pass`` the missed order buys nothing and the game goes on
    to Russia's combat move."""
    table = new_game()
    table.units("Balkans", Germany={"infantry": 2})
    table.units("Ukraine S.S.R.", Germany={"infantry": 3})

    step = DEADLINES.step(table.state)
    orders = DEADLINES.orders(table.state, step, "pass", frozenset({"russia"}))
    for seat, order in orders:
        table.send(seat, order)

    assert (step.kind, dict(step.owing)) == ("purchase", {"russia": ("Russia",)})
    assert orders == [("russia", cmd.Purchase("Russia"))]
    assert table.game.phase is Phase.COMBAT_MOVE


@pytest.mark.rule("CORE-deadline")
@pytest.mark.parametrize("phase, kind, order", [
    (Phase.COMBAT_MOVE, "combat_move", cmd.EndCombatMove("Germany")),
    (Phase.NON_COMBAT_MOVE, "non_combat_move", cmd.EndNonCombatMove("Germany")),
    (Phase.PLACE, "place", cmd.EndPlacement("Germany")),
    (Phase.RESEARCH, "research", cmd.DevelopWeapons("Germany")),
])
def test_a_missed_move_placement_or_research_step_ends_it(phase, kind, order):
    """CORE-deadline: no moves, units unplaced (lost), no research; ``hold`` waits for the moderator."""
    table = new_game().at("Germany", phase)

    step = DEADLINES.step(table.state)

    assert step.kind == kind and DEADLINES.policies[kind] == "civil-disorder"
    assert DEADLINES.orders(table.state, step, "pass", frozenset({"germany"})) == [("germany", order)]
    assert DEADLINES.orders(table.state, step, "hold", frozenset({"germany"})) == []
    table.send("germany", order)


@pytest.mark.rule("CORE-deadline")
def test_a_missed_battle_choice_falls_to_the_standing_orders():
    """CORE-deadline / AAR-casualties: a seat that does not answer a battle in time has its standing
    orders used. Given Russia choosing itself in a battle, then its deadline's order is
    UseStandingOrders, and the battle goes on."""
    from tests.rules.aa.test_aar_game_battles import attack, karelia
    table = karelia()
    table.orders("Russia", interactive=True)
    attack(table)

    step = DEADLINES.step(table.state)
    orders = DEADLINES.orders(table.state, step, DEADLINES.policy(step.kind, "hold"), frozenset({"russia"}))
    for seat, order in orders:
        table.send(seat, order)

    assert step.kind == "battle" and orders[0][1].battle_id == table.game.battle_order()[0].battle_id
    assert table.game.battle_order()[0].status == "fighting"


def test_the_state_and_every_event_survive_the_json_codec():
    """A snapshot (the state as plain JSON) and the stored events read back equal: the whole game's
    state and events are made of codec types only."""
    from domain.aa.revised_phase_one.game.common import RevisedState
    from events.codec import from_plain, to_plain

    game = bot(5, minor_turns=2)
    game.play_examples(random.Random(5))
    ruleset = registry.get(RULESET)
    codec = Codec(ruleset.events)

    for event in game.events:
        data = json.loads(json.dumps(to_plain(event)))
        if type(event) in ruleset.events:
            assert codec.decode(type(event).__name__, data) == event
    assert from_plain(RevisedState, json.loads(json.dumps(to_plain(game.state)))) == game.state


def test_the_game_projections_build_from_a_seats_view_and_the_board_draws():
    """Issue 23 item 9: board, economy, victory-cities, turn and battles read from one seat's view;
    the board is drawn with the pack's outlines."""
    from domain.aa.revised_phase_one.game.projections import BATTLES, GAME_PROJECTIONS, board_svg

    game = bot(2, minor_turns=1)
    game.play_examples(random.Random(2))
    view = game.decider.view(game.state, "germany")

    built = {p.name: p.build(view) for p in (*GAME_PROJECTIONS, BATTLES)}
    assert built["board"]["territories"]["Germany"]["victory_city"]["city"] == "Berlin"
    assert set(built["economy"]["treasury"]) == {"Russia", "Germany", "UK", "Japan", "US"}
    assert built["victory-cities"]["condition"] == "minor" and len(built["victory-cities"]["cities"]) == 25
    assert built["turn"]["phase"] == "game_over" and built["battles"]
    svg = board_svg(view, game.pack.geometry)
    assert svg.startswith("<svg") and "Berlin" in svg
