"""``evolve``: fold one event into the state. Never validates, never raises; events it does not
know (records such as CountrySelected) leave the state unchanged."""
from __future__ import annotations

from dataclasses import replace

from domain.kernel import evolved
from domain.kernel.dispatch import ByType, unchanged
from domain.totaler_krieg import events as ev
from domain.totaler_krieg.state import Claim, Gone, MultinationalUnit, TKState, UnitState
from domain.totaler_krieg.vocabulary import ClaimKind, CountryMarker, Faction, GoneReason, Location, Status


def _placed(state: TKState, placements: tuple[ev.Placed, ...]) -> dict:
    """Counters moved by set-up or a change of status arrive on their one-step side (13.7.1 step 5)."""
    return {**state.units, **{p.unit: UnitState(p.location, p.where) for p in placements}}


def _without(mapping: dict, key) -> dict:
    return {k: v for k, v in mapping.items() if k != key}


def _markers(state: TKState, country: str, keep) -> dict:
    markers = {**state.markers, country: frozenset(m for m in state.markers.get(country, frozenset()) if keep(m))}
    return {c: m for c, m in markers.items() if m}


evolve = ByType(unchanged)


@evolve.register
def _(state: TKState, event: ev.NeutralActivated) -> TKState:
    return evolved(state, status={**state.status, event.country: Status.ACTIVE},
                   alignment={**state.alignment, event.country: event.faction})


@evolve.register
def _(state: TKState, event: ev.MinorSetUp) -> TKState:
    return evolved(state, units=_placed(state, event.placements),
                   mobilizations={**state.mobilizations, event.country: event.mobilization_roll or 0},
                   capital_markers={**state.capital_markers, event.country: (event.capital_marker, event.faction)},
                   markers=_markers(state, event.country, lambda m: m not in event.cleared_markers))


@evolve.register
def _(state: TKState, event: ev.UnitsMobilized) -> TKState:
    units = {**state.units, **{u: replace(state.units[u], two_step=True) for u in event.units}}
    left = state.mobilizations.get(event.country, 0) - len(event.units)
    return evolved(state, units=units, mobilizations={**state.mobilizations, event.country: left})


@evolve.register
def _(state: TKState, event: ev.MinorConquered) -> TKState:
    return evolved(state, status={**state.status, event.country: Status.CONQUERED},
                   units=_placed(state, event.placements), mobilizations=_without(state.mobilizations, event.country),
                   conquered_or_liberated=state.conquered_or_liberated | {event.country})


@evolve.register
def _(state: TKState, event: ev.CountryReactivated) -> TKState:
    return evolved(state, status={**state.status, event.country: Status.ACTIVE},
                   alignment={**state.alignment, event.country: event.faction},
                   units=_placed(state, event.placements),
                   conquered_or_liberated=state.conquered_or_liberated | {event.country})


@evolve.register
def _(state: TKState, event: ev.AlignmentSwitched) -> TKState:
    return evolved(state, alignment={**state.alignment, event.country: event.after})


@evolve.register
def _(state: TKState, event: ev.LandCeded) -> TKState:
    return evolved(state, claims=state.claims + tuple(Claim(ClaimKind.CEDED, m) for m in event.markers))


@evolve.register
def _(state: TKState, event: ev.CededLandReturned) -> TKState:
    return evolved(state, claims=tuple(c for c in state.claims if c != Claim(ClaimKind.CEDED, event.marker)))


@evolve.register
def _(state: TKState, event: ev.CountryCeased) -> TKState:
    reason = GoneReason.CEDED_WHOLE if event.recreatable else GoneReason.REMOVED_FOR_GOOD
    return evolved(state, status=_without(state.status, event.country),
                   alignment=_without(state.alignment, event.country),
                   gone={**state.gone, event.country: Gone(reason, event.by, event.recreatable, event.markers)},
                   units=_placed(state, event.placements), mobilizations=_without(state.mobilizations, event.country))


@evolve.register
def _(state: TKState, event: ev.MinorCreated) -> TKState:
    alignment = dict(state.alignment)
    if event.faction is not None:
        alignment[event.country] = event.faction
    claims = tuple(c for c in state.claims if not (c.kind is ClaimKind.CEDED and c.id in event.returned_markers))
    if event.claims_land:
        claims += (Claim(ClaimKind.CREATED, event.country),)
    return evolved(state, status={**state.status, event.country: event.status}, alignment=alignment, claims=claims,
                   gone=_without(state.gone, event.country), units=_placed(state, event.placements))


@evolve.register
def _(state: TKState, event: ev.PartnershipCreated) -> TKState:
    return evolved(state, partnerships={**state.partnerships, event.faction: event.country},
                   units=_placed(state, event.placements))


@evolve.register
def _(state: TKState, event: ev.VichyFormed) -> TKState:
    alignment = _without(state.alignment, event.predecessor)
    if event.faction is not None:
        alignment[event.country] = event.faction
    return evolved(state, status={**_without(state.status, event.predecessor), event.country: event.status},
                   alignment=alignment,
                   gone={**state.gone, event.predecessor: Gone(GoneReason.SUCCEEDED, event.country, False)},
                   claims=state.claims + (Claim(ClaimKind.CREATED, event.country),), vichy_marker=event.marker_hex,
                   units=_placed(state, event.france_placements),
                   conquered_or_liberated=state.conquered_or_liberated | {event.predecessor})


@evolve.register
def _(state: TKState, event: ev.VichyFleetSeized) -> TKState:
    return evolved(state, units={**state.units, event.unit: UnitState(Location.FORCE_POOL, None, False, Faction.AXIS)})


@evolve.register
def _(state: TKState, event: ev.VichyFleetSunk) -> TKState:
    return evolved(state, units={**state.units, event.unit: UnitState(Location.REMOVED)})


@evolve.register
def _(state: TKState, event: ev.PolicyPlaced) -> TKState:
    return evolved(state, boxes={**state.boxes, event.box: event.policy})


@evolve.register
def _(state: TKState, event: ev.PolicyEnded) -> TKState:
    return evolved(state, boxes={b: (None if m == event.policy else m) for b, m in state.boxes.items()})


@evolve.register
def _(state: TKState, event: ev.PolicyReplacedByTruce) -> TKState:
    return evolved(state, boxes={b: (event.truce if m == event.policy else m) for b, m in state.boxes.items()})


@evolve.register
def _(state: TKState, event: ev.TruceChanged) -> TKState:
    return evolved(state, boxes={**state.boxes, event.box: event.after})


@evolve.register
def _(state: TKState, event: ev.WarStateChanged) -> TKState:
    return evolved(state, war=event.war)


@evolve.register
def _(state: TKState, event: ev.EnforcedPeaceSet) -> TKState:
    return evolved(state, enforced_peace=event.on)


@evolve.register
def _(state: TKState, event: ev.UnitInterned) -> TKState:
    return evolved(state, interned=state.interned + ("+".join(event.unit) + "@" + event.place,))


@evolve.register
def _(state: TKState, event: ev.CountryMarkerPlaced) -> TKState:
    markers = {**state.markers,
               event.country: (state.markers.get(event.country, frozenset()) - event.replaced) | {event.marker}}
    return evolved(state, markers=markers)


@evolve.register
def _(state: TKState, event: ev.CountryMarkerRemoved) -> TKState:
    return evolved(state, markers=_markers(state, event.country, lambda m: m is not event.marker))


@evolve.register
def _(state: TKState, event: ev.CivilWarEnded) -> TKState:
    return evolved(state, markers=_markers(state, event.country, lambda m: m is not CountryMarker.CIVIL_WAR))


@evolve.register
def _(state: TKState, event: ev.RepublicanSupportSet) -> TKState:
    return evolved(state, republican_support=event.faction)


@evolve.register
def _(state: TKState, event: ev.MultinationalUnitFormed) -> TKState:
    return evolved(state, multinational={**state.multinational,
                                         event.unit_id: MultinationalUnit(event.template, event.nationalities)})


@evolve.register
def _(state: TKState, event: ev.EmergencyBreakdownPerformed) -> TKState:
    return evolved(state, multinational=_without(state.multinational, event.unit_id))


@evolve.register
def _(state: TKState, event: ev.PacificWarStatusChanged) -> TKState:
    return evolved(state, pacific={**state.pacific, event.faction: event.after})


@evolve.register
def _(state: TKState, event: ev.UnitsSentToPacific) -> TKState:
    holding = state.pacific_holding.get(event.faction, ()) + event.units
    return evolved(state, pacific_holding={**state.pacific_holding, event.faction: holding})


@evolve.register
def _(state: TKState, event: ev.UnitsReturnedFromPacific) -> TKState:
    holding = tuple(u for u in state.pacific_holding.get(event.faction, ()) if u not in event.units)
    return evolved(state, pacific_holding={**state.pacific_holding, event.faction: holding})
