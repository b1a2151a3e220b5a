"""The rows the ``ev`` formula reads, laid out so the search gathers them cheaply.

Most rows (win/tie/loss chances, lane values, bonus conditions on the category alone) depend
only on a lane hand's ordinal: they live in one small per-ordinal table per lane and are
gathered by ordinal, never materialised for all 1,573 subsets of a hand. Bonus conditions on
suits or ranks depend on the cards, so they are computed per subset of each hand of a batch.
A per-ordinal row that is monotone over the ordinals the lane can hold lets the bounds read
a prefix's minimum and maximum at its two ends instead of scanning it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64, IntP
from housegame.arrange.lookup import RankTables
from housegame.arrange.model import (
    FEATURES,
    NONNEG_FEATURES,
    UNIT_FEATURES,
    EvModel,
    leaf_holds,
    used_rows,
)
from housegame.arrange.splits import FIVES, THREES
from housegame.rulesets.thirteen import LaneIs

_FIVE_MASKS = np.array([sum(1 << int(p) for p in row) for row in FIVES], dtype=np.int64)
_THREE_MASKS = np.array([sum(1 << int(p) for p in row) for row in THREES], dtype=np.int64)


@dataclass(frozen=True)
class LaneRows:
    """One lane's used rows (model row numbers, formula order) and how to read each."""

    rows: tuple[int, ...]
    table: F64
    """(used rows, ordinals): the row's value per ordinal; zero for card rows."""
    cards: tuple[tuple[int, LaneIs], ...]
    """(position in ``rows``, condition) of the bonus conditions that read the cards."""
    trend: tuple[int, ...]
    """Per used row: +1 non-decreasing, -1 non-increasing over the lane's ordinals, else 0."""
    slack: tuple[float, ...]
    """Per monotone row: its largest step the wrong way (float rounding in the odds' running
    sums, about 1e-16), which the bounds widen their intervals by to stay sound."""
    nonneg: tuple[bool, ...]
    unit: tuple[bool, ...]


def _trend(row: F64, held: npt.NDArray[np.bool_]) -> tuple[int, float]:
    step = np.diff(row[held])
    if not len(step):
        return 1, 0.0
    tolerance = 1e-12 * max(1.0, float(np.abs(row).max()))
    for trend in (1, -1):
        wrong = float(max(0.0, -(trend * step).min()))
        if wrong <= tolerance:
            return trend, wrong
    return 0, 0.0


def lane_rows(model: EvModel) -> tuple[LaneRows, LaneRows, LaneRows]:
    """Compile the model's used rows per lane (once per model)."""
    tables = model.tables
    size = len(tables.keys)
    held3 = np.bincount(tables.ord3, minlength=size) > 0
    held5 = np.bincount(tables.ord5, minlength=size) > 0
    none = np.zeros(size, dtype=bool)
    out = []
    for lane, rows in enumerate(used_rows(model)):
        held = held3 if lane == 0 else held5
        table = np.zeros((len(rows), size), dtype=np.float64)
        cards: list[tuple[int, LaneIs]] = []
        trend: list[tuple[int, float]] = []
        for k, row in enumerate(rows):
            if row < len(FEATURES):
                table[k] = model.lanes[lane][row]
            else:
                cond = model.leaves[lane][row - len(FEATURES)]
                if cond.suited is not None or cond.ranks is not None:
                    cards.append((k, cond))
                    trend.append((0, 0.0))
                    continue
                table[k] = leaf_holds(cond, tables.category, none, np.zeros(size, dtype=np.int64))
            trend.append(_trend(table[k], held))
        nonneg = tuple(r >= len(FEATURES) or NONNEG_FEATURES[r] for r in rows)
        unit = tuple(r >= len(FEATURES) or UNIT_FEATURES[r] for r in rows)
        out.append(LaneRows(tuple(rows), table, tuple(cards), tuple(t for t, _ in trend),
                            tuple(w for _, w in trend), nonneg, unit))
    return out[0], out[1], out[2]


class _Facts:
    """Suits and ranks of every subset of one size of a batch's hands, computed on first use
    and shared by the lanes (the middle and back read the same 5-card subsets)."""

    def __init__(self, five: bool, cards: IntP, ords: npt.NDArray[np.uint16], tables: RankTables) -> None:
        self.subsets, self.masks = (FIVES, _FIVE_MASKS) if five else (THREES, _THREE_MASKS)
        self.cards, self.ords, self.tables = cards, ords, tables
        self._suited: npt.NDArray[np.bool_] | None = None
        self._ranks: I64 | None = None
        self.done: dict[tuple[object, ...], F64] = {}

    def suited(self) -> npt.NDArray[np.bool_]:
        if self._suited is None:
            suits = self.cards % 4
            out = np.zeros((len(self.cards), len(self.subsets)), dtype=bool)
            for suit in range(4):
                held = ((suits == suit).astype(np.int64) << np.arange(13, dtype=np.int64)).sum(axis=1)
                out |= (self.masks[None, :] & ~held[:, None]) == 0
            self._suited = out.ravel()
        return self._suited

    def ranks(self) -> I64:
        if self._ranks is None:
            bits = np.int64(1) << (self.cards // 4 + 2).astype(np.int64)
            out = bits[:, self.subsets[:, 0]]
            for k in range(1, self.subsets.shape[1]):
                out = out | bits[:, self.subsets[:, k]]
            self._ranks = out.ravel()
        return self._ranks

    def holds(self, cond: LaneIs) -> F64:
        """``leaf_holds`` for every subset; suits and ranks only computed when asked about."""
        key = (tuple(cond.category or ()), cond.category is None, cond.suited, tuple(cond.ranks or ()),
               cond.ranks is None)
        if key not in self.done:
            size = len(self.ords)
            suited = self.suited() if cond.suited is not None else np.zeros(size, dtype=bool)
            ranks = self.ranks() if cond.ranks is not None else np.zeros(size, dtype=np.int64)
            self.done[key] = leaf_holds(cond, self.tables.category.take(self.ords), suited, ranks)
        return self.done[key]


def card_rows(lanes: tuple[LaneRows, LaneRows, LaneRows], cards: IntP, o5: npt.NDArray[np.uint16],
              o3: npt.NDArray[np.uint16], tables: RankTables) -> tuple[dict[int, F64], ...]:
    """Per lane, its card-reading rows for every subset of a batch (3-card subsets for the
    front, 5-card otherwise; hand-major): position in ``rows`` -> values."""
    facts = (_Facts(False, cards, o3, tables), _Facts(True, cards, o5, tables))
    return tuple({k: facts[min(lane, 1)].holds(cond) for k, cond in rows.cards}
                 for lane, rows in enumerate(lanes))
