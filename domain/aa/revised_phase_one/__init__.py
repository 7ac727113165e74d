"""Axis & Allies Revised with the seed 001 "phase one" house rules (ruleset ``aa-revised-phase-one``).

Two modes (option ``mode``). A new game records ``game`` unless its creator names ``battles``; a
game that names no mode (every game stored before the whole game existed) reads as it did: the
battle calculator (request a battle, fight it round by round with the game's dice) with the seed's
AA gun rule (AAR1-aa) as the default. ``game``: the whole game on the Revised board (``game/``):
the turn in the seed's order (AAR-order, AAR1-seq), purchase with the seed's IC prices and the
optional national units (AAR-purchase, AAR1-ic-cost, AAR1-optional), income with commerce raiding
(AAR-income, AAR1-raid, AAR-capital), combat and non-combat moves judged by the board's one move
validator with AA fire at overflying aircraft (AAR-move-*, AAR1-aa), battles from the board fought
by the combat job with each seat's sealed standing orders or its own choices (AAR-battle,
AAR-casualties, AAR-retreat, AAR-conquest, AAR-sbr, AAR1-emergency), placement within the seed's
limits (AAR-place, AAR1-inf, AAR1-ic-limit, AAR1-ic-place), victory (AAR1-victory) and weapons
development (AAR-tech). The house rules are pure functions over ``data/house_rules.yaml``
(``house_rules``, ``sequence``, ``victory_cities``, ``placement``, ``industry``, ``raiding``,
``victory``, ``optional``), the board is ``domain.aa.board`` over ``data/board.yaml``.
"""
from functools import partial

from domain.aa.battles import RuleIds
from domain.aa.battles.messages import COMMANDS, EVENTS, BattleRequested
from domain.aa.revised_phase_one.game.commands import GAME_COMMANDS
from domain.aa.revised_phase_one.game.deadlines import DEADLINES
from domain.aa.revised_phase_one.game.decider import RevisedDecider
from domain.aa.revised_phase_one.game.events import GAME_EVENTS, BattleContinued
from domain.aa.revised_phase_one.game.options import TYPES
from domain.aa.revised_phase_one.game.projections import BATTLES, GAME_PROJECTIONS, projections_for
from domain.aa.revised_phase_one.pack import RevisedPackSchema
from domain.kernel import Event
from domain.registry import FollowUp, Ruleset

RULES = RuleIds(aa="AAR1-aa")


def fight_battles(event: Event) -> list[FollowUp]:
    """A requested battle, or one whose next round every seat has answered, is fought by the
    background ``combat`` job (the system seat's FightBattle)."""
    if isinstance(event, (BattleRequested, BattleContinued)):
        return [FollowUp("combat", "FightBattle", {"battle_id": event.battle_id})]
    return []


RULESET = Ruleset(
    id="aa-revised-phase-one",
    version="0.3.0",  # 0.3.0: the Italian forces quota is owed from the purchase (snapshots of 0.2.0 are not read)
    title="Axis & Allies Revised: phase one house rules",
    make_decider=partial(RevisedDecider, rules=RULES),
    commands=COMMANDS + GAME_COMMANDS,
    events=EVENTS + GAME_EVENTS,
    # Every projection a game may have; a battles-only game lists "battles" alone, a whole game
    # adds board.svg drawn from its pack's outlines (projections_for).
    projections=(BATTLES, *GAME_PROJECTIONS),
    projections_for=projections_for,
    pack_schema=RevisedPackSchema,  # its load returns the GamePack the rules read
    default_pack=("domain.aa.revised_phase_one.data", "default.yaml"),
    description=__doc__,
    seat_presets={
        "one-per-power": {"russia": ("Russia",), "germany": ("Germany",), "uk": ("UK",), "japan": ("Japan",),
                          "us": ("US",)},
        "axis-allies": {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")},
    },
    follow_ups=fight_battles,
    options=TYPES,
    # A new game is the whole game unless its creator asks for the battle calculator; a game
    # stored before the whole game existed names no mode and stays a battles-only game.
    new_game_options={"mode": "game"},
    deadlines=DEADLINES,
)

__all__ = ["GAME_PROJECTIONS", "RULES", "RULESET", "RevisedDecider", "projections_for"]
