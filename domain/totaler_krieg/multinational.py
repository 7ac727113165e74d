"""Rule 13.8.3: multi-national units. A unit belongs to both its nationalities (every rule of either
applies: see ``verdicts.first_denial``); when one nationality's step is removed from the game the
owner performs an Emergency Breakdown and the other component stays on the map."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import FormMultinationalUnit, PerformEmergencyBreakdown
from domain.totaler_krieg.events import EmergencyBreakdownPerformed, MultinationalUnitFormed
from domain.totaler_krieg.ground_rules import unit_on_map
from domain.totaler_krieg.selection import acting_faction, multinational_fits
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState

RULE = "TK-13.8.3"


def form_unit(cmd: FormMultinationalUnit, state: TKState, ctx: Context) -> list[Event]:
    """Rule 13.8.3: the two nationalities fit the template (e.g. Western AA: British and a Western
    minor, never with a British colonial unit)."""
    pack = ctx.pack
    faction = acting_faction(cmd.power)
    spec = pack.multinational.get(cmd.template)
    if spec is None:
        raise RuleViolation(RULE, f"unknown multi-national unit {cmd.template!r}; one of {sorted(pack.multinational)}")
    if spec.faction is not faction:
        raise RuleViolation(RULE, f"{spec.name} is a {spec.faction.value} unit")
    if cmd.unit_id in state.multinational:
        raise RuleViolation(RULE, f"unit {cmd.unit_id!r} already exists")
    sit = situation(state, pack)
    for nationality in cmd.nationalities:
        verdict = unit_on_map(sit, nationality)
        if not verdict.allowed:
            raise RuleViolation(verdict.rule, verdict.reason)
    if len(cmd.nationalities) != 2 or not multinational_fits(pack, sit, cmd.template, cmd.nationalities):
        raise RuleViolation(RULE, f"{spec.name} combines {' and '.join(spec.nationalities)}"
                                  + (f" with a {spec.minor_of.value} Minor Country" if spec.minor_of else ""))
    if cmd.colonial_component and spec.no_colonial_from in cmd.nationalities:
        raise RuleViolation(RULE, f"{pack.countries[spec.no_colonial_from].name} colonial units cannot build the "
                                  f"{spec.name}")
    return [MultinationalUnitFormed(cmd.unit_id, cmd.template, cmd.nationalities)]


def breakdown(cmd: PerformEmergencyBreakdown, state: TKState, ctx: Context) -> list[Event]:
    """Rule 13.8.3: a step of ``removed`` leaves the game; the remaining component stays on the map."""
    faction = acting_faction(cmd.power)
    unit = state.multinational.get(cmd.unit_id)
    if unit is None:
        raise RuleViolation(RULE, f"no multi-national unit {cmd.unit_id!r}")
    spec = ctx.pack.multinational[unit.template]
    if spec.faction is not faction:
        raise RuleViolation(RULE, f"{spec.name} belongs to the {spec.faction.value} faction")
    if cmd.removed not in unit.nationalities:
        raise RuleViolation(RULE, f"{cmd.unit_id} has no {cmd.removed} component")
    remaining = next(n for n in unit.nationalities if n != cmd.removed)
    component = spec.components.get(remaining, f"the {remaining} unit used to build it")
    return [EmergencyBreakdownPerformed(cmd.unit_id, unit.template, cmd.removed, remaining, component)]
