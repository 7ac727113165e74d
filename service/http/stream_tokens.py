"""Stream tokens: how a browser follows a seat's view, since ``EventSource`` cannot send an
Authorization header.

``POST /games/{id}/stream-tokens`` (seat token required) answers a token signed with a server
secret kept in the SecretStore (itsdangerous, salted for this one purpose), naming the game and
the seat and expiring after ``CASUS_STREAM_TOKEN_SECONDS``. It is accepted only as
``?stream_token=`` on the events stream (``Accept: text/event-stream``); anywhere else, or as a
bearer token, it is refused. Anonymous streams keep the public view."""
from __future__ import annotations

import secrets
import time

from flask import current_app, request, url_for
from flask.views import MethodView
from itsdangerous import BadSignature, URLSafeSerializer
from marshmallow import Schema, fields

from events.signing import SERVER
from service.http.error_responses import PROBLEM_JSON
from service.http.problems import Problem
from service.http.request_parsing import Blueprint
from service.http.seats import current_seat

KEY_NAME = "stream-token-key"
SALT = "casus.stream-token"  # a token signed for another purpose never verifies as this one
EVENTS_ENDPOINT = "games.Events"

blueprint = Blueprint("stream_tokens", __name__, url_prefix="/games",
                      description="Short-lived tokens for following a seat's events from a browser")
PROBLEM = {"description": "Problem details (RFC 9457)",
           "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}


class StreamTokenSchema(Schema):
    stream_token = fields.String(required=True, metadata={
        "description": "Send as ?stream_token= on GET /games/{game_id}/events with Accept: text/event-stream"})
    seat = fields.String(required=True)
    expires_at = fields.Integer(required=True, metadata={"description": "Unix time after which it is refused"})
    events_url = fields.String(required=True, metadata={"description": "The stream URL with the token"})


class StreamTokens:
    """Issues and checks tokens; ``clock`` is seconds since the epoch (tests move it)."""

    def __init__(self, secret_store, lifetime: int, clock=time.time):
        self._secrets = secret_store
        self.lifetime = lifetime
        self.clock = clock
        self._key: bytes | None = None

    def _serializer(self, reload: bool = False) -> URLSafeSerializer:
        if self._key is None or reload:
            key = self._secrets.get(SERVER, KEY_NAME)
            if key is None:
                # Two processes may both make one; the last write wins and both read it back.
                self._secrets.put(SERVER, KEY_NAME, secrets.token_bytes(32))
                key = self._secrets.get(SERVER, KEY_NAME)
            self._key = key
        return URLSafeSerializer(self._key, salt=SALT)

    def issue(self, game_id: str, seat: str) -> tuple[str, int]:
        expires = int(self.clock()) + self.lifetime
        return self._serializer().dumps({"g": game_id, "s": seat, "e": expires}), expires

    def seat(self, token: str, game_id: str) -> str:
        """The seat the token names for ``game_id``: 401 when it is not one of ours or expired,
        403 when it is for another game."""
        try:
            claims = self._serializer().loads(token)
        except BadSignature:
            try:  # another process may have replaced the key since this one read it
                claims = self._serializer(reload=True).loads(token)
            except BadSignature:
                raise _unauthorized("the stream token is not valid") from None
        if not isinstance(claims, dict) or not {"g", "s", "e"} <= claims.keys():
            raise _unauthorized("the stream token is not valid")
        if claims["e"] < self.clock():
            raise _unauthorized("the stream token expired; ask for a new one")
        if claims["g"] != game_id:
            raise Problem(403, "forbidden", "Forbidden", "the stream token is for another game")
        return claims["s"]


def _unauthorized(detail: str) -> Problem:
    return Problem(401, "unauthorized", "Unauthorized", detail)


def _tokens() -> StreamTokens:
    return current_app.extensions["casus_stream_tokens"]


@blueprint.route("/<game_id>/stream-tokens")
class StreamTokenIssue(MethodView):
    @blueprint.response(201, StreamTokenSchema)
    @blueprint.doc(operationId="createStreamToken",
                   responses={str(code): PROBLEM for code in (401, 404)})
    def post(self, game_id):
        """A short-lived token to follow the events as the bearer's seat from a browser.

        ``EventSource`` cannot send Authorization: send this as ``?stream_token=`` on the events
        stream (the Location), which it opens as that seat until it expires, and nothing else."""
        seat = current_seat(game_id, required=True)
        token, expires = _tokens().issue(game_id, seat)
        events_url = url_for("games.Events", game_id=game_id, stream_token=token)
        return ({"stream_token": token, "seat": seat, "expires_at": expires, "events_url": events_url},
                201, {"Cache-Control": "no-store", "Location": events_url})


def events_seat(game_id: str, token: str | None) -> str:
    """The seat an events request reads as: the stream token's (streams only), else the bearer's."""
    if token is None:
        return current_seat(game_id)
    seat = _tokens().seat(token, game_id)
    if request.accept_mimetypes.best_match(["application/json", "text/event-stream"]) != "text/event-stream":
        raise _only_streams()
    if request.headers.get("Authorization") and current_seat(game_id) != seat:
        raise Problem(403, "forbidden", "Forbidden", "the stream token is for another seat than the bearer token")
    return seat


def _only_streams() -> Problem:
    return Problem(403, "forbidden", "Forbidden",
                   "a stream token opens GET /games/{game_id}/events with Accept: text/event-stream only")


def refuse_elsewhere() -> None:
    """Before any handler: ``stream_token`` anywhere but the events stream is refused, not ignored."""
    if "stream_token" in request.args and request.endpoint != EVENTS_ENDPOINT:
        raise _only_streams()


def install(api, app, services) -> None:
    app.extensions["casus_stream_tokens"] = StreamTokens(services.games.secrets, services.config.stream_token_seconds)
    api.register_blueprint(blueprint)
    app.before_request(refuse_elsewhere)
