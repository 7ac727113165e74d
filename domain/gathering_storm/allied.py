"""Rule 32.6: British and French declarations of war on Germany or Italy.

In response to an aggression (32.61A) each Ally may declare alone unless the other's negative result
offsets it; pre-emptive war (32.61B) is joint, only against the more aggressive Axis power, and a
threat unless both Allies are fully mobilized; after a German declaration on Russia the Allies may
retaliate with Russia's war readiness added (32.63). Each Ally's total is computed separately (32.62)."""
from __future__ import annotations

from domain.gathering_storm.aggressions import (
    aggression_totals, committed_this_turn, more_aggressive, second_aggression_carried_out,
)
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, GERMANY, RUSSIA, allied_partner, other_axis
from domain.gathering_storm.russian import war_readiness
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.thresholds import (
    balance_of_power_modifier, concession_modifiers, eai_modifier, support_level, support_modifier,
)
from domain.gathering_storm.verdict import (
    Condition, Kind, Mode, Modifier, Verdict, build_verdict, concession_terms,
)

State = GatheringStormState


def germany_declared_on_russia(state: State) -> bool:
    """32.63: war between Germany and Russia broke out this turn by Germany's declaration."""
    return any(w.declarer == GERMANY and w.target == RUSSIA for w in state.crisis.wars)


def allied_support_against(state: State, ally: str, target: str) -> int:
    """32.33C, 32.61B: an Ally's support level against ``target``: second-aggression increases count
    only against the Axis power that triggered them (temporary ones are added by the caller, and only
    in response to that power's aggression)."""
    return (support_level(state, ally, (ally, target))
            + state.facts.second_aggression_increases.get((ally, target), 0))


def allied_modifiers(state: State, pack: Pack, ally: str, target: str, kind: Kind) -> tuple[Modifier, ...]:
    """Rule 32.62 A-D (and 32.63): one Ally's modifiers against one Axis power."""
    pair = (ally, target)
    aggression = state.committing(target)
    second = state.facts.second_aggression_increases.get(pair, 0)
    temporary = state.facts.temporary_increases.get(pair, 0)
    if aggression is not None:
        temporary_mod = Modifier("temporary support increase", temporary, "GS-32.3",
                                 f"{ally}'s temporary increase from {target}'s aggression")
        minor = pack.aggressions[aggression.aggression].target or aggression.aggression
        resistance = Modifier("minor country resistance", aggression.resistance_level, "GS-32.62",
                              f"{minor}, target of {target}'s aggression, resistance level "
                              f"{aggression.resistance_level:+d}")
    else:
        temporary_mod = Modifier("temporary support increase", 0, "GS-32.3",
                                 f"not counted without an aggression by {target} (32.33C, 32.61B)"
                                 + (f"; recorded {temporary:+d}" if temporary else ""))
        resistance = Modifier("minor country resistance", 0, "GS-32.62",
                              f"{target} commits no aggression this turn (a demand backed down from is ignored)")
    modifiers = [
        balance_of_power_modifier(state, ally),
        support_modifier(ally, support_level(state, ally, pair), target, support_level(state, target, pair)),
        Modifier("second-aggression support increase", second, "GS-32.61B",
                 f"{ally}'s increase from {target}'s second aggression"),
        temporary_mod,
        eai_modifier(state, pack),
        resistance,
    ]
    if kind is Kind.RETALIATION:
        value, detail = war_readiness(state, pack)
        modifiers.append(Modifier("Russia's war readiness", value, "GS-32.63", detail))
    return tuple(modifiers) + concession_modifiers(state, *pair)


def _margin(modifiers: tuple[Modifier, ...], pack: Pack) -> int:
    return sum(m.value for m in modifiers) - pack.threshold


def response_verdict(state: State, pack: Pack, ally: str, target: str) -> Verdict:
    """Rule 32.61A: war on an Axis power committing an aggression; joint when both Allies exceed the
    threshold, unilateral when the other Ally's negative result does not fully offset it
    (France +2, Britain -1: France may, Britain may not; Britain -2: neither)."""
    partner = allied_partner(ally)
    modifiers = allied_modifiers(state, pack, ally, target, Kind.RESPONSE)
    own = _margin(modifiers, pack)
    other = _margin(allied_modifiers(state, pack, partner, target, Kind.RESPONSE), pack)
    overall = own + min(other, 0)
    aggression = state.committing(target)
    conditions = (
        Condition("GS-32.61A", f"{target} is committing an aggression this turn", True, aggression.aggression),
        Condition("GS-32.61A", f"{ally}'s result is not fully offset by {partner}'s negative result",
                  overall >= 1, f"{ally} {own:+d}, {partner} {other:+d}, overall {overall:+d}"),
    )
    return build_verdict(ally, target, Kind.RESPONSE, "GS-32.61A", modifiers, conditions, pack.threshold,
                         Mode.DECLARATION)


def allied_mode(state: State) -> Mode:
    """32.61B: both Allies fully mobilized declare; otherwise they may only threaten."""
    mobilized = all(state.fully_mobilized(ally) for ally in ALLIES)
    return Mode.DECLARATION if mobilized else Mode.THREAT


def pre_emptive_verdict(state: State, pack: Pack, ally: str, target: str) -> Verdict:
    """Rule 32.61B: joint pre-emptive war on the more aggressive Axis power, with no Axis aggression
    this turn (32.81C: unless the Allies declared war on the aggressor in response)."""
    partner, other = allied_partner(ally), other_axis(target)
    modifiers = allied_modifiers(state, pack, ally, target, Kind.PRE_EMPTIVE)
    margins = {a: _margin(allied_modifiers(state, pack, a, target, Kind.PRE_EMPTIVE), pack) for a in ALLIES}
    totals = aggression_totals(state, pack)
    backed_down = state.facts.aggressions.get(target)
    own, others = committed_this_turn(state, pack, target), committed_this_turn(state, pack, other)
    answered = any(w.kind is Kind.RESPONSE and w.target == other for w in state.crisis.wars)
    partner_intends = any(i.power == partner and target in i.targets for i in state.crisis.intentions)
    mode = allied_mode(state)
    conditions = [
        Condition("GS-32.61B", f"{target} commits no aggression this turn", own is None,
                  f"{own} recorded successful this turn" if own else
                  f"backed down from {backed_down.aggression}" if backed_down else ""),
        Condition("GS-32.61B", f"{other} commits no aggression this turn, unless the Allies declared war on it "
                  "in response (32.81C)", others is None or answered, others or ""),
        Condition("GS-32.61B", f"{target} is the more aggressive Axis power (Germany if tied)",
                  more_aggressive(state, pack) == target,
                  ", ".join(f"{p} {t}" for p, t in totals.items())),
        Condition("GS-32.61B", f"{partner} also exceeds the threshold (joint declaration)", margins[partner] >= 1,
                  f"{partner} {margins[partner]:+d}"),
        Condition("GS-32.61B", f"{partner} also declares or threatens war on {target}", partner_intends),
    ]
    if mode is Mode.THREAT:
        conditions.append(Condition(
            "GS-32.61B", f"{target} has carried out a second aggression (needed to threaten while the Allies "
            "are not both fully mobilized)", second_aggression_carried_out(state, pack, target)))
    levels = {a: allied_support_against(state, a, target) for a in ALLIES}
    lowest = min(levels.values())
    lower = tuple(a for a in ALLIES if levels[a] == lowest)
    terms = concession_terms(mode, margins[lower[0]], pack.max_concession, (target,), lower)
    return build_verdict(ally, target, Kind.PRE_EMPTIVE, "GS-32.61B", modifiers, tuple(conditions),
                         pack.threshold, mode, **terms)


def allied_verdict(state: State, pack: Pack, ally: str, target: str) -> Verdict:
    """32.61: a response while ``target`` commits an aggression, otherwise pre-emptive war."""
    if state.committing(target) is not None:
        return response_verdict(state, pack, ally, target)
    return pre_emptive_verdict(state, pack, ally, target)


def retaliation_verdict(state: State, pack: Pack, ally: str) -> Verdict:
    """Rule 32.63: after Germany declares war on Russia an Ally may declare war on Germany if its own
    total, with Russia's war readiness added, meets the threshold.

    The seed gives no joint or offset rule for retaliation, so each Ally stands on its own total (32.62);
    temporary increases and the minor's resistance count only while Germany commits an aggression."""
    modifiers = allied_modifiers(state, pack, ally, GERMANY, Kind.RETALIATION)
    conditions = (Condition("GS-32.63", "Germany declared war on Russia this turn",
                            germany_declared_on_russia(state)),)
    return build_verdict(ally, GERMANY, Kind.RETALIATION, "GS-32.63", modifiers, conditions, pack.threshold,
                         Mode.DECLARATION)
