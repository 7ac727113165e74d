"""Attacks kept in the suite: the API tests' fixtures (Flask client on SQLite and Redis)."""
from tests.api.conftest import app, client, sqlite_app, table, unique  # noqa: F401
