"""Rule 4: the object of the game. When the game ends, objectives per power (neutral ones to the
closest home capital), ideology net totals, joint wins and the winning player."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from domain.dod3.control import objective_controller
from domain.dod3.events import GameEnded, PoliticalEffectivenessRevealed
from domain.dod3.pack import ObjectiveSpec, Pack
from domain.dod3.powers import MAJOR_POWERS
from domain.dod3.state import State, VictoryResult
from domain.dod3.turns import is_last_turn
from domain.kernel import Event


def closest_capitals(objective: ObjectiveSpec) -> tuple[str, ...]:
    """Rule 4.2: the major power(s) whose home capital is closest (sea areas and territories),
    even if an enemy occupies it; equidistant capitals share the objective."""
    if not objective.capital_distances:
        return ()
    nearest = min(objective.capital_distances.values())
    return tuple(sorted(p for p, d in objective.capital_distances.items() if d == nearest))


def holdings(state: State, pack: Pack) -> dict[str, Fraction]:
    """Rule 4.2: objectives per major power at the end of the game. The Communist Chinese count
    with the USSR; an objective in a neutral minor goes to the closest capital, half each when
    two are equidistant."""
    totals = {p: Fraction(0) for p in MAJOR_POWERS}
    for objective in pack.objectives:
        holder = objective_controller(state, objective)
        if holder is not None:
            totals[pack.served_power(holder)] += 1
            continue
        closest = closest_capitals(objective)
        for power in closest:
            totals[power] += Fraction(1, len(closest))
    return totals


def controlled(state: State, pack: Pack) -> dict[str, int]:
    """Rule 4.1: objectives each power controls during the game (neutral ones count for nobody)."""
    counts = {p: 0 for p in MAJOR_POWERS}
    for objective in pack.objectives:
        holder = objective_controller(state, objective)
        if holder is not None:
            counts[pack.served_power(holder)] += 1
    return counts


def score(pack: Pack, held: Mapping[str, Fraction], seats: Mapping[str, tuple[str, ...]],
          conquered: frozenset[str] = frozenset()) -> VictoryResult:
    """Rule 4.3: each ideology's total minus its total needed; the highest net wins and ties win
    jointly. Inside the winning ideology(s) each power's total minus its own total needed is
    added up per player; the highest player total wins (ties share the win). A ``conquered``
    power is out of the game (rule 4): it counts for no player."""
    needed = {p: pack.powers[p].objectives_needed for p in MAJOR_POWERS}
    totals, needs, nets = {}, {}, {}
    for ideology in pack.ideologies:
        members = pack.members(ideology)
        totals[ideology.value] = sum((Fraction(held[p]) for p in members), Fraction(0))
        needs[ideology.value] = sum(needed[p] for p in members)
        nets[ideology.value] = totals[ideology.value] - needs[ideology.value]
    best = max(nets.values())
    winners = tuple(i for i, net in nets.items() if net == best)
    power_nets = {p: Fraction(held[p]) - needed[p] for p in MAJOR_POWERS}
    in_winning = {p for p in MAJOR_POWERS if pack.ideology(p).value in winners and p not in conquered}
    players = {seat: sum((power_nets[p] for p in powers if p in in_winning), Fraction(0))
               for seat, powers in seats.items() if in_winning.intersection(powers)}
    top = max(players.values()) if players else Fraction(0)
    return VictoryResult(
        holdings={p: Fraction(held[p]) for p in MAJOR_POWERS}, ideology_totals=totals, ideology_needed=needs,
        ideology_nets=nets, winning_ideologies=winners, power_nets=power_nets, player_totals=players,
        winning_players=tuple(seat for seat, total in players.items() if total == top),
    )


def ending_reason(state: State, pack: Pack) -> str | None:
    """Rule 4.1: the game ends when every power of an ideology is conquered, when an ideology's
    powers together control the objectives it needs, or after Nov/Dec 1946. Option 4.1 (bitter
    end): only when the powers of two ideologies have all been conquered."""
    conquered = [i for i in pack.ideologies if all(state.powers[p].conquered for p in pack.members(i))]
    if state.bitter_end:
        return "bitter_end" if len(conquered) >= 2 else None
    if conquered:
        return f"conquest:{conquered[0].value}"
    counts = controlled(state, pack)
    for ideology in pack.ideologies:
        members = pack.members(ideology)
        if sum(counts[p] for p in members) >= sum(pack.powers[p].objectives_needed for p in members):
            return f"objectives:{ideology.value}"
    return "calendar" if is_last_turn(pack, state.turn) else None


def game_end(state: State, pack: Pack) -> list[Event]:
    """Rule 4.1 at step I: if the game has ended, turn every hidden PE face up and score it."""
    reason = ending_reason(state, pack)
    if reason is None:
        return []
    revealed: list[Event] = [PoliticalEffectivenessRevealed(p, ledger.political_effectiveness)
                             for p, ledger in state.powers.items() if ledger.pe_hidden]
    conquered = frozenset(state.powers) - frozenset(state.active_powers())
    return [*revealed, GameEnded(state.turn, reason, score(pack, holdings(state, pack), state.seats, conquered))]
