"""How events change the board: each names what the spaces it changed hold afterwards
(``changed``), and ``apply`` puts that on the position (evolve's one board change; never raises);
``without`` and ``plus`` say what a space holds after pieces leave or arrive."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from domain.aa.board import Piece, Position, merge_pieces

Spaces = dict[str, tuple[Piece, ...]]


def apply(position: Position, spaces: Mapping[str, tuple[Piece, ...]]) -> Position:
    if not spaces:
        return position
    units = {**position.units, **spaces}
    return replace(position, units={s: ps for s, ps in units.items() if ps})


def changed(before: Position, after: Position) -> Spaces:
    """space -> its pieces in ``after``, for every space whose pieces differ."""
    names = set(before.units) | set(after.units)
    return {s: after.pieces(s) for s in sorted(names) if before.pieces(s) != after.pieces(s)}


def without(pieces: tuple[Piece, ...], gone: Iterable[Piece]) -> tuple[Piece, ...]:
    """``pieces`` less each of ``gone`` (a piece like it, ``count`` of them)."""
    out = list(pieces)
    for piece in gone:
        left = piece.count
        for i, p in enumerate(out):
            if left and p.count and replace(p, count=1) == replace(piece, count=1):
                n = min(left, p.count)
                out[i] = replace(p, count=p.count - n)
                left -= n
    return tuple(p for p in out if p.count > 0)


def plus(pieces: tuple[Piece, ...], added: Iterable[Piece]) -> tuple[Piece, ...]:
    return merge_pieces((*pieces, *added))
