"""The recorded formula (``tape.Formula``) gives exactly ``EvModel.value`` (equal floats: only
a zero's sign may differ) on arrays and on intervals, for every bundled ruleset and the test
variants: it replays the same operations on the same values, less the no-ops."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from housegame.arrange.evsearch import EvSearch
from housegame.arrange.interval import Interval
from housegame.arrange.objectives import ev_model
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.test_lockstep import RULESETS


def _row(rng: np.random.Generator, unit: bool, size: int) -> Any:
    """Values like the search's: chances and 0/1 conditions in [0, 1], units up to 20, with
    exact zeros and ones mixed in (where a zero's sign or a skipped term could show)."""
    high = 1.0 if unit else 20.0
    values = rng.uniform(0.0, high, size)
    values[rng.random(size) < 0.2] = 0.0
    values[rng.random(size) < 0.1] = high
    return values


def _ends(value: Any) -> list[Any]:
    if isinstance(value, Interval):
        return [np.asarray(value.lo, dtype=np.float64), np.asarray(value.hi, dtype=np.float64)]
    return [np.asarray(value, dtype=np.float64)]


def _same(a: Any, b: Any) -> bool:
    """Equal at every element (broadcast: a constant term may stay a scalar)."""
    return all(bool(np.all(x == y)) for x, y in zip(_ends(a), _ends(b), strict=True))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_formula_replays_the_model(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, ThirteenCardRuleset)
    model = ev_model(ruleset)
    search = EvSearch(model)
    formula = search.formula
    assert len(formula) > 0
    rng = np.random.default_rng(7)
    for _ in range(3):
        exact: list[list[Any]] = []
        spans: list[list[Any]] = []
        for rows in search.lanes:
            exact.append([_row(rng, unit, 64) for unit in rows.unit])
            spans.append(
                [
                    Interval(np.minimum(a, b), np.maximum(a, b), nonneg, unit)
                    for a, b, nonneg, unit in zip(
                        exact[-1], [_row(rng, u, 64) for u in rows.unit], rows.nonneg, rows.unit
                    )
                ]
            )
        for values in (exact, spans):
            lanes = [search.lane_of(lane, rows) for lane, rows in enumerate(values)]
            assert _same(formula(*values), model.value(lanes))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_variants_equal_the_formula_with_conditions_zero(ruleset_id: str) -> None:
    """``EvSearch.variant``: the formula with some bonus conditions constant 0 gives the
    recorded formula's values with those inputs 0, exactly, and its upper end the same."""
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, ThirteenCardRuleset)
    search = EvSearch(ev_model(ruleset))
    slots = [slot for _, _, inputs in search.compiled.conditions for slot in inputs]
    rng = np.random.default_rng(5)
    for _ in range(4):
        zeros = frozenset(s for s in slots if rng.random() < 0.6)
        formula, upper = search.variant(zeros)
        assert len(formula) <= len(search.formula)
        lanes: list[list[Any]] = []
        start = 0
        for rows in search.lanes:
            lanes.append(
                [
                    np.zeros(64) if start + k in zeros else _row(rng, unit, 64)
                    for k, unit in enumerate(rows.unit)
                ]
            )
            start += len(rows.rows)
        assert _same(formula(*lanes), search.formula(*lanes))
        spans = [
            [Interval(v, v + 0.0, n, u) for v, n, u in zip(values, rows.nonneg, rows.unit)]
            for values, rows in zip(lanes, search.lanes)
        ]
        assert np.array_equal(
            np.broadcast_to(upper(*spans), 64), np.broadcast_to(search.upper(*spans), 64)
        )


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_no_step_reads_constants_only(ruleset_id: str) -> None:
    """Operations on constants alone (a lane whose values are all one number: ``v - u``) are
    worked out while recording, not replayed."""
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, ThirteenCardRuleset)
    formula = EvSearch(ev_model(ruleset)).formula
    constants = {slot for slot, value in enumerate(formula.values) if value is not None}
    assert all(not set(args) <= constants for _, args, _, _ in formula.steps)
