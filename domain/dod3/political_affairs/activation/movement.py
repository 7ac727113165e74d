"""Rules 8.5c-f: moving a minor's political marker, one modifier at a time. A positive modifier
moves the marker towards its power, a negative one away from it (until ten hexes away); every hex
entered costs points by rule 8.5e, lettered edge hexes being adjacent."""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.activation.messages import AppliedMove
from domain.dod3.political_affairs.control.minors import (
    allies_of, eligible_to_control, hostile_stack, powers_at_war_with_minor,
)
from domain.dod3.state import State
from domain.kernel import RuleViolation


@dataclass(frozen=True)
class Modifier:
    """A political effect marker to apply: its nationality, value and, if converted, whose it was."""

    nationality: str
    value: int
    converted_from: str | None = None

    @property
    def key(self) -> tuple[str, str | None]:
        return self.nationality, self.converted_from


@dataclass(frozen=True)
class Surroundings:
    """What the cost of every hex of one activation depends on, gathered once per minor: the hexes
    of the powers at war with it, of the powers able to control it and of its allies."""

    enemy_hexes: tuple[str, ...]
    controller_hexes: frozenset[str]
    ally_hexes: tuple[str, ...]


def surroundings(state: State, pack: Pack, minor: str) -> Surroundings:
    def placed(powers) -> tuple[str, ...]:
        return tuple(h for h in (state.positions.get(p) for p in powers) if h is not None)

    return Surroundings(
        enemy_hexes=placed(powers_at_war_with_minor(state, pack, minor)),
        controller_hexes=frozenset(placed(p for p in state.active_powers() if eligible_to_control(pack, p, minor))),
        ally_hexes=placed(allies_of(state, pack, minor)),
    )


def hex_cost(state: State, pack: Pack, minor: str, mover: str, here: str, there: str, towards: bool,
             around: Surroundings | None = None) -> int:
    """Rule 8.5e: 2 per hex; -1 towards the mover in its ideology, +1 towards it in another; -1 away
    from every power at war with the minor, +1 towards any; +1 leaving a hex of a power able to
    control the minor; +1 crossing a boundary; +1 away from any allied power; at least 1. Each war
    and each ally counts once (the modifiers are cumulative)."""
    rules, display = pack.politics.activation, pack.display
    around = around or surroundings(state, pack, minor)
    cost = rules.base_cost
    if towards:
        entered = display.ideology(there)
        if entered is pack.ideology(mover):
            cost += rules.modifiers.towards_own_ideology
        elif entered is not None:
            cost += rules.modifiers.towards_other_ideology
    for enemy in around.enemy_hexes:
        before, after = display.distance(here, enemy), display.distance(there, enemy)
        if after > before:
            cost += rules.modifiers.away_from_power_at_war
        elif after < before:
            cost += rules.modifiers.towards_power_at_war
    if here in around.controller_hexes:
        cost += rules.modifiers.leaving_controller_hex
    if display.crosses_boundary(here, there):
        cost += rules.modifiers.crossing_boundary
    for ally in around.ally_hexes:
        if display.distance(there, ally) > display.distance(here, ally):
            cost += rules.modifiers.away_from_ally
    return max(cost, rules.minimum_cost)


def qualifying_hexes(state: State, pack: Pack, nationality: str, value: int, here: str) -> list[str]:
    """Rule 8.5d: a positive modifier moves the marker towards its power, a negative one away from
    it until it is ten hexes away (lettered edge hexes are adjacent, so distances run through them)."""
    display, power_hex = pack.display, state.positions[nationality]
    before = display.distance(here, power_hex)
    if value > 0:
        return [there for there in display.neighbours[here] if display.distance(there, power_hex) < before]
    if before >= pack.politics.activation.negative_range:
        return []
    return [there for there in display.neighbours[here] if display.distance(there, power_hex) > before]


def steps(state: State, pack: Pack, minor: str, modifier: Modifier, here: str,
          around: Surroundings | None = None) -> dict[str, int]:
    """The hexes the marker may enter next from ``here``, with their costs."""
    around = around or surroundings(state, pack, minor)
    return {there: hex_cost(state, pack, minor, modifier.nationality, here, there, modifier.value > 0, around)
            for there in qualifying_hexes(state, pack, modifier.nationality, modifier.value, here)}


def blocking_minor(state: State, pack: Pack, minor: str, there: str) -> str | None:
    """Rule 8.5g: the hostile minor in ``there`` that ``minor`` may not end with (no major power
    eligible to control both stacked there), or None. Such a hex stops the marker before it."""
    return hostile_stack(state, pack, minor, there, {**state.positions, minor: there})


def may_stop(state: State, pack: Pack, minor: str, options: dict[str, int], left: int) -> bool:
    """Rules 8.5e and 8.5g: a marker stops where it cannot continue: no hex qualifies, or one it
    may choose (8.5f) costs more than is left or is a hex it may not end in."""
    return not options or any(cost > left or blocking_minor(state, pack, minor, there) is not None
                              for there, cost in options.items())


def apply_modifier(state: State, pack: Pack, minor: str, start: str, modifier: Modifier,
                   path: tuple[str, ...]) -> AppliedMove:
    """Rules 8.5d-g: follow the activator's path hex by hex. "If it costs more points to enter a hex
    than that remaining for the modifier, the marker cannot enter that hex and ceases its movement"
    - and a hex it may not end in (8.5g) stops it the same way, before that hex. So it stops only
    where no hex qualifies or one it may choose stops it, and an activation never deadlocks (the
    activation checks 8.5g where each modifier ends)."""
    left, here, costs = abs(modifier.value), start, []
    around = surroundings(state, pack, minor)
    for there in path:
        options = steps(state, pack, minor, modifier, here, around)
        if there not in options:
            direction = "towards" if modifier.value > 0 else "away from"
            raise RuleViolation("DOD3-8.5d", f"{minor} cannot move from {here} to {there}: not an adjacent hex "
                                             f"{direction} {modifier.nationality}"
                                + ("" if modifier.value > 0 else " while it is within ten hexes"))
        if options[there] > left:
            raise RuleViolation("DOD3-8.5e", f"entering {there} costs {options[there]}; the {modifier.nationality} "
                                             f"modifier has {left} point(s) left")
        left -= options[there]
        costs.append(options[there])
        here = there
    options = steps(state, pack, minor, modifier, here, around)
    if not may_stop(state, pack, minor, options, left):
        raise RuleViolation("DOD3-8.5e", f"the {modifier.nationality} modifier still has {left} point(s): {minor} "
                                         f"must go on from {here} ({', '.join(sorted(options))})")
    return AppliedMove(modifier.nationality, modifier.value, modifier.converted_from, tuple(path), tuple(costs), here)


def first_path(state: State, pack: Pack, minor: str, start: str, modifier: Modifier,
               around: Surroundings | None = None) -> tuple[str, ...]:
    """A path ``apply_modifier`` accepts (for the ready body ``legal_commands`` offers): the
    cheapest hex while the marker must go on, stopping as soon as it may. Every hex costs at
    least 1, so it ends."""
    around = around or surroundings(state, pack, minor)
    left, here, path = abs(modifier.value), start, []
    while True:
        options = steps(state, pack, minor, modifier, here, around)
        if may_stop(state, pack, minor, options, left):
            return tuple(path)
        here = min(options, key=lambda h: (options[h], h))
        left -= options[here]
        path.append(here)


def reachable(state: State, pack: Pack, minor: str, start: str, modifier: Modifier,
              around: Surroundings | None = None) -> dict[str, int]:
    """The hexes a modifier can take the marker to from ``start``, each with its cheapest cost
    (what ``legal_commands`` offers). A hex it may not end in (8.5g) is passed through, never
    offered as an end."""
    points, best, queue = abs(modifier.value), {start: 0}, [(0, start)]
    around = around or surroundings(state, pack, minor)
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, points + 1):
            continue
        for there, cost in steps(state, pack, minor, modifier, here, around).items():
            total = spent + cost
            if total <= points and total < best.get(there, points + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return {h: c for h, c in best.items() if h != start and blocking_minor(state, pack, minor, h) is None}
