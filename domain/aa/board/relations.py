"""Who a moving power is at war with, allied to or at peace with (AAG-politics, AAG-neutral), read
by the move validator and the reach query instead of the board's sides alone.

``Relations`` is plain frozen state a Global position holds (``GlobalPosition.relations``), changed
only by declarations of war (``domain.aa.global1940.politics``):

- ``wars``: (declarer, target) pairs; two owners are at war when either declared on the other;
- ``leanings``: (neutral holder, side it welcomes): pro-Axis and pro-Allied neutrals from the start,
  true neutrals and Mongolia once someone declared war on them;
- ``bonds``: side-mates allied before they share an enemy.

``stances(board, position, power)`` answers, for every owner, one ``Stance``:

- ALLIED: the power itself, or a side-mate once the two share an enemy (or are bonded): enter,
  land, share carriers, use its canals and bases;
- AT_WAR: attack it; its ships stop ships passing;
- WELCOMING: a neutral leaning to the power's side (the power being at war with someone): its land
  units may take it in the non-combat move, nothing else enters or flies over it;
- AT_PEACE: anyone else: no unit enters or flies over its land; its ships neither block nor fight.

A position without relations (the Revised board) reads the sides alone: side-mates ALLIED, every
other owner AT_WAR, exactly as ``Board.friendly`` / ``Board.enemies``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.aa.board.model import Board


class Stance(StrEnum):
    ALLIED = "allied"
    AT_WAR = "at war"
    WELCOMING = "welcoming"
    AT_PEACE = "at peace"


@dataclass(frozen=True)
class Relations:
    """AAG-politics: who is at war with whom (declarer first), which neutrals lean to which side,
    and which side-mates are bonded. Every field is a frozenset of pairs, so the state is hashable."""

    wars: frozenset[tuple[str, str]] = frozenset()
    leanings: frozenset[tuple[str, str]] = frozenset()
    bonds: frozenset[tuple[str, str]] = frozenset()

    def at_war(self, a: str, b: str) -> bool:
        return (a, b) in self.wars or (b, a) in self.wars

    def enemies_of(self, power: str) -> frozenset[str]:
        return frozenset(b if a == power else a for a, b in self.wars if power in (a, b))

    def in_the_war(self, power: str) -> bool:
        return any(power in pair for pair in self.wars)

    def declared(self, declarer: str, target: str) -> bool:
        return (declarer, target) in self.wars

    def leaning(self, holder: str) -> str | None:
        return next((side for h, side in self.leanings if h == holder), None)

    def bonded(self, a: str, b: str) -> bool:
        return (a, b) in self.bonds or (b, a) in self.bonds


def starting_relations(board: Board) -> Relations:
    """AAG-politics: the relations a game starts with (the board's wars at start, bonds and the
    neutrals' leanings)."""
    politics = board.politics
    return Relations(
        wars=frozenset(politics.wars_at_start) if politics else frozenset(),
        leanings=frozenset((h.name, h.leans) for h in board.holders.values() if h.neutral and h.leans),
        bonds=frozenset(politics.bonds) if politics else frozenset())


@dataclass(frozen=True)
class Stances:
    """One power's stance towards every owner, worked out once (see the module docstring)."""

    power: str
    allied: frozenset[str]
    at_war: frozenset[str]
    welcoming: frozenset[str]
    in_war: bool = True  # at war with someone (a neutral lets in only powers at war)
    by_sides: bool = False  # no relations: every owner is an ally or an enemy
    strict: frozenset[str] = frozenset()  # neutral holders no side has declared war on yet

    def of(self, owner: str | None) -> Stance:
        if owner in self.allied:
            return Stance.ALLIED
        if owner in self.at_war:
            return Stance.AT_WAR
        if owner in self.welcoming:
            return Stance.WELCOMING
        return Stance.AT_PEACE


# (board, relations, power) by identity -> stances; the objects are kept so an id is never reused.
_CACHE: dict[tuple[int, int, str], tuple[Board, Relations | None, Stances]] = {}


def stances(board: Board, position, power: str) -> Stances:
    """``power``'s stances on this board under the position's relations (none: the sides alone)."""
    relations = getattr(position, "relations", None)
    hit = _CACHE.get((id(board), id(relations), power))
    if hit is not None and hit[0] is board and hit[1] is relations:
        return hit[2]
    return stances_under(board, relations, power)


def stances_under(board: Board, relations: Relations | None, power: str) -> Stances:
    """``power``'s stances under ``relations`` (None: the sides alone)."""
    key = (id(board), id(relations), power)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board and hit[1] is relations:
        return hit[2]
    found = _by_sides(board, power) if relations is None else _by_relations(board, relations, power)
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = (board, relations, found)
    return found


def _by_sides(board: Board, power: str) -> Stances:
    side = board.side_of.get(power)
    owners = set(board.side_of) | set(board.holders) | {power}
    allied = frozenset(o for o in owners if o == power or (side is not None and board.side_of.get(o) == side))
    return Stances(power, allied, frozenset(owners - allied), frozenset(), by_sides=True)


def _by_relations(board: Board, relations: Relations, power: str) -> Stances:
    side = board.side_of.get(power)
    mine = relations.enemies_of(power)
    allied, at_war, welcoming, strict = {power}, set(), set(), set()
    for owner in set(board.side_of) | set(board.holders):
        if owner == power:
            continue
        if relations.at_war(power, owner):
            at_war.add(owner)
        elif board.is_neutral(owner):
            leans = relations.leaning(owner)
            if leans is None:
                strict.add(owner)
            elif mine:
                (welcoming if leans == side else at_war).add(owner)
        elif board.side_of.get(owner) == side and (relations.bonded(power, owner)
                                                  or mine & relations.enemies_of(owner)):
            allied.add(owner)
    return Stances(power, frozenset(allied), frozenset(at_war), frozenset(welcoming), bool(mine),
                   strict=frozenset(strict))
