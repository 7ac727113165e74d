"""Seed 001 "Victory Conditions" (AAR1-victory): players agree on total, major or minor victory
before the game; every check happens at the end of a US turn."""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.aa.revised_phase_one.victory_cities import vcp_held
from domain.kernel import RuleViolation

RULE = "AAR1-victory"
CONDITIONS = ("total", "major", "minor")


def _after_us_turn(rules: HouseRules, power_just_played: str) -> bool:
    return power_just_played == rules.victory["checked_after"]


def total_victory(rules: HouseRules, owners: dict, power_just_played: str) -> str | None:
    """AAR1-victory (total): the first side to control every territory by the end of a US turn."""
    if not _after_us_turn(rules, power_just_played):
        return None
    sides = {rules.side_of.get(owners.get(t)) for t in rules.ipc}
    return sides.pop() if len(sides) == 1 and None not in sides else None


def major_victory(rules: HouseRules, owners: dict, power_just_played: str) -> str | None:
    """AAR1-victory (major): the Axis win holding 40 VCPs, the Allies holding 50, at the end of a US turn."""
    if not _after_us_turn(rules, power_just_played):
        return None
    for side, needed in rules.victory["major"].items():
        if vcp_held(rules, owners, side) >= needed:
            return side
    return None


def minor_axis_team(bids: dict) -> str:
    """AAR1-victory (minor): each team bids the turns it wants the game to last as the Axis; the
    higher bid plays the Axis. ``bids`` maps team -> turns."""
    if len(bids) != 2 or any(b < 1 for b in bids.values()):
        raise RuleViolation(RULE, "two teams each bid a number of turns (at least 1)")
    (a, bid_a), (b, bid_b) = bids.items()
    if bid_a == bid_b:
        # The seed does not say how a tie is broken: the teams bid again.
        raise RuleViolation(RULE, "tied bids; bid again")
    return a if bid_a > bid_b else b


def minor_victory(rules: HouseRules, owners: dict, turn: int, power_just_played: str, agreed_turns: int) -> str | None:
    """AAR1-victory (minor): the game ends after the US turn of the winning bid's turn; the side
    holding the majority of the VCPs wins."""
    if not _after_us_turn(rules, power_just_played) or turn < agreed_turns:
        return None
    axis, allies = vcp_held(rules, owners, "Axis"), vcp_held(rules, owners, "Allies")
    return "Axis" if axis > allies else "Allies" if allies > axis else None


def winner(rules: HouseRules, condition: str, owners: dict, power_just_played: str, turn: int = 0,
           agreed_turns: int = 0) -> str | None:
    """AAR1-victory: the side that has won under the agreed condition, or None."""
    if condition == "total":
        return total_victory(rules, owners, power_just_played)
    if condition == "major":
        return major_victory(rules, owners, power_just_played)
    if condition == "minor":
        return minor_victory(rules, owners, turn, power_just_played, agreed_turns)
    raise RuleViolation(RULE, f"unknown victory condition {condition!r}; one of {CONDITIONS}")
