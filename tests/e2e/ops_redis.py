"""A redis-server of the test's own (a port in 7400-7499, a temporary folder), to kill -9 and
restart without touching the shared one. Tests skip without ``redis-server`` on PATH unless
REQUIRE_REDIS=1."""
from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

PORTS = range(7400, 7500)


def _free_port() -> int:
    for port in random.sample(PORTS, len(PORTS)):  # two runs at once rarely pick the same one
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 7400-7499")


class OwnRedis:
    def __init__(self, folder: Path, *settings: str):
        binary = shutil.which("redis-server")
        if binary is None:
            if os.environ.get("REQUIRE_REDIS") == "1":
                pytest.fail("REQUIRE_REDIS=1 but redis-server is not on PATH")
            pytest.skip("redis-server is not on PATH")
        self.binary, self.folder, self.settings = binary, folder, settings
        self.port = _free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "OwnRedis":
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", *self.settings], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if client.ping():
                    return self
            except redis.exceptions.BusyLoadingError:
                pass  # loading its append-only file
            except redis.exceptions.ConnectionError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on {self.port} did not start")

    def kill_9(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        self.kill_9()
        self.process = None
