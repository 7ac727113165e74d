"""Conditional requests: reads get a content ETag (304 to a matching If-None-Match, private when
the bytes depend on the seat); writes answer with the game version as their ETag and take it back
as If-Match."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from flask import Response, request

from events.codec import SAFE_INTEGER
from service.http.problems import Problem, bad_request


def read_headers(response: Response, per_seat_reads: frozenset[str]) -> Response:
    """Reads get a strong ETag of the bytes sent (so per representation and reader) and answer
    304 to a matching If-None-Match; per-seat reads vary on Authorization and stay private."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200:
        return response
    private = request.endpoint in per_seat_reads
    response.headers["Cache-Control"] = "private, no-cache" if private else "no-cache"
    if private:
        response.vary.add("Authorization")
    if response.is_streamed:
        return response
    tag = hashlib.sha256(response.get_data()).hexdigest()
    response.set_etag(tag)
    if request.if_none_match.contains_weak(tag):
        response.status_code = 304
        response.set_data(b"")
        for name in ("Content-Type", "Content-Length"):
            response.headers.pop(name, None)
    return response


def etag(version: int) -> str:
    """The ETag of a write's answer: the game version, the next command's If-Match."""
    return f'"{version}"'


_ENTITY_TAG = re.compile(r'\s*(?:W/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)')
_VERSION = re.compile(r"[0-9]{1,16}")


def parse_version(text: str) -> int | None:
    """A game version written in ASCII digits (1 to 2^53), else None."""
    if not _VERSION.fullmatch(text):
        return None
    value = int(text)
    return value if value <= SAFE_INTEGER else None


def require_if_match() -> str:
    """The If-Match header; 428 without it (checked before anything else about the command)."""
    raw = request.headers.get("If-Match")
    if raw is None:
        raise Problem(428, "precondition-required", "Precondition required",
                      'send If-Match: "<version>" with the version your command is based on')
    return raw


def if_match_version(actual: int, current: Callable[[], int] | None = None) -> int | None:
    """If-Match is required on commands and names a game version: 428 without it, 400 when it is
    no entity tag, 412 when it names none. A version that does not match goes on to the write
    path, which answers 412 (or the original answer of a repeated Idempotency-Key). ``*`` gives
    None: any version, which the write path takes only for commands that commute. ``current``
    reads the version now, for the 412's message when ``actual`` may be a cached state's."""
    raw = require_if_match()
    stripped = raw.strip()
    if stripped == "*":
        return None
    if _VERSION.fullmatch(stripped):  # an unquoted number: taken as the version, as it always was
        tags = [stripped]
    else:
        tags, position = [], 0
        while position < len(raw):
            found = _ENTITY_TAG.match(raw, position)
            if found is None or found.end() == position:
                raise bad_request("invalid-if-match", "Invalid If-Match",
                                  'If-Match must be a quoted game version such as "7"')
            tags.append(found.group(1))
            position = found.end()
    versions = [v for v in map(parse_version, tags) if v is not None]
    if actual in versions:
        return actual
    if versions:
        return versions[0]
    actual = current() if current is not None else actual
    raise Problem(412, "stale-version", "Precondition failed",
                  f"If-Match {raw[:40]!r} names no game version; send the version your command is based on "
                  f"(the `version` of what you read; read ETags are opaque and are not versions). "
                  f"The game is at version {actual}", actual=actual)
