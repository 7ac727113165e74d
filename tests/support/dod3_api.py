"""Driving a Days of Decision III game through the REST API as its players would: each seat with
its own bearer token, choosing its next command from what /legal-commands offers it."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import orjson

from tests.support.api import MODERATOR, Table, create_game_table

AXIS, ALLIES, SOVIET = "player1", "player2", "player3"  # preset "3": GE/JA/IT, CW/FR/CH/US, CC/RU


@dataclass
class Dod3Table(Table):
    seats: dict[str, list[str]]

    def seat_of(self, power: str) -> str:
        return next(seat for seat, powers in self.seats.items() if power in powers)


def create_dod3_table(client, preset: str = "3") -> Dod3Table:
    return create_game_table(client, "dod3", preset, table=Dod3Table, seats=True)


def legal(table: Table, seat: str) -> list[dict]:
    return table.legal_commands(seat)


def offered(table: Table, seat: str, type_: str, power: str | None = None) -> dict:
    """The command spec /legal-commands offers ``seat``; fails the test when it is not offered."""
    return table.legal_command(seat, type_, power)


def projection(table: Table, name: str, seat: str | None = MODERATOR, at: int | None = None):
    return table.projection(name, seat, at)


def turn(table: Table) -> dict:
    return projection(table, "turn")


def play(table: Table, seat: str, type_: str, data: dict | None = None) -> dict:
    """A command that must be accepted; returns the 201 body."""
    response = table.command(seat, type_, data)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.json


def play_offered(table: Table, seat: str, type_: str, power: str | None = None, **data) -> dict:
    """Play a command only after checking /legal-commands offers it to this seat now."""
    offered(table, seat, type_, power)
    return play(table, seat, type_, {**data, **({"power": power} if power else {})})


def roll_weather(table: Dod3Table) -> dict:
    """Step B: whoever the turn projection awaits (the first power on the track) rolls."""
    awaited = turn(table)["awaiting"]
    assert len(awaited) == 1, awaited
    return play_offered(table, awaited[0]["seat"], "RollWeather")


def pass_every_option(table: Dod3Table) -> list[str]:
    """Step C: each awaited power passes its options in turn; returns who passed, in order."""
    passed = []
    for _ in range(64):  # 8 powers x at most a handful of options each
        now = turn(table)
        if now["step"] != "C":
            return passed
        (awaited,) = now["awaiting"]
        play_offered(table, awaited["seat"], "PassOption", awaited["power"])
        passed.append(awaited["power"])
    raise AssertionError("political affairs did not end")


def finish_turn(table: Dod3Table, buy_bid_points: dict[str, int] | None = None) -> None:
    """Steps E-I: the moderator ends military affairs, each power buys (``buy_bid_points``) and
    ends production, the moderator ends the conquest step; the next turn begins."""
    buy_bid_points = buy_bid_points or {}
    assert turn(table)["step"] == "E"
    play_offered(table, MODERATOR, "EndMilitaryAffairs")
    assert turn(table)["step"] == "F"
    for awaited in turn(table)["awaiting"]:
        seat, power = awaited["seat"], awaited["power"]
        if power in buy_bid_points:
            spec = next(c for c in legal(table, seat) if c["type"] == "BuyPoints" and c["power"] == power
                        and c["choices"]["kind"] == ["bid_points"] and c["choices"]["recipient"] == [None])
            assert spec["choices"]["amount"]["maximum"] >= buy_bid_points[power]
            play(table, seat, "BuyPoints", {"power": power, "kind": "bid_points", "amount": buy_bid_points[power]})
        play_offered(table, seat, "EndProduction", power)
    assert turn(table)["step"] == "H"
    play_offered(table, MODERATOR, "EndConquest")


def sse_events(table: Table, seat: str | None) -> list[dict]:
    """The catch-up of the event stream (``follow=false``), one dict per ``data:`` line."""
    headers = {**(table.auth(seat) if seat else {}), "Accept": "text/event-stream"}
    response = table.client.get(f"/games/{table.game_id}/events?follow=false", headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    return [orjson.loads(line[len("data: "):]) for line in response.get_data(as_text=True).splitlines()
            if line.startswith("data: ")]


def every_read(table: Table, seat: str | None, from_version: int = 1) -> dict[str, object]:
    """Every read path as ``seat`` (None: anonymous), parsed: path -> JSON document.

    ``?at=N`` is read for every N from ``from_version`` (earlier versions predate the secret)."""
    client, game = table.client, table.game_id
    headers = table.auth(seat) if seat else {}
    version = table.version()
    names = client.get(f"/games/{game}/projections").json["projections"]
    paths = ["/games", f"/games/{game}", f"/games/{game}/state", f"/games/{game}/events?limit=1000",
             f"/games/{game}/legal-commands", f"/games/{game}/projections", f"/games/{game}/verify"]
    paths += [f"/games/{game}/state?at={v}" for v in range(from_version, version + 1)]
    paths += [f"/games/{game}/projections/{name}" for name in names]
    paths += [f"/games/{game}/projections/{name}?at={v}" for name in names for v in range(from_version, version + 1)]
    documents: dict[str, object] = {}
    for path in paths:
        response = client.get(path, headers=headers)
        assert response.status_code == 200, (path, response.get_data(as_text=True))
        documents[path] = response.json
    documents["SSE /events?follow=false"] = sse_events(table, seat)
    jobs = client.application.extensions["casus_services"].jobs
    if seat is not None and jobs.kind == "in-process":  # RQ jobs wait for a worker: tests/jobs covers them
        replay = client.post(f"/games/{game}/replay", headers=headers)
        assert replay.status_code == 202, replay.get_data(as_text=True)
        jobs.wait()
        documents[replay.headers["Location"]] = client.get(replay.headers["Location"]).json
    return documents


def bid_sightings(document: object, power: str, where: str = "") -> list[str]:
    """Where a JSON document shows ``power``'s bid, as paths: a node naming the power with its
    points, options or bid (an event's data, a revealed entry, a track row), or a sealed-bids
    row keyed by the power with its points or options."""
    found = []
    if isinstance(document, dict):
        if document.get("power") == power and any(document.get(k) is not None for k in ("points", "options", "bid")):
            found.append(where or "/")
        row = document.get(power)
        if isinstance(row, dict) and any(row.get(k) is not None for k in ("points", "options")):
            found.append(f"{where}/{power}")
        for key, value in document.items():
            found += bid_sightings(value, power, f"{where}/{key}")
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += bid_sightings(value, power, f"{where}/{index}")
    return found


def bids_matching_digest(public: dict, digest: str, power: str, pool: int, no_bids: tuple[str, ...],
                         max_options: int = 6) -> list[tuple[int, int]]:
    """The bids (points, options) of ``power`` under which the public projections (``public``:
    name -> data, as an anonymous reader gets them) hash to a seat's projection ``digest``, the
    seat's other powers (``no_bids``) having made no bid: what any holder of the digest can try."""
    found = []
    for points in range(pool + 1):
        for options in range(1, max_options + 1) if points else (0,):
            guess = orjson.loads(orjson.dumps(public))
            sealed_bids = guess["initiative-track"]["sealed_bids"]
            sealed_bids[power] = {"submitted": True, "points": points, "options": options}
            sealed_bids.update({p: {"submitted": True, "points": 0, "options": 0} for p in no_bids})
            if hashlib.sha256(orjson.dumps(guess, option=orjson.OPT_SORT_KEYS)).hexdigest() == digest:
                found.append((points, options))
    return found
