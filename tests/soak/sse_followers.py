"""SSE followers on raw sockets and one selector: many streams, one thread.

Each follower reads ``GET /games/{id}/events`` (HTTP/1.0, so the body is the plain stream) and
records every event id in the order received. When its connection ends (a killed server, a
refused connect) it reconnects, alternating servers, with ``Last-Event-ID`` set to the last id it
holds, as an ``EventSource`` does. It stops once it holds its game's final version."""
from __future__ import annotations

import selectors
import socket
import time
from dataclasses import dataclass, field

import orjson


@dataclass
class Follower:
    game_id: str
    ports: tuple[int, ...]
    turn: int  # which server the next connection goes to (alternates on every reconnect)
    ids: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    connections: int = 0
    final: int | None = None  # set once the game stops moving
    sock: socket.socket | None = None
    buffer: bytes = b""
    headers_done: bool = False
    retry_at: float = 0.0

    @property
    def done(self) -> bool:
        return self.final is not None and bool(self.ids) and self.ids[-1] >= self.final

    def request(self) -> bytes:
        resume = f"Last-Event-ID: {self.ids[-1]}\r\n" if self.ids else ""
        return (f"GET /games/{self.game_id}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                f"Accept: text/event-stream\r\n{resume}\r\n").encode()

    def feed(self, chunk: bytes) -> None:
        self.buffer += chunk
        if not self.headers_done:
            head, found, rest = self.buffer.partition(b"\r\n\r\n")
            if not found:
                return
            status = head.split(b"\r\n", 1)[0]
            if b" 200 " not in status:
                raise ConnectionError(f"stream answered {status!r}")
            self.headers_done, self.buffer = True, rest
        *messages, self.buffer = self.buffer.split(b"\n\n")
        for message in messages:
            fields = dict(line.split(b": ", 1) for line in message.split(b"\n") if b": " in line and line[:1] != b":")
            if b"id" not in fields:
                continue  # retry: and keep-alive comments
            event_id, event = int(fields[b"id"]), orjson.loads(fields[b"data"])
            if event["version"] != event_id or event["game_id"] != self.game_id:
                self.problems.append(f"id {event_id} carried {event['game_id']} v{event['version']}")
            self.ids.append(event_id)


class Followers:
    """Runs followers until every one is done or the deadline passes (the caller checks which)."""

    def __init__(self, followers: list[Follower]):
        self.followers = followers
        self.selector = selectors.DefaultSelector()

    def _connect(self, follower: Follower, now: float) -> None:
        port = follower.ports[follower.turn % len(follower.ports)]
        follower.turn += 1
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=2)
            sock.sendall(follower.request())
        except OSError:
            follower.retry_at = now + 0.2  # the server is down or restarting
            return
        sock.setblocking(False)
        follower.sock, follower.buffer, follower.headers_done = sock, b"", False
        follower.connections += 1
        self.selector.register(sock, selectors.EVENT_READ, follower)

    def _close(self, follower: Follower, now: float, retry: bool) -> None:
        if follower.sock is not None:
            self.selector.unregister(follower.sock)
            follower.sock.close()
            follower.sock = None
        follower.retry_at = now + 0.1 if retry else float("inf")

    def run_until(self, deadline: float, should_stop=lambda: False) -> None:
        try:
            while time.monotonic() < deadline and not should_stop():
                now = time.monotonic()
                for follower in self.followers:
                    if follower.done and follower.sock is not None:
                        self._close(follower, now, retry=False)
                    elif follower.sock is None and not follower.done and follower.retry_at <= now:
                        self._connect(follower, now)
                if all(f.done for f in self.followers):
                    return
                for key, _ in self.selector.select(timeout=0.1):
                    follower = key.data
                    try:
                        chunk = follower.sock.recv(65536)
                        if not chunk:
                            raise ConnectionError("closed")
                        follower.feed(chunk)
                    except (OSError, ValueError):
                        self._close(follower, time.monotonic(), retry=True)
        finally:
            for follower in self.followers:
                self._close(follower, time.monotonic(), retry=False)
            self.selector.close()
