"""SSE fan-out and its cost on the embedded default (`casus serve`: SQLite, in-process jobs, one
gevent process per core, at least 2), against a bare gevent SSE echo server in the same run.

1. Fan-out: 1,000 followers of one game. For each of --commands commands on that game, the time
   from the command's 201 to each follower receiving its event; p50 and p99 over every
   (command, follower). Baseline: 1,000 followers of a bare gevent SSE echo server (one process,
   gevent.pywsgi; a POST puts the message on every follower's queue and answers 201, each
   follower's greenlet writes it): the same measurement. Commands to both are interleaved, and
   both sets of followers are open throughout (in the first round). Target: p99 <= 3x the baseline's.
2. Commands/s through the full stack (wrk, bench/wrk/commands.lua, --connections connections
   each on its own fresh game) with the 1,000 followers open (idle: they follow another game),
   as a ratio to commands/s with none open. After one uncounted warm-up run, --rounds rounds of
   one run each way (order alternating; the streams opened and closed each round); the ratio
   is the median of the rounds' ratios, printed with their range (the cores are shared). The
   same ratio of commands per second of the server processes' CPU time (/proc) is printed too:
   other load on the machine moves it much less. Target: >= 0.8.

The client is one selector loop on raw non-blocking sockets (tests/support/sse_clients.py):
arrival times are taken when a socket is read, and the command POSTs go through the same loop,
so the 201 and the events are timed by one clock without a thread. wrk is C on epoll. Servers
listen on 127.0.0.1 ports 7500-7599 and are stopped by PID. Needs wrk (`apt-get install wrk`).

    python -m bench.sse [--followers 1000] [--commands 20] [--connections 8] [--duration 3] [--rounds 3]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.http import ROOT, UNLIMITED, Server, post_json, run_wrk
from tests.support.sse_clients import Followers

FULL_PORT, BARE_PORT = 7561, 7562
P99_TARGET, RATE_TARGET = 3.0, 0.8


# ---- the baseline: a bare gevent SSE echo server ---------------------------------------------

def bare_server(port: int) -> None:
    from gevent import monkey

    monkey.patch_all()
    from gevent.pywsgi import WSGIServer
    from gevent.queue import Queue

    followers: set = set()

    def app(environ, start_response):
        if environ["REQUEST_METHOD"] == "POST":
            body = environ["wsgi.input"].read()
            message = b"id: %s\nevent: Echo\ndata: {}\n\n" % body
            for queue in list(followers):
                queue.put(message)
            start_response("201 Created", [("Content-Type", "application/json"), ("Content-Length", "2")])
            return [b"{}"]
        if environ["PATH_INFO"] == "/healthz":
            start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", "2")])
            return [b"{}"]
        queue = Queue()
        followers.add(queue)

        def stream():
            try:
                yield b"retry: 3000\n\n"
                while True:
                    yield queue.get()
            finally:
                followers.discard(queue)

        start_response("200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
        return stream()

    WSGIServer(("127.0.0.1", port), app, log=None, spawn=10000).serve_forever()


# ---- one command through the followers' selector loop -------------------------------------------

class Post:
    """A POST sent on a raw socket served by the followers' loop; ``answered_at`` is the time its
    status line was read."""

    def __init__(self, followers: Followers, port: int, path: str, body: bytes, headers: dict[str, str]):
        head = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: application/json",
                f"Content-Length: {len(body)}", "Connection: close", *(f"{k}: {v}" for k, v in headers.items())]
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        self.sock.setblocking(False)
        self.followers, self.buffer, self.answered_at, self.status = followers, b"", None, None
        followers.selector.register(self.sock, 1, self.read)

    def read(self, now: float) -> None:
        try:
            chunk = self.sock.recv(65536)
        except BlockingIOError:
            return
        if self.answered_at is None and b"\r\n" in self.buffer + chunk:
            self.answered_at = now
        self.buffer += chunk
        if not chunk:
            self.followers.selector.unregister(self.sock)
            self.sock.close()
            self.status = int(self.buffer.split(b" ", 2)[1])

    def done(self) -> bool:
        return self.status is not None


def fan_out(followers: Followers, send, event_id_of) -> list[float]:
    """Send one command; the seconds from its 201 to each follower's receipt of its event."""
    post = send()
    if not followers.pump_until(post.done, timeout=30) or post.status != 201:
        raise RuntimeError(f"command answered {post.status}: {post.buffer[:300]!r}")
    event_id = event_id_of(post)
    if not followers.pump_until(lambda: all(event_id in f.arrivals for f in followers.all), timeout=30):
        missing = sum(event_id not in f.arrivals for f in followers.all)
        raise RuntimeError(f"{missing} followers did not receive event {event_id} within 30 s")
    return [f.arrivals[event_id] - post.answered_at for f in followers.all]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=1000)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--duration", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bare-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bare_server:
        bare_server(args.bare_server)
        return
    wrk = "/usr/bin/wrk" if os.path.exists("/usr/bin/wrk") else "wrk"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CASUS_EXTRA_RULESETS": "tests.support.tiny_ruleset", **UNLIMITED}
    env.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        env["CASUS_DB"] = str(work / "sse.db")
        full = Server("casus-serve", [sys.executable, "-m", "service.cli", "serve", "--port", str(FULL_PORT)],
                      FULL_PORT, env, work)
        bare = None
        try:
            bare = Server("bare-echo", [sys.executable, "-m", "bench.sse", "--bare-server", str(BARE_PORT)],
                          BARE_PORT, env, work)
            measure(args, wrk, full, work)
        finally:
            full.stop()
            if bare is not None:
                bare.stop()


def server_cpu_seconds(server: Server) -> float:
    """User + system CPU of the server's worker processes so far."""
    pid = server.process.pid
    total = 0
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def measure(args, wrk: str, full: Server, work: Path) -> None:
    def commands_per_second() -> tuple[float, float]:
        """Accepted commands per second, and per second of the server's CPU: the second does not
        move with what else this shared machine runs."""
        cpu = server_cpu_seconds(full)
        result = run_wrk(wrk, full, True, args.connections, 1, args.duration, work)
        accepted = result["statuses"].get(201, 0)
        return result["rate"], accepted / max(1e-9, server_cpu_seconds(full) - cpu)

    game = post_json(f"{full.base}/games", {"ruleset": "tiny", "seats": {"north": ["N"]}})
    gid, token, version = game["game_id"], game["tokens"]["north"], game["version"]
    commands_per_second()  # warm-up (a fresh server's first run is slow), not counted
    rounds, fan = [], None
    for number in range(args.rounds):
        # Alternate the order, so neither kind always runs on the warmer server.
        none = commands_per_second() if number % 2 == 0 else None
        ours = Followers("127.0.0.1", FULL_PORT)
        try:
            opened = time.perf_counter()
            ours.open(args.followers, f"/games/{gid}/events", {"Last-Event-ID": str(version)})
            opened = time.perf_counter() - opened
            if {f.status for f in ours.all} != {200}:
                raise RuntimeError("not every follower got 200")
            with_ = commands_per_second()
            if fan is None:
                fan = fan_outs(args, ours, gid, token, version) + (opened,)
            ours.pump(0.1)
            still_open = ours.open_count()
        finally:
            ours.close()
        time.sleep(1)  # the server lets the closed streams go
        none = commands_per_second() if none is None else none
        rounds.append((none, with_, still_open))
    report(args, *fan, rounds)


def fan_outs(args, ours: Followers, gid: str, token: str, version: int):
    """Commands to the followed game and publishes to the bare server, interleaved, with both
    sets of followers open."""
    theirs = Followers("127.0.0.1", BARE_PORT)
    try:
        theirs.open(args.followers, "/stream")
        full_lat, bare_lat = [], []
        body = json.dumps({"type": "AddPoints", "data": {"power": "N", "amount": 1}}).encode()
        for n in range(args.commands):
            full_lat += fan_out(ours, lambda: Post(ours, FULL_PORT, f"/games/{gid}/commands", body, {
                "Authorization": f"Bearer {token}", "If-Match": f'"{version + n}"'}), lambda post: version + n + 1)
            bare_lat += fan_out(theirs, lambda: Post(theirs, BARE_PORT, "/publish", str(n + 1).encode(), {}),
                                lambda post: n + 1)
            theirs.pump(0.05)
            ours.pump(0.05)
    finally:
        theirs.close()
    return full_lat, bare_lat


def report(args, full_lat, bare_lat, opened: float, rounds) -> None:
    ms = 1000
    f50, f99 = percentile(full_lat, 0.5) * ms, percentile(full_lat, 0.99) * ms
    b50, b99 = percentile(bare_lat, 0.5) * ms, percentile(bare_lat, 0.99) * ms
    ratios = [with_[0] / none[0] for none, with_, _ in rounds]
    cpu_ratios = [with_[1] / none[1] for none, with_, _ in rounds]
    print(f"{args.followers} followers of one game (opened in {opened:.1f} s), {args.commands} commands: "
          f"{len(full_lat)} deliveries each")
    print(f"fan-out  casus serve  p50 {f50:6.1f} ms  p99 {f99:6.1f} ms  | bare gevent echo  p50 {b50:6.1f} ms  "
          f"p99 {b99:6.1f} ms  | p99 ratio {f99 / b99:4.2f} (target <= {P99_TARGET:g})")
    print(f"commands/s  with {args.followers} streams open / none open: ratio {statistics.median(ratios):4.2f} "
          f"(median of {len(rounds)} rounds, {min(ratios):.2f}-{max(ratios):.2f}; target >= {RATE_TARGET:g}); "
          f"wrk -c {args.connections} -d {args.duration:g}s")
    print(f"commands per server CPU second  with / none: ratio {statistics.median(cpu_ratios):4.2f} "
          f"(median of {len(rounds)} rounds, {min(cpu_ratios):.2f}-{max(cpu_ratios):.2f}; the same target, steadier "
          f"on shared cores)")
    for number, (none, with_, still_open) in enumerate(rounds, 1):
        print(f"  round {number}: with {with_[0]:6.0f}/s, {with_[1]:5.0f}/CPU s ({still_open} streams open after)  "
              f"none {none[0]:6.0f}/s, {none[1]:5.0f}/CPU s")


if __name__ == "__main__":
    main()
