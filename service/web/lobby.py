"""The lobby: the listed games (ruleset, turn or round, step, awaited seats, next deadline) and,
for creating one, each ruleset's presets and typed options."""
from __future__ import annotations

from dataclasses import dataclass

from domain import registry
from domain.kernel import SPECTATOR
from service.web import game as game_model

LOBBY_GAMES = 50


@dataclass
class Listed:
    game_id: str
    ruleset: str
    version: int
    heading: game_model.Heading
    created_at: str


def listed(games, limit: int = LOBBY_GAMES) -> list[Listed]:
    """The newest-first listed games (unlisted ones are for their seats' links only)."""
    found: list[Listed] = []
    after = ""
    ids: list[str] = []
    while True:
        page = games.store.game_ids(after=after, limit=200)
        ids.extend(page)
        if len(page) < 200:
            break
        after = page[-1]
    for game_id in ids:
        created = games.store.read(game_id, after=0, limit=1)
        if not created or created[0].data.get("visibility", "listed") != "listed":
            continue
        found.append((created[0].recorded_at, game_id))
    rows = []
    for recorded_at, game_id in sorted(found, reverse=True)[:limit]:
        page = game_model.build(games, game_id, SPECTATOR, log_before=1)
        rows.append(Listed(game_id, page.ruleset_id, page.version, page.heading, recorded_at))
    return rows


OPTION_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}


def rulesets() -> list[dict]:
    return [{"id": r.id, "title": r.title,
             "presets": {name: {seat: list(powers) for seat, powers in preset.items()}
                         for name, preset in r.seat_presets.items()},
             "options": {name: OPTION_TYPES.get(kind, "string") for name, kind in r.options.items()}}
            for r in registry.all_rulesets()]
