"""Seed 001 "Optional rules" (AAR1-optional): national unit prices (each listed version, the last
the default), the Italian forces, lend-lease, and the infrastructure-defence placement."""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules
from domain.kernel import RuleViolation

RULE = "AAR1-optional"


def purchase_cost(rules: HouseRules, power: str, order: dict, prices: dict, version: str | None = None) -> int:
    """AAR1-optional (national units / changes in prices): the IPCs ``power`` pays for ``order``
    (unit -> count) at the edition ``prices``, with the version's cheaper purchases applied first.
    ``version`` None means no national units; "default" the pack's default version."""
    if version is None:
        return sum(prices[u] * n for u, n in order.items())
    units = rules.national_units
    version = units["default"] if version == "default" else version
    if version not in units["versions"]:
        raise RuleViolation(RULE, f"unknown national units version {version!r}")
    left = dict(order)
    total = 0
    for deal in units["versions"][version]:
        if deal["power"] != power or deal["unit"] not in left:
            continue
        lots = left[deal["unit"]] // deal["quantity"]
        if deal["times"] is not None:
            lots = min(lots, deal["times"])
        total += lots * deal["price"]
        left[deal["unit"]] -= lots * deal["quantity"]
    return total + sum(prices[u] * n for u, n in left.items())


def italian_forces(rules: HouseRules, power: str, owners: dict, version: str | None = None) -> tuple[int, str]:
    """AAR1-optional (Axis Advantage: Italian Forces): in Germany's collect-income phase the listed
    territories it holds count twice; the extra IPCs must be placed there. Returns (extra IPCs,
    where they must be spent)."""
    forces = rules.italian_forces
    version = version or forces["default"]
    if version not in forces["versions"]:
        raise RuleViolation(RULE, f"unknown Italian forces version {version!r}")
    rule = forces["versions"][version]
    if power != forces["power"]:
        return 0, rule["place_at"]
    return sum(rules.ipc[t] for t in rule["territories"] if owners.get(t) == power), rule["place_at"]


def lend_lease(rules: HouseRules, split: dict) -> dict:
    """AAR1-optional (Allied Advantage: Lend-Lease): at the end of each US turn the US hands out
    10 extra IPCs between the UK and Russia; none may go to the US."""
    ll = rules.lend_lease
    if any(p not in ll["recipients"] or n < 0 for p, n in split.items()):
        raise RuleViolation(RULE, f"lend-lease goes only to {', '.join(ll['recipients'])}")
    if sum(split.values()) != ll["amount"]:
        raise RuleViolation(RULE, f"all {ll['amount']} lend-lease IPCs are allocated, not {sum(split.values())}")
    return dict(split)


def check_infrastructure_site(power: str, territory: str, owners_at_start: dict) -> None:
    """AAR1-optional (infrastructure defence): ID pieces are placed in any territory that started
    the turn under your control, not at ICs."""
    if owners_at_start.get(territory) != power:
        raise RuleViolation(RULE, f"{territory} was not {power}'s at the start of the turn")
