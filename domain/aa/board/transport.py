"""AAR-transport: which transports carry the cargo, loading from adjacent land with units that have
not moved, unloading (which ends the move) and amphibious assault."""
from __future__ import annotations

from collections import Counter

from domain.aa.board import borders
from domain.aa.board.checks import Ctx, a, gates, movement_left, neutrals, sea_route
from domain.aa.board.position import Piece
from domain.aa.board.terrain import (
    blocking_ships,
    describe,
    enemy_ships,
    is_enemy_land,
    title,
)
from domain.kernel import RuleViolation

_SEARCH_LIMIT = 2000  # transport combinations tried before giving up (a start zone holds a handful)


def plan(ctx: Ctx) -> tuple[tuple[Piece, ...], tuple[tuple[Piece, int], ...]]:
    """The transports that move (one piece each, with the cargo aboard) and the land pieces that
    board them from ``load_from``; raises ``RuleViolation`` when the move breaks a rule."""
    board, move = ctx.board, ctx.move
    wanted = sum(n for u, n in move.units.items() if board.units[u].is_transport)
    if not wanted:
        if move.cargo or move.load_from or move.unload_to:
            raise RuleViolation("AAR-transport", "cargo moves, loads and unloads only with the transports that "
                                                 "carry it: name them in the move")
        return (), ()
    unit = next(u for u in move.units if board.units[u].is_transport)
    profile = board.units[unit]
    cargo = Counter(move.cargo)
    for kind in cargo:
        if not board.units[kind].transport_cost:
            raise RuleViolation("AAR-transport", f"{a(board, kind)} cannot go aboard a transport")
    chosen = _choose(ctx, unit, wanted, cargo)
    for piece in chosen:
        gates(ctx, profile, piece)
    neutrals(ctx, profile)
    borders.crossing(ctx, profile)
    sea_route(ctx, unit)
    movement_left(ctx, profile, [(p, 1) for p in chosen])
    aboard = sum((Counter(p.cargo_counts()) for p in chosen), Counter())
    if ctx.noncombat and any(c.combat_moved for p in chosen for c in p.cargo):
        raise RuleViolation("AAR-ncm", f"the cargo aboard the transports in {move.start} moved in the combat move "
                                       "and cannot move again this turn")
    loaded = _load(ctx, cargo - aboard) if move.load_from else ()
    if move.unload_to:
        _unload(ctx, cargo)
    return tuple(chosen), loaded


def _choose(ctx: Ctx, unit: str, wanted: int, cargo: Counter) -> list[Piece]:
    """``wanted`` transports in the start zone whose cargo aboard is part of ``cargo`` (all of it
    when nothing loads) and that can hold the rest: those with the most movement left first."""
    board, move = ctx.board, ctx.move
    kinds = sorted((p for p in ctx.position.pieces(move.start) if p.power == ctx.power and p.unit == unit),
                   key=lambda p: (p.done, ctx.noncombat and p.combat_moved, p.moved, -len(p.cargo)))
    have = sum(p.count for p in kinds)
    if have < wanted:
        raise RuleViolation("AAR-move-sea", f"{ctx.power} has {have} {title(board, unit)} in {move.start}, "
                                            f"not {wanted}")
    capacity = board.units[unit].transport_capacity
    found: list[list[Piece]] = []
    tried = 0

    def search(i: int, picked: list[Piece], aboard: Counter) -> None:
        nonlocal tried
        tried += 1
        if found or tried > _SEARCH_LIMIT:
            return
        if len(picked) == wanted:
            rest = cargo - aboard
            if (move.load_from or not rest) and _fits(ctx, picked, rest, capacity):
                found.append(list(picked))
            return
        if i == len(kinds):
            return
        piece = kinds[i]
        inside = Counter(piece.cargo_counts())
        most = min(piece.count, wanted - len(picked))
        for take in range(most, -1, -1):
            total = aboard + Counter({k: v * take for k, v in inside.items()})
            if take and total - cargo:
                continue  # would carry units the move does not name
            search(i + 1, picked + [piece] * take, total)

    search(0, [], Counter())
    if found:
        return found[0]
    if not move.load_from:
        raise RuleViolation("AAR-transport", f"{ctx.power} has no {wanted} {title(board, unit)} in {move.start} "
                                             f"carrying exactly {_cargo_text(ctx, cargo)}: name the cargo aboard, "
                                             "or load it from land beside the zone")
    raise RuleViolation("AAR-transport", f"{wanted} {title(board, unit)} in {move.start} cannot hold "
                                         f"{_cargo_text(ctx, cargo)}: {_capacity_text(ctx, unit)}")


def _fits(ctx: Ctx, transports: list[Piece], extra: Counter, capacity: int) -> bool:
    return distribute(ctx.board, transports, extra, capacity) is not None


def distribute(board, transports: list[Piece], extra: Counter, capacity: int) -> list[Counter] | None:
    """Where ``extra`` units board: best-fit decreasing, the biggest units first, each into the
    fullest transport it fits. None when they do not fit."""
    costs = board.units
    rooms = [capacity - sum(costs[c.unit].transport_cost * c.count for c in t.cargo) for t in transports]
    if min(rooms, default=0) < 0:
        return None
    boarding = [Counter() for _ in transports]
    for kind in sorted(extra, key=lambda k: -costs[k].transport_cost):
        size = costs[kind].transport_cost
        for _ in range(extra[kind]):
            fitting = [i for i, room in enumerate(rooms) if room >= size]
            if not fitting:
                return None
            best = min(fitting, key=lambda i: rooms[i])
            rooms[best] -= size
            boarding[best][kind] += 1
    return boarding


def _cargo_text(ctx: Ctx, cargo: Counter) -> str:
    return describe(ctx.board, (Piece(ctx.power, u, n) for u, n in cargo.items())) or "nothing"


def _capacity_text(ctx: Ctx, unit: str) -> str:
    units = ctx.board.units
    costs = ", ".join(f"{title(ctx.board, u)} {p.transport_cost}" for u, p in units.items() if p.transport_cost)
    return f"a {title(ctx.board, unit)} holds {units[unit].transport_capacity} ({costs})"


def _load(ctx: Ctx, boarding: Counter) -> tuple[tuple[Piece, int], ...]:
    """Loading: from land beside the zone, with units that have not moved, no enemy ships there."""
    board, position, move = ctx.board, ctx.position, ctx.move
    source = move.load_from
    if board.spaces[source].sea or source not in board.spaces[move.start].neighbours:
        raise RuleViolation("AAR-transport", f"cargo loads from land beside {move.start}; {source} is not")
    if not boarding:
        raise RuleViolation("AAR-transport", f"no cargo boards from {source}: the cargo named is already aboard")
    if blocking_ships(board, position, ctx.power, move.start):
        raise RuleViolation("AAR-transport", f"transports cannot load in {move.start}: enemy ships are there")
    loaded: list[tuple[Piece, int]] = []
    for kind, count in boarding.items():
        mine = [p for p in position.pieces(source) if p.power == ctx.power and p.unit == kind]
        fresh = [p for p in mine if not p.moved and not p.done and not p.combat_moved]
        if sum(p.count for p in fresh) < count:
            have = sum(p.count for p in mine)
            if have >= count:
                raise RuleViolation("AAR-transport", f"{a(board, kind)} in {source} has moved this turn: only units "
                                                     "that have not moved may load")
            raise RuleViolation("AAR-transport", f"{ctx.power} has {have} {title(board, kind)} in {source}, "
                                                 f"not {count}")
        for piece in fresh:
            gates(ctx, board.units[kind], piece, source)
            take = min(piece.count, count)
            loaded.append((piece, take))
            count -= take
            if not count:
                break
    return tuple(loaded)


def _unload(ctx: Ctx, cargo: Counter) -> None:
    """Unloading ends the move; in the combat move into enemy land it is an amphibious assault."""
    board, position, move = ctx.board, ctx.position, ctx.move
    target, zone = move.unload_to, move.destination
    if board.spaces[target].sea or target not in board.spaces[zone].neighbours:
        raise RuleViolation("AAR-transport", f"cargo unloads onto land beside {zone}; {target} is not")
    if board.spaces[target].impassable:
        raise RuleViolation("AAR-move-land", f"cargo cannot go ashore in {target}: neutral territories are "
                                             "impassable")
    if not cargo:
        raise RuleViolation("AAR-transport", f"the transports in {zone} have no cargo to unload")
    for kind in cargo:
        if not ctx.noncombat and not board.units[kind].combat_move:
            raise RuleViolation("AAR-move-land", f"{a(board, kind)} cannot move in the combat move")
    for kind in cargo:
        reason = borders.closed(board, ctx.stances, position.owner(target), target, board.units[kind], last=True,
                                noncombat=ctx.noncombat, ashore=True)
        if reason:
            raise RuleViolation(*reason)
    enemy = is_enemy_land(board, position, ctx.power, target)
    if ctx.noncombat and enemy:
        raise RuleViolation("AAR-ncm", f"cargo cannot go ashore in enemy {target} in the non-combat move")
    if not ctx.noncombat:
        borders.peaceful(ctx, next(iter(cargo)), target)
    if not ctx.noncombat and not enemy and enemy_ships(board, position, ctx.power, zone):
        raise RuleViolation("AAR-transport", f"cargo cannot unload to friendly {target} from {zone} in the combat "
                                             "move: a sea battle is there")
