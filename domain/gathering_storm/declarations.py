"""Rules 32.1, 32.21 and 32.42: making a declaration or threat during the crisis phase.

What the 32.21 table and the Pact forbid outright is refused at once; everything that depends on the
turn's facts (thresholds, mobilization, the Rhineland, aggressions, responses) is judged at the end
of the crisis phase (32.82), so a declaration made now may still fail then."""
from __future__ import annotations

from domain.gathering_storm import commands as c
from domain.gathering_storm import events as ev
from domain.gathering_storm.facts import one_of
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ITALY, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.kernel import Context, Event, RuleViolation

State = GatheringStormState


def acting_power(ctx: Context, power) -> str:
    """The seat must hold the power it acts for (the moderator acts for any)."""
    power = one_of(power, MAJOR_POWERS, "GS-32.21", "the power")
    if not ctx.is_moderator and power not in ctx.powers:
        raise RuleViolation("GS-32.1", f"seat {ctx.seat!r} does not hold {power}")
    return power


def declarable_targets(state: State, pack: Pack, power: str) -> tuple[str, ...]:
    """32.21: whom ``power`` may declare war on, the Pact considered (32.21A/E, 32.73)."""
    return tuple(t for t in pack.may_declare_war_on.get(power, ())
                 if not (state.nazi_soviet_pact and pack.pact_blocked(power, t)))


def target_groups(state: State, pack: Pack, power: str) -> tuple[tuple[str, ...], ...]:
    """The target tuples ``power`` may still name this turn (Britain and France together, 32.42)."""
    declared = {t for i in state.crisis.intentions if i.power == power for t in i.targets}
    groups: list[tuple[str, ...]] = []
    for target in declarable_targets(state, pack, power):
        group = tuple(p for p in MAJOR_POWERS if p in pack.together_with(power, target))
        if group not in groups and not declared & set(group):
            groups.append(group)
    return tuple(groups)


def declare_war(state: State, command: c.DeclareWar, ctx: Context) -> list[Event]:
    """Rule 32.1: a declaration of war, judged at the end of the crisis phase (32.82)."""
    return _submit(state, ctx, command.power, command.targets, threat=False)


def threaten_war(state: State, command: c.ThreatenWar, ctx: Context) -> list[Event]:
    """Rule 32.83: a threat of war, which concessions may buy off."""
    return _submit(state, ctx, command.power, command.targets, threat=True)


def _submit(state: State, ctx: Context, power, targets, threat: bool) -> list[Event]:
    """Rule 32.1: a declaration (or threat) made in the crisis phase, for each target named."""
    pack = ctx.pack
    if state.phase is not Phase.CRISIS:
        raise RuleViolation("GS-32.1", "declarations are made during the crisis phase, which has ended")
    power = acting_power(ctx, power)
    if power == ITALY:
        raise RuleViolation("GS-32.5", "Italy may not declare war on major powers (32.51)")
    if threat and power == RUSSIA:
        raise RuleViolation("GS-32.83", "only Germany and the Allies threaten pre-emptive war (32.83)")
    if not isinstance(targets, (tuple, list)) or not targets:
        raise RuleViolation("GS-32.1", "name at least one major power to declare war on")
    named = [one_of(t, MAJOR_POWERS, "GS-32.21", "the target") for t in targets]
    if len(set(named)) != len(named):
        raise RuleViolation("GS-32.1", "a target is named twice")
    for target in named:
        if target not in pack.may_declare_war_on.get(power, ()):
            allowed = ", ".join(pack.may_declare_war_on.get(power, ())) or "no one"
            raise RuleViolation("GS-32.21", f"{power} may declare war only on {allowed} (32.21)")
        if state.nazi_soviet_pact and pack.pact_blocked(power, target):
            raise RuleViolation("GS-32.21", f"the Nazi-Soviet Pact forbids {power} to declare war on {target}")
        missing = pack.together_with(power, target) - set(named)
        if missing:
            raise RuleViolation("GS-32.42", f"{power} must declare war on {target} and "
                                + " and ".join(sorted(missing)) + " together, or on neither (32.42)")
    already = {t for i in state.crisis.intentions if i.power == power for t in i.targets} & set(named)
    if already:
        raise RuleViolation("GS-32.1", f"{power} has already declared war on {', '.join(sorted(already))} this turn")
    ordered = tuple(p for p in MAJOR_POWERS if p in named)
    return [ev.ThreatOfWarMade(power, ordered) if threat else ev.DeclarationOfWarMade(power, ordered)]
