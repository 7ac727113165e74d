"""Who may call, and how often: rate limits per client (flask-limiter) and the CORS allow-list
(flask-cors).

- Game creation is limited per client address, commands per client address and seat token
  (``CASUS_RATE_LIMIT_CREATE``, ``CASUS_RATE_LIMIT_COMMANDS``; limits-library strings such as
  "30 per minute", several joined by ";"). Over the limit: 429 problem+json with Retry-After.
  Counts live in Redis when ``REDIS_URL`` is set (shared by every process and machine), else in
  each process's memory (so ``casus serve`` with N processes lets a client do up to N times the
  limit).
- CORS is off unless ``CASUS_CORS_ORIGINS`` names origins; then those origins may call the API
  from a browser, read the headers a client needs (ETag, Location, Link, Retry-After) and send
  the ones it must (Authorization, If-Match, Idempotency-Key, Last-Event-ID, ...)."""
from __future__ import annotations

import hashlib
import math
import time

from flask import Flask, current_app, request
from flask_cors import CORS
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse_many

from service.http.error_responses import problem_response
from service.http.problems import Problem
from service.http.seats import bearer_token

# Endpoint -> (config field holding its limit, key of the client); only POST is limited.
LIMITED = {"games.Games": ("rate_limit_create", "address"), "games.Commands": ("rate_limit_commands", "seat")}
LIMITED_PATHS = ("/games", "/games/{game_id}/commands")
EXPOSED_HEADERS = ["ETag", "Location", "Link", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining",
                   "X-RateLimit-Reset"]
ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID"]


def client_seat() -> str:
    """A client of commands: its address and (a digest of) the seat token it sends."""
    token = bearer_token()
    seat = hashlib.sha256(token.encode()).hexdigest()[:16] if token else "-"
    return f"{get_remote_address()}:{seat}"


KEYS = {"address": get_remote_address, "seat": client_seat}


def install(app: Flask, config) -> None:
    if config.cors_origins:
        CORS(app, origins=list(config.cors_origins), expose_headers=EXPOSED_HEADERS,
             allow_headers=ALLOWED_HEADERS, max_age=600)
    limited = {endpoint: (getattr(config, field), KEYS[key]) for endpoint, (field, key) in LIMITED.items()
               if getattr(config, field)}
    for limit, _ in limited.values():
        parse_many(limit)  # a mistyped limit stops the start, not the first request
    if not limited:
        return
    # flask-limiter's own headers would put a Retry-After on every answer of a limited operation
    # (a created game told to wait a minute) and replace the 429's with one rounded down (0 while
    # the detail says 1 s): _counts writes the counts, and only a 429 says how long to wait.
    limiter = Limiter(get_remote_address, app=app, headers_enabled=False,
                      storage_uri=config.redis_url or "memory://",
                      key_prefix=f"{config.redis_prefix}:limits" if config.redis_url else "")
    for endpoint, (limit, key) in limited.items():
        # The views live in games_api.py; wrapping them here keeps the policy in one place.
        app.view_functions[endpoint] = limiter.limit(limit, key_func=key, methods=["POST"])(app.view_functions[endpoint])
    app.extensions["casus_limiter"] = limiter
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.after_request(_counts)


def _counts(response):
    """X-RateLimit-Limit, -Remaining and -Reset (epoch seconds) on the answers of limited operations."""
    current = current_app.extensions["casus_limiter"].current_limit
    if current is not None:
        response.headers["X-RateLimit-Limit"] = str(current.limit.amount)
        response.headers["X-RateLimit-Remaining"] = str(current.remaining)
        response.headers["X-RateLimit-Reset"] = str(current.reset_at)
    return response


def _too_many(error: RateLimitExceeded):
    current = current_app.extensions["casus_limiter"].current_limit
    # Whole seconds, rounded up and at least 1: a client waiting this long is counted anew.
    wait = max(1, math.ceil(current.window.reset_time - time.time())) if current else 1
    return problem_response(Problem(429, "too-many-requests", "Too many requests",
                                    f"at most {error.limit.limit} for this client on {request.method} "
                                    f"{request.path}; retry after {wait} s",
                                    headers={"Retry-After": str(wait)}))


def document(spec: dict) -> None:
    """The 429 answer of the limited operations, in the OpenAPI document."""
    for path in LIMITED_PATHS:
        spec["paths"][path]["post"]["responses"]["429"] = {
            "description": "Too many requests from this client: retry after Retry-After seconds (problem details)",
            "headers": {"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
            "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
