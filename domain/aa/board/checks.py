"""The move validator's checks (``moves`` runs them in order): the move's shape, which pieces move,
what stops a piece moving, and the land and sea routes (AAR-move-land, AAR-blitz, AAR-move-sea,
AAR-canal, AAR-ncm)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from domain.aa.board.model import Board, UnitProfile
from domain.aa.board.position import Piece, Position
from domain.aa.board.relations import Stances, stances
from domain.aa.board.terrain import (
    blitz_blocker,
    blocking_ships,
    canal_open,
    enemy_pieces,
    enemy_ships,
    is_enemy_land,
    sea_blocker,
    title,
)
from domain.aa.board.terrain import (
    movement_left as piece_movement_left,
)
from domain.kernel import RuleViolation


class Phase(StrEnum):
    COMBAT = "combat"
    NONCOMBAT = "noncombat"


@dataclass(frozen=True)
class Move:
    """The mover's ``units`` (type -> count) travel ``route`` (start first, destination last; a
    one-space route loads or unloads on the spot). ``cargo``: land units aboard the moving
    transports as they set off, those not yet aboard boarding from ``load_from`` (land beside the
    start zone, units that have not moved); ``unload_to``: land beside the destination zone where
    all the cargo goes ashore."""

    units: Mapping[str, int]
    route: tuple[str, ...]
    cargo: Mapping[str, int] = field(default_factory=dict)
    load_from: str | None = None
    unload_to: str | None = None

    @property
    def start(self) -> str:
        return self.route[0]

    @property
    def destination(self) -> str:
        return self.route[-1]

    @property
    def steps(self) -> int:
        return len(self.route) - 1


@dataclass(frozen=True)
class Taken:
    """What a legal move takes: ``pieces`` (piece in the start, how many of it move; transports
    excluded), ``transports`` (one piece per transport, each with its cargo aboard) and ``loaded``
    (piece in ``load_from``, how many board)."""

    pieces: tuple[tuple[Piece, int], ...] = ()
    transports: tuple[Piece, ...] = ()
    loaded: tuple[tuple[Piece, int], ...] = ()


@dataclass(frozen=True)
class Ctx:
    board: Board
    position: Position
    power: str
    phase: Phase
    move: Move

    @property
    def noncombat(self) -> bool:
        return self.phase is Phase.NONCOMBAT

    @property
    def stances(self) -> Stances:
        return stances(self.board, self.position, self.power)

    def left(self, piece: Piece, where: str | None = None) -> int:
        """Movement left: with advances, and a base's bonus (AAG-facilities)."""
        return piece_movement_left(self.board, self.position, self.power, piece, where or self.move.start)


RULE_BY_DOMAIN = {"land": "AAR-move-land", "sea": "AAR-move-sea", "air": "AAR-air", "facility": "AAR-move-land"}
_MASS = {"infantry", "artillery", "armour"}


def rule_of(profile: UnitProfile) -> str:
    return RULE_BY_DOMAIN[profile.type.domain.value]


def a(board: Board, unit: str) -> str:
    """"a fighter", "an AA gun", "infantry": how a message names one unit of a type."""
    name = title(board, unit)
    if unit in _MASS or name.split()[-1].lower() in _MASS:
        return name
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"


def shape(ctx: Ctx) -> None:
    """AAR-board: the move names spaces and units on the board, and its route follows adjacency."""
    board, move = ctx.board, ctx.move
    if not move.route:
        raise RuleViolation("AAR-board", "a move needs a route: where it starts and where it ends")
    for name in (*move.route, move.load_from, move.unload_to):
        if name is not None and name not in board.spaces:
            raise RuleViolation("AAR-board", f"there is no {name!r} on the board")
    for unit, count in (*move.units.items(), *move.cargo.items()):
        if unit not in board.units:
            raise RuleViolation("AAR-board", f"there is no unit {unit!r}")
        if count < 1:
            raise RuleViolation("AAR-board", f"move at least one {title(board, unit)}, not {count}")
    if not move.units:
        raise RuleViolation("AAR-board", "a move moves at least one unit")
    for here, there in zip(move.route, move.route[1:]):
        if there not in board.spaces[here].neighbours:
            rule = move_rule(ctx)
            raise RuleViolation(rule, f"{here} and {there} are not adjacent")


def move_rule(ctx: Ctx) -> str:
    """The rule a route's fault breaks: the sea rule when ships move, else land, else air."""
    kinds = [ctx.board.units[u] for u in ctx.move.units]
    return next((rule_of(p) for p in kinds if p.is_sea), None) or next(
        (rule_of(p) for p in kinds if p.is_land), "AAR-air")


def select(ctx: Ctx, unit: str, count: int) -> list[tuple[Piece, int]]:
    """The ``count`` units of the type with the most movement left (pieces that may not move last)."""
    start = ctx.move.start
    mine = sorted((p for p in ctx.position.pieces(start) if p.power == ctx.power and p.unit == unit),
                  key=lambda p: (p.done, ctx.noncombat and p.combat_moved, p.moved))
    have = sum(p.count for p in mine)
    if have < count:
        raise RuleViolation(rule_of(ctx.board.units[unit]),
                            f"{ctx.power} has {have} {title(ctx.board, unit)} in {start}, not {count}")
    chosen, wanted = [], count
    for p in mine:
        if wanted <= 0:
            break
        chosen.append((p, min(p.count, wanted)))
        wanted -= p.count
    return chosen


def gates(ctx: Ctx, profile: UnitProfile, piece: Piece, where: str | None = None) -> None:
    """What stops a piece moving at all: it never moves, not in this phase, or not any more."""
    board, unit, where = ctx.board, piece.unit, where or ctx.move.start
    if not profile.movable:
        raise RuleViolation("AAR-move-land", f"{a(board, unit)} never moves")
    if ctx.phase is Phase.COMBAT and not profile.combat_move:
        raise RuleViolation("AAR-move-land", f"{a(board, unit)} cannot move in the combat move")
    if piece.done:
        rule = "AAR-transport" if profile.is_transport or profile.transport_cost else rule_of(profile)
        raise RuleViolation(rule, f"{a(board, unit)} in {where} came ashore or unloaded this turn and moves no more")
    if ctx.noncombat and piece.combat_moved and not profile.is_air:
        raise RuleViolation("AAR-ncm", f"{a(board, unit)} in {where} moved in the combat move and cannot move again "
                                       "this turn")
    if not ctx.noncombat and piece.moved and _in_battle(ctx, where):
        raise RuleViolation(rule_of(profile), f"{a(board, unit)} in {where} is in a battle there and cannot move on")


def _in_battle(ctx: Ctx, space: str) -> bool:
    """TripleA: "Units cannot participate in multiple battles" -- enemy land, or enemy units at sea."""
    if ctx.board.spaces[space].land:
        return is_enemy_land(ctx.board, ctx.position, ctx.power, space)
    return bool(enemy_pieces(ctx.board, ctx.position, ctx.power, space))


def neutrals(ctx: Ctx, profile: UnitProfile) -> None:
    """AAR-move-land, AAR-air: neutral territories are impassable to land and air units."""
    board, move = ctx.board, ctx.move
    for space in move.route[1:]:
        if board.spaces[space].impassable:
            verb = "fly over" if profile.is_air else "enter"
            raise RuleViolation(rule_of(profile), f"{a(board, profile.name)} cannot {verb} {space}: neutral "
                                                  "territories are impassable")


def movement_left(ctx: Ctx, profile: UnitProfile, chosen: list[tuple[Piece, int]]) -> None:
    """AAR-move-land, AAR-move-sea, AAR-air: every moving piece has the route's steps left."""
    steps = ctx.move.steps
    for piece, _ in chosen:
        left = ctx.left(piece)
        if steps > left:
            raise RuleViolation(rule_of(profile), f"{a(ctx.board, piece.unit)} in {ctx.move.start} has {left} "
                                                  f"movement left; the route to {ctx.move.destination} takes {steps}")


def land_route(ctx: Ctx, unit: str) -> None:
    """AAR-move-land, AAR-blitz: along land; enemy land ends the move unless armour blitzes through
    it empty; the non-combat move enters no enemy land."""
    board, position, power, move = ctx.board, ctx.position, ctx.power, ctx.move
    profile, at_war = board.units[unit], ctx.stances.at_war
    for space in move.route[1:]:
        if board.spaces[space].sea:
            raise RuleViolation("AAR-transport", f"{a(board, unit)} cannot go to sea on its own: it moves aboard "
                                                 f"a transport, as cargo")
    for space in move.route[1:-1]:
        enemy = position.owner(space) in at_war
        if enemy and ctx.noncombat:
            raise RuleViolation("AAR-ncm", f"{a(board, unit)} cannot pass through enemy {space} in the non-combat "
                                           "move")
        if enemy and not profile.blitz and profile.blitz_with and not can_blitz(ctx, unit):
            partners = " or ".join(title(board, u) for u in profile.blitz_with)
            raise RuleViolation("AAR-blitz", f"{a(board, unit)} cannot blitz through {space}: it blitzes only "
                                             f"alongside as many {partners}")
        if enemy and not can_blitz(ctx, unit):
            raise RuleViolation("AAR-move-land", f"{a(board, unit)} must stop in {space}: entering enemy land ends "
                                                 "the move")
        if enemy:
            reason = blitz_blocker(board, position, power, space)
            if reason:
                raise RuleViolation("AAR-blitz", f"{a(board, unit)} cannot blitz through {space}: {reason}")
        if not ctx.noncombat and space in position.conquered:
            raise RuleViolation("AAR-move-land", f"{a(board, unit)} cannot pass through {space}: it was taken this "
                                                 "turn")
    if ctx.noncombat and move.steps and position.owner(move.destination) in at_war:
        raise RuleViolation("AAR-ncm", f"{a(board, unit)} cannot enter enemy {move.destination} in the non-combat "
                                       "move")


def can_blitz(ctx: Ctx, unit: str) -> bool:
    """AAR-blitz, AAG-move: armour blitzes; mechanized infantry only alongside as many armour (or
    alone with Improved Mechanized Infantry, AAG40-tech)."""
    board, move = ctx.board, ctx.move
    if board.blitzes(unit, ctx.position.advances(ctx.power)):
        return True
    partners = board.units[unit].blitz_with
    return bool(partners) and sum(move.units.get(p, 0) for p in partners) >= move.units.get(unit, 0)


def sea_route(ctx: Ctx, unit: str) -> None:
    """AAR-move-sea, AAR-canal, AAG-move: along sea zones; enemy ships that block stop it
    (submarines pass unless an enemy destroyer is there); canals and straits only for their holders
    (or units exempt from them); the non-combat move meets no enemy ship that blocks and ends where
    no enemy ship is."""
    board, position, power, move = ctx.board, ctx.position, ctx.power, ctx.move
    for space in move.route[1:]:
        if board.spaces[space].land:
            raise RuleViolation("AAR-move-sea", f"{a(board, unit)} cannot enter {space}: ships stay at sea")
    if ctx.noncombat:
        for zone in move.route[1:]:
            ships = enemy_ships if zone == move.destination else blocking_ships
            if ships(board, position, power, zone):
                raise RuleViolation("AAR-ncm", f"{a(board, unit)} cannot enter {zone} in the non-combat move: enemy "
                                               "ships are there")
    at_sea = tuple(u for u in move.units if board.units[u].is_sea)
    for here, there in zip(move.route, move.route[1:]):
        if not canal_open(board, position, power, here, there, at_sea):
            canal = board.canal(here, there)
            held = " and ".join(canal.territories)
            raise RuleViolation(board.canal_rule, f"{a(board, unit)} cannot pass {canal.title or f'the {canal.name} canal'}"
                                                  f" from {here} to {there}: the {board.side_of[power]} have not held "
                                                  f"{held} since the turn's start")
    subs_only = all(board.units[u].is_sub for u in move.units if board.units[u].is_sea)
    for zone in move.route[1:-1]:
        reason = sea_blocker(board, position, power, zone, subs_only)
        if reason:
            raise RuleViolation("AAR-move-sea", f"{a(board, unit)} cannot pass through {zone}: {reason}")
