"""Seed 001 "Non-Infantry Unit Placement at ICs" and "Industrial complex rules": the per-IC
placement limit (AAR1-ic-limit), the IC price by territory (AAR1-ic-cost) and where and when ICs
are bought, used and lost (AAR1-ic-place)."""
from __future__ import annotations

from collections.abc import Collection

from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.aa.revised_phase_one.victory_cities import vcp_in
from domain.kernel import RuleViolation

LIMIT = "AAR1-ic-limit"
COST = "AAR1-ic-cost"
PLACE = "AAR1-ic-place"


def ic_placement_limit(rules: HouseRules, territory: str) -> int:
    """AAR1-ic-limit: the IPC value of non-infantry units placed per turn at an IC may not exceed
    4 times the territory's IPC value."""
    return rules.industry["placement_multiplier"] * rules.ipc[territory]


def check_ic_placement(rules: HouseRules, territory: str, units: dict, prices: dict) -> int:
    """AAR1-ic-limit: ``units`` (unit -> count, no infantry) placed at the IC in ``territory``; the
    infantry limit of a VC there is counted separately (AAR1-inf). Returns the IPC value placed."""
    if "infantry" in units:
        raise RuleViolation(LIMIT, "ICs no longer build infantry units")
    value = sum(prices[unit] * n for unit, n in units.items())
    limit = ic_placement_limit(rules, territory)
    if value > limit:
        raise RuleViolation(LIMIT, f"{value} IPCs of units at {territory}'s IC; the limit is {limit}")
    return value


def ic_cost(rules: HouseRules, territory: str) -> int:
    """AAR1-ic-cost: an IC costs 15 - (territory IPCs x VCPs in the territory); 15 without a VC.
    A price is never negative: it stops at the pack's ``minimum_ic_cost``."""
    industry = rules.industry
    return max(industry["minimum_ic_cost"],
               industry["base_ic_cost"] - rules.ipc[territory] * vcp_in(rules, territory))


def check_ic_purchase(rules: HouseRules, power: str, territory: str | None, owners_at_start: dict,
                      ics: Collection[str]) -> int:
    """AAR1-ic-place: the IC's territory is declared at purchase and must have been the buyer's at
    the start of the turn; ``ics`` are the territories where a complex stands (or is already bought
    this turn): a second one there is refused. Returns its price (AAR1-ic-cost)."""
    if territory is None:
        raise RuleViolation(PLACE, "declare the IC's territory when buying it")
    if owners_at_start.get(territory) != power:
        raise RuleViolation(PLACE, f"{territory} was not {power}'s at the start of the turn")
    if territory in ics:
        raise RuleViolation(PLACE, f"an IC already stands in {territory}; a territory holds one")
    return ic_cost(rules, territory)


def check_units_at_ic(territory: str, ics_at_start: frozenset) -> None:
    """AAR1-ic-place: non-infantry units are placed only at an IC that was there at the turn's start."""
    if territory not in ics_at_start:
        raise RuleViolation(PLACE, f"no IC stood in {territory} at the start of the turn")


def ic_after_capture(rules: HouseRules, territory: str, defender_destroys: bool) -> bool:
    """AAR1-ic-place: does the IC survive the attacker's win? Original ICs are permanent; a bought
    one is destroyed at the defender's choice."""
    if territory in rules.original_ics:
        if defender_destroys:
            raise RuleViolation(PLACE, f"the IC in {territory} was there at the start of the game; it is permanent")
        return True
    return not defender_destroys
