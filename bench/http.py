"""Accepted commands per second through the full stack (auth, load, decide, append, respond)
with N concurrent clients, against a bare Flask endpoint served the same way (gunicorn, one
process, threaded) and hit by the same client. Both servers run on 127.0.0.1 in this run; the
loops are bounded. Target: >= 0.4 of the bare endpoint."""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(args: list[str], port: int, env: dict) -> subprocess.Popen:
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process
        except requests.ConnectionError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"server on port {port} did not start: {args}")


def drive(base: str, clients: int, per_client: int, full_stack: bool) -> float:
    """Each client plays its own game (so no client's If-Match goes stale) and counts 201s."""
    sessions = []
    for _ in range(clients):
        session = requests.Session()
        if full_stack:
            game = session.post(f"{base}/games", json={"ruleset": "tiny", "preset": "duel"}, timeout=10).json()
            session.headers["Authorization"] = f"Bearer {game['tokens']['north']}"
            sessions.append((session, game["game_id"]))
        else:
            session.headers["Authorization"] = "Bearer bare"
            sessions.append((session, "bare"))
    accepted = [0] * clients
    barrier = threading.Barrier(clients + 1)

    def client(index: int):
        session, game_id = sessions[index]
        version = 1
        barrier.wait()
        for _ in range(per_client):
            response = session.post(f"{base}/games/{game_id}/commands", timeout=30,
                                    json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                                    headers={"If-Match": f'"{version}"'})
            if response.status_code == 201:
                accepted[index] += 1
                version = response.json()["version"]

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    assert sum(accepted) == clients * per_client, f"only {sum(accepted)} accepted"
    return sum(accepted) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--commands", type=int, default=150, help="per client")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CASUS_EXTRA_RULESETS": "tests.support.tiny_ruleset"}
    env.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        env["CASUS_DB"] = str(Path(folder) / "bench.db")
        full_port, bare_port = free_port(), free_port()
        full = start([sys.executable, "-m", "service.cli", "serve", "--port", str(full_port)], full_port, env)
        bare = start([sys.executable, "-m", "gunicorn", "-k", "gthread", "--threads", "8", "-w", "1",
                      "-b", f"127.0.0.1:{bare_port}", "bench.bare_app:app"], bare_port, env)
        try:
            drive(f"http://127.0.0.1:{bare_port}", args.clients, 10, False)  # warm-up
            drive(f"http://127.0.0.1:{full_port}", args.clients, 10, True)
            bare_rate = drive(f"http://127.0.0.1:{bare_port}", args.clients, args.commands, False)
            full_rate = drive(f"http://127.0.0.1:{full_port}", args.clients, args.commands, True)
        finally:
            for process in (full, bare):
                process.terminate()
                process.wait(timeout=15)
    print(f"{args.clients} clients x {args.commands} commands: full stack {full_rate:7.0f} commands/s, "
          f"bare Flask {bare_rate:7.0f} requests/s, ratio {full_rate / bare_rate:.2f} (target >= 0.4)")


if __name__ == "__main__":
    main()
