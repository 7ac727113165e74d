"""A GameService on a temporary SQLite store with the tiny ruleset, for platform unit tests."""
from __future__ import annotations

from domain import registry
from events.sqlite_store import open_sqlite
from service.games import GameService
from tests.support import tiny_ruleset

registry.register(tiny_ruleset.RULESET)


class Game:
    """One tiny game and the service behind it; ``play`` goes through the one write path."""

    def __init__(self, path, seats=None, snapshot_every: int = 4):
        self.service = GameService(open_sqlite(str(path)), snapshot_every=snapshot_every)
        created = self.service.create_game("tiny", seats or {"north": ["N"], "south": ["S"]}, {})
        self.id = created.game_id

    def play(self, seat: str, type_: str, **data):
        return self.service.handle(self.id, seat, type_, data, self.service.store.version(self.id))

    @property
    def state(self):
        return self.service.load(self.id)

    @property
    def version(self) -> int:
        return self.service.store.version(self.id)

    def points(self) -> dict:
        return self.state.domain.points
