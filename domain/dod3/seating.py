"""Rule 3.1: choosing major powers. Any grouping of the eight powers over one to eight players,
the Communist Chinese always with the Soviet player; the rulebook's recommended groupings are
offered as presets.

The 2-player grouping is printed as three lines; the second ends without its closing "&", which
the third supplies ("..., France, Communist China & the Soviet Union"), so the Democrats and the
Communists share a player against the Fascists."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.dod3.pack import Pack
from domain.dod3.powers import CC, CH, CW, FR, GE, IT, JA, MAJOR_POWERS, RU, US
from domain.dod3.state import State
from domain.kernel import MODERATOR, SYSTEM, Context, RuleViolation

_GROUPINGS: dict[str, tuple[tuple[str, ...], ...]] = {
    "2": ((GE, JA, IT), (US, CH, CW, FR, CC, RU)),
    "3": ((GE, JA, IT), (CW, FR, CH, US), (CC, RU)),
    "4a": ((GE,), (JA, IT), (CW, FR, CH, US), (CC, RU)),
    "4b": ((GE, JA, IT), (CW, FR), (CH, US), (CC, RU)),
    "5": ((GE,), (JA, IT), (CW, FR), (CH, US), (CC, RU)),
    "6a": ((GE,), (JA, IT), (CW,), (FR,), (CH, US), (CC, RU)),
    "6b": ((GE,), (JA,), (IT,), (CW, FR), (CH, US), (CC, RU)),
    "6c": ((GE,), (JA,), (IT,), (CW, CH), (FR, US), (CC, RU)),
    "7": ((GE,), (JA,), (IT,), (CW, CH), (FR,), (US,), (CC, RU)),
    "8": ((GE,), (IT,), (JA,), (CW,), (FR,), (US,), (CH,), (CC, RU)),
}

SEAT_PRESETS: dict[str, dict[str, tuple[str, ...]]] = {
    name: {f"player{i}": group for i, group in enumerate(groups, start=1)}
    for name, groups in _GROUPINGS.items()
}

# Game options and their types: option 4.1 (bitter end), option 8.6 (only options other than MP 0
# count towards the end of political affairs) and America in Flames (rule 2.6's war-chart columns).
OPTIONS: dict[str, type] = {"bitter_end": bool, "option_8_6": bool, "america_in_flames": bool}


def seat_powers(seats: Mapping[str, tuple[str, ...] | list[str]], pack: Pack) -> dict[str, tuple[str, ...]]:
    """Rule 3.1b: validate a seating and give each subordinate force to its major power's seat."""
    if not seats:
        raise RuleViolation("DOD3-3.1b", "a game needs at least one player")
    if len(seats) > len(MAJOR_POWERS):
        raise RuleViolation("DOD3-3.1b", f"at most {len(MAJOR_POWERS)} players")
    holder: dict[str, str] = {}
    for seat, powers in seats.items():
        if seat in (MODERATOR, SYSTEM):
            raise RuleViolation("DOD3-3.1b", f"{seat!r} is not a player seat")
        if not powers:
            raise RuleViolation("DOD3-3.1b", f"seat {seat!r} holds no major power")
        for power in powers:
            if power not in MAJOR_POWERS and power not in pack.subordinates:
                raise RuleViolation("DOD3-3.1a", f"{power!r} is not a major power (one of {', '.join(MAJOR_POWERS)})")
            if power in holder:
                raise RuleViolation("DOD3-3.1b", f"{power} is held by both {holder[power]!r} and {seat!r}")
            holder[power] = seat
    missing = [p for p in MAJOR_POWERS if p not in holder]
    if missing:
        raise RuleViolation("DOD3-3.1b", f"every major power needs a player; nobody holds {', '.join(missing)}")
    result = {seat: tuple(powers) for seat, powers in seats.items()}
    for force, spec in pack.subordinates.items():
        master_seat = holder[spec.serves_with]
        if force in holder and holder[force] != master_seat:
            raise RuleViolation("DOD3-3.1b", f"{force} is always controlled by the {spec.serves_with} player")
        if force not in holder:
            result[master_seat] = result[master_seat] + (force,)
    return result


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Known options with their defaults; anything else is refused at game creation."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise RuleViolation("DOD3-4.1", f"unknown option(s) {', '.join(unknown)}; known: {', '.join(OPTIONS)}")
    for name, kind in OPTIONS.items():
        if name in options and not isinstance(options[name], kind):
            raise RuleViolation("DOD3-4.1", f"option {name} must be a {kind.__name__}")
    return {name: bool(options.get(name, False)) for name in OPTIONS}


def require_holder(state: State, ctx: Context, power: str) -> None:
    """Rule 3.1b: a seat acts only for the major powers it holds; the moderator for any."""
    if power not in state.powers:
        raise RuleViolation("DOD3-3.1a", f"{power!r} is not a major power (one of {', '.join(MAJOR_POWERS)})")
    if not ctx.is_moderator and state.holders.get(power) != ctx.seat:
        raise RuleViolation("DOD3-3.1b", f"seat {ctx.seat!r} does not hold {power}")
