"""The combat and non-combat moves (AAG-move, AAG-politics, AAG-neutral, AAG40-china): each move is
judged by the board's one validator, which reads the relations, the neutrals, China's movement area
and the sea-zone bans; land units entering empty enemy land take it at once (capital capture and
liberation, ``conquest``); land units ending a non-combat move in a friendly neutral take it, its
garrison joining them (AAG-neutral); bombers may be sent to raid a facility (AAG-battle); air bases
fire rockets (AAG40-tech). The end of the combat move finds the battles (``combat``)."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.board import Stance, stances
from domain.aa.board.apply import apply_move
from domain.aa.board.checks import Move
from domain.aa.board.checks import Phase as MovePhase
from domain.aa.global1940 import neutrals
from domain.aa.global1940.game.commands import (
    EndCombatMove,
    EndNonCombatMove,
    FireRockets,
    MoveUnits,
)
from domain.aa.global1940.game.common import next_phase, require_turn
from domain.aa.global1940.game.conquest import conquer
from domain.aa.global1940.game.events import RocketFired, UnitsMoved
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.movement import _landings as landings_of
from domain.aa.revised_phase_one.game.movement import within
from domain.aa.revised_phase_one.game.pieces import apply, changed
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Context, Event, RuleViolation

BATTLE = "AAG-battle"


def bombing_target(pack: GlobalGamePack, game: GlobalGame, power: str, territory: str) -> str | None:
    """AAG-battle: the facility bombers raid in ``territory`` (the first of the pack's targets an
    enemy holds there), or None."""
    board = pack.board
    at_war = stances(board, game.position, power).at_war
    present = {p.unit for p in game.position.pieces(territory) if p.power in at_war and board.units[p.unit].is_facility}
    return next((unit for unit in pack.rules.bombing_targets if unit in present), None)


def _check_bombing(pack: GlobalGamePack, game: GlobalGame, move: MoveUnits) -> None:
    """AAG-battle: bombers alone, in the combat move, sent to an enemy territory with a facility."""
    if not move.units or set(move.units) - set(pack.rules.bombing_units) or game.phase is not Phase.COMBAT_MOVE:
        raise RuleViolation(BATTLE, f"a bombing raid is made by {', '.join(pack.rules.bombing_units)} alone, in the "
                                    "combat move")
    target = move.route[-1]
    if target not in pack.board.spaces or pack.board.spaces[target].sea \
            or bombing_target(pack, game, move.power, target) is None:
        raise RuleViolation(BATTLE, f"{target} holds no facility of a power {move.power} is at war with")


def _conquests(pack: GlobalGamePack, game: GlobalGame, moved, move: MoveUnits) -> list[Event]:
    """AAG-income: empty enemy land the move's land units passed (blitz) or ended in."""
    board, power, before = pack.board, move.power, game.position
    taken = [s for s in move.route[1:-1] if moved.owners.get(s) != before.owners.get(s)]
    at_war = stances(board, before, power)
    for space in (move.route[-1], move.unload_to):
        if space is None or not board.spaces[space].land:
            continue
        land_here = any(p.power == power and board.units[p.unit].is_land for p in moved.pieces(space))
        enemy_here = any(at_war.of(p.power) is Stance.AT_WAR and not board.units[p.unit].is_facility
                         for p in moved.pieces(space))
        if land_here and not enemy_here and at_war.of(before.owner(space)) is Stance.AT_WAR:
            taken.append(space)
    events: list[Event] = []
    current = replace(game, position=replace(before, units=moved.units))
    for space in dict.fromkeys(taken):
        event = conquer(pack, current, space, power)
        events.append(event)
        position = current.position
        current = replace(current, position=replace(apply(position, event.spaces),
                                                     owners={**position.owners, space: event.owner},
                                                     conquered=position.conquered | {space}))
    return events


def move_units(state: GlobalState, command: MoveUnits, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG-move: one move, judged by the board's validator; then conquests, or a friendly neutral
    taken (AAG-neutral)."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE, Phase.NON_COMBAT_MOVE)
    if command.bombing:
        _check_bombing(pack, game, command)
    phase = MovePhase.COMBAT if game.phase is Phase.COMBAT_MOVE else MovePhase.NONCOMBAT
    move = Move(dict(command.units), tuple(command.route), dict(command.cargo), command.load_from, command.unload_to)
    board, before = pack.board, game.position
    neutral = neutrals.taken_by_move(board, before, command.power, phase, move) if move.route else None
    moved = apply_move(board, before, command.power, phase, move)
    spaces = changed(before, moved)
    events: list[Event] = [UnitsMoved(command.power, phase is MovePhase.COMBAT, dict(command.units),
                                      tuple(command.route), dict(command.cargo), command.load_from, command.unload_to,
                                      command.bombing, spaces, landings_of(pack, command))]
    if phase is MovePhase.COMBAT:
        events += _conquests(pack, game, moved, command)
    if neutral is not None:
        events.append(neutral)
    return events


def operational(pack: GlobalGamePack, game: GlobalGame, territory: str, unit: str, power: str) -> bool:
    """AAG-facilities: ``power`` (or an ally) has a base ``unit`` in ``territory`` below its
    out-of-action damage."""
    board = pack.board
    base = board.bases.get(unit)
    allied = stances(board, game.position, power).allied
    if base is None or game.position.damage_to(territory, unit) >= base.out_of_action_at:
        return False
    return any(p.unit == unit and p.power in allied for p in game.position.pieces(territory))


def rocket_targets(pack: GlobalGamePack, game: GlobalGame, power: str, launch: str) -> list[str]:
    """AAG40-tech Rockets: the territories the air base in ``launch`` may strike: an enemy complex or
    base within range, never a neutral's."""
    board, position = pack.board, game.position
    at_war = stances(board, position, power).at_war
    reach = pack.rules.rocket_range
    out = []
    for territory in sorted(position.units):
        owner = position.owner(territory)
        if owner not in at_war or board.is_neutral(owner) or bombing_target(pack, game, power, territory) is None:
            continue
        if within(pack, launch, territory, reach):
            out.append(territory)
    return out


def fire_rockets(state: GlobalState, command: FireRockets, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG40-tech Rockets: once a turn per air base, in the combat move: one die of damage to the
    enemy facility struck, up to its maximum."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE)
    power, launch = command.power, command.launch
    if "rockets" not in game.position.advances(power):
        raise RuleViolation("AAG40-tech", f"{power} has not developed Rockets")
    if launch in game.rockets or launch not in pack.board.spaces \
            or game.position.owner(launch) != power or not operational(pack, game, launch, pack.rules.rocket_launch,
                                                                        power):
        raise RuleViolation("AAG40-tech", f"no operational air base of {power} in {launch} may fire rockets this turn")
    if command.target not in rocket_targets(pack, game, power, launch):
        raise RuleViolation("AAG40-tech", f"rockets strike an enemy complex or base within {pack.rules.rocket_range} "
                                          f"spaces of {launch}; {command.target} is not one")
    facility = bombing_target(pack, game, power, command.target)
    roll = ctx.dice.roll(pack.combat.dice_sides)
    now = game.position.damage_to(command.target, facility)
    total = min(pack.board.units[facility].max_damage, now + roll)
    return [RocketFired(power, launch, command.target, facility, game.position.owner(command.target), roll,
                        total - now, total)]


def end_non_combat_move(state: GlobalState, command: EndNonCombatMove, ctx: Context,
                        pack: GlobalGamePack) -> list[Event]:
    game = require_turn(state, command, ctx, Phase.NON_COMBAT_MOVE)
    return [PhaseBegan(game.round, game.power, next_phase(pack, Phase.NON_COMBAT_MOVE))]


__all__ = ["EndCombatMove", "bombing_target", "end_non_combat_move", "fire_rockets", "move_units", "operational",
           "rocket_targets"]
