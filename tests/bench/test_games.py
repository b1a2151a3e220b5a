"""The OFC and Big Two ladders: duplicate pairing is exact, random baselines play legally."""

from __future__ import annotations

import pytest

from housegame.bench.games import (
    BigTwoMatch,
    OfcMatch,
    bench_bigtwo,
    bench_ofc,
    deal_seeds,
    play_bigtwo,
)
from housegame.bench.strategies import random_ofc_move
from housegame.bigtwo.rules import Rules
from housegame.errors import HousegameError
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.runner import Backend

OFC = {r.id: r for r in bundled_of(OfcRuleset)}
BIGTWO = {r.id: r for r in bundled_of(BigTwoRuleset)}


@pytest.mark.parametrize("rid", sorted(OFC))
def test_random_ofc_moves_are_legal(rid: str) -> None:
    """Random play to the end of many hands, Fantasyland hands included: every move passes
    the engine's checks (a refused move raises) and no board dies of a misplaced card."""
    ruleset = OFC[rid]
    fantasyland = {"p2": ruleset.fantasyland.card_counts()[0]} if ruleset.fantasyland else {}
    for seed in range(8):
        hand = Hand(ruleset, ["p1", "p2"], shuffled_deck(seed), fantasyland if seed % 2 else {})
        while not hand.finished:
            who = hand.to_act
            assert who is not None
            hand.play(who, random_ofc_move(hand, who, seed))
        assert all(board.dead is None for board in hand.boards.values())


@pytest.mark.parametrize("rid", sorted(OFC)[:1])
def test_an_ofc_bot_against_itself_is_exactly_even(rid: str) -> None:
    tally = OfcMatch(OFC[rid], "random", "random", 1, 0, 6)()
    assert tally.margins == {0: 6}
    assert tally.events["hands"] == 12


@pytest.mark.parametrize("rid", sorted(BIGTWO))
def test_a_bigtwo_bot_against_itself_is_exactly_even(rid: str) -> None:
    tally = BigTwoMatch(BIGTWO[rid], "bot", "bot", 1, 0, 4)()
    assert tally.margins == {0: 4}
    assert tally.events["games"] == 16


def test_every_seating_plays_the_same_deal() -> None:
    """A deal's four seatings start from one seed: with one strategy everywhere they are one
    game, move for move."""
    rules = Rules.of(BIGTWO[sorted(BIGTWO)[0]])
    (seed,) = deal_seeds(5, 0, 1)
    first = play_bigtwo(rules, ["random", "bot", "bot", "bot"], seed)
    again = play_bigtwo(rules, ["random", "bot", "bot", "bot"], seed)
    assert [m.play for m in first.moves] == [m.play for m in again.moves]
    other = play_bigtwo(rules, ["bot", "random", "bot", "bot"], seed)
    assert first.moves[0].player == other.moves[0].player  # the same hands: the same leader


def test_the_bots_beat_random_play() -> None:
    ofc = bench_ofc([OFC["golden-nugget-pineapple"]], ["bot"], ["random"], 10, seed=3)
    (row,) = ofc.rows
    assert row.margin[1] > 0 and set(row.rates) == {"foul", "fantasyland entry", "fantasyland stay"}
    bigtwo = bench_bigtwo([BIGTWO["pusoy-dos"]], ["bot"], ["random"], 20, seed=3)
    (row,) = bigtwo.rows
    assert row.margin[1] > 0 and row.rates["win"][0] > 0.25


@pytest.mark.slow  # worker processes
def test_the_same_numbers_on_any_backend() -> None:
    args = ([BIGTWO["pusoy-dos"]], ["bot"], ["random"], 20)
    assert bench_bigtwo(*args, seed=4) == bench_bigtwo(*args, seed=4, backend=Backend(jobs=2))


def test_unknown_strategies_are_clear_errors() -> None:
    with pytest.raises(HousegameError, match="unknown OFC strategy 'mcts'"):
        bench_ofc([OFC["ofc-classic"]], ["mcts"], ["random"], 1)
    with pytest.raises(HousegameError, match="unknown Big Two strategy 'ismcts'"):
        bench_bigtwo([BIGTWO["pusoy-dos"]], ["bot"], ["ismcts"], 1)
