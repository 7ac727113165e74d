"""One SnapshotStore contract, run against every backend (SQLite, Redis and a Redis Cluster)."""
from __future__ import annotations

import pytest


class SnapshotStoreContract:
    """Subclasses provide ``stores``; every backend must pass every test here."""

    @pytest.fixture
    def snapshots(self, stores):
        return stores.snapshots

    def test_nothing_saved_loads_none(self, snapshots, game):
        assert snapshots.load(game, "state", 10**9) is None

    def test_load_picks_the_newest_at_or_below(self, snapshots, game):
        for version in (30, 10, 20):  # saved out of order: the store orders by version, not by time
            snapshots.save(game, version, "state", f"v{version}".encode())
        assert snapshots.load(game, "state", 15) == (10, b"v10")
        assert snapshots.load(game, "state", 20) == (20, b"v20")
        assert snapshots.load(game, "state", 29) == (20, b"v20")
        assert snapshots.load(game, "state", 10**9) == (30, b"v30")
        assert snapshots.load(game, "state", 9) is None

    def test_many_snapshots_still_find_the_right_one(self, snapshots, game):
        for version in range(100, 10_001, 100):
            snapshots.save(game, version, "state", str(version).encode())
        assert snapshots.load(game, "state", 5_050) == (5_000, b"5000")
        assert snapshots.load(game, "state", 99) is None

    def test_keys_are_isolated(self, snapshots, game):
        snapshots.save(game, 10, "dod3:1", b"dod3")
        snapshots.save(game, 20, "tiny:1", b"tiny")
        assert snapshots.load(game, "dod3:1", 99) == (10, b"dod3")
        assert snapshots.load(game, "tiny:1", 99) == (20, b"tiny")
        assert snapshots.load(game, "dod3:2", 99) is None

    def test_saving_the_same_version_again_replaces_it(self, snapshots, game):
        snapshots.save(game, 10, "state", b"old")
        snapshots.save(game, 10, "state", b"new")
        assert snapshots.load(game, "state", 10) == (10, b"new")

    def test_games_are_isolated(self, snapshots, game):
        other = game + "-other"
        snapshots.save(game, 10, "state", b"mine")
        assert snapshots.load(other, "state", 99) is None
        snapshots.save(other, 20, "state", b"theirs")
        assert snapshots.load(game, "state", 99) == (10, b"mine")

    def test_blobs_are_opaque_bytes(self, snapshots, game):
        binary = bytes(range(256)) * 1024  # every byte value, NULs included, 256 KiB
        snapshots.save(game, 1, "state", binary)
        snapshots.save(game, 2, "state", b"")
        assert snapshots.load(game, "state", 1) == (1, binary)
        assert snapshots.load(game, "state", 2) == (2, b"")

    def test_snapshots_stay_out_of_the_log(self, stores, snapshots, game):
        snapshots.save(game, 10, "state", b"blob")
        assert stores.events.read(game) == [] and stores.events.version(game) == 0


class TestSQLiteSnapshotStore(SnapshotStoreContract):
    @pytest.fixture
    def stores(self, sqlite_stores):
        return sqlite_stores


class TestRedisSnapshotStore(SnapshotStoreContract):
    @pytest.fixture
    def stores(self, redis_stores):
        return redis_stores


class TestRedisClusterSnapshotStore(SnapshotStoreContract):
    @pytest.fixture
    def stores(self, cluster_stores):
        return cluster_stores
