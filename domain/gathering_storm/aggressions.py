"""Rule 32.61B definitions: aggression totals, the more aggressive Axis power, second aggressions.

Also the Rhineland (32.22A, 32.41A), which is remilitarized by Germany's Rhineland aggression."""
from __future__ import annotations

from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import AXIS
from domain.gathering_storm.state import GatheringStormState

State = GatheringStormState


def counted_aggressions(state: State, pack: Pack, aggressor: str) -> set[str]:
    """32.61B definitions: the aggressions in ``aggressor``'s total: its successful ones, and the Italian
    ones against Greece and Yugoslavia (pack ``counts_on_demand``), which "count once the aggressive demand
    has been made without triggering war with the Allies": this turn's while no war on ``aggressor`` has
    broken out, and those of earlier turns (which ended without war)."""
    mine = {name for name, a in pack.aggressions.items() if a.aggressor == aggressor}
    current = state.committing(aggressor)
    demands = set(state.demands_made)
    if current is not None and not any(w.target == aggressor for w in state.crisis.wars):
        demands.add(current.aggression)
    demanded = {name for name in demands if pack.aggressions[name].counts_on_demand}
    return (set(state.successful_aggressions) | demanded) & mine


def aggression_total(state: State, pack: Pack, aggressor: str) -> int:
    """32.61B: cumulative value of ``aggressor``'s successful aggressions.

    An aggression that includes an earlier one (Czechoslovakia includes the Sudetenland) carries
    the whole value, so the included one is not counted again."""
    done = counted_aggressions(state, pack, aggressor)
    included = {inner for name in done for inner in pack.aggressions[name].includes}
    return sum(pack.aggressions[name].value for name in done - included)


def committed_this_turn(state: State, pack: Pack, aggressor: str) -> str | None:
    """32.61B "No aggressions in the turn of the declaration of war": the aggression ``aggressor``
    committed this turn, a demand it has not backed down from or one recorded successful this turn."""
    current = state.committing(aggressor)
    if current is not None:
        return current.aggression
    return next((name for name, turn in state.successful_aggressions.items()
                 if turn == state.turn and pack.aggressions[name].aggressor == aggressor), None)


def aggression_totals(state: State, pack: Pack) -> dict[str, int]:
    return {power: aggression_total(state, pack, power) for power in AXIS}


def more_aggressive(state: State, pack: Pack) -> str:
    """32.61B: the Axis power with the higher aggression total (the pack's tie-break: Germany)."""
    totals = aggression_totals(state, pack)
    best = max(totals.values())
    leaders = [power for power in AXIS if totals[power] == best]
    return leaders[0] if len(leaders) == 1 else pack.more_aggressive_if_tied


def second_aggression_carried_out(state: State, pack: Pack, aggressor: str) -> bool:
    """32.61B: a German aggression other than the Rhineland, an Italian other than Ethiopia."""
    return any(pack.aggressions[name].aggressor == aggressor and pack.aggressions[name].second
               for name in state.successful_aggressions)


def rhineland_remilitarized(state: State, pack: Pack) -> bool:
    """32.22A, 32.41A: Germany's Rhineland aggression has succeeded."""
    return pack.remilitarization in state.successful_aggressions


def aggression_target(state: State, pack: Pack, aggressor: str) -> str | None:
    """The minor country ``aggressor`` is committing an aggression against this turn, if any."""
    current = state.committing(aggressor)
    return None if current is None else pack.aggressions[current.aggression].target
