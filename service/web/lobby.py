"""The lobby: the listed games (ruleset, turn or round, step, awaited seats, next deadline) a
page at a time, and, for creating one, each ruleset's presets and typed options.

A page lists the games as GET /games does: in the store's order of game ids, after a cursor.
What a row needs is kept per process: a game's first event (listed or not, when it was made)
never changes, and its heading changes only with its version."""
from __future__ import annotations

from dataclasses import dataclass

from domain import registry
from domain.kernel import SPECTATOR
from service.web import game as game_model
from service.web.memo import Memo

LOBBY_GAMES = 25  # games a lobby page lists
SCAN_PAGES = 4  # pages of game ids one lobby page reads at most while skipping unlisted games
CREATED = Memo(4096)  # game -> (visibility, created_at)
ROWS = Memo(512)  # (game, version) -> its row


@dataclass(frozen=True)
class Listed:
    game_id: str
    ruleset: str
    version: int
    heading: game_model.Heading
    created_at: str


def listed(games, after: str = "") -> tuple[list[Listed], str | None]:
    """The listed games after the game id ``after`` (unlisted ones are for their seats' links
    only), and the cursor of the next page (None on the last)."""
    rows: list[Listed] = []
    cursor = after
    for _ in range(SCAN_PAGES):
        ids = games.store.game_ids(after=cursor, limit=LOBBY_GAMES)
        for index, game_id in enumerate(ids):
            cursor = game_id
            visibility, created_at = _created(games, game_id)
            if visibility != "listed":
                continue
            rows.append(_row(games, game_id, created_at))
            if len(rows) == LOBBY_GAMES:
                more = index < len(ids) - 1 or len(ids) == LOBBY_GAMES
                return rows, cursor if more else None
        if len(ids) < LOBBY_GAMES:
            return rows, None
    return rows, cursor


def _created(games, game_id: str) -> tuple[str, str]:
    found = CREATED.get(games, game_id)
    if found is None:
        first = games.store.read(game_id, after=0, limit=1)[0]
        found = CREATED.put(games, game_id, (first.data.get("visibility", "listed"), first.recorded_at))
    return found


def _row(games, game_id: str, created_at: str) -> Listed:
    state = games.load(game_id)
    row = ROWS.get(games, (game_id, state.version))
    if row is None:
        rules = games.rules(game_id)
        row = ROWS.put(games, (game_id, state.version), Listed(
            game_id, rules.ruleset.id, state.version, game_model.heading_of(games, state, SPECTATOR), created_at))
    return row


OPTION_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}


def rulesets() -> list[dict]:
    return [{"id": r.id, "title": r.title,
             "presets": {name: {seat: list(powers) for seat, powers in preset.items()}
                         for name, preset in r.seat_presets.items()},
             "options": {name: OPTION_TYPES.get(kind, "string") for name, kind in r.options.items()}}
            for r in registry.all_rulesets()]
