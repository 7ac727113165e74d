"""Fixtures for the Axis & Allies rule tests."""
import pytest

from tests.rules.aa.aa_driver import GLOBAL, REVISED, pack


@pytest.fixture
def revised():
    return pack(REVISED)


@pytest.fixture
def global1940():
    return pack(GLOBAL)
