"""Test access to real backends: Redis from REDIS_URL (required in CI with REQUIRE_REDIS=1)."""
import os

import pytest
import redis


def redis_url_or_skip() -> str:
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        if os.environ.get("REQUIRE_REDIS") == "1":
            pytest.fail(f"REQUIRE_REDIS=1 but Redis at {url} is not answering: {error}")
        pytest.skip(f"Redis at {url} is not answering")
    return url
