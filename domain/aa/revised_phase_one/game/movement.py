"""The combat and non-combat moves (AAR-move-*, AAR-blitz, AAR-transport, AAR-air, AAR-ncm): each
move is judged by the board's one validator (``domain.aa.board``); land units entering empty enemy
land take it at once (AAR-conquest); AA guns fire at aircraft flying over them (AAR1-aa); bombers
may be sent to raid an IC (AAR-sbr); Rockets strike from AA guns (AAR-tech)."""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from domain.aa.board import Position
from domain.aa.board.apply import apply_move
from domain.aa.board.checks import Move, Phase as MovePhase
from domain.aa.combat.forces import AaRule
from domain.aa.combat.records import Roll
from domain.aa.revised_phase_one.game.commands import EndCombatMove, EndNonCombatMove, FireRockets, MoveUnits
from domain.aa.revised_phase_one.game.common import RevisedState, require_turn
from domain.aa.revised_phase_one.game.combat import find_battles
from domain.aa.revised_phase_one.game.conquest import conquer
from domain.aa.revised_phase_one.game.events import AaFired, PhaseBegan, RocketFired, UnitsMoved
from domain.aa.revised_phase_one.game.pieces import apply, changed, without
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.aa.units import Ability
from domain.kernel import Context, Dice, Event, RuleViolation


def _landings(pack: GamePack, move: MoveUnits) -> tuple[tuple[str, ...], ...]:
    """AAR-transport: the cargo split over the moving transports, largest first (as it rode)."""
    transports = sum(n for u, n in move.units.items() if pack.board.units[u].is_transport)
    if not move.unload_to or not transports:
        return ()
    capacity = next(pack.board.units[u].transport_capacity for u in move.units if pack.board.units[u].is_transport)
    cost = {u: pack.board.units[u].transport_cost for u in move.cargo}
    loads: list[list[str]] = [[] for _ in range(transports)]
    room = [capacity] * transports
    for unit in sorted((u for u, n in move.cargo.items() for _ in range(n)), key=lambda u: (-cost[u], u)):
        i = next((i for i in range(transports) if room[i] >= cost[unit]), max(range(transports), key=room.__getitem__))
        loads[i].append(unit)
        room[i] -= cost[unit]
    return tuple(tuple(load) for load in loads if load)


def _conquests(pack: GamePack, game: Game, moved: Position, before: Position, move: MoveUnits) -> list[Event]:
    """AAR-conquest, AAR-blitz: empty enemy land the move's land units passed (blitz) or ended in."""
    board, power = pack.board, move.power
    taken = [s for s in move.route[1:-1] if moved.owners.get(s) != before.owners.get(s)]
    ends = [s for s in (move.route[-1], move.unload_to) if s is not None and board.spaces[s].land]
    for space in ends:
        land_here = any(p.power == power and board.units[p.unit].is_land for p in moved.pieces(space))
        enemy_here = any(board.enemies(power, p.power) for p in moved.pieces(space))
        if land_here and not enemy_here and board.enemies(power, before.owner(space)):
            taken.append(space)
    events: list[Event] = []
    units = apply(before, changed(before, moved)).units
    current = replace(game, position=replace(before, units=units))
    for space in dict.fromkeys(taken):
        event = conquer(pack, current, space, power)
        events.append(event)
        position = current.position
        current = replace(current, position=replace(apply(position, event.spaces),
                                                     owners={**position.owners, space: event.owner},
                                                     conquered=position.conquered | {space}))
    return events


def _aa_over(pack: GamePack, state: RevisedState, game: Game, moved: Position, move: MoveUnits,
             dice: Dice) -> list[Event]:
    """AAR1-aa: "Anytime an enemy air unit flies over a territory, either in combat or non-combat
    move phases, the AA guns may fire": at most 3 guns per territory, each 1-2 to target, then 1 to
    hit; each hit shoots down one of the aircraft (the cheapest first)."""
    if state.aa_rule is AaRule.EDITION:
        return []
    board, power, rule = pack.board, move.power, pack.combat.two_roll_aa
    air = {u: n for u, n in move.units.items() if board.units[u].is_air}
    if not air:
        return []
    events: list[Event] = []
    destination = move.route[-1]
    for space in move.route[1:-1]:
        guns = sum(p.count for p in moved.pieces(space)
                   if board.enemies(power, p.power) and pack.units[p.unit].has(Ability.ANTI_AIRCRAFT))
        if not guns or not air:
            continue
        firing = min(guns, rule.max_guns)
        rolls, hits = [], 0
        for _ in range(firing):
            value = dice.roll(pack.combat.dice_sides)
            rolls.append(Roll("aa_gun", (value,), rule.target, value <= rule.target, "target", ""))
            if value <= rule.target:
                value = dice.roll(pack.combat.dice_sides)
                rolls.append(Roll("aa_gun", (value,), rule.hit, value <= rule.hit, "hit", ""))
                hits += value <= rule.hit
        lost: dict[str, int] = {}
        for unit in sorted(air, key=lambda u: (pack.units[u].cost, u)):
            n = min(hits, air[unit])
            if n:
                lost[unit] = n
                air[unit] -= n
                hits -= n
        spaces = {}
        if lost:
            pieces = moved.pieces(destination)
            gone = []
            for unit, n in lost.items():
                for p in sorted((p for p in pieces if p.power == power and p.unit == unit), key=lambda p: -p.moved):
                    take = min(n, p.count)
                    if take:
                        gone.append(replace(p, count=take))
                        n -= take
            spaces = {destination: without(pieces, gone)}
            moved = apply(moved, spaces)
        events.append(AaFired(space, power, firing, tuple(rolls), lost, spaces))
    return events


def _check_bombing(pack: GamePack, game: Game, move: MoveUnits) -> None:
    """AAR-sbr: only bombers, in the combat move, sent to an enemy territory with an IC."""
    target = move.route[-1]
    if set(move.units) != {"bomber"} or game.phase is not Phase.COMBAT_MOVE:
        raise RuleViolation("AAR-sbr", "a bombing raid is made by bombers alone, in the combat move")
    if target not in game.position.factories or not pack.board.enemies(move.power, game.position.owner(target)):
        raise RuleViolation("AAR-sbr", f"{target} holds no enemy industrial complex to bomb")


def move_units(state: RevisedState, command: MoveUnits, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-move-*: one move, judged by the board's validator; then conquests and AA fire."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE, Phase.NON_COMBAT_MOVE)
    if command.bombing:
        _check_bombing(pack, game, command)
    phase = MovePhase.COMBAT if game.phase is Phase.COMBAT_MOVE else MovePhase.NONCOMBAT
    move = Move(dict(command.units), tuple(command.route), dict(command.cargo), command.load_from, command.unload_to)
    before = game.position
    moved = apply_move(pack.board, before, command.power, phase, move)
    spaces = changed(before, moved)
    events: list[Event] = [UnitsMoved(command.power, phase is MovePhase.COMBAT, dict(command.units),
                                      tuple(command.route), dict(command.cargo), command.load_from, command.unload_to,
                                      command.bombing, spaces, _landings(pack, command))]
    if phase is MovePhase.COMBAT:
        events += _conquests(pack, game, moved, before, command)
    return events + _aa_over(pack, state, game, apply(before, spaces), command, ctx.dice)


def within(pack: GamePack, start: str, target: str, limit: int) -> bool:
    """``target`` is at most ``limit`` spaces from ``start`` (land and sea alike; impassable land
    aside): the rockets' range, in both games."""
    seen, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        if here == target:
            return True
        if seen[here] >= limit:
            continue
        for there in pack.board.neighbours(here):
            if there not in seen and not pack.board.spaces[there].impassable:
                seen[there] = seen[here] + 1
                todo.append(there)
    return False


def rocket_launchers(pack: GamePack, game: Game, power: str) -> list[str]:
    """AAR-tech Rockets: the territories whose AA guns may still fire rockets this turn."""
    if "rockets" not in game.position.advances(power):
        return []
    return sorted({space for space, pieces in game.position.units.items() if space not in game.rockets
                   and any(p.power == power and pack.units[p.unit].has(Ability.ANTI_AIRCRAFT) for p in pieces)})


def rocket_targets(pack: GamePack, game: Game, power: str, launch: str) -> list[str]:
    """AAR-tech Rockets: the enemy ICs within range of ``launch``."""
    board, position, reach = pack.board, game.position, pack.number("rocket_range")
    return sorted(t for t in position.factories if board.enemies(power, position.owner(t))
                  and within(pack, launch, t, reach))


def fire_rockets(state: RevisedState, command: FireRockets, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-tech Rockets: once a turn per territory, its AA guns strike an enemy IC within range:
    one die of IPCs, no more than the target's value."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE)
    board, position, power = pack.board, game.position, command.power
    if "rockets" not in position.advances(power):
        raise RuleViolation("AAR-tech", f"{power} has not developed Rockets")
    if command.launch not in rocket_launchers(pack, game, power):
        raise RuleViolation("AAR-tech", f"no AA gun of {power} in {command.launch} may fire rockets this turn")
    if command.target not in rocket_targets(pack, game, power, command.launch):
        raise RuleViolation("AAR-tech", f"rockets strike an enemy IC within {pack.number('rocket_range')} spaces; "
                                        f"{command.target} is not one")
    victim = position.owner(command.target)
    roll = ctx.dice.roll(pack.combat.dice_sides)
    damage = min(roll, board.spaces[command.target].ipc, game.treasury.get(victim, 0))
    return [RocketFired(power, command.launch, command.target, victim, roll, damage)]


def end_combat_move(state: RevisedState, command: EndCombatMove, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-battle: the combat move is over; its battles are found and fought in order."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE)
    return find_battles(pack, game) + [PhaseBegan(game.round, game.power, Phase.COMBAT)]


def end_non_combat_move(state: RevisedState, command: EndNonCombatMove, ctx: Context, pack: GamePack) -> list[Event]:
    game = require_turn(state, command, ctx, Phase.NON_COMBAT_MOVE)
    return [PhaseBegan(game.round, game.power, Phase.PLACE)]
