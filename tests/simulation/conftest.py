"""What one simulation test leaves behind is set back before the next."""

from __future__ import annotations

import pytest

from housegame import memo


@pytest.fixture(autouse=True)
def caches_bounded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Dask worker in this process (a ``LocalCluster(processes=False)``) makes every cache of
    the process unbounded (``memo.keep_everything``), as a worker's should be: set back after
    the test, so later tests meet bounded caches."""
    monkeypatch.setattr(memo, "_UNBOUNDED", memo._UNBOUNDED)
