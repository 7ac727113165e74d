"""A real `casus serve` process for end-to-end tests: started on a loopback port, waited for
until `/healthz` answers, and ended (terminate, then kill) when the test is done."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port(ports: range | None = None) -> int:
    """A port nobody listens on: the first free one of ``ports``, or any the system gives."""
    for port in ports or (0,):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return probe.getsockname()[1]
    raise RuntimeError(f"no free port in {ports}")


@contextmanager
def casus_serve(port: int, env: dict[str, str | None], *args: str, cwd: Path = ROOT) -> Iterator[subprocess.Popen]:
    """``casus serve --port PORT ARGS`` with the environment's variables changed by ``env`` (a
    None value removes one); yields the process once it answers, its base URL as ``.base``."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port), *args],
                               cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    process.base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(process)
        yield process
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """End a process this test started: terminate, and kill it if it has not ended in 15 s."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_until_healthy(process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"casus serve exited: {process.stderr.read().decode()}")
        try:
            if requests.get(f"{process.base}/healthz", timeout=1).ok:
                return
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"casus serve did not answer on {process.base}")
