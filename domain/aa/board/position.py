"""The game's position as movement reads it: plain frozen data a decider's state can hold.

A ``Piece`` is a number of units of one power and type in one space sharing one movement state; a
loaded transport is a piece of one with its cargo inside it (cargo is not listed in the space).

A board with politics or bases (Global 1940) starts a ``GlobalPosition``: a ``Position`` that also
holds the ``Relations`` (AAG-politics) and the damage on facilities (AAG-facilities), whose pieces
are ``GlobalPiece``s remembering the movement a base gave them when they set off. The Revised
``Position`` and ``Piece`` keep their fields, so a Revised state reads and writes as before.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from domain.aa.board.model import Board
from domain.aa.board.relations import Relations, stances, starting_relations


@dataclass(frozen=True)
class Piece:
    power: str
    unit: str
    count: int = 1
    moved: int = 0  # movement spent this turn
    combat_moved: bool = False  # moved in this turn's combat move (AAR-ncm: non-air units stop there)
    done: bool = False  # may not move again this turn (came ashore, or its transport unloaded)
    cargo: tuple[Piece, ...] = ()  # land units aboard (transports only)

    def cargo_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for p in self.cargo:
            counts[p.unit] = counts.get(p.unit, 0) + p.count
        return counts


@dataclass(frozen=True)
class Position:
    """Who holds what and where every unit is, during one power's turn.

    ``owners``: land territory -> power holding it now (impassable neutrals absent).
    ``units``: space -> the pieces there (spaces without units may be absent).
    ``factories``: territories with an industrial complex.
    ``conquered``: territories that changed hands this turn (so not "held since the turn's start").
    ``techs``: power -> advances it has."""

    owners: Mapping[str, str]
    units: Mapping[str, tuple[Piece, ...]]
    factories: frozenset[str] = frozenset()
    conquered: frozenset[str] = frozenset()
    techs: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def pieces(self, space: str) -> tuple[Piece, ...]:
        return self.units.get(space, ())

    def owner(self, space: str) -> str | None:
        return self.owners.get(space)

    def advances(self, power: str) -> frozenset[str]:
        return self.techs.get(power, frozenset())

    def count(self, space: str, power: str, unit: str) -> int:
        """Units of ``power`` and type ``unit`` in ``space``, cargo aboard its transports included."""
        return sum(p.count for p in _with_cargo(self.pieces(space)) if p.power == power and p.unit == unit)

    def totals(self, space: str) -> dict[str, dict[str, int]]:
        """power -> unit -> count in ``space`` (cargo included)."""
        out: dict[str, dict[str, int]] = {}
        for p in _with_cargo(self.pieces(space)):
            out.setdefault(p.power, {})
            out[p.power][p.unit] = out[p.power].get(p.unit, 0) + p.count
        return out

    def held_since_turn_start(self, board: Board, power: str, territory: str) -> bool:
        """AAR-air, AAR-canal: friendly to ``power`` now (its own or an ally's) and not taken this turn."""
        return self.owners.get(territory) in stances(board, self, power).allied and territory not in self.conquered

    def start_turn(self) -> Position:
        """A new turn: every piece may move again, nothing is conquered yet."""
        return replace(self, conquered=frozenset(),
                       units={s: merge_pieces(_fresh(p) for p in ps) for s, ps in self.units.items()})


def _with_cargo(pieces: Iterable[Piece]) -> Iterator[Piece]:
    for p in pieces:
        yield p
        yield from p.cargo


@dataclass(frozen=True)
class GlobalPiece(Piece):
    """A piece on a board with bases: ``bonus`` is the movement a base gave it when it set off this
    turn (AAG-facilities); it counts only once the piece has moved."""

    bonus: int = 0


@dataclass(frozen=True)
class GlobalPosition(Position):
    """A position on a board with politics or bases: ``relations`` (AAG-politics) and ``damage``
    (territory -> facility unit -> damage, AAG-facilities; a base at its board's out-of-action
    damage gives no movement)."""

    units: Mapping[str, tuple[GlobalPiece, ...]]
    relations: Relations = field(default_factory=Relations)
    damage: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def damage_to(self, territory: str, unit: str) -> int:
        return self.damage.get(territory, {}).get(unit, 0)


def _fresh(piece: Piece) -> Piece:
    extra = {"bonus": 0} if isinstance(piece, GlobalPiece) else {}
    return replace(piece, moved=0, combat_moved=False, done=False, cargo=merge_pieces(_fresh(c) for c in piece.cargo),
                   **extra)


def merge_pieces(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    """Pieces with the same state become one (loaded transports stay one each)."""
    merged: dict[tuple, Piece] = {}
    out: list[Piece] = []
    for p in pieces:
        if p.count <= 0:
            continue
        if p.cargo:
            out.append(p)
            continue
        key = (p.power, p.unit, p.moved, p.combat_moved, p.done, getattr(p, "bonus", 0))
        if key in merged:
            merged[key] = replace(merged[key], count=merged[key].count + p.count)
        else:
            merged[key] = p
    return tuple(merged.values()) + tuple(out)


def starting_position(board: Board) -> Position:
    """AAR-board, AAG-board: the board's starting owners, units and original factories; no
    advances. A board with politics or bases starts a ``GlobalPosition`` with its starting relations."""
    kind = GlobalPiece if board.politics is not None or board.bases else Piece
    units = {space: tuple(kind(power, unit, count) for power, counts in by_power.items()
                          for unit, count in counts.items())
             for space, by_power in board.starting_units.items()}
    if kind is Piece:
        return Position(owners=board.starting_owners(), units=units, factories=board.original_factories,
                        techs={p: frozenset() for p in board.powers})
    return GlobalPosition(owners=board.starting_owners(), units=units, factories=board.original_factories,
                          techs={p: frozenset() for p in board.powers}, relations=starting_relations(board))
