"""Shared pytest configuration: the `rule` and `slow` markers."""


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rule id from RULES.md this test exercises")
    config.addinivalue_line("markers", "slow: load/soak tests with bounded time")

