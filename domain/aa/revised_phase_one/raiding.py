"""Seed 001 "Commerce Raiding" (AAR1-raid): in a nation's collect-income phase, enemy ships in a
sea zone bordering one of its ICs, and enemy fighters in territories bordering such a zone, roll
to take IPCs from its income before it is collected.

Two versions: ``first`` (cap = min(4 x IPC, income) - connected IPCs, the seed's worked examples)
and ``changed`` (the later x3 without the subtraction, the default).
"""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.aa.revised_phase_one.victory_cities import friendly_region
from domain.kernel import RuleViolation

RULE = "AAR1-raid"


def raided_sea_zones(rules: HouseRules, ic_territories) -> frozenset[int]:
    """AAR1-raid: the sea zones bordering the raided nation's ICs."""
    return frozenset(sz for t in ic_territories for sz in rules.sea[t])


def fighter_sea_zones(rules: HouseRules, fighter_territory: str, ic_territories) -> frozenset[int]:
    """AAR1-raid: a land-based fighter may raid one of the raided zones its territory borders (its
    owner chooses which, e.g. German fighters in W. Europe raid SZ 6 or 7)."""
    return frozenset(rules.sea[fighter_territory]) & raided_sea_zones(rules, ic_territories)


def roll_damage(rules: HouseRules, unit: str, value: int) -> int:
    """AAR1-raid: a die does damage equal to its value, but only when it would hit in attack."""
    raid = rules.raiding
    attack = raid["submarine"]["attack"] if unit == raid["submarine"]["unit"] else raid["surface_attack"].get(unit)
    if attack is None:
        raise RuleViolation(RULE, f"{unit} does not raid")
    return value if value <= attack else 0


def sea_zone_damage(rules: HouseRules, rolls: list) -> int:
    """AAR1-raid: ``rolls`` is [(unit, die value), ...] in one sea zone (subs roll 3 dice each, each
    die its own pair). Counted: the single best surface/fighter roll plus the best 3 sub rolls."""
    raid = rules.raiding
    sub = raid["submarine"]["unit"]
    surface = sorted((roll_damage(rules, u, v) for u, v in rolls if u != sub), reverse=True)
    subs = sorted((roll_damage(rules, u, v) for u, v in rolls if u == sub), reverse=True)
    return sum(surface[:raid["surface_best"]]) + sum(subs[:raid["submarine"]["best"]])


def connected_ipcs(rules: HouseRules, owners: dict, power: str, territory: str) -> int:
    """AAR1-raid: the IPCs of the nation's own territories joined to the IC's territory by a line of
    friendly territories (allies' territories carry the line but do not count)."""
    region = friendly_region(rules, owners, territory, rules.side_of[power])
    return sum(rules.ipc[t] for t in region if owners.get(t) == power)


def raid_cap(rules: HouseRules, owners: dict, power: str, territory: str, income: int,
             version: str | None = None) -> int:
    """AAR1-raid: the most one IC can lose: min(multiplier x territory IPC, the nation's income),
    less the connected IPCs in the first version."""
    version = version or rules.raiding["default_version"]
    if version not in rules.raiding["versions"]:
        raise RuleViolation(RULE, f"unknown commerce raiding version {version!r}")
    rule = rules.raiding["versions"][version]
    output = min(rule["multiplier"] * rules.ipc[territory], income)
    if rule["subtract_connected"]:
        output -= connected_ipcs(rules, owners, power, territory)
    return max(output, 0)


def ipcs_surrendered(rules: HouseRules, owners: dict, power: str, income: int, raids: dict,
                     version: str | None = None) -> int:
    """AAR1-raid: ``raids`` maps each raided IC territory to its damage; each is capped by that IC's
    maximum loss, and the total never exceeds the income counted."""
    lost = sum(min(damage, raid_cap(rules, owners, power, t, income, version)) for t, damage in raids.items())
    return min(lost, income)
