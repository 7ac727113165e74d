"""The board as the rules read it (AAR-board, AAG-board): spaces, canals, victory cities, unit
profiles, and what a Global 1940 board adds (holders, economies, politics, bases, sea bans).

Built by ``domain.aa.board.schema.load_board`` from ``revised_phase_one/data/board.yaml`` or
``global1940/data/board.yaml``; every mapping is a plain dict treated as immutable. Everything a
Revised board leaves out defaults to "none", so a Revised board reads as it always did.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from domain.aa.board.declarations import Base, Economy, Holder, PoliticsRules, SeaBan
from domain.aa.units import Ability, Domain, UnitType


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
    owner_at_start: str | None = None  # None: the original owner (they differ for Chinese provinces Japan holds)
    map: str | None = None  # the half of a joined board the space counts in (AAG-victory, AAG-income)

    @property
    def land(self) -> bool:
        return not self.sea

    @property
    def starting_owner(self) -> str | None:
        return self.owner_at_start if self.owner_at_start is not None else self.original_owner


@dataclass(frozen=True)
class Canal:
    """AAR-canal: ships cross between ``zones`` only for the side holding every one of ``territories``
    since the turn's start."""

    name: str
    zones: tuple[str, str]
    territories: tuple[str, ...]
    exempt: tuple[str, ...] = ()  # unit types that cross whoever holds it (AAG-move: submarines at Gibraltar)
    title: str = ""  # how a message names it ("the Strait of Gibraltar"; default "the Suez canal")


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
    blitz_with: tuple[str, ...] = ()  # AAG-move: blitzes when moving with as many of these (mech infantry, armour)
    produces: int = 0  # an industrial complex: units it places a turn (AAG-facilities)
    max_damage: int = 0

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

    @property
    def is_facility(self) -> bool:
        """Factories and bases: they never move, fight or stop a blitz by being there."""
        return self.type.domain is Domain.FACILITY


@dataclass(frozen=True)
class Board:
    """The whole board. ``starting_units``: space -> power -> unit -> count; ``movement_techs``:
    advance -> unit -> extra movement; ``canal_between``: (zone, zone) -> canal, both orders.

    A Global board adds (all empty on a Revised one): ``holders`` (owners that take no turn),
    ``economies`` (power -> its treasuries), ``politics``, ``canal_rule`` (the rule id a closed canal
    cites), ``blocking`` (which enemy ships stop ships passing: "transports", "submarines"),
    ``sea_bans``, ``movement_areas`` (power -> the only spaces its units enter), ``bases`` (unit ->
    ``Base``), ``convoy_zones``, ``kamikaze_zones``, ``no_factory`` (islands) and ``blitz_techs``
    (advance -> units that then blitz alone)."""

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
    holders: Mapping[str, Holder] = field(default_factory=dict)
    economies: Mapping[str, tuple[Economy, ...]] = field(default_factory=dict)
    politics: PoliticsRules | None = None
    canal_rule: str = "AAR-canal"
    blocking: frozenset[str] = frozenset({"transports", "submarines"})
    sea_bans: Mapping[str, SeaBan] = field(default_factory=dict)
    movement_areas: Mapping[str, frozenset[str]] = field(default_factory=dict)
    bases: Mapping[str, Base] = field(default_factory=dict)
    convoy_zones: frozenset[str] = frozenset()
    kamikaze_zones: frozenset[str] = frozenset()
    no_factory: frozenset[str] = frozenset()
    blitz_techs: Mapping[str, frozenset[str]] = field(default_factory=dict)

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
        """The power's capital (a power with two economies: its first economy's)."""
        if power in self.economies:
            return self.economies[power][0].capital
        return next(n for n, s in self.spaces.items() if s.capital and s.original_owner == power)

    def capitals_of(self, power: str) -> tuple[str, ...]:
        """AAG-board: every capital of ``power`` (none for China, two for the UK)."""
        return tuple(n for n, s in self.spaces.items() if s.capital and s.original_owner == power)

    def side(self, owner: str | None) -> str | None:
        """The side of a power or holder (None: a neutral, or nobody)."""
        return self.side_of.get(owner) if owner is not None else None

    def is_neutral(self, owner: str | None) -> bool:
        holder = self.holders.get(owner) if owner is not None else None
        return holder is not None and holder.neutral

    @property
    def treasury_owners(self) -> dict[str, str]:
        """Treasury -> the power that spends it (a power's own name, or one of its economies)."""
        out = {p: p for p in self.powers if p not in self.economies}
        out.update({e.name: p for p, economies in self.economies.items() for e in economies})
        return out

    def economy_of(self, power: str, territory: str) -> str:
        """AAG-income: the treasury a territory's income goes to when ``power`` holds it."""
        for economy in self.economies.get(power, ()):
            if economy.map == self.spaces[territory].map:
                return economy.name
        return power

    def economy_income(self, owners: Mapping[str, str], treasury: str) -> int:
        """AAG-income: the IPC value of the territories whose income goes to ``treasury``."""
        power = self.treasury_owners[treasury]
        return sum(self.spaces[n].ipc for n, owner in owners.items()
                   if owner == power and self.economy_of(power, n) == treasury)

    def vcs_on(self, map_name: str) -> tuple[VictoryCity, ...]:
        """AAG-victory: the victory cities of one half of a joined board."""
        return tuple(vc for vc in self.victory_cities if self.spaces[vc.territory].map == map_name)

    @property
    def original_factories(self) -> frozenset[str]:
        return frozenset(n for n, s in self.spaces.items() if s.original_factory)

    def starting_owners(self) -> dict[str, str]:
        return {n: s.starting_owner for n, s in self.spaces.items() if s.starting_owner is not None}

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

    @cached_property
    def blocking_units(self) -> frozenset[str]:
        """AAR-move-sea, AAG-move: the ships whose presence stops enemy ships passing (in Revised
        every ship; on a Global board not submarines or transports: ``blocking``)."""
        def blocks(profile: UnitProfile) -> bool:
            if profile.is_sub:
                return "submarines" in self.blocking
            if profile.is_transport:
                return "transports" in self.blocking
            return profile.is_sea
        return frozenset(name for name, profile in self.units.items() if blocks(profile))

    def blitzes(self, unit: str, techs: Iterable[str] = ()) -> bool:
        """AAR-blitz, AAG40-tech: the unit blitzes on its own (armour; mech infantry with the advance)."""
        return self.units[unit].blitz or any(unit in self.blitz_techs.get(t, ()) for t in techs)
