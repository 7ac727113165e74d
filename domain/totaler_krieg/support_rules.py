"""Rules 13.6.1 and 13.6.2 for support units and Airdrop markers: where one may be placed, and who
may contest an enemy placement.

Placements go to a hex, the On Station Box of a naval zone, or the Strategic Warfare Box. An Axis
placement is reciprocally bound by the TAC rules naming Axis countries, units and markers, and
ends policies where 13.6.1.2 says so (see ``policy_ending``)."""
from __future__ import annotations

from domain.totaler_krieg.ground_rules import PAC_RULE, RESTRICTIVE, TAC_RULE, neutral_ground, unit_on_map
from domain.totaler_krieg.policy_ending import placement_verdict
from domain.totaler_krieg.situation import CountryFacts, Situation
from domain.totaler_krieg.verdicts import ALLOWED, Hex, Verdict, deny, first_denial
from domain.totaler_krieg.vocabulary import Faction, Placement


def _owners(sit: Situation, places) -> list[CountryFacts]:
    return [sit.owner(p) for p in places]


def _countries(sit: Situation, nationalities) -> list[CountryFacts]:
    return [sit.countries[n] for n in nationalities if n in sit.countries]


def _tac_hex(sit: Situation, mover: CountryFacts, hex: Hex) -> Verdict:
    """Rules 13.6.2.1, 13.6.2.2: a TAC support unit stays out of and away from Axis lands and
    out of hexes holding Axis ground units, Detachments or Logistics markers, and out of PAC hexes."""
    truce = sit.name(mover.posture)
    if sit.owner(hex.place).pac:
        return deny(TAC_RULE, f"{truce}: a TAC support unit cannot be placed in a PAC hex")
    axis_land = [o for o in _owners(sit, (hex.place, *hex.adjacent)) if o.alignment is Faction.AXIS]
    if axis_land:
        return deny(TAC_RULE, f"{truce}: cannot be placed in or adjacent to a hex of an Axis country or dependent "
                              f"({axis_land[0].name})")
    axis_here = [c for c in _countries(sit, hex.ground_units + hex.detachments + hex.logistics)
                 if c.alignment is Faction.AXIS]
    if axis_here:
        return deny(TAC_RULE, f"{truce}: cannot be placed in a hex holding an Axis ground unit, Detachment or "
                              "Logistics marker")
    return ALLOWED


def _axis_reciprocal_hex(sit: Situation, hex: Hex) -> Verdict:
    """Rule 13.6.2 ("Axis units are reciprocally bound"): the mirror of ``_tac_hex``'s Axis clauses."""
    tac_land = [o for o in _owners(sit, (hex.place, *hex.adjacent)) if o.tac]
    if tac_land:
        return deny(TAC_RULE, f"reciprocal {sit.name(tac_land[0].posture)}: an Axis support unit cannot be placed in "
                              f"or adjacent to a hex of a TAC ({tac_land[0].name})")
    tac_here = [c for c in _countries(sit, hex.ground_units + hex.detachments + hex.logistics) if c.tac]
    if tac_here:
        return deny(TAC_RULE, f"reciprocal {sit.name(tac_here[0].posture)}: an Axis support unit cannot be placed in a "
                              f"hex holding a {tac_here[0].name} ground unit, Detachment or Logistics marker")
    return ALLOWED


def _station(sit: Situation, zone: str, bound) -> CountryFacts | None:
    """The first port owner in ``zone`` matching ``bound``, unless an Active Allied country at War
    also has a Port there (13.6.2.1).

    Where the seed is silent: the Axis mirror of the On Station limit is "not where a Reassess Policy
    or Armistice TAC has a Port, unless an Active Allied country at War has one too" (a real enemy)."""
    owners = _owners(sit, sit.ports[zone])
    if any(o.active and o.allied and o.at_war for o in owners):
        return None
    return next((o for o in owners if bound(o)), None)


def _place_one(sit: Situation, nationality: str, placement: Placement, hex: Hex | None, zone: str | None) -> Verdict:
    mover = sit.countries[nationality]
    if mover.pac:
        return deny(PAC_RULE, f"a PAC support unit ({mover.name}, {sit.name(mover.posture)}) cannot be placed in a "
                              "hex, an On Station Box or the Strategic Warfare Box")
    if placement is Placement.HEX:
        if mover.alignment is Faction.AXIS:
            reciprocal = _axis_reciprocal_hex(sit, hex)
            return reciprocal if not reciprocal.allowed else placement_verdict(sit, placement, hex, None)
        if mover.at_war and sit.owner(hex.place).pac:
            return deny(PAC_RULE, f"an Allied support unit at War cannot be placed in a PAC hex "
                                  f"({sit.owner(hex.place).name})")
        return _tac_hex(sit, mover, hex) if mover.tac else ALLOWED
    if placement is Placement.ON_STATION:
        if mover.alignment is Faction.AXIS:
            tac = _station(sit, zone, lambda o: o.tac and sit.truce_rules[o.posture] is RESTRICTIVE)
            if tac is not None:
                return deny(TAC_RULE, f"reciprocal {sit.name(tac.posture)}: an Axis support unit cannot go On Station "
                                      f"in the {zone} where {tac.name} has a Port")
            return placement_verdict(sit, placement, None, zone)
        if mover.tac and sit.truce_rules[mover.posture] is RESTRICTIVE:
            axis = _station(sit, zone, lambda o: o.alignment is Faction.AXIS)
            if axis is not None:
                return deny(TAC_RULE, f"{sit.name(mover.posture)}: a TAC support unit cannot go On Station in the "
                                      f"{zone}: {axis.name} has a Port there and no Allied country at War has one")
    return ALLOWED


def place_support(sit: Situation, unit: tuple[str, ...], placement: Placement, hex: Hex | None = None,
                  zone: str | None = None) -> Verdict:
    """Rules 13.6.1, 13.6.2: may a support unit (or Airdrop marker) of ``unit`` be placed there.

    Where the seed is silent: nothing is placed in a Neutral country's hexes."""
    checks = [unit_on_map(sit, n) for n in unit]
    if placement is Placement.HEX:
        checks.append(neutral_ground(sit, hex.place))
    return first_denial(checks + [_place_one(sit, n, placement, hex, zone) for n in unit])


def may_contest(sit: Situation, contester: str, placer: str, ended: tuple[str, ...] = ()) -> Verdict:
    """Rules 13.6.1, 13.6.2: may a support unit of ``contester`` contest a placement by ``placer``
    that ends the policies ``ended``."""
    first = first_denial([unit_on_map(sit, contester), unit_on_map(sit, placer)])
    if not first.allowed:
        return first
    mine, theirs = sit.countries[contester], sit.countries[placer]
    if mine.alignment is theirs.alignment:
        return deny("TK-13.1", f"{theirs.name} is not an enemy of {mine.name}")
    if mine.pac and mine.posture not in ended:
        return deny(PAC_RULE, f"a PAC support unit ({mine.name}) cannot contest a placement that does not end "
                              f"{sit.name(mine.posture)}")
    if mine.tac and sit.truce_rules[mine.posture] is RESTRICTIVE and theirs.alignment is Faction.AXIS:
        return deny(TAC_RULE, f"{sit.name(mine.posture)}: a TAC unit cannot contest an Axis placement")
    if mine.alignment is Faction.AXIS and theirs.tac and sit.truce_rules[theirs.posture] is RESTRICTIVE:
        return deny(TAC_RULE, f"reciprocal {sit.name(theirs.posture)}: the Axis cannot contest a {theirs.name} "
                              "placement")
    return ALLOWED
