"""The status display and the minors in a seat's view (rules 8.1-8.5, 8.7.2): the board with every
marker on it, each minor's position, controller, faction distance, political effect markers and
agreements. Nothing here is secret: the status display lies open on the table."""
from __future__ import annotations

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.minors import allies_of, colony_owner, powers_at_war_with_minor
from domain.dod3.political_affairs.control.political_control import control_effects, control_table, forces_status
from domain.dod3.state import State


def split_marker(total: int, limit: int) -> list[int]:
    """Rule 8.4c: markers run to +/-limit, so a larger total takes several (-14 -> -9, -5)."""
    sign, left, out = (1 if total > 0 else -1), abs(total), []
    while left:
        out.append(sign * min(left, limit))
        left -= min(left, limit)
    return out


def status_display_view(state: State, pack: Pack) -> dict:
    """Rule 8.1a: the board (hexes, zones, boundaries, lettered pairs) and where each marker is."""
    display = pack.display
    ideologies: dict[str, dict] = {}
    for faction in sorted(display.factions.values(), key=lambda f: (f.ideology.value, f.index)):
        entry = ideologies.setdefault(faction.ideology.value, {"factions": [], "centre": None})
        entry["factions"].append(faction.id)
        if faction.centre:
            entry["centre"] = faction.id
    return {
        "ideologies": ideologies,
        "neutral_hex": display.neutral_hex,
        "hexes": [{"id": h.id, "q": h.q, "r": h.r, "zone": h.zone, "letter": display.letters.get(h.id)}
                  for h in display.hexes.values()],
        "boundaries": sorted(sorted(edge) for edge in display.boundaries),
        "wrap": {letter: list(pair) for letter, pair in sorted(display.wrap.items())},
        "powers": {p: state.positions.get(p) for p in state.powers},
        "minors": {m: state.positions[m] for m in pack.minors if m in state.positions},
    }


def minors_view(state: State, pack: Pack) -> dict:
    """Rules 8.1-8.5 and 8.7.2 per minor: position, controller, faction distance, markers,
    allies, wars, guarantees and economic agreements."""
    controllers = control_table(state, pack)
    agreements: dict[str, list[dict]] = {}
    for marker in state.resource_markers:
        owner = marker.location if marker.location not in pack.minors else colony_owner(pack, marker.location)
        agreements.setdefault(owner, []).append({"nationality": marker.power, "location": marker.location,
                                                 "kind": marker.kind})
    wars: dict[str, list[str]] = {}
    for war in state.minor_wars:
        wars.setdefault(war.minor, []).append(war.power)
    return {name: _minor(state, pack, name, controllers[name], agreements.get(name, []), wars)
            for name, spec in pack.minors.items() if not spec.america_in_flames or state.america_in_flames}


def _at_war(state: State, pack: Pack, name: str, wars: dict[str, list[str]]) -> list[str]:
    owner = colony_owner(pack, name)
    if owner in state.powers:
        return sorted(powers_at_war_with_minor(state, pack, name))
    return sorted(set(wars.get(owner, ())))


def _minor(state: State, pack: Pack, name: str, controller: str | None, agreements: list[dict],
           wars: dict[str, list[str]]) -> dict:
    spec, display = pack.minors[name], pack.display
    hex_id = state.positions.get(name)
    effects = control_effects(state, pack, name, controller) if controller and spec.political_marker else None
    total = state.markers.get(name, {})
    forces = state.forces_in_minors.get(name)
    statuses = {p: forces_status(state, pack, p, name) for p in sorted(forces)} if forces else {}
    return {
        "political_marker": spec.political_marker,
        "colony_of": spec.colony_of,
        "hex": hex_id,
        "zone": None if hex_id is None else display.zone(hex_id),
        "ideology": None if hex_id is None or display.ideology(hex_id) is None else display.ideology(hex_id).value,
        "controller": controller,
        "faction_distance": None if effects is None else effects.faction_distance,
        "stacked_with_controller": None if effects is None else effects.stacked,
        "control_effects": None if effects is None else {
            "league_vote": effects.league_vote, "resources": effects.resources.value,
            "enter_and_supply": effects.enter_and_supply, "align": effects.align,
            "align_without_ipo5": effects.align_without_ipo5},
        "markers": dict(sorted(total.items())),
        "marker_counters": {nationality: split_marker(value, pack.politics.marker_limit)
                            for nationality, value in sorted(total.items())} if total else {},
        "allies": sorted(allies_of(state, pack, name)),
        "at_war_with": _at_war(state, pack, name, wars),
        "civil_war": colony_owner(pack, name) in state.civil_wars,
        "guarantees": sorted(g.power for g in state.guarantees if g.minor == name) if state.guarantees else [],
        "willpower": spec.willpower, "stability": spec.stability,
        "resources": dict(spec.resources), "red_factories": spec.red_factories, "blue_factories": spec.blue_factories,
        "agreements": agreements,
        "forces": {p: status.value for p, status in statuses.items() if status is not None},
    }
