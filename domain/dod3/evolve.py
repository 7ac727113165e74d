"""Folding events into state: total, never raising, never validating, never rolling.
Unknown events leave the state unchanged."""
from __future__ import annotations

from typing import Generator, Union

from domain.dod3 import events as ev
from domain.dod3.state import (
    Bid, DemocratMove, Initiative, InitiativePhase, Outcome, PoliticalAffairs, State, Step, WeatherReport,
    war_pair,
)
from domain.dod3.us_entry import totals_after
from domain.kernel import Event, evolved
from domain.kernel.dispatch import ByType, unchanged

evolve = ByType(unchanged)

# What a rule handler returns: its events, or, when a rule goes on from the state after some of
# them (8.5a, 8.6), a generator yielding them batch by batch and sent the state after each batch
# (so the decider evolves every event once).
Decided = Union[list[Event], Generator[list[Event], State, None]]


def with_political(state: State, **changes) -> State:
    """The state with step C's bookkeeping changed (unchanged when no step C is under way)."""
    if state.political is None:
        return state
    return evolved(state, political=evolved(state.political, **changes))


def _power(state: State, power: str, **changes) -> State:
    if power not in state.powers:
        return state
    return evolved(state, powers={**state.powers, power: evolved(state.powers[power], **changes)})


@evolve.register
def _(state: State, event: ev.TurnBegan) -> State:
    initiative = Initiative(track=state.initiative.track, previous_track=state.initiative.track,
                            phase=InitiativePhase.BIDDING, sealed={})
    return evolved(state, turn=event.turn, step=Step.INITIATIVE, initiative=initiative, weather=None,
                   political=None, production_done=frozenset(), search_and_seizures=frozenset(),
                   step_complete=False)


@evolve.register
def _(state: State, event: ev.StepBegan) -> State:
    return evolved(state, step=event.step, step_complete=False)


@evolve.register
def _(state: State, event: ev.BidSubmitted) -> State:
    sealed = {**state.initiative.sealed, event.power: Bid(event.power, event.points, event.options)}
    return evolved(state, initiative=evolved(state.initiative, sealed=sealed))


@evolve.register
def _(state: State, event: ev.BidsRevealed) -> State:
    # Bid points are spent when the bids are revealed.
    for bid in event.bids:
        if bid.points and bid.power in state.powers:
            state = _power(state, bid.power, bid_points=state.powers[bid.power].bid_points - bid.points)
    return evolved(state, initiative=evolved(state.initiative, sealed={}))


@evolve.register
def _(state: State, event: ev.InitiativeDetermined) -> State:
    phase = InitiativePhase.DEMOCRAT_MOVES if event.democrat_queue else InitiativePhase.SETTLED
    return evolved(state, initiative=evolved(state.initiative, track=event.track, entries=event.entries,
                                             last_card=event.last_card, democrat_queue=event.democrat_queue,
                                             phase=phase))


def _democrat_done(initiative: Initiative, **changes) -> Initiative:
    queue = initiative.democrat_queue[1:]
    return evolved(initiative, democrat_queue=queue,
                   phase=InitiativePhase.DEMOCRAT_MOVES if queue else InitiativePhase.SETTLED, **changes)


@evolve.register
def _(state: State, event: ev.InitiativeMovedDown) -> State:
    move = DemocratMove(event.power, event.from_position, event.to_position)
    initiative = _democrat_done(state.initiative, track=event.track, last_card=event.last_card,
                                democrat_moves=state.initiative.democrat_moves + (move,))
    return evolved(state, initiative=initiative)


@evolve.register
def _(state: State, event: ev.InitiativePositionKept) -> State:
    return evolved(state, initiative=_democrat_done(state.initiative))


@evolve.register
def _(state: State, event: ev.WeatherDetermined) -> State:
    return evolved(state, weather=WeatherReport(event.turn, event.period, event.roll, event.result))


@evolve.register
def _(state: State, event: ev.PoliticalAffairsBegan) -> State:
    political = PoliticalAffairs(order=event.order, options=dict(event.options), last_card=event.last_card)
    return evolved(state, political=political)


@evolve.register
def _(state: State, event: ev.OptionPassed) -> State:
    political = state.political
    if political is None:
        return state
    used = political.used + 1
    if used >= political.options.get(event.power, 0):
        political = evolved(political, index=political.index + 1, used=0)
    else:
        political = evolved(political, used=used)
    return evolved(state, political=political)


@evolve.register
def _(state: State, event: ev.PoliticalAffairsEnded) -> State:
    if state.political is None:
        return state
    return evolved(state, political=evolved(state.political, ended=True))


@evolve.register
def _(state: State, event: ev.BonusBidPointsEarned) -> State:
    ledger = state.powers.get(event.power)
    if ledger is None:
        return state
    return _power(state, event.power, bid_points=ledger.bid_points + event.bid_points,
                  money=ledger.money - event.money_lost)


@evolve.register
def _(state: State, event: ev.MilitaryPointsRecorded) -> State:
    if event.force in state.powers:
        ledger = state.powers[event.force]
        return _power(state, event.force, army_points=ledger.army_points + event.army_change,
                      naval_points=ledger.naval_points + event.naval_change)
    force = state.forces.get(event.force)
    if force is None:
        return state
    changed = evolved(force, army_points=force.army_points + event.army_change,
                      naval_points=force.naval_points + event.naval_change)
    return evolved(state, forces={**state.forces, event.force: changed})


@evolve.register
def _(state: State, event: ev.TerritoryCaptured) -> State:
    control = {k: v for k, v in state.territory_control.items() if k != event.territory}
    if event.captor is not None:
        control[event.territory] = event.captor
    return evolved(state, territory_control=control)


@evolve.register
def _(state: State, event: ev.SearchAndSeizureRecorded) -> State:
    return evolved(state, search_and_seizures=state.search_and_seizures | {event.power})


@evolve.register
def _(state: State, event: ev.WarStatusRecorded) -> State:
    pair = war_pair(event.belligerent, event.enemy)
    return evolved(state, wars=state.wars | {pair} if event.at_war else state.wars - {pair})


@evolve.register
def _(state: State, event: ev.MilitaryAffairsEnded) -> State:
    return evolved(state, step_complete=True)


@evolve.register
def _(state: State, event: ev.IncomeCollected) -> State:
    for power, amount in event.income.items():
        if power in state.powers:
            state = _power(state, power, money=state.powers[power].money + amount)
    return state


@evolve.register
def _(state: State, event: ev.PointsBought) -> State:
    if event.power in state.powers:
        state = _power(state, event.power, money=state.powers[event.power].money - event.cost)
    field = event.kind.value
    if event.recipient in state.powers:
        return _power(state, event.recipient, **{field: getattr(state.powers[event.recipient], field) + event.amount})
    force = state.forces.get(event.recipient)
    if force is None or not hasattr(force, field):
        return state
    changed = evolved(force, **{field: getattr(force, field) + event.amount})
    return evolved(state, forces={**state.forces, event.recipient: changed})


@evolve.register
def _(state: State, event: ev.ProductionEnded) -> State:
    return evolved(state, production_done=state.production_done | {event.power})


@evolve.register
def _(state: State, event: ev.USEntryAdjusted) -> State:
    return evolved(state, us_entry=totals_after(state.us_entry, event.shifts),
                   us_entry_history=state.us_entry_history + event.shifts)


@evolve.register
def _(state: State, event: ev.MajorPowerConquered) -> State:
    return _power(state, event.power, conquered=True)


@evolve.register
def _(state: State, event: ev.ConquestEnded) -> State:
    return evolved(state, step_complete=True)


@evolve.register
def _(state: State, event: ev.PoliticalEffectivenessRevealed) -> State:
    return _power(state, event.power, pe_hidden=False)


@evolve.register
def _(state: State, event: ev.GameEnded) -> State:
    return evolved(state, step=Step.GAME_OVER, outcome=Outcome(event.turn, event.reason, event.result))
