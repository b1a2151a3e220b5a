"""Caches of costly objects (compiled models, arrangers, coaches), bounded by what they hold:
the least recently used goes first. One mechanism for every such cache, so a long-running
server that meets many rulesets (sensitivity runs vary every setting) keeps a bounded amount
of memory rather than every model it ever compiled.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_CACHES: list[Kept[Any, Any]] = []
"""Every ``Kept`` made (module-level caches): what ``kept_for_run`` pins."""
_UNBOUNDED = False
"""Set in a process that runs a run's chunks and ends with it (``keep_everything``)."""


class Kept(Generic[K, V]):
    """Values by key, made on first need, at most ``budget`` in all as ``size`` measures them
    (default: one a value, so ``budget`` counts values). The newest value is kept whatever its
    size, and so is every value a run in progress has used (``kept_for_run``): a run's working
    set is never made twice, and goes when the run ends. Safe to share between threads; two
    threads asking for one missing key may both make it (the later is kept), which costs time,
    never a wrong answer."""

    def __init__(self, budget: int, size: Callable[[V], int] | None = None) -> None:
        self.budget = budget
        self.size = size or (lambda value: 1)
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._pins: list[dict[K, V]] = []
        self._lock = threading.Lock()
        self.total = 0
        _CACHES.append(self)

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
                self._pin(key, found[0])
                return found[0]
            pinned = next((pin[key] for pin in self._pins if key in pin), None)
        value = pinned if pinned is not None else make()
        weight = self.size(value)
        with self._lock:
            old = self._values.pop(key, None)
            self.total += weight - (old[1] if old is not None else 0)
            self._values[key] = (value, weight)
            self._pin(key, value)
            while self.total > self.budget and len(self._values) > 1 and not _UNBOUNDED:
                _, (_, dropped) = self._values.popitem(last=False)
                self.total -= dropped
        return value

    def _pin(self, key: K, value: V) -> None:
        for pin in self._pins:
            pin[key] = value

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self.total = 0

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values


@contextmanager
def kept_for_run() -> Iterator[None]:
    """While the block runs, every cache keeps what it hands out (a run's rulesets' models,
    asked for again by each chunk); when it ends, the caches' budgets apply again."""
    pins: list[tuple[Kept[Any, Any], dict[Any, Any]]] = [(cache, {}) for cache in _CACHES]
    for cache, pin in pins:
        with cache._lock:
            cache._pins.append(pin)
    try:
        yield
    finally:
        for cache, pin in pins:
            with cache._lock:
                cache._pins[:] = [p for p in cache._pins if p is not pin]


def keep_everything() -> None:
    """In a process that runs one run's chunks and ends with it (a local worker), or a Dask
    worker (as before caches were bounded): no cache drops anything."""
    global _UNBOUNDED
    _UNBOUNDED = True


def array_bytes(obj: Any, skip: tuple[type, ...] = ()) -> int:
    """The bytes of the numpy arrays reachable from ``obj`` through attributes, dicts, lists
    and tuples, each array counted once (a view as its base); objects of the ``skip`` types
    (tables shared by many models, cached on their own) are not entered."""
    import numpy as np

    seen: set[int] = set()
    stack = [obj]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, skip):
            continue
        seen.add(id(item))
        if isinstance(item, np.ndarray):
            base = item
            while isinstance(base.base, np.ndarray):
                base = base.base
            if id(base) not in seen or base is item:
                seen.add(id(base))
                total += base.nbytes
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            stack.extend(vars(item).values())
        elif hasattr(item, "__slots__"):
            stack.extend(getattr(item, s) for s in item.__slots__ if hasattr(item, s))
    return total


def return_free_memory() -> None:
    """Give the memory a finished job freed back to the system. glibc keeps freed heap for
    reuse (a server that ran a sensitivity report held 1.4 GB where 0.2 GB was in use);
    ``malloc_trim`` returns it. Elsewhere, nothing to do."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up once (``find_library`` may run ``ldconfig``); None
    off Linux or without glibc (musl has none)."""
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim
