"""API tests run through Flask's test client, on SQLite and (where marked) on Redis."""
import uuid

import pytest

from tests.support.backends import redis_url_or_skip
from service.app import create_app
from service.config import Config
from tests.support.api import TINY, create_table


def _sqlite_config(tmp_path) -> Config:
    return Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,), snapshot_every=5)


@pytest.fixture(params=["sqlite", "redis"])
def app(request, tmp_path):
    if request.param == "sqlite":
        app = create_app(_sqlite_config(tmp_path))
        yield app
        return
    url = redis_url_or_skip()
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    app = create_app(Config(redis_url=url, redis_prefix=prefix, extra_rulesets=(TINY,), snapshot_every=5))
    yield app
    store = app.extensions["casus_services"].games.store
    for key in store.redis.scan_iter(f"{prefix}:*"):
        store.redis.delete(key)


@pytest.fixture
def sqlite_app(tmp_path):
    return create_app(_sqlite_config(tmp_path))


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def table(client):
    return create_table(client)


@pytest.fixture
def unique():
    return uuid.uuid4().hex[:8]
