"""Rule 8.7.1, IPO 1 (New World Order): the playing power's marker moves on the status display,
carrying the minors stacked with it; movement points by initiative position; costs by whether a
hex is closer to, or further from, every hex of the ideology's centre faction."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.dod3.evolve import evolve
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.minors import hostile_stack, marker_minors
from domain.dod3.political_affairs.control.political_control import initiative_position
from domain.dod3.political_affairs.ipo.messages import PowerMarkerMoved
from domain.dod3.political_affairs.options.messages import OptionRequest
from domain.dod3.political_affairs.options.pack import OptionCard
from domain.dod3.powers import Ideology
from domain.dod3.state import State
from domain.kernel import Event, RuleViolation, evolved


RULE = "DOD3-8.7.1"


@dataclass(frozen=True)
class Move:
    points: int
    path: tuple[str, ...]
    costs: tuple[int, ...]
    carried: tuple[str, ...]


def movement_points(state: State, pack: Pack, power: str) -> int:
    """Rule 8.7.1: "1st = 8; 8th = 1"; -2 in the Democratic ideology, -1 in the Communist; at least 1."""
    rules = pack.politics.new_world_order
    points = rules.points_by_position[initiative_position(state, power) - 1]
    points += rules.ideology_modifiers.get(pack.ideology(power).value, 0)
    return max(points, rules.minimum_points)


def step_cost(pack: Pack, ideology: Ideology, here: str, there: str) -> int | None:
    """Rule 8.7.1: 1 to enter a hex closer to all hexes of the ideology's centre faction, 3 further
    from all of them, 2 otherwise. None: it would leave the ideology (4 points, and only with the
    optional rules 15.2/15.3, which this game does not play)."""
    display, rules = pack.display, pack.politics.new_world_order
    if display.ideology(there) is not ideology:
        return None
    centre = display.centre_hexes(ideology)
    before = [display.distance(here, c) for c in centre]
    after = [display.distance(there, c) for c in centre]
    if all(a < b for a, b in zip(after, before)):
        return rules.costs.closer
    if all(a > b for a, b in zip(after, before)):
        return rules.costs.further
    return rules.costs.other


def plan(state: State, pack: Pack, power: str, request: OptionRequest) -> Move:
    """Rule 8.7.1: check the path hex by hex; each carried minor costs as much again."""
    display, start = pack.display, state.positions[power]
    points, carried = movement_points(state, pack, power), tuple(request.carry)
    if len(set(carried)) != len(carried) or any(m not in marker_minors(pack) or state.positions.get(m) != start for m in carried):
        raise RuleViolation(RULE, "carried minors must start stacked with the power, each once")
    costs, here, ideology, left = [], start, pack.ideology(power), points
    for there in request.path:
        if there not in display.hexes or not display.adjacent(here, there):
            raise RuleViolation(RULE, f"{there!r} is not adjacent to {here}")
        cost = step_cost(pack, ideology, here, there)
        if cost is None:
            raise RuleViolation(RULE, f"{power} cannot leave the {ideology.value} ideology in the standard game")
        cost *= 1 + len(carried)
        if cost > left:
            raise RuleViolation(RULE, f"entering {there} costs {cost}; {power} has {left} of {points} points left")
        costs.append(cost)
        left -= cost
        here = there
    if request.path and any(state.positions.get(p) == here for p in state.active_powers() if p != power):
        raise RuleViolation(RULE, f"{power} must end its move in a hex without another major power")
    _check_hostile(state, pack, power, start, here, carried)
    return Move(points, tuple(request.path), tuple(costs), carried)


def _check_hostile(state: State, pack: Pack, power: str, start: str, end: str, carried: tuple[str, ...]) -> None:
    """Rule 8.7.1: no move may leave two hostile minors in one hex unless a major power eligible to
    control both is stacked with them (at the end hex, or the one left behind)."""
    after = {**state.positions, power: end, **{m: end for m in carried}}
    for minor in marker_minors(pack):
        if after.get(minor) in (start, end):
            clash = hostile_stack(state, pack, minor, after[minor], after)
            if clash is not None:
                raise RuleViolation(RULE, f"{minor} and {clash} are hostile and would share {after[minor]}")


def us_entry(state: State, pack: Pack, power: str, card: OptionCard, move: Move) -> Fraction:
    """Rule 8.7.1: the Democracy benefit for ending closer to every centre hex of the Democratic
    ideology; the Communism or Fascism cost for ending closer to any centre hex of that ideology."""
    if not move.path:
        return Fraction(0)
    display, start, end = pack.display, state.positions[power], move.path[-1]
    total = Fraction(0)
    for ideology in Ideology:
        value = card.effect.us_entry.get(ideology.value)
        if not value:
            continue
        closer = [display.distance(end, c) < display.distance(start, c) for c in display.centre_hexes(ideology)]
        if (all(closer) if ideology is Ideology.DEMOCRACY else any(closer)):
            total += value
    return total


def check(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> None:
    plan(state, pack, power, request)


def events(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> list[Event]:
    move = plan(state, pack, power, request)
    return [PowerMarkerMoved(state.turn, power, move.points, move.path, move.costs, move.carried)]


def reachable(state: State, pack: Pack, power: str) -> dict[str, int]:
    """The hexes IPO 1 could end in (carrying nothing), with the cheapest cost (legal_commands)."""
    start, points, ideology = state.positions[power], movement_points(state, pack, power), pack.ideology(power)
    best, frontier = {start: 0}, [start]
    while frontier:
        here = frontier.pop()
        for there in pack.display.neighbours[here]:
            cost = step_cost(pack, ideology, here, there)
            if cost is None or best[here] + cost > points or best.get(there, points + 1) <= best[here] + cost:
                continue
            best[there] = best[here] + cost
            frontier.append(there)
    occupied = {state.positions.get(p) for p in state.active_powers() if p != power}
    return {h: c for h, c in best.items() if h != start and h not in occupied}


@evolve.register
def _(state: State, event: PowerMarkerMoved) -> State:
    if not event.path:
        return state
    end = event.path[-1]
    return evolved(state, positions={**state.positions, event.power: end, **{m: end for m in event.carried}})
