"""GET /games/{id}/export: a game's log as the JSONL `casus verify` reads, with its signed head.

The export is what its reader may read: every event in full (as `casus export` writes it) up to
the first event still sealed from that reader, so it always verifies offline. A spectator's
export of a game whose sealed bids are not yet revealed stops before the first of them; the
moderator's is the whole log. The head it was cut at is signed by the server and sent in
``Casus-Signed-Head``: `casus verify export.jsonl --head <head>` checks the file is exactly that
history."""
from __future__ import annotations

from dataclasses import dataclass

import orjson
from flask import Response, g
from flask.views import MethodView

from events.envelope import Envelope
from events.store import iter_all
from projections.redaction import can_read
from service.http.plumbing import PROBLEM_JSON, Blueprint, current_seat, game_state

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

    envelopes: list[Envelope]
    version: int
    latest: int
    signed_head: str

    @property
    def complete(self) -> bool:
        return self.version == self.latest


def readable_cut(games, game_id: str, seat: str) -> Cut:
    """The longest prefix of the log ``seat`` may read entirely, with its signed head."""
    state = games.load(game_id)
    kept: list[Envelope] = []
    for envelope in iter_all(games.store, game_id):
        if envelope.version > state.version:
            break
        if not can_read(envelope, seat, state.unsealed):
            break
        kept.append(envelope)
    last = kept[-1]  # GameCreated is public: never empty
    head = games.keys.sign(game_id, last.version, last.hash)
    return Cut(kept, last.version, state.version, head)


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
        cut = readable_cut(g.services.games, game_id, seat)
        headers = {HEAD_HEADER: cut.signed_head, VERSION_HEADER: str(cut.version), LATEST_HEADER: str(cut.latest),
                   "Content-Disposition": f'attachment; filename="casus-{game_id}-v{cut.version}.jsonl"',
                   "Vary": "Authorization"}
        return Response(jsonl(cut.envelopes), mimetype=JSONL, headers=headers)
