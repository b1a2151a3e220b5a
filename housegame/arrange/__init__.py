"""Auto-arrange: the best legal setting of 13 cards under any 13-card ruleset (issue 3).

Bottom-up: ``splits`` (the 72,072 splits as index tables) -> ``lookup`` (table evaluator) ->
``odds`` / ``build`` (lane odds data) -> ``model`` (the ``ev`` objective) -> ``search`` (exact
pruned search, lexicographic objective) -> ``features`` / ``bounds`` / ``evsearch`` (the ``ev``
objective's rows, staged bounds and search; ``batch``: hands prepared once for many rulesets)
-> ``arranger`` (public calls).
"""

from __future__ import annotations

from housegame.arrange.arranger import (
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
