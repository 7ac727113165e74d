"""One EventStore contract, run against every backend (SQLite, Redis and a Redis Cluster)."""
from __future__ import annotations

import threading
import uuid

import pytest

from redis.crc import key_slot

from events.envelope import NewEvent, first_broken_link
from events.redis_store import game_key
from events.store import IdempotencyConflict, StoreError, WrongExpectedVersion, iter_all


def ev(n: int, actor: str = "p1") -> NewEvent:
    return NewEvent(type="Counted", data={"n": n}, actor=actor, event_id=str(uuid.uuid4()))


class EventStoreContract:
    """Subclasses provide ``store``; every backend must pass every test here."""

    def test_a_new_game_is_at_version_zero_and_empty(self, store, game):
        assert store.version(game) == 0
        assert store.read(game) == []

    def test_append_assigns_gapless_versions_and_positions(self, store, game):
        first = store.append(game, [ev(1), ev(2)], expected_version=0)
        second = store.append(game, [ev(3)], expected_version=2)
        assert [e.version for e in first.events + second.events] == [1, 2, 3]
        positions = [e.position for e in first.events + second.events]
        assert positions == sorted(positions) and len(set(positions)) == 3
        assert [e.data["n"] for e in store.read(game)] == [1, 2, 3]

    def test_read_pages_by_version(self, store, game):
        store.append(game, [ev(n) for n in range(1, 11)], expected_version=0)
        assert [e.version for e in store.read(game, after=3, limit=4)] == [4, 5, 6, 7]
        assert [e.version for e in store.read(game, after=8)] == [9, 10]
        assert [e.version for e in store.read(game, after=2, until=4)] == [3, 4]
        assert [e.version for e in iter_all(store, game, page=3)] == list(range(1, 11))

    def test_stale_expected_version_is_refused_and_changes_nothing(self, store, game):
        store.append(game, [ev(1)], expected_version=0)
        with pytest.raises(WrongExpectedVersion) as raised:
            store.append(game, [ev(2)], expected_version=0)
        assert (raised.value.expected, raised.value.actual) == (0, 1)
        assert store.version(game) == 1

    def test_multi_event_append_is_atomic(self, store, game):
        store.append(game, [ev(1)], expected_version=0)
        with pytest.raises(WrongExpectedVersion):
            store.append(game, [ev(2), ev(3), ev(4)], expected_version=5)
        assert [e.version for e in store.read(game)] == [1]

    def test_the_hash_chain_verifies(self, store, game):
        store.append(game, [ev(1), ev(2)], expected_version=0)
        store.append(game, [ev(3)], expected_version=2)
        assert first_broken_link(store.read(game)) is None

    def test_same_idempotency_key_and_payload_returns_the_original(self, store, game):
        original = store.append(game, [ev(1)], expected_version=0, idempotency_key="k1")
        again = store.append(game, [ev(1)], expected_version=0, idempotency_key="k1")
        assert again.replayed and [e.hash for e in again.events] == [e.hash for e in original.events]
        assert store.version(game) == 1

    def test_same_idempotency_key_with_other_payload_is_an_error(self, store, game):
        store.append(game, [ev(1)], expected_version=0, idempotency_key="k1")
        with pytest.raises(IdempotencyConflict):
            store.append(game, [ev(2)], expected_version=1, idempotency_key="k1")
        assert store.version(game) == 1

    def test_a_known_key_answers_at_the_current_version_too(self, store, game):
        original = store.append(game, [ev(1)], expected_version=0, idempotency_key="k1")
        again = store.append(game, [ev(1)], expected_version=1, idempotency_key="k1")
        assert again.replayed and [e.hash for e in again.events] == [e.hash for e in original.events]
        assert store.version(game) == 1

    def test_a_keyed_multi_event_append_is_replayed_whole(self, store, game):
        original = store.append(game, [ev(1), ev(2), ev(3)], expected_version=0, idempotency_key="k")
        again = store.append(game, [ev(1), ev(2), ev(3)], expected_version=0, idempotency_key="k")
        assert [e.position for e in again.events] == [e.position for e in original.events]
        assert [e.version for e in again.events] == [1, 2, 3] and store.version(game) == 3

    def test_idempotent_result_is_looked_up_by_key(self, store, game):
        store.append(game, [ev(1), ev(2)], expected_version=0, idempotency_key="k", request_fingerprint="fp")
        fp, result = store.idempotent_result(game, "k")
        assert fp == "fp" and [e.version for e in result.events] == [1, 2]
        assert store.idempotent_result(game, "other") is None

    def test_games_are_independent_and_listed(self, store):
        a, b = f"a-{uuid.uuid4().hex[:8]}", f"b-{uuid.uuid4().hex[:8]}"
        store.append(a, [ev(1)], expected_version=0)
        store.append(b, [ev(1)], expected_version=0)
        assert store.version(a) == store.version(b) == 1
        assert {a, b} <= set(store.game_ids(limit=10_000))

    def test_positions_follow_the_order_appends_happened_in_across_games(self, store, game):
        other = game + "-x"
        appended = [store.append(game, [ev(1)], expected_version=0), store.append(other, [ev(1)], expected_version=0),
                    store.append(game, [ev(2), ev(3)], expected_version=1)]
        positions = [e.position for result in appended for e in result.events]
        assert positions == sorted(positions) and len(set(positions)) == 4
        assert [e.position for e in store.read(game)] == positions[:1] + positions[2:]

    def test_global_feed_is_in_position_order(self, store, game):
        other = game + "-x"
        store.append(game, [ev(1)], expected_version=0)
        store.append(other, [ev(1)], expected_version=0)
        store.append(game, [ev(2)], expected_version=1)
        mine = [(e.game_id, e.version) for e in store.read_all(0, limit=100_000) if e.game_id in (game, other)]
        assert mine == [(game, 1), (other, 1), (game, 2)]
        feed = store.read_all(0, limit=100_000)
        assert [e.position for e in feed] == sorted(e.position for e in feed)

    def test_wait_for_wakes_on_append_and_times_out(self, store, game):
        assert store.wait_for(game, 0, timeout=0.05) is False
        timer = threading.Timer(0.05, lambda: store.append(game, [ev(1)], expected_version=0))
        timer.start()
        assert store.wait_for(game, 0, timeout=5) is True
        timer.join()

    def test_a_wait_longer_than_a_client_socket_timeout_ends_quietly(self, store, game):
        """An idle SSE stream waits a whole heartbeat (15 s); redis-py's default socket timeout is
        5 s, which turned every such wait into an error that ended the stream."""
        assert store.wait_for(game, 0, timeout=6) is False

    def test_32_concurrent_writers_race_on_one_game(self, store, game):
        """Every writer retries on WrongExpectedVersion; every version lands exactly once."""
        writers, per_writer = 32, 5
        errors: list[BaseException] = []
        barrier = threading.Barrier(writers)

        def write(writer: int):
            try:
                barrier.wait()
                for n in range(per_writer):
                    while True:
                        try:
                            store.append(game, [ev(writer * 100 + n, actor=f"w{writer}")],
                                         expected_version=store.version(game))
                            break
                        except WrongExpectedVersion:
                            continue
            except BaseException as error:  # surfaced below; a thread must not swallow it
                errors.append(error)

        threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert errors == []
        events = store.read(game)
        assert [e.version for e in events] == list(range(1, writers * per_writer + 1))
        assert sorted(e.data["n"] for e in events) == sorted(w * 100 + n for w in range(writers) for n in range(per_writer))
        assert first_broken_link(events) is None


class TestSQLiteEventStore(EventStoreContract):
    @pytest.fixture
    def store(self, sqlite_stores):
        return sqlite_stores.events


class TestRedisEventStore(EventStoreContract):
    @pytest.fixture
    def store(self, redis_stores):
        return redis_stores.events

    def test_a_script_the_server_forgot_is_loaded_again(self, store, game):
        store._append.sha = "0" * 40  # what a restarted server or SCRIPT FLUSH leaves us with
        store.append(game, [ev(1)], expected_version=0)
        assert store.version(game) == 1


class TestRedisClusterEventStore(EventStoreContract):
    """The same contract on a three-master Redis Cluster, except the cross-game feed, which a
    cluster does not keep (events/redis_store.py says why)."""

    @pytest.fixture
    def store(self, cluster_stores):
        assert cluster_stores.events.clustered
        return cluster_stores.events

    def test_global_feed_is_in_position_order(self, store, game):
        store.append(game, [ev(1)], expected_version=0)
        with pytest.raises(StoreError, match="no cross-game feed"):
            store.read_all(0)

    def test_a_game_keeps_to_one_slot_and_games_spread_over_the_shards(self, store):
        games = [f"s-{uuid.uuid4().hex[:8]}" for _ in range(12)]
        for game_id in games:
            store.append(game_id, [ev(1)], expected_version=0, idempotency_key="k")
        for game_id in games:
            keys = [key.decode() for key in store.redis.scan_iter(game_key(store.prefix, game_id, "*"))]
            assert len(keys) == 3 and len({key_slot(key.encode()) for key in keys}) == 1
        nodes = {store.redis.get_node_from_key(game_key(store.prefix, g, "stream")).name for g in games}
        assert len(nodes) >= 2  # 12 random games on one of three shards: about 1 in 59,000

    def test_a_creation_that_never_appended_is_not_listed(self, store, game):
        store.append(game, [ev(1)], expected_version=0)
        # What a process that died between writing the index and the append leaves behind:
        for orphan in (game + "-a", game + "-b"):
            store.redis.zadd(f"{store.prefix}:games", {orphan: 0})
        assert store.game_ids(limit=10_000) == [game]
        assert store.game_ids(limit=1) == [game]  # a page skips orphans and is still filled

    def test_a_counter_behind_the_game_is_moved_past_its_last_position(self, store, game):
        first = store.append(game, [ev(n) for n in range(1, 9)], expected_version=0)
        store.redis.delete(f"{store.prefix}:position")  # a lost counter starts again from 0
        second = store.append(game, [ev(9)], expected_version=8)
        assert second.events[0].position > first.events[-1].position
        assert [e.version for e in store.read(game)] == list(range(1, 10))

    def test_a_script_the_server_forgot_is_loaded_again(self, store, game):
        store._append.sha = "0" * 40
        store.append(game, [ev(1)], expected_version=0)
        assert store.version(game) == 1
