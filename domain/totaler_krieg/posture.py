"""Rule 13.6: country posture.

An Axis country's posture is always War. An Allied country's posture is the marker in its Posture
Box (a policy or a truce), or War when the box is empty. Majors and France have their own boxes;
every other Allied minor (and Vichy, 13.8.6) uses its faction's minors box."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import RuleViolation
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import WAR, Faction, PostureKind

RULE = "TK-13.6"


@dataclass(frozen=True)
class Posture:
    value: str | None  # "war", a policy id or a truce id; None while the alignment is undetermined
    kind: PostureKind | None
    box: str | None


UNDETERMINED = Posture(None, None, None)


def posture_box(pack: Pack, country: str, alignment: Faction | None) -> str | None:
    """Rule 13.6, 13.8.6: the Posture Box tracking an Allied country (None for Axis countries).

    Where the seed is silent: a minor with a box of its own (France) uses it only while aligned
    with the faction that box is friendly to; otherwise it uses its faction's minors box."""
    if alignment is None or alignment is Faction.AXIS:
        return None
    spec = pack.countries[country]
    own = spec.posture_box
    if own is not None and (spec.major or pack.boxes[own].friendly_to is alignment):
        return own
    return next(b.id for b in pack.boxes.values() if b.minors_of is alignment)


def posture_of(state: TKState, pack: Pack, country: str, alignment: Faction | None) -> Posture:
    """Rule 13.6: the marker in the country's box is its posture; no marker means War."""
    if alignment is None:
        return UNDETERMINED
    if alignment is Faction.AXIS:
        return Posture(WAR, PostureKind.WAR, None)
    box = posture_box(pack, country, alignment)
    marker = state.boxes.get(box)
    if marker is None:
        return Posture(WAR, PostureKind.WAR, box)
    return Posture(marker, PostureKind.POLICY if marker in pack.policies else PostureKind.TRUCE, box)


def check_box_free(state: TKState, pack: Pack, box: str) -> None:
    """Rule 13.6: a Posture Box holds a Truce or a Policy marker, never both, never two."""
    if box not in pack.boxes:
        raise RuleViolation(RULE, f"unknown posture box {box!r}; one of {sorted(pack.boxes)}")
    marker = state.boxes.get(box)
    if marker is not None:
        raise RuleViolation(RULE, f"the {pack.boxes[box].name} Posture Box already holds {marker_name(pack, marker)}")


def marker_name(pack: Pack, marker: str) -> str:
    if marker in pack.policies:
        return pack.policies[marker].name
    return pack.truces[marker].name


def boxes_with(state: TKState, marker: str) -> tuple[str, ...]:
    """Every Posture Box holding ``marker`` (13.6.1.2: a policy's markers end together)."""
    return tuple(box for box, held in state.boxes.items() if held == marker)
