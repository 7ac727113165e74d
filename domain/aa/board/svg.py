"""Issue 23 item 9: ``board.svg``, the whole Axis & Allies board as a picture a player would print:
outlines in their owners' colours, units, factories, victory cities, pending battles, the last
moves, a heading (round, power, step) and a legend.

The domain reads no files: the caller parses the ruleset's ``data/geometry.yaml`` and hands it to
``load_geometry`` (validated; errors map field paths to problems). ``render_board(geometry, picture)``
draws ``picture``, plain data independent of any decider state; every key is optional::

    {"heading": {"round": 3, "power": "Germany", "step": "combat move", "note": "game g-17"},
     "territories": {"Ukraine S.S.R.": {
         "owner": "Germany",            # None or absent: neutral grey (a sea zone is always sea)
         "units": {"Germany": {"infantry": 3, "armour": 1}, "Russia": {"fighter": 1}},
         "factory": True,               # an industrial complex stands here
         "victory_city": "Kiev",        # the city's name, or None
         "capital": False,              # that victory city is a capital
         "battle": True,                # a battle is pending here
         "ipc": 3}},                    # the territory's value, beside its name
     "moves": [{"from": "Germany", "to": "Ukraine S.S.R.", "power": "Germany", "units": {"armour": 2}}],
     "powers": {"Italy": {"colour": "#1b5e20", "fill": "#a5d6a7", "mark": "I", "side": "Axis"}}}

``moves`` are the last moves, drawn as arrows between label points in the mover's colour (``power``
and ``units`` optional); on a board that wraps, the short way round. ``powers`` adds to or overrides
the geometry's powers: colours live in data, never here. Units are written with the geometry's
abbreviations in its order ("3 inf 1 arm"), one line per power behind its roundel. Territories or
powers the geometry does not know are refused with ``ValueError``; every string is XML-escaped.
``opening_picture(geometry, board)`` is the picture of a ``Board``'s starting position.
"""
from __future__ import annotations

import math
import re
from html import escape
from typing import TYPE_CHECKING

# load_geometry is read from here too (the packs load the outlines with the drawing).
from domain.aa.board.geometry import COLOUR, BoardGeometry, PowerStyle, load_geometry  # noqa: F401

if TYPE_CHECKING:
    from domain.aa.board.model import Board

HEADING = 86  # the band above the board
NAME_SIZE, TEXT_SIZE, SEA_SIZE, LEGEND_SIZE, LINE = 19, 17, 15, 20, 21
# Glyph widths in ems (DejaVu Sans, to the nearest tenth; anything else 0.62), to measure labels.
_GLYPHS = {**dict.fromkeys("ijlIJ',./:;| ", 0.3), **dict.fromkeys("frt!()-[]", 0.4),
           **dict.fromkeys('csz"*?_`', 0.5), **dict.fromkeys("ABCKNRUVXZ", 0.7),
           **dict.fromkeys("wDGHOQ#&+<=>^~", 0.8), "M": 0.9, **dict.fromkeys("mW%@", 1.0)}
TYPES_PER_LINE = 3
GAP = 12  # the least space kept between two labels side by side (half that above and below)
# Where a label block may move when it would cover another, nearest first.
_NUDGES = sorted(((dx, dy) for dx in (0, -40, 40, -80, 80) for dy in range(-4 * LINE, 4 * LINE + 1, LINE // 2)),
                 key=lambda d: (math.hypot(d[0] * 1.5, d[1]), d))


def opening_picture(geometry: BoardGeometry, board: Board, heading: dict | None = None) -> dict:
    """The board's starting position (AAR-board): original owners and values, original industrial
    complexes, the seed's victory cities (AAR1-vc) and the starting units."""
    cities = {vc.territory: vc for vc in board.victory_cities}
    return {
        "heading": heading or {"round": 1, "power": board.powers[0]},
        "territories": {name: {"owner": space.starting_owner, "ipc": space.ipc, "factory": space.original_factory,
                               "units": board.starting_units.get(name, {}), "battle": False,
                               "victory_city": cities[name].city if name in cities else None,
                               "capital": name in cities and cities[name].rank == "capital"}
                        for name, space in board.spaces.items() if name in geometry.territories},
        "moves": [],
    }


def render_board(geometry: BoardGeometry, picture: dict) -> str:
    """Issue 23 item 9: the board as SVG, with a heading (round, power, step) and a legend."""
    powers = _palette(geometry, picture.get("powers") or {})
    places, moves = picture.get("territories") or {}, picture.get("moves") or []
    unknown = sorted((set(places) | {m[end] for m in moves for end in ("from", "to")}) - set(geometry.territories))
    if unknown:
        raise ValueError(f"not territories of the board: {', '.join(unknown)}")
    strangers = sorted(({p for place in places.values() for p in (place.get("units") or {})}
                        | {place["owner"] for place in places.values() if place.get("owner")}
                        | {m["power"] for m in moves if m.get("power")}) - set(powers))
    if strangers:
        raise ValueError(f"powers without colours: {', '.join(strangers)}")
    heading = picture.get("heading") or {}
    legend, legend_height = _legend(geometry, powers)
    width, height = geometry.width, HEADING + geometry.height + legend_height
    return "\n".join([
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'),
        f"<title>{escape(', '.join([geometry.title, *_heading_words(heading)]))}</title>",
        f'<defs><clipPath id="board"><rect width="{geometry.width}" height="{geometry.height}"/></clipPath></defs>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        *_heading(geometry, heading, powers),
        f'<g transform="translate(0 {HEADING})" clip-path="url(#board)">',
        f'<rect width="{geometry.width}" height="{geometry.height}" fill="{geometry.colours["sea"]}"/>',
        *_outlines(geometry, places, powers),
        *_arrows(geometry, moves, powers),
        *_labels(geometry, places, powers),
        "</g>",
        (f'<rect y="{HEADING}" width="{geometry.width}" height="{geometry.height}" fill="none" '
         f'stroke="{geometry.colours["ink"]}" stroke-width="3"/>'),
        f'<g transform="translate(0 {HEADING + geometry.height})">', *legend, "</g>",
        "</svg>"])


def _palette(geometry: BoardGeometry, extra: dict) -> dict[str, PowerStyle]:
    palette = dict(geometry.powers)
    for name, style in extra.items():
        if set(style) - set(PowerStyle.__dataclass_fields__):
            raise ValueError(f"{name}: a power's style has colour, fill, mark and side only")
        base = palette.get(name, PowerStyle("#000000", "#ffffff", name[:2]))
        palette[name] = merged = PowerStyle(**{**base.__dict__, **style})
        if not (re.match(COLOUR, merged.colour) and re.match(COLOUR, merged.fill)):
            raise ValueError(f"{name}: colours are written #rgb or #rrggbb")
    return palette


def _heading_words(heading: dict) -> list[str]:
    words = [f"Round {heading['round']}" if heading.get("round") is not None else "",
             str(heading.get("power") or ""), str(heading.get("step") or "")]
    return [w for w in words if w]


def _outlines(geometry: BoardGeometry, places: dict, powers: dict) -> list[str]:
    """Sea zones first, so the coasts are drawn over them; a pending battle rings its space in red."""
    colours, out, rings = geometry.colours, [], []
    for territory in sorted(geometry.territories.values(), key=lambda t: not t.sea):
        place = places.get(territory.name) or {}
        owner = place.get("owner")
        fill = colours["sea"] if territory.sea else powers[owner].fill if owner else colours["neutral"]
        tip = territory.name + (f" ({owner})" if owner and not territory.sea else "")
        out.append(f'<path data-territory="{escape(territory.name)}" d="{territory.path}" fill="{fill}" '
                   f'stroke="{colours["border"]}" stroke-width="{1.5 if territory.sea else 2}" '
                   f'stroke-linejoin="round"><title>{escape(tip)}</title></path>')
        if place.get("battle"):
            rings.append(f'<path class="battle-ring" d="{territory.path}" fill="none" stroke="{colours["battle"]}" '
                         f'stroke-width="6" stroke-dasharray="14 8" stroke-linejoin="round"/>')
    return out + rings


def _measure(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is drawn (bold runs a tenth wider)."""
    return size * sum(_GLYPHS.get(c, 0.62) for c in text) * (1.1 if bold else 1)


def _stack(geometry: BoardGeometry, units: dict) -> list[str]:
    """One power's units as lines of "3 inf 1 arm", at most TYPES_PER_LINE types a line."""
    order = [u for u in geometry.units if units.get(u)] + sorted(u for u in units if u not in geometry.units and units[u])
    words = [f"{units[u]} {geometry.units.get(u, u)}" for u in order]
    return [" ".join(words[i:i + TYPES_PER_LINE]) for i in range(0, len(words), TYPES_PER_LINE)]


def _name_row_widths(geometry: BoardGeometry, name: str, place: dict) -> tuple[float, float, float, float]:
    """[factory] Name [IPC] [battle]: each part's width (a sea zone has no factory or value)."""
    sea, ipc = geometry.territories[name].sea, place.get("ipc")
    return (30 * bool(place.get("factory") and not sea),
            _measure(name, SEA_SIZE) if sea else _measure(name, NAME_SIZE, bold=True) + 6,
            11 * len(str(ipc)) + 10 if ipc and not sea else 0, 30 * bool(place.get("battle")))


def _rows(geometry: BoardGeometry, name: str, place: dict, powers: dict) -> tuple[list[tuple], float]:
    """A territory's label: its rows (kind, text, power whose roundel leads the row) and their width."""
    rows, width = [("name", name, None)], sum(_name_row_widths(geometry, name, place))
    if place.get("victory_city"):
        rows.append(("city", place["victory_city"], None))
        width = max(width, 28 + _measure(place["victory_city"], TEXT_SIZE))
    for power, units in sorted((place.get("units") or {}).items(), key=lambda pu: list(powers).index(pu[0])):
        for i, line in enumerate(_stack(geometry, units)):
            rows.append(("units", line, None if i else power))
            width = max(width, 26 + _measure(line, TEXT_SIZE))
    return rows, width


def _labels(geometry: BoardGeometry, places: dict, powers: dict) -> list[str]:
    """Every territory's label near its label point, nudged off the labels placed before it (land
    before sea, taller first) and kept inside the board."""
    blocks = [(name, *_rows(geometry, name, places.get(name) or {}, powers)) for name in geometry.territories]
    blocks.sort(key=lambda b: (geometry.territories[b[0]].sea, -len(b[1]), b[0]))
    placed: list[tuple[float, float, float, float]] = []
    out = []
    for name, rows, width in blocks:
        x, y = geometry.territories[name].label
        placed.append(_free_box(geometry, (x - width / 2, y - len(rows) * LINE / 2), width, len(rows) * LINE, placed))
        out.append(f'<g class="label" data-territory="{escape(name)}">')
        out.extend([*_draw_rows(geometry, name, rows, places.get(name) or {}, placed[-1], powers), "</g>"])
    return out


def _free_box(geometry: BoardGeometry, at: tuple, width: float, height: float, placed: list) -> tuple:
    """The nearest box off every placed one (or the one covering least), inside the board."""
    near = [p for p in placed if p[0] < at[0] + width + 90 and p[2] > at[0] - 90
            and p[1] < at[1] + height + 5 * LINE and p[3] > at[1] - 5 * LINE]
    best, least = None, math.inf
    for dx, dy in _NUDGES:
        x0 = min(max(at[0] + dx, 4), geometry.width - width - 4)
        y0 = min(max(at[1] + dy, 4), geometry.height - height - 4)
        box = (x0, y0, x0 + width, y0 + height)
        cover = sum(max(0, min(box[2], p[2] + GAP) - max(box[0], p[0] - GAP))
                    * max(0, min(box[3], p[3] + GAP / 2) - max(box[1], p[1] - GAP / 2)) for p in near)
        if cover < least:
            best, least = box, cover
        if cover == 0:
            break
    return best


def _halo(x: float, y: float, body: str, attrs: str, fill: str) -> str:
    """Text with a white halo, readable over any fill (drawn twice: cairo ignores paint-order)."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" {attrs} fill="#ffffff" stroke="#ffffff" stroke-width="4" '
            f'stroke-linejoin="round">{body}</text><text x="{x:.0f}" y="{y:.0f}" {attrs} fill="{fill}">{body}</text>')


def _draw_rows(geometry: BoardGeometry, name: str, rows: list, place: dict, box: tuple, powers: dict) -> list[str]:
    colours, centre, out = geometry.colours, (box[0] + box[2]) / 2, []
    for i, (kind, text, power) in enumerate(rows):
        mid = box[1] + i * LINE + LINE / 2
        if kind == "name":
            factory, name_width, badge, battle = _name_row_widths(geometry, name, place)
            x = centre - (factory + name_width + badge + battle) / 2
            sea = geometry.territories[name].sea
            if factory:
                out.append(_factory(x, mid - 10, colours["ink"]))
            style = f'font-size="{SEA_SIZE}" font-style="italic"' if sea else f'font-size="{NAME_SIZE}" font-weight="bold"'
            out.append(_halo(x + factory + (name_width - (0 if sea else 6)) / 2, mid + 6, escape(text),
                             f'{style} text-anchor="middle"', colours["sea_ink" if sea else "ink"]))
            if badge:
                out.append(_ipc(x + factory + name_width, mid, place["ipc"], colours["ipc"]))
            if battle:
                out.append(_battle(x + factory + name_width + badge + 16, mid, colours["battle"]))
        elif kind == "city":
            capital = bool(place.get("capital"))
            out.append(_star(centre - _measure(text, TEXT_SIZE) / 2 - 2, mid, 11 if capital else 9, capital))
            out.append(_halo(centre + 12, mid + 6, escape(text), f'font-size="{TEXT_SIZE}" font-style="italic" '
                                                                 f'text-anchor="middle"', colours["ink"]))
        else:
            left = centre - _measure(text, TEXT_SIZE) / 2 + 13
            if power:
                out.append(_roundel(left - 13, mid, powers[power]))
            out.append(_halo(left, mid + 6, escape(text), f'font-size="{TEXT_SIZE}"', colours["ink"]))
    return out


def _ipc(x: float, mid: float, ipc: object, colour: str) -> str:
    width = 11 * len(str(ipc)) + 6
    return (f'<rect x="{x:.0f}" y="{mid - 10:.0f}" width="{width}" height="20" rx="4" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="1.5"/><text x="{x + width / 2:.0f}" y="{mid + 6:.0f}" '
            f'font-size="16" font-weight="bold" text-anchor="middle" fill="{colour}">{escape(str(ipc))}</text>')


def _roundel(x: float, y: float, style: PowerStyle, radius: float = 10) -> str:
    size = radius * (1.2 if len(style.mark) == 1 else 0.95 if len(style.mark) == 2 else 0.75)
    return (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{radius}" fill="{escape(style.colour)}" stroke="#ffffff" '
            f'stroke-width="1.5"/><text x="{x:.0f}" y="{y + size * 0.36:.1f}" font-size="{size:.1f}" '
            f'font-weight="bold" text-anchor="middle" fill="#ffffff">{escape(style.mark)}</text>')


def _star(x: float, y: float, radius: float, capital: bool) -> str:
    """A victory city; a capital's star sits in a ring."""
    points = " ".join(f"{x + r * math.sin(math.pi * i / 5):.1f},{y - r * math.cos(math.pi * i / 5):.1f}"
                      for i, r in ((i, radius if i % 2 == 0 else radius * 0.45) for i in range(10)))
    ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 3}" fill="#ffffff" stroke="#000000" stroke-width="2"/>'
    return ((ring if capital else "") + f'<polygon class="{"capital" if capital else "victory-city"}" '
            f'points="{points}" fill="#f2c12e" stroke="#000000" stroke-width="1.5"/>')


def _factory(x: float, y: float, ink: str) -> str:
    """An industrial complex: a works with a sawtooth roof and a chimney, 24 x 20."""
    return (f'<path class="factory" d="M{x:.0f} {y + 20:.0f} v-11 l6 -5 v5 l6 -5 v5 l6 -5 v-4 h5 v20 z" fill="{ink}" '
            f'stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/>')


def _battle(x: float, y: float, colour: str) -> str:
    """A pending battle: a red disc with a white cross."""
    return (f'<circle class="battle" cx="{x:.0f}" cy="{y:.0f}" r="12" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
            f'<path d="M{x - 6:.0f} {y - 6:.0f} L{x + 6:.0f} {y + 6:.0f} M{x + 6:.0f} {y - 6:.0f} '
            f'L{x - 6:.0f} {y + 6:.0f}" stroke="#ffffff" stroke-width="3" stroke-linecap="round"/>')


def _arrows(geometry: BoardGeometry, moves: list, powers: dict) -> list[str]:
    """Each move from label point to label point; across a wrapping board's edge it is drawn twice,
    leaving one edge and entering at the other."""
    out = []
    for move in moves:
        (x1, y1), (x2, y2) = geometry.territories[move["from"]].label, geometry.territories[move["to"]].label
        shift = geometry.width if geometry.wraps and abs(x2 - x1) > geometry.width / 2 else 0
        shift = shift if x2 < x1 else -shift
        colour = powers[move["power"]].colour if move.get("power") else geometry.colours["ink"]
        label = " ".join(_stack(geometry, move.get("units") or {}))
        for dx in (0, -shift) if shift else (0,):
            out.extend(_arrow(x1 + dx, y1, x2 + shift + dx, y2, colour, label))
    return out


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str, label: str) -> list[str]:
    length = math.hypot(x2 - x1, y2 - y1) or 1
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy, ex, ey = x1 + ux * 20, y1 + uy * 20, x2 - ux * 30, y2 - uy * 30
    bx, by = ex - ux * 22, ey - uy * 22
    head = f"{ex:.0f},{ey:.0f} {bx - uy * 13:.0f},{by + ux * 13:.0f} {bx + uy * 13:.0f},{by - ux * 13:.0f}"
    line = f'x1="{sx:.0f}" y1="{sy:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke-linecap="round"'
    out = [f'<line {line} stroke="#ffffff" stroke-width="11" opacity="0.8"/>',
           f'<line {line} stroke="{colour}" stroke-width="6"/>',
           f'<polygon class="move" points="{head}" fill="{colour}" stroke="#ffffff" stroke-width="2"/>']
    if label:
        out.append(_halo((sx + bx) / 2, (sy + by) / 2 - 10, escape(label),
                         f'font-size="{TEXT_SIZE}" font-weight="bold" text-anchor="middle"', colour))
    return out


def _heading(geometry: BoardGeometry, heading: dict, powers: dict) -> list[str]:
    """Round, the power to play and the step, large; the game's title and any note at the right."""
    power, right = heading.get("power"), geometry.width - 30
    out = [f'<rect width="{geometry.width}" height="{HEADING - 6}" fill="#f4f1e8"/>']
    if power in powers:
        out.append(_roundel(50, HEADING / 2 - 3, powers[power], radius=26))
    out.append(f'<text class="heading" x="92" y="{HEADING / 2 + 10:.0f}" font-size="36" font-weight="bold" '
               f'fill="{geometry.colours["ink"]}">{escape("  ·  ".join(_heading_words(heading)))}</text>')
    out.append(f'<text x="{right}" y="{HEADING / 2 - 6:.0f}" font-size="26" text-anchor="end" '
               f'fill="#555555">{escape(geometry.title)}</text>')
    if heading.get("note"):
        out.append(f'<text x="{right}" y="{HEADING / 2 + 24:.0f}" font-size="18" text-anchor="end" '
                   f'fill="#555555">{escape(str(heading["note"]))}</text>')
    return out


def _legend(geometry: BoardGeometry, powers: dict) -> tuple[list[str], int]:
    """Powers' colours with sea and neutral; the symbols; the unit abbreviations. Rows flow and wrap."""
    colours, ink = geometry.colours, geometry.colours["ink"]

    def swatch(fill: str, style: PowerStyle | None):
        return lambda x, y: (f'<rect x="{x:.0f}" y="{y - 15}" width="56" height="30" fill="{escape(fill)}" '
                             f'stroke="{colours["border"]}" stroke-width="1.5"/>'
                             + (_roundel(x + 28, y, style, radius=12) if style else ""))

    items = [(swatch(s.fill, s), 56, name + (f" ({s.side})" if s.side else "")) for name, s in powers.items()]
    items += [(swatch(colours["sea"], None), 56, "Sea"), (swatch(colours["neutral"], None), 56, "Neutral"), None,
              (lambda x, y: _factory(x, y - 10, ink), 24, "industrial complex"),
              (lambda x, y: _star(x + 11, y, 10, False), 22, "victory city"),
              (lambda x, y: _star(x + 14, y, 11, True), 28, "capital"),
              (lambda x, y: _battle(x + 12, y, colours["battle"]), 24, "battle pending (ringed in red)"),
              (lambda x, y: "".join(_arrow(x - 20, y, x + 100, y, ink, "")), 80, "last moves"),
              (lambda x, y: _ipc(x, y, 3, colours["ipc"]), 30, "IPC value"), None]
    items += [(lambda x, y: "", 0, f"{abbr} = {unit.replace('_', ' ')}") for unit, abbr in geometry.units.items()]
    out, x, y = [f'<g class="legend" font-size="{LEGEND_SIZE}" fill="{ink}">'], 30.0, 40
    for item in items:
        if item is None or x > geometry.width - 420:
            x, y = 30.0, y + 48
            if item is None:
                continue
        glyph, width, text = item
        out.append(glyph(x, y))
        out.append(f'<text x="{x + width + 10:.0f}" y="{y + 7}">{escape(text)}</text>')
        x += width + 46 + _measure(text, LEGEND_SIZE)
    out.append("</g>")
    return out, y + 30
