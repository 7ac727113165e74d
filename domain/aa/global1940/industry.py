"""US industrial complexes and San Francisco (seed 004 extra rules, AAG40-us-ic and AAG40-sf).

Complexes are given as ``{territory: unit type}`` (the pack's facility names); the functions return
new mappings and never mutate their input.
"""
from __future__ import annotations

from collections.abc import Mapping

from domain.aa.global1940.extra_rules import UsIndustry


def us_complexes_at_start(rules: UsIndustry) -> dict[str, str]:
    """AAG40-us-ic: the Eastern, Central and Western US complexes start the game as minor complexes."""
    return {territory: rules.starts_as for territory in rules.complexes}


def us_entry_upgrades(rules: UsIndustry, complexes: Mapping[str, str]) -> dict[str, str]:
    """AAG40-us-ic: when the USA enters the war, its starting complexes become major for free.

    Only the three named territories still holding a minor complex are upgraded; the result is usable
    at once (the caller applies it in the same step as the entry).
    """
    return {territory: rules.upgrades_to
            for territory in rules.complexes if complexes.get(territory) == rules.starts_as}


def upgrade_cost(rules: UsIndustry, territory: str, at_war: bool, normal_cost: int) -> int:
    """AAG40-us-ic: before entry a starting complex is upgraded only the normal way (``normal_cost``
    IPC); the entry itself upgrades it for nothing."""
    return 0 if at_war and territory in rules.complexes else normal_cost


def is_capital(rules: UsIndustry, territory: str) -> bool:
    """AAG40-sf: San Francisco (Western US) is not a US capital; only the US capital counts."""
    return territory == rules.capital and territory not in rules.not_capital


def money_lost_on_capture(rules: UsIndustry, territory: str, unspent: int) -> int:
    """AAG40-sf: the USA loses its unspent IPC only when its capital falls, so capturing Western US
    (San Francisco) takes none of it."""
    return unspent if is_capital(rules, territory) else 0
