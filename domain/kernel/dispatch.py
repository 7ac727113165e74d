"""Dispatch on the type of a command or an event: the one shape of every ruleset's rule table.

``evolve = ByType(default=unchanged)`` then ``@evolve.register`` on ``fn(state, event: SomeEvent)``
reads the type from the annotation of the argument dispatched on (the second one by default), so
``evolve(state, event)`` and handlers ``(state, command, ctx)`` keep the state first. A dict
lookup by exact type, with the method resolution order as the fallback for subclasses."""
from __future__ import annotations

import inspect
import typing
from typing import Any, Callable


class ByType:
    def __init__(self, default: Callable[..., Any], arg: int = 1):
        self._default = default
        self._arg = arg
        self._table: dict[type, Callable[..., Any]] = {}

    def register(self, fn_or_type=None, fn: Callable[..., Any] | None = None):
        """``@table.register`` (type from the annotation), ``table.register(Type, fn)`` or
        ``@table.register(Type)``."""
        if isinstance(fn_or_type, type):
            if fn is None:
                return lambda f: self.register(fn_or_type, f)
            self._table[fn_or_type] = fn
            return fn
        function = fn_or_type
        name = list(inspect.signature(function).parameters)[self._arg]
        hints = typing.get_type_hints(function)
        self._table[hints[name]] = function
        return function

    def handler(self, value: Any) -> Callable[..., Any]:
        found = self._table.get(type(value))
        if found is None:
            found = next((self._table[c] for c in type(value).__mro__ if c in self._table), self._default)
            self._table[type(value)] = found
        return found

    def __contains__(self, cls: type) -> bool:
        return cls in self._table

    def __call__(self, *args):
        return self.handler(args[self._arg])(*args)


def unchanged(state, event):
    """evolve's default: an event this ruleset does not know leaves the state as it is."""
    return state
