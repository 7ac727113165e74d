"""Errors at the edge: every failure is an RFC 9457 problem with a stable ``type``: the URL of the
service's own page about it, ``/problems/{slug}`` (service/http/reference.py), on the host the
request named, as ``rule_url`` is. This module imports no Flask: gunicorn's worker
(service/serving.py) answers with it too."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from werkzeug.http import HTTP_STATUS_CODES

PROBLEMS_PATH = "/problems/"


class Problem(Exception):
    """``extra`` goes into the body; ``headers`` into the response (Allow, Retry-After, ...)."""

    def __init__(self, status: int, slug: str, title: str, detail: str = "", *,
                 headers: dict[str, str] | None = None, **extra: Any):
        super().__init__(detail or title)
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self, type_url: str, instance: str | None = None) -> dict:
        """``type_url``: this problem's page (``type_url(root, slug)``, or Flask's ``url_for``)."""
        out = {"type": type_url, "title": self.title, "status": self.status}
        if self.detail:
            out["detail"] = self.detail
        if instance:
            out["instance"] = instance
        out.update(self.extra)
        return out


def type_url(root: str, slug: str) -> str:
    """The page of problem type ``slug`` on the service at ``root`` (``http://host:port``)."""
    return root.rstrip("/") + PROBLEMS_PATH + slug


def not_found(what: str) -> Problem:
    return Problem(404, "not-found", "Not found", f"{what} does not exist")


def validation(errors: dict[str, Any], detail: str = "the request does not fit the schema") -> Problem:
    """422 with ``errors``: field path -> list of messages (marshmallow's shape, everywhere)."""
    errors = {field: [m] if isinstance(m, str) else m for field, m in errors.items()}
    return Problem(422, "validation-error", "Invalid request", detail, errors=errors)


def bad_request(slug: str, title: str, detail: str) -> Problem:
    """400: the request itself is unreadable (not JSON, too deep, not Unicode, a bad header)."""
    return Problem(400, slug, title, detail)


@lru_cache(maxsize=None)
def problem_types() -> dict[str, dict]:
    """The documented types (problem_types.yaml): slug -> status, title, what, fix."""
    text = resources.files("service.http").joinpath("problem_types.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


# Stable types for the statuses werkzeug and gunicorn give; any other code gets its phrase as a slug.
_SLUGS = {404: "not-found", 405: "method-not-allowed", 406: "not-acceptable", 413: "payload-too-large",
          414: "uri-too-long", 415: "unsupported-media-type", 500: "internal-error"}


def http_slug(code: int) -> str:
    if code in _SLUGS:
        return _SLUGS[code]
    phrase = HTTP_STATUS_CODES.get(code, f"http {code}")
    return re.sub(r"[^a-z0-9]+", "-", phrase.lower().replace("'", "")).strip("-")


def http_problem(status: int, detail: str) -> Problem:
    """The problem of a bare HTTP status: its documented type's title, else the status phrase."""
    slug = http_slug(status)
    title = problem_types().get(slug, {}).get("title") or HTTP_STATUS_CODES.get(status, "Error")
    return Problem(status, slug, title, detail)
