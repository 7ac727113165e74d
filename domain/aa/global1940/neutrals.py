"""Neutrals (AAG-neutral) and the Soviet-Mongolian pact (AAG40-mongolia).

A neutral territory belongs to a neutral holder of the board (``True neutral``, ``Pro-Axis
neutral``, ``Pro-Allied neutral``, ``Mongolia``) and holds its garrison as that holder's pieces.
Its kind is the side its holder leans to now (``Relations.leanings``): none, a true (strict)
neutral; the Axis, pro-Axis; the Allies, pro-Allied.

- A true neutral is closed to everyone until a side declares war on the true neutrals
  (``politics.declare_war``, or ``attack_on_neutral`` here); then every true neutral, the attacked
  one too, leans to the other side: the declarer's side attacks them, fighting their garrisons, and
  the other side may take them as friendly neutrals.
- A friendly neutral (leaning to the mover's side) is taken in the non-combat move by land units
  ending there; its garrison joins the mover and moves no more that turn (``taken_by_move``,
  ``take``). The move validator refuses the rest (``domain.aa.board.borders``).
- Mongolia is a true neutral with the seed's pact: a Japanese attack on an original Soviet territory
  bordering it hands its neutral and pro-Allied territories to the USSR at the end of Japan's combat
  move (``mongolian_pact``, using ``mongolia.py``).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.aa.board.checks import Move, Phase
from domain.aa.board.model import Board
from domain.aa.board.position import Position, merge_pieces
from domain.aa.board.relations import Stance, stances
from domain.aa.global1940 import mongolia, politics
from domain.aa.global1940.extra_rules import Mongolia
from domain.kernel import Event, RuleViolation

RULE = "AAG-neutral"
TRUE, PRO_AXIS, PRO_ALLIES = "true", "pro_axis", "pro_allies"
_KIND = {None: TRUE, "Axis": PRO_AXIS, "Allies": PRO_ALLIES}


@dataclass(frozen=True)
class NeutralTaken(Event):
    """``power`` took the neutral ``territory`` of ``holder`` without a battle; its ``garrison``
    (unit, count) joined ``power``."""

    power: str
    territory: str
    holder: str
    garrison: tuple[tuple[str, int], ...] = ()


def kind_of(board: Board, position: Position, territory: str) -> str | None:
    """AAG-neutral: "true", "pro_axis" or "pro_allies" for a neutral territory, None otherwise."""
    owner = position.owner(territory)
    if not board.is_neutral(owner):
        return None
    return _KIND[position.relations.leaning(owner)]


def neutral_territories(board: Board, position: Position) -> dict[str, str]:
    """AAG-neutral: every neutral territory still neutral, with its kind."""
    return {t: kind for t in sorted(position.owners) if (kind := kind_of(board, position, t)) is not None}


def garrison(board: Board, position: Position, territory: str) -> dict[str, int]:
    """AAG-neutral: the neutral's own units in ``territory``, unit -> count (none once taken)."""
    owner = position.owner(territory)
    if not board.is_neutral(owner):
        return {}
    counts: dict[str, int] = {}
    for piece in position.pieces(territory):
        if piece.power == owner:
            counts[piece.unit] = counts.get(piece.unit, 0) + piece.count
    return counts


def taken_by_move(board: Board, position: Position, power: str, phase: Phase | str,
                  move: Move) -> NeutralTaken | None:
    """AAG-neutral: the friendly neutral an accepted non-combat move takes (its land units, or the
    cargo it puts ashore, end there), or None. Call it with the position before the move."""
    if Phase(phase) is not Phase.NONCOMBAT:
        return None
    where = move.unload_to if move.unload_to else move.destination
    lands = move.unload_to or any(board.units[u].is_land for u in move.units)
    owner = position.owner(where)
    if not lands or not board.spaces[where].land or stances(board, position, power).of(owner) is not Stance.WELCOMING:
        return None
    return NeutralTaken(power, where, owner, tuple(sorted(garrison(board, position, where).items())))


def take(board: Board, position: Position, event: NeutralTaken) -> Position:
    """AAG-neutral: the position once ``event`` happened: the territory is the taker's, taken this
    turn, and the garrison's pieces are the taker's with no movement left this turn (what ``evolve``
    does)."""
    pieces = tuple(replace(p, power=event.power, moved=board.movement(p.unit))
                   if p.power == event.holder else p for p in position.pieces(event.territory))
    return replace(position, owners={**position.owners, event.territory: event.power},
                   conquered=position.conquered | {event.territory},
                   units={**position.units, event.territory: merge_pieces(pieces)})


def attack_on_neutral(board: Board, position: Position, power: str, territory: str, round: int,
                      conditions: Iterable[str] = ()) -> tuple[politics.WarDeclared, ...] | RuleViolation:
    """AAG-neutral: ``power`` means to attack the true neutral ``territory``: its side declares war on
    the true neutrals (``politics.declare_war`` on the territory's holder), which turns the others."""
    owner = position.owner(territory)
    if not board.is_neutral(owner):
        return RuleViolation(RULE, f"{territory} is not a neutral territory")
    found = politics.declare_war(board, position.relations, power, owner, round, conditions)
    return RuleViolation(RULE, found.message) if isinstance(found, RuleViolation) else found


def mongolian_pact(board: Board, position: Position, rules: Mongolia, japan_attacked: Iterable[str],
                   ussr_attacked: Iterable[str] = ()) -> tuple[NeutralTaken, ...]:
    """AAG40-mongolia: at the end of Japan's combat move, whatever the Soviet-Japanese relations, a
    Japanese attack on an original Soviet territory bordering Mongolia hands every Mongolian
    territory still neutral or pro-Allied to the USSR, as if it took a friendly neutral (the
    Mongolian army becomes Soviet); not when the USSR attacked Korea or a Japanese territory
    bordering Mongolia, nor once the USSR attacked Mongolia."""
    before = {t: _alignment(board, position, t) for t in rules.territories}
    after = mongolia.end_of_japanese_combat_move(rules, before, tuple(japan_attacked), tuple(ussr_attacked))
    return tuple(NeutralTaken(rules.ally, t, position.owner(t), tuple(sorted(garrison(board, position, t).items())))
                 for t in rules.territories if after[t] == rules.ally and before[t] != rules.ally)


def _alignment(board: Board, position: Position, territory: str) -> str:
    """mongolia.py's words for a Mongolian territory: its neutral kind, or the power holding it."""
    owner = position.owner(territory)
    if not board.is_neutral(owner):
        return owner
    return {None: mongolia.NEUTRAL, "Allies": mongolia.PRO_ALLIES, "Axis": mongolia.PRO_AXIS}[
        position.relations.leaning(owner)]
