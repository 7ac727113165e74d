"""JSON codec for commands and events: frozen dataclasses <-> plain dicts, by type hints.

A ``Codec`` knows the classes of one ruleset by name (the wire ``type``) and the upcasters that
turn an old ``schema_version`` of an event's data into the current one on read; stored events
never change. The upcasters are the ruleset's (``Ruleset.upcasters``) and the platform's
(``domain.kernel.platform.PLATFORM_UPCASTERS``, for the events every game holds): every codec
reads the platform's, so no caller can forget them."""
from __future__ import annotations

import collections.abc
import dataclasses
import enum
import types
import typing
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Union

from domain.kernel.plain import to_plain  # noqa: F401  (the codec's encoder, re-exported)
from domain.kernel.platform import PLATFORM_UPCASTERS


class DecodeError(ValueError):
    """Input does not fit the type; ``errors`` maps field paths to messages."""

    def __init__(self, errors: dict[str, str]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))


SAFE_INTEGER = 2**53 - 1  # beyond it JSON clients (JavaScript) cannot read a number exactly


def unsafe_numbers(value: Any, path: str = "") -> dict[str, str]:
    """Field paths of integers no JSON client can hold exactly (and orjson cannot store)."""
    if isinstance(value, bool):
        return {}
    if isinstance(value, int):
        return {} if -SAFE_INTEGER <= value <= SAFE_INTEGER else {path or "<root>": _RANGE_MESSAGE}
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in unsafe_numbers(item, f"{path}.{key}" if path else str(key)).items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in unsafe_numbers(item, f"{path}[{i}]").items()}
    return {}


_RANGE_MESSAGE = f"must be an integer between {-SAFE_INTEGER} and {SAFE_INTEGER}"


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fail(path: str, message: str):
    raise DecodeError({path or "<root>": message})


def from_plain(tp: Any, value: Any, path: str = "") -> Any:
    """Plain JSON values -> an instance of ``tp``; raises DecodeError naming the field path."""
    return _decoder(tp)(value, path)


Decoder = Callable[[Any, str], Any]  # (value, path) -> the value as ``tp``, or DecodeError


@lru_cache(maxsize=None)
def _decoder(tp: Any) -> Decoder:
    """The checks ``from_plain`` makes for ``tp``, worked out once per type: a command is
    decoded on every request, and asking the typing module about each hint again cost a
    command's decode most of its time."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return lambda value, path: value
    if origin in (Union, types.UnionType):
        return _union_decoder(args)
    if dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    if tp in _SCALARS:
        return _SCALARS[tp]
    if origin in (tuple, list, frozenset, set) or tp in (tuple, list, frozenset):
        return _sequence_decoder(tp, origin, args)
    if origin in (dict, collections.abc.Mapping) or tp is dict:
        return _mapping_decoder(*(args if args else (str, Any)))
    return lambda value, path: _fail(path, f"unsupported type {tp!r}")


def _union_decoder(args: tuple) -> Decoder:
    nullable = type(None) in args
    choices = [_lazy(a) for a in args if a is not type(None)]

    def decode(value, path):
        if value is None and nullable:
            return None
        errors: dict[str, str] = {}
        for choice in choices:
            try:
                return choice()(value, path)
            except DecodeError as error:
                errors.update(error.errors)
        raise DecodeError(errors or {path or "<root>": "must not be null"})
    return decode


def _lazy(tp: Any) -> Callable[[], Decoder]:
    """``tp``'s decoder, worked out at its first use: a dataclass may hold itself."""
    found: list[Decoder] = []

    def get() -> Decoder:
        if not found:
            found.append(_decoder(tp))
        return found[0]
    return get


def _enum_decoder(tp: type[enum.Enum]) -> Decoder:
    def decode(value, path):
        try:
            return tp(value)
        except ValueError:
            _fail(path, f"must be one of {[m.value for m in tp]}")
    return decode


def _bool(value, path):
    if not isinstance(value, bool):
        _fail(path, "must be a boolean")
    return value


def _int(value, path):
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, "must be an integer")
    return value


def _float(value, path):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, "must be a number")
    return float(value)


def _str(value, path):
    if not isinstance(value, str):
        _fail(path, "must be a string")
    return value


_FRACTION_MESSAGE = "must be an integer or a fraction string like '13/2'"


def _fraction(value, path):
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        _fail(path, _FRACTION_MESSAGE)
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        _fail(path, _FRACTION_MESSAGE)


_SCALARS: dict[type, Decoder] = {bool: _bool, int: _int, float: _float, str: _str, Fraction: _fraction}


def _sequence_decoder(tp: Any, origin: Any, args: tuple) -> Decoder:
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [_lazy(a) for a in args]

        def fixed(value, path):
            if not isinstance(value, list):
                _fail(path, "must be a list")
            if len(value) != len(items):
                _fail(path, f"must have exactly {len(items)} items")
            try:
                return tuple(item()(v, f"{path}[{i}]") for i, (item, v) in enumerate(zip(items, value)))
            except DecodeError:
                checks = [(item(), v, f"{path}[{i}]") for i, (item, v) in enumerate(zip(items, value))]
                raise _every_error(checks) from None
        return fixed
    item = _lazy(args[0] if args else Any)
    build = {tuple: tuple, list: list, frozenset: frozenset, set: frozenset}.get(origin or tp, tuple)

    def decode(value, path):
        if not isinstance(value, list):
            _fail(path, "must be a list")
        each = item()
        try:
            return build([each(v, f"{path}[{i}]") for i, v in enumerate(value)])
        except DecodeError:
            raise _every_error([(each, v, f"{path}[{i}]") for i, v in enumerate(value)]) from None
    return decode


def _mapping_decoder(key_tp: Any, value_tp: Any) -> Decoder:
    keys, values = _lazy(key_tp), _lazy(value_tp)

    def decode(value, path):
        if not isinstance(value, dict):
            _fail(path, "must be an object")
        key, item = keys(), values()
        try:
            return {key(k, f"{path}.{k}"): item(v, f"{path}.{k}") for k, v in value.items()}
        except DecodeError:
            raise _every_error([check for k, v in value.items()
                                for check in ((key, k, f"{path}.{k}"), (item, v, f"{path}.{k}"))]) from None
    return decode


def _every_error(checks: list[tuple[Decoder, Any, str]]) -> DecodeError:
    """After an item failed: the errors of every item, not only the first's (decoded again, as
    this happens only for input that is refused)."""
    errors: dict[str, str] = {}
    for decode, value, path in checks:
        try:
            decode(value, path)
        except DecodeError as error:
            errors.update(error.errors)
    return DecodeError(errors)


def _dataclass_decoder(cls: type) -> Decoder:
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    required = frozenset(name for name, f in fields.items()
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    hints = _hints(cls)
    plan = [(name, _lazy(hints[name])) for name in fields]

    def decode(value, path):
        if not isinstance(value, dict):
            _fail(path, "must be an object")
        errors: dict[str, str] = {}
        kwargs = {}
        for name in value.keys() - fields.keys():
            errors[f"{path}.{name}" if path else name] = "unknown field"
        for name, field_decoder in plan:
            if name not in value:
                if name in required:
                    errors[f"{path}.{name}" if path else name] = "missing required field"
                continue
            try:
                kwargs[name] = field_decoder()(value[name], f"{path}.{name}" if path else name)
            except DecodeError as error:
                errors.update(error.errors)
        if errors:
            raise DecodeError(errors)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise DecodeError({path or "<root>": str(error)}) from error
    return decode


def _trusted_converter(tp: Any) -> Callable[[Any], Any] | None:
    """A fast converter for data this service encoded itself (no validation); None = as is."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        convert = _trusted_converter(inner[0]) if len(inner) == 1 else (lambda v, tp=tp: from_plain(tp, v))
        return None if convert is None else (lambda v: None if v is None else convert(v))
    if dataclasses.is_dataclass(tp):
        if tp in _BUILDING:  # a type that holds itself (a transport's cargo of pieces): look it up when used
            return lambda v, tp=tp: _trusted_decoder(tp)(v)
        return _trusted_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if tp is Fraction:
        return Fraction
    if origin in (tuple, frozenset, set) or tp in (tuple, frozenset):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return lambda v, tp=tp: from_plain(tp, v)
        item = _trusted_converter(args[0]) if args else None
        build = frozenset if origin in (frozenset, set) or tp is frozenset else tuple
        return (lambda v: build(v)) if item is None else (lambda v: build(item(x) for x in v))
    if origin in (dict, collections.abc.Mapping):
        value = _trusted_converter(args[1]) if args else None
        key = _trusted_converter(args[0]) if args else None
        if value is None and key is None:
            return None
        return lambda v: {(key(k) if key else k): (value(x) if value else x) for k, x in v.items()}
    return None


_BUILDING: set[type] = set()  # the dataclasses whose trusted decoder is being built


@lru_cache(maxsize=None)
def _trusted_decoder(cls: type) -> Callable[[dict], Any]:
    hints = _hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    _BUILDING.add(cls)
    try:
        converters = {f.name: _trusted_converter(hints[f.name]) for f in fields}
    finally:
        _BUILDING.discard(cls)
    special = [(n, c) for n, c in converters.items() if c is not None]
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    if hasattr(cls, "__slots__") or any(f.default_factory is not dataclasses.MISSING for f in fields):
        def build(values: dict):
            return cls(**values)
    elif defaults:
        def build(values: dict):
            # Stored data was validated when it was decided: skip __init__ (a frozen dataclass's
            # __init__ costs a setattr per field), as ``domain.kernel.evolved`` does.
            obj = object.__new__(cls)
            obj.__dict__.update(defaults)
            obj.__dict__.update(values)
            return obj
    else:
        def build(values: dict):  # as above, without the defaults (a fold builds one per event)
            obj = object.__new__(cls)
            obj.__dict__.update(values)
            return obj

    if not special:
        return build

    def decode(data: dict):
        values = dict(data)
        for name, convert in special:
            if name in values:
                values[name] = convert(values[name])
        return build(values)

    return decode


Upcaster = Callable[[dict], dict]


class Codec:
    """Type registry for one ruleset (plus platform types) with upcasters for old schemas:
    ``upcasters`` (the ruleset's) and the platform's own, which a ruleset may not replace."""

    def __init__(self, classes: typing.Iterable[type] = (),
                 upcasters: typing.Mapping[tuple[str, int], Upcaster] | None = None):
        self._classes: dict[str, type] = {}
        clash = sorted(f"{name} v{v}" for name, v in set(upcasters or {}) & set(PLATFORM_UPCASTERS))
        if clash:
            raise ValueError(f"a platform event's upcaster is the platform's own: {', '.join(clash)}")
        self._upcasters: dict[tuple[str, int], Upcaster] = {**PLATFORM_UPCASTERS, **(upcasters or {})}
        self._stored: dict[str, tuple[int, Callable[[dict], Any]]] = {}  # type -> (version, decoder)
        for cls in classes:
            self.register(cls)
        missing = [f"{name} v{v}" for name, cls in self._classes.items()
                   for v in range(1, getattr(cls, "SCHEMA_VERSION", 1)) if (name, v) not in self._upcasters]
        if missing:  # a log written before the change would not load: refuse at start, not mid-game
            raise ValueError(f"no upcaster from {', '.join(missing)}")

    def register(self, cls: type) -> type:
        existing = self._classes.get(cls.__name__)
        if existing is not None and existing is not cls:
            raise ValueError(f"two classes share the wire type {cls.__name__}")
        self._classes[cls.__name__] = cls
        return cls

    def knows(self, type_name: str) -> bool:
        return type_name in self._classes

    def schema_version(self, type_name: str) -> int:
        return getattr(self._classes[type_name], "SCHEMA_VERSION", 1)

    def encode(self, obj: Any) -> tuple[str, dict]:
        return type(obj).__name__, to_plain(obj)

    def decode(self, type_name: str, data: dict, schema_version: int | None = None) -> Any:
        cls = self._classes.get(type_name)
        if cls is None:
            raise DecodeError({"type": f"unknown type {type_name!r}"})
        version = schema_version or self.schema_version(type_name)
        current = self.schema_version(type_name)
        while version < current:
            data = self._upcasters[(type_name, version)](data)
            version += 1
        return from_plain(cls, data)

    def decode_stored(self, type_name: str, data: dict, schema_version: int) -> Any:
        """Decode what this service stored (already validated once): upcast, then build fast."""
        entry = self._stored.get(type_name)
        if entry is None:
            cls = self._classes.get(type_name)
            if cls is None:
                raise DecodeError({"type": f"unknown type {type_name!r}"})
            entry = self._stored[type_name] = (getattr(cls, "SCHEMA_VERSION", 1), _trusted_decoder(cls))
        current, decoder = entry
        while schema_version < current:
            data = self._upcasters[(type_name, schema_version)](data)
            schema_version += 1
        return decoder(data)
