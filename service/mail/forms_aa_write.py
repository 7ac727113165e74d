"""Axis & Allies short forms written back for HELP (play by email): counted units, unit lists,
routes, chances, standing orders and repairs in the words ``forms_aa`` reads, so each offered
command is mailed as a line that reads back to it. ``WRITERS`` are named by the forms' ``write``
templates (``{units|units}``) in ``shortforms/<ruleset>.yaml``."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from service.mail.forms_aa import HIT, KAMIKAZE_TARGETS, Words


def _word(words: Words, unit: str) -> str:
    base, hit = (unit[:-len(HIT)], HIT.upper()) if unit.endswith(HIT) else (unit, "")
    return words.written.get(base, base).upper() + hit


def write_units(value: dict, words: Words) -> str:
    if not isinstance(value, dict) or not value:
        raise KeyError("units")
    return " ".join(f"{n} {_word(words, unit)}" for unit, n in value.items())


def write_unit_list(value: list, words: Words) -> str:
    if not isinstance(value, list) or not value:
        raise KeyError("units")
    return " ".join(_word(words, unit) for unit in value)


def write_route(value: list, words: Words) -> str:
    if not isinstance(value, list) or not value:
        raise KeyError("route")
    return " -> ".join(value)


def write_chance(value: Any) -> str:
    fraction = Fraction(str(value))
    percent = fraction * 100
    return f"{percent.numerator}%" if percent.denominator == 1 else f"{fraction.numerator}/{fraction.denominator}"


def write_standing(example: dict, words: Words) -> str:
    """The words after STANDING ORDERS that state ``example`` (the power's current orders)."""
    parts = [_word(words, u) for u in example.get("order_of_losses") or ()]
    if example.get("retreat_below") is not None:
        parts.append(f"RETREAT BELOW {write_chance(example['retreat_below'])}")
    if example.get("retreat_after_round") is not None:
        parts.append(f"RETREAT AFTER ROUND {example['retreat_after_round']}")
    parts += ["SUBMERGE"] * bool(example.get("submerge")) + ["INTERACTIVE"] * bool(example.get("interactive"))
    parts += ["KEEP FACTORIES"] * (example.get("destroy_factories") is False)
    parts += ["NO EMERGENCY"] * (example.get("emergency_infantry") is False)
    parts += ["SCRAMBLE"] * bool(example.get("scramble"))  # Global's; a Revised example has no such field
    if example.get("kamikaze") or example.get(KAMIKAZE_TARGETS):
        targets = " ".join(_word(words, u) for u in example.get(KAMIKAZE_TARGETS) or ())
        parts.append(f"KAMIKAZE {int(example.get('kamikaze') or 0)}" + (f" AT {targets}" if targets else ""))
    if example.get("raid_zones") or example.get("lend_lease"):
        raise KeyError("raid_zones")  # no short form: HELP writes the generic syntax
    return "".join(" " + p for p in parts)


def write_repairs(value: dict, words: Words) -> str:
    if not isinstance(value, dict) or not value:
        raise KeyError("repairs")
    return ", ".join(f"{n} {territory}" for territory, n in value.items())


WRITERS: dict[str, Callable[[Any, Words], str]] = {
    "units": write_units, "unit_list": write_unit_list, "route": write_route, "standing": write_standing,
    "repairs": write_repairs,
    "words": lambda value, words: str(value).replace("_", " "),
    "chart": lambda value, words: str(value).replace("_", " ").upper(),
}
