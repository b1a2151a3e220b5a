"""Errors a user can act on: every one carries a message and, where possible, a hint."""

from __future__ import annotations


class HousegameError(Exception):
    """Base of every error caused by bad input (the CLI turns these into exit code 2)."""

    def __init__(
        self, message: str, hint: str | None = None, chinese: tuple[str, str | None] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.chinese = chinese
        """The message and hint in Chinese, where the raiser wrote them (a player's mistake in
        a game played with --lang zh); ``text("zh")`` falls back to English without them."""

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str) -> str:
        """The message and its hint in ``lang`` ("en" or "zh")."""
        if lang == "zh" and self.chinese is not None:
            message, hint = self.chinese
            return f"{message}\n  提示: {hint}" if hint else message
        if self.hint:
            return f"{self.message}\n  hint: {self.hint}"
        return self.message


class CardError(HousegameError):
    """A card name that cannot be read, or a card dealt twice."""


class RulesetError(HousegameError):
    """A ruleset file that cannot be loaded: YAML, schema or model errors."""


class TableError(HousegameError):
    """A table (hands to score) that does not fit the ruleset."""


class FoulError(TableError):
    """A foul setting under a ruleset that refuses fouls."""


class PathError(ValueError):
    """A cross-field rule broken at a known key path (relative to the model being checked),
    with a hint on how to fix it."""

    def __init__(self, path: tuple[str | int, ...], message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.hint = hint
