"""Rule 8.1a (and 2.3): the status display, a three-cornered network of hexes in three ideologies of
three factions each around a neutral zone, with lettered wrap-around edge hexes.

The graph comes from the data pack (axial coordinates, the zone of every hex, the boundaries and
the lettered pairs); everything the rules ask of it (adjacency, distances, which ideology or
faction a hex is in, boundaries crossed) is answered here from tables built once per pack."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.dod3.powers import Ideology

NEUTRAL = "neutral"
AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FAR = 10 ** 6  # "unreachable": farther than any hex of any display


@dataclass(frozen=True)
class Hex:
    id: str
    q: int
    r: int
    zone: str  # a faction id, or "neutral"


@dataclass(frozen=True)
class Faction:
    id: str
    ideology: Ideology
    index: int  # place in the ideology's row of factions; faction distance is the difference
    centre: bool


@dataclass(frozen=True)
class IdeologyLayout:
    """An ideology's row of factions in order, and its centre faction."""

    factions: tuple[str, ...]
    centre: str


@dataclass(frozen=True)
class DisplayStart:
    powers: dict[str, str]  # major power -> its start hex
    minors: dict[str, str]  # minor -> its start hex (others start in the neutral hex)


@dataclass(frozen=True)
class DisplayLayout:
    """The status display as the pack prints it; ``build_display`` makes the graph of it."""

    ideologies: dict[str, IdeologyLayout]  # by ideology value
    neutral_hex: str
    hexes: tuple[Hex, ...]
    boundaries: tuple[tuple[str, ...], ...] | None  # None: every edge between two zones
    wrap: dict[str, tuple[str, ...]]  # letter -> the two edge hexes that are adjacent
    start: DisplayStart


@dataclass(frozen=True)
class StatusDisplay:
    """The hex graph with its distance tables (all pairs, and inside each faction and ideology)."""

    hexes: dict[str, Hex]
    factions: dict[str, Faction]
    neutral_hex: str
    wrap: dict[str, tuple[str, str]]  # letter -> the two edge hexes that are adjacent
    neighbours: dict[str, frozenset[str]]
    boundaries: frozenset[frozenset[str]]  # hex pairs with a boundary between them
    distances: dict[str, dict[str, int]]
    faction_distances: dict[str, dict[str, dict[str, int]]]  # faction -> a -> b (inside the faction)
    ideology_distances: dict[Ideology, dict[str, dict[str, int]]]
    start_powers: dict[str, str]
    start_minors: dict[str, str]
    letters: dict[str, str]  # edge hex -> its letter
    centres: dict[Ideology, tuple[str, ...]]  # the hexes of each ideology's centre faction

    def zone(self, hex_id: str) -> str:
        return self.hexes[hex_id].zone

    def faction(self, hex_id: str) -> Faction | None:
        """The faction a hex is in (None in the neutral zone)."""
        return self.factions.get(self.hexes[hex_id].zone)

    def ideology(self, hex_id: str) -> Ideology | None:
        """Rule 8.1a: the ideology a hex is in (None in the neutral zone)."""
        faction = self.faction(hex_id)
        return None if faction is None else faction.ideology

    def adjacent(self, a: str, b: str) -> bool:
        """Neighbouring hexes, including the two hexes of a lettered pair (rule 8.5d)."""
        return b in self.neighbours.get(a, ())

    def distance(self, a: str, b: str) -> int:
        """Hexes between a and b along the display, the wrap-around edges included."""
        return self.distances[a].get(b, FAR)

    def distance_in_faction(self, a: str, b: str) -> int:
        """Rule 8.1e: hexes from a to b without tracing through a hex in another faction."""
        faction = self.hexes[a].zone
        return self.faction_distances.get(faction, {}).get(a, {}).get(b, FAR)

    def distance_in_ideology(self, a: str, b: str) -> int:
        ideology = self.ideology(a)
        if ideology is None:
            return FAR
        return self.ideology_distances[ideology].get(a, {}).get(b, FAR)

    def crosses_boundary(self, a: str, b: str) -> bool:
        """Rule 8.5e: moving between a and b crosses a boundary."""
        return frozenset((a, b)) in self.boundaries

    def faction_distance(self, a: str, b: str) -> int | None:
        """Rule 8.1f: factions apart inside one ideology (0 = same faction); None across ideologies."""
        fa, fb = self.faction(a), self.faction(b)
        if fa is None or fb is None or fa.ideology is not fb.ideology:
            return None
        return abs(fa.index - fb.index)

    def centre_hexes(self, ideology: Ideology) -> tuple[str, ...]:
        """Rule 8.7.1: the hexes of the centre faction of an ideology."""
        return self.centres.get(ideology, ())


def axial_neighbours(q: int, r: int) -> tuple[tuple[int, int], ...]:
    return tuple((q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS)


def _bfs(start: str, neighbours: Mapping[str, Iterable[str]], allowed: frozenset[str] | None = None) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in seen and (allowed is None or there in allowed):
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def build_display(layout: DisplayLayout) -> StatusDisplay:
    """The graph and its tables. Boundaries default to every edge between two zones (faction or
    neutral)."""
    ideologies = {Ideology(i): (row.factions, row.centre) for i, row in layout.ideologies.items()}
    wrap, boundaries = layout.wrap, layout.boundaries
    by_id = {h.id: h for h in layout.hexes}
    at = {(h.q, h.r): h.id for h in by_id.values()}
    factions = {f: Faction(f, ideology, index, f == centre)
                for ideology, (names, centre) in ideologies.items() for index, f in enumerate(names)}
    neighbours: dict[str, set[str]] = {h: set() for h in by_id}
    for h in by_id.values():
        for coord in axial_neighbours(h.q, h.r):
            if coord in at:
                neighbours[h.id].add(at[coord])
    for a, b in wrap.values():
        neighbours[a].add(b)
        neighbours[b].add(a)
    frozen = {h: frozenset(n) for h, n in neighbours.items()}
    if boundaries is None:
        edges = frozenset(frozenset((a, b)) for a, ns in frozen.items() for b in ns
                          if by_id[a].zone != by_id[b].zone)
    else:
        edges = frozenset(frozenset(pair) for pair in boundaries)
    members: dict[str, frozenset[str]] = {}
    for h in by_id.values():
        members[h.zone] = members.get(h.zone, frozenset()) | {h.id}
    in_ideology = {i: frozenset(h for f, spec in factions.items() if spec.ideology is i for h in members.get(f, ()))
                   for i in ideologies}
    return StatusDisplay(
        hexes=by_id, factions=factions, neutral_hex=layout.neutral_hex, wrap={k: tuple(v) for k, v in wrap.items()},
        neighbours=frozen, boundaries=edges,
        distances={h: _bfs(h, frozen) for h in by_id},
        faction_distances={f: {h: _bfs(h, frozen, members.get(f, frozenset())) for h in members.get(f, ())}
                           for f in factions},
        ideology_distances={i: {h: _bfs(h, frozen, hexes_in) for h in hexes_in} for i, hexes_in in in_ideology.items()},
        start_powers=dict(layout.start.powers), start_minors=dict(layout.start.minors),
        letters={h: letter for letter, pair in wrap.items() for h in pair},
        centres={i: tuple(h for f, spec in factions.items() if spec.ideology is i and spec.centre
                          for h in sorted(members.get(f, ()))) for i in ideologies},
    )
