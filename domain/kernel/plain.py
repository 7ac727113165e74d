"""One conversion of domain values to plain JSON values, for events, views, snapshots and clients.

Rule 1.1 (Days of Decision) keeps fractions exact until the end, so a ``Fraction`` travels as an
integer when it is whole and as the string ``"a/b"`` otherwise; ``events.codec.from_plain`` reads
both back. Enum members travel as their values, keys included, so a dict keyed by an enum
survives a round trip."""
from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any


def to_plain(value: Any) -> Any:
    """A dataclass tree -> JSON-able values (tuples/frozensets -> lists, Fraction -> int or "a/b")."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value.value if isinstance(value, enum.Enum) else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else value.numerator
    if isinstance(value, (frozenset, set)):
        return sorted((to_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (dict, MappingProxyType)):
        return {_key(k): to_plain(v) for k, v in value.items()}
    return value


def _key(key: Any) -> str:
    return str(key.value) if isinstance(key, enum.Enum) else str(key)
