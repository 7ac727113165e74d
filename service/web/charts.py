"""The projections over time as SVG line charts, each with the table behind it.

Which fields are drawn is data (``charts.yaml``). The points are the game at the end of each
turn (its ``TurnEnded`` events) and now, or evenly spaced versions for a game without turns;
each point is the state at that version (snapshot + tail), read as a spectator."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from numbers import Real

import yaml

from domain.kernel import SPECTATOR

MAX_POINTS = 80
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 260, 44, 12, 12, 36
# Colour-blind-safe (Okabe-Ito), each series also with its own dash pattern.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D1F")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 1")


@dataclass
class Series:
    name: str
    values: list[float | None]
    colour: str = ""
    dash: str = ""
    segments: list[str] = field(default_factory=list)  # polyline points, one per unbroken run
    dots: list[tuple[float, float]] = field(default_factory=list)


@dataclass
class Chart:
    id: str
    title: str
    labels: list[str]
    versions: list[int]
    series: list[Series]
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]
    width: int = WIDTH
    height: int = HEIGHT


@cache
def specs() -> dict:
    return yaml.safe_load(resources.files(__package__).joinpath("charts.yaml").read_text(encoding="utf-8")) or {}


def sample_versions(games, game_id: str, latest: int) -> list[int]:
    ends = [e.version for e in _turn_ends(games, game_id)]
    versions = sorted(set(ends + [latest]))
    if len(versions) < 2:
        step = max(1, latest // MAX_POINTS)
        versions = sorted(set(list(range(1, latest + 1, step)) + [latest]))
    if len(versions) > MAX_POINTS:
        stride = len(versions) / MAX_POINTS
        versions = sorted({versions[int(i * stride)] for i in range(MAX_POINTS)} | {latest})
    return versions


def _turn_ends(games, game_id: str):
    from events.store import iter_all
    return [e for e in iter_all(games.store, game_id) if e.type == "TurnEnded"]


def charts(games, game_id: str) -> list[Chart]:
    state = games.load(game_id)
    rules = games.rules(game_id)
    wanted = specs().get(rules.ruleset.id) or []
    if not wanted:
        return []
    names = {spec["projection"] for spec in wanted}
    versions = sample_versions(games, game_id, state.version)
    readings, labels = [], []
    for version in versions:
        at = state if version == state.version else games.load(game_id, at=version)
        view = rules.decider.view(at.domain, SPECTATOR)
        built = {p.name: p.build(view) for p in rules.ruleset.projections if p.name in names or p.name == "turn"}
        readings.append(built)
        turn = built.get("turn")
        labels.append(str(turn.get("label")) if isinstance(turn, dict) and turn.get("label") else f"v{version}")
    return [_chart(index, spec, readings, labels, versions) for index, spec in enumerate(wanted)]


def _number(value) -> float | None:
    return float(value) if isinstance(value, Real) and not isinstance(value, bool) else None


def _chart(index: int, spec: dict, readings: list[dict], labels: list[str], versions: list[int]) -> Chart:
    rows_per_point = []
    for built in readings:
        data = built.get(spec["projection"]) or {}
        rows = data.get(spec["rows"]) if spec.get("rows") else data
        rows_per_point.append(rows if isinstance(rows, dict) else {})
    keys = list(dict.fromkeys(k for rows in rows_per_point for k in rows))
    series = [Series(str(k), [_number((rows.get(k) or {}).get(spec["field"])) for rows in rows_per_point])
              for k in keys]
    series = [s for s in series if any(v is not None for v in s.values)]
    numbers = [v for s in series for v in s.values if v is not None] or [0.0]
    low, high = min(0.0, min(numbers)), max(numbers)
    high = high if high > low else low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(1, len(versions) - 1)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / count, 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (1 - (v - low) / (high - low)), 1)

    for n, s in enumerate(series):
        s.colour, s.dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        run: list[str] = []
        for i, v in enumerate(s.values):
            if v is None:
                if run:
                    s.segments.append(" ".join(run))
                run = []
                continue
            run.append(f"{x(i)},{y(v)}")
            s.dots.append((x(i), y(v)))
        if run:
            s.segments.append(" ".join(run))
    y_ticks = [(y(low + (high - low) * k / 4), _fmt(low + (high - low) * k / 4)) for k in range(5)]
    every = max(1, len(labels) // 6)
    x_ticks = [(x(i), labels[i]) for i in range(0, len(labels), every)]
    return Chart(f"chart-{index}", spec["title"], labels, versions, series, y_ticks, x_ticks)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
