"""What the contract suites share: each backend's ``Stores``, and a fresh game id per test."""
from __future__ import annotations

import uuid

import pytest

from events.redis_store import open_redis
from events.sqlite_store import open_sqlite
from tests.support.backends import redis_url_or_skip


@pytest.fixture
def game():
    return f"g-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def sqlite_stores(tmp_path):
    stores = open_sqlite(str(tmp_path / "stores.db"))
    yield stores
    stores.close()


@pytest.fixture
def redis_stores():
    """Stores under a prefix of their own, whose keys are deleted afterwards."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    stores = open_redis(redis_url_or_skip(), prefix=prefix)
    yield stores
    client = stores.events.redis
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)
    stores.close()
