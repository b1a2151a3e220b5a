"""The recorded formula (``tape.Formula``) gives exactly ``EvModel.value`` (equal floats: only
a zero's sign may differ) on arrays and on intervals, for every bundled ruleset and the test
variants: it replays the same operations on the same values, less the no-ops."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from housegame.arrange.arranger import ev_model
from housegame.arrange.evsearch import EvSearch
from housegame.arrange.interval import Interval
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
            lanes = [search._lane(lane, rows) for lane, rows in enumerate(values)]
            assert _same(formula(*values), model.value(lanes))
