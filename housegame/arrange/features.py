"""The rows the ``ev`` formula reads, laid out so the search gathers them cheaply.

Almost every row (win/tie/loss chances, lane values, bonus conditions) depends only on a lane
hand's ordinal: it lives in one small per-ordinal table per lane and is gathered by ordinal,
never materialised for all 1,573 subsets of a hand. Hands with one ordinal share their key,
hence their ranks; 5-card hands with one key are all suited (flushes) or none are. Conditions
that read the cards are evaluated per subset of each hand of a batch (``card_rows``): "suited"
in the front (3-card hands have no flush category unless the ranking ranks them), and in any
lane the conditions on named cards, suits and rank thresholds (``LaneIs.reads_cards``).
A per-ordinal row that is monotone over the ordinals the lane can hold lets the bounds read
a prefix's minimum and maximum at its two ends instead of scanning it; one that has a single
value on all of them (a lane value when every category pays the same, a condition no hand of
the lane meets) is no row at all but a constant of the formula.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64, I64, IntP
from housegame.arrange.lookup import COLEX, RankTables
from housegame.arrange.model import NONNEG_FEATURES, UNIT_FEATURES, EvModel, leaf_holds
from housegame.arrange.splits import FIVES, FIVES_BY_CARD, THREES, THREES_BY_CARD
from housegame.rulesets.thirteen import LaneIs
from housegame.thirteen.payout import FEATURES, LaneVals


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
    ranks: I64
    """Per ordinal: the rank mask of the lane's hands with that ordinal (``leaf_holds``)."""
    constants: tuple[tuple[int, float], ...] = ()
    """(model row, value) of the rows the formula reads that have one value on every ordinal
    the lane holds: the formula takes them as constants (``tape``), not as inputs."""


class _Tracer:
    """Stands in for a feature while the formula runs once, to learn which features it reads."""

    def __init__(self, names: frozenset[int]) -> None:
        self.names = names

    def _join(self, other: object) -> _Tracer:
        return _Tracer(self.names | other.names if isinstance(other, _Tracer) else self.names)

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _join

    def __neg__(self) -> _Tracer:
        return self

    def positive(self) -> _Tracer:
        return self


def used_rows(model: EvModel) -> tuple[list[int], list[int], list[int]]:
    """Per lane, the rows (features, then leaves) the model's formula actually reads: the
    search gathers and bounds only those."""
    lanes = []
    for lane in range(3):
        width = len(FEATURES) + len(model.leaves[lane])
        rows = [_Tracer(frozenset({lane * 1000 + i})) for i in range(width)]
        lanes.append(LaneVals.of(rows[: len(FEATURES)], rows[len(FEATURES) :]))
    out = model.value(lanes)
    names = out.names if isinstance(out, _Tracer) else frozenset()
    used = tuple(sorted(n % 1000 for n in names if n // 1000 == lane) for lane in range(3))
    return used[0], used[1], used[2]


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
    facts = (_OrdinalFacts(tables.ord3, 3, size), _OrdinalFacts(tables.ord5, 5, size))
    out = []
    for lane, used in enumerate(used_rows(model)):
        fact = facts[min(lane, 1)]
        rows: list[int] = []
        values: list[F64 | None] = []
        constants: list[tuple[int, float]] = []
        for row in used:
            value = _per_ordinal(model, lane, row, fact)
            held = value[fact.held] if value is not None else None
            if held is not None and len(held) and bool((held == held[0]).all()):
                constants.append((row, float(held[0])))
            else:
                rows.append(row)
                values.append(value)
        table = np.zeros((len(rows), size), dtype=np.float64)
        cards: list[tuple[int, LaneIs]] = []
        trend: list[tuple[int, float]] = []
        for k, (row, value) in enumerate(zip(rows, values)):
            if value is None:
                cards.append((k, model.leaves[lane][row - len(FEATURES)]))
                trend.append((0, 0.0))
                continue
            table[k] = value
            trend.append(_trend(table[k], fact.held))
        nonneg = tuple(r >= len(FEATURES) or NONNEG_FEATURES[r] for r in rows)
        unit = tuple(r >= len(FEATURES) or UNIT_FEATURES[r] for r in rows)
        out.append(
            LaneRows(
                tuple(rows),
                table,
                tuple(cards),
                tuple(t for t, _ in trend),
                tuple(w for _, w in trend),
                nonneg,
                unit,
                fact.ranks,
                tuple(constants),
            )
        )
    return out[0], out[1], out[2]


def _per_ordinal(model: EvModel, lane: int, row: int, fact: _OrdinalFacts) -> F64 | None:
    """A used row's value per ordinal; None for a condition read from the cards ("suited" in
    the front, named cards, suits and rank thresholds), which varies within an ordinal."""
    if row < len(FEATURES):
        values: F64 = model.lanes[lane][row]
        return values
    cond = model.leaves[lane][row - len(FEATURES)]
    if (lane == 0 and cond.suited is not None) or cond.reads_cards():
        return None
    return leaf_holds(cond, model.tables.category, fact.suited, fact.ranks)


class _OrdinalFacts:
    """Per ordinal of one hand size: whether the size holds it, and one such hand's suitedness
    and rank mask (bit ``rank``, as ``leaf_holds`` reads them)."""

    def __init__(self, ordinals: npt.NDArray[np.uint16], width: int, size: int) -> None:
        self.held = np.bincount(ordinals, minlength=size) > 0
        colex = np.zeros(size, dtype=np.int64)
        colex[ordinals] = np.arange(len(ordinals), dtype=np.int64)  # any hand of each ordinal
        cards = np.empty((size, width), dtype=np.int64)
        for k in range(width - 1, -1, -1):  # unrank: the largest card whose term fits
            cards[:, k] = np.searchsorted(COLEX[k], colex, side="right") - 1
            colex -= COLEX[k].take(cards[:, k])
        suits = cards % 4
        self.suited: npt.NDArray[np.bool_] = (suits == suits[:, :1]).all(axis=1)
        self.ranks: I64 = np.bitwise_or.reduce(np.int64(1) << (cards // 4 + 2), axis=1)


def card_rows(
    lanes: tuple[LaneRows, LaneRows, LaneRows],
    cards: IntP,
    o3: npt.NDArray[np.uint16],
    o5: npt.NDArray[np.uint16],
    tables: RankTables,
) -> tuple[dict[int, F64], dict[int, F64], dict[int, F64]]:
    """Per lane, its card-reading rows for every subset (3 cards for the front, 5 for the
    middle and back) of every hand of a batch, hand-major: position in ``rows`` -> values."""
    out: list[dict[int, F64]] = []
    for lane, rows in enumerate(lanes):
        if not rows.cards:
            out.append({})
            continue
        subsets, ords = (THREES_BY_CARD, o3) if lane == 0 else (FIVES_BY_CARD, o5)
        suits = cards % 4  # compared a card position at a time: faster than along short rows
        first = suits.take(subsets[0], axis=1)
        suited = suits.take(subsets[1], axis=1) == first
        for column in subsets[2:]:
            suited &= suits.take(column, axis=1) == first
        held = None
        if any(cond.reads_cards() for _, cond in rows.cards):
            held = cards[:, THREES if lane == 0 else FIVES].reshape(len(ords), -1)
        category, ranks = tables.category.take(ords), rows.ranks.take(ords)
        out.append(
            {k: leaf_holds(cond, category, suited.ravel(), ranks, held) for k, cond in rows.cards}
        )
    return out[0], out[1], out[2]
