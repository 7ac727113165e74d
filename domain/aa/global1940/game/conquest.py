"""Taking a territory (AAG-income: capital capture and liberation; AAG40-china, AAG40-sf): it
passes to the conqueror, or back to the ally it was taken from while that ally holds the capital
its income goes to (China, with no capital, always has its land back; China itself keeps Kwangtung
or Burma only while India is in Axis hands). A capital hands its treasury to the conqueror (the
UK's London and India each their own economy's; Western United States is no capital). Facilities
and AA guns change hands; a Japanese complex in a Chinese territory the Allies take is removed."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.board import Stance, stances
from domain.aa.global1940 import china as china_rules
from domain.aa.global1940.game.common import capital_of, treasury_for
from domain.aa.global1940.game.events import TerritoryConquered
from domain.aa.global1940.game.state import GlobalGame
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.units import Ability


def _axis(pack: GlobalGamePack, power: str) -> frozenset[str]:
    """The powers of the side opposing ``power``'s (China's Burma Road and holding rules name the Axis)."""
    board = pack.board
    return frozenset(p for p in board.powers if board.side(p) != board.side(power))


def new_owner(pack: GlobalGamePack, game: GlobalGame, territory: str, conqueror: str) -> str:
    """AAG-income, AAG40-china: who holds ``territory`` once ``conqueror`` takes it."""
    board, china = pack.board, pack.extra.china
    owners = dict(game.position.owners)
    original = board.spaces[territory].original_owner
    if conqueror == china.power and territory in china.also_enter:
        held = china_rules.controller_on_capture(china, territory, original or conqueror, owners,
                                                 _axis(pack, conqueror))
        return held if held in board.powers else conqueror
    if original is None or original == conqueror or original not in board.powers \
            or board.side(original) != board.side(conqueror):
        return conqueror
    capital = capital_of(pack, treasury_for(pack, original, territory))
    if capital is None or capital == territory or owners.get(capital) == original:
        return original
    return conqueror


def conquer(pack: GlobalGamePack, game: GlobalGame, territory: str, conqueror: str) -> TerritoryConquered:
    """AAG-income: the event that hands ``territory`` over (from the position ``game`` holds now)."""
    board, position, china = pack.board, game.position, pack.extra.china
    previous = position.owner(territory) or ""
    owner = new_owner(pack, game, territory, conqueror)
    taken, taken_from, given_to = 0, "", ""
    if previous in board.powers:
        treasury = treasury_for(pack, previous, territory)
        if capital_of(pack, treasury) == territory and previous == board.spaces[territory].original_owner:
            taken_from, given_to = treasury, treasury_for(pack, conqueror, territory)
            taken = game.treasury.get(treasury, 0)
    at_war = stances(pack.board, position, conqueror)
    pieces, removed, factory = [], [], ""
    for p in position.pieces(territory):
        profile = board.units[p.unit]
        hostile = at_war.of(p.power) is not Stance.ALLIED
        if profile.is_facility and p.power != owner:
            if p.unit in pack.rules.complexes and not china_rules.japanese_complex_survives(
                    china, territory, owner, _axis(pack, china.power)) and board.side(p.power) != board.side(owner):
                removed.append(p.unit)
                continue
            factory = "captured" if p.unit in pack.rules.complexes else factory
            pieces.append(replace(p, power=owner))
        elif hostile and pack.units[p.unit].has(Ability.ANTI_AIRCRAFT):
            pieces.append(replace(p, power=owner))
        else:
            pieces.append(p)
    if removed:
        factory = "destroyed"
    spaces = {territory: tuple(pieces)} if tuple(pieces) != position.pieces(territory) else {}
    return TerritoryConquered(territory, conqueror, previous, owner, taken, factory, spaces=spaces,
                              taken_from=taken_from, given_to=given_to, removed=tuple(removed))
