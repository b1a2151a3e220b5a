"""A rules sheet as structure: titled sections of lines and tables, built once per ruleset and
rendered by every format (text, Markdown, HTML)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    """A table: a header row and rows of cells, all text."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    keys: int = 1
    """How many leading cells name a row (``front``, ``Q pair``: two); the rest are its values."""
    matrix: bool = False
    """Rows and columns are both keys (lane x hand category): a cell is named column first,
    as in "front trips"; otherwise a row names its entry and columns its fields."""


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[str | Grid, ...]
    """Lines (one rule each) and tables, in order."""


@dataclass(frozen=True)
class Sheet:
    title: str
    intro: tuple[str, ...]
    sections: tuple[Section, ...]
