"""A scripted 8-power Days of Decision III game of all 66 turns through the API, against
bench/fold.py's baseline (``orjson.loads`` of the same stored events) measured in this run.

A real ``casus serve`` process on 127.0.0.1 (SQLite file, in-process jobs), one seat per power
(preset "8", the Communist Chinese with the Soviets), each seat with its own token. Every turn
runs every step issue 3 implements: sealed bids (some turns closed by the moderator), Democrats
moving down or keeping their place, the weather roll, options passed (some turns political
affairs ended by the moderator), military affairs recorded by the moderator (points, captures,
search and seizure, wars and peace), production (bid, army and naval points; CC's bought by the
USSR and by China), conquest, and the game's end after Nov/Dec 1946 with the score.

Reports accepted commands per second end to end (the client's POST round trips), and the time
to rebuild every seat's projections from the whole log (the replay job: through the API once,
then the job function in this process, median of ``--rounds``). Loops are bounded."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson
import requests

from bench.fold import parse_rate
from bench.http import ROOT, UNLIMITED, Server, free_port

DEMOCRATS = ("CH", "CW", "FR", "US")
FORCES = ("GE", "IT", "JA", "CW", "FR", "US", "CH", "RU", "CC")
MAX_COMMANDS_PER_STEP = 40  # every step of the script needs far fewer: a guard against a loop


class Table:
    """The game as its clients see it: one session per seat, the version the next If-Match names."""

    def __init__(self, base: str):
        self.base = base
        created = requests.post(f"{base}/games", json={"ruleset": "dod3", "preset": "8"}, timeout=10)
        created.raise_for_status()
        body = created.json()
        self.game_id, self.version = body["game_id"], body["version"]
        self.holder = {power: seat for seat, powers in body["seats"].items() for power in powers}
        self.sessions = {seat: self._session(token) for seat, token in
                         {**body["tokens"], "moderator": body["moderator_token"]}.items()}
        self.commands = self.reads = self.events = 0
        self.post_seconds = 0.0

    @staticmethod
    def _session(token: str) -> requests.Session:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        return session

    def command(self, seat: str, type_: str, **data) -> list[dict]:
        started = time.perf_counter()
        response = self.sessions[seat].post(f"{self.base}/games/{self.game_id}/commands", timeout=30,
                                            json={"type": type_, "data": data},
                                            headers={"If-Match": f'"{self.version}"'})
        self.post_seconds += time.perf_counter() - started
        if response.status_code != 201:
            raise RuntimeError(f"{seat} {type_} {data}: {response.status_code} {response.text}")
        body = response.json()
        self.version = body["version"]
        self.commands += 1
        self.events += len(body["events"])
        return body["events"]

    def act(self, power: str, type_: str, **data) -> list[dict]:
        return self.command(self.holder[power], type_, power=power, **data)

    def moderator(self, type_: str, **data) -> list[dict]:
        return self.command("moderator", type_, **data)

    def state(self) -> dict:
        """What the moderator sees (every ledger, face-down PE included): the script's one read."""
        self.reads += 1
        response = self.sessions["moderator"].get(f"{self.base}/games/{self.game_id}/state", timeout=30)
        response.raise_for_status()
        return response.json()["state"]


def bid_for(turn: int, index: int, pool: int) -> tuple[int, int]:
    """(points, options): a spread of no bids, small bids and two-option bids, within the pool."""
    k = (turn + index) % 5
    if k == 0 or pool == 0:
        return 0, 1
    return min(k, pool), 2 if k == 4 and pool >= 4 else 1


def initiative(table: Table, turn: int) -> None:
    """Step A: every power bids (every ninth turn the moderator closes bidding before the last
    bid), then each Democrat in the queue moves down one place or keeps it."""
    state = table.state()
    powers = [p for p in state["initiative"]["track"] if not state["powers"][p]["conquered"]]
    closing = turn % 9 == 0
    for index, power in enumerate(powers[:-1] if closing else powers):
        points, options = bid_for(turn, index, state["powers"][power]["bid_points"])
        table.act(power, "SubmitBid", points=points, options=options)
    if closing:
        table.moderator("CloseBidding")
    for _ in range(len(DEMOCRATS) + 1):  # each Democrat at most once, then the check
        state = table.state()
        queue = state["initiative"]["democrat_queue"]
        if state["turn"]["step"] != "A" or not queue:
            return
        power = queue[0]
        if (turn + len(queue)) % 2:
            table.act(power, "MoveDownInitiative", position=state["initiative"]["track"].index(power) + 2)
        else:
            table.act(power, "KeepInitiativePosition")
    raise RuntimeError(f"turn {turn}: the Democrats' moves did not end")


def weather(table: Table) -> None:
    """Step B: the first power on the track rolls."""
    (awaited,) = table.state()["turn"]["awaiting"]
    table.command(awaited["seat"], "RollWeather")


def political_affairs(table: Table, turn: int) -> None:
    """Step C: each bidder passes its options in initiative order; every seventh turn the
    moderator ends the step after the first option."""
    for passed in range(MAX_COMMANDS_PER_STEP):
        state = table.state()
        if state["turn"]["step"] != "C":
            return
        if turn % 7 == 0 and passed == 1:
            table.moderator("EndPoliticalAffairs", reason="ended at the table")
            continue
        (awaited,) = state["turn"]["awaiting"]
        table.act(awaited["power"], "PassOption")
    raise RuntimeError(f"turn {turn}: political affairs did not end")


def military_affairs(table: Table, turn: int, state: dict) -> None:
    """Step E, recorded by the moderator: points won and lost, a capture (undone in step H so the
    objectives stay as set up), search and seizure, wars and peace."""
    force = FORCES[turn % len(FORCES)]
    army = (state["powers"].get(force) or state["forces"][force])["army_points"]
    table.moderator("RecordMilitaryPoints", force=force, army_change=-1 if army > 2 and turn % 2 else 1,
                    naval_change=int(turn % 3 == 0), note=f"turn {turn}")
    if turn % 4 == 1:
        table.moderator("RecordCapture", territory="Netherlands", captor="GE")
    if turn % 6 == 3:
        table.moderator("RecordSearchAndSeizure", by="GE", note="Atlantic")
    wars = {10: ("JA", "CH", True), 30: ("GE", "FR", True), 50: ("GE", "FR", False)}
    if turn in wars:
        belligerent, enemy, at_war = wars[turn]
        table.moderator("RecordWarStatus", belligerent=belligerent, enemy=enemy, at_war=at_war)
    table.moderator("EndMilitaryAffairs")


def production(table: Table, turn: int) -> None:
    """Step F: each power buys what it can afford without debt (bid points most turns, army and
    naval points now and then, CC army points from the USSR or China), then ends production."""
    state = table.state()
    prices = state["production"]["prices"]
    for index, awaited in enumerate(state["turn"]["awaiting"]):
        power = awaited["power"]
        money = state["powers"][power]["money"]
        wishes = [("bid_points", None, 1 + (turn + index) % 3)]
        if (turn + index) % 3 == 0:
            wishes.append(("army_points", None, 1))
        if (turn + index) % 4 == 0:
            wishes.append(("naval_points", None, 1))
        if (power == "RU" and turn % 5 == 0) or (power == "CH" and turn % 11 == 0):
            wishes.append(("army_points", "CC", 1))
        for kind, recipient, amount in wishes:
            cost = prices[kind] * amount
            if cost <= money:
                extra = {} if recipient is None else {"recipient": recipient}
                table.act(power, "BuyPoints", kind=kind, amount=amount, **extra)
                money -= cost
        table.act(power, "EndProduction")


def play_turn(table: Table, turn: int) -> dict:
    state = table.state()
    if state["turn"]["step"] == "A":
        initiative(table, turn)
    weather(table)
    political_affairs(table, turn)
    military_affairs(table, turn, table.state())
    production(table, turn)
    if turn % 4 == 1:
        table.moderator("RecordCapture", territory="Netherlands", captor=None)
    table.moderator("EndConquest")
    return table.state()


def play_game(table: Table, turns: int) -> dict:
    for turn in range(1, turns + 1):
        state = play_turn(table, turn)
        if state["turn"]["game_over"]:
            if turn != turns:
                raise RuntimeError(f"the game ended on turn {turn}: {state['outcome']['reason']}")
            return state
        if state["turn"]["number"] != turn + 1:
            raise RuntimeError(f"turn {turn} did not lead to turn {turn + 1}: {state['turn']}")
    return table.state()


def replay_through_api(table: Table, timeout: float = 60) -> tuple[float, dict]:
    """POST /games/{id}/replay, then poll the job: (seconds until it was seen finished, result)."""
    session = table.sessions["moderator"]
    started = time.perf_counter()
    queued = session.post(f"{table.base}/games/{table.game_id}/replay", timeout=30)
    queued.raise_for_status()
    location = f"{table.base}{queued.headers['Location']}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = session.get(location, timeout=30).json()
        if job["status"] == "finished":
            return time.perf_counter() - started, job["result"]
        if job["status"] == "failed":
            raise RuntimeError(f"replay failed: {job['error']}")
        time.sleep(0.002)
    raise RuntimeError(f"replay did not finish in {timeout} s")


def replay_in_process(database: str, game_id: str, rounds: int) -> tuple[list[float], list[float], int]:
    """The replay job function on the same SQLite file, interleaved with fold.py's orjson.loads
    baseline over the same stored events: (events replayed/s, orjson events/s, events)."""
    from service.bootstrap import build
    from service.config import Config
    from service.jobs import replay_game

    services = build(Config(database=database))
    bodies = [orjson.dumps(e.to_dict()) for e in services.games.store.read(game_id)]
    replay_game(game_id, services)  # warm-up: imports, the data pack parsed once per process
    replays, parses = [], []
    for _ in range(rounds):
        parses.append(parse_rate(bodies))
        result = replay_game(game_id, services)
        replays.append(result["events"] / result["seconds"])
    return replays, parses, len(bodies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=66)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), **UNLIMITED}
    env.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "dod3.db")
        env["CASUS_DB"] = database
        port = free_port()
        server = Server("casus-serve", [sys.executable, "-m", "service.cli", "serve", "--port", str(port)], port, env,
                        Path(folder))
        try:
            table = Table(f"http://127.0.0.1:{port}")
            started = time.perf_counter()
            final = play_game(table, args.turns)
            wall = time.perf_counter() - started
            api_seconds, api_result = replay_through_api(table)
        finally:
            server.stop()
        replays, parses, events = replay_in_process(database, table.game_id, args.rounds)
    command_rate = table.commands / table.post_seconds
    baseline = statistics.median(parses)
    replay_rate = statistics.median(replays)
    outcome = final["outcome"] or {}
    print(f"DoD III, 8 powers, {final['turn']['number']} turns to {final['turn']['label']} (ended: "
          f"{outcome.get('reason')}; won by {', '.join(outcome.get('winning_ideologies', []))}): "
          f"{table.commands} commands, {events} events, {table.reads} state reads, {wall:.1f} s")
    print(f"commands end to end  {command_rate:8.0f} commands/s  ratio to orjson.loads {command_rate / baseline:.5f}  "
          f"(POST round trips {table.post_seconds:.1f} s; {table.commands / wall:.0f}/s with the script's reads)")
    print(f"replay, every projection for {len(final['seats']) + 1} readers  {replay_rate:8.0f} events/s  "
          f"ratio to orjson.loads {replay_rate / baseline:.4f}  ({events / replay_rate:.3f} s; "
          f"POST /replay to finished job {api_seconds:.3f} s, job {api_result['seconds']:.3f} s)")
    print(f"baseline: fold.py parse_rate (orjson.loads) of this game's {events} stored events "
          f"{baseline:10.0f} events/s  (median of {args.rounds})")

if __name__ == "__main__":
    main()
