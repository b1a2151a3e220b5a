"""The formula's upper end lowered to array operations (``upper.Upper``) equals the recorded
formula replayed on ``Interval``s (``tape.Formula``, its ``hi``), for every bundled ruleset and
the test variants, in each layout the bounds use; and the ends it says it never reads
(``Upper.needs``) can be anything."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from housegame.arrange.compile import intervals
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.interval import Interval
from housegame.arrange.objectives import ev_model
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.test_lockstep import RULESETS
from tests.arrange.test_tape import _row


def _layouts(search: EvSearch) -> list[tuple[bool, ...]]:
    """The bounds' layouts (an exact back; a block of backs) with and without corners, and
    every row an interval."""
    out = []
    for corner in (search.corner, False):
        front, middle, back = (intervals(lane, corner) for lane in search.lanes)
        out += [(*front, *middle, *(False,) * len(back)), (*front, *middle, *back)]
    out.append((True,) * sum(len(lane.rows) for lane in search.lanes))
    return out


def _inputs(
    search: EvSearch, layout: tuple[bool, ...], rng: np.random.Generator, garbage: set[int]
) -> list[list[Any]]:
    """Random rows in the layout; the ends numbered in ``garbage`` (2 * input, + 1 for the
    upper end) hold NaN."""
    lanes: list[list[Any]] = []
    slot = 0
    for rows in search.lanes:
        values: list[Any] = []
        for nonneg, unit in zip(rows.nonneg, rows.unit, strict=True):
            a, b = _row(rng, unit, 64), _row(rng, unit, 64)
            if not nonneg:
                a, b = a - 10.0, b - 10.0
            lo, hi = np.minimum(a, b), np.maximum(a, b)
            lo = np.full(64, np.nan) if 2 * slot in garbage else lo
            hi = np.full(64, np.nan) if 2 * slot + 1 in garbage else hi
            values.append(Interval(lo, hi, nonneg, unit) if layout[slot] else lo)
            slot += 1
        lanes.append(values)
    return lanes


def _hi(value: Any) -> Any:
    return value.hi if isinstance(value, Interval) else value


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_upper_end_is_the_formulas(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, ThirteenCardRuleset)
    search = EvSearch(ev_model(ruleset))
    rng = np.random.default_rng(11)
    for layout in _layouts(search):
        unread = {
            2 * k + end
            for k, reads in enumerate(search.upper.needs(layout))
            for end in (0, 1)
            if not reads[end] and (layout[k] or end == 0)
        }
        for _ in range(3):
            lanes = _inputs(search, layout, rng, set())
            expected = np.broadcast_to(_hi(search.formula(*lanes)), 64)
            assert np.array_equal(np.broadcast_to(search.upper(*lanes), 64), expected)
            blind = _inputs(search, layout, np.random.default_rng(0), unread)
            clean = _inputs(search, layout, np.random.default_rng(0), set())
            assert np.array_equal(
                np.broadcast_to(search.upper(*blind), 64),
                np.broadcast_to(_hi(search.formula(*clean)), 64),
            )
