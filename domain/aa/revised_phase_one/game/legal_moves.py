"""Ready moves for legal-commands: a few moves ``decide`` accepts now, found with the board's "where
may it go" query and confirmed by its validator (attacks first in the combat move, aircraft that
must still land first in the non-combat move; a bombing raid when bombers reach an enemy IC)."""
from __future__ import annotations

from domain.aa.board.checks import Move, Phase as MovePhase
from domain.aa.board.moves import check_move
from domain.aa.board.reach import where_may_it_go
from domain.aa.board.terrain import enemy_pieces, is_enemy_land
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack

EXAMPLES = 4  # moves offered at a time


def _starts(game: Game, power: str) -> list[tuple[str, str, int]]:
    """(space, unit, count) of the power's pieces that might move, in a fixed order."""
    out: dict[tuple[str, str], int] = {}
    for space in sorted(game.position.units):
        for p in game.position.pieces(space):
            if p.power == power and not p.done:
                out[(space, p.unit)] = out.get((space, p.unit), 0) + p.count
    return [(s, u, n) for (s, u), n in out.items()]


def _hostile(pack: GamePack, game: Game, power: str, space: str) -> bool:
    board, position = pack.board, game.position
    if board.spaces[space].land and is_enemy_land(board, position, power, space):
        return True
    return bool(enemy_pieces(board, position, power, space))


def _must_land(pack: GamePack, game: Game, power: str, space: str) -> bool:
    board, position = pack.board, game.position
    return board.spaces[space].sea or not position.held_since_turn_start(board, power, space)


def _body(power: str, unit: str, count: int, route: tuple[str, ...], **extra) -> dict:
    return {"power": power, "units": {unit: count}, "route": list(route), **extra}


def _legal(pack: GamePack, game: Game, power: str, phase: MovePhase, body: dict) -> bool:
    move = Move(body["units"], tuple(body["route"]))
    return check_move(pack.board, game.position, power, phase, move) is None


def move_examples(pack: GamePack, game: Game, power: str) -> list[dict]:
    """Up to ``EXAMPLES`` bodies of ``MoveUnits`` the validator accepts now."""
    board, position = pack.board, game.position
    combat = game.phase is Phase.COMBAT_MOVE
    phase = MovePhase.COMBAT if combat else MovePhase.NONCOMBAT
    ranked: list[tuple[int, dict]] = []
    for space, unit, count in _starts(game, power):
        profile = board.units[unit]
        if profile.is_transport or not profile.movable:
            continue
        routes = where_may_it_go(board, position, phase, unit, space, power)
        if not routes:
            continue
        if combat:
            targets = [d for d in routes if _hostile(pack, game, power, d)]
            if unit == "bomber":
                raids = [d for d in targets if d in position.factories and board.spaces[d].land]
                if raids:
                    ranked.append((1, _body(power, unit, 1, routes[raids[0]], bombing=True)))
            rank = 0 if targets else 3
            dest = (targets or sorted(routes))[0]
        else:
            urgent = profile.is_air and _must_land(pack, game, power, space)
            rank = 0 if urgent else 2
            dest = sorted(routes)[0]
        route = routes[dest]
        body = _body(power, unit, 1, route)
        if count > 1:
            bigger = _body(power, unit, count, route)
            if _legal(pack, game, power, phase, bigger):
                body = bigger
        ranked.append((rank, body))
        if len(ranked) >= 3 * EXAMPLES:
            break
    ranked.sort(key=lambda r: r[0])
    out = []
    for _, body in ranked:
        if len(out) >= EXAMPLES:
            break
        if _legal(pack, game, power, phase, body):
            out.append(body)
    return out
