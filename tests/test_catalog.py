"""The bundled catalogue (every page of the web table lists it) is built once a process, and
again, with the bundled rulesets reloaded, when a bundled file changes."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from housegame.rulesets import families, loader
from housegame.rulesets.loader import bundled_rulesets


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The YAML texts read from now on (the catalogue reads each bundled file)."""
    seen: list[str] = []
    real: Callable[..., Any] = yaml.safe_load

    def counting(stream: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append("read")
        return real(stream, *args, **kwargs)

    monkeypatch.setattr(yaml, "safe_load", counting)
    return seen


def test_the_catalogue_is_built_once(reads: list[str]) -> None:
    first = families.catalog()
    reads.clear()
    assert families.catalog() == first
    assert families.catalog("ofc") == [row for row in first if row["game"] == "ofc"]
    assert reads == []


def test_rows_handed_out_are_copies() -> None:
    families.catalog()[0]["name"] = "changed"
    assert families.catalog()[0]["name"] != "changed"


def test_a_changed_bundled_file_rebuilds_it(
    reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    families.catalog()
    loads: list[str] = []
    real_load = loader.load_ruleset_file

    def counted(path: Path) -> Any:
        loads.append(path.stem)
        return real_load(path)

    monkeypatch.setattr(loader, "load_ruleset_file", counted)
    path = bundled_rulesets()["pagat"]
    status = path.stat()
    try:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
        reads.clear()
        families.catalog()
        assert reads != []
        assert "pagat" in loads  # the bundled rulesets are read again too
    finally:
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    families.catalog()
