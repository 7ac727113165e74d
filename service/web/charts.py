"""The projections over time as SVG line charts, each with the table behind it.

What is drawn is data (``charts.yaml``): per ruleset, the events that end a turn (each one a
point in time) and the charts, each one numeric field of every row of a projection. The points
are the game at the end of each turn and now; a game with no turn ended yet is drawn at versions
on a grid (1 and the multiples of a power of two, at most ``MAX_POINTS``).

The log is folded once. A walk per game keeps the projections read at every point it passed and
the state where it stopped; the next request folds only the events after that (the log is
append-only, so the state at a version never changes). Everything is read as a spectator."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from numbers import Real
from typing import Any

import yaml

from domain.kernel import SPECTATOR
from domain.kernel.game_state import GameState
from projections.timeline import READ_PAGE, Timeline, bulk_read
from service.web.memo import Memo

MAX_POINTS = 80
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 260, 44, 12, 12, 36
# Colour-blind-safe (Okabe-Ito), each series also with its own dash pattern.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D1F")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 1")
NEVER = 1 << 62  # a read-only timeline's snapshot interval: a page's fold writes no snapshot

WALKS = Memo(64)  # games whose charts were drawn lately, per game service
TIMELINES = Memo(1)  # the read-only timeline of each game service
DRAWN = Memo(16)  # game -> (version, its charts then): the charts of a version never change


@dataclass
class Series:
    name: str
    values: list[float | None]
    colour: str = ""
    dash: str = ""
    segments: list[str] = field(default_factory=list)  # polyline points, one per unbroken run
    marker: str = ""  # the id of the dot drawn at each of its points


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


Reading = tuple[str, dict]  # (the point's label, the charted projections there)


@dataclass(frozen=True)
class Walk:
    """One game folded up to ``state``, with what was read on the way."""

    state: GameState
    ends: dict[int, Reading]  # at each turn-ending event
    grid: dict[int, Reading]  # at grid versions, while no turn had ended
    now: Reading | None  # at ``state.version``


CHART_KEYS = {"title", "projection", "rows", "field", "group"}


@cache
def specs() -> dict:
    """``charts.yaml``, checked: a mistyped key stops the first charts page, not a chart quietly."""
    loaded = yaml.safe_load(resources.files(__package__).joinpath("charts.yaml").read_text(encoding="utf-8")) or {}
    for ruleset, spec in loaded.items():
        if set(spec) - {"points", "charts"}:
            raise ValueError(f"charts.yaml {ruleset}: unknown keys {sorted(set(spec) - {'points', 'charts'})}")
        for index, chart in enumerate(spec.get("charts") or ()):
            if set(chart) - CHART_KEYS or not {"title", "projection"} <= set(chart):
                raise ValueError(f"charts.yaml {ruleset}.charts[{index}]: needs title and projection, "
                                 f"may have {sorted(CHART_KEYS - {'title', 'projection'})}")
            if chart.get("group") and not chart.get("field"):
                raise ValueError(f"charts.yaml {ruleset}.charts[{index}]: group sums a field: name it")
    return loaded


def grid_step(latest: int) -> int:
    """The smallest power of two that puts at most MAX_POINTS grid versions up to ``latest``: a
    game that grows doubles it, and the multiples of the new step are points already read."""
    step = 1
    while latest // step > MAX_POINTS - 1:
        step *= 2
    return step


def sample(walk: Walk) -> list[tuple[int, Reading]]:
    latest = walk.state.version
    if walk.ends:
        points = sorted(walk.ends.items())
        if len(points) >= MAX_POINTS:
            stride = len(points) / (MAX_POINTS - 1)
            points = [points[int(i * stride)] for i in range(MAX_POINTS - 1)]
    else:
        step = grid_step(latest)
        points = sorted((v, r) for v, r in walk.grid.items() if v == 1 or v % step == 0)
    if not points or points[-1][0] != latest:
        points.append((latest, walk.now))
    return points


def charts(games, game_id: str) -> list[Chart]:
    rules = games.rules(game_id)
    spec = specs().get(rules.ruleset.id) or {}
    # The charts of projections this game has (an Axis & Allies battles-only game has no economy).
    wanted = [chart for chart in spec.get("charts") or () if rules.ruleset.projection(chart["projection"])]
    if not wanted:
        return []
    walk = walk_to_now(games, game_id, rules, spec)
    drawn = DRAWN.get(games, game_id)
    if drawn is None or drawn[0] != walk.state.version:
        points = sample(walk)
        versions = [v for v, _ in points]
        labels = [label for _, (label, _) in points]
        readings = [built for _, (_, built) in points]
        drawn = DRAWN.put(games, game_id, (walk.state.version, [_chart(index, chart, readings, labels, versions)
                                                                for index, chart in enumerate(wanted)]))
    return drawn[1]


def walk_to_now(games, game_id: str, rules, spec: dict) -> Walk:
    """The game's walk, folded on to its latest version (the one read the store is at)."""
    now = games.load(game_id)
    walk = WALKS.get(games, game_id)
    if walk is None or walk.state.version > now.version:
        walk = Walk(rules.platform.initial_state(game_id), {}, {}, None)
    if walk.state.version < now.version:
        walk = _fold_on(games, game_id, rules, spec, walk, now.version)
        if walk.state.last_hash != now.last_hash:  # not this log's history after all: start over
            walk = _fold_on(games, game_id, rules, spec, Walk(rules.platform.initial_state(game_id), {}, {}, None),
                            now.version)
        WALKS.put(games, game_id, walk)
    return walk


def _timeline(games) -> Timeline:
    """A timeline of the service's stores that reads snapshots (to rewind an undo) and writes none."""
    timeline = TIMELINES.get(games, "timeline")
    if timeline is None:
        timeline = TIMELINES.put(games, "timeline",
                                 Timeline(games.store, games.stores.snapshots, games.rules_for, snapshot_every=NEVER))
    return timeline


def _fold_on(games, game_id: str, rules, spec: dict, walk: Walk, target: int) -> Walk:
    """Fold the events after the walk up to ``target``, reading the charted projections at each
    turn-ending event (or grid version) on the way and at ``target``."""
    timeline = _timeline(games)
    ends_at = frozenset(spec.get("points") or ())
    names = {chart["projection"] for chart in spec.get("charts") or ()} | {"turn"}
    step = grid_step(target)
    state, ends, grid = walk.state, dict(walk.ends), dict(walk.grid)
    with bulk_read(target - state.version):
        while state.version < target:
            batch = games.store.read(game_id, after=state.version, until=target, limit=READ_PAGE)
            if not batch:
                break
            start = 0
            for index, envelope in enumerate(batch):
                version = envelope.version
                at_end = envelope.type in ends_at
                if at_end or (not ends and (version == 1 or version % step == 0)):
                    state = timeline.fold(rules, state, batch[start:index + 1])
                    start = index + 1
                    (ends if at_end else grid)[version] = _reading(rules, state, names)
            if start < len(batch):
                state = timeline.fold(rules, state, batch[start:])
    now = ends.get(state.version) or grid.get(state.version) or _reading(rules, state, names)
    return Walk(state, ends, grid, now)


def _reading(rules, state: GameState, names: set[str]) -> Reading:
    view = rules.decider.view(state.domain, SPECTATOR)
    built = {p.name: p.build(view) for p in rules.ruleset.projections if p.name in names}
    return _label(built.get("turn"), state.version), built


def _label(turn, version: int) -> str:
    """The turn's own label ("Mar/Apr 1936"), else its round and power ("Round 2, Japan")."""
    if isinstance(turn, dict) and turn.get("label"):
        return str(turn["label"])
    if isinstance(turn, dict) and turn.get("round") is not None:
        return f"Round {turn['round']}" + (f", {turn['power']}" if turn.get("power") else "")
    return f"v{version}"


def _number(value) -> float | None:
    return float(value) if isinstance(value, Real) and not isinstance(value, bool) else None


def _rows(built: dict, spec: dict) -> dict[str, Any]:
    """The chart's rows at one point: key (a power) -> a row with the field, or the number itself.
    ``group``: the rows are a list, summed by that key (cities' VCPs by holder)."""
    data = built.get(spec["projection"]) or {}
    rows = data.get(spec["rows"]) if spec.get("rows") and isinstance(data, dict) else data
    if spec.get("group") and isinstance(rows, list):
        summed: dict[str, float] = {}
        for row in rows:
            if isinstance(row, dict) and isinstance(row.get(spec["group"]), str):
                key = row[spec["group"]]
                summed[key] = summed.get(key, 0.0) + (_number(row.get(spec["field"])) or 0.0)
        return summed
    return rows if isinstance(rows, dict) else {}


def _value(row, spec: dict) -> float | None:
    if isinstance(row, dict) and spec.get("field"):
        return _number(row.get(spec["field"]))
    return _number(row)


def _chart(index: int, spec: dict, readings: list[dict], labels: list[str], versions: list[int]) -> Chart:
    rows_per_point = [_rows(built, spec) for built in readings]
    keys = list(dict.fromkeys(k for rows in rows_per_point for k in rows))
    missing = 0.0 if spec.get("group") else None  # a holder of no city holds 0, not a hidden value
    series = [Series(str(k), [_value(rows[k], spec) if k in rows else missing for rows in rows_per_point])
              for k in keys]
    series = [s for s in series if any(v is not None for v in s.values)]
    numbers = [v for s in series for v in s.values if v is not None] or [0.0]
    low, high = min(0.0, min(numbers)), max(numbers)
    high = high if high > low else low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(1, len(versions) - 1)

    xs = [round(LEFT + plot_w * i / count, 1) for i in range(len(versions))]

    def y(v: float) -> float:
        return round(TOP + plot_h * (1 - (v - low) / (high - low)), 1)

    for n, s in enumerate(series):
        s.colour, s.dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        s.marker = f"chart-{index}-dot-{n}"
        run: list[str] = []
        for i, v in enumerate(s.values):
            if v is None:
                if run:
                    s.segments.append(" ".join(run))
                run = []
                continue
            run.append(f"{xs[i]},{y(v)}")
        if run:
            s.segments.append(" ".join(run))
    y_ticks = [(y(low + (high - low) * k / 4), _fmt(low + (high - low) * k / 4)) for k in range(5)]
    every = max(1, len(labels) // 6)
    x_ticks = [(xs[i], labels[i]) for i in range(0, len(labels), every)]
    return Chart(f"chart-{index}", spec["title"], labels, versions, series, y_ticks, x_ticks)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
