"""Value types of a declaration-of-war verdict (32.3, 32.83): modifiers, conditions, the verdict.

They travel inside events (``DeclarationAdjudicated``) and the ``war-thresholds`` projection, so they
use only codec-friendly fields: str, int, bool, enums, tuples of frozen dataclasses."""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    """Which rule family judges the declaration."""

    RESPONSE = "response"          # 32.61A: an Allied declaration on an Axis power committing an aggression
    PRE_EMPTIVE = "pre-emptive"    # 32.4, 32.61B, 32.7, 32.8
    RETALIATION = "retaliation"    # 32.63: the Allies after a German declaration of war on Russia
    PROHIBITED = "prohibited"      # 32.21, 32.5: the table never allows it


class Mode(enum.Enum):
    """What a legal declaration becomes: war, or only a threat that concessions may buy off (32.83)."""

    DECLARATION = "declaration"
    THREAT = "threat"
    NONE = "none"


class Outcome(enum.Enum):
    WAR = "war"
    NO_WAR = "no-war"
    CONCESSIONS_DEMANDED = "concessions-demanded"


@dataclass(frozen=True)
class Modifier:
    """One term of the net total, with the rule that adds it."""

    name: str
    value: int
    rule_id: str
    detail: str = ""


@dataclass(frozen=True)
class Condition:
    """One restriction a declaration must satisfy besides the threshold."""

    rule_id: str
    text: str
    met: bool
    detail: str = ""


@dataclass(frozen=True)
class Verdict:
    """The full judgement of one declaration: ``declarer`` on ``target``.

    ``margin`` is the net total minus the threshold; the threshold is exceeded when it is at least 1.
    ``concession_margin`` is the margin concessions are measured against (32.83C: for the Allies the
    lower-support Ally's); ``concession_level`` is the concession that avoids war when the mode is a
    threat and that margin is within the pack's maximum, else None."""

    declarer: str
    target: str
    kind: Kind
    rule_id: str
    modifiers: tuple[Modifier, ...] = ()
    net: int = 0
    threshold: int = 0
    margin: int = 0
    exceeds: bool = False
    conditions: tuple[Condition, ...] = ()
    legal: bool = False
    mode: Mode = Mode.NONE
    concession_margin: int | None = None
    concession_level: int | None = None
    preventable: bool = False
    conceding_powers: tuple[str, ...] = ()
    beneficiaries: tuple[str, ...] = ()


@dataclass(frozen=True)
class Adjudicated:
    """A declaration judged at the end of the crisis phase and what came of it."""

    verdict: Verdict
    threatened: bool     # made with ThreatenWar rather than DeclareWar
    outcome: Outcome


@dataclass(frozen=True)
class ConcessionDemand:
    """32.83: a legal threat the threatened power may buy off, or refuse and have war."""

    declarers: tuple[str, ...]
    targets: tuple[str, ...]
    conceding_powers: tuple[str, ...]   # who may concede (several only on a support-level tie)
    beneficiaries: tuple[str, ...]      # whose support rises (several only on a tie)
    level: int
    rule_id: str = "GS-32.83"


def build_verdict(declarer: str, target: str, kind: Kind, rule_id: str, modifiers: tuple[Modifier, ...],
                  conditions: tuple[Condition, ...], threshold: int, mode: Mode, **concession) -> Verdict:
    """Sum the modifiers and judge: legal when the threshold is exceeded and every condition holds."""
    net = sum(m.value for m in modifiers)
    margin = net - threshold
    return Verdict(declarer=declarer, target=target, kind=kind, rule_id=rule_id, modifiers=modifiers,
                   net=net, threshold=threshold, margin=margin, exceeds=margin >= 1, conditions=conditions,
                   legal=margin >= 1 and all(c.met for c in conditions), mode=mode, **concession)


def concession_terms(mode: Mode, margin: int, max_concession: int, conceding: tuple[str, ...],
                     beneficiaries: tuple[str, ...]) -> dict:
    """32.83A: a threat exceeding the threshold by 1..max is avoided by a concession of that size;
    by more it cannot be prevented. Declarations (fully mobilized) are never bought off."""
    if mode is not Mode.THREAT:
        return {}
    preventable = margin <= max_concession
    return {
        "concession_margin": margin,
        "concession_level": margin if 1 <= margin <= max_concession else None,
        "preventable": preventable,
        "conceding_powers": conceding,
        "beneficiaries": beneficiaries,
    }
