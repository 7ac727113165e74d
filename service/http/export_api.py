"""GET /games/{id}/export: a game's log as the JSONL `casus verify` reads, with its signed head.

The export is what its reader may read: every event in full (as `casus export` writes it) up to
the first event still sealed from that reader, so it always verifies offline. A spectator's
export of a game whose sealed bids are not yet revealed stops before the first of them; the
moderator's is the whole log. The head it was cut at is signed by the server and sent in
``Casus-Signed-Head``: `casus verify export.jsonl --head <head>` checks the file is exactly that
history."""
from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

import orjson
from flask import Response, g
from flask.views import MethodView

from events.envelope import Envelope
from projections.redaction import can_read
from projections.timeline import READ_PAGE
from service.http.error_responses import PROBLEM_JSON
from service.http.request_parsing import Blueprint
from service.http.seats import current_seat, game_state

export = Blueprint("export", __name__, url_prefix="/games", description="Export a game's log for offline audit")

JSONL = "application/jsonl"
HEAD_HEADER = "Casus-Signed-Head"
VERSION_HEADER = "Casus-Export-Version"
LATEST_HEADER = "Casus-Game-Version"


PROBLEM = {"description": "Problem details (RFC 9457)",
           "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
EXPORT_RESPONSE = {
    "description": "One stored event per line, oldest first, every field as `casus export` writes it "
                   "(`casus verify FILE --head HEAD` reads it). Cut before the first event still sealed "
                   "from this reader.",
    "content": {JSONL: {"schema": {"type": "string"}}},
    "headers": {
        HEAD_HEADER: {"description": "The server's signed head of the export's last event: pass it to "
                                     "`casus verify FILE --head` (keys at GET /keys)",
                      "schema": {"type": "string"}},
        VERSION_HEADER: {"description": "The version of the export's last event", "schema": {"type": "integer"}},
        LATEST_HEADER: {"description": "The game's version now (larger than the export's when the reader "
                                       "may not yet read a sealed event)", "schema": {"type": "integer"}},
        "Content-Disposition": {"description": "attachment; the file name names the game and version",
                                "schema": {"type": "string"}},
    },
}


@dataclass(frozen=True)
class Cut:
    """What a reader may export: the events in full up to ``version``, and the head signed there."""

    version: int
    latest: int
    last_hash: str
    signed_head: str

    @property
    def complete(self) -> bool:
        return self.version == self.latest


class _Prefixes:
    """Per game service, (game, seat) -> (version, hash) of the longest prefix of the log that
    seat may read entirely, as last found. Seals only ever open (a state's ``unsealed`` grows,
    an undo keeps it), so an event a seat may read stays readable: the next look starts after
    that prefix, and a look at an unchanged game reads nothing."""

    SIZE = 1024

    def __init__(self):
        self._found: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def get(self, games, key: tuple[str, str]) -> tuple[int, str]:
        with self._lock:
            return self._found.get(games, {}).get(key, (0, ""))

    def put(self, games, key: tuple[str, str], prefix: tuple[int, str]) -> None:
        with self._lock:
            found = self._found.setdefault(games, {})
            found.pop(key, None)
            found[key] = prefix
            while len(found) > self.SIZE:
                del found[next(iter(found))]


_PREFIXES = _Prefixes()


def readable_cut(games, game_id: str, seat: str, state=None) -> Cut:
    """The longest prefix of the log ``seat`` may read entirely (up to ``state``, by default the
    game now), with its signed head."""
    state = state or games.load(game_id)
    version, last_hash = _PREFIXES.get(games, (game_id, seat))
    if version > state.version:
        version, last_hash = 0, ""
    blocked = False
    while version < state.version and not blocked:
        batch = games.store.read(game_id, after=version, until=state.version, limit=READ_PAGE)
        if not batch:
            break
        for envelope in batch:
            if not can_read(envelope, seat, state.unsealed):
                blocked = True
                break
            version, last_hash = envelope.version, envelope.hash
    _PREFIXES.put(games, (game_id, seat), (version, last_hash))
    # GameCreated is public: the prefix is never empty.
    return Cut(version, state.version, last_hash, games.keys.sign(game_id, version, last_hash))


def cut_envelopes(games, game_id: str, cut: Cut) -> list[Envelope]:
    """The events of ``cut``, oldest first."""
    envelopes: list[Envelope] = []
    while not envelopes or envelopes[-1].version < cut.version:
        batch = games.store.read(game_id, after=envelopes[-1].version if envelopes else 0, until=cut.version,
                                 limit=READ_PAGE)
        if not batch:
            break
        envelopes.extend(batch)
    return envelopes


def jsonl(envelopes: list[Envelope]) -> bytes:
    return b"".join(orjson.dumps(e.to_dict()) + b"\n" for e in envelopes)


@export.route("/<game_id>/export")
class Export(MethodView):
    @export.doc(operationId="exportGame", responses={"200": EXPORT_RESPONSE, "401": PROBLEM, "404": PROBLEM})
    def get(self, game_id):
        """The game's log for offline audit (JSONL), as this seat may read it, with the signed
        head it was cut at; anonymous readers get what everyone may read."""
        game_state(game_id)  # 404 first
        seat = current_seat(game_id)
        games = g.services.games
        cut = readable_cut(games, game_id, seat)
        headers = {HEAD_HEADER: cut.signed_head, VERSION_HEADER: str(cut.version), LATEST_HEADER: str(cut.latest),
                   "Content-Disposition": f'attachment; filename="casus-{game_id}-v{cut.version}.jsonl"',
                   "Vary": "Authorization"}
        return Response(jsonl(cut_envelopes(games, game_id, cut)), mimetype=JSONL, headers=headers)
