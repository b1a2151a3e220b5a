"""Auto-arrange: the best legal setting of 13 cards under any 13-card ruleset (issue 3).

A stack, top down (docs/arrange.md draws one call's path): ``seated`` (loose cards at a
table) -> ``arranger`` (public calls) -> ``objectives`` (which lane odds, one model each) ->
``evsearch`` (the ``ev`` search of a batch) -> the objective (``compile``: the one compile
step; ``monotone``, ``model``, ``features``, ``opponents``, ``odds``) -> the exact search,
which knows no payouts (``batch``, ``staged``, ``bounds``, ``search``, ``rows``) -> the
formula compiler, which knows no cards (``upper``, ``tape``, ``interval``) -> tables and
names (``lookup``, ``decktables``, ``splits``, ``cache``, ``combos``, ``plan``, ``spaces``).
"""

from __future__ import annotations

from housegame.arrange.arranger import (
    Arrangement,
    Arranger,
    Choice,
    SpecialDecision,
    arrange,
    arrange_many,
)
from housegame.arrange.objectives import DEFAULT_OBJECTIVE, OBJECTIVES, Objective
from housegame.arrange.seated import default_arranger

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
