"""Driving the API in tests as a client would: a created game, its seats' tokens, and the
assertions every API test shares (problem+json errors, a log left unchanged)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

TINY = "tests.support.tiny_ruleset"
MODERATOR = "moderator"
PROBLEM_JSON = "application/problem+json"


@dataclass
class Table:
    """A created game as its players see it: the client, the game id and each seat's token."""

    client: object
    game_id: str
    tokens: dict[str, str]
    moderator: str

    def auth(self, seat: str | None) -> dict:
        if seat is None:
            return {}
        token = self.moderator if seat == MODERATOR else self.tokens[seat]
        return {"Authorization": f"Bearer {token}"}

    def command(self, seat: str, type_: str, data: dict | None = None, version: int | None = None, **headers):
        version = self.version() if version is None else version
        return self.client.post(f"/games/{self.game_id}/commands", json={"type": type_, "data": data or {}},
                                headers={**self.auth(seat), "If-Match": f'"{version}"', **headers})

    def send(self, seat: str, type_: str, **data) -> dict:
        """A command that must be accepted; returns the 201 body."""
        response = self.command(seat, type_, data)
        assert response.status_code == 201, response.get_data(as_text=True)
        return response.json

    def version(self) -> int:
        return self.summary()["version"]

    def summary(self) -> dict:
        return self.client.get(f"/games/{self.game_id}").json

    def events(self, seat: str | None = None) -> list[dict]:
        return self.client.get(f"/games/{self.game_id}/events?limit=1000", headers=self.auth(seat)).json["events"]

    def legal_commands(self, seat: str | None) -> list[dict]:
        response = self.client.get(f"/games/{self.game_id}/legal-commands", headers=self.auth(seat))
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.json["commands"]

    def legal_command(self, seat: str, type_: str, power: str | None = None) -> dict:
        """The spec /legal-commands offers ``seat``; fails the test when it is not offered."""
        commands = self.legal_commands(seat)
        spec = next((c for c in commands if c["type"] == type_ and c["power"] == power), None)
        assert spec is not None, f"{seat} is not offered {type_} {power or ''}: {commands}"
        return spec

    def projection(self, name: str, seat: str | None = MODERATOR, at: int | None = None):
        """A projection's data as ``seat`` reads it (text for a drawn one, such as an SVG)."""
        query = "" if at is None else f"?at={at}"
        response = self.client.get(f"/games/{self.game_id}/projections/{name}{query}", headers=self.auth(seat))
        assert response.status_code == 200, response.get_data(as_text=True)
        if response.mimetype != "application/json":
            return response.get_data(as_text=True)
        return response.json["data"]

    def verify(self) -> dict:
        return self.client.get(f"/games/{self.game_id}/verify").json


def create_game_table(client, ruleset: str, preset: str, options: dict | None = None, table=Table, **extra):
    """POST /games from a seating preset; ``table`` may be a Table subclass taking ``extra``."""
    response = client.post("/games", json={"ruleset": ruleset, "preset": preset, "options": options or {}})
    assert response.status_code == 201, response.get_data(as_text=True)
    body = response.json
    return table(client, body["game_id"], body["tokens"], body["moderator_token"],
                 **{name: body[name] for name in extra})


def create_table(client, seats=None) -> Table:
    """A tiny-ruleset game (the platform's test ruleset)."""
    seats = seats or {"north": ["N"], "south": ["S"]}
    response = client.post("/games", json={"ruleset": "tiny", "seats": seats})
    assert response.status_code == 201, response.json
    body = response.json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def assert_problem(response, status: int, slug: str) -> dict:
    """An RFC 9457 problem with this status and type; returns its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.content_type == PROBLEM_JSON
    body = response.json
    assert body["type"].endswith("/" + slug) and body["status"] == status and body["title"]
    return body


@contextmanager
def log_unchanged(table: Table):
    """The event log, as the moderator reads it, is identical before and after the block."""
    before = table.events(MODERATOR)
    yield
    assert table.events(MODERATOR) == before
