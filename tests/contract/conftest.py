"""What the contract suites share: each backend's ``Stores``, and a fresh game id per test."""
from __future__ import annotations

import uuid

import pytest

from events.redis_store import open_redis
from events.sqlite_store import open_sqlite
from tests.support.backends import delete_prefixed, redis_cluster_url_or_skip, redis_url_or_skip, unique_prefix


@pytest.fixture
def game():
    return f"g-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def sqlite_stores(tmp_path):
    stores = open_sqlite(str(tmp_path / "stores.db"))
    yield stores
    stores.close()


def _redis_stores(url: str):
    """Stores under a prefix of their own, whose keys are deleted afterwards."""
    prefix = unique_prefix()
    stores = open_redis(url, prefix=prefix)
    yield stores
    delete_prefixed(stores.events.redis, prefix)
    stores.close()


@pytest.fixture
def redis_stores():
    yield from _redis_stores(redis_url_or_skip())


@pytest.fixture
def cluster_stores():
    yield from _redis_stores(redis_cluster_url_or_skip())
