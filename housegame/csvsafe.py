"""CSV that a spreadsheet opens as data, never as formulas.

Player names, ruleset ids and special hands' names come from people: a name such as
``=cmd|' /C calc'!A0`` written raw into an exported CSV is a formula that a spreadsheet runs
when the file is opened. A text cell that starts as a formula can (``=``, ``+``, ``-``, ``@``,
a tab or a carriage return) is written after an apostrophe, which spreadsheets show as text
(OWASP's advice on CSV injection). Numbers, exact fractions included (``-4/3``), stay numbers.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO, Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula."""

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?(/\d+)?")


def cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet shows as it is: text that could start a formula
    gets a leading apostrophe; anything else (numbers, ``-4/3``) is left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose every cell goes through ``cell``."""

    def __init__(self, out: IO[str], **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([cell(value) for value in row])


__all__ = ["FORMULA_STARTS", "SafeWriter", "cell"]
