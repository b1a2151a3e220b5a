"""The ``ev`` model's per-ordinal rows as the search reads them: ``u`` (the lane value paid
given a loss) stays a mean of the lane values, a row with one value on every ordinal a lane
holds becomes a constant of the formula, and ``u`` where a loss cannot happen is never read."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from housegame.arrange.evsearch import EvSearch
from housegame.arrange.features import OrdinalFacts
from housegame.arrange.model import EvModel
from housegame.arrange.objectives import ev_model
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.payout import FEATURES, LaneVals
from tests.arrange.test_lockstep import RULESETS

W, L, V, U = (FEATURES.index(name) for name in "wlvu")


@cache
def _model(ruleset_id: str) -> EvModel:
    ruleset = RULESETS[ruleset_id]
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ev_model(ruleset)


def _held(model: EvModel, lane: int) -> np.ndarray:
    tables = model.tables  # a lane ranked for low holds its own ordinals
    ordinals, width = tables.lane_ordinals(lane), 3 if lane == 0 else 5
    found = _HELD.get(id(ordinals))
    if found is None or found[0] is not ordinals:  # once per table: many models share it
        found = _HELD[id(ordinals)] = (
            ordinals,
            OrdinalFacts(ordinals, width, len(tables.keys)).held,
        )
    return found[1]


_HELD: dict[int, tuple[np.ndarray, np.ndarray]] = {}
"""Ordinal table (by identity, held) -> which ordinals its lane's hands reach."""


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_u_is_a_mean_of_the_lane_values(ruleset_id: str) -> None:
    """Within the range of the lane values an opponent's hand can have; exactly the value
    when a lane has one (pagat's extras for losing: a net of exactly zero, one lane lost and
    an extra paid, must not take a sign from rounding)."""
    model = _model(ruleset_id)
    for lane in range(3):
        rows = model.lanes[lane]
        values = rows[V][_held(model, lane)]
        u = rows[U]
        assert values.min() <= u.min() and u.max() <= values.max()
        if values.min() == values.max():
            assert (u == values[0]).all()


def test_one_lane_value_makes_u_exact() -> None:
    model = _model("pagat-extras-for-losing")
    assert all((model.lanes[lane][U] == 1.0).all() for lane in range(3))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_u_where_no_loss_can_happen_is_not_read(ruleset_id: str) -> None:
    """Any value of ``u`` where the lane's loss chance is 0 gives the same value: every term
    reads ``u`` times that chance (so the model may pick the value that keeps ``u`` flat)."""
    model = _model(ruleset_id)
    rng = np.random.default_rng(11)
    picks = [rng.integers(0, model.lanes.shape[2], 256) for _ in range(3)]
    for lane in range(3):
        sure = np.flatnonzero((model.lanes[lane][L] == 0) & _held(model, lane))
        if len(sure):
            some = rng.random(256) < 0.5
            picks[lane][some] = rng.choice(sure, int(some.sum()))
    leaves = [rng.integers(0, 2, (len(model.leaves[lane]), 256)) * 1.0 for lane in range(3)]

    def value(u_where_sure: float) -> np.ndarray:
        lanes = []
        for lane in range(3):
            rows = model.lanes[lane][:, picks[lane]].copy()
            rows[U][rows[L] == 0] = u_where_sure
            lanes.append(LaneVals.of(list(rows), list(leaves[lane])))
        return np.asarray(model.value(lanes))

    assert np.array_equal(value(0.0), value(7.5))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_constant_rows_hold_their_value_on_every_held_ordinal(ruleset_id: str) -> None:
    model = _model(ruleset_id)
    search = EvSearch(model)
    for lane, rows in enumerate(search.lanes):
        held = _held(model, lane)
        for row, value in rows.constants:
            assert row < len(FEATURES) or row - len(FEATURES) < len(model.leaves[lane])
            assert row not in rows.rows
            if row < len(FEATURES):
                assert (model.lanes[lane][row][held] == value).all()
        for k, row in enumerate(rows.rows):
            if row < len(FEATURES):
                assert len(np.unique(rows.table[k][held])) > 1


@pytest.mark.parametrize(
    "ruleset_id", sorted(rid for rid, r in RULESETS.items() if r.lane_values.values)
)
def test_a_lane_value_column_is_the_scorer_s_value_of_each_key(ruleset_id: str) -> None:
    """The column built from the tables' categories and named ranks (values by hand and rank,
    mau-binh's AAA front 12) is ``Payout.lane_value`` of every key, one by one."""
    model = _model(ruleset_id)
    keys = model.tables.keys.tolist()
    for lane in range(3):
        plain = [model.payout.lane_value(lane, key) for key in keys]
        assert model.lane_value_column(lane).tolist() == plain
