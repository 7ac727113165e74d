"""The battle decider: who may do what, idempotent fighting, replay, views, the wire codec."""
import json
from fractions import Fraction

import pytest

from domain import registry
from domain.aa.battles.messages import (
    AdvanceRecorded,
    BattleDeclared,
    BattleEnded,
    BattleRequested,
    BattleRoundFought,
    ConfirmDefence,
    FightBattle,
    RecordAdvance,
    ResolveBattle,
)
from domain.aa.combat import AaRule, BattleKind, BattleOptions, Forces, Outcome, SeededDice
from domain.kernel import Context, Event, RuleViolation, ScriptedDice, Setup
from events.codec import from_plain, to_plain
from tests.rules.aa.aa_driver import GLOBAL, REVISED, pack

SEATS = {"axis": ("Germany", "Japan", "Italy"), "allies": ("USSR", "UK", "USA")}
LAND = Forces(BattleKind.LAND, {"infantry": 3, "artillery": 1, "armour": 2, "fighter": 1},
              {"infantry": 4, "aa_gun": 1})


def game(ruleset_id=GLOBAL, seats=SEATS, **options):
    decider = registry.get(ruleset_id).make_decider(pack(ruleset_id))
    return decider, decider.initial_state(Setup(seats=seats, options=options, pack=pack(ruleset_id)))


def ctx(seat="axis", dice=None):
    powers = frozenset(SEATS.get(seat, ()))
    return Context(seat, powers, dice or ScriptedDice([]))


def apply(decider, state, events):
    for event in events:
        state = decider.evolve(state, event)
    return state


def requested(decider, state, battle_id="b1", forces=LAND, options=BattleOptions()):
    """Germany declares, the USSR's seat confirms the defence: the battle is requested."""
    command = ResolveBattle(battle_id, "Ukraine", "Germany", "USSR", forces, options)
    state = apply(decider, state, decider.decide(state, command, ctx()))
    confirm = ConfirmDefence(battle_id, dict(forces.defender))
    return apply(decider, state, decider.decide(state, confirm, ctx("allies")))


def test_both_rulesets_are_registered():
    assert registry.get(REVISED).id == "aa-revised-phase-one"
    assert registry.get(GLOBAL).id == "aa-global1940"


@pytest.mark.parametrize("seats, options", [
    ({"axis": ("Prussia",)}, {}),
    ({"a": ("Germany",), "b": ("Germany",)}, {}),
    ({}, {}),
    ({"axis": ("Germany",)}, {"fog_of_war": True}),
    ({"axis": ("Germany",)}, {"aa_rule": "flak"}),
])
def test_bad_setups_are_refused(seats, options):
    with pytest.raises(RuleViolation):
        game(seats=seats, **options)


def test_the_games_aa_rule_fills_in_the_battles_options():
    decider, state = game(REVISED, seats={"axis": ("Germany",), "allies": ("Russia",)}, aa_rule="edition")
    command = ResolveBattle("b1", "Karelia", "Germany", "Russia", LAND)
    (event,) = decider.decide(state, command, Context("axis", frozenset({"Germany"}), ScriptedDice([])))
    assert isinstance(event, BattleDeclared)
    assert event.options.aa_rule is AaRule.EDITION


def test_only_the_attackers_seat_or_the_moderator_resolve_a_battle():
    decider, state = game()
    command = ResolveBattle("b1", "Ukraine", "Germany", "USSR", LAND)
    with pytest.raises(RuleViolation):
        decider.decide(state, command, ctx("allies"))
    assert decider.decide(state, command, Context("moderator", frozenset(), ScriptedDice([])))


@pytest.mark.parametrize("command", [
    ResolveBattle("b1", "Ukraine", "Germany", "Germany", LAND),
    ResolveBattle("b1", "Ukraine", "Germany", "Prussia", LAND),
    ResolveBattle("b1", "Ukraine", "Germany", "USSR", Forces(BattleKind.LAND, {"zeppelin": 1}, {})),
])
def test_bad_requests_are_refused(command):
    decider, state = game()
    with pytest.raises(RuleViolation) as refused:
        decider.decide(state, command, ctx())
    assert refused.value.rule_id == "AA-battle"


def test_a_bad_force_names_the_commands_field():
    decider, state = game()
    command = ResolveBattle("b1", "Ukraine", "Germany", "USSR", Forces(BattleKind.SEA, {"armour": 1}, {}))
    with pytest.raises(RuleViolation) as refused:
        decider.decide(state, command, ctx())
    assert refused.value.message.startswith("forces.attacker.armour:")


def test_a_battle_id_is_used_once():
    decider, state = game()
    state = requested(decider, state)
    with pytest.raises(RuleViolation):
        decider.decide(state, ResolveBattle("b1", "Ukraine", "Germany", "USSR", LAND), ctx())


def test_players_cannot_fight_battles_and_unknown_battles_are_refused():
    decider, state = game()
    state = requested(decider, state)
    with pytest.raises(RuleViolation):
        decider.decide(state, FightBattle("b1"), ctx("axis", SeededDice(1)))
    with pytest.raises(RuleViolation):
        decider.decide(state, FightBattle("nope"), ctx("system", SeededDice(1)))


def test_fighting_returns_rounds_then_the_end_and_a_battle_is_fought_once():
    decider, state = game()
    state = requested(decider, state)
    events = decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(7)))
    assert all(isinstance(e, BattleRoundFought) for e in events[:-1])
    assert isinstance(events[-1], BattleEnded)
    assert [e.round for e in events[:-1]] == list(range(1, len(events)))
    state = apply(decider, state, events)
    for seat in ("system", "moderator"):
        with pytest.raises(RuleViolation):
            decider.decide(state, FightBattle("b1"), ctx(seat, SeededDice(8)))


def test_fighting_decides_from_state_alone():
    """The same state and the same dice give the same events (what a retried job relies on)."""
    decider, state = game()
    state = requested(decider, state)
    first = decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(3)))
    again = decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(3)))
    assert first == again


def test_replay_from_the_log_equals_the_incremental_state():
    decider, state = game()
    log = decider.decide(state, ResolveBattle("b1", "Ukraine", "Germany", "USSR", LAND), ctx())
    state = apply(decider, state, log)
    confirmed = decider.decide(state, ConfirmDefence("b1", {"infantry": 4, "aa_gun": 1}), ctx("allies"))
    state = apply(decider, state, confirmed)
    log = log + confirmed
    fight = decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(11)))
    state = apply(decider, state, fight)
    _, fresh = game()
    assert apply(decider, fresh, [from_plain(type(e), json.loads(json.dumps(to_plain(e)))) for e in log + fight]) \
        == state


def test_every_command_and_event_survives_the_wire_codec():
    decider, state = game()
    options = BattleOptions(AaRule.TWO_ROLL, frozenset({"radar"}), frozenset(), ("armour",), (), True, False,
                            False, False, None, Fraction(2, 5))
    command = ResolveBattle("b1", "Ukraine", "Germany", "USSR", LAND, options)
    assert from_plain(ResolveBattle, json.loads(json.dumps(to_plain(command)))) == command
    record = RecordAdvance("Germany", "radar")
    assert from_plain(RecordAdvance, json.loads(json.dumps(to_plain(record)))) == record
    state = apply(decider, state, decider.decide(state, record, ctx("moderator")))
    for command in (command, ConfirmDefence("b1", {"infantry": 2})):
        assert from_plain(type(command), json.loads(json.dumps(to_plain(command)))) == command
        events = decider.decide(state, command, ctx("allies" if isinstance(command, ConfirmDefence) else "axis"))
        for event in events:
            assert from_plain(type(event), json.loads(json.dumps(to_plain(event)))) == event
        state = apply(decider, state, events)
    for event in decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(5))):
        assert from_plain(type(event), json.loads(json.dumps(to_plain(event)))) == event


def test_view_and_battles_projection_are_json():
    decider, state = game()
    state = requested(decider, state, options=BattleOptions(retreat_below=Fraction(1, 3)))
    state = apply(decider, state, decider.decide(state, FightBattle("b1"), ctx("system", SeededDice(2))))
    view = decider.view(state, "allies")
    json.dumps(view)
    (row,) = registry.get(GLOBAL).projection("battles").build(view)
    assert row["battle_id"] == "b1"
    assert row["status"] == "fought"
    assert row["outcome"] in {"attacker_wins", "defender_wins", "mutual_destruction", "attacker_retreated"}
    assert row["rounds"] == len(state.battles["b1"].rounds)


def test_legal_commands_offer_resolving_to_players_and_fighting_to_the_moderator():
    decider, state = game()
    assert {s.power for s in decider.legal_commands(state, "axis")} == {"Germany", "Japan", "Italy"}
    state = requested(decider, state)
    fights = [s for s in decider.legal_commands(state, "moderator") if s.type == "FightBattle"]
    assert fights[0].choices == {"battle_id": ["b1"]}
    assert not [s for s in decider.legal_commands(state, "axis") if s.type == "FightBattle"]
    assert decider.is_terminal(state) is False


def test_unknown_events_leave_state_unchanged():
    decider, state = game()
    assert decider.evolve(state, BattleEnded("ghost", Outcome.ATTACKER_WINS, 1, (), (), 0, 0, False)) == state
    assert decider.evolve(state, Event()) == state
