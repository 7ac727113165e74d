"""Rules 13.8.2 and 13.8.5: creating minor countries, and partnership countries.

Puppet Government (Axis cards 28b, 29b) makes an eligible dependent or region, or re-activates any
Conquered Country, as an Active Axis minor; Provincial Independence (15.34) makes an eligible
region a Neutral minor; Minor Country Created (15.25) and the Ostland Accord (16.2.2) re-create a
country ceded to Russia in its entirety (13.8.1.1), never one gone for good (13.8.1.2)."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import CreateMinor, CreatePartnership
from domain.totaler_krieg.counters import relocate
from domain.totaler_krieg.events import CountryReactivated, MinorCreated, PartnershipCreated
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.selection import acting_faction, place_role, require, select_minor
from domain.totaler_krieg.situation import Situation, situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import (
    CountryMarker,
    CreateVia,
    Faction,
    Location,
    PlaceKind,
    ReactivateVia,
    Status,
)

RULE = "TK-13.8.2"
PARTNERSHIP_RULE = "TK-13.8.5"
# Where P counters wait: set aside by set-up step 1 (13.7.1), by a scenario, or with a Neutral country.
# 13.8.2: Puppet Government and Minor Country Created make a Conquered Country an Axis minor again.
_AXIS_REACTIVATION = (CreateVia.PUPPET_GOVERNMENT, CreateVia.MINOR_COUNTRY_CREATED)
_AWAITING_PARTNERSHIP = frozenset({Location.PARTNERSHIP_SET_ASIDE, Location.SCENARIO, Location.SET_ASIDE})


def _axis(command: CreateMinor, ctx: Context) -> Faction:
    faction = require(command.power, Faction.AXIS)
    if command.via is CreateVia.PUPPET_GOVERNMENT and not command.cities_under_axis_control:
        raise RuleViolation(RULE, "Puppet Government needs every City of the area under Axis control")
    return faction


def _recreate(state: TKState, command: CreateMinor, ctx: Context, country: str) -> list[Event]:
    """Rule 13.8.1.1: re-create a country ceded to Russia in its entirety.

    Where the seed is silent: the Ostland Accord re-creates it Neutral, Minor Country Created as an
    Active Axis minor; the markers its cession placed with Russia leave the Ceded Lands Box."""
    pack = ctx.pack
    gone = state.gone[country]
    name = pack.countries[country].name
    if not gone.recreatable:
        raise RuleViolation("TK-13.8.1", f"{name} was removed from play (13.8.1.2) and cannot be re-created")
    if command.via not in (CreateVia.MINOR_COUNTRY_CREATED, CreateVia.OSTLAND_ACCORD):
        raise RuleViolation(RULE, f"{name} is re-created only by Minor Country Created or the Ostland Accord")
    if command.via is CreateVia.OSTLAND_ACCORD:
        acting_faction(command.power)
        status, faction, placements = Status.NEUTRAL, None, ()
    else:
        status, faction = Status.ACTIVE, _axis(command, ctx)
        placements = relocate(state, pack, country, {Location.SET_ASIDE}, Location.FORCE_POOL)
    cession_to = pack.markers[gone.by].to if gone.by in pack.markers else None
    returned = tuple(m for m in gone.markers if pack.markers[m].to == cession_to and m in state.ceded)
    return [MinorCreated(country, command.via, status, faction, False, returned, placements)]


def _check_area(state: TKState, command: CreateMinor, pack: Pack, sit: Situation) -> None:
    """Rule 13.8.2: the area must be one of the listed dependents and regions, and be one now."""
    spec = pack.countries.get(command.area)
    if spec is None or spec.created_from is None or not spec.creatable:
        raise RuleViolation(RULE, f"{command.area!r} is not a Dependent or Region eligible to become a Minor Country")
    place = sit.places[spec.created_from]
    if command.via is CreateVia.OSTLAND_ACCORD:
        raise RuleViolation(RULE, "the Ostland Accord only re-creates countries ceded to Russia (13.8.1.1)")
    if command.via is CreateVia.PROVINCIAL_INDEPENDENCE:
        if place.dependent is not None or place.kind not in (PlaceKind.REGION, PlaceKind.BREAKAWAY):
            raise RuleViolation(RULE, f"Provincial Independence applies to Regions; {place.name} is "
                                      f"{place_role(sit, place.id)}")
        if place.kind is PlaceKind.BREAKAWAY and not state.has_marker(place.country, CountryMarker.CIVIL_WAR):
            raise RuleViolation("TK-13.8.4", f"{place.name} is a Breakaway Region only while "
                                             f"{sit.countries[place.country].name} is in Civil War")
    elif place.dependent is None and place.kind is PlaceKind.CORE:
        raise RuleViolation(RULE, f"{place.name} is {place_role(sit, place.id)}, not a Dependent or Region")


def create_minor(state: TKState, command: CreateMinor, ctx: Context) -> list[Event]:
    """Rule 13.8.2: make a minor country from a dependent, region or conquered country.

    Where the seed is silent: an Active created minor's units go to the Axis Force Pool (the card or
    event that creates it says what is set up on the map); a Breakaway Region gains independence
    only while its country is in Civil War (13.8.4)."""
    pack = ctx.pack
    sit = situation(state, pack)
    if command.area in state.gone:
        return _recreate(state, command, ctx, command.area)
    facts = sit.countries.get(command.area)
    if facts is not None and facts.exists:
        if facts.status is Status.CONQUERED and command.via in _AXIS_REACTIVATION:
            _axis(command, ctx)
            return [CountryReactivated(facts.id, Faction.AXIS, ReactivateVia.MINOR_COUNTRY_CREATED,
                                       relocate(state, pack, facts.id, {Location.CONQUERED_BOX}, Location.FORCE_POOL))]
        raise RuleViolation(RULE, f"{facts.name} is already a Minor Country ({facts.status.value})")
    _check_area(state, command, pack, sit)
    if command.via is CreateVia.PROVINCIAL_INDEPENDENCE:
        acting_faction(command.power)
        return [MinorCreated(command.area, command.via, Status.NEUTRAL, None, True, (), ())]
    _axis(command, ctx)
    return [MinorCreated(command.area, command.via, Status.ACTIVE, Faction.AXIS, True, (),
                         relocate(state, pack, command.area, {Location.SET_ASIDE}, Location.FORCE_POOL))]


def partnership_eligible(pack: Pack, sit: Situation, state: TKState, faction: Faction, country: str) -> str | None:
    """Rule 13.8.5: why ``country`` cannot be the faction's Partnership Country, or None."""
    facts = sit.countries[country]
    if not pack.countries[country].partnership:
        return f"{facts.name} is not one of the Partnership countries"
    if not facts.exists or facts.status is not Status.ACTIVE or facts.alignment is not faction:
        return f"{facts.name} is not an Active {faction.value} Minor Country"
    if country in state.conquered_or_liberated:
        return f"{facts.name} has been conquered or liberated during the game"
    return None


def create_partnership(state: TKState, command: CreatePartnership, ctx: Context) -> list[Event]:
    """Rule 13.8.5: one Partnership Country per faction; its P ground units go to the Delay Box."""
    pack = ctx.pack
    faction = acting_faction(command.power)
    if faction in state.partnerships:
        raise RuleViolation(PARTNERSHIP_RULE, f"the {faction.value} faction already has a Partnership Country "
                                              f"({pack.countries[state.partnerships[faction]].name})")
    sit = situation(state, pack)
    facts = select_minor(pack, sit, command.country, "a Partnership card")
    reason = partnership_eligible(pack, sit, state, faction, facts.id)
    if reason:
        raise RuleViolation(PARTNERSHIP_RULE, reason)
    placements = relocate(state, pack, facts.id, _AWAITING_PARTNERSHIP, Location.DELAY_BOX,
                          lambda u: pack.units[u].code == pack.partnership_code and pack.is_ground(u))
    return [PartnershipCreated(faction, facts.id, placements)]
