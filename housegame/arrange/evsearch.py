"""The ``ev`` objective's search: a compiled model, a batch of hands, the exact search.

``compile`` turns the model into rows, a formula, its upper end and row plans once, and this
module keeps the result per model (``EvSearch``: a warm call runs no code of the objective's
modules). Per batch it reads the batch's subsets and card rows, builds the bound state
(``bounds``) and the value function, and hands both to the search, which knows no payouts:
the staged search (``staged``) for large batches, the direct search
(``search.search_direct``: the ``semi`` bound of every back, the ``PLAN.direct_first``
best-bounded backs exactly, then every back still reaching the threshold) for batches of at
most ``PLAN.small`` hands, whose stages' many small array operations would cost more than
they prune. A batch of one hand also takes the formula specialised to the conditions it
cannot meet (``compile.variant``).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np

from housegame.arrange.batch import HandBatch
from housegame.arrange.bounds import Bounds
from housegame.arrange.compile import Compiled, compiled, lane_of, variant
from housegame.arrange.model import EvModel
from housegame.arrange.plan import PLAN
from housegame.arrange.rows import LaneRows
from housegame.arrange.search import Found, Hands, ValueFn, search_direct
from housegame.arrange.slices import in_slices
from housegame.arrange.spaces import F64, CardIndices, ColexRanks, HandIds, SubsetIds
from housegame.arrange.splits import FIVES_PER_HAND, THREES_PER_HAND
from housegame.arrange.staged import search_staged
from housegame.arrange.tape import Formula
from housegame.arrange.upper import Upper
from housegame.budget import check
from housegame.thirteen.payout import LaneVals


def card_rows(lane: LaneRows, colex: ColexRanks) -> dict[int, F64]:
    """A lane's bonus conditions read from the cards, for the subsets of colex ranks ``colex``:
    gathered from their tables over every lane hand (``OrdinalFacts.every_hand``)."""
    return {k: every.take(colex).astype(np.float64) for k, every in lane.cards}


_COMPILED: weakref.WeakKeyDictionary[EvModel, Compiled] = weakref.WeakKeyDictionary()
"""Each model compiled, kept while the model lives (``Compiled`` refers to no model)."""


class EvSearch:
    """The ``ev`` objective's search for one model (compiled on first use, once per model)."""

    def __init__(self, model: EvModel) -> None:
        self.model = model
        found = _COMPILED.get(model)
        if found is None:
            found = _COMPILED[model] = compiled(model)
        self.compiled: Compiled = found
        self.lanes, self.corner = found.lanes, found.corner
        self.formula, self.upper = found.formula, found.upper
        self.plans = found.plans

    def lane_of(self, lane: int, values: Sequence[Any]) -> LaneVals:
        """LaneVals from the used rows' values of ``lane`` (``compile``)."""
        rows = self.lanes[lane]
        return lane_of(self.model, lane, rows.rows, rows.constants, values)

    def variant(self, zeros: frozenset[int]) -> tuple[Formula, Upper]:
        """``compile.variant``: the formula with the inputs ``zeros`` constant 0 (recorded
        there on first need)."""
        found = self.compiled.variants.get(zeros)
        return found if found is not None else variant(self.model, self.compiled, zeros)

    def _zeros(self, bounds: Bounds) -> frozenset[int]:
        """A batch of one hand: the formula inputs of the bonus conditions no subset of the
        hand meets."""
        zeros: list[int] = []
        for lane, first, slots in self.compiled.conditions:
            met: list[float] = np.maximum.reduce(bounds.whole(lane)[first:], axis=1).tolist()
            zeros.extend(slot for slot, hit in zip(slots, met) if not hit)
        return frozenset(zeros)

    def prepare(self, batch: HandBatch) -> tuple[Hands, Bounds, ValueFn]:
        """A batch's subsets, its bound state and its exact values under this model."""
        tables = self.model.tables
        hands = batch.subsets(tables)
        front, middle, back = self.lanes
        cards = card_rows(front, hands.c3), card_rows(middle, hands.c5), card_rows(back, hands.c5)
        bounds = Bounds(
            self.lanes,
            self.upper,
            cards,
            hands.lanes16,
            self.corner,
            self.plans,
            batch.ranked(tables),
            hands.low,
        )
        formula = self.formula
        if len(batch) == 1 and self.compiled.conditions:
            formula, bounds.upper = self.variant(self._zeros(bounds))

        def values(h: HandIds | None, b: SubsetIds, m: SubsetIds, f: SubsetIds) -> F64:
            if h is not None:
                f, m, b = h * THREES_PER_HAND + f, h * FIVES_PER_HAND + m, h * FIVES_PER_HAND + b
            out = np.asarray(
                formula(*(bounds.exact(lane, at) for lane, at in enumerate((f, m, b)))),
                dtype=np.float64,
            )
            return out if out.shape == b.shape else np.broadcast_to(out, b.shape)

        return hands, bounds, values

    def search(
        self, cards: CardIndices | HandBatch, keep: int, direct: bool | None = None
    ) -> list[Found]:
        """``cards``: (B, 13) ascending rows, or a ``HandBatch`` (its ranking-only arrays
        shared with other rulesets); the ``keep`` best splits of each hand. ``direct``:
        whether to skip the stages (default: for batches of at most ``PLAN.small`` hands);
        the answer is the same either way."""
        check()
        batch = cards if isinstance(cards, HandBatch) else HandBatch.of_cards(cards)
        hands, bounds, values = self.prepare(batch)
        if hands.low:  # a lane with an order of its own: its bounds, the direct search
            # 400 hands may leave 500,000 pairs to bound; one hand's 1,287 fit in a slice
            tight = bounds.tight if len(batch) == 1 else partial(in_slices, bounds.tight)
            found = search_direct(hands, bounds.caps(), values, keep, PLAN.direct_first, tight)
            batch.hint(found)
            return found
        if direct if direct is not None else len(batch) <= PLAN.small:
            return search_direct(hands, bounds.semi(), values, keep, PLAN.direct_first)
        found = search_staged(hands, bounds, values, keep, batch.hints())
        batch.hint(found)
        return found
