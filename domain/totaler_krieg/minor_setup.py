"""Rule 13.7: minor country set-up, steps 1-8, the mobilization roll and the 13.7.2 exceptions.

The exceptions (Finland, Italy, Switzerland, Vichy) are data: groups of counters placed first;
the normal steps then handle whatever counters remain. The result is one ``MinorSetUp`` event
naming every counter's destination, the capital marker and the roll (or why there is none)."""
from __future__ import annotations

from domain.kernel import Context, Dice, Event, RuleViolation
from domain.totaler_krieg.commands import MobilizeUnits
from domain.totaler_krieg.events import MinorSetUp, Placed, UnitsMobilized
from domain.totaler_krieg.pack import Pack, SetupGroup
from domain.totaler_krieg.pack_checks import HOME_AND_DEPENDENTS
from domain.totaler_krieg.selection import select_minor
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.territory import dependent_places, home_places, owners
from domain.totaler_krieg.vocabulary import CLEARED_ON_SETUP, CountryMarker, Faction, Location, Status

RULE = "TK-13.7"
MOBILIZING = "mobilizing"


def _near_cities(state: TKState, pack: Pack, country: str, group: SetupGroup) -> str:
    owned = owners(state, pack)
    places: list[str] = []
    for name in group.near_cities_in:
        places += (home_places(owned, country) + dependent_places(owned, country)) if name == HOME_AND_DEPENDENTS \
            else [name]
    names = [pack.places[p].name for p in places if p not in group.excluding and not pack.places[p].off_map]
    return f"in or adjacent to City/Port hexes in {' and/or '.join(names)}, one unit per hex"


def _exception(state: TKState, pack: Pack, country: str, faction: Faction, group: SetupGroup,
               convoy_box: str | None, convoy_mode: str | None) -> list[Placed]:
    """Rule 13.7.2: one group of a country's set-up exceptions."""
    name = pack.countries[country].name
    units = [u for u in group.units if not group.only_if_set_aside or state.units[u].location is Location.SET_ASIDE]
    if group.axis_only and faction is not Faction.AXIS:
        return [Placed(u, Location.REMOVED, None, f"13.7.2 {name}: removed unless Axis") for u in units]
    if group.requires_place_in_country and owners(state, pack)[group.requires_place_in_country].country != country:
        where = pack.places[group.requires_place_in_country].name
        return [Placed(u, Location.REMOVED, None, f"13.7.2 {name}: {where} is ceded") for u in units]
    step = f"13.7.2 {name}"
    if group.to is Location.CONVOY_BOX:
        if convoy_box not in group.convoy_boxes or convoy_mode not in pack.convoy_modes:
            raise RuleViolation(RULE, f"{name}'s Convoy marker goes to one of {list(group.convoy_boxes)} in a mode of "
                                      f"{list(pack.convoy_modes)}: give convoy_box and convoy_mode")
        return [Placed(u, Location.CONVOY_BOX, f"{convoy_box} ({convoy_mode})", step) for u in units]
    if group.to is Location.MAP and group.at:
        return [Placed(u, Location.MAP, hex, step) for u, hex in zip(group.units, group.at) if u in units]
    if group.to is Location.MAP:
        where = _near_cities(state, pack, country, group)
        return [Placed(u, Location.MAP, where, step) for u in units]
    return [Placed(u, group.to, None, step) for u in units]


def _normal_step(pack: Pack, unit: str, country_name: str) -> Placed:
    """Rule 13.7.1 steps 1-5 for one counter.

    Where the seed is silent: a counter that is neither a ground unit nor delay-striped (a fleet
    or marker without a Delay Stripe) goes to the Force Pool."""
    spec = pack.units[unit]
    kind = pack.unit_kinds[spec.kind]
    if spec.code == pack.partnership_code:
        return Placed(unit, Location.PARTNERSHIP_SET_ASIDE, None, "1")
    if spec.code == pack.reserve_code:
        return Placed(unit, Location.FORCE_POOL, None, "2")
    if spec.delay and not kind.fortress:
        return Placed(unit, Location.DELAY_BOX, None, "3")
    if kind.fixed:
        return Placed(unit, Location.MAP, spec.hex, "4")
    if kind.ground:
        return Placed(unit, Location.MAP, f"in or adjacent to a City/Port hex in {country_name}, one unit per hex, "
                                          "one-step side up", "5")
    return Placed(unit, Location.FORCE_POOL, None, "5")


def no_roll_reason(state: TKState, pack: Pack, country: str, political_event: str | None) -> str | None:
    """Rule 13.7.1 step 7: the exceptions to the mobilization roll."""
    if state.has_marker(country, CountryMarker.CIVIL_WAR):
        return "it is a Civil War Country (13.8.4)"
    event = pack.events.get(political_event) if political_event else None
    if event is not None and not event.mobilization_roll:
        return f"it was activated by {event.name} ({event.number})"
    if not pack.countries[country].mobilization_roll:
        return f"the country is {pack.countries[country].name}"
    return None


def setup_event(state: TKState, pack: Pack, country: str, faction: Faction, dice: Dice,
                political_event: str | None = None, convoy_box: str | None = None,
                convoy_mode: str | None = None) -> MinorSetUp:
    """Rule 13.7: set up a minor that has just become Active.

    Where the seed is silent: the controlling faction "may" roll for Mobilizations; the roll is always
    made, since using the Mobilizations is optional anyway. Unused Mobilizations stay available."""
    name = pack.countries[country].name
    placements: list[Placed] = []
    handled: set[str] = set()
    for group in pack.setup_exceptions.get(country, ()):
        placements += _exception(state, pack, country, faction, group, convoy_box, convoy_mode)
        handled.update(group.units)
    placements += [_normal_step(pack, u, name) for u in pack.units_of.get(country, ())
                   if u not in handled and state.units[u].location is Location.SET_ASIDE]
    event = pack.events.get(political_event) if political_event else None
    marker = event.capital_marker if event is not None and event.capital_marker else MOBILIZING
    reason = no_roll_reason(state, pack, country, political_event)
    roll = None if reason else dice.roll(pack.die_sides)
    cleared = state.markers.get(country, frozenset()) & CLEARED_ON_SETUP
    return MinorSetUp(country, faction, tuple(placements), marker, roll, reason, cleared)


def mobilize(state: TKState, command: MobilizeUnits, ctx: Context) -> list[Event]:
    """Rule 13.7.1: each Mobilization flips one one-step unit to its two-step side (all optional)."""
    pack = ctx.pack
    facts = select_minor(pack, situation(state, pack), command.country, "mobilization", Status.ACTIVE)
    if facts.alignment.value != command.power:
        raise RuleViolation(RULE, f"the {facts.alignment.value} faction controls {facts.name}")
    left = state.mobilizations.get(command.country, 0)
    if not command.units or len(command.units) > left or len(set(command.units)) != len(command.units):
        raise RuleViolation(RULE, f"{facts.name} has {left} Mobilization(s) left; name that many units at most, "
                                  "once each")
    for unit in command.units:
        spec = pack.units.get(unit)
        here = state.units.get(unit)
        if spec is None or spec.country != command.country or here.location is not Location.MAP:
            raise RuleViolation(RULE, f"{unit} is not a {facts.name} unit on the map")
        if spec.steps != 2 or here.two_step:
            raise RuleViolation(RULE, f"{unit} is not a one-step unit with a two-step side")
    return [UnitsMobilized(command.country, command.units)]
