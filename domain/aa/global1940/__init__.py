"""Axis & Allies Global 1940 (2nd ed.) with the seed 004 extra rules (ruleset ``aa-global1940``).

Two modes (option ``mode``). A new game records ``game`` unless its creator names ``battles``; a game
that names no mode (every game stored before the whole game existed) reads as it did: the battle
calculator (request a battle, fight it round by round with the game's dice) with the advances that
change combat (AAG40-tech), advances recorded by the moderator and War Bonds dice. ``game``: the
whole game on the joined Europe and Pacific board (``game/``, built on the Revised game's battles
and choices): the nine powers in order with research first (AAG-order, AAG40-rd), purchase and
repair with minor and major complexes and bases (AAG-facilities), the politics step (AAG-politics,
AAG-neutral, AAG40-mongolia), moves through the board's one validator (AAG-move), battles from the
board with scramble and kamikaze as standing orders, facility bombing and rockets (AAG-battle,
AAG40-tech), placement, income at the end of the turn with national objectives as data, convoy
disruption and the UK's two economies (AAG-income), China's rules (AAG-china, AAG40-china), the US
complexes (AAG40-us-ic, AAG40-sf) and victory (AAG-victory). The seed's rule functions are
``research``, ``industry``, ``mongolia`` and ``china`` over ``data/extra_rules.yaml``; politics and
neutrals are ``politics`` and ``neutrals`` over the board's data (``data/board.yaml``).
"""
from functools import partial

from domain.aa.battles import RuleIds
from domain.aa.battles.messages import COMMANDS, EVENTS, BattleRequested
from domain.aa.global1940.game.commands import GAME_COMMANDS
from domain.aa.global1940.game.deadlines import DEADLINES
from domain.aa.global1940.game.decider import GlobalDecider
from domain.aa.global1940.game.events import GAME_EVENTS
from domain.aa.global1940.game.options import TYPES
from domain.aa.global1940.game.projections import (
    BATTLES,
    GAME_PROJECTIONS,
    projections_for,
)
from domain.aa.global1940.pack import GlobalPackSchema
from domain.aa.revised_phase_one.game.events import BattleContinued
from domain.kernel import Event
from domain.registry import FollowUp, Ruleset

RULES = RuleIds(tech="AAG40-tech")


def fight_battles(event: Event) -> list[FollowUp]:
    """A requested battle, or one whose next round every seat has answered, is fought by the
    background ``combat`` job (the system seat's FightBattle)."""
    if isinstance(event, (BattleRequested, BattleContinued)):
        return [FollowUp("combat", "FightBattle", {"battle_id": event.battle_id})]
    return []


RULESET = Ruleset(
    id="aa-global1940",
    version="0.2.0",
    title="Axis & Allies Global 1940 (2nd edition): extra rules",
    make_decider=partial(GlobalDecider, rules=RULES),
    commands=COMMANDS + GAME_COMMANDS,
    events=EVENTS + GAME_EVENTS,
    # Every projection a game may have; a battles-only game lists "battles" alone, a whole game adds
    # board.svg drawn from its pack's outlines (projections_for).
    projections=(BATTLES, *GAME_PROJECTIONS),
    projections_for=projections_for,
    pack_schema=GlobalPackSchema,  # its load returns the GlobalGamePack the rules read
    default_pack=("domain.aa.global1940.data", "default.yaml"),
    description=__doc__,
    seat_presets={
        "one-per-power": {p.lower(): (p,) for p in
                          ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")},
        "axis-allies": {"axis": ("Germany", "Japan", "Italy"),
                        "allies": ("USSR", "USA", "China", "UK", "ANZAC", "France")},
    },
    follow_ups=fight_battles,
    options=TYPES,
    # A new game is the whole game unless its creator asks for the battle calculator; a game
    # stored before the whole game existed names no mode and stays a battles-only game.
    new_game_options={"mode": "game"},
    deadlines=DEADLINES,
)

__all__ = ["GAME_PROJECTIONS", "RULES", "RULESET", "GlobalDecider", "projections_for"]
