"""Random games driven by legal moves, for every shipped big-two ruleset (open_spiel style)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import Combo, Game, beats, load_rules
from housegame.cards import Card
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS
from tests.suite import examples


def play_randomly(game: Game, rnd: random.Random) -> None:
    """Pick among the legal plays (and passing, when following); now and then let the timer run
    out.
    """
    while not game.over:
        table = game.table
        if rnd.random() < 0.1:
            move = game.timeout()
        else:
            options: list[Combo | None] = list(game.legal_plays())
            if not game.leading:
                options.append(None)
            choice = rnd.choice(options)
            move = game.pass_turn() if choice is None else game.play(choice.cards)
        if move.play is not None and table is not None:
            assert beats(move.play, table, game.rules)
        if move.play is None:
            assert table is not None, "a leader passed"


@pytest.mark.parametrize("ruleset_id", BIG_TWO_IDS)
@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rnd=st.randoms(use_true_random=False))
def test_random_games_end_cleanly_and_settle_to_zero(
    ruleset_id: str, seed: int, rnd: random.Random
) -> None:
    rules = load_rules(ruleset_id)
    game = Game.deal(rules, seed)
    play_randomly(game, rnd)
    left = game.cards_left()
    assert sorted(left.values()).count(0) == 1
    assert game.moves[-1].goes_out and left[game.moves[-1].player] == 0
    played: list[Card] = [c for m in game.moves if m.play is not None for c in m.play.cards]
    assert len(played) == len(set(played))
    assert len(played) + sum(left.values()) == 52
    first = next(m for m in game.moves if m.play is not None)
    assert rules.lead_card in first.play.cards  # type: ignore[union-attr]
    result = game.settlement()
    assert sum(result.totals.values()) == 0
    assert result.totals[result.winner] > 0
    payers = [n for n in left if n != result.winner and result.liable in (None, n)]
    assert (
        all(result.totals[n] < 0 for n in payers)
        or rules.ruleset.penalty.settlement == "pairwise-difference"
    )
    if result.liable is not None:  # 頂大: the liable player takes on every other loss
        assert all(result.totals[n] >= 0 for n in left if n != result.liable)
