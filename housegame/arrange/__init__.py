"""Auto-arrange: the best legal setting of 13 cards under any 13-card ruleset (issue 3).

A stack, top down (docs/arrange.md draws one call's path): ``arranger`` (public calls) ->
``evsearch`` (the ``ev`` search of a batch) -> the objective (``compile``: the one compile
step; ``model``, ``features``, ``opponents``, ``odds``) -> the exact search, which knows no
payouts (``batch``, ``staged``, ``bounds``, ``search``, ``rows``) -> the formula
compiler, which knows no cards (``upper``, ``tape``, ``interval``) -> tables and names
(``lookup``, ``splits``, ``cache``, ``combos``, ``plan``, ``spaces``).
"""

from __future__ import annotations

from housegame.arrange.arranger import (
    DEFAULT_OBJECTIVE,
    OBJECTIVES,
    Arrangement,
    Arranger,
    Choice,
    Objective,
    SpecialDecision,
    arrange,
    arrange_many,
    default_arranger,
)

__all__ = [
    "DEFAULT_OBJECTIVE",
    "OBJECTIVES",
    "Arrangement",
    "Arranger",
    "Choice",
    "Objective",
    "SpecialDecision",
    "arrange",
    "arrange_many",
    "default_arranger",
]
