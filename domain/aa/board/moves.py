"""The one move validator (AAR-move-land, AAR-blitz, AAR-move-sea, AAR-canal, AAR-transport, AAR-air,
AAR-ncm; on a Global board also AAG-move, AAG-politics, AAG-neutral, AAG40-china), for combat and
non-combat moves alike, in the order of TripleA's ``MoveValidator``: the move's shape, the pieces it
takes, what stops them moving, where relations let them go (``borders``), the route by land or sea,
movement left (bases' bonus included), transports, and where air units may end.

``check_move`` answers None (legal) or the ``RuleViolation`` naming the rule and the territory;
``plan_move`` raises it instead and, on success, says which pieces the move takes (``Taken``).
"""
from __future__ import annotations

from domain.aa.board import air, borders, transport
from domain.aa.board.checks import (
    Ctx,
    Move,
    Phase,
    Taken,
    gates,
    land_route,
    movement_left,
    neutrals,
    sea_route,
    select,
    shape,
)
from domain.aa.board.model import Board
from domain.aa.board.position import Piece, Position
from domain.aa.board.relations import stances
from domain.aa.units import Ability
from domain.kernel import RuleViolation


def check_move(board: Board, position: Position, power: str, phase: Phase | str, move: Move) -> RuleViolation | None:
    """AAR-move-*: None when ``power`` may make ``move`` in ``phase``, else the rule it breaks."""
    try:
        plan_move(board, position, power, phase, move)
    except RuleViolation as violation:
        return violation
    return None


def plan_move(board: Board, position: Position, power: str, phase: Phase | str, move: Move) -> Taken:
    """AAR-move-*: the pieces ``move`` takes; raises ``RuleViolation`` when it breaks a rule."""
    ctx = Ctx(board, position, power, Phase(phase), move)
    shape(ctx)
    pieces: list[tuple[Piece, int]] = []
    for unit, count in move.units.items():
        profile = board.units[unit]
        if profile.is_transport:
            continue
        chosen = select(ctx, unit, count)
        for piece, _ in chosen:
            gates(ctx, profile, piece)
        neutrals(ctx, profile)
        borders.crossing(ctx, profile)
        if profile.is_land:
            land_route(ctx, unit)
        elif profile.is_sea:
            sea_route(ctx, unit)
        movement_left(ctx, profile, chosen)
        pieces.extend(chosen)
    transports, loaded = transport.plan(ctx)
    air.check_landing(ctx, pieces)
    return Taken(tuple(pieces), transports, loaded)


def aa_overflown(board: Board, position: Position, power: str, move: Move) -> tuple[str, ...]:
    """AAR1-aa: "Anytime an enemy air unit flies over a territory, either in combat or non-combat
    move phases, the AA guns may fire": the territories the move's air units pass over (start and
    destination aside) holding an AA gun of ``power``'s enemies, in route order."""
    if not any(board.units[u].is_air for u in move.units):
        return ()
    at_war = stances(board, position, power).at_war
    return tuple(space for space in move.route[1:-1]
                 if any(p.power in at_war and board.units[p.unit].type.has(Ability.ANTI_AIRCRAFT)
                        for p in position.pieces(space)))


def require_move(board: Board, position: Position, power: str, phase: Phase | str, move: Move) -> None:
    """AAR-move-*: raise the ``RuleViolation`` of an illegal move (a decider's ``decide`` calls this)."""
    plan_move(board, position, power, phase, move)


__all__ = ["Move", "Phase", "Taken", "aa_overflown", "check_move", "plan_move", "require_move"]
