"""The game's options, agreed before the game (AAR1-victory, AAR1-inf, AAR1-raid, AAR1-optional):
typed, and refused with the rule they belong to when a value is wrong.

``mode``: ``battles`` (the battle calculator every game of this ruleset was until now, and still is
when no mode is named, so stored games read as they did) or ``game`` (the whole game). Where the
seed gives two versions, the later text is the default; the optional rules are off unless chosen,
and ``on`` picks the seed's later version."""
from __future__ import annotations

from typing import Any, Mapping

from domain.aa.revised_phase_one.game.state import GameOptions
from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.kernel import RuleViolation

MODES = ("battles", "game")
VICTORY = ("total", "major", "minor")
INFANTRY_RULES = ("connected", "first_draft")
OFF, ON = "none", "on"

# name -> type of its value (Ruleset.options): the service refuses a value of another type.
TYPES: dict[str, type] = {
    "mode": str, "aa_rule": str, "victory": str, "minor_turns": int, "infantry_rule": str, "raiding": str,
    "national_units": str, "italian_forces": str, "lend_lease": bool, "infrastructure_defence": bool,
}
BATTLE_OPTIONS = frozenset({"aa_rule"})


def mode_of(options: Mapping[str, Any]) -> str:
    mode = options.get("mode", "battles")
    if mode not in MODES:
        raise RuleViolation("AAR-order", f"mode must be one of {list(MODES)}")
    return mode


def _one_of(value: Any, allowed, rule: str, name: str) -> str:
    if value not in allowed:
        raise RuleViolation(rule, f"{name} must be one of {sorted(allowed)}")
    return value


def _version(value: Any, versions, default: str, rule: str, name: str) -> str:
    """AAR1-optional: ``none`` (off), ``on`` (the seed's later version) or a version by name."""
    _one_of(value, {OFF, ON, *versions}, rule, name)
    return default if value == ON else value


def game_options(options: Mapping[str, Any], house: HouseRules) -> GameOptions:
    """The agreed options, each checked against the house rules' versions."""
    unknown = sorted(set(options) - set(TYPES))
    if unknown:
        raise RuleViolation("AAR1-optional", f"unknown options {unknown}")
    victory = _one_of(options.get("victory", "major"), VICTORY, "AAR1-victory", "victory")
    turns = options.get("minor_turns", 0)
    if victory == "minor" and (not isinstance(turns, int) or isinstance(turns, bool) or turns < 0):
        raise RuleViolation("AAR1-victory", "minor_turns: the turns of the winning bid (>= 1), or 0 or none to "
                                            "bid in the game before round 1")
    if victory != "minor" and turns:
        raise RuleViolation("AAR1-victory", "minor_turns is only for minor victory")
    national = house.national_units
    italian = house.italian_forces
    for name in ("lend_lease", "infrastructure_defence"):
        if not isinstance(options.get(name, False), bool):
            raise RuleViolation("AAR1-optional", f"{name} must be true or false")
    return GameOptions(
        victory=victory,
        minor_turns=turns,
        infantry_rule=_one_of(options.get("infantry_rule", "connected"), INFANTRY_RULES, "AAR1-inf", "infantry_rule"),
        raiding=_one_of(options.get("raiding", house.raiding["default_version"]), house.raiding["versions"],
                        "AAR1-raid", "raiding"),
        national_units=_version(options.get("national_units", OFF), national["versions"], national["default"],
                                "AAR1-optional", "national_units"),
        italian_forces=_version(options.get("italian_forces", OFF), italian["versions"], italian["default"],
                                "AAR1-optional", "italian_forces"),
        lend_lease=options.get("lend_lease", False),
        infrastructure_defence=options.get("infrastructure_defence", False),
    )
