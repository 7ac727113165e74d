"""Taking a territory (AAR-conquest, AAR-capital, AAR1-ic-place): it passes to the conqueror, or
back to the ally it was taken from while that ally holds its capital; a capital hands over its
owner's IPCs; AA guns change hands; an original IC is captured, a bought one destroyed when the
defender's standing order says so."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.revised_phase_one.game.events import TerritoryConquered
from domain.aa.revised_phase_one.game.state import Game, Source
from domain.aa.revised_phase_one.pack import GamePack
from domain.aa.units import Ability


def new_owner(pack: GamePack, game: Game, territory: str, conqueror: str) -> str:
    """AAR-capital: an ally's territory retaken returns to it while it holds its capital (its capital
    always returns to it); anything else is the conqueror's."""
    board = pack.board
    original = board.spaces[territory].original_owner
    if original is None or original == conqueror or not board.friendly(conqueror, original):
        return conqueror
    capital = board.capital_of(original)
    if capital == territory or game.position.owner(capital) == original:
        return original
    return conqueror


def conquer(pack: GamePack, game: Game, territory: str, conqueror: str) -> TerritoryConquered:
    """AAR-conquest: the event that hands ``territory`` over (from the position ``game`` holds now)."""
    board, position = pack.board, game.position
    previous = position.owner(territory) or ""
    owner = new_owner(pack, game, territory, conqueror)
    taken = 0
    if previous and board.capital_of(previous) == territory:
        taken = game.treasury.get(previous, 0)
    factory, source = "", Source.DEFAULT
    if territory in position.factories:
        factory = "captured"
        if territory in game.purchased_factories and not board.spaces[territory].original_factory:
            orders = game.standing.get(previous)
            source = Source.DEFAULT if orders is None else Source.STANDING_ORDER
            if orders is None or orders.destroy_factories:
                factory = "destroyed"
    pieces = position.pieces(territory)
    guns = [p for p in pieces if board.enemies(conqueror, p.power) and pack.units[p.unit].has(Ability.ANTI_AIRCRAFT)]
    spaces = {}
    if guns:
        spaces[territory] = tuple(replace(p, power=owner) if p in guns else p for p in pieces)
    return TerritoryConquered(territory, conqueror, previous, owner, taken, factory, source, spaces)
