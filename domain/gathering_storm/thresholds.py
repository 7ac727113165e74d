"""Rule 32.3: the threshold requirement and the factors every declaring power shares.

Balance of power (32.32), support levels (32.33), EAI (32.34), plus the concession terms of 32.83
that change support levels for the rest of the turn."""
from __future__ import annotations

from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import AXIS
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.verdict import Modifier

State = GatheringStormState


def support_level(state: State, power: str, declaration: tuple[str, str] | None = None) -> int:
    """32.33, 32.83A: the recorded support level plus this turn's concession shifts.

    Concessions that bought off ``declaration`` are left out here: for that declaration they count
    once, as the negative modifier of 32.83A (see ``concession_modifiers``), not again as a shift."""
    level = state.facts.support.get(power, 0)
    for concession in state.crisis.concessions:
        if declaration is not None and concession.covers(*declaration):
            continue
        if concession.beneficiary == power:
            level += concession.level
        if concession.conceding_power == power:
            level -= concession.level
    return level


def concession_modifiers(state: State, declarer: str, target: str) -> tuple[Modifier, ...]:
    """32.83A: each concession made to avoid this declaration is a negative modifier."""
    return tuple(
        Modifier("concessions", -c.level, "GS-32.83",
                 f"{c.conceding_power} conceded {c.level} to {c.beneficiary} this turn")
        for c in state.crisis.concessions if c.covers(declarer, target)
    )


def balance_of_power_modifier(state: State, declarer: str) -> Modifier:
    """32.32: the balance of power counts 1:1 for the side it favours and against the other."""
    advantage = state.facts.balance_of_power
    value = advantage if declarer in AXIS else -advantage
    if advantage == 0:
        detail = "balance of power even"
    else:
        detail = f"balance of power favours the {'Axis' if advantage > 0 else 'Allies'} by {abs(advantage)}"
    return Modifier("balance of power", value, "GS-32.3", detail)


def eai_modifier(state: State, pack: Pack) -> Modifier:
    """32.34: the turn's EAI, its effect capped at +/- the pack's cap (5)."""
    eai = state.facts.eai
    value = max(-pack.eai_cap, min(pack.eai_cap, eai))
    detail = f"EAI {eai:+d}" + (f", capped at {value:+d}" if value != eai else "")
    return Modifier("European Aggression Index", value, "GS-32.3", detail)


def support_modifier(declarer: str, declarer_level: int, target: str, target_level: int,
                     rule_id: str = "GS-32.3", note: str = "") -> Modifier:
    """32.33A/B: the declarer's support level minus the target's."""
    detail = f"{declarer} {declarer_level} vs {target} {target_level}" + (f" ({note})" if note else "")
    return Modifier("support levels", declarer_level - target_level, rule_id, detail)
