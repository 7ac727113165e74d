"""Server-sent events: a game's events as one seat may see them, read from the store's feed.

Any web process can serve any game: the stream polls/blocks on the store (SQLite position,
Redis XREAD BLOCK), never on in-process fan-out. Event ids are versions, so a client resumes
with Last-Event-ID. ``follow=false`` ends after the catch-up (what contract tools can read);
``limit`` ends the stream after that many events, whichever mode."""
from __future__ import annotations

import time

import orjson
from flask import Response, stream_with_context

from projections.redaction import SeatView


def _message(event: dict) -> bytes:
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (event["version"], event["type"].encode(), orjson.dumps(event))


def event_stream(services, game_id: str, seat: str, after: int, follow: bool, limit: int | None = None,
                 headers: dict[str, str] | None = None) -> Response:
    games = services.games
    config = services.config

    def generate():
        yield b"retry: 3000\n\n"  # sends the headers now, and tells clients how soon to reconnect
        cursor = after
        left = limit
        deadline = time.monotonic() + config.sse_max_seconds
        while True:
            if left == 0:
                return
            batch = games.store.read(game_id, after=cursor, limit=500 if left is None else min(left, 500))
            if batch:
                if left is not None:
                    left -= len(batch)
                # Redact against the state at the newest event sent, so a reveal in this batch
                # unseals the bids it reveals and nothing newer leaks.
                view: SeatView = games.seat_view(games.load(game_id), seat)
                for envelope in batch:
                    yield _message(view.event_for(envelope))
                cursor = batch[-1].version
                continue
            if not follow or time.monotonic() > deadline:
                return
            if not games.store.wait_for(game_id, cursor, timeout=config.sse_heartbeat_seconds):
                yield b": keep-alive\n\n"

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **(headers or {})}
    return Response(stream_with_context(generate()), mimetype="text/event-stream", headers=headers)
