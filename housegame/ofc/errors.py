"""The one error the OFC engine raises for bad input (illegal moves, bad logs, bad tables)."""

from __future__ import annotations

from housegame.errors import HousegameError


class OfcError(HousegameError):
    """An illegal move, a log that does not replay, or a table OFC cannot seat."""
