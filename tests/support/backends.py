"""Test access to real backends: Redis from REDIS_URL and a Redis Cluster from REDIS_CLUSTER_URL
(required in CI with REQUIRE_REDIS=1, or REQUIRE_REDIS_CLUSTER=1 for the cluster alone)."""
import os
import uuid

import pytest
import redis


def _answering_or_skip(url: str, what: str, required: bool) -> str:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        if required:
            pytest.fail(f"{what} at {url} is required here but is not answering: {error}")
        pytest.skip(f"{what} at {url} is not answering")
    return url


def redis_url_or_skip() -> str:
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    return _answering_or_skip(url, "Redis", os.environ.get("REQUIRE_REDIS") == "1")


def redis_cluster_url_or_skip() -> str:
    """A node of the three-master cluster `.ci/run` starts (ports 7601-7603 by default)."""
    url = os.environ.get("REDIS_CLUSTER_URL", "redis://127.0.0.1:7601/0")
    required = "1" in (os.environ.get("REQUIRE_REDIS"), os.environ.get("REQUIRE_REDIS_CLUSTER"))
    _answering_or_skip(url, "Redis Cluster (start it with .ci/run)", required)
    if redis.Redis.from_url(url).info("cluster").get("cluster_enabled") != 1:
        pytest.fail(f"REDIS_CLUSTER_URL {url} is a Redis, not a cluster node")
    return url


def unique_prefix() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


def delete_prefixed(client, prefix: str) -> None:
    """Delete a test's keys (on a cluster, scan_iter walks every primary)."""
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def app_on(backend: str, request, tmp_path):
    """An app on ``backend`` ("sqlite" or "redis": a private key prefix, deleted after the test) whose
    follow-up jobs (the combat job) run in this process on both stores (RQ would wait for a worker:
    tests/jobs covers that). Returns the app's test client and its jobs."""
    from service.config import Config
    from service.http.app import create_app
    from service.jobs import InProcessJobs

    if backend == "sqlite":
        app = create_app(Config(database=str(tmp_path / "api.db"), snapshot_every=25))
    else:
        prefix = unique_prefix()
        app = create_app(Config(redis_url=redis_url_or_skip(), redis_prefix=prefix, snapshot_every=25))
        request.addfinalizer(lambda: delete_prefixed(app.extensions["casus_services"].games.store.redis, prefix))
    services = app.extensions["casus_services"]
    if services.jobs.kind != "in-process":
        services.jobs = InProcessJobs(services, str(tmp_path / "jobs.db"))
    return app.test_client(), services.jobs
