"""The HTTP plumbing wired into the app: problem+json for every error, the request checks before
each view, the read headers after it (``install``). Its parts have their own modules:
error_responses (problem+json), request_parsing (limits, strict JSON bodies, the Blueprint),
strict_json (reading JSON), seats (bearer tokens) and conditional (ETags, If-Match)."""
from __future__ import annotations

from flask import Flask
from werkzeug.exceptions import HTTPException

from service.http.conditional import read_headers
from service.http.error_responses import as_problem, problem_response
from service.http.request_parsing import check_request


def install(app: Flask, per_seat_reads: frozenset[str]) -> None:
    """After flask-smorest's Api: problem+json for every error, request checks, read headers."""

    def handle(error: Exception):
        return problem_response(as_problem(error))

    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(Exception, handle)
    app.before_request(check_request)
    app.after_request(lambda response: read_headers(response, per_seat_reads))
