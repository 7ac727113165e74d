"""Legal commands of the Axis & Allies rulesets are ready bodies (issue 13 item 2, domain side):
every ``choices`` key is a data field of the command, and every offered ``example`` is accepted
by ``decide`` unchanged, for every seat, in states along a game (fresh, a declared battle, a
requested one, advances recorded)."""
import dataclasses

import pytest

from domain import registry
from domain.aa.battles.messages import COMMANDS, ConfirmDefence, RecordAdvance, ResolveBattle
from domain.aa.combat import BattleKind, Forces, SeededDice
from domain.kernel import MODERATOR, SYSTEM, Context
from events.codec import from_plain
from tests.rules.aa.aa_driver import GLOBAL, REVISED, pack

SEATINGS = {
    GLOBAL: {"axis": ("Germany", "Japan", "Italy"), "allies": ("USSR", "USA", "China", "UK", "ANZAC", "France")},
    REVISED: {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")},
}
BY_TYPE = {cls.__name__: cls for cls in COMMANDS}


def states(ruleset_id):
    """A few states along a game: fresh, one battle declared, one requested, advances recorded."""
    decider = registry.get(ruleset_id).make_decider(pack(ruleset_id))
    seats = SEATINGS[ruleset_id]
    from domain.kernel import Setup
    state = decider.initial_state(Setup(seats=seats, pack=pack(ruleset_id)))
    out = [state]
    attacker, defender = seats["axis"][0], seats["allies"][0]
    steps = [("moderator", RecordAdvance(attacker, next(iter(pack(ruleset_id).techs)))),
             ("axis", ResolveBattle("b1", "t", attacker, defender, Forces(BattleKind.LAND, {"infantry": 1}, {}))),
             ("axis", ResolveBattle("b2", "t", attacker, defender, Forces(BattleKind.LAND, {"infantry": 2}, {}))),
             ("allies", ConfirmDefence("b2", {"infantry": 1}))]
    for seat, command in steps:
        for event in decider.decide(state, command, context(seats, seat)):
            state = decider.evolve(state, event)
        out.append(state)
    return decider, seats, out


def context(seats, seat):
    return Context(seat, frozenset(seats.get(seat, ())), SeededDice(5))


@pytest.mark.parametrize("ruleset_id", [GLOBAL, REVISED])
def test_choices_name_data_fields_and_examples_are_accepted_unchanged(ruleset_id):
    decider, seats, along = states(ruleset_id)
    offered = set()
    for state in along:
        for seat in [*seats, MODERATOR, SYSTEM]:
            for spec in decider.legal_commands(state, seat):
                cls = BY_TYPE[spec.type]
                fields = {f.name for f in dataclasses.fields(cls)}
                assert set(spec.choices) <= fields, (spec.type, set(spec.choices) - fields)
                for name, allowed in spec.choices.items():
                    assert isinstance(allowed, list) or set(allowed) == {"minimum", "maximum"}, (spec.type, name)
                assert spec.example is not None, spec.type
                for name, allowed in spec.choices.items():
                    if isinstance(allowed, list):
                        assert spec.example[name] in allowed, (spec.type, name)
                command = from_plain(cls, spec.example)
                assert decider.decide(state, command, context(seats, seat)), (seat, spec.type)
                offered.add(spec.type)
    assert offered >= {"ResolveBattle", "ConfirmDefence", "FightBattle", "RecordAdvance"}


def test_resolve_battle_offers_attacker_and_enemies_not_power():
    """The reported defect: ResolveBattle listed ``power`` (not a field) and allies as defenders."""
    decider, seats, (fresh, *_) = states(GLOBAL)
    (germany,) = [s for s in decider.legal_commands(fresh, "axis") if s.power == "Germany"]
    assert germany.choices == {"attacker": ["Germany"], "defender": ["USSR", "USA", "China", "UK", "ANZAC", "France"]}
