"""Who is asking: the bearer token, the seat behind it, and the game state (loaded once per
request) that the token is checked against."""
from __future__ import annotations

from flask import g, request

from domain.kernel import SPECTATOR


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def game_state(game_id: str, checked: bool = True):
    """The game's current state, loaded once per request however many steps ask for it.
    ``checked=False``: the write path's load (see ``GameService.load``)."""
    loaded = g.setdefault("casus_loaded", {})
    state = loaded.get(game_id)
    if state is None:
        state = loaded[game_id] = g.services.games.load(game_id, checked=checked)
    return state


def current_seat(game_id: str, required: bool = False) -> str:
    """The seat behind the bearer token; SPECTATOR for anonymous reads."""
    state = game_state(game_id)  # 404 before anything else
    token = bearer_token()
    if token is None and not required:
        return SPECTATOR
    return g.services.games.authenticate(state, token)
