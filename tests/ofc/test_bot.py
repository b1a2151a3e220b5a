"""The computer opponent: legal, deterministic for a seed, and it avoids fouls."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.ofc import Hand, shuffled_deck
from housegame.ofc.bot import choose_move, distinct_keys
from housegame.ofc.moves import parse_move
from housegame.ranking import evaluate_batch
from tests.ofc.helpers import ruleset

GN = ruleset()


def bot_hand(seed: int, players: int = 3) -> Hand:
    hand = Hand(GN, ["A", "B", "C"][:players], shuffled_deck(seed))
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        hand.play(who, choose_move(hand, who, seed))
    return hand


def test_same_seed_same_game() -> None:
    first, second = bot_hand(11), bot_hand(11)
    assert [p.move for p in first.history] == [p.move for p in second.history]


def test_bots_rarely_foul() -> None:
    seats = [s for seed in range(4) for s in bot_hand(seed).result().seats]
    assert sum(s.fouled for s in seats) <= 1


def test_bot_in_fantasyland_uses_the_solver() -> None:
    hand = Hand(GN, ["A", "B"], shuffled_deck(5), {"A": 14})
    move = choose_move(hand, "A", 5)
    assert sum(len(v) for v in move.placed.values()) == 13 and len(move.discarded) == 1
    hand.play("A", move)
    assert not hand.setting("A").fouled


def test_typed_moves() -> None:
    move = parse_move("back AS KS front 7C discard 2H")
    assert {k: [str(c) for c in v] for k, v in move.placed.items()} == {
        "front": ["7C"],
        "back": ["AS", "KS"],
    }
    assert [str(c) for c in move.discarded] == ["2H"]
    assert parse_move("b as, ks f 7c x 2h") == move


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_lanes_ranked_once_each_rank_as_every_lane_does(data: st.DataObject) -> None:
    """``distinct_keys`` (each distinct lane ranked once) against ``evaluate_batch`` on every
    lane: sampled lanes, many of them repeated, in any order of their cards."""
    width = data.draw(st.sampled_from([3, 5]))
    pool = data.draw(st.lists(st.integers(0, 51), min_size=width, max_size=9, unique=True))
    rows = data.draw(st.lists(st.permutations(pool).map(lambda p: p[:width]), min_size=1))
    lanes = np.array(rows, dtype=np.int64)
    rules = ruleset().ranking.rules()
    assert (distinct_keys(lanes, rules) == evaluate_batch(lanes, rules)).all()
