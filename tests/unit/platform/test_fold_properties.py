"""Property: for random command sequences, incremental state == full fold == snapshot + tail,
and state_at(v) == the fold of the first v events."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import RuleViolation
from events.sqlite_store import open_sqlite
from service.games import GameService
from tests.support.games import Game  # noqa: F401  (registers the tiny ruleset)

SEATS = {"north": ["N"], "south": ["S"]}
POWER = {"north": "N", "south": "S"}

seat = st.sampled_from(["north", "south"])
commands = st.one_of(
    st.tuples(seat, st.just("AddPoints"), st.integers(1, 5)),
    st.tuples(seat, st.just("SealValue"), st.integers(0, 9)),
    st.tuples(seat, st.just("RollDie"), st.integers(2, 12)),
    st.tuples(st.just("moderator"), st.just("RevealValues"), st.just(0)),
    st.tuples(seat, st.just("RequestUndo"), st.integers(1, 30)),
    st.tuples(seat, st.just("ApproveUndo"), st.just(0)),
    st.tuples(seat, st.just("DeclineUndo"), st.just(0)),
)


def _data(who: str, kind: str, value: int) -> dict:
    match kind:
        case "AddPoints":
            return {"power": POWER[who], "amount": value}
        case "SealValue":
            return {"power": POWER[who], "value": value}
        case "RollDie":
            return {"power": POWER[who], "sides": value}
        case "RequestUndo":
            return {"to_version": value}
    return {}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(commands, min_size=1, max_size=25), st.integers(2, 7))
def test_every_way_of_loading_a_game_agrees(script, snapshot_every):
    stores = open_sqlite(":memory:")
    store = stores.events
    live = GameService(stores, snapshot_every=snapshot_every)
    game_id = live.create_game("tiny", SEATS, {}).game_id
    for who, kind, value in script:
        try:
            live.handle(game_id, who, kind, _data(who, kind, value), store.version(game_id))
        except RuleViolation:
            pass
    incremental = live.load(game_id)
    assert stores.snapshots.load(game_id, live.timeline.rules(game_id).snapshot_key, 10**9) is not None or \
        incremental.version < snapshot_every
    full = GameService(stores, snapshot_every=10**9, read_snapshots=False).timeline.load(game_id)
    from_snapshot = GameService(stores, snapshot_every=snapshot_every).load(game_id)
    assert incremental == full == from_snapshot
    for version in range(1, incremental.version + 1):
        folded = GameService(stores, snapshot_every=10**9, read_snapshots=False).timeline.load(game_id, at=version)
        assert live.load(game_id, at=version) == folded
        assert folded.version == version
