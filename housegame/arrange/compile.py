"""The one compile step: an ``ev`` model to everything its search reads, in one pass.

    model --trace--> the rows it reads --per ordinal--> rows and constants
          --trace--> the formula --lower--> its upper end --> row plans
          (per hand, on demand) --> variants with unmet conditions constant 0

Both traces are ``tape.Formula`` (the one tracer): the first runs the model's value on every
row of every lane and keeps the rows its output depends on; a row with one value on every
ordinal the lane can hold (a lane value when every category pays the same, a condition no
hand of the lane meets) is a constant of the formula, not a row. Almost every row depends only
on a lane hand's ordinal and lives in one small per-ordinal table per lane; conditions that
read the cards ("suited" in the front, named cards, suits and rank thresholds) become tables
over every lane hand of their size (``OrdinalFacts.every_hand``), which a batch reads per subset
by colex rank. The result, ``Compiled``, is what the search
receives ready; it refers to no model (compiling reads the 2.6-million-entry table once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from housegame.arrange.features import LANE_FEATURES, OrdinalFacts, leaf_holds
from housegame.arrange.model import EvModel
from housegame.arrange.monotone import monotone_in_outcomes
from housegame.arrange.plan import PLAN
from housegame.arrange.rows import LaneRows, RowPlan
from housegame.arrange.spaces import F64, Bools
from housegame.arrange.tape import Formula
from housegame.arrange.upper import Upper
from housegame.thirteen.payout import LaneVals

Lanes = tuple[LaneRows, LaneRows, LaneRows]
FEATURE_COUNT = len(LANE_FEATURES)


def lane_of(
    model: EvModel,
    lane: int,
    rows: Sequence[int],
    constants: Sequence[tuple[int, float]],
    values: Sequence[Any],
) -> LaneVals:
    """LaneVals from the used rows' values and the lane's constant rows; rows the formula
    never reads are zero."""
    full: list[Any] = [0.0] * (FEATURE_COUNT + len(model.leaves[lane]))
    for row, value in constants:
        full[row] = value
    for row, value in zip(rows, values):
        full[row] = value
    return LaneVals.of(full[:FEATURE_COUNT], full[FEATURE_COUNT:])


def used_rows(model: EvModel) -> tuple[list[int], list[int], list[int]]:
    """Per lane, the rows (features, then conditions) the model's value depends on: traced
    with every row an input."""
    widths = [FEATURE_COUNT + len(model.leaves[lane]) for lane in range(3)]
    every = [list(range(width)) for width in widths]
    traced = Formula(
        lambda groups: model.value(
            [lane_of(model, i, every[i], (), g) for i, g in enumerate(groups)]
        ),
        widths,
    )
    read = set(traced.read)
    starts = np.cumsum([0, *widths]).tolist()
    used = [[row for row in range(widths[i]) if starts[i] + row in read] for i in range(3)]
    return used[0], used[1], used[2]


def _trend(row: F64, held: Bools) -> tuple[int, float]:
    step = np.diff(row[held])
    if not len(step):
        return 1, 0.0
    tolerance = 1e-12 * max(1.0, float(np.abs(row).max()))
    for trend in (1, -1):
        wrong = float(max(0.0, -(trend * step).min()))
        if wrong <= tolerance:
            return trend, wrong
    return 0, 0.0


def _per_ordinal(model: EvModel, lane: int, row: int, fact: OrdinalFacts) -> F64 | None:
    """A used row's value per ordinal; None for a condition read from the cards ("suited" in
    the front, named cards, suits and rank thresholds), which varies within an ordinal."""
    if row < FEATURE_COUNT:
        values: F64 = model.lanes[lane][row]
        return values
    cond = model.leaves[lane][row - FEATURE_COUNT]
    if fact.reads_cards(cond, lane == 0):
        return None
    return leaf_holds(cond, model.tables.category, fact.suited, fact.ranks)


def lane_rows(model: EvModel) -> Lanes:
    """Each lane's used rows as per-ordinal tables, constants and card rows."""
    tables = model.tables
    size = len(tables.keys)
    terms = None if tables.identities == 52 else tables.terms.astype(np.int64)
    facts: dict[int, OrdinalFacts] = {}  # one per ordinal table (a lane ranked low has its own)
    out = []
    for lane, used in enumerate(used_rows(model)):
        ords = tables.lane_ordinals(lane)
        fact = facts.get(id(ords)) or OrdinalFacts(ords, 3 if lane == 0 else 5, size, terms)
        facts[id(ords)] = fact
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
        cards: list[tuple[int, Bools]] = []
        trend: list[tuple[int, float]] = []
        for k, (row, value) in enumerate(zip(rows, values)):
            if value is None:
                cond = model.leaves[lane][row - FEATURE_COUNT]
                cards.append((k, fact.every_hand(cond, tables.category)))
                trend.append((0, 0.0))
                continue
            table[k] = value
            trend.append(_trend(table[k], fact.held))
        feature = [LANE_FEATURES[r] if r < FEATURE_COUNT else None for r in rows]
        out.append(
            LaneRows(
                rows=tuple(rows),
                table=table,
                cards=tuple(cards),
                trend=tuple(t for t, _ in trend),
                slack=tuple(w for _, w in trend),
                nonneg=tuple(f is None or f.nonneg for f in feature),
                unit=tuple(f is None or f.unit for f in feature),
                bits=tuple(f is None for f in feature),
                outcome=tuple(f is not None and f.outcome for f in feature),
                constants=tuple(constants),
            )
        )
    return out[0], out[1], out[2]


def reads_corners(model: EvModel, lanes: Lanes) -> bool:
    """Whether ranges read their win, tie and loss chances at the strongest end: the formula
    is monotone in outcomes (``monotone.monotone_in_outcomes``) and the outcome rows trend as
    the feature table says they do."""
    expected = {k: f.trend for k, f in enumerate(LANE_FEATURES) if f.outcome and f.trend}
    return monotone_in_outcomes(model) and all(
        trend == expected[row]
        for lane in lanes
        for row, trend in zip(lane.rows, lane.trend)
        if row in expected
    )


def intervals(lane: LaneRows, corner: bool) -> tuple[bool, ...]:
    """Which of a lane's used rows a range gives as intervals (the rest: plain values, read
    at the strongest end, ``corner``)."""
    return tuple(not (corner and outcome) for outcome in lane.outcome)


def _layouts(lanes: Lanes, corner: bool) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """The bounds' two layouts: ranges with an exact back; ranges with a block of backs."""
    front, middle, back = (intervals(lane, corner) for lane in lanes)
    return (*front, *middle, *(False,) * len(back)), (*front, *middle, *back)


def plans(upper: Upper, lanes: Lanes, corner: bool) -> tuple[RowPlan, RowPlan, RowPlan]:
    """Each lane's ``RowPlan``, with the ends of its rows that some bound reads: the front
    and middle ranges go with an exact back (``semi``, ``tight``, ``split``) or a block of
    backs (``blocks``)."""
    exact_back, block_back = _layouts(lanes, corner)
    exact, block = upper.needs(exact_back), upper.needs(block_back)
    both = [(a[0] or b[0], a[1] or b[1]) for a, b in zip(exact, block, strict=True)]
    cut = (len(lanes[0].rows), len(lanes[0].rows) + len(lanes[1].rows))
    reads = both[: cut[0]], both[cut[0] : cut[1]], block[cut[1] :]
    return (
        RowPlan(lanes[0], corner, reads[0]),
        RowPlan(lanes[1], corner, reads[1]),
        RowPlan(lanes[2], corner, reads[2]),
    )


def _flags(lanes: Lanes) -> list[tuple[bool, bool]]:
    """Each formula input's ``nonneg`` and ``unit`` flags."""
    return [f for lane in lanes for f in zip(lane.nonneg, lane.unit, strict=True)]


def _formula(model: EvModel, lanes: Lanes, zeros: frozenset[int] = frozenset()) -> Formula:
    """The model's value of three lanes given as their used rows (``LaneRows.rows`` order),
    the inputs ``zeros`` constant 0."""
    widths = [len(lane.rows) for lane in lanes]
    starts = np.cumsum([0, *widths]).tolist()

    def value(groups: list[list[Any]]) -> Any:
        return model.value(
            [
                lane_of(
                    model,
                    i,
                    lane.rows,
                    lane.constants,
                    [0 if starts[i] + k in zeros else v for k, v in enumerate(groups[i])],
                )
                for i, lane in enumerate(lanes)
            ]
        )

    return Formula(value, widths)


@dataclass
class Compiled:
    """What a model's search reads, worked out once (module docstring)."""

    lanes: Lanes
    corner: bool
    """Whether its bounds read corners (``reads_corners``)."""
    formula: Formula
    upper: Upper
    """The formula's upper end over intervals."""
    plans: tuple[RowPlan, RowPlan, RowPlan]
    """How ranges read each lane's rows."""
    conditions: list[tuple[int, int, list[int]]]
    """Per lane with bonus conditions: the lane, the first of their rows (they are its last
    rows) and their formula inputs."""
    variants: dict[frozenset[int], tuple[Formula, Upper]]
    """The formula with some conditions constant 0 (``variant``)."""


def compiled(model: EvModel) -> Compiled:
    """The model compiled (module docstring); its caller keeps it (``evsearch.ev_search``:
    once per model)."""
    lanes = lane_rows(model)
    formula = _formula(model, lanes)
    upper = Upper(formula, _flags(lanes))
    corner = reads_corners(model, lanes)
    conditions = []
    slot = 0
    for lane, rows in enumerate(lanes):
        ks = [k for k, bit in enumerate(rows.bits) if bit]
        if ks:
            assert ks == list(range(ks[0], len(rows.rows))), "conditions follow the features"
            conditions.append((lane, ks[0], [slot + k for k in ks]))
        slot += len(rows.rows)
    return Compiled(lanes, corner, formula, upper, plans(upper, lanes, corner), conditions, {})


def variant(model: EvModel, done: Compiled, zeros: frozenset[int]) -> tuple[Formula, Upper]:
    """The formula and its upper end with the inputs ``zeros`` constant 0: bonus conditions
    that no subset of a hand meets, whose terms then drop out (``x * 0``, ``x + 0``). The same
    values (but for a zero's sign); recorded once per set of inputs (a few sets cover most
    hands), and not used where its upper end would read a range end the rows' plans do not
    gather. ``done``: the model compiled."""
    found = done.variants.get(zeros)
    if found is not None:
        return found
    if len(done.variants) >= PLAN.variants:
        return done.formula, done.upper
    formula = _formula(model, done.lanes, zeros)
    upper = Upper(formula, _flags(done.lanes))
    reads = upper.needs(_layouts(done.lanes, done.corner)[0])
    gathered = [need for plan in done.plans[:2] for need in plan.needs]
    unread = any((r[0] and not g[0]) or (r[1] and not g[1]) for r, g in zip(reads, gathered))
    found = done.variants[zeros] = (done.formula, done.upper) if unread else (formula, upper)
    return found
