"""The battle ruleset shared by both Axis & Allies editions: commands, events, state, decider, and
``make_ruleset`` that each edition's package calls with its id, data pack and rule ids."""
from __future__ import annotations

from functools import partial

from domain.aa.battles.deadlines import DEADLINES
from domain.aa.battles.decider import BattleDecider, RuleIds, battles_projection
from domain.aa.battles.messages import COMMANDS, EVENTS, BattleRequested
from domain.aa.pack_schema import EditionPackSchema
from domain.kernel import Event
from domain.registry import FollowUp, Projection, Ruleset


def fight_requested_battles(event: Event) -> list[FollowUp]:
    """A requested battle is fought by a background ``combat`` job (the system seat's
    FightBattle), so the request answers at once and the dice are rolled by the worker."""
    if isinstance(event, BattleRequested):
        return [FollowUp("combat", "FightBattle", {"battle_id": event.battle_id})]
    return []


def make_ruleset(*, id: str, title: str, package: str, rules: RuleIds, description: str,
                 seat_presets: dict) -> Ruleset:
    return Ruleset(
        id=id,
        version="0.1.0",
        title=title,
        make_decider=partial(BattleDecider, rules=rules),
        commands=COMMANDS,
        events=EVENTS,
        projections=(Projection("battles", battles_projection,
                                description="every battle: forces, status, rounds fought, outcome, losses"),),
        pack_schema=EditionPackSchema,  # its load returns the EditionPack the rules read
        default_pack=(f"{package}.data", "default.yaml"),
        description=description,
        seat_presets=seat_presets,
        follow_ups=fight_requested_battles,
        options={"aa_rule": str},
        deadlines=DEADLINES,
    )


__all__ = ["BattleDecider", "RuleIds", "make_ruleset"]
