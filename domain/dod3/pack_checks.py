"""Cross-field checks of part 1's pack sections (powers, calendar, initiative, weather, production,
objectives), run on the loaded sections once every field is valid on its own. Each problem is
reported under the path of the field that is wrong."""
from __future__ import annotations

from domain.dod3.powers import MAJOR_POWERS
from domain.dod3.state import PointKind


def check(data: dict) -> dict:
    errors: dict = {}
    for found in (_powers(data), _calendar(data), _initiative(data), _weather(data), _objectives(data),
                  _production(data)):
        merge(errors, found)
    return errors


def merge(into: dict, more: dict) -> None:
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value


def _powers(data: dict) -> dict:
    missing = [p for p in MAJOR_POWERS if p not in data["powers"]]
    if missing:
        return {"powers": [f"expected all eight major powers (rule 3.1a); missing {', '.join(missing)}"]}
    return {}


def _calendar(data: dict) -> dict:
    calendar = data["calendar"]
    errors = {}
    if calendar.last_year < calendar.first_year:
        errors["last_year"] = ["expected a year no earlier than first_year"]
    if len(set(calendar.periods)) != len(calendar.periods):
        errors["periods"] = ["expected each period once"]
    return {"calendar": errors} if errors else {}


def _initiative(data: dict) -> dict:
    initiative, errors = data["initiative"], {}
    if sorted(initiative["start_track"]) != sorted(MAJOR_POWERS):
        errors["start_track"] = ["expected each of the eight major powers exactly once"]
    if len(initiative["bid_modifiers"]) != len(MAJOR_POWERS):
        errors["bid_modifiers"] = [f"expected {len(MAJOR_POWERS)} modifiers, one per initiative position"]
    return {"initiative": errors} if errors else {}


def _weather(data: dict) -> dict:
    weather, periods, errors = data["weather"], data["calendar"].periods, {}
    missing = [p for p in periods if p not in weather["chart"]]
    extra = [p for p in weather["chart"] if p not in periods]
    if missing or extra:
        errors["chart"] = [f"expected one column per calendar period ({', '.join(periods)})"]
    for period, column in weather["chart"].items():
        bad = sorted({r for r in column if r not in weather["results"]})
        if bad:
            errors.setdefault("chart", {})
            if isinstance(errors["chart"], dict):
                errors["chart"][period] = [f"unknown result {', '.join(bad)}; expected one of {list(weather['results'])}"]
    return {"weather": errors} if errors else {}


def _production(data: dict) -> dict:
    missing = [k.value for k in PointKind if k.value not in data["production"]["prices"]]
    return {"production": {"prices": [f"expected a price for {', '.join(missing)}"]}} if missing else {}


def _objectives(data: dict) -> dict:
    errors, seen = {}, set()
    for index, objective in enumerate(data["objectives"]):
        problems = {}
        if objective.name in seen:
            problems["name"] = ["expected each objective name once"]
        seen.add(objective.name)
        if objective.controller is None and not objective.capital_distances:
            problems["capital_distances"] = ["expected distances for an objective nobody controls (rule 4.2)"]
        if problems:
            errors[index] = problems
    return {"objectives": {"items": errors}} if errors else {}
