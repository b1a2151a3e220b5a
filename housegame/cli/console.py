"""The consoles every command prints to: rich at a terminal, plain text in a pipe."""

from __future__ import annotations

import os

from rich.console import Console, ConsoleDimensions

PLAIN_WIDTH = 10_000
"""Width of output that is not a terminal: lines are never wrapped (COLUMNS overrides)."""


class PlainWhenPiped(Console):
    """A terminal gets rich output at its width; a pipe or file gets plain text, unwrapped
    unless ``COLUMNS`` asks for a width. Colour follows rich: none when not a terminal, and
    none when ``NO_COLOR`` is set."""

    @property
    def size(self) -> ConsoleDimensions:
        if self.is_terminal or self._width is not None:
            return super().size
        columns = os.environ.get("COLUMNS", "")
        return ConsoleDimensions(int(columns) if columns.isdigit() else PLAIN_WIDTH, 25)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]
