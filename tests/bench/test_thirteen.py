"""The 13-card ladder: duplicate pairing is exact, and the numbers do not depend on where the
chunks ran."""

from __future__ import annotations

from collections import Counter

import pytest

from housegame.arrange.arranger import Arranger
from housegame.arrange.simulate import arranged_table
from housegame.bench import bench_thirteen
from housegame.bench.thirteen import (
    RESPONSE_CHUNKS,
    PlayChunk,
    ResponseChunk,
    counted_odds,
    seat_gains,
)
from housegame.cards import DECK
from housegame.errors import HousegameError, TableError
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.runner import Backend
from housegame.simulation.tally import NAMES
from housegame.simulation.thirteen import deal_chunk
from housegame.thirteen.settle import settle_terms


def ruleset(rid: str) -> ThirteenCardRuleset:
    loaded = load_ruleset(rid)
    assert isinstance(loaded, ThirteenCardRuleset)
    return loaded


def hands(seed: int, index: int, deals: int) -> list[list]:  # type: ignore[type-arg]
    return [[DECK[c] for c in row] for row in deal_chunk(seed, index, deals, 4).reshape(-1, 13)]


@pytest.mark.parametrize("rid", ["pagat", "macau", "taiwan", "pagat-pool"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_strategy_against_itself_gains_exactly_nothing(rid: str, players: int) -> None:
    rules = ruleset(rid)
    arranged = Arranger(rules, "lexicographic").arrange_many(hands(3, 0, 5))
    for first in range(0, 4 * 5, 4):
        table = arranged[first : first + players]
        assert seat_gains(rules, table, table) == [0] * players


@pytest.mark.parametrize("rid", ["pagat", "macau"])
def test_each_seat_is_the_response_against_the_strategy_elsewhere(rid: str) -> None:
    """Seats rotated: seat k's gain is the response's total in seat k, the strategy in every
    other seat, less the strategy's total there at the table of the strategy alone."""
    rules = ruleset(rid)
    dealt = hands(4, 0, 1)
    mine = Arranger(rules, "lexicographic").arrange_many(dealt)
    theirs = Arranger(rules, "ev").arrange_many(dealt)
    base = settle_terms(rules, *arranged_table(rules, NAMES, mine)).totals
    expected = []
    for seat in range(4):
        seated = [*mine[:seat], theirs[seat], *mine[seat + 1 :]]
        totals = settle_terms(rules, *arranged_table(rules, NAMES, seated)).totals
        expected.append(totals[NAMES[seat]] - base[NAMES[seat]])
    assert seat_gains(rules, mine, theirs) == expected
    assert any(gain != 0 for gain in expected)


def test_the_response_and_the_play_deal_apart_and_as_simulate_does() -> None:
    """Every strategy plays the deals ``simulate`` deals for the seed; the response reads
    other deals (chunk indices from ``RESPONSE_CHUNKS``)."""
    rules = ruleset("pagat")
    played = hands(9, 0, 3)
    assert hands(9, RESPONSE_CHUNKS, 3) != played
    lanes = ResponseChunk(rules, "lexicographic", 2, 9, 0, 3)()
    expected: list[Counter[int]] = [Counter(), Counter(), Counter()]
    for arrangement in Arranger(rules, "lexicographic").arrange_many(hands(9, RESPONSE_CHUNKS, 3)):
        for lane, key in zip(expected, arrangement.best.setting.keys):
            lane[key] += 1
    assert lanes == expected
    response = counted_odds(rules, lanes)
    tally = PlayChunk(rules, "lexicographic", 2, response, 9, 0, 3)()
    assert tally.deals == 3 and tally.hands == 12


@pytest.mark.slow  # worker processes
def test_the_ladder_gives_the_same_numbers_on_any_backend() -> None:
    args = (["macau"], ["lexicographic"], (2, 4), 30)
    local = bench_thirteen(*args, seed=2, response_deals=20)
    assert local == bench_thirteen(*args, seed=2, response_deals=20, backend=Backend(jobs=2))
    assert [(row.players, row.deals) for row in local.rows] == [(2, 30), (4, 30)]


def test_lexicographic_play_is_far_more_exploitable_than_ev() -> None:
    report = bench_thirteen(["pagat"], ["lexicographic", "ev"], (2,), 120, 2, 60)
    by = {row.strategy: row for row in report.rows}
    assert by["lexicographic"].gain[1] > by["ev"].gain[2]
    assert by["lexicographic"].agreement[0] < by["ev"].agreement[0] < 1
    assert by["ev"].response_hands == 240


def test_bad_requests_are_clear_errors() -> None:
    with pytest.raises(HousegameError, match="unknown 13-card strategy 'best'"):
        bench_thirteen(["pagat"], ["best"], deals=1)
    with pytest.raises(TableError, match="deals"):
        bench_thirteen(["pagat"], ["ev"], deals=0)
    wide = ruleset("pagat")
    seats = wide.table.seats.model_copy(update={"max": 3})
    narrow = wide.model_copy(update={"table": wide.table.model_copy(update={"seats": seats})})
    with pytest.raises(TableError, match="does not seat 4 players"):
        bench_thirteen([narrow], ["ev"], players=(4,), deals=1)


def test_a_deck_of_its_own_is_dealt_whole_and_cut_into_tables() -> None:
    """maceplay-add-a-suit: a deal is five hands of its 65 cards (a spade may come twice), two
    heads-up tables (four hands) or one of five; six players are more than it deals."""
    rules = ruleset("maceplay-add-a-suit")
    lanes = ResponseChunk(rules, "lexicographic", 2, 9, 0, 4)()
    assert sum(lanes[0].values()) == 4 * 5
    response = counted_odds(rules, lanes)
    for players, hands in ((2, 4), (5, 5)):
        tally = PlayChunk(rules, "lexicographic", players, response, 9, 0, 4)()
        assert (tally.deals, tally.hands) == (4, 4 * hands)
    with pytest.raises(TableError, match="does not seat 6 players"):
        bench_thirteen([rules], ["ev"], players=(6,), deals=1)
