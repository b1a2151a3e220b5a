"""The one error kind of the Big Two interpreter."""

from __future__ import annotations

from housegame.errors import HousegameError


class BigTwoError(HousegameError):
    """A play, move, hand or game log that the ruleset does not allow (CLI exit 2)."""
