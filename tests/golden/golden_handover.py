"""The golden game of a seat handed over (issue 22 item 11; tests/golden/make_golden.py):
``dod3-handover``, a Days of Decision III game in which the moderator hands player2's seat to a
new player (``POST /games/{id}/seats/player2/token``: ``SeatTokenReissued``, no secret in the
log), undoes back past it (the new token stays the seat's), hands over the moderator's own seat,
and the game goes on under the new tokens, each move the one /legal-commands offers.

Imported into a new store (``casus import``), every seat gets a fresh token under the names the
log makes count, so the readers of the expected file read it as they did here."""
from __future__ import annotations

from golden_client import MODERATOR, Game, Refused


def hand_over(game: Game, seat: str) -> None:
    """The moderator reissues ``seat``'s token; the game's client takes the new one from here on."""
    response = game.client.post(f"/games/{game.game_id}/seats/{seat}/token", headers=game.auth(MODERATOR))
    if response.status_code != 201:
        raise Refused(response)
    game.tokens[seat] = response.json["token"]
    game.log.append(f"{MODERATOR}: hands {seat} over (SeatTokenReissued)")


def play_offered(game: Game, seat: str) -> None:
    """The first ready body /legal-commands offers ``seat``, sent as it is."""
    example = next(c["example"] for c in game.legal(seat) if c["example"] is not None)
    game.command(seat, example["type"], **example["data"])


def play_dod3_handover(game: Game) -> None:
    play_offered(game, "player1")  # the weather
    before = game.version()
    hand_over(game, "player2")
    game.undo(MODERATOR, before)  # back past the hand-over: the seat stays handed over
    hand_over(game, MODERATOR)
    for _ in range(3):  # GE's, then the next powers' political options, under the new tokens
        (awaited,) = game.get("/projections/turn").json["data"]["awaiting"]
        play_offered(game, awaited["seat"])
