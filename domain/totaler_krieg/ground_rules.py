"""Rules 13.6.1 and 13.6.2 for ground units: may a ground unit of country X enter (move, retreat,
advance after combat, exploit), attack, trace supply, use a convoy or project a ZOC.

A unit is the tuple of its nationalities (two for a multi-national unit, 13.8.3: a rule applying
to either applies to it). Answers cover chapter 13 only; the movement, combat and supply chapters
add their own conditions. Axis units are reciprocally bound by the TAC restrictions that name
Axis units or markers (13.6.2), not by those about PACs, which end policies instead (13.6.1.2)."""
from __future__ import annotations

from domain.totaler_krieg.policy_ending import attack_endings, entry_endings, voluntary_verdict
from domain.totaler_krieg.situation import CountryFacts, Situation
from domain.totaler_krieg.verdicts import ALLOWED, Hex, Verdict, deny, first_denial
from domain.totaler_krieg.vocabulary import Entry, Faction, Status, TruceRestrictions, WarState

PAC_RULE = "TK-13.6.1"
TAC_RULE = "TK-13.6.2"
RESTRICTIVE = TruceRestrictions.REASSESS_ARMISTICE  # 13.6.2.1; Negotiation (13.6.2.2) is the lighter set


def unit_on_map(sit: Situation, nationality: str) -> Verdict:
    """Rules 13.2 and 13.4: only an existing, Active country's units can be on the map."""
    facts = sit.countries.get(nationality)
    if facts is None or not facts.exists:
        return deny("TK-13.2", facts.absent_reason if facts else f"unknown country {nationality!r}")
    if facts.status is not Status.ACTIVE:
        return deny("TK-13.4", f"{facts.name} is {facts.status.value}: its units cannot be placed on the map")
    return ALLOWED


def neutral_ground(sit: Situation, place: str) -> Verdict:
    """Rules 13.3.1, 13.4: no unit may enter a Neutral country or any of its dependents."""
    owner = sit.owner(place)
    if owner.status is not Status.NEUTRAL:
        return ALLOWED
    if sit.places[place].dependent is not None:
        return deny("TK-13.3", f"{sit.places[place].name} is a dependent of Neutral {owner.name}")
    return deny("TK-13.4", f"{owner.name} is Neutral")


def _restrictive(sit: Situation, facts: CountryFacts) -> bool:
    return facts.tac and sit.truce_rules[facts.posture] is RESTRICTIVE


def _of(sit: Situation, nationalities: tuple[str, ...], test) -> list[CountryFacts]:
    return [sit.countries[n] for n in nationalities if n in sit.countries and test(sit.countries[n])]


def _friendly_present(sit: Situation, hex: Hex, faction: Faction) -> bool:
    return any(sit.countries[n].alignment is faction for n in hex.ground_units if n in sit.countries)


def _pac_home_or_policy(sit: Situation, mover: CountryFacts, target: CountryFacts, what: str) -> Verdict:
    """Rule 13.6.1: Pre-War keeps a PAC unit in its Home Country and Dependents; Limited or Total
    War keeps it in countries and dependents affected by the same policy."""
    if sit.war is WarState.PRE_WAR:
        if target.id != mover.id:
            return deny(PAC_RULE, f"Pre-War: a {mover.name} ({sit.name(mover.posture)}) unit cannot {what} "
                                  f"{target.name}, outside its Home Country and Dependents")
    elif not (target.allied and target.posture == mover.posture):
        return deny(PAC_RULE, f"a {sit.name(mover.posture)} unit can only {what} countries affected by the same "
                              f"policy; {target.name}'s posture is {sit.name(target.posture or 'undetermined')}")
    return ALLOWED


def _enter_one(sit: Situation, nationality: str, hex: Hex, entry: Entry, operational: bool) -> Verdict:
    mover = sit.countries[nationality]
    target = sit.owner(hex.place)
    movement = entry in (Entry.MOVE, Entry.EXPLOIT)
    if mover.alignment is Faction.AXIS:
        return _axis_enter(sit, hex, entry, operational, movement)
    if target.pac and (mover.at_war or mover.tac):
        rule = PAC_RULE if mover.at_war else TAC_RULE
        return deny(rule, f"a {mover.name} unit ({sit.name(mover.posture)}) cannot {entry.value.replace('_', ' ')} "
                          f"into a PAC hex ({target.name}, {sit.name(target.posture)})")
    if mover.pac:
        if entry is Entry.ADVANCE:
            return deny(PAC_RULE, "a PAC ground unit cannot participate in an attack, so cannot advance after one")
        return _pac_home_or_policy(sit, mover, target, f"{entry.value} into")
    if mover.tac:
        if _restrictive(sit, mover) and entry is not Entry.ADVANCE and _of(
                sit, hex.detachments + hex.logistics, lambda f: f.alignment is Faction.AXIS):
            return deny(TAC_RULE, f"{sit.name(mover.posture)}: cannot enter a hex holding an Axis Detachment "
                                  "or Logistics marker")
        if movement and operational and _of(sit, hex.zoc, lambda f: f.alignment is Faction.AXIS) \
                and not _friendly_present(sit, hex, mover.alignment):
            return deny(TAC_RULE, f"{sit.name(mover.posture)}: in the Operational Movement Phase a TAC unit cannot "
                                  "move into an Axis ZOC unless another friendly unit is in the hex")
    return ALLOWED


def _axis_enter(sit: Situation, hex: Hex, entry: Entry, operational: bool, movement: bool) -> Verdict:
    """Axis units: reciprocally bound by the TAC rules naming Axis markers and ZOC; entering an
    Active PAC hex ends its policy (13.6.1.2), unless that may not be ended voluntarily."""
    if entry is not Entry.ADVANCE:
        marked = _of(sit, hex.detachments + hex.logistics, lambda f: _restrictive(sit, f))
        if marked:
            return deny(TAC_RULE, f"reciprocal {sit.name(marked[0].posture)}: an Axis unit cannot enter a hex "
                                  f"holding a {marked[0].name} Detachment or Logistics marker")
    if movement and operational:
        zoc = _of(sit, hex.zoc, lambda f: f.tac)
        if zoc and not _friendly_present(sit, hex, Faction.AXIS):
            return deny(TAC_RULE, f"reciprocal {sit.name(zoc[0].posture)}: in the Operational Movement Phase an "
                                  f"Axis unit cannot move into a {zoc[0].name} ZOC unless another Axis unit is there")
    return voluntary_verdict(sit, entry_endings(sit, hex.place))


def enter(sit: Situation, unit: tuple[str, ...], hex: Hex, entry: Entry = Entry.MOVE,
          operational: bool = False) -> Verdict:
    """Rules 13.3.1, 13.4, 13.6.1, 13.6.2: may the unit move/retreat/advance/exploit into ``hex``.

    Where the seed is silent: a PAC unit's retreat and exploitation follow its movement
    restrictions (both are moves into a hex)."""
    return first_denial([unit_on_map(sit, n) for n in unit] + [neutral_ground(sit, hex.place)]
                        + [_enter_one(sit, n, hex, entry, operational) for n in unit])


def _attack_one(sit: Situation, nationality: str, hex: Hex) -> Verdict:
    attacker = sit.countries[nationality]
    defenders = [sit.countries[n] for n in hex.ground_units]
    friendly = [d for d in defenders if d.alignment is attacker.alignment]
    if friendly:
        return deny("TK-13.1", f"{friendly[0].name} is not an enemy of {attacker.name}")
    if attacker.alignment is Faction.AXIS:
        marked = [d for d in defenders if _restrictive(sit, d)]
        if marked:
            return deny(TAC_RULE, f"reciprocal {sit.name(marked[0].posture)}: an Axis unit cannot attack a hex "
                                  f"holding a {marked[0].name} ground unit")
        return voluntary_verdict(sit, attack_endings(sit, hex.ground_units))
    if attacker.pac:
        return deny(PAC_RULE, f"a PAC ground unit ({attacker.name}, {sit.name(attacker.posture)}) cannot participate "
                              "in an attack")
    pacs = [d for d in defenders if d.pac]
    if pacs and attacker.at_war:
        return deny(PAC_RULE, f"an Allied unit at War cannot attack a PAC unit ({pacs[0].name})")
    if attacker.tac:
        if _restrictive(sit, attacker) and any(d.alignment is Faction.AXIS for d in defenders):
            return deny(TAC_RULE, f"{sit.name(attacker.posture)}: a TAC unit cannot attack a hex holding an Axis "
                                  "ground unit")
        if pacs:
            return deny(TAC_RULE, f"a TAC unit cannot attack a PAC unit ({pacs[0].name})")
    return ALLOWED


def attack(sit: Situation, unit: tuple[str, ...], hex: Hex) -> Verdict:
    """Rules 13.6.1, 13.6.2: may the unit attack the ground units in ``hex``."""
    return first_denial([unit_on_map(sit, n) for n in unit] + [unit_on_map(sit, n) for n in hex.ground_units]
                        + [_attack_one(sit, n, hex) for n in unit])


def _supply_one(sit: Situation, nationality: str, place: str) -> Verdict:
    mover = sit.countries[nationality]
    target = sit.owner(place)
    if mover.allied and mover.at_war and target.pac:
        return deny(PAC_RULE, f"an Allied unit at War cannot trace supply through a PAC hex ({target.name})")
    if mover.pac:
        return _pac_home_or_policy(sit, mover, target, "trace supply through")
    return ALLOWED


def trace_supply(sit: Situation, unit: tuple[str, ...], place: str) -> Verdict:
    """Rule 13.6.1 (supply): may the unit (or marker) trace a supply line through ``place``.

    Where the seed is silent: no supply line runs through a Neutral country (no unit may enter it)."""
    return first_denial([unit_on_map(sit, n) for n in unit] + [neutral_ground(sit, place)]
                        + [_supply_one(sit, n, place) for n in unit])


def _convoy_one(sit: Situation, nationality: str, convoy: str) -> Verdict:
    mover = sit.countries[nationality]
    owner = sit.countries[convoy]
    if mover.allied and mover.at_war and owner.pac:
        return deny(PAC_RULE, f"an Allied unit at War cannot use a PAC ({owner.name}) convoy marker")
    if mover.pac:
        if sit.war is WarState.PRE_WAR and convoy != nationality:
            return deny(PAC_RULE, f"Pre-War: a PAC unit uses only convoy markers of its own nationality, not "
                                  f"{owner.name}'s")
        if sit.war is not WarState.PRE_WAR and not (owner.allied and owner.posture == mover.posture):
            return deny(PAC_RULE, f"a {sit.name(mover.posture)} unit uses only convoy markers affected by the "
                                  "same policy")
    return ALLOWED


def use_convoy(sit: Situation, unit: tuple[str, ...], convoy: str) -> Verdict:
    """Rule 13.6.1: may the unit use a Troop (movement) or Supply convoy marker of ``convoy``."""
    return first_denial([unit_on_map(sit, n) for n in (*unit, convoy)] + [_convoy_one(sit, n, convoy) for n in unit])


def project_zoc(sit: Situation, unit: tuple[str, ...], place: str) -> Verdict:
    """Rule 13.6.1 (ZOC): a PAC ground unit projects no ZOC, and no ZOC is projected into a PAC hex.

    Where the seed is silent: no ZOC is projected into a Neutral country's hexes either."""
    checks = [unit_on_map(sit, n) for n in unit]
    checks += [deny(PAC_RULE, f"{sit.countries[n].name} is a PAC ({sit.name(sit.countries[n].posture)}): its ground "
                              "units project no ZOC") for n in unit if sit.countries[n].pac]
    target = sit.owner(place)
    if target.pac:
        checks.append(deny(PAC_RULE, f"no ZOC is projected into a PAC hex ({target.name}, {sit.name(target.posture)})"))
    checks.append(neutral_ground(sit, place))
    return first_denial(checks)


def strategic_hex_counts(sit: Situation, hex_id: str, controller: Faction) -> Verdict:
    """Rule 13.6.1: an Axis Strategic Hex under Allied control in an Active PAC does not count
    towards the Current Strategic Value."""
    place, faction = sit.strategic[hex_id]
    owner = sit.owner(place)
    if faction is Faction.AXIS and controller.allied and owner.active and owner.pac:
        return deny(PAC_RULE, f"{hex_id} is an Axis Strategic Hex under Allied control in an Active PAC "
                              f"({owner.name})")
    return ALLOWED
