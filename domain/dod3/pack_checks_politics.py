"""Cross-field checks of the political sections of the pack (rules 2.6, 8.1-8.7): every name a
section uses is defined somewhere, the hex graph hangs together, and every option card is
playable. Each problem is reported under the path of the field that is wrong."""
from __future__ import annotations

from collections import deque

from domain.dod3.pack_politics import RESTRICTED_POWERS, ChartKind, EffectKind, TargetKind
from domain.dod3.powers import MAJOR_POWERS, Ideology
from domain.dod3.status_display import NEUTRAL, DisplayLayout, axial_neighbours


def check_politics(data: dict) -> dict:
    errors: dict = {}
    display = _check_display(data)
    if display:
        errors["status_display"] = display
    minors = _check_minors(data)
    if minors:
        errors["minors"] = minors
    for chart in ("war_chart", "treaty_chart"):
        found = _check_chart(data, chart)
        if found:
            errors[chart] = found
    options = _check_options(data)
    if options:
        errors["options"] = options
    return errors


def _check_display(data: dict) -> dict:
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


def _check_minors(data: dict) -> dict:
    minors, errors = data["minors"], {}
    countries = minors.countries
    for name, spec in countries.items():
        parent = spec.colony_of
        if parent is not None and parent not in countries and parent not in MAJOR_POWERS:
            errors.setdefault("countries", {})[name] = {"colony_of": ["expected a minor or a major power"]}
        if parent is not None and spec.political_marker:
            errors.setdefault("countries", {})[name] = {"political_marker": ["a colony has no political marker"]}
    for power, listed in minors.flags.items():
        unknown = [m for m in listed if m not in countries]
        if unknown:
            errors.setdefault("flags", {})[power] = [f"unknown minor(s) {', '.join(unknown)}"]
    missing = [p for p in RESTRICTED_POWERS if p not in minors.flags]
    if missing:
        errors["flags"] = [f"expected the flag lists of {', '.join(missing)} (rule 8.1d)"]
    bad = [i for i, pair in enumerate(minors.hostile) if not set(pair) <= set(countries) or pair[0] == pair[1]]
    if bad:
        errors["hostile"] = {i: ["expected two different minors of the pack"] for i in bad}
    return errors


def _check_chart(data: dict, chart: str) -> dict:
    countries, errors = data["minors"].countries, {}
    first, last = data["calendar"].first_year, data["calendar"].last_year
    for target, column in data[chart].targets.items():
        problems = {}
        if target not in countries and target not in MAJOR_POWERS:
            problems["<key>"] = ["expected a minor of the pack or a major power"]
        unknown = [m for m in column.minor_effects if m not in countries]
        if unknown:
            problems["minor_effects"] = [f"unknown minor(s) {', '.join(unknown)}"]
        if not all(isinstance(year, int) and first <= year <= last for year in column.us_entry):
            problems["us_entry"] = [f"expected years {first}-{last} as keys"]
        if problems:
            errors.setdefault("targets", {})[target] = problems
    for index, extra in enumerate(data[chart].america_in_flames):
        if extra.as_ not in data[chart].targets or extra.as_ not in countries:
            errors.setdefault("america_in_flames", {})[index] = {"as": ["expected a minor with a war-chart column"]}
    return errors


def _check_options(data: dict) -> dict:
    errors, seen = {}, set()
    countries = data["minors"].countries
    cards = data["options"]
    ids = {c.id for c in cards}
    for index, card in enumerate(cards):
        problems = {}
        if card.id in seen:
            problems["id"] = ["expected each option id once"]
        seen.add(card.id)
        unknown = [m for m in list(card.minor_effects) + list(card.target_effects) if m not in countries]
        if unknown:
            problems["minor_effects"] = [f"unknown minor(s) {', '.join(unknown)}"]
        if card.chart is not ChartKind.NONE and card.target not in (TargetKind.MINOR, TargetKind.POWER):
            problems["chart"] = ["a chart column needs a target (minor or power)"]
        if card.approval is not None and card.target is not TargetKind.POWER:
            problems["approval"] = ["an approval comes from the target power"]
        if card.approval is not None:
            missing = [p for p in card.targets or MAJOR_POWERS if f"{p} {card.approval}" not in ids]
            if missing:
                problems["approval"] = [f"no approving option {card.approval} on the card of {', '.join(missing)}"]
        if card.effect.kind is EffectKind.FORCE_OPTION and card.effect.option not in ids:
            problems["effect"] = ["expected the id of an option of the pack"]
        if problems:
            errors.setdefault("cards", {})[index] = problems
    return errors
