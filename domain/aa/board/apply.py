"""A legal move applied to the position (what a decider's ``evolve`` does with a move event).

Pieces that move spend the route's steps; in the combat move they are marked ``combat_moved``.
Cargo that boards has spent its movement; cargo that goes ashore and the transports that unloaded
are ``done``. Armour blitzing through empty enemy land takes it (owner and ``conquered``); battles,
conquest of the destination and liberation stay with the turn's rules.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from domain.aa.board.checks import Move, Phase, Taken
from domain.aa.board.model import Board
from domain.aa.board.moves import plan_move
from domain.aa.board.position import GlobalPiece, Piece, Position, merge_pieces
from domain.aa.board.terrain import base_bonus, is_enemy_land
from domain.aa.board.transport import distribute


def apply_move(board: Board, position: Position, power: str, phase: Phase | str, move: Move) -> Position:
    """The position after ``move`` (raises ``RuleViolation`` when it is illegal)."""
    phase = Phase(phase)
    taken = plan_move(board, position, power, phase, move)
    combat = phase is Phase.COMBAT
    units = {space: list(pieces) for space, pieces in position.units.items()}
    start, dest = move.start, move.destination
    arriving: list[Piece] = []
    for piece, count in taken.pieces:
        _remove(units, start, piece, count)
        arriving.append(replace(piece, count=count, moved=piece.moved + move.steps,
                                combat_moved=piece.combat_moved or combat,
                                **_setting_off(board, position, power, piece, start, move.steps)))
    ashore = _transports(board, position, power, units, taken, move, combat)
    arriving.extend(ashore[0])
    units[dest] = list(units.get(dest, [])) + arriving
    if move.unload_to:
        units[move.unload_to] = list(units.get(move.unload_to, [])) + ashore[1]
    owners, conquered = dict(position.owners), set(position.conquered)
    if combat and any(board.units[p.unit].is_land for p, _ in taken.pieces):
        for space in move.route[1:-1]:
            if is_enemy_land(board, position, power, space):
                owners[space] = power
                conquered.add(space)
    tidy = {space: merge_pieces(pieces) for space, pieces in units.items()}
    return replace(position, owners=owners, conquered=frozenset(conquered),
                   units={space: pieces for space, pieces in tidy.items() if pieces})


def _setting_off(board: Board, position: Position, power: str, piece: Piece, start: str, steps: int) -> dict:
    """AAG-facilities: a piece setting off keeps the bonus its base gave it for the rest of the turn."""
    if not isinstance(piece, GlobalPiece) or piece.moved or not steps:
        return {}
    return {"bonus": base_bonus(board, position, power, piece.unit, start)}


def _remove(units: dict[str, list[Piece]], space: str, piece: Piece, count: int) -> None:
    pieces = units[space]
    i = pieces.index(piece)
    if piece.count == count:
        del pieces[i]
    else:
        pieces[i] = replace(piece, count=piece.count - count)


def _transports(board: Board, position: Position, power: str, units: dict[str, list[Piece]], taken: Taken,
                move: Move, combat: bool) -> tuple[list[Piece], list[Piece]]:
    """The transports at the destination and the cargo put ashore."""
    if not taken.transports:
        return [], []
    for piece, count in Counter(taken.transports).items():
        _remove(units, move.start, piece, count)
    boarding: list[Piece] = []
    for piece, count in taken.loaded:
        _remove(units, move.load_from, piece, count)
        boarding.extend([replace(piece, count=1, moved=board.units[piece.unit].move,
                                 combat_moved=piece.combat_moved or combat)] * count)
    singles = [replace(t, count=1) for t in taken.transports]
    capacity = board.units[singles[0].unit].transport_capacity
    plan = distribute(board, singles, Counter(p.unit for p in boarding), capacity) or []
    moved, ashore = [], []
    for transport, extra in zip(singles, plan):
        cargo = list(transport.cargo)
        for kind, n in extra.items():
            for _ in range(n):
                cargo.append(boarding.pop(next(i for i, p in enumerate(boarding) if p.unit == kind)))
        cargo = [replace(c, combat_moved=c.combat_moved or (combat and move.steps > 0)) for c in cargo]
        done = transport.done
        if move.unload_to:
            ashore.extend(replace(c, done=True, combat_moved=c.combat_moved or combat) for c in cargo)
            cargo, done = [], True
        moved.append(replace(transport, moved=transport.moved + move.steps, done=done, cargo=merge_pieces(cargo),
                             combat_moved=transport.combat_moved or (combat and move.steps > 0),
                             **_setting_off(board, position, power, transport, move.start, move.steps)))
    return moved, ashore
