"""The trainer (issue 27): why the default arranger's setting beats yours under the house rules.

``explain`` values a seat's choice and the best one term by term (``explain``'s module
docstring); ``explain_table`` reads the choice from a table file, as ``housegame explain``
does.
"""

from __future__ import annotations

from housegame.trainer.explain import (
    Coach,
    Explanation,
    Option,
    choice_text,
    coach,
    explain,
    part_label,
    seat_opponents,
)
from housegame.trainer.table import explain_table

__all__ = [
    "Coach",
    "Explanation",
    "Option",
    "choice_text",
    "coach",
    "explain",
    "explain_table",
    "part_label",
    "seat_opponents",
]
