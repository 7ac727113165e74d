"""Rule 13.6.1.2: which policies an action ends, and when ending one voluntarily is prohibited.

Voluntary ends: an Axis support unit placed in or next to an Active PAC hex or On Station where
an Active PAC has a Port (unless an Active Allied country at War is also there), an Axis ground
unit entering an Active PAC hex or attacking a PAC unit, the Axis declaring war on a Neutral PAC,
Neutrals Pressured or Political Option applied to a policy. None is allowed under Pre-War, nor
may the Axis end the Ostland Accord while the Enforced Peace marker is on the Turn Track (an Allied
faction's event still may); an action that would
do so is prohibited. When a placement could end several policies the Axis picks the order: the
first checked ends, and each later one is checked again against the changed postures."""
from __future__ import annotations

from itertools import permutations

from domain.kernel import RuleViolation
from domain.totaler_krieg.situation import CountryFacts, Situation
from domain.totaler_krieg.verdicts import Hex, Verdict, deny
from domain.totaler_krieg.vocabulary import Faction, Placement, WarState

RULE = "TK-13.6.1.2"


def voluntary_block(sit: Situation, policy: str, faction: Faction = Faction.AXIS) -> str | None:
    """Rule 13.6.1.2 restrictions: why ``faction`` may not end ``policy`` voluntarily now, or None.
    Every voluntary end but a political event is an Axis action, hence the default."""
    if sit.war is WarState.PRE_WAR:
        return f"no faction may voluntarily end {sit.name(policy)} while Pre-War is in effect"
    # "The Axis faction cannot ...": Enforced Peace restrains the Axis only.
    if faction is Faction.AXIS and sit.enforced_peace and policy in sit.protected_policies:
        return f"the Axis may not voluntarily end {sit.name(policy)} while Enforced Peace is on the Turn Track"
    return None


def voluntary_verdict(sit: Situation, policies: tuple[str, ...]) -> Verdict:
    """Allowed (ending ``policies``) unless one of them may not be ended voluntarily."""
    for policy in policies:
        block = voluntary_block(sit, policy)
        if block:
            return deny(RULE, f"this action would end {sit.name(policy)}, but {block}")
    return Verdict(True, ends=policies)


def active_pac(sit: Situation, place: str) -> CountryFacts | None:
    owner = sit.owner(place)
    return owner if owner.active and owner.pac else None


def _active_allied_war(sit: Situation, place: str, excluding: str | None = None) -> bool:
    owner = sit.owner(place)
    return owner.id != excluding and owner.active and owner.allied and owner.at_war


def placement_triggers(sit: Situation, placement: Placement, hex: Hex | None, zone: str | None) -> dict[str, str]:
    """Rule 13.6.1.2: the policies an Axis support unit placed here must end, with the reason."""
    found: dict[str, str] = {}
    if placement is Placement.HEX and hex is not None:
        direct = active_pac(sit, hex.place)
        if direct is not None:
            found[direct.posture] = f"placement in an Active PAC hex ({direct.name})"
        for place in hex.adjacent:
            pac = active_pac(sit, place)
            if pac is None or pac.posture in found:
                continue
            if not any(_active_allied_war(sit, p, pac.id) for p in (hex.place, *hex.adjacent)):
                found[pac.posture] = f"placement adjacent to an Active PAC hex ({pac.name}) with no Allied " \
                                     "country at War in or next to the hex"
    if placement is Placement.ON_STATION and zone is not None:
        ports = sit.ports[zone]
        for place in ports:
            pac = active_pac(sit, place)
            if pac is None or pac.posture in found:
                continue
            if not any(_active_allied_war(sit, p, pac.id) for p in ports):
                found[pac.posture] = f"On Station where an Active PAC ({pac.name}) has a Port and no Allied " \
                                     "country at War has one"
    return found


def _ended_in_order(sit: Situation, placement: Placement, hex: Hex | None, zone: str | None,
                    order: tuple[str, ...]) -> tuple[str, ...]:
    ended: list[str] = []
    for policy in order:
        if policy in placement_triggers(sit, placement, hex, zone):
            ended.append(policy)
            sit = sit.without_policy(policy)
    return tuple(ended)


def placement_endings(sit: Situation, placement: Placement, hex: Hex | None, zone: str | None,
                      order: tuple[str, ...]) -> tuple[str, ...]:
    """Rule 13.6.1.2 clarification: end policies in the Axis's chosen ``order``; raises when the
    order does not name exactly the policies that could end, or ends one it may not."""
    candidates = placement_triggers(sit, placement, hex, zone)
    if len(candidates) > 1 and set(order) != set(candidates):
        raise RuleViolation(RULE, "this placement could end " + ", ".join(sit.name(p) for p in sorted(candidates))
                            + "; the Axis must give policy_order naming each of them once")
    if len(candidates) <= 1 and order and set(order) != set(candidates):
        raise RuleViolation(RULE, f"policy_order may only name policies this placement could end: {sorted(candidates)}")
    ended = _ended_in_order(sit, placement, hex, zone, order or tuple(candidates))
    verdict = voluntary_verdict(sit, ended)
    if not verdict.allowed:
        raise RuleViolation(RULE, verdict.reason)
    return ended


def placement_verdict(sit: Situation, placement: Placement, hex: Hex | None, zone: str | None) -> Verdict:
    """An Axis placement is allowed if some order ends only policies it may end; ``ends`` lists
    the candidates (the Axis picks the order when there are several)."""
    candidates = tuple(sorted(placement_triggers(sit, placement, hex, zone)))
    if not candidates:
        return Verdict(True)
    outcomes = [voluntary_verdict(sit, _ended_in_order(sit, placement, hex, zone, order))
                for order in permutations(candidates)]
    allowed = [v for v in outcomes if v.allowed]
    if not allowed:
        return outcomes[0]
    note = "the Axis chooses the order; the first checked ends" if len(candidates) > 1 else ""
    return Verdict(True, reason=note, ends=candidates)


def entry_endings(sit: Situation, place: str) -> tuple[str, ...]:
    """Rule 13.6.1.2: an Axis ground unit entering an Active PAC hex ends that PAC's policy."""
    pac = active_pac(sit, place)
    return (pac.posture,) if pac else ()


def attack_endings(sit: Situation, defenders: tuple[str, ...]) -> tuple[str, ...]:
    """Rule 13.6.1.2: an Axis ground unit attacking a PAC unit ends that unit's policy.

    Where the seed is silent: attacking PAC units of several policies at once ends each of them
    (each is attacked; the ordering clarification covers placements only)."""
    ended: list[str] = []
    for nationality in defenders:
        facts = sit.countries[nationality]
        if facts.pac and facts.posture not in ended:
            ended.append(facts.posture)
    return tuple(ended)
