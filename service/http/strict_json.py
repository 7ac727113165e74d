"""Strict JSON for request bodies: I-JSON (RFC 7493) at most MAX_JSON_DEPTH deep, read fast by
orjson and again by the strict reader wherever the two could differ."""
from __future__ import annotations

import json

import orjson

from events.codec import SAFE_INTEGER
from service.http.problems import Problem, bad_request, validation

MAX_JSON_DEPTH = 64  # the deepest data pack is a dozen levels; anything far deeper is an attack


class _BigInt:
    """An integer literal too long to convert: kept as its length, refused with its path."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


def _parse_int(text: str):
    return int(text) if len(text) <= 20 else _BigInt(text)


def read_json(raw: bytes):
    """I-JSON (RFC 7493) at most MAX_JSON_DEPTH deep: 400 for what is not JSON, not Unicode or too
    deep, 422 naming each integer no JSON client can hold."""
    value, unsafe = read_json_reporting(raw)
    if unsafe:
        raise validation(unsafe)
    return value


def read_json_reporting(raw: bytes) -> tuple[object, dict[str, str]]:
    """``read_json``'s value, and each integer no JSON client can hold (path -> message) for the
    caller to refuse with the body's other errors.

    orjson reads a body first (a command's parse took a fifth of the request's own work). Where it
    could read differently from the strict reader -- anything it refuses, and any number it gives
    as a float, which is also how it gives an integer past 64 bits -- the strict reader reads the
    body again, so every answer is the strict reader's."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    else:
        unsafe, floats = _walk(value)
        if not floats:
            return value, unsafe
    try:
        value = json.loads(raw.decode("utf-8"), parse_int=_parse_int)
    except UnicodeDecodeError:
        raise bad_request("malformed-json", "Malformed JSON", "the body is not UTF-8") from None
    except RecursionError:
        raise _too_deep("the body") from None
    except ValueError:
        raise bad_request("malformed-json", "Malformed JSON", "the body is not valid JSON") from None
    return value, _walk(value)[0]


def _too_deep(where: str) -> Problem:
    return bad_request("json-too-deep", "JSON nested too deep",
                       f"{where} is nested deeper than {MAX_JSON_DEPTH} levels")


def _walk(value) -> tuple[dict[str, str], bool]:
    """Depth and lone surrogates (raised), out-of-range integers (returned, path -> message), and
    whether any float was seen."""
    unsafe: dict[str, str] = {}
    floats = False
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth >= MAX_JSON_DEPTH:
                raise _too_deep(path or "the body")
            if isinstance(item, dict):
                for key, child in item.items():
                    _unicode(key, f"a key of {path or 'the body'}")
                    stack.append((child, f"{path}.{key}" if path else key, depth + 1))
            else:
                stack.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(item))
        elif isinstance(item, str):
            _unicode(item, path or "the body")
        elif isinstance(item, _BigInt):
            unsafe[path or "<root>"] = f"an integer of {item.digits} digits; {_RANGE}"
        elif isinstance(item, float):
            floats = True
        elif isinstance(item, int) and not isinstance(item, bool) and not -SAFE_INTEGER <= item <= SAFE_INTEGER:
            unsafe[path or "<root>"] = _RANGE
    return unsafe, floats


_RANGE = f"must be an integer between {-SAFE_INTEGER} and {SAFE_INTEGER}"


def _unicode(text: str, where: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request("invalid-unicode", "Invalid Unicode",
                          f"{where} holds a lone surrogate (such as \\ud800); JSON text must be Unicode") from None
