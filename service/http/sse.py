"""Server-sent events: a game's events as one seat may see them, read from the store.

Any web process can serve any game: a stream waits on its process's ``Hub`` (service/streams.py),
which polls the store, never on in-process fan-out. Event ids are versions, so a client resumes
with Last-Event-ID. ``follow=false`` ends after the catch-up (what contract tools can read);
``limit`` ends the stream after that many events, whichever mode."""
from __future__ import annotations

import time

from flask import Response, current_app, request, stream_with_context

from service.http.streams import Streams, watch_client


def event_stream(services, game_id: str, seat: str, after: int, follow: bool, limit: int | None = None,
                 headers: dict[str, str] | None = None) -> Response:
    config = services.config
    streams: Streams = current_app.extensions["casus_streams"]
    hub, renderer = streams.hub, streams.renderer
    sock = request.environ.get("gunicorn.socket")

    def generate():
        yield b"retry: 3000\n\n"  # sends the headers now, and tells clients how soon to reconnect
        sub = hub.subscribe(game_id) if follow else None
        watcher = watch_client(sock, sub) if sub else None
        try:
            cursor = after
            left = limit
            deadline = time.monotonic() + config.sse_max_seconds
            while left != 0:
                if sub is not None:
                    # Before reading: a version the hub sees after this sets the event again, and
                    # one it saw before is in what we read now.
                    sub.event.clear()
                    known = hub.version(game_id)
                    # Nothing new since the hub's last look: wait without asking the store (a
                    # thousand followers woken by one event would each read nothing).
                    batch = () if known is not None and known <= cursor else renderer.batch(game_id, seat, cursor)
                else:
                    batch = renderer.batch(game_id, seat, cursor)
                if left is not None:
                    batch = batch[:left]
                    left -= len(batch)
                if batch:
                    yield b"".join(body for _, body in batch)
                    cursor = batch[-1][0]
                    continue
                if sub is None or time.monotonic() > deadline:
                    return
                if not sub.event.wait(config.sse_heartbeat_seconds):
                    yield b": keep-alive\n\n"
                if sub.closed:
                    return
        finally:
            if watcher is not None:
                watcher.kill()
            if sub is not None:
                hub.unsubscribe(sub)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **(headers or {})}
    return Response(stream_with_context(generate()), mimetype="text/event-stream", headers=headers)
