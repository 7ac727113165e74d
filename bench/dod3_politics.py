"""Days of Decision III political affairs (issue 4): activations validated per second and
``legal_commands`` latency for a seat whose power must activate a minor, on the reference layout
(the default pack), against bench/fold.py's baseline (events folded per second, with its own
``orjson.loads`` baseline) measured in this run; and one command's end-to-end cost through the
Flask test client (auth, load, decide, append on a SQLite file, respond) and, as bench/http.py
runs it, through a real ``casus serve`` on 127.0.0.1.

The position: turn 1 of a 3-player game; Germany has embargoed France (IPO 19), the Commonwealth
asked France for a treaty (CW 3) and France approved it (FR 0(f)): France must activate a minor,
Belgium holding Germany's -2 and the Commonwealth's +1. Each validation is the decider's ``decide``
of France's ActivateMinor (both modifiers, Germany's moving Belgium to E9, then the end roll).

Target: ``legal_commands`` for that seat under 5% of one command's end-to-end cost. Loops are
bounded; the whole run takes well under two minutes."""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.fold import fold_rate, parse_rate, stored_bodies
from domain.dod3 import RULESET
from domain.dod3.commands import ActivateMinor, PassOption, PlayOption, RollWeather
from domain.dod3.political_affairs.activation.messages import MarkerMove
from domain.kernel import Context, ScriptedDice, Setup
from events.codec import Codec
from service.packs import default_pack

AXIS, ALLIES = "player1", "player2"  # preset "3": GE/JA/IT, CW/FR/CH/US, CC/RU
NO_END = 9  # an end roll that never ends political affairs this early
SCRIPT = [  # (seat, command): turn 1 up to France's activation
    (AXIS, RollWeather()),
    (AXIS, PlayOption("GE", "IPO 19", target="FR")),
    (AXIS, ActivateMinor("GE", "Poland", moves=(MarkerMove("GE", ()),))),
    (AXIS, PassOption("IT")),
    (ALLIES, PlayOption("CW", "CW 3", target="FR")),
    (ALLIES, ActivateMinor("CW", "Czechoslovakia", moves=(MarkerMove("GE", ()),))),
    (ALLIES, PlayOption("FR", "FR 0(f)", target="CW")),
]
CODEC = Codec(RULESET.events + RULESET.commands)
BELGIUM = ActivateMinor("FR", "Belgium", moves=(MarkerMove("CW", ()), MarkerMove("GE", ("E9",))))


def must_activate():
    """(decider, pack, state) with France to activate a minor."""
    pack = default_pack(RULESET)
    decider = RULESET.make_decider(pack)
    state = decider.initial_state(Setup(RULESET.seat_presets["3"], {}, pack))
    for seat, command in SCRIPT:
        ctx = Context(seat, frozenset(state.seats[seat]), ScriptedDice([NO_END]), pack)
        for event in decider.decide(state, command, ctx):
            state = decider.evolve(state, event)
    return decider, pack, state


def activation_rate(decider, pack, state, seconds: float) -> float:
    """Validated activations per second: ``decide`` of France's ActivateMinor, for ``seconds``."""
    powers = frozenset(state.seats[ALLIES])
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for _ in range(50):
            decider.decide(state, BELGIUM, Context(ALLIES, powers, ScriptedDice([NO_END]), pack))
        count += 50
    return count / elapsed


def legal_latency(decider, state, calls: int) -> float:
    """Median seconds of ``legal_commands`` for the seat that must activate (batches of 10)."""
    samples = []
    for _ in range(calls // 10):
        started = time.perf_counter()
        for _ in range(10):
            decider.legal_commands(state, ALLIES)
        samples.append((time.perf_counter() - started) / 10)
    return statistics.median(samples)


def end_to_end(games: int) -> tuple[float, float, int]:
    """Through the Flask test client on a SQLite file: each game plays turn 1's script and
    France's activation as POSTs (the server's own dice). Returns the median seconds of one
    accepted command, of one ActivateMinor, and the number of commands timed."""
    from service.http.app import create_app
    from service.config import Config
    from tests.support.dod3_api import create_dod3_table

    commands, activations = [], []
    with tempfile.TemporaryDirectory() as folder:
        client = create_app(Config(database=str(Path(folder) / "politics.db"))).test_client()
        for _ in range(games):
            table = create_dod3_table(client)
            version = table.version()
            for seat, command in [*SCRIPT, (ALLIES, BELGIUM)]:
                started = time.perf_counter()
                response = table.command(seat, *CODEC.encode(command), version=version)
                elapsed = time.perf_counter() - started
                if response.status_code != 201:  # an end roll of the server's dice ended the step early
                    break
                version = response.json["version"]
                commands.append(elapsed)
                if isinstance(command, ActivateMinor):
                    activations.append(elapsed)
    return statistics.median(commands), statistics.median(activations), len(commands)


def served(games: int) -> tuple[float, int]:
    """The same POSTs to a real ``casus serve`` on 127.0.0.1 (SQLite file), as bench/http.py runs
    it: (median seconds of one accepted command's round trip, commands timed)."""
    import os
    import sys

    import requests

    from bench.http import ROOT, UNLIMITED, Server, free_port

    env = {**os.environ, "PYTHONPATH": str(ROOT), **UNLIMITED}
    env.pop("REDIS_URL", None)
    commands = []
    with tempfile.TemporaryDirectory() as folder:
        env["CASUS_DB"] = str(Path(folder) / "served.db")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = Server("casus-serve", [sys.executable, "-m", "service.cli", "serve", "--port", str(port)], port, env,
                        Path(folder))
        try:
            for _ in range(games):
                body = requests.post(f"{base}/games", json={"ruleset": "dod3", "preset": "3"}, timeout=10).json()
                sessions = {seat: requests.Session() for seat in body["tokens"]}
                for seat, session in sessions.items():
                    session.headers["Authorization"] = f"Bearer {body['tokens'][seat]}"
                version = body["version"]
                for seat, command in [*SCRIPT, (ALLIES, BELGIUM)]:
                    type_, data = CODEC.encode(command)
                    started = time.perf_counter()
                    response = sessions[seat].post(f"{base}/games/{body['game_id']}/commands", timeout=30,
                                                   json={"type": type_, "data": data},
                                                   headers={"If-Match": f'"{version}"'})
                    elapsed = time.perf_counter() - started
                    if response.status_code != 201:  # the server's end roll ended the step early
                        break
                    version = response.json()["version"]
                    commands.append(elapsed)
        finally:
            server.stop()
    return statistics.median(commands), len(commands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50_000, help="events in fold.py's baseline")
    parser.add_argument("--seconds", type=float, default=2.0, help="per activation-rate round")
    parser.add_argument("--legal-calls", type=int, default=300)
    parser.add_argument("--games", type=int, default=40, help="games driven through the test client")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    decider, pack, state = must_activate()
    offered = [s for s in decider.legal_commands(state, ALLIES) if s.type == "ActivateMinor"]
    assert {s.choices["minor"][0] for s in offered} >= {"Belgium"}, offered
    service, game_id, bodies = stored_bodies(args.events)
    folds, parses, rates, latencies = [], [], [], []
    for _ in range(args.rounds):  # interleaved, so load on the machine hits all alike
        parses.append(parse_rate(bodies))
        folds.append(fold_rate(service, game_id, bodies))
        rates.append(activation_rate(decider, pack, state, args.seconds))
        latencies.append(legal_latency(decider, state, args.legal_calls))
    command_cost, activation_cost, timed = end_to_end(args.games)
    served_cost, served_timed = served(args.games)
    fold, parse, rate, latency = (statistics.median(x) for x in (folds, parses, rates, latencies))
    print(f"activations validated (decide, FR activates Belgium: 2 modifiers, 1 hex, end roll) "
          f"{rate:9.0f} /s  ratio to fold {rate / fold:.4f}")
    print(f"legal_commands, FR to activate ({len(offered)} minors offered)  {latency * 1e3:8.3f} ms  "
          f"= {latency * fold:.0f} folded events' time")
    print(f"one command end to end (Flask test client, SQLite)  {command_cost * 1e3:8.3f} ms median of {timed}; "
          f"ActivateMinor {activation_cost * 1e3:.3f} ms")
    print(f"legal_commands / one command end to end  {latency / command_cost:.1%}  (target < 5%); "
          f"/ ActivateMinor end to end {latency / activation_cost:.1%}")
    print(f"one command end to end (casus serve on 127.0.0.1, SQLite)  {served_cost * 1e3:8.3f} ms median of "
          f"{served_timed}; legal_commands / it {latency / served_cost:.1%}  (target < 5%)")
    print(f"baseline: fold.py fold {fold:10.0f} events/s  orjson.loads {parse:10.0f} events/s  "
          f"(median of {args.rounds}, {args.events} events)")


if __name__ == "__main__":
    main()
