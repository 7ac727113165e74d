"""Seed 001 "Infantry Unit Placement at VCs" and "Unit Placement phase" (AAR1-inf), and the
emergency purchase for a VC attacked before its defender's first turn (AAR1-emergency).

The seed gives two versions of the infantry limits: ``first_draft`` and the later ``connected``
text (the default).
"""
from __future__ import annotations

from domain.aa.revised_phase_one.house_rules import HouseRules, VictoryCity
from domain.aa.revised_phase_one.victory_cities import connected_to_capital
from domain.kernel import RuleViolation

RULE = "AAR1-inf"
EMERGENCY = "AAR1-emergency"
VERSIONS = ("first_draft", "connected")
DEFAULT_VERSION = "connected"


def _first_draft_limit(rules: HouseRules, vc: VictoryCity, power: str) -> int:
    """AAR1-inf (first draft): own VCs up to their VCPs, 3 at the UK/US capitals, 1 at Japan's major
    and moderate VCs; captured VCs by the captor's side (Axis: minor 0, others 1; Allies: minor 1,
    others 2)."""
    draft = rules.infantry["first_draft"]
    if vc.power == power:
        return draft["rank_overrides"].get(power, {}).get(vc.rank, vc.vcp)
    return draft["captured"][rules.side_of[power]][vc.rank]


def _connected_limit(rules: HouseRules, vc: VictoryCity, power: str, owners: dict) -> int:
    """AAR1-inf ("Unit Placement phase"): own VCs connected to the capital up to their VCPs (3 at the
    UK/US capitals), unconnected ones 1; captured VCs floor(VCP / 2); UK and US always connected."""
    conn = rules.infantry["connected"]
    if vc.power != power:
        return vc.vcp // conn["captured_divisor"]
    if vc.rank == "capital":
        return conn["capital_limit"].get(power, vc.vcp)
    if power in conn["always_connected"] or connected_to_capital(rules, owners, power, vc.territory):
        return vc.vcp
    return conn["unconnected_limit"]


def infantry_limit(rules: HouseRules, city: str, power: str, owners_at_start: dict,
                   version: str = DEFAULT_VERSION) -> int:
    """AAR1-inf: how many infantry ``power`` may buy and place at ``city`` this turn. The VC must
    have been in its control at the start of its turn (``owners_at_start``), else 0."""
    if version not in VERSIONS:
        raise RuleViolation(RULE, f"unknown infantry rule version {version!r}")
    vc = rules.vc(city)
    if owners_at_start.get(vc.territory) != power:
        return 0
    if version == "first_draft":
        return _first_draft_limit(rules, vc, power)
    return _connected_limit(rules, vc, power, owners_at_start)


def check_infantry_placement(rules: HouseRules, power: str, placements: dict, owners_at_start: dict,
                             version: str = DEFAULT_VERSION) -> None:
    """AAR1-inf: "ICs no longer build infantry units. Infantry units are assembled only in territories
    containing VCs." ``placements`` maps city -> infantry placed there this turn."""
    for city, count in placements.items():
        limit = infantry_limit(rules, city, power, owners_at_start, version)
        if count > limit:
            raise RuleViolation(RULE, f"{power} may place at most {limit} infantry at {city}, not {count}")


def check_infantry_site(rules: HouseRules, territory: str) -> None:
    """AAR1-inf: infantry is placed only in a territory containing a VC, never at an IC alone."""
    if not rules.vcs_in(territory):
        raise RuleViolation(RULE, f"{territory} has no victory city; infantry is assembled only at VCs")


def emergency_infantry(rules: HouseRules, city: str, defender: str, count: int, owners_at_start: dict,
                       defender_has_had_first_turn: bool, version: str = DEFAULT_VERSION) -> int:
    """AAR1-emergency: a VC attacked before its defender's first turn lets the defender buy and place
    there, just before the battle, up to its infantry limit. Returns the infantry placed."""
    if defender_has_had_first_turn:
        raise RuleViolation(EMERGENCY, f"{defender} has had its first turn; no emergency infantry")
    limit = infantry_limit(rules, city, defender, owners_at_start, version)
    if count > limit:
        raise RuleViolation(EMERGENCY, f"at most {limit} emergency infantry at {city}, not {count}")
    return count
