"""What lets a web process hold thousands of idle SSE streams: one watcher per process and a
cache of rendered messages, so an idle stream costs a waiting greenlet and its socket.

- ``Hub`` watches the games that have open streams: one loop per process asks the store for each
  watched game's version (one cheap query per game per poll, however many streams follow it) and
  wakes that game's streams. A stream waits on its own ``threading.Event``, which under gunicorn's
  gevent worker is cooperative (monkey-patched), so waiting holds no thread.
- ``Renderer`` keeps the SSE bytes of a batch of events per (game, seat, cursor): a thousand
  followers of one game at the same version make one read, one load and one redaction.
- ``watch_client`` (gevent only) notices at once when the client closes its connection, so the
  stream ends then instead of at its next heartbeat write.

Any process can serve any game: the store is the only channel between processes, so the
latency a stream adds is at most one poll interval (``CASUS_SSE_POLL_SECONDS``)."""
from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field

import orjson

from projections.redaction import SeatView


@dataclass(eq=False)
class Subscription:
    """One open stream's wake-up: set by the hub on a new version, or when the client leaves."""

    game_id: str
    event: threading.Event = field(default_factory=threading.Event)
    closed: bool = False  # the client closed the connection

    def client_left(self) -> None:
        self.closed = True
        self.event.set()


class Hub:
    """Per process: the versions of the games being followed, polled in one loop."""

    def __init__(self, store, poll_seconds: float, duty: float = 0.2):
        self._store = store
        self._poll = poll_seconds
        self._duty = duty  # with many games followed, poll less often rather than spend the CPU
        self._lock = threading.Lock()
        self._followers: dict[str, set[Subscription]] = {}
        self._versions: dict[str, int] = {}
        self._wake = threading.Event()  # a first follower starts an idle loop at once
        self._thread: threading.Thread | None = None

    def subscribe(self, game_id: str) -> Subscription:
        sub = Subscription(game_id)
        with self._lock:
            followers = self._followers.setdefault(game_id, set())
            if not followers:
                self._versions.pop(game_id, None)  # nobody watched it: what we knew may be stale
            followers.add(sub)
            if self._thread is None:
                # Started lazily in the serving process (a thread before gunicorn forks would not follow).
                self._thread = threading.Thread(target=self._run, name="casus-sse-hub", daemon=True)
                self._thread.start()
        self._wake.set()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            followers = self._followers.get(sub.game_id)
            if followers is not None:
                followers.discard(sub)
                if not followers:
                    del self._followers[sub.game_id]

    def version(self, game_id: str) -> int | None:
        """The game's version at the hub's last look (None: not looked at since it was followed)."""
        return self._versions.get(game_id)

    def followers(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._followers.values())

    def _run(self) -> None:
        recent: deque[float] = deque(maxlen=5)
        while True:
            with self._lock:
                games = list(self._followers)
            if not games:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            started = time.monotonic()
            for game_id in games:
                try:
                    version = self._store.version(game_id)
                except Exception:  # a store hiccup: streams keep their heartbeat and we look again
                    continue
                if version != self._versions.get(game_id):
                    self._versions[game_id] = version
                    with self._lock:
                        waiting = list(self._followers.get(game_id, ()))
                    for sub in waiting:
                        sub.event.set()
            # The cheapest of the last sweeps sets the pause: one sweep stalled by a busy machine
            # must not stretch the next wait (and every follower's latency) by 1/duty times.
            recent.append(time.monotonic() - started)
            spent = min(recent)
            time.sleep(max(self._poll, spent / self._duty - spent))


class Renderer:
    """SSE messages of up to ``BATCH`` events after a cursor, as one seat may see them, kept for
    the followers at the same cursor (events never change once written, so a kept batch stays
    true; a newer event is simply the next batch)."""

    BATCH = 500

    def __init__(self, games, budget: int = 8 * 1024 * 1024):
        self._games = games
        self._budget = budget  # bytes kept at most: catch-ups of long games from many cursors stay bounded
        self._bytes = 0
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[str, str, int], tuple[tuple[int, bytes], ...]] = OrderedDict()

    def batch(self, game_id: str, seat: str, after: int) -> tuple[tuple[int, bytes], ...]:
        key = (game_id, seat, after)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return kept
        games = self._games
        envelopes = games.store.read(game_id, after=after, limit=self.BATCH)
        if not envelopes:
            return ()
        # Redact against the state loaded after the read (at or past the batch's last event), so
        # a reveal in this batch unseals what it reveals and nothing newer leaks.
        view: SeatView = games.seat_view(games.load(game_id), seat)
        rendered = tuple((e.version, message(view.event_for(e))) for e in envelopes)
        size = sum(len(body) for _, body in rendered)
        with self._lock:
            if key not in self._kept:
                self._kept[key] = rendered
                self._bytes += size
            while self._bytes > self._budget and self._kept:
                _, dropped = self._kept.popitem(last=False)
                self._bytes -= sum(len(body) for _, body in dropped)
        return rendered


@dataclass
class Streams:
    """The SSE machinery of one app (one per process)."""

    hub: Hub
    renderer: Renderer


def install(app, services) -> None:
    games = services.games
    app.extensions["casus_streams"] = Streams(Hub(games.store, services.config.sse_poll_seconds), Renderer(games))


def message(event: dict) -> bytes:
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (event["version"], event["type"].encode(), orjson.dumps(event))


def gevent_patched() -> bool:
    """True inside gunicorn's gevent worker (or any process gevent has monkey-patched)."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("socket")


def watch_client(sock, sub: Subscription):
    """Under gevent: a greenlet that marks ``sub`` closed when the client closes ``sock`` (the
    socket turns readable with nothing to read). Returns the greenlet (kill it when the stream
    ends), or None where this cannot be watched (threaded servers, the test client)."""
    if sock is None or not gevent_patched():
        return None
    import socket

    import gevent
    from gevent.socket import wait_read

    def watch():
        try:
            wait_read(sock.fileno())
            if sock.recv(1, socket.MSG_PEEK) == b"":
                sub.client_left()
            # Bytes from the client (a pipelined request): not a close; the heartbeat still finds one.
        except OSError:
            sub.client_left()

    return gevent.spawn(watch)
