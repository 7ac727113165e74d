"""The Revised board as the rules read it (AAR-board): spaces, canals, victory cities, unit profiles.

Built by ``domain.aa.board.schema.load_board`` from ``revised_phase_one/data/board.yaml``; every
mapping is a plain dict treated as immutable.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.aa.units import Ability, UnitType


@dataclass(frozen=True)
class Space:
    """A land territory or a sea zone. Impassable neutrals have no owner and no value."""

    name: str
    sea: bool
    neighbours: tuple[str, ...]
    ipc: int = 0
    original_owner: str | None = None
    capital: bool = False  # the capital of its original owner
    impassable: bool = False
    original_factory: bool = False  # an industrial complex at the start (permanent under AAR1-ic-place)

    @property
    def land(self) -> bool:
        return not self.sea


@dataclass(frozen=True)
class Canal:
    """AAR-canal: ships cross between ``zones`` only for the side holding every one of ``territories``
    since the turn's start."""

    name: str
    zones: tuple[str, str]
    territories: tuple[str, ...]


@dataclass(frozen=True)
class VictoryCity:
    """AAR1-vc: a seed victory city, worth ``vcp`` points, in a board territory."""

    city: str
    rank: str
    vcp: int
    territory: str
    power: str


@dataclass(frozen=True)
class UnitProfile:
    """A unit as movement sees it: the combat table's ``UnitType`` plus what it carries or takes.

    ``transport_cost`` 0: never aboard a transport; ``carrier_cost`` 0: never lands on a carrier."""

    type: UnitType
    transport_cost: int = 0
    transport_capacity: int = 0
    carrier_cost: int = 0
    carrier_capacity: int = 0
    combat_move: bool = True

    @property
    def name(self) -> str:
        return self.type.name

    @property
    def title(self) -> str:
        return self.type.title

    @property
    def cost(self) -> int:
        return self.type.cost

    @property
    def move(self) -> int:
        return self.type.move

    @property
    def attack(self) -> int:
        return self.type.attack

    @property
    def defence(self) -> int:
        return self.type.defence

    @property
    def is_air(self) -> bool:
        return self.type.is_air

    @property
    def is_land(self) -> bool:
        return self.type.is_land

    @property
    def is_sea(self) -> bool:
        return self.type.is_sea

    @property
    def movable(self) -> bool:
        return self.type.move > 0

    @property
    def blitz(self) -> bool:
        return self.type.has(Ability.BLITZ)

    @property
    def can_bombard(self) -> bool:
        return self.type.has(Ability.BOMBARD)

    @property
    def is_sub(self) -> bool:
        return self.type.has(Ability.SUBMERGE)

    @property
    def is_destroyer(self) -> bool:
        """Stops enemy submarines passing (AAR-move-sea)."""
        return self.type.has(Ability.ANTI_SUBMARINE)

    @property
    def is_transport(self) -> bool:
        return self.transport_capacity > 0

    @property
    def is_carrier(self) -> bool:
        return self.carrier_capacity > 0


@dataclass(frozen=True)
class Board:
    """The whole board. ``starting_units``: space -> power -> unit -> count; ``movement_techs``:
    advance -> unit -> extra movement; ``canal_between``: (zone, zone) -> canal, both orders."""

    powers: tuple[str, ...]
    side_of: Mapping[str, str]
    spaces: Mapping[str, Space]
    canals: tuple[Canal, ...]
    canal_between: Mapping[tuple[str, str], Canal]
    victory_cities: tuple[VictoryCity, ...]
    units: Mapping[str, UnitProfile]
    treasuries: Mapping[str, int]
    starting_units: Mapping[str, Mapping[str, Mapping[str, int]]]
    movement_techs: Mapping[str, Mapping[str, int]]

    def space(self, name: str) -> Space:
        return self.spaces[name]

    def neighbours(self, name: str) -> tuple[str, ...]:
        return self.spaces[name].neighbours

    def is_sea(self, name: str) -> bool:
        return self.spaces[name].sea

    @property
    def territories(self) -> tuple[str, ...]:
        return tuple(n for n, s in self.spaces.items() if not s.sea)

    @property
    def sea_zones(self) -> tuple[str, ...]:
        return tuple(n for n, s in self.spaces.items() if s.sea)

    def friendly(self, power: str, other: str | None) -> bool:
        """Powers of one side (a power is its own friend); neutral (None) is nobody's."""
        return other is not None and self.side_of.get(power) == self.side_of.get(other)

    def enemies(self, power: str, other: str | None) -> bool:
        return other is not None and not self.friendly(power, other)

    def capital_of(self, power: str) -> str:
        return next(n for n, s in self.spaces.items() if s.capital and s.original_owner == power)

    @property
    def original_factories(self) -> frozenset[str]:
        return frozenset(n for n, s in self.spaces.items() if s.original_factory)

    def starting_owners(self) -> dict[str, str]:
        return {n: s.original_owner for n, s in self.spaces.items() if s.original_owner is not None}

    def income(self, owners: Mapping[str, str], power: str) -> int:
        """AAR-income: the IPC value of the territories ``power`` holds."""
        return sum(self.spaces[n].ipc for n, owner in owners.items() if owner == power)

    def vcs_in(self, territory: str) -> tuple[VictoryCity, ...]:
        return tuple(vc for vc in self.victory_cities if vc.territory == territory)

    def vc(self, city: str) -> VictoryCity:
        return next(vc for vc in self.victory_cities if vc.city == city)

    def movement(self, unit: str, techs: Iterable[str] = ()) -> int:
        """AAR-tech: a unit's movement with its power's advances (Long-Range Aircraft +2 to air)."""
        return self.units[unit].move + sum(self.movement_techs.get(t, {}).get(unit, 0) for t in techs)

    def canal(self, a: str, b: str) -> Canal | None:
        return self.canal_between.get((a, b))
