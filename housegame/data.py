"""Where the bundled rulesets and schemas live: inside the wheel, or beside the source tree."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``rulesets`` or ``schemas``: the installed copy, else the repository's top-level folder."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
