"""Creating a game from the lobby's form without JavaScript: the form's fields become the body
POST /games takes, checked by the same schema and created by the same ``GameService`` call,
counted against the same per-address limit; the answer is the page of private links.

The lobby's script sends the same form to POST /games itself; this is the form's own action."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import marshmallow as ma
import orjson
from flask import current_app, g
from flask_limiter import RateLimitExceeded
from flask_limiter.util import get_remote_address

from domain import registry
from service.http.games_api import CreateGameSchema
from service.http.problems import Problem, validation

# Bucket of POST /games's limit (flask-limiter names a route's bucket by its endpoint): a game
# made with the form counts against the same budget as one made through the API.
CREATE_BUCKET = "games.Games"


@dataclass(frozen=True)
class Link:
    label: str
    url: str


def body_of(form) -> dict:
    """The POST /games body the form's fields say: the ruleset, its preset (``ruleset:preset``)
    or own seating (JSON), that ruleset's options (``option.<ruleset>.<name>``), visibility."""
    ruleset_id = form.get("ruleset", "")
    body: dict = {"ruleset": ruleset_id, "visibility": form.get("visibility", "listed"), "options": {}}
    seats = form.get("seats", "").strip()
    if seats:
        try:
            body["seats"] = orjson.loads(seats)
        except orjson.JSONDecodeError:
            raise validation({"seats": 'own seating must be JSON, such as {"north": ["N"]}'}) from None
    else:
        owner, _, preset = form.get("preset", "").partition(":")
        if owner != ruleset_id:
            raise validation({"preset": f"the seating {preset!r} belongs to {owner}: choose one of {ruleset_id}'s"})
        body["preset"] = preset
    ruleset = registry.get(ruleset_id)
    prefix = f"option.{ruleset_id}."
    for key, value in form.items():
        if key.startswith(prefix) and value != "" and ruleset is not None:
            name = key[len(prefix):]
            body["options"][name] = _option(name, ruleset.options.get(name, str), value)
    return body


def _option(name: str, kind: type, value: str):
    if kind is bool:
        if value not in ("true", "false"):
            raise validation({f"options.{name}": "yes or no"})
        return value == "true"
    try:
        return kind(value)
    except ValueError:
        raise validation({f"options.{name}": f"not a valid {kind.__name__}: {value!r}"}) from None


def create(form, base_url: str):
    """Create the game the form asks for: (created game, the private links, the watch link)."""
    try:
        body = CreateGameSchema().load(body_of(form))
    except ma.ValidationError as error:
        raise validation(_flat(error.messages)) from None
    with _limited():
        created = g.services.games.create_game(body["ruleset"], body.get("seats"), body["options"], body["pack"],
                                               body.get("preset"), body["visibility"])
    game_url = f"{base_url.rstrip('/')}/games/{created.game_id}"
    seats = created.state.seats
    links = [Link(f"{seat} ({', '.join(seats[seat])})", f"{game_url}#seat={seat}&token={token}")
             for seat, token in created.tokens.items()]
    links.append(Link("moderator", f"{game_url}#seat=moderator&token={created.moderator_token}"))
    return created, links, game_url


def _limited():
    limit = g.services.config.rate_limit_create
    limiter = current_app.extensions.get("casus_limiter")
    if not limit or limiter is None:
        return _Unlimited()
    return limiter.shared_limit(limit, scope=CREATE_BUCKET, key_func=get_remote_address)


class _Unlimited:
    def __enter__(self):
        return None

    def __exit__(self, *exc) -> None:
        return None


def too_many(error: RateLimitExceeded) -> Problem:
    """As POST /games answers over its limit, for a page."""
    current = current_app.extensions["casus_limiter"].current_limit
    wait = max(1, math.ceil(current.window.reset_time - time.time())) if current else 1
    return Problem(429, "too-many-requests", "Too many requests",
                   f"at most {error.limit.limit} games from your address; try again in {wait} s",
                   headers={"Retry-After": str(wait)})


def _flat(messages, prefix: str = "") -> dict[str, str]:
    """marshmallow's nested messages as field path -> message."""
    out: dict[str, str] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            out.update(_flat(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out[prefix or "<root>"] = "; ".join(messages)
    elif isinstance(messages, list):
        for index, value in enumerate(messages):
            out.update(_flat(value, f"{prefix}[{index}]"))
    else:
        out[prefix or "<root>"] = str(messages)
    return out
