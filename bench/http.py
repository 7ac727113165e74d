"""Accepted commands per second through the full stack (auth, load, decide, append, respond)
against a bare Flask endpoint served the same way, both driven by wrk. Target: full stack
>= 0.6 of the bare endpoint at 8 and 32 connections.

Why wrk: the server and the load generator share this machine's cores, so a Python client
(threads + requests) spends as much CPU per request as the Flask endpoint it measures, and the
ratio then measures the client (the old version of this script printed 0.92). wrk is C on
epoll: with 1-2 threads it needs a few percent of one core at these rates (the script prints
wrk's own CPU time), leaving the cores to the servers. Its Lua hooks carry the state a command
needs (bench/wrk/commands.lua keeps each game's If-Match version from the last ETag).

Full stack: a real `casus serve` (this checkout, `python -m service.cli serve`) on a temporary
SQLite file (CASUS_DB) with CASUS_EXTRA_RULESETS=tests.support.tiny_ruleset. Before every wrk
run the script creates one fresh game per connection (POST /games, seats {"north": ["N"]}) and
writes their ids and seat tokens to a Lua table file for the wrk script; each connection then
POSTs AddPoints (always accepted) to its own game. Only 201s count as accepted commands;
other statuses and socket errors are printed.

Baseline: bench/bare_app.py under gunicorn with the settings `casus serve` uses (its settings
module, `-c python:service.serving`: gevent workers, access log, each request yielding to the
other connections; the same process count and worker connections), driven by the
same wrk command and Lua script with requests of the same size (32-hex game ids, 32-character
bearer tokens, the same JSON body).

Everything listens on 127.0.0.1 (free ports); every wrk run is bounded by -d; the script stops
only the server processes it started, by PID. Needs wrk (`apt-get install wrk`).

    python -m bench.http [--connections 8 32] [--duration 4] [--rounds 3] [--processes 1 2] [--serve-args "..."]

Each (server, -c) figure is the median of --rounds wrk runs, bare and full stack interleaved
(bare, full, bare, full, ...), and the ratio is the median of the rounds' ratios, printed with
their range: this machine's cores are shared, and back-to-back single runs swung 0.36-0.78.
"""
from __future__ import annotations

import argparse
import json
import os
import secrets
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LUA = Path(__file__).resolve().parent / "wrk" / "commands.lua"
TARGET = 0.6
SEATS = {"north": ["N"]}


# A benchmark is one client sending as fast as it can: the served rate limits would measure themselves.
UNLIMITED = {"CASUS_RATE_LIMIT_CREATE": "off", "CASUS_RATE_LIMIT_COMMANDS": "off"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerDidNotStart(RuntimeError):
    pass


class Server:
    """One server process this script started; stopped by its PID only."""

    def __init__(self, name: str, args: list[str], port: int, env: dict, logs: Path):
        self.name, self.port = name, port
        self.base = f"http://127.0.0.1:{port}"
        self.log = logs / f"{name}-{port}.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerDidNotStart(f"{name} exited with {self.process.returncode}: {self.tail()}")
            try:
                urllib.request.urlopen(f"{self.base}/healthz", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                time.sleep(0.1)
        self.stop()
        raise ServerDidNotStart(f"{name} did not answer on {self.base} within 30 s: {self.tail()}")

    def tail(self) -> str:
        lines = self.log.read_text(errors="replace").strip().splitlines()
        return lines[-1] if lines else "(no output)"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, 15)  # gunicorn's master stops its own workers on SIGTERM
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, 9)
                self.process.wait()


def post_json(url: str, payload: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def games_for(server: Server, count: int, real: bool) -> list[dict]:
    if not real:  # same sizes as real ids and tokens
        return [{"id": secrets.token_hex(16), "token": secrets.token_urlsafe(24), "version": 1} for _ in range(count)]
    games = []
    for _ in range(count):
        try:
            created = post_json(f"{server.base}/games", {"ruleset": "tiny", "seats": SEATS})
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"POST /games on {server.name} answered {error.code}; "
                               f"its log ends: {server.tail()}") from None
        games.append({"id": created["game_id"], "token": created["tokens"]["north"], "version": created["version"]})
    return games


def write_lua_games(path: Path, games: list[dict]) -> None:
    rows = [f'  {{id="{g["id"]}", path="/games/{g["id"]}/commands", auth="Bearer {g["token"]}", version={g["version"]}}},'
            for g in games]
    path.write_text("return {\n" + "\n".join(rows) + "\n}\n")


def run_wrk(wrk: str, server: Server, real: bool, connections: int, threads: int, seconds: float,
            work: Path) -> dict:
    games_file = work / f"games-{server.port}-{connections}-{time.monotonic_ns()}.lua"
    write_lua_games(games_file, games_for(server, connections, real))
    out = work / "wrk.out"
    args = [wrk, "-t", str(threads), "-c", str(connections), "-d", f"{seconds:g}s", "--timeout", "10s",
            "-s", str(LUA), server.base, "--", str(games_file), str(threads)]
    with open(out, "wb") as stdout:
        process = subprocess.Popen(args, stdout=stdout, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    text = out.read_text(errors="replace")
    line = next((l for l in text.splitlines() if l.startswith("CASUS-WRK ")), None)
    if process.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({process.returncode}): {' '.join(args)}\n{text}")
    result = json.loads(line[len("CASUS-WRK "):])
    result["statuses"] = {int(k): v for k, v in result["statuses"].items()}
    seconds_run = result["duration_us"] / 1e6
    result["rate"] = result["statuses"].get(201, 0) / seconds_run
    result["wrk_cpu"] = (usage.ru_utime + usage.ru_stime) / seconds_run  # cores
    return result


def combine(rounds: list[dict]) -> dict:
    """Rounds of one server at one connection count: median rate and latencies, summed problems."""
    statuses, errors = {}, {}
    for r in rounds:
        for status, n in r["statuses"].items():
            statuses[status] = statuses.get(status, 0) + n
        for kind, n in r["errors"].items():
            errors[kind] = errors.get(kind, 0) + n
    return {"rate": statistics.median(r["rate"] for r in rounds),
            "p50_us": statistics.median(r["p50_us"] for r in rounds),
            "p99_us": statistics.median(r["p99_us"] for r in rounds),
            "statuses": statuses, "errors": errors,
            "resent": sum(r["resent"] for r in rounds), "unattributed": sum(r["unattributed"] for r in rounds),
            "wrk_cpu": max(r["wrk_cpu"] for r in rounds), "rounds": rounds}


def problems(result: dict) -> str:
    parts = [f"{n} x {status}" for status, n in sorted(result["statuses"].items()) if status != 201]
    parts += [f"{n} socket {kind}" for kind, n in result["errors"].items() if n]
    parts += [f"{result[k]} {k}" for k in ("resent", "unattributed") if result[k]]
    return "non-201: " + (", ".join(parts) if parts else "none")


def latency(result: dict) -> str:
    return f"p50 {result['p50_us'] / 1000:5.1f} ms  p99 {result['p99_us'] / 1000:5.1f} ms"


def serve_supports_workers(env: dict) -> bool:
    help_text = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--help"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=60).stdout
    return "--workers" in help_text


def measure(wrk: str, processes: int, args, env: dict, work: Path, with_bare: bool) -> list[dict]:
    """For one process count: per connection count, `args.rounds` interleaved rounds (bare run,
    full-stack run, each on fresh games), so a change in background load hits both servers."""
    # The process count is passed explicitly: `casus serve` alone starts one per core (at least
    # two), and the bare server must run as many, with the same gevent workers and settings.
    full_cmd = [sys.executable, "-m", "service.cli", "serve", "--workers", str(processes)]
    full_cmd += shlex.split(args.serve_args)
    bare_cmd = [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "-w", str(processes),
                "--worker-connections", "4096"]
    env = {**env, "CASUS_DB": str(work / f"bench-{processes}.db")}
    servers = []
    try:
        full_port = free_port()
        full = Server("casus-serve", full_cmd + ["--port", str(full_port)], full_port, env, work)
        servers.append(full)
        bare = None
        if with_bare:
            bare_port = free_port()
            bare = Server("bare", bare_cmd + ["-b", f"127.0.0.1:{bare_port}", "bench.bare_app:app"], bare_port, env, work)
            servers.append(bare)
        pairs = [(s, real) for s, real in ((bare, False), (full, True)) if s is not None]
        if args.warmup > 0:
            for server, real in pairs:
                run_wrk(wrk, server, real, args.connections[0], args.wrk_threads, args.warmup, work)
        rows = []
        for connections in args.connections:
            runs = {False: [], True: []}
            for _ in range(args.rounds):
                for server, real in pairs:
                    runs[real].append(run_wrk(wrk, server, real, connections, args.wrk_threads, args.duration, work))
            row = {"connections": connections, "full": combine(runs[True])}
            if bare is not None:
                row["bare"] = combine(runs[False])
                row["ratios"] = sorted(f["rate"] / b["rate"] for f, b in zip(runs[True], runs[False]))
            rows.append(row)
        return rows
    finally:
        for server in reversed(servers):
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, nargs="+", default=[8, 32], help="wrk -c values")
    parser.add_argument("--duration", type=float, default=4, help="seconds per wrk run (wrk -d)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved bare/full-stack rounds per -c value")
    parser.add_argument("--warmup", type=float, default=2, help="seconds of wrk warm-up per server (0: none)")
    parser.add_argument("--wrk-threads", type=int, default=2, help="wrk -t (each -c must be a multiple)")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2],
                        help="gunicorn processes (casus serve --workers N); the first is the ratio's")
    parser.add_argument("--serve-args", default="", help='extra `casus serve` arguments, e.g. "--some-option 1"')
    args = parser.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        sys.exit("bench.http needs wrk (a C HTTP load generator): apt-get install wrk")
    for connections in args.connections:
        if connections % args.wrk_threads:
            sys.exit(f"--connections {connections} is not a multiple of --wrk-threads {args.wrk_threads}")
    version = subprocess.run([wrk, "--version"], capture_output=True, text=True).stdout.split("[")[0].strip()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CASUS_EXTRA_RULESETS": "tests.support.tiny_ruleset", **UNLIMITED}
    for name in ("REDIS_URL", "CASUS_REDIS_URL"):
        env.pop(name, None)
    workers_option = serve_supports_workers(env)

    with tempfile.TemporaryDirectory(prefix="casus-bench-http-") as folder:
        work = Path(folder)
        first, *others = args.processes
        print(f"{version} -t {args.wrk_threads}, {args.rounds} interleaved rounds of {args.duration:g} s per server "
              f"and -c (+{args.warmup:g} s warm-up); gunicorn gevent workers, {first} process{'es' if first > 1 else ''}; "
              f"casus serve on SQLite (temp file)")
        try:
            rows = measure(wrk, first, args, env, work, with_bare=True)
        except RuntimeError as error:
            sys.exit(f"bench.http: {error}")
        wrk_cpu = []
        for row in rows:
            full, bare, ratios = row["full"], row["bare"], row["ratios"]
            wrk_cpu += [full["wrk_cpu"], bare["wrk_cpu"]]
            print(f"{row['connections']:3d} connections: full stack {full['rate']:6.0f} commands/s ({latency(full)}), "
                  f"bare Flask {bare['rate']:6.0f} requests/s ({latency(bare)}), "
                  f"ratio {statistics.median(ratios):.2f} (rounds {ratios[0]:.2f}-{ratios[-1]:.2f}; target >= {TARGET})")
            print(f"                 full stack {problems(full)}; bare {problems(bare)}")
        print(f"wrk CPU: at most {max(wrk_cpu) * 100:.0f}% of one core in any run "
              f"(so wrk is not the bottleneck of this {os.cpu_count()}-core machine)")
        met = all(statistics.median(row["ratios"]) >= TARGET for row in rows)
        print(f"target full stack >= {TARGET} x bare at {', '.join(map(str, args.connections))} connections: "
              f"{'met' if met else 'not met'}")

        print("commands/s by gunicorn processes (embedded SQLite default, casus serve --workers N; median of rounds):")
        by_processes = {first: rows}
        for processes in others:
            if not workers_option:
                print(f"  {processes} processes: not available yet (casus serve has no --workers option)")
                continue
            try:
                by_processes[processes] = measure(wrk, processes, args, env, work, with_bare=False)
            except ServerDidNotStart as error:
                print(f"  {processes} processes: not available yet ({error})")
            except RuntimeError as error:
                print(f"  {processes} processes: failed: {str(error).splitlines()[0]}")
        for processes, measured in by_processes.items():
            cells = [f"{row['connections']} connections {row['full']['rate']:6.0f}/s ({problems(row['full'])})"
                     for row in measured]
            print(f"  {processes} process{'es' if processes > 1 else '  '}: " + "; ".join(cells))


if __name__ == "__main__":
    main()
