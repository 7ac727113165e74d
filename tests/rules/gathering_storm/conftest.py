"""Fixtures for the Gathering Storm rule tests."""
import pytest

from tests.rules.gathering_storm.gs_driver import Table


@pytest.fixture
def table() -> Table:
    """A new game, one seat per major power, turn 1, crisis phase, nothing recorded."""
    return Table()
