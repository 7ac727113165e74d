"""AAR-air: where air units may end a move. In the non-combat move they land: on friendly land held
since the turn's start, or (fighters) at sea where a carrier has or will have room; bombers never
end at sea. In the combat move the movement left after the attack must reach such a place."""
from __future__ import annotations

from domain.aa.board.checks import Ctx, a
from domain.aa.board.model import Board
from domain.aa.board.position import Piece, Position
from domain.aa.board.terrain import (
    air_passable,
    air_room,
    carrier_offers,
    distances,
    enemy_pieces,
    is_enemy_land,
    landable,
)
from domain.kernel import RuleViolation


def check_landing(ctx: Ctx, pieces: list[tuple[Piece, int]]) -> None:
    board, move = ctx.board, ctx.move
    flying = [(p, n) for p, n in pieces if board.units[p.unit].is_air]
    if not flying:
        return
    need = sum(board.units[p.unit].carrier_cost * n for p, n in flying)
    rooms = Rooms(ctx.board, ctx.position, ctx.power, ctx.noncombat, move.start,
                  moving_carriers=sum(board.units[u].carrier_capacity * n for u, n in move.units.items()),
                  destination=move.destination)
    dest = move.destination
    for unit in dict.fromkeys(p.unit for p, _ in flying):
        profile = board.units[unit]
        left = min(ctx.left(p) for p, _ in flying if p.unit == unit) - move.steps
        if ctx.noncombat:
            _noncombat_end(ctx, unit, rooms, need)
        elif board.spaces[dest].sea and not profile.carrier_cost and not enemy_pieces(board, ctx.position,
                                                                                      ctx.power, dest):
            raise RuleViolation("AAR-air", f"{a(board, unit)} cannot end in {dest}: bombers never end at sea")
        elif not can_land_within(board, ctx.position, ctx.power, dest, left, bool(profile.carrier_cost), rooms,
                                 need):
            raise RuleViolation("AAR-air", f"{a(board, unit)} in {move.start} cannot end in {dest}: "
                                           f"{_nowhere(board, dest, left, bool(profile.carrier_cost))}")


def _noncombat_end(ctx: Ctx, unit: str, rooms: Rooms, need: int) -> None:
    board, position, power, move = ctx.board, ctx.position, ctx.power, ctx.move
    dest = move.destination
    if board.spaces[dest].land:
        if is_enemy_land(board, position, power, dest):
            raise RuleViolation("AAR-ncm", f"{a(board, unit)} cannot enter enemy {dest} in the non-combat move")
        if not landable(board, position, power, dest):
            raise RuleViolation("AAR-air", f"{a(board, unit)} cannot land in {dest}: it was not held since the "
                                           "turn's start")
        return
    if enemy_pieces(board, position, power, dest):
        raise RuleViolation("AAR-ncm", f"{a(board, unit)} cannot enter {dest} in the non-combat move: enemy units "
                                       "are there (a battle)")
    if not board.units[unit].carrier_cost:
        raise RuleViolation("AAR-air", f"{a(board, unit)} cannot end in {dest}: bombers never end at sea")
    if rooms.at(dest) < need:
        raise RuleViolation("AAR-air", f"{a(board, unit)} in {move.start} cannot end in {dest}: no carrier can "
                                       "reach it")


class Rooms:
    """Carrier space for the moving air: carriers in a zone (those moving with it counted at the
    destination), plus own carriers that can still get there this turn."""

    def __init__(self, board: Board, position: Position, power: str, noncombat: bool, start: str,
                 moving_carriers: int, destination: str):
        self.board, self.position, self.power = board, position, power
        self.start, self.destination, self.moving = start, destination, moving_carriers
        self.offers = carrier_offers(board, position, power, noncombat, start if moving_carriers else None)
        self.known: dict[str, int] = {}

    def at(self, zone: str) -> int:
        room = self.known.get(zone)
        if room is None:
            room = air_room(self.board, self.position, self.power, zone) + self.offers.get(zone, 0)
            if zone == self.destination:
                room += self.moving
            if zone == self.start:
                room -= self.moving
            self.known[zone] = room
        return room


def can_land_within(board: Board, position: Position, power: str, space: str, left: int, carrier_borne: bool,
                    rooms: Rooms, need: int) -> bool:
    """AAR-air (combat move): a landing place within ``left`` of ``space``: friendly land held since
    the turn's start, or (carrier-borne air) a zone with carrier room for the moving air."""
    if left < 0:
        return False

    passable = air_passable(board, position, power)

    def open_air(here: str, there: str) -> bool:
        return passable(there)

    for spot in distances(board, space, left, open_air):
        if landable(board, position, power, spot):
            return True
        if carrier_borne and board.spaces[spot].sea and rooms.at(spot) >= need:
            return True
    return False


def _nowhere(board: Board, space: str, left: int, carrier_borne: bool) -> str:
    if carrier_borne and board.spaces[space].sea:
        return (f"no carrier can reach it, and no friendly territory held since the turn's start is within its "
                f"{left} movement left")
    places = "friendly territory held since the turn's start or a carrier" if carrier_borne else \
        "friendly territory held since the turn's start"
    return f"with {left} movement left it could reach no {places}"
