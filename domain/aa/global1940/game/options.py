"""The game's options, agreed before the game: ``mode`` (``battles``, the battle calculator every
game of this ruleset was until now, and still is when no mode is named, so stored games read as
they did; or ``game``, the whole game), the battle calculator's ``aa_rule`` and ``war_bonds``
(AAG40-tech: War Bonds' optional reading of 1 and 2 as 3) and ``rounds`` (the game ends after that
round: AAG-victory)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.aa.global1940.game.state import GlobalOptions
from domain.kernel import RuleViolation

MODES = ("battles", "game")
TYPES: dict[str, type] = {"mode": str, "aa_rule": str, "war_bonds": str, "rounds": int}
BATTLE_OPTIONS = frozenset({"aa_rule", "war_bonds"})


def mode_of(options: Mapping[str, Any]) -> str:
    mode = options.get("mode", "battles")
    if mode not in MODES:
        raise RuleViolation("AAG-order", f"mode must be one of {list(MODES)}")
    return mode


def game_options(options: Mapping[str, Any]) -> GlobalOptions:
    """The agreed options of the whole game (the battle options are the battle calculator's)."""
    unknown = sorted(set(options) - set(TYPES))
    if unknown:
        raise RuleViolation("AAG-order", f"unknown options {unknown}")
    rounds = options.get("rounds", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise RuleViolation("AAG-victory", "rounds: the round the game ends after (0: until a side wins)")
    return GlobalOptions(rounds=rounds)
