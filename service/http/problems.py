"""Errors at the edge: every failure is an RFC 9457 problem with a stable ``type``."""
from __future__ import annotations

from typing import Any

TYPE_BASE = "https://casus-belli.dev/problems/"


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

    def body(self, instance: str | None = None) -> dict:
        out = {"type": TYPE_BASE + self.slug, "title": self.title, "status": self.status}
        if self.detail:
            out["detail"] = self.detail
        if instance:
            out["instance"] = instance
        out.update(self.extra)
        return out


def not_found(what: str) -> Problem:
    return Problem(404, "not-found", "Not found", f"{what} does not exist")


def validation(errors: dict[str, Any], detail: str = "the request does not fit the schema") -> Problem:
    """422 with ``errors``: field path -> list of messages (marshmallow's shape, everywhere)."""
    errors = {field: [m] if isinstance(m, str) else m for field, m in errors.items()}
    return Problem(422, "validation-error", "Invalid request", detail, errors=errors)


def bad_request(slug: str, title: str, detail: str) -> Problem:
    """400: the request itself is unreadable (not JSON, too deep, not Unicode, a bad header)."""
    return Problem(400, slug, title, detail)
