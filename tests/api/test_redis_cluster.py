"""The service on a Redis Cluster: what the deployment must set beside it."""
import pytest

from service.http.app import create_app
from service.config import Config
from tests.support.api import TINY
from tests.support.backends import redis_cluster_url_or_skip


def test_a_cluster_store_without_a_jobs_redis_is_refused_at_start_with_the_setting_to_use():
    """RQ cannot run on a cluster: starting must say so, not fail at the first follow-up job."""
    with pytest.raises(ValueError, match="CASUS_JOBS_REDIS_URL"):
        create_app(Config(redis_url=redis_cluster_url_or_skip(), redis_prefix="test-refused",
                          extra_rulesets=(TINY,)))


def test_the_jobs_redis_defaults_to_the_store_redis_and_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://store:6379/0")
    monkeypatch.delenv("CASUS_JOBS_REDIS_URL", raising=False)
    assert Config.from_env().jobs_url == "redis://store:6379/0"
    monkeypatch.setenv("CASUS_JOBS_REDIS_URL", "redis://jobs:6379/0")
    assert Config.from_env().jobs_url == "redis://jobs:6379/0"
