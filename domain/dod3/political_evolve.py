"""Folding the political events (rules 8.1-8.7) into state. Registered on ``evolve.evolve``; like
every fold it never raises, never validates and never rolls."""
from __future__ import annotations

from domain.dod3 import political_events as ev
from domain.dod3.evolve import evolve
from domain.dod3.political_state import CreditOffer, PendingOption, Play, PoliticalStage
from domain.dod3.state import Guarantee, MinorWar, ResourceMarker, State, Treaty, USEntryShift
from domain.dod3.us_entry import totals_after
from domain.kernel import evolved


def _political(state: State, **changes) -> State:
    if state.political is None:
        return state
    return evolved(state, political=evolved(state.political, **changes))


@evolve.register
def _(state: State, event: ev.OptionPlayed) -> State:
    political = state.political
    if political is None:
        return state
    pending = political.pending
    if event.awaiting is not None:
        pending += (PendingOption(event.power, event.request, event.awaiting, event.approval or ""),)
    forced = state.forced_options.get(event.power, ())
    if forced and forced[0] == event.option:
        state = evolved(state, forced_options={**state.forced_options, event.power: forced[1:]})
    return _political(state, played={**political.played, event.power: political.played.get(event.power, 0) + 1},
                      chosen=political.chosen + (event.number,),
                      plays=political.plays + (Play(event.power, event.option, event.counted),),
                      pending=pending, stage=PoliticalStage.ACTIVATE, activating=event.option)


@evolve.register
def _(state: State, event: ev.OptionApproved) -> State:
    political = state.political
    if political is None:
        return state
    index = next((i for i, p in enumerate(political.pending)
                  if p.power == event.of_power and p.request.option == event.option), None)
    if index is None:
        return state
    return _political(state, pending=political.pending[:index] + political.pending[index + 1:])


@evolve.register
def _(state: State, event: ev.OptionFailed) -> State:
    political = state.political
    if political is None:
        return state
    return _political(state, pending=tuple(p for p in political.pending
                                           if not (p.power == event.power and p.request.option == event.option)))


@evolve.register
def _(state: State, event: ev.OptionResolved) -> State:
    powers = dict(state.powers)
    for payer, amount in event.paid_by.items():
        if payer in powers:
            powers[payer] = evolved(powers[payer], money=powers[payer].money - amount)
    markers = {minor: dict(by) for minor, by in state.markers.items()}
    for change in event.markers:
        by = markers.setdefault(change.minor, {})
        if change.total:
            by[change.nationality] = change.total
        else:
            by.pop(change.nationality, None)
        if not by:
            markers.pop(change.minor)
    state = evolved(state, powers=powers, markers=markers,
                    options_succeeded=state.options_succeeded | {event.option})
    if event.us_entry_shift:
        shift = (USEntryShift(event.turn, event.power, event.us_entry_shift, f"option {event.option}"),)
        state = evolved(state, us_entry=totals_after(state.us_entry, shift), us_entry_history=state.us_entry_history + shift)
    return state


@evolve.register
def _(state: State, event: ev.TreatyLevelChanged) -> State:
    pair = tuple(sorted(event.powers))
    others = tuple(t for t in state.treaties if t.powers != pair)
    if event.level <= 0:
        return evolved(state, treaties=others)
    old = next((t for t in state.treaties if t.powers == pair), None)
    started = event.turn if old is None else old.started_turn
    trade = False if old is None else old.trade
    return evolved(state, treaties=others + (Treaty(pair, event.level, started, trade),))


@evolve.register
def _(state: State, event: ev.MinorWarDeclared) -> State:
    return evolved(state, minor_wars=state.minor_wars + (MinorWar(event.power, event.minor, event.since, ()),))


@evolve.register
def _(state: State, event: ev.GuaranteeGiven) -> State:
    return evolved(state, guarantees=state.guarantees + (Guarantee(event.power, event.minor, event.option),))


@evolve.register
def _(state: State, event: ev.EmbargoDeclared) -> State:
    return evolved(state, embargoes=state.embargoes | {(event.power, event.target)})


@evolve.register
def _(state: State, event: ev.OptionForced) -> State:
    queue = state.forced_options.get(event.power, ()) + (event.option,)
    return evolved(state, forced_options={**state.forced_options, event.power: queue})


@evolve.register
def _(state: State, event: ev.PowerMarkerMoved) -> State:
    if not event.path:
        return state
    end = event.path[-1]
    return evolved(state, positions={**state.positions, event.power: end, **{m: end for m in event.carried}})


@evolve.register
def _(state: State, event: ev.EconomicAgreementMade) -> State:
    added = tuple(ResourceMarker(event.power, item.location, item.kind) for item in event.items)
    return evolved(state, resource_markers=state.resource_markers + added)


@evolve.register
def _(state: State, event: ev.EconomicAgreementBroken) -> State:
    markers = list(state.resource_markers)
    for item in event.items:
        gone = ResourceMarker(event.owner, item.location, item.kind)
        if gone in markers:
            markers.remove(gone)
    return evolved(state, resource_markers=tuple(markers))


@evolve.register
def _(state: State, event: ev.MinorActivated) -> State:
    markers = {minor: by for minor, by in state.markers.items() if minor != event.minor}
    return evolved(state, positions={**state.positions, event.minor: event.end}, markers=markers)


@evolve.register
def _(state: State, event: ev.OptionTurnFinished) -> State:
    political = state.political
    if political is None:
        return state
    used = political.used + 1
    advance = used >= political.options.get(event.power, 0)
    return _political(state, index=political.index + 1 if advance else political.index, used=0 if advance else used,
                      stage=PoliticalStage.CHOOSE, activating=None)


@evolve.register
def _(state: State, event: ev.CreditOffered) -> State:
    offer = CreditOffer(event.turn, event.payer, event.beneficiary, event.up_to)
    return evolved(state, credit_offers=tuple(o for o in state.credit_offers if o.turn == event.turn) + (offer,))


@evolve.register
def _(state: State, event: ev.ForcesInMinorRecorded) -> State:
    forces = {m: p for m, p in state.forces_in_minors.items() if m != event.minor}
    if event.forces:
        forces[event.minor] = frozenset(event.forces)
    return evolved(state, forces_in_minors=forces)


@evolve.register
def _(state: State, event: ev.CivilWarRecorded) -> State:
    wars = state.civil_wars | {event.minor} if event.in_civil_war else state.civil_wars - {event.minor}
    return evolved(state, civil_wars=wars)

