"""The status display drawn as SVG (rule 8.1a), built only from a seat's view like every
projection: a heading (turn, date, step, who is awaited), hexes shaded by ideology and faction and
labelled with their ids, boundaries, lettered wrap-around hexes, the major powers' markers, the
minors' political markers and, beside the board, a key and each minor's hex, controller and
political effect markers."""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape

SIZE = 22  # hex radius in pixels
MARGIN = 30
HEADING = 46  # the heading's band above the board
LEGEND_WIDTH = 460
LINE = 15
IDEOLOGY_COLOURS = {
    "democracy": ("#1f4e9c", ("#c6d7f2", "#a9c3ec", "#8daee5")),
    "fascism": ("#5b4424", ("#e3d3b8", "#d3bd97", "#c2a776")),
    "communism": ("#a11d21", ("#f2c4c4", "#eaa5a5", "#e28686")),
}
NEUTRAL_FILL = "#e6e6e6"
POWER_FILL = "#ffffff"


def _centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial hex centre."""
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _corners(x: float, y: float) -> list[tuple[float, float]]:
    return [(x + SIZE * math.cos(math.radians(60 * i - 30)), y + SIZE * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def _fill(display: dict, zone: str) -> str:
    for ideology, layout in display["ideologies"].items():
        if zone in layout["factions"]:
            return IDEOLOGY_COLOURS.get(ideology, ("#000", ("#ccc",) * 3))[1][layout["factions"].index(zone) % 3]
    return NEUTRAL_FILL


def _shared_edge(a: tuple[float, float], b: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The edge between two neighbouring hexes: perpendicular to the line joining their centres."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1
    half = SIZE / 2
    return (mx - dy / length * half, my + dx / length * half), (mx + dy / length * half, my - dx / length * half)


def _abbreviation(name: str) -> str:
    words = name.split()
    return (words[0][:2] + words[1][0]).upper() if len(words) > 1 else name[:3].upper()


def status_display_svg(view: dict) -> str:
    """Rule 8.1a: the status display as SVG (what this seat may see: it is all public)."""
    display, minors = view["status_display"], view["minors"]
    hexes = tuple((h["id"], h["q"], h["r"], h["zone"], h["letter"]) for h in display["hexes"])
    ideologies = tuple((i, tuple(layout["factions"])) for i, layout in sorted(display["ideologies"].items()))
    listed = sum(1 for minor in minors.values() if minor["political_marker"])
    board, at, width, height = _board(hexes, ideologies, tuple(map(tuple, display["boundaries"])), listed)
    total = width + LEGEND_WIDTH
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:.0f}" height="{height + HEADING:.0f}" '
        f'viewBox="0 0 {total:.0f} {height + HEADING:.0f}" font-family="sans-serif">',
        f'<title>Days of Decision III status display, turn {escape(view["turn"]["label"])}</title>',
        '<rect width="100%" height="100%" fill="#ffffff"/>', *_heading(view["turn"]),
        f'<g transform="translate(0 {HEADING})">', board, *_markers(display, minors, dict(at)),
        *_legend(view, display, width), "</g>", "</svg>"])


def _heading(turn: dict) -> list[str]:
    """Turn, date, step and the powers awaited: what a player looks for first."""
    awaited = ", ".join(f'{a["power"]} ({a["seat"]})' for a in turn["awaiting"]) or "nobody"
    step = "game over" if turn["game_over"] else f'step {turn["step"]} {turn["step_name"]}'
    return [f'<text x="{MARGIN}" y="22" font-size="16" font-weight="bold">Turn {turn["number"]} of '
            f'{turn["last_turn"]}: {escape(turn["label"])}</text>',
            f'<text x="{MARGIN}" y="38" font-size="11">{escape(step)}; awaiting {escape(awaited)}</text>']


@lru_cache(maxsize=8)
def _board(hexes: tuple, ideologies: tuple, boundaries: tuple, listed: int) -> tuple[str, tuple, float, float]:
    """The board itself (hexes, letters, boundaries), which only changes with the pack: drawn once
    per layout. Returns the SVG, each hex's centre, and the drawing's width and height."""
    layout = {"ideologies": {i: {"factions": list(factions)} for i, factions in ideologies}}
    centres = {h[0]: _centre(h[1], h[2]) for h in hexes}
    xs, ys = [c[0] for c in centres.values()], [c[1] for c in centres.values()]
    dx, dy = MARGIN + SIZE - min(xs), MARGIN + SIZE - min(ys)
    width = max(xs) - min(xs) + 2 * (SIZE + MARGIN)
    height = max(max(ys) - min(ys) + 2 * (SIZE + MARGIN), (listed + 12) * LINE)
    at = {h: (x + dx, y + dy) for h, (x, y) in centres.items()}
    parts = []
    for hex_id, _, _, zone, letter in hexes:
        x, y = at[hex_id]
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in _corners(x, y))
        parts.append(f'<polygon points="{points}" fill="{_fill(layout, zone)}" stroke="#888" '
                     f'stroke-width="0.6"><title>{escape(hex_id)} ({escape(zone)})</title></polygon>')
        # The hex's id, so "Austria D4" in the key can be found on the board; a wrap letter beside it.
        parts.append(f'<text x="{x + (5 if letter else 0):.1f}" y="{y - SIZE / 2:.1f}" font-size="6" '
                     f'text-anchor="middle" fill="#555">{escape(hex_id)}</text>')
        if letter:
            parts.append(f'<text x="{x - 8:.1f}" y="{y - SIZE / 2:.1f}" font-size="9" font-weight="bold" '
                         f'text-anchor="middle" fill="#000">{escape(letter)}</text>')
    for a, b in boundaries:
        if a in at and b in at and math.dist(at[a], at[b]) < 2 * SIZE:  # wrap pairs are not drawn as edges
            (x1, y1), (x2, y2) = _shared_edge(at[a], at[b])
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#000" stroke-width="2.2"/>')
    return "\n".join(parts), tuple(at.items()), width, height


def _markers(display: dict, minors: dict, at: dict) -> list[str]:
    stacks: dict[str, list[str]] = {}
    for name, hex_id in sorted(display["minors"].items()):
        stacks.setdefault(hex_id, []).append(name)
    out = []
    for power, hex_id in sorted(display["powers"].items()):
        if hex_id in at:
            x, y = at[hex_id]
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 7:.1f}" width="22" height="12" rx="2" fill="{POWER_FILL}" '
                       f'stroke="#000"/><text x="{x:.1f}" y="{y + 3:.1f}" font-size="9" font-weight="bold" '
                       f'text-anchor="middle">{escape(power)}</text>')
    for hex_id, names in stacks.items():
        if hex_id not in at:
            continue
        x, y = at[hex_id]
        label = _abbreviation(names[0]) if len(names) == 1 else f"{len(names)} minors"
        marked = any(minors.get(n, {}).get("markers") for n in names)
        tip = escape(", ".join(names))
        out.append(f'<text x="{x:.1f}" y="{y + SIZE / 2 + 3:.1f}" font-size="8" text-anchor="middle" '
                   f'fill="{"#b00000" if marked else "#222"}"><title>{tip}</title>{escape(label)}</text>')
    return out


def _legend(view: dict, display: dict, left: float) -> list[str]:
    """The key (what colours, boxes, lines and red text mean), then each minor on the display:
    hex, controller and its political effect markers."""
    out = [f'<text x="{left:.0f}" y="{MARGIN:.0f}" font-size="12" font-weight="bold">Key</text>']
    y = MARGIN + 6
    for ideology, layout in sorted(display["ideologies"].items()):
        shades = IDEOLOGY_COLOURS.get(ideology, ("#000", ("#ccc",) * 3))[1]
        for i, faction in enumerate(layout["factions"]):
            out.append(f'<rect x="{left + i * 12:.0f}" y="{y:.0f}" width="10" height="10" fill="{shades[i % 3]}" stroke="#888"/>')
        out.append(f'<text x="{left + 42:.0f}" y="{y + 9:.0f}" font-size="10">{escape(ideology)}: '
                   f'{escape(", ".join(layout["factions"]))} (light to dark)</text>')
        y += LINE
    out += [f'<rect x="{left:.0f}" y="{y:.0f}" width="10" height="10" fill="{NEUTRAL_FILL}" stroke="#888"/>'
            f'<text x="{left + 42:.0f}" y="{y + 9:.0f}" font-size="10">neutral</text>',
            f'<rect x="{left:.0f}" y="{y + LINE:.0f}" width="22" height="11" rx="2" fill="{POWER_FILL}" stroke="#000"/>'
            f'<text x="{left + 42:.0f}" y="{y + LINE + 9:.0f}" font-size="10">a major power\'s marker</text>',
            f'<line x1="{left:.0f}" y1="{y + 2 * LINE + 5:.0f}" x2="{left + 22:.0f}" y2="{y + 2 * LINE + 5:.0f}" stroke="#000" stroke-width="2.2"/>'
            f'<text x="{left + 42:.0f}" y="{y + 2 * LINE + 9:.0f}" font-size="10">boundary; A-F letters: edges that wrap around</text>',
            f'<text x="{left:.0f}" y="{y + 3 * LINE + 9:.0f}" font-size="10" fill="#b00000">red</text>'
            f'<text x="{left + 42:.0f}" y="{y + 3 * LINE + 9:.0f}" font-size="10">a minor with political effect markers</text>']
    y += 4 * LINE + 20
    out.append(f'<text x="{left:.0f}" y="{y:.0f}" font-size="12" font-weight="bold">Minor countries</text>')
    y += LINE
    for name, minor in sorted(view["minors"].items()):
        if not minor["political_marker"]:
            continue
        effects = " ".join(f"{n}{v:+d}" for n, v in minor["markers"].items())
        text = f'{name} [{_abbreviation(name)}] {minor["hex"]} - {minor["controller"] or "uncontrolled"}'
        out.append(f'<text x="{left:.0f}" y="{y:.0f}" font-size="10">{escape(text)}'
                   + (f' <tspan fill="#b00000">{escape(effects)}</tspan>' if effects else "") + "</text>")
        y += LINE
    return out
