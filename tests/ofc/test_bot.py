"""The computer opponent: legal, deterministic for a seed, and it avoids fouls."""

from __future__ import annotations

from housegame.ofc import Hand, shuffled_deck
from housegame.ofc.bot import choose_move
from housegame.ofc.moves import parse_move
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
