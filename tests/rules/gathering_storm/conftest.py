"""Fixtures for the Gathering Storm rule tests."""
import pytest

from tests.rules.gathering_storm.gs_driver import Table


@pytest.fixture
def table() -> Table:
    """A new game, one seat per major power, turn 2 (so 'earlier' facts have a turn), crisis phase, nothing recorded."""
    # Turn 2, so the aggressions ``given`` as successful lie in an earlier turn: 32.61B forbids
    # pre-emptive war in a turn an Axis power committed one.
    return Table(options={"first_turn": 2})
