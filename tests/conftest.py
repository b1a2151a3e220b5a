"""Suite-wide isolation: `housegame new` keeps a schema copy in the user's data folder; tests
give it a temporary one, never the real home."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _user_data_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.getbasetemp() / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
