"""Caches bounded by what they hold (``memo.Kept``): least recently used out, a run's working
set kept while it runs, and every value's arrays counted once."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from housegame import memo
from housegame.memo import Kept, array_bytes, kept_for_run


@pytest.fixture(autouse=True)
def _bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgets apply (a Dask test in this process runs tasks as a worker, which keeps all)."""
    monkeypatch.setattr(memo, "_UNBOUNDED", False)


def _made(cache: Kept[str, list[int]], keys: str) -> list[str]:
    """Ask for each key in turn; the keys whose value had to be made."""
    made: list[str] = []

    def maker(key: str) -> Callable[[], list[int]]:
        def make() -> list[int]:
            made.append(key)
            return [ord(key)]

        return make

    for key in keys:
        cache.get(key, maker(key))
    return made


def test_the_least_recently_used_goes_first() -> None:
    cache: Kept[str, list[int]] = Kept(2)
    assert _made(cache, "abab") == ["a", "b"]
    assert _made(cache, "bc") == ["c"]  # a was used least recently: it went
    assert "a" not in cache and len(cache) == 2
    assert _made(cache, "ba") == ["a"]


def test_a_budget_in_bytes_keeps_the_newest_whatever_its_size() -> None:
    cache: Kept[str, np.ndarray] = Kept(1000, lambda a: a.nbytes)
    cache.get("small", lambda: np.zeros(50))  # 400 bytes
    cache.get("large", lambda: np.zeros(500))  # 4,000 bytes: over the budget alone
    assert "large" in cache and "small" not in cache and cache.total == 4000


def test_a_run_keeps_what_it_used_until_it_ends() -> None:
    cache: Kept[str, list[int]] = Kept(2)
    with kept_for_run():
        assert _made(cache, "abcd") == list("abcd")
        assert _made(cache, "abcd") == []  # asked again by the next chunk: none made twice
    assert len(cache) == 2
    assert _made(cache, "a") == ["a"]  # the budget applies again


def test_a_worker_that_ends_with_its_run_keeps_everything() -> None:
    cache: Kept[str, list[int]] = Kept(1)
    memo.keep_everything()
    assert _made(cache, "abcabc") == list("abc") and len(cache) == 3


def test_array_bytes_counts_each_array_once_and_skips_shared_tables() -> None:
    class Shared:
        def __init__(self) -> None:
            self.table = np.zeros(1000, dtype=np.int8)

    class Model:
        def __init__(self, shared: Shared) -> None:
            self.own = np.zeros(10, dtype=np.int64)
            self.view = self.own[:5]
            self.parts = {"again": self.own, "list": [np.zeros(3, dtype=np.int8)]}
            self.shared = shared

    model = Model(Shared())
    assert array_bytes(model, skip=(Shared,)) == 80 + 3
    assert array_bytes(model) == 80 + 3 + 1000
