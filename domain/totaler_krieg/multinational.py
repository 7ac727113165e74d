"""Rule 13.8.3: multi-national units. A unit belongs to both its nationalities (every rule of either
applies: see ``verdicts.first_denial``); when one nationality's step is removed from the game the
owner performs an Emergency Breakdown and the other component stays on the map. The breakdown is
forced: whatever command removes a nationality from play (Case Yellow removing France's units, a
conquest, a cession) carries the breakdown of every multi-national unit containing it."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import FormMultinationalUnit, PerformEmergencyBreakdown
from domain.totaler_krieg.events import EmergencyBreakdownPerformed, MultinationalUnitFormed
from domain.totaler_krieg.ground_rules import unit_on_map
from domain.totaler_krieg.selection import acting_faction, multinational_fits
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import MultinationalUnit, TKState

RULE = "TK-13.8.3"


def form_unit(state: TKState, command: FormMultinationalUnit, ctx: Context) -> list[Event]:
    """Rule 13.8.3: the two nationalities fit the template (e.g. Western AA: British and a Western
    minor, never with a British colonial unit)."""
    pack = ctx.pack
    faction = acting_faction(command.power)
    spec = pack.multinational.get(command.template)
    if spec is None:
        raise RuleViolation(RULE, f"unknown multi-national unit {command.template!r}; "
                                  f"one of {sorted(pack.multinational)}")
    if spec.faction is not faction:
        raise RuleViolation(RULE, f"{spec.name} is a {spec.faction.value} unit")
    if command.unit_id in state.multinational:
        raise RuleViolation(RULE, f"unit {command.unit_id!r} already exists")
    sit = situation(state, pack)
    for nationality in command.nationalities:
        verdict = unit_on_map(sit, nationality)
        if not verdict.allowed:
            raise RuleViolation(verdict.rule, verdict.reason)
    if len(command.nationalities) != 2 or not multinational_fits(pack, sit, command.template, command.nationalities):
        raise RuleViolation(RULE, f"{spec.name} combines {' and '.join(spec.nationalities)}"
                                  + (f" with a {spec.minor_of.value} Minor Country" if spec.minor_of else ""))
    if command.colonial_component and spec.no_colonial_from in command.nationalities:
        raise RuleViolation(RULE, f"{pack.countries[spec.no_colonial_from].name} colonial units cannot build the "
                                  f"{spec.name}")
    return [MultinationalUnitFormed(command.unit_id, command.template, command.nationalities)]


def breakdown(state: TKState, command: PerformEmergencyBreakdown, ctx: Context) -> list[Event]:
    """Rule 13.8.3: a step of ``removed`` leaves the game; the remaining component stays on the map."""
    faction = acting_faction(command.power)
    unit = state.multinational.get(command.unit_id)
    if unit is None:
        raise RuleViolation(RULE, f"no multi-national unit {command.unit_id!r}")
    spec = ctx.pack.multinational[unit.template]
    if spec.faction is not faction:
        raise RuleViolation(RULE, f"{spec.name} belongs to the {spec.faction.value} faction")
    if command.removed not in unit.nationalities:
        raise RuleViolation(RULE, f"{command.unit_id} has no {command.removed} component")
    return [_broken_down(ctx.pack, command.unit_id, unit, command.removed)]


def _broken_down(pack, unit_id: str, unit: MultinationalUnit, removed: str) -> EmergencyBreakdownPerformed:
    remaining = next(n for n in unit.nationalities if n != removed)
    component = pack.multinational[unit.template].components.get(remaining, f"the {remaining} unit used to build it")
    return EmergencyBreakdownPerformed(unit_id, unit.template, removed, remaining, component)


def removed_nationality(sit, unit: MultinationalUnit) -> str | None:
    """The first nationality of ``unit`` whose units can no longer be on the map, or None."""
    return next((n for n in unit.nationalities if not unit_on_map(sit, n).allowed), None)


def forced_breakdowns(before: TKState, after: TKState, pack) -> list[Event]:
    """Rule 13.8.3: "the owning faction must perform an Emergency Breakdown": each multi-national unit
    with a nationality that could be on the map ``before`` a command and cannot ``after`` it."""
    if not after.multinational:
        return []
    was, now = situation(before, pack), situation(after, pack)
    events: list[Event] = []
    for unit_id, unit in after.multinational.items():
        removed = removed_nationality(now, unit)
        if removed is not None and unit_on_map(was, removed).allowed:
            events.append(_broken_down(pack, unit_id, unit, removed))
    return events
