"""Markers in countries that chapter 13 reads: Influence and Republican Stronghold (13.5 priorities
2-3), Neutrality (13.7.1 step 8), Civil War (13.8.4), Reich Annex (13.2.1: the country becomes part
of Germany), and the Republican Support marker. Other chapters' events place them; this module
keeps them consistent."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import PlaceCountryMarker, RemoveCountryMarker, SetRepublicanSupport
from domain.totaler_krieg.events import CountryMarkerPlaced, CountryMarkerRemoved, RepublicanSupportSet
from domain.totaler_krieg.selection import acting_faction, require, select_minor
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import ALLIED, INFLUENCE, CountryMarker, Status

# Markers that only make sense on a Neutral minor, with the rule that reads them.
_NEUTRAL_ONLY = {CountryMarker.WESTERN_INFLUENCE: "TK-13.5", CountryMarker.SOVIET_INFLUENCE: "TK-13.5",
                 CountryMarker.NEUTRALITY: "TK-13.7", CountryMarker.CIVIL_WAR: "TK-13.8.4"}


def place_marker(state: TKState, command: PlaceCountryMarker, ctx: Context) -> list[Event]:
    """Place a marker in a minor country.

    Where the seed is silent: a country holds one Influence marker at most (priority 3 names one
    Allied faction), so placing the other faction's replaces it."""
    acting_faction(command.power)
    pack = ctx.pack
    facts = select_minor(pack, situation(state, pack), command.country, f"a {command.marker.value} marker")
    rule = _NEUTRAL_ONLY.get(command.marker, "TK-13.2")
    if state.has_marker(facts.id, command.marker):
        raise RuleViolation(rule, f"{facts.name} already holds a {command.marker.value} marker")
    if command.marker in _NEUTRAL_ONLY and facts.status is not Status.NEUTRAL:
        raise RuleViolation(rule, f"a {command.marker.value} marker goes in a Neutral country; {facts.name} is "
                                  f"{facts.status.value}")
    if command.marker is CountryMarker.CIVIL_WAR and not (state.random_campaign
                                                      or pack.countries[facts.id].civil_war_candidate):
        candidates = ", ".join(c.name for c in pack.countries.values() if c.civil_war_candidate)
        raise RuleViolation(rule, f"in a standard game only {candidates} can be in Civil War (any minor in the "
                                  "Random Campaign Game)")
    replaced = frozenset(m for m in INFLUENCE if m is not command.marker and state.has_marker(facts.id, m)) \
        if command.marker in INFLUENCE else frozenset()
    return [CountryMarkerPlaced(facts.id, command.marker, replaced)]


def remove_marker(state: TKState, command: RemoveCountryMarker, ctx: Context) -> list[Event]:
    """Remove a marker; a civil war ends only by activation or a final Civil War Defeat/Victory."""
    acting_faction(command.power)
    pack = ctx.pack
    facts = select_minor(pack, situation(state, pack), command.country, f"removing a {command.marker.value} marker")
    if command.marker is CountryMarker.CIVIL_WAR:
        raise RuleViolation("TK-13.8.4", "a civil war ends by activation or a final Civil War Defeat or Victory")
    if not state.has_marker(facts.id, command.marker):
        raise RuleViolation(_NEUTRAL_ONLY.get(command.marker, "TK-13.2"),
                            f"{facts.name} holds no {command.marker.value} marker")
    return [CountryMarkerRemoved(facts.id, command.marker)]


def set_republican_support(state: TKState, command: SetRepublicanSupport, ctx: Context) -> list[Event]:
    """Rule 13.5 priority 2: the Republican Support marker shows an Allied faction (or is removed)."""
    require(command.power, *ALLIED)
    if command.faction is not None and not command.faction.allied:
        raise RuleViolation("TK-13.5", "the Republican Support marker shows an Allied faction")
    if command.faction is state.republican_support:
        raise RuleViolation("TK-13.5", "the Republican Support marker already shows that")
    return [RepublicanSupportSet(command.faction)]
