import pytest
from events.sqlite_store import SQLiteEventStore
from service.games import GameService
from domain import registry
from tests.support import tiny_ruleset

registry.register(tiny_ruleset.RULESET)

def test_smoke(tmp_path):
    svc = GameService(SQLiteEventStore(str(tmp_path/"x.db")), snapshot_every=3)
    g = svc.create_game("tiny", {"a": ["A"], "b": ["B"]}, {})
    r = svc.handle(g.game_id, "a", "AddPoints", {"power": "A", "amount": 2}, 1)
    r = svc.handle(g.game_id, "a", "RollDie", {"power": "A"}, 2)
    print([ (e.type, e.data) for e in r.events])
    r = svc.handle(g.game_id, "b", "SealValue", {"power": "B", "value": 7}, 4)
    v = svc.seat_view(g.game_id, "a")
    print(v.state_view(), v.events(svc.store.read(g.game_id)))
    svc2 = GameService(svc.store, snapshot_every=3)
    assert svc2.load(g.game_id) == svc.load(g.game_id)
