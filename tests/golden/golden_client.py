"""The golden games' client (tests/golden/make_golden.py): a game as its players drive it through
the HTTP API, each seat with its own token, and the CLI run in this process."""
from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass, field

import orjson

MODERATOR = "moderator"
ANONYMOUS = "anonymous"  # the reader without a token, as named in the expected files


class Refused(Exception):
    """A command the server did not accept (the generator then tries something else)."""

    def __init__(self, response):
        super().__init__(f"{response.status_code}: {response.get_data(as_text=True)[:600]}")
        self.status = response.status_code
        self.body = response.json if response.is_json else None


@dataclass
class Game:
    client: object
    jobs: object
    game_id: str
    ruleset: str
    tokens: dict[str, str]  # seat -> token, the moderator's included
    seats: dict[str, list[str]]
    log: list[str] = field(default_factory=list)  # what was played, for the report
    services: object = None  # the app's services, for a generator that reads the game in process
    database: str | None = None  # the store ``casus export`` reads, when not the CASUS_DB of the run

    @classmethod
    def create(cls, client, jobs, ruleset: str, preset: str, options: dict | None = None,
               pack: dict | None = None) -> "Game":
        body = {"ruleset": ruleset, "preset": preset, "options": options or {}}
        if pack is not None:
            body["pack"] = pack
        response = client.post("/games", json=body)
        if response.status_code != 201:
            raise Refused(response)
        created = response.json
        return cls(client, jobs, created["game_id"], ruleset,
                   {**created["tokens"], MODERATOR: created["moderator_token"]}, created["seats"])

    def auth(self, seat: str | None) -> dict:
        return {} if seat in (None, ANONYMOUS) else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def holder(self, power: str) -> str:
        return next(seat for seat, powers in self.seats.items() if power in powers)

    def get(self, path: str, seat: str | None = None):
        response = self.client.get(f"/games/{self.game_id}{path}", headers=self.auth(seat))
        if response.status_code != 200:
            raise Refused(response)
        return response

    def version(self) -> int:
        return self.get("").json["version"]

    def command(self, seat: str, type_: str, /, **data) -> dict:
        """POST a command on the current version; waits for the follow-up jobs it starts."""
        response = self.client.post(f"/games/{self.game_id}/commands", json={"type": type_, "data": data},
                                    headers={**self.auth(seat), "If-Match": f'"{self.version()}"'})
        if response.status_code != 201:
            raise Refused(response)
        self.jobs.wait(60)
        self.log.append(f"{seat}: {type_} {orjson.dumps(data).decode()}")
        return response.json

    def attempt(self, seat: str, type_: str, /, **data) -> dict | None:
        """A command that may be refused (422): None then, and the log is as it was."""
        try:
            return self.command(seat, type_, **data)
        except Refused as refused:
            if refused.status != 422:
                raise
            return None

    def legal(self, seat: str) -> list[dict]:
        return self.get("/legal-commands", seat).json["commands"]

    def offered(self, seat: str, type_: str, power: str | None = None) -> list[dict]:
        return [c for c in self.legal(seat) if c["type"] == type_ and (power is None or c["power"] == power)]

    def state(self, seat: str = MODERATOR) -> dict:
        return self.get("/state", seat).json["state"]

    def projection(self, name: str, seat: str = MODERATOR):
        return self.get(f"/projections/{name}", seat).json["data"]

    def events(self, seat: str = MODERATOR) -> list[dict]:
        events, after = [], 0
        while True:
            page = self.get(f"/events?after={after}&limit=1000", seat).json["events"]
            if not page:
                return events
            events += page
            after = page[-1]["version"]

    def written(self) -> set[str]:
        """The event types the game's log holds."""
        return {e["type"] for e in self.events()}

    def undo(self, seat: str, to_version: int) -> dict:
        """RequestUndo back to ``to_version``; every seat it waits for approves."""
        body = self.command(seat, "RequestUndo", to_version=to_version)
        requested = next(e for e in body["events"] if e["type"] == "UndoRequested")["data"]
        for approver in requested["approvers"]:
            self.command(approver, "ApproveUndo")
        return requested


def cli(argv: list[str]) -> tuple[int, str, str]:
    """``casus ARGV`` in this process: (exit code, stdout, stderr)."""
    from service.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()
