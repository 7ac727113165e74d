"""Shared pytest configuration: the ``rule`` marker and backend fixtures."""
import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rule id from RULES.md this test exercises")
    config.addinivalue_line("markers", "slow: load/soak tests with bounded time")


def redis_url_or_skip() -> str:
    """Tests needing Redis read REDIS_URL; with REQUIRE_REDIS=1 a missing Redis fails them."""
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        if os.environ.get("REQUIRE_REDIS") == "1":
            pytest.fail(f"REQUIRE_REDIS=1 but Redis at {url} is not answering: {error}")
        pytest.skip(f"Redis at {url} is not answering")
    return url
