"""The REST API's blueprints and the games blueprint's URL map. The resources live by what they
serve: games_api (games and commands), reads_api (state, events, legal commands, projections),
upkeep_api (seat tokens, replay, verify); meta_api routes its own (health, keys, rulesets,
jobs, the OpenAPI document). app.py takes the blueprints from here, every route registered."""
from __future__ import annotations

from service.http import games_api, reads_api, upkeep_api
from service.http.api_common import PER_SEAT_READS, games
from service.http.meta_api import meta

# One table rather than a decorator on each class: the OpenAPI document lists the paths, and a
# created game's links, in the order they are registered, so this order is part of its bytes.
GAME_ROUTES = [
    ("", games_api.Games),
    ("/<game_id>", games_api.Game),
    ("/<game_id>/state", reads_api.State),
    ("/<game_id>/commands", games_api.Commands),
    ("/<game_id>/events", reads_api.Events),
    ("/<game_id>/legal-commands", reads_api.LegalCommands),
    ("/<game_id>/seats/<seat>/token", upkeep_api.SeatToken),
    ("/<game_id>/projections", reads_api.Projections),
    ("/<game_id>/projections/<name>", reads_api.ProjectionView),
    ("/<game_id>/replay", upkeep_api.Replay),
    ("/<game_id>/verify", upkeep_api.Verify),
]
for _rule, _resource in GAME_ROUTES:
    games.route(_rule)(_resource)  # the endpoint is the class's name: "games.Commands", ...

__all__ = ["GAME_ROUTES", "PER_SEAT_READS", "games", "meta"]
