"""China's special rules (seed 004 extra rules, AAG40-china).

China has no player of its own (an Allied player runs it), no capital and no industry. Territory
control is given as ``{territory: controlling power}`` and the Axis as a set of power names; every
function is pure.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping

from domain.aa.global1940.extra_rules import China
from domain.kernel import RuleViolation

RULE = "AAG40-china"


def has_capital(rules: China) -> bool:
    """AAG40-china: China's decentralised rule gives it no capital an enemy could capture."""
    return False


def money_lost_when_overrun(rules: China, unspent: int) -> int:
    """AAG40-china: even with every Chinese territory taken, China keeps its unspent IPC (Japan gets none)."""
    return 0


def convoy_damage(rules: China, power: str, damage: int) -> int:
    """AAG40-china: convoy disruption never reduces China's income; other powers take it in full."""
    return 0 if power == rules.power else damage


def burma_road_open(rules: China, control: Mapping[str, str], axis: Collection[str]) -> bool:
    """AAG40-china: the Burma Road is open while the Allies control every territory along it."""
    return all(control.get(t) is not None and control[t] not in axis for t in rules.burma_road)


def income_bonus(rules: China, control: Mapping[str, str], axis: Collection[str]) -> int:
    """AAG40-china: China collects 6 extra IPC in its income phase while the Burma Road is open."""
    return rules.burma_road_bonus if burma_road_open(rules, control, axis) else 0


def validate_purchase(rules: China, units: Mapping[str, int], control: Mapping[str, str],
                      axis: Collection[str]) -> None:
    """AAG40-china: China buys only infantry, plus artillery (US pieces, Chinese in every respect)
    while the Burma Road is open; it never buys industrial complexes."""
    allowed = set(rules.purchases)
    if burma_road_open(rules, control, axis):
        allowed |= rules.burma_road_purchases
    bad = sorted(u for u, n in units.items() if n and u not in allowed)
    if bad:
        raise RuleViolation(RULE, f"China may not buy {', '.join(bad)}"
                            + ("" if burma_road_open(rules, control, axis) else " (the Burma Road is closed)"))


def placement_territories(rules: China, control: Mapping[str, str]) -> frozenset[str]:
    """AAG40-china: new Chinese units go on any Chinese territory China controls, including one taken this
    turn; no industrial complex is needed."""
    return frozenset(t for t in rules.territories if control.get(t) == rules.power)


def validate_placement(rules: China, territory: str, control: Mapping[str, str]) -> None:
    """AAG40-china: placement only on a Chinese territory under Chinese control."""
    if territory not in placement_territories(rules, control):
        raise RuleViolation(RULE, f"China may not place units in {territory}")


def may_enter(rules: China, territory: str) -> bool:
    """AAG40-china: Chinese units (the Flying Tigers too) enter only Chinese territories, Kwangtung and Burma."""
    return territory in rules.territories or territory in rules.also_enter


def validate_move(rules: China, path: tuple[str, ...]) -> None:
    """AAG40-china: every territory a Chinese unit passes through or ends in must be one it may enter."""
    outside = [t for t in path if not may_enter(rules, t)]
    if outside:
        raise RuleViolation(RULE, f"Chinese units may not enter {', '.join(outside)}")


def may_embark(rules: China, power: str) -> bool:
    """AAG40-china: Chinese units may not be loaded on transports."""
    return power != rules.power


def controller_on_capture(rules: China, territory: str, original_owner: str, control: Mapping[str, str],
                          axis: Collection[str]) -> str:
    """AAG40-china: China may hold Kwangtung or Burma, taken from the Axis, only while India is under Axis
    control; otherwise the territory returns to its original Allied owner (the box's liberation rule)."""
    if territory in rules.also_enter and control.get(rules.hold_condition) not in axis:
        return original_owner
    return rules.power


def japanese_complex_survives(rules: China, territory: str, new_controller: str, axis: Collection[str]) -> bool:
    """AAG40-china: a Japanese complex built in a Chinese territory is removed from play when China takes the
    territory or another Ally liberates it."""
    return not (territory in rules.territories and new_controller not in axis)


def flying_tigers_at_start(rules: China) -> tuple[str, str]:
    """AAG40-china: China starts with a US fighter, the Flying Tigers, counted as a Chinese unit:
    (unit type, territory)."""
    return rules.flying_tigers.unit, rules.flying_tigers.territory


def may_replace_flying_tigers(rules: China, power: str) -> bool:
    """AAG40-china: once destroyed, the Flying Tigers are not replaced: the USA may not supply China another
    fighter squadron."""
    return False
