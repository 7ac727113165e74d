"""Unit actions chapter 13 governs, as commands: entering a hex, attacking, placing a support unit,
and Policy Violation Internment. Each is validated by the same queries the projections serve
(``ground_rules``, ``support_rules``) and ends the policies 13.6.1.2 says it ends."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.alignment import determine
from domain.totaler_krieg.commands import AttackHex, EnterHex, PlaceSupportUnit, ResolvePolicyInternment
from domain.totaler_krieg.events import (
    AlignmentDetermined,
    AttackDeclared,
    GroundUnitEntered,
    InternmentDeclined,
    SupportUnitPlaced,
    UnitInterned,
)
from domain.totaler_krieg.ground_rules import PAC_RULE, TAC_RULE, attack, enter
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.policies import end_policy_events
from domain.totaler_krieg.policy_ending import placement_endings
from domain.totaler_krieg.posture import posture_of
from domain.totaler_krieg.selection import acting_faction, check_nationalities, check_place
from domain.totaler_krieg.situation import Situation, situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.support_rules import may_contest, place_support
from domain.totaler_krieg.territory import owners
from domain.totaler_krieg.verdicts import Hex, Verdict
from domain.totaler_krieg.vocabulary import EndCause, Faction, Placement, PostureKind, Status


def _checked(state: TKState, ctx: Context, power: str, unit: tuple[str, ...], hex: Hex | None) -> Situation:
    faction = acting_faction(power)
    sit = situation(state, ctx.pack)
    if hex is not None:
        for place in (hex.place, *hex.adjacent):
            check_place(sit, place)
        for nationality in hex.ground_units + hex.detachments + hex.logistics + hex.zoc:
            if nationality not in sit.countries:
                raise RuleViolation("TK-13.2", f"unknown country {nationality!r} in the hex")
    check_nationalities(ctx.pack, sit, unit, faction)
    return sit


def _enforce(verdict: Verdict) -> Verdict:
    if not verdict.allowed:
        raise RuleViolation(verdict.rule, verdict.reason)
    return verdict


def _endings(state: TKState, pack: Pack, policies, cause: EndCause, by: str) -> list[Event]:
    return [e for policy in policies for e in end_policy_events(state, pack, policy, cause, by)]


def enter_hex(state: TKState, command: EnterHex, ctx: Context) -> list[Event]:
    """Rules 13.3.1, 13.4, 13.6.1, 13.6.2: a ground unit enters a hex; an Axis unit entering an
    Active PAC hex ends that policy (13.6.1.2)."""
    sit = _checked(state, ctx, command.power, command.unit, command.hex)
    verdict = _enforce(enter(sit, command.unit, command.hex, command.entry, command.operational))
    return [GroundUnitEntered(command.unit, command.hex.place, command.entry),
            *_endings(state, ctx.pack, verdict.ends, EndCause.AXIS_GROUND_ENTRY, command.power)]


def attack_hex(state: TKState, command: AttackHex, ctx: Context) -> list[Event]:
    """Rules 13.6.1, 13.6.2: a ground unit attacks; an Axis attack on a PAC unit ends its policy."""
    sit = _checked(state, ctx, command.power, command.unit, command.hex)
    if not command.hex.ground_units:
        raise RuleViolation("TK-13.6.1", "an attack needs defending ground units in the hex")
    verdict = _enforce(attack(sit, command.unit, command.hex))
    return [AttackDeclared(command.unit, command.hex.place, command.hex.ground_units),
            *_endings(state, ctx.pack, verdict.ends, EndCause.AXIS_ATTACK, command.power)]


def place_support_unit(state: TKState, command: PlaceSupportUnit, ctx: Context) -> list[Event]:
    """Rules 13.6.1, 13.6.2: place a support unit or Airdrop marker; an Axis placement ends the
    policies 13.6.1.2 lists, in the order the Axis chooses. The event names who may contest it."""
    pack = ctx.pack
    sit = _checked(state, ctx, command.power, command.unit, command.hex)
    if command.placement is Placement.HEX and command.hex is None:
        raise RuleViolation("TK-13.6.1", "a placement in a hex needs the hex")
    if command.placement is Placement.ON_STATION and command.zone not in pack.naval_zones:
        raise RuleViolation("TK-13.6.1", f"unknown naval zone {command.zone!r}; one of {sorted(pack.naval_zones)}")
    _enforce(place_support(sit, command.unit, command.placement, command.hex, command.zone))
    ended: tuple[str, ...] = ()
    if sit.countries[command.unit[0]].alignment is Faction.AXIS:
        ended = placement_endings(sit, command.placement, command.hex, command.zone, command.policy_order)
    elif command.policy_order:
        raise RuleViolation("TK-13.6.1.2", "only an Axis placement ends policies")
    placer = command.unit[0]
    contesters = tuple(c for c, f in sit.countries.items()
                       if f.exists and f.alignment is not None and f.alignment is not sit.countries[placer].alignment
                       and all(may_contest(sit, c, n, ended).allowed for n in command.unit))
    place = command.hex.place if command.placement is Placement.HEX else None
    zone = command.zone if command.placement is Placement.ON_STATION else None
    return [SupportUnitPlaced(command.unit, command.placement, place, zone, command.airdrop, contesters),
            *_endings(state, pack, ended, EndCause.AXIS_SUPPORT_PLACEMENT, command.power)]


def _pac_at(state: TKState, ctx: Context, sit: Situation, place: str, axis_choice: Faction | None):
    """The policy of the Active or Neutral PAC owning ``place`` (a Neutral's alignment determined
    now, 13.5), with the determination event when one was made."""
    owner = sit.owner(place)
    if owner.status is Status.ACTIVE:
        return (owner.posture if owner.pac else None), []
    if owner.status is not Status.NEUTRAL:
        return None, []
    pack = ctx.pack
    found = determine(state, pack, owners(state, pack), owner.id, ctx.dice, None, axis_choice)
    posture = posture_of(state, pack, owner.id, found.faction)
    record = [AlignmentDetermined(owner.id, found.faction, found.priority, found.basis, found.roll)]
    return (posture.value if found.faction.allied and posture.kind is PostureKind.POLICY else None), record


def resolve_internment(state: TKState, command: ResolvePolicyInternment, ctx: Context) -> list[Event]:
    """Rules 13.6.1 (Policy Violation Internment) and 13.6.1.2: at the end of a Conditional Events
    Segment a unit where it could not move may be interned; an Axis unit in an Active or Neutral
    PAC hex that the Axis chooses not to intern ends the policy, involuntarily."""
    sit = _checked(state, ctx, command.power, command.unit, Hex(command.place))
    if sit.countries[command.unit[0]].alignment is Faction.AXIS:
        policy, record = _pac_at(state, ctx, sit, command.place, command.axis_choice)
        if policy is None:
            raise RuleViolation("TK-13.6.1.2", f"{sit.places[command.place].name} is not in an Active or Neutral PAC")
        if command.intern:
            return [*record, UnitInterned(command.unit, command.place)]
        return [*record, *end_policy_events(state, ctx.pack, policy, EndCause.AXIS_UNIT_NOT_INTERNED, command.power)]
    verdict = enter(sit, command.unit, Hex(command.place))
    if verdict.allowed or verdict.rule not in (PAC_RULE, TAC_RULE):
        raise RuleViolation(PAC_RULE, f"a {command.unit[0]} unit may stand in {sit.places[command.place].name}: "
                                      "nothing to intern for a policy or truce violation")
    if command.intern:
        return [UnitInterned(command.unit, command.place)]
    return [InternmentDeclined(command.unit, command.place)]
