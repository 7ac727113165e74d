"""Rules 13.6.1 and 13.6.1.2: placing and ending policies, replacing them with truces, and the
war-state changes that end them (Total War) or that their end causes (Pre-War ends with the
Guarantees, per the Demand Polish Corridor example)."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import EndPolicy, PlacePolicy, ReplacePolicyWithTruce, SetEnforcedPeace, SetWarState
from domain.totaler_krieg.events import (
    EnforcedPeaceSet,
    NoPolicyEnded,
    PolicyEnded,
    PolicyPlaced,
    PolicyReplacedByTruce,
    WarStateChanged,
)
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.posture import boxes_with, check_box_free
from domain.totaler_krieg.selection import acting_faction
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import EndCause, WarState

RULE = "TK-13.6.1"
END_RULE = "TK-13.6.1.2"
WAR_ORDER = (WarState.PRE_WAR, WarState.LIMITED_WAR, WarState.TOTAL_WAR)
# Causes with their own command: the action itself decides whether it ends a policy.
_OWN_COMMAND = {
    EndCause.TOTAL_WAR: "SetWarState",
    EndCause.AXIS_UNIT_NOT_INTERNED: "ResolvePolicyInternment",
    EndCause.AXIS_SUPPORT_PLACEMENT: "PlaceSupportUnit",
    EndCause.AXIS_GROUND_ENTRY: "EnterHex",
    EndCause.AXIS_ATTACK: "AttackHex",
    EndCause.DECLARE_WAR_ON_NEUTRAL_PAC: "ActivateNeutral (trigger declare_war)",
    EndCause.NEUTRALS_PRESSURED: "ApplyPoliticalEvent",
    EndCause.POLITICAL_OPTION: "ApplyPoliticalEvent",
}


def check_policy(pack: Pack, policy: str) -> None:
    if policy not in pack.policies:
        raise RuleViolation(RULE, f"unknown policy {policy!r}; one of {sorted(pack.policies)}")


def in_effect(state: TKState, pack: Pack, policy: str) -> tuple[str, ...]:
    """Rule 13.6.1: a policy is in effect while a Posture Box holds its marker."""
    check_policy(pack, policy)
    boxes = boxes_with(state, policy)
    if not boxes:
        raise RuleViolation(END_RULE, f"{pack.policies[policy].name} is not in effect")
    return boxes


def end_policy_events(state: TKState, pack: Pack, policy: str, cause: EndCause, by: str) -> list[Event]:
    """Rule 13.6.1.2: all of the policy's markers leave the Posture Display at once."""
    events: list[Event] = [PolicyEnded(policy, in_effect(state, pack, policy), cause, cause.voluntary, by)]
    return events + pre_war_ends(state, pack, policy)


def pre_war_ends(state: TKState, pack: Pack, policy: str) -> list[Event]:
    """13.6.1.2 example: removing every Guarantees marker ends Pre-War (Limited War begins)."""
    if state.war is WarState.PRE_WAR and pack.policies[policy].ends_pre_war:
        return [WarStateChanged(WarState.LIMITED_WAR, f"every {pack.policies[policy].name} marker is removed: "
                                                      "Pre-War ends")]
    return []


def place_policy(state: TKState, command: PlacePolicy, ctx: Context) -> list[Event]:
    """Rule 13.6.1: a policy placed during the game is in effect at once; one marker per box."""
    acting_faction(command.power)
    check_policy(ctx.pack, command.policy)
    check_box_free(state, ctx.pack, command.box)
    return [PolicyPlaced(command.box, command.policy)]


def end_policy(state: TKState, command: EndPolicy, ctx: Context) -> list[Event]:
    """Rule 13.6.1.2: an option card (or its event) ends a policy, named or "any policy in" a box."""
    acting_faction(command.power)
    if command.cause in _OWN_COMMAND:
        raise RuleViolation(END_RULE, f"a policy ends by {command.cause.value} through {_OWN_COMMAND[command.cause]}")
    if (command.policy is None) == (command.box is None):
        raise RuleViolation(END_RULE, "name either the policy or the Posture Box holding it")
    policy = command.policy
    if command.box is not None:
        if command.box not in ctx.pack.boxes:
            raise RuleViolation("TK-13.6", f"unknown posture box {command.box!r}")
        policy = state.boxes.get(command.box)
        if policy not in ctx.pack.policies:
            return [NoPolicyEnded(command.box, command.cause)]
    return end_policy_events(state, ctx.pack, policy, command.cause, command.power)


def replace_with_truce(state: TKState, command: ReplacePolicyWithTruce, ctx: Context) -> list[Event]:
    """Rule 13.6.1.2: replacing a policy with a truce replaces every marker of that policy."""
    acting_faction(command.power)
    boxes = in_effect(state, ctx.pack, command.policy)
    if command.truce not in ctx.pack.truces:
        raise RuleViolation("TK-13.6.2", f"unknown truce {command.truce!r}; one of {list(ctx.pack.truce_ladder)}")
    return [PolicyReplacedByTruce(command.policy, command.truce, boxes), *pre_war_ends(state, ctx.pack, command.policy)]


def set_war_state(state: TKState, command: SetWarState, ctx: Context) -> list[Event]:
    """Chapter 12 (moderator): Limited or Total War begins. Rule 13.6.1.2: Total War ends every
    policy but Isolationism and the Ostland Accord, involuntarily.

    Where the seed is silent: the war state only advances (Pre-War -> Limited -> Total War)."""
    ctx.require_moderator(RULE, "record a change of war state (chapter 12)")
    if WAR_ORDER.index(command.war) <= WAR_ORDER.index(state.war):
        raise RuleViolation(RULE, f"the war state only advances; it is {state.war.value}")
    events: list[Event] = [WarStateChanged(command.war, "chapter 12")]
    if command.war is WarState.TOTAL_WAR:
        ending = sorted({p for p in state.boxes.values() if p in ctx.pack.policies
                         and not ctx.pack.policies[p].survives_total_war})
        events += [PolicyEnded(p, boxes_with(state, p), EndCause.TOTAL_WAR, False, "moderator") for p in ending]
    return events


def set_enforced_peace(state: TKState, command: SetEnforcedPeace, ctx: Context) -> list[Event]:
    """Rule 13.6.1.2 (moderator): the Enforced Peace marker (14.11) on or off the Turn Track."""
    ctx.require_moderator(END_RULE, "move the Enforced Peace marker (14.11)")
    if command.on == state.enforced_peace:
        raise RuleViolation(END_RULE, f"the Enforced Peace marker is already {'on' if command.on else 'off'} the track")
    return [EnforcedPeaceSet(command.on)]
