"""Verdicts for every possible declaration of war (32.21 table, 32.3 thresholds): the pure function
behind ``legal_commands`` and the ``war-thresholds`` projection.

A verdict is judged on the state as it stands: during the crisis phase it previews what the end of
the phase would decide on the facts recorded so far; the adjudication (32.82) uses the same
functions stage by stage, so preview and ruling never disagree on the same state."""
from __future__ import annotations

from domain.gathering_storm.allied import allied_verdict, retaliation_verdict
from domain.gathering_storm.german import german_verdict_on_ally, german_verdict_on_russia
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, GERMANY, ITALY, MAJOR_POWERS, RUSSIA, opposing
from domain.gathering_storm.russian import russian_verdict
from domain.gathering_storm.state import GatheringStormState
from domain.gathering_storm.verdict import Condition, Kind, Verdict

State = GatheringStormState


def prohibited(pack: Pack, declarer: str, target: str) -> Verdict:
    """Rules 32.21 and 32.5: declarations the table never allows (Italy never declares war)."""
    if declarer == ITALY:
        condition = Condition("GS-32.5", "Italy may not declare war on major powers (32.21B, 32.51)", False)
    else:
        allowed = ", ".join(pack.may_declare_war_on.get(declarer, ())) or "no one"
        condition = Condition("GS-32.21", f"{declarer} may declare war only on {allowed} (32.21)", False)
    return Verdict(declarer=declarer, target=target, kind=Kind.PROHIBITED, rule_id=condition.rule_id,
                   threshold=pack.threshold, conditions=(condition,))


def verdict_for(state: State, pack: Pack, declarer: str, target: str) -> Verdict:
    """The verdict on ``declarer`` declaring war on ``target`` now."""
    if declarer == ITALY or target not in pack.may_declare_war_on.get(declarer, ()):
        return prohibited(pack, declarer, target)
    if declarer == GERMANY:
        return german_verdict_on_russia(state, pack) if target == RUSSIA else german_verdict_on_ally(state, pack, target)
    if declarer in ALLIES:
        return allied_verdict(state, pack, declarer, target)
    return russian_verdict(state, pack)


def possible_declarations() -> tuple[tuple[str, str], ...]:
    """32.11: every major power on every opposing major power."""
    return tuple((a, b) for a in MAJOR_POWERS for b in MAJOR_POWERS if a != b and opposing(a, b))


def war_thresholds(state: State, pack: Pack) -> tuple[Verdict, ...]:
    """Every possible declaration's verdict, then the Allies' retaliation after a German declaration
    on Russia (32.63), which is a separate way to declare war on Germany."""
    verdicts = tuple(verdict_for(state, pack, a, b) for a, b in possible_declarations())
    return verdicts + tuple(retaliation_verdict(state, pack, ally) for ally in ALLIES)
