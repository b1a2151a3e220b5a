"""``settle_terms`` (what simulations count) against ``settle_table`` (the itemized settlement):
the same pairs, terms, units and totals, on seeded tables of every bundled ruleset and every
test variant, and on random tables with fouls, surrenders, declared specials and bankers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.arrange import Arranger
from housegame.arrange.simulate import arranged_table
from housegame.cards import DECK
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.tally import NAMES, ThirteenTally
from housegame.simulation.thirteen import deal_chunk
from housegame.tables import TableFile
from housegame.thirteen.results import Seat, TableResult, TableTerms
from housegame.thirteen.seating import resolve_banker, seat_table
from housegame.thirteen.settle import settle_table, settle_terms
from tests.suite import examples, per_ruleset
from tests.thirteen.test_properties import tables

VARIANTS = sorted((Path(__file__).parents[1] / "arrange" / "variants").glob("*.yaml"))


def _load(ref: str | Path) -> ThirteenCardRuleset:
    rules = load_ruleset(ref)
    assert isinstance(rules, ThirteenCardRuleset)
    return rules


RULESETS = {
    **{r.id: r for r in bundled_of(ThirteenCardRuleset)},
    **{path.stem: _load(path) for path in VARIANTS},
}


def _pairs(table: TableResult | TableTerms) -> list[Any]:
    return [
        (
            p.first,
            p.second,
            p.scooped_by,
            p.counted_only,
            p.lane_units,
            [(i.kind, i.label, i.units) for i in p.items],
        )
        for p in table.pairs
    ]


def _tally(table: TableResult | TableTerms) -> ThirteenTally:
    tally = ThirteenTally(len(table.seats))
    tally.add_table(0, table)
    return tally


def assert_same(rules: ThirteenCardRuleset, seats: Sequence[Seat], banker: str | None) -> None:
    full = settle_table(rules, seats, banker)
    terms = settle_terms(rules, seats, banker)
    assert _pairs(terms) == _pairs(full)
    assert terms.totals == full.totals
    assert [(e.player, e.item) for e in terms.pool] == [(e.player, e.item) for e in full.pool]
    assert _tally(terms) == _tally(full)
    if not rules.multipliers:  # a factor such as 1.5 may leave a pair's share not whole
        whole = [i.units for p in terms.pairs for i in p.items]
        assert all(type(units) is int for units in whole)


@pytest.mark.parametrize("ruleset_id", per_ruleset(sorted(RULESETS)))
def test_the_same_terms_on_seeded_simulated_tables(ruleset_id: str) -> None:
    """Hands set by the ``ev`` arranger, specials declared as it decides: what a simulation
    settles."""
    rules = RULESETS[ruleset_id]
    players = min(4, rules.table.seats.max or 4)
    dealt = deal_chunk(12, 0, 40, players).reshape(-1, 13).tolist()
    arranged = Arranger(rules, "ev").arrange_many([[DECK[c] for c in row] for row in dealt])
    for d in range(40):
        seats, banker = arranged_table(rules, NAMES[:players], arranged[d * players :][:players])
        assert_same(rules, seats, banker)


@pytest.mark.parametrize("ruleset_id", per_ruleset(sorted(RULESETS)))
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_same_terms_on_random_tables(ruleset_id: str, data: st.DataObject) -> None:
    """Fouls, surrenders, declared specials and any banker."""
    rules = RULESETS[ruleset_id]
    drawn = data.draw(tables(rules))
    names = {p["name"]: NAMES[i] for i, p in enumerate(drawn["players"])}  # as the tally reads
    table = TableFile.model_validate(
        {
            "players": [p | {"name": names[p["name"]]} for p in drawn["players"]],
            "banker": names.get(drawn["banker"]),
        }
    )
    seats = seat_table(rules, table)
    assert_same(rules, seats, resolve_banker(rules, table, None))


def test_terms_are_plain_ints_and_pairs_keep_no_hand_descriptions() -> None:
    rules = RULESETS["pagat"]
    dealt = deal_chunk(3, 0, 1, 4).reshape(-1, 13).tolist()
    seats, banker = arranged_table(
        rules, NAMES, Arranger(rules, "ev").arrange_many([[DECK[c] for c in row] for row in dealt])
    )
    terms = settle_terms(rules, seats, banker)
    assert all(type(t) is int for t in terms.totals.values())
    assert not hasattr(terms.pairs[0], "lanes")
    assert sum(terms.totals.values()) == 0 == sum(settle_table(rules, seats).totals.values())
    assert isinstance(settle_table(rules, seats).pairs[0].lane_units, Fraction)
