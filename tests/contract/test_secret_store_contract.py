"""One SecretStore contract, run against every backend (SQLite, Redis and a Redis Cluster)."""
from __future__ import annotations

import pytest


class SecretStoreContract:
    """Subclasses provide ``stores``; every backend must pass every test here."""

    @pytest.fixture
    def secrets(self, stores):
        return stores.secrets

    def test_a_missing_secret_is_none(self, secrets, game):
        assert secrets.get(game, "dice_seed") is None

    def test_put_then_get(self, secrets, game):
        secrets.put(game, "dice_seed", b"seed")
        assert secrets.get(game, "dice_seed") == b"seed"

    def test_putting_again_overwrites(self, secrets, game):
        secrets.put(game, "digest_key", b"first")
        secrets.put(game, "digest_key", b"second")
        assert secrets.get(game, "digest_key") == b"second"

    def test_names_are_isolated(self, secrets, game):
        secrets.put(game, "token:north", b"n")
        secrets.put(game, "token:south", b"s")
        assert (secrets.get(game, "token:north"), secrets.get(game, "token:south")) == (b"n", b"s")
        assert secrets.get(game, "token:east") is None

    def test_games_are_isolated(self, secrets, game):
        other = game + "-other"
        secrets.put(game, "dice_seed", b"mine")
        assert secrets.get(other, "dice_seed") is None
        secrets.put(other, "dice_seed", b"theirs")
        assert secrets.get(game, "dice_seed") == b"mine"

    def test_binary_values_round_trip(self, secrets, game):
        secrets.put(game, "dice_seed", bytes(range(256)))  # every byte value, NULs included
        secrets.put(game, "empty", b"")
        assert secrets.get(game, "dice_seed") == bytes(range(256))
        assert secrets.get(game, "empty") == b""

    def test_secrets_stay_out_of_the_log(self, stores, secrets, game):
        secrets.put(game, "dice_seed", b"\x00\x01")
        assert stores.events.read(game) == [] and stores.events.version(game) == 0
        assert game not in stores.events.game_ids(limit=100_000)


class TestSQLiteSecretStore(SecretStoreContract):
    @pytest.fixture
    def stores(self, sqlite_stores):
        return sqlite_stores


class TestRedisSecretStore(SecretStoreContract):
    @pytest.fixture
    def stores(self, redis_stores):
        return redis_stores


class TestRedisClusterSecretStore(SecretStoreContract):
    @pytest.fixture
    def stores(self, cluster_stores):
        return cluster_stores
