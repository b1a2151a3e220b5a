"""Measuring play: ``ev`` players against ``lexicographic`` players, scored by the real engine.

Each seeded four-player deal is played twice ("duplicate"): seats 1-2 set with ``ev`` and 3-4
lexicographically, then the same cards with the objectives swapped. Every hand is thus played
once by each objective against the same opposition, which removes most of the luck of the
deal from the margin. Special hands are declared the same way for both (automatic rulesets
declare; optional ones declare when the ``ev`` model says it pays), so the margin measures the
setting alone. Scores come from ``settle_table``, with a banker on seat 1 in banker games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from housegame.arrange.arranger import Arrangement, Arranger
from housegame.cards import Card
from housegame.dealer import deal_hands
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.results import Seat, TableResult
from housegame.thirteen.settle import settle_table

NAMES = ("p1", "p2", "p3", "p4")


@dataclass(frozen=True)
class Margin:
    """Mean units per hand of ``ev`` minus ``lexicographic``, with its standard error."""

    ruleset: str
    deals: int
    ev_mean: float
    lexicographic_mean: float
    margin: float
    stderr: float


def seat_of(name: str, arrangement: Arrangement) -> Seat:
    """A seat set as the arrangement says: its special hand if declared, else its setting."""
    declared = arrangement.declared
    return Seat(name, None if declared else arrangement.best.setting, declared)


def arranged_table(
    ruleset: ThirteenCardRuleset, names: Sequence[str], arranged: Sequence[Arrangement]
) -> tuple[list[Seat], str | None]:
    """The seats these arranged hands make, and the banker: the first seat in banker games."""
    banker = names[0] if ruleset.table.compare == "banker" else None
    return [seat_of(n, a) for n, a in zip(names, arranged)], banker


def settle_arranged(
    ruleset: ThirteenCardRuleset, names: Sequence[str], arranged: Sequence[Arrangement]
) -> TableResult:
    """The table these arranged hands make, settled (``arranged_table``)."""
    return settle_table(ruleset, *arranged_table(ruleset, names, arranged))


def _table_totals(ruleset: ThirteenCardRuleset, arranged: list[Arrangement]) -> list[float]:
    totals = settle_arranged(ruleset, NAMES, arranged).totals
    return [float(totals[name]) for name in NAMES]


def ev_vs_lexicographic(ruleset: ThirteenCardRuleset, seed: int, deals: int) -> Margin:
    """Play ``deals`` duplicate deals (see module docstring) and report the margin."""
    dealt = deal_hands(seed, deals)
    hands: list[list[Card]] = [[Card(int(i)) for i in row] for row in dealt]
    by_ev = Arranger(ruleset, "ev").arrange_many(hands)
    by_lexi = Arranger(ruleset, "lexicographic").arrange_many(hands)
    diffs, ev_units, lexi_units = [], 0.0, 0.0
    for d in range(deals):
        ids = range(4 * d, 4 * d + 4)
        first = [by_ev[i] if k < 2 else by_lexi[i] for k, i in enumerate(ids)]
        second = [by_lexi[i] if k < 2 else by_ev[i] for k, i in enumerate(ids)]
        a = _table_totals(ruleset, first)
        b = _table_totals(ruleset, second)
        ev_sum = a[0] + a[1] + b[2] + b[3]
        lexi_sum = a[2] + a[3] + b[0] + b[1]
        ev_units += ev_sum
        lexi_units += lexi_sum
        diffs.append((ev_sum - lexi_sum) / 4)
    per_hand = 4 * deals
    spread = float(np.std(diffs, ddof=1)) if deals > 1 else 0.0
    return Margin(
        ruleset.id,
        deals,
        ev_units / per_hand,
        lexi_units / per_hand,
        float(np.mean(diffs)),
        spread / math.sqrt(deals),
    )
