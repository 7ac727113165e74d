"""Fixtures for the Totaler Krieg! chapter 13 rule tests."""
import pytest

from tests.rules.totaler_krieg.tk_driver import Table


@pytest.fixture
def table() -> Table:
    """A new game, one seat per faction, the blank scenario: Pre-War, every minor Neutral, no markers."""
    return Table()


@pytest.fixture
def table_1939() -> Table:
    """The Aug-Sept 1939 start: Pre-War; Guarantees in the Britain, France and Western Minors boxes;
    Isolationism in the US box; France an Active Western minor."""
    return Table("1939")
