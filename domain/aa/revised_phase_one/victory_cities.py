"""Seed 001 "Victory Conditions: designation" (AAR1-vc): victory cities, their points, who holds
them, and the "connected" test (a continuous line of friendly land territories) that infantry
placement (AAR1-inf) and commerce raiding (AAR1-raid) share.

``owners`` is always a mapping territory -> power holding it now (or at the turn's start, as the
caller's rule needs).
"""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules, VictoryCity


def victory_cities_of(rules: HouseRules, power: str) -> tuple[VictoryCity, ...]:
    """AAR1-vc: the five VCs a nation starts with (capital 5, major 3, two moderate 2, minor 1)."""
    return tuple(vc for vc in rules.victory_cities if vc.power == power)


def vcp_in(rules: HouseRules, territory: str) -> int:
    """AAR1-vc: the VCPs located in one territory (0 where there is no VC)."""
    return sum(vc.vcp for vc in rules.vcs_in(territory))


def vcp_held(rules: HouseRules, owners: dict, side: str) -> int:
    """AAR1-vc: the VCPs a side controls: every VC whose territory one of its nations holds."""
    return sum(vc.vcp for vc in rules.victory_cities if rules.side_of.get(owners.get(vc.territory)) == side)


def friendly_region(rules: HouseRules, owners: dict, start: str, side: str) -> frozenset[str]:
    """AAR1-inf, AAR1-raid: the territories joined to ``start`` by a continuous line of friendly
    land territories. Sea zones are not territories, so islands reach only themselves."""
    if rules.side_of.get(owners.get(start)) != side:
        return frozenset()
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in rules.land[here]:
            if there not in seen and rules.side_of.get(owners.get(there)) == side:
                seen.add(there)
                todo.append(there)
    return frozenset(seen)


def connected_to_capital(rules: HouseRules, owners: dict, power: str, territory: str) -> bool:
    """AAR1-inf ("Unit Placement phase"): a VC is connected to a capital VC "if there exists any
    continuous line of friendly territories connecting the 2 VCs"."""
    side = rules.side_of[power]
    return rules.capital_of(power).territory in friendly_region(rules, owners, territory, side)
