"""Small caches the pages keep per game service: what a game's log says up to a version never
changes (the log is append-only), so a page can keep what it read or worked out from a prefix
of the log and read only what came after it next time.

One bounded LRU per ``GameService`` (weakly keyed: a service dropped takes its caches along, and
two services, such as two test apps on two files, never share an entry). Each process keeps its
own; nothing here is ever the only copy of anything."""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class Memo:
    """A named, bounded cache per game service: ``get``/``put`` by key, least recently used out."""

    def __init__(self, size: int):
        self.size = size
        self._caches: weakref.WeakKeyDictionary[Any, OrderedDict] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def get(self, games, key: Hashable) -> Any:
        with self._lock:
            cache = self._caches.get(games)
            if cache is None or key not in cache:
                return None
            cache.move_to_end(key)
            return cache[key]

    def put(self, games, key: Hashable, value: Any) -> Any:
        with self._lock:
            cache = self._caches.setdefault(games, OrderedDict())
            cache[key] = value
            cache.move_to_end(key)
            while len(cache) > self.size:
                cache.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._caches.clear()
