"""Drives Axis & Allies battles for the rule tests: scripted dice in, the engine's record out; a
game of a battle ruleset on the one rules-test driver for the tests that go through its decider."""
from __future__ import annotations

from dataclasses import dataclass, field

from domain import registry
from domain.aa.combat import AaRule, BattleKind, BattleModel, BattleOptions, BattleResult, Forces, fight
from domain.aa.combat.records import Side, Step, StepResult, UnitCount
from domain.kernel import ScriptedDice, Setup
from service.packs import default_pack
from tests.support.table import Table

REVISED = "aa-revised-phase-one"
GLOBAL = "aa-global1940"


def pack(ruleset_id: str):
    return default_pack(registry.get(ruleset_id))


def game(ruleset_id: str, seats: dict, **game_options) -> Table:
    """A game of the ruleset with its default pack (and set-up options), played through its decider."""
    return Table(registry.get(ruleset_id).make_decider(pack(ruleset_id)),
                 Setup(seats=seats, options=game_options, pack=pack(ruleset_id)))


def options(**kwargs) -> BattleOptions:
    for key in ("attacker_techs", "defender_techs"):
        if key in kwargs:
            kwargs[key] = frozenset(kwargs[key])
    for key in ("attacker_order", "defender_order"):
        if key in kwargs:
            kwargs[key] = tuple(kwargs[key])
    if isinstance(kwargs.get("aa_rule"), str):
        kwargs["aa_rule"] = AaRule(kwargs["aa_rule"])
    return BattleOptions(**kwargs)


@dataclass
class Fought:
    """A fought battle plus the dice it used, with lookups the tests read."""

    result: BattleResult
    rolls_used: int
    rolls_given: int
    steps: list[StepResult] = field(default_factory=list)

    def step(self, kind: str, side: str | None = None, round: int = 1) -> StepResult:
        found = [s for s in self.result.rounds[round - 1].steps
                 if s.step is Step(kind) and (side is None or s.side is Side(side))]
        assert len(found) == 1, f"expected one {kind} step, found {found}"
        return found[0]

    def has_step(self, kind: str, round: int = 1) -> bool:
        return any(s.step is Step(kind) for s in self.result.rounds[round - 1].steps)

    def needed(self, kind: str, side: str | None = None, round: int = 1) -> list[tuple[str, int]]:
        return [(r.unit, r.needed) for r in self.step(kind, side, round).rolls]

    def lost(self, kind: str, side: str | None = None, round: int = 1) -> dict[str, int]:
        return counts(self.step(kind, side, round).units)

    @property
    def outcome(self) -> str:
        return self.result.outcome.value if self.result.outcome else "undecided"

    @property
    def attacker(self) -> dict[str, int]:
        return counts(self.result.attacker_survivors)

    @property
    def defender(self) -> dict[str, int]:
        return counts(self.result.defender_survivors)


def counts(units: tuple[UnitCount, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        name = u.unit + (" (damaged)" if u.damaged else "") + (" (submerged)" if u.submerged else "")
        out[name] = out.get(name, 0) + u.count
    return out


def battle(ruleset_id: str, kind: str, attacker: dict, defender: dict, *, amphibious=(), bombard=None,
           **opts) -> BattleModel:
    forces = Forces(BattleKind(kind), attacker, defender, tuple(tuple(c) for c in amphibious), bombard or {})
    return BattleModel(pack(ruleset_id), forces, options(**opts))


def fought(ruleset_id: str, kind: str, attacker: dict, defender: dict, rolls: list[int], *, max_rounds=None,
           **kwargs) -> Fought:
    """Fight with exactly these dice (a missing die raises LookupError)."""
    model = battle(ruleset_id, kind, attacker, defender, **kwargs)
    dice = ScriptedDice(rolls)
    result = fight(model, dice, max_rounds=max_rounds)
    return Fought(result, len(dice.rolled), len(rolls))
