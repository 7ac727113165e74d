"""Validation errors as field paths: one shape for pack errors and request errors alike."""
from __future__ import annotations

ROOT = "<root>"


def error_paths(messages, prefix: str = "") -> dict[str, str]:
    """marshmallow's nested error messages -> {"powers.GE.money": "Not a valid integer."}."""
    if isinstance(messages, dict):
        out: dict[str, str] = {}
        for key, value in messages.items():
            out.update(error_paths(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return {prefix or ROOT: " ".join(messages)}
    if isinstance(messages, list):
        out = {}
        for item in messages:
            for path, message in error_paths(item, prefix).items():
                out[path] = f"{out[path]} {message}" if path in out else message
        return out
    return {prefix or ROOT: str(messages)}
