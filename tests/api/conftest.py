"""API tests run through Flask's test client, on SQLite, Redis and a Redis Cluster (jobs of the
cluster backend on the single Redis: RQ cannot use a cluster)."""
import uuid

import pytest

from tests.support.backends import delete_prefixed, redis_cluster_url_or_skip, redis_url_or_skip, unique_prefix
from service.http.app import create_app
from service.config import Config
from tests.support.api import TINY, create_table


def _sqlite_config(tmp_path) -> Config:
    return Config(database=str(tmp_path / "api.db"), extra_rulesets=(TINY,), snapshot_every=5)


@pytest.fixture(params=["sqlite", "redis", "redis-cluster"])
def app(request, tmp_path):
    if request.param == "sqlite":
        app = create_app(_sqlite_config(tmp_path))
        yield app
        return
    jobs_url = redis_url_or_skip()
    url = redis_cluster_url_or_skip() if request.param == "redis-cluster" else jobs_url
    prefix = unique_prefix()
    app = create_app(Config(redis_url=url, redis_prefix=prefix, jobs_redis_url=jobs_url,
                            extra_rulesets=(TINY,), snapshot_every=5))
    yield app
    delete_prefixed(app.extensions["casus_services"].games.store.redis, prefix)


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
