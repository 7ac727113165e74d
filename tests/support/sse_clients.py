"""Many SSE followers from one thread: raw non-blocking sockets in one selector loop, so a test or
a benchmark can hold a thousand streams without the client being the bottleneck."""
from __future__ import annotations

import selectors
import socket
import time
from dataclasses import dataclass, field


@dataclass(eq=False)
class Follower:
    sock: socket.socket
    buffer: bytes = b""
    status: int | None = None
    closed: bool = False
    arrivals: dict[int, float] = field(default_factory=dict)  # event id -> time.perf_counter() seen


class Followers:
    """``open`` connects them all (bounded by ``timeout``); ``pump`` reads whatever arrived."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.selector = selectors.DefaultSelector()
        self.all: list[Follower] = []

    def open(self, count: int, path: str, headers: dict[str, str] | None = None, timeout: float = 60) -> None:
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept: text/event-stream",
                 *(f"{k}: {v}" for k, v in (headers or {}).items())]
        request = ("\r\n".join(lines) + "\r\n\r\n").encode()
        deadline = time.monotonic() + timeout
        for _ in range(count):
            sock = socket.create_connection((self.host, self.port), timeout=max(0.1, deadline - time.monotonic()))
            sock.sendall(request)
            sock.setblocking(False)
            follower = Follower(sock)
            self.all.append(follower)
            self.selector.register(sock, selectors.EVENT_READ, follower)
            self.pump(0)  # keep up with answers while opening
        self.pump_until(lambda: all(f.status is not None or f.closed for f in self.all), timeout=deadline - time.monotonic())

    def pump(self, timeout: float) -> None:
        for key, _ in self.selector.select(timeout):
            if callable(key.data):  # another socket served by this loop (a benchmark's request)
                key.data(time.perf_counter())
                continue
            follower: Follower = key.data
            try:
                chunk = follower.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self._drop(follower)
                continue
            now = time.perf_counter()
            follower.buffer += chunk
            self._parse(follower, now)

    def pump_until(self, done, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.pump(min(left, 0.05))
        return True

    @staticmethod
    def _parse(follower: Follower, now: float) -> None:
        if follower.status is None:
            head, sep, rest = follower.buffer.partition(b"\r\n\r\n")
            if not sep:
                return
            follower.status = int(head.split(b" ", 2)[1])
            follower.buffer = rest
        # Chunked framing is skipped, not decoded: SSE fields are found by their line starts.
        while b"\n\n" in follower.buffer:
            block, _, follower.buffer = follower.buffer.partition(b"\n\n")
            for line in block.split(b"\n"):
                if line.startswith(b"id: "):
                    follower.arrivals.setdefault(int(line[4:]), now)

    def _drop(self, follower: Follower) -> None:
        follower.closed = True
        self.selector.unregister(follower.sock)
        follower.sock.close()

    def open_count(self) -> int:
        return sum(1 for f in self.all if not f.closed)

    def close(self) -> None:
        for follower in self.all:
            if not follower.closed:
                self._drop(follower)
        self.selector.close()
