"""The ``status_display`` (rule 8.1a) and ``minors`` (rules 8.1b-d) sections of the data pack, each
schema loading its section as written, and their cross-field checks: the hex graph hangs together
and every minor a section names is defined. Each problem is reported under the path of the field
that is wrong."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from marshmallow import validate

from domain.dod3.pack_fields import (
    IDEOLOGIES, Keyed, Sourced, SpecSchema, count, flag, listed, major_power, nested, text, whole,
)
from domain.dod3.political_affairs.control.status_display import (
    NEUTRAL, DisplayLayout, DisplayStart, Hex, IdeologyLayout, axial_neighbours,
)
from domain.dod3.powers import MAJOR_POWERS, Ideology

RESTRICTED_POWERS = ("CH", "IT", "JA", "US")  # rule 8.1d: they control only minors under their flags
RESOURCE_KINDS = ("resource", "oil")


# --- rule 8.1a: the status display as printed ------------------------------------------------

class IdeologyLayoutSchema(SpecSchema):
    spec = IdeologyLayout

    factions = listed(text(), required=True, validate=validate.Length(min=1))
    centre = text(required=True)


class HexSchema(SpecSchema):
    spec = Hex

    id = text(required=True)
    q = whole(required=True)
    r = whole(required=True)
    zone = text(required=True)


class DisplayStartSchema(SpecSchema):
    spec = DisplayStart

    powers = Keyed(text(), keys=MAJOR_POWERS, required=True)
    minors = Keyed(text(), required=True)


class StatusDisplaySchema(SpecSchema):
    spec = DisplayLayout

    provisional = flag()
    ideologies = Keyed(nested(IdeologyLayoutSchema), keys=IDEOLOGIES, required=True)
    neutral_hex = text(required=True)
    hexes = listed(nested(HexSchema), required=True, validate=validate.Length(min=1))
    boundaries = listed(listed(text(), validate=validate.Length(equal=2)), load_default=None, allow_none=True)
    wrap = Keyed(listed(text(), validate=validate.Length(equal=2, error="expected the two hexes of the letter")),
                 required=True)
    start = nested(DisplayStartSchema, required=True)


# --- rules 8.1b-d: the minor countries --------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class MinorSpec:
    name: str = ""  # the key it is listed under (set by ``Keyed(named="name")``)
    political_marker: bool
    colony_of: str | None
    willpower: int | None
    stability: int | None
    allies: tuple[str, ...]
    resources: dict[str, int]  # kind -> capacity in points
    red_factories: int
    blue_factories: int
    america_in_flames: bool = False  # rule 2.6: only on the war chart with AiF


class MinorSchema(SpecSchema):
    spec = MinorSpec

    provisional = flag()
    political_marker = flag(load_default=False)
    colony_of = text(load_default=None, allow_none=True)
    willpower = Sourced(whole(), load_default=None, allow_none=True)
    stability = Sourced(whole(), load_default=None, allow_none=True)
    allies = listed(major_power(), load_default=tuple)
    resources = Keyed(count(), keys=RESOURCE_KINDS, load_default=dict)
    red_factories = count(load_default=0)
    blue_factories = count(load_default=0)


@dataclass(frozen=True)
class Minors:
    """The ``minors`` section as written (the Pack derives its look-up tables from it)."""

    countries: dict[str, MinorSpec]
    flags: dict[str, tuple[str, ...]]
    hostile: tuple[tuple[str, ...], ...]


class MinorsSchema(SpecSchema):
    spec = Minors

    provisional = flag()
    countries = Keyed(nested(MinorSchema), named="name", required=True)
    flags = Keyed(listed(text()), keys=RESTRICTED_POWERS, required=True)
    hostile = listed(listed(text(), validate=validate.Length(equal=2)), required=True)


# --- cross-field checks (each problem under the path of the bad field) -------------------------

def check_display(data: dict) -> dict:
    """Rule 8.1a: three ideologies of factions, each hex once, one connected network, the start hexes."""
    display, errors = data["status_display"], {}
    factions: dict[str, str] = {}
    for ideology, layout in display.ideologies.items():
        for faction in layout.factions:
            if faction in factions or faction == NEUTRAL:
                errors.setdefault("ideologies", {})[ideology] = [f"faction {faction!r} is used twice or reserved"]
            factions[faction] = ideology
        if layout.centre not in layout.factions:
            errors.setdefault("ideologies", {})[ideology] = ["expected the centre to be one of its factions"]
    if set(display.ideologies) != {i.value for i in Ideology}:
        errors["ideologies"] = ["expected the three ideologies (rule 8.1a)"]
    ids, coords, hex_errors = set(), set(), {}
    for index, spec in enumerate(display.hexes):
        problems = []
        if spec.id in ids:
            problems.append("expected each hex id once")
        if (spec.q, spec.r) in coords:
            problems.append("expected each axial coordinate once")
        if spec.zone != NEUTRAL and spec.zone not in factions:
            problems.append(f"unknown zone {spec.zone!r}; expected a faction or {NEUTRAL}")
        ids.add(spec.id)
        coords.add((spec.q, spec.r))
        if problems:
            hex_errors[index] = problems
    if hex_errors:
        errors["hexes"] = hex_errors
    zones = {spec.id: spec.zone for spec in display.hexes}
    empty = [f for f in factions if f not in zones.values()]
    if empty:
        errors["ideologies"] = [f"every faction needs a hex; none in {', '.join(empty)}"]
    if zones.get(display.neutral_hex) != NEUTRAL:
        errors["neutral_hex"] = ["expected a hex of the neutral zone (rule 8.1: neutral minors start there)"]
    wrap_errors = {letter: ["expected two different hexes of the display"] for letter, pair in display.wrap.items()
                   if pair[0] == pair[1] or not set(pair) <= ids}
    if wrap_errors:
        errors["wrap"] = wrap_errors
    bad_edges = [i for i, pair in enumerate(display.boundaries or ()) if not set(pair) <= ids]
    if bad_edges:
        errors["boundaries"] = {i: ["expected two hexes of the display"] for i in bad_edges}
    start = _check_start(display, zones, factions, set(data["minors"].countries))
    if start:
        errors["start"] = start
    if not hex_errors and not wrap_errors and not _connected(display):
        errors["hexes"] = ["expected one connected network of hexes"]
    return errors


def _check_start(display: DisplayLayout, zones: dict, factions: dict, minors: set) -> dict:
    errors, taken = {}, {}
    for power, hex_id in display.start.powers.items():
        if hex_id not in zones:
            errors.setdefault("powers", {})[power] = ["unknown hex"]
        elif hex_id in taken:
            errors.setdefault("powers", {})[power] = [f"{taken[hex_id]} starts there already"]
        taken[hex_id] = power
    missing = [p for p in MAJOR_POWERS if p not in display.start.powers]
    if missing:
        errors["powers"] = [f"expected a start hex for every major power; missing {', '.join(missing)}"]
    for minor, hex_id in display.start.minors.items():
        if hex_id not in zones or minor not in minors:
            errors.setdefault("minors", {})[minor] = ["expected a minor of the pack on a hex of the display"]
    return errors


def _connected(display: DisplayLayout) -> bool:
    at = {(h.q, h.r): h.id for h in display.hexes}
    links = {h.id: {at[c] for c in axial_neighbours(h.q, h.r) if c in at} for h in display.hexes}
    for a, b in display.wrap.values():
        links[a].add(b)
        links[b].add(a)
    start = display.hexes[0].id
    seen, queue = {start}, deque([start])
    while queue:
        for there in links[queue.popleft()] - seen:
            seen.add(there)
            queue.append(there)
    return len(seen) == len(links)


def check_minors(data: dict) -> dict:
    """Rules 8.1b and 8.1d: colonies of known owners, flag lists and hostile pairs of known minors."""
    minors, errors = data["minors"], {}
    countries = minors.countries
    for name, spec in countries.items():
        parent = spec.colony_of
        if parent is not None and parent not in countries and parent not in MAJOR_POWERS:
            errors.setdefault("countries", {})[name] = {"colony_of": ["expected a minor or a major power"]}
        if parent is not None and spec.political_marker:
            errors.setdefault("countries", {})[name] = {"political_marker": ["a colony has no political marker"]}
    for power, names in minors.flags.items():
        unknown = [m for m in names if m not in countries]
        if unknown:
            errors.setdefault("flags", {})[power] = [f"unknown minor(s) {', '.join(unknown)}"]
    missing = [p for p in RESTRICTED_POWERS if p not in minors.flags]
    if missing:
        errors["flags"] = [f"expected the flag lists of {', '.join(missing)} (rule 8.1d)"]
    bad = [i for i, pair in enumerate(minors.hostile) if not set(pair) <= set(countries) or pair[0] == pair[1]]
    if bad:
        errors["hostile"] = {i: ["expected two different minors of the pack"] for i in bad}
    return errors
