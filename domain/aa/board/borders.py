"""Where relations let a power's units go (AAG-politics, AAG-neutral, AAG40-china): the move
validator's checks a Global board adds, driven by the position's relations and the board's data
(holders, sea bans, movement areas). On a Revised board every owner is an ally or an enemy, no
power has a movement area or a ban, and none of these refuses anything.

- Land of a power the mover is at peace with is closed to its land and air units (AAG-politics);
  so is a true neutral before war is declared on it, and any neutral to a power not yet at war
  (AAG-neutral).
- A friendly neutral (one welcoming the mover's side) is taken only in the non-combat move, by land
  units that can attack, ending their move there; nothing flies over it (AAG-neutral).
- A power with a movement area (China) enters no space outside it (AAG40-china).
- A power with a sea ban ends no move (or makes no step) in its zones until at war (AAG-politics).
- No attack on a space holding units of a power the mover is at peace with (AAG-politics).
"""
from __future__ import annotations

from collections.abc import Iterable

from domain.aa.board.checks import Ctx, a
from domain.aa.board.model import Board, UnitProfile
from domain.aa.board.relations import Stance, Stances
from domain.aa.board.terrain import enemy_pieces
from domain.aa.units import Ability
from domain.kernel import RuleViolation


def crossing(ctx: Ctx, profile: UnitProfile) -> None:
    """The route's spaces ``profile``'s units may enter under the relations, area and bans."""
    board, move, unit = ctx.board, ctx.move, profile.name
    area = board.movement_areas.get(ctx.power)
    if area is None and ctx.stances.by_sides and ctx.power not in board.sea_bans:
        return  # a Revised board: every owner an ally or an enemy, no area, no ban
    for space in move.route[1:]:
        if area is not None and space not in area:
            raise RuleViolation("AAG40-china", f"{a(board, unit)} of {ctx.power} cannot enter {space}: "
                                               f"{ctx.power}'s units stay in {ctx.power}'s movement area")
        if board.spaces[space].land and not board.spaces[space].impassable:
            reason = closed(board, ctx.stances, ctx.position.owner(space), space, profile,
                            last=space == move.destination, noncombat=ctx.noncombat)
            if reason:
                raise RuleViolation(*reason)
    banned(ctx, unit, move.route)
    if not ctx.noncombat and move.steps:
        peaceful(ctx, unit, move.destination)


def closed(board: Board, stances: Stances, owner: str | None, space: str, profile: UnitProfile, last: bool,
           noncombat: bool, ashore: bool = False) -> tuple[str, str] | None:
    """(rule id, reason) when ``profile``'s units may not enter land ``space`` held by ``owner``;
    ``last``: the move ends there; ``ashore``: cargo unloading."""
    stance = stances.of(owner)
    if stance in (Stance.ALLIED, Stance.AT_WAR) or owner is None:
        return None
    unit, power = a(board, profile.name), stances.power
    verb = "fly over" if profile.is_air and not last else "go ashore in" if ashore else "enter"
    if stance is Stance.WELCOMING:
        if profile.is_air:
            return "AAG-neutral", f"{unit} cannot {verb} {space}: air units never enter a friendly neutral"
        if not noncombat:
            return "AAG-neutral", (f"{unit} cannot {verb} {space} in the combat move: a friendly neutral is "
                                   "taken in the non-combat move")
        if not last:
            return "AAG-neutral", f"{unit} cannot pass through {space}: entering a friendly neutral ends the move"
        if not can_take(profile):
            return "AAG-neutral", f"{unit} cannot take {space}: only units that can attack take a friendly neutral"
        return None
    if board.is_neutral(owner):
        if owner in stances.strict:
            return "AAG-neutral", (f"{unit} cannot {verb} {space}: it is strictly neutral, closed to all until "
                                   f"war is declared on the strict neutrals")
        return "AAG-neutral", f"{unit} cannot {verb} {space}: neutrals let in only powers at war, and {power} is not"
    if board.side_of.get(owner) == board.side_of.get(power):
        return "AAG-politics", (f"{unit} cannot {verb} {space}: {power} and {owner} are not allies until they are "
                                "at war with a common enemy")
    return "AAG-politics", f"{unit} cannot {verb} {space}: {power} is not at war with {owner}"


def can_take(profile: UnitProfile) -> bool:
    """AAG-neutral: only land units that can attack take a friendly neutral (not AA guns)."""
    return profile.is_land and profile.attack > 0 and not profile.type.has(Ability.CANNOT_ATTACK)


def banned(ctx: Ctx, unit: str, route: Iterable[str]) -> None:
    """AAG-politics: a power's sea-zone ban before it is at war."""
    ban = ctx.board.sea_bans.get(ctx.power)
    if ban is None or any(enemy in ctx.stances.at_war for enemy in ban.until_at_war_with):
        return
    route = tuple(route)
    zones = route[1:] if ban.may_not == "enter" else route[-1:] if len(route) > 1 else ()
    for zone in zones:
        if zone in ban.zones:
            verb = "enter" if ban.may_not == "enter" else "end its move in"
            raise RuleViolation("AAG-politics", f"{a(ctx.board, unit)} cannot {verb} {zone}: {ctx.power} may not "
                                                f"before it is at war with {_any_of(ban.until_at_war_with)}")


def peaceful(ctx: Ctx, unit: str, space: str) -> None:
    """AAG-politics: no attack on a space where units of a power at peace with the mover stand."""
    if not enemy_pieces(ctx.board, ctx.position, ctx.power, space) and not _enemy_land(ctx, space):
        return
    stances = ctx.stances
    for piece in ctx.position.pieces(space):
        if stances.of(piece.power) is Stance.AT_PEACE and not ctx.board.units[piece.unit].is_facility:
            raise RuleViolation("AAG-politics", f"{a(ctx.board, unit)} cannot attack {space}: units of "
                                                f"{piece.power} are there, and {ctx.power} is not at war with "
                                                f"{piece.power}")


def _enemy_land(ctx: Ctx, space: str) -> bool:
    return ctx.board.spaces[space].land and ctx.stances.of(ctx.position.owner(space)) is Stance.AT_WAR


def _any_of(powers: tuple[str, ...]) -> str:
    return powers[0] if len(powers) == 1 else f"{', '.join(powers[:-1])} or {powers[-1]}"
