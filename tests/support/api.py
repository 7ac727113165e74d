"""Helpers for driving the API in tests: a tiny-ruleset game and its seats' tokens."""
from __future__ import annotations

from dataclasses import dataclass

TINY = "tests.support.tiny_ruleset"


@dataclass
class Table:
    """A created game as its players see it: the client, the game id and each seat's token."""

    client: object
    game_id: str
    tokens: dict[str, str]
    moderator: str

    def auth(self, seat: str) -> dict:
        token = self.moderator if seat == "moderator" else self.tokens[seat]
        return {"Authorization": f"Bearer {token}"}

    def command(self, seat: str, type_: str, data: dict | None = None, version: int | None = None, **headers):
        version = self.version() if version is None else version
        return self.client.post(f"/games/{self.game_id}/commands", json={"type": type_, "data": data or {}},
                                headers={**self.auth(seat), "If-Match": f'"{version}"', **headers})

    def version(self) -> int:
        return self.client.get(f"/games/{self.game_id}").json["version"]

    def events(self, seat: str | None = None) -> list[dict]:
        headers = self.auth(seat) if seat else {}
        return self.client.get(f"/games/{self.game_id}/events?limit=1000", headers=headers).json["events"]


def create_table(client, seats=None) -> Table:
    seats = seats or {"north": ["N"], "south": ["S"]}
    response = client.post("/games", json={"ruleset": "tiny", "seats": seats})
    assert response.status_code == 201, response.json
    body = response.json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])
