"""The search bot: fast playouts agree with the engine, only legal moves, games that replay,
the same moves for the same seed, and deals of the unseen cards that use only what the player
to move may know."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import Game, Move, Rules, all_plays, computer_move, load_rules, replay_located
from housegame.bigtwo.advice import REASONS, SHOWN_REASONS, advise, distinct, position_reasons
from housegame.bigtwo.bots import careful_choice
from housegame.bigtwo.combos import classify
from housegame.bigtwo.computer import bot_named
from housegame.bigtwo.playout import PlayIndex, net_totals, play_out, position_of
from housegame.bigtwo.search import (
    SearchSettings,
    estimates,
    public_view,
    sample_hands,
    search_move,
)
from housegame.bigtwo.session import log_text
from housegame.cards import DECK, Card, parse_cards
from housegame.glossary import say
from housegame.yamlsource import load_yaml_text
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS
from tests.suite import examples

QUICK = SearchSettings(determinisations=4, candidates=6)


def careful_move(game: Game) -> Move:
    choice = careful_choice(game)
    return game.play(choice.cards) if choice is not None else game.pass_turn()


def played(rules: Rules, seed: int, moves: int) -> Game:
    """A deal with its first ``moves`` baseline moves made (fewer if it ends)."""
    game = Game.deal(rules, seed)
    for _ in range(moves):
        if game.over:
            break
        computer_move(game)
    return game


@pytest.mark.parametrize("seed", range(12))
def test_a_playout_is_the_engines_game(rules: Rules, seed: int) -> None:
    """From a dealt or half-played position with the real hands, the fast playout makes the
    engine's moves (baseline seats, one careful seat) and the same settlement."""
    game = played(rules, seed, 7 * (seed % 3))
    careful = seed % 4
    index = PlayIndex(rules)
    pos = position_of(game, game.hands, index)
    pos.record = []
    play_out(pos, index, careful)
    start = len(game.moves)
    while not game.over:
        (careful_move if game.turn == careful else computer_move)(game)
    assert [p.combo if p else None for p in pos.record] == [m.play for m in game.moves[start:]]
    assert net_totals(pos, rules, game.names) == game.settlement().totals


@settings(max_examples=examples(60), deadline=None)
@given(hand=st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True))
def test_the_play_index_lists_what_all_plays_lists(hand: list[Card]) -> None:
    """``PlayIndex.plays_of`` (each group classified once) against ``moves.all_plays``, for
    every shipped ruleset, the same index reused across hands."""
    for rules, index in INDEXES:
        assert [p.combo for p in index.plays_of(hand)] == all_plays(hand, rules)


INDEXES = [(r, PlayIndex(r)) for r in map(load_rules, BIG_TWO_IDS)]


def play_to_the_end(game: Game, bot: Callable[[Game], Move]) -> Game:
    while not game.over:
        before = game.legal_plays()
        move = bot(game)
        assert move.play is None or move.play in before
    return game


@pytest.mark.parametrize("seed", [5, 6])
def test_the_search_plays_legal_moves_and_its_game_replays(rules: Rules, seed: int) -> None:
    game = play_to_the_end(Game.deal(rules, seed), lambda g: search_move(g, seed, QUICK))
    replayed = replay_located(load_yaml_text(log_text(game), "game.yaml"))
    assert replayed.settlement == game.settlement()


def test_the_same_seed_plays_the_same_game(maceplay: Rules) -> None:
    def moves(seed: int) -> list[Move]:
        return play_to_the_end(Game.deal(maceplay, 11), bot_named("search", seed, QUICK)).moves

    assert moves(3) == moves(3)


def test_estimates_are_ranked_by_their_points(maceplay: Rules) -> None:
    game = played(maceplay, 2, 5)
    found = estimates(game, QUICK, 1)
    assert len(found) > 1
    assert [e.points for e in found] == sorted((e.points for e in found), reverse=True)
    assert all(e.deals == QUICK.determinisations for e in found)
    legal = game.legal_plays()
    assert all(e.play is None or e.play in legal for e in found)


def regrouped(game: Game, rng: random.Random) -> Game:
    """The same public history with the other players' unseen cards dealt among them anew:
    the game the player to move cannot tell from ``game``."""
    me = game.turn
    others = [s for s in range(4) if s != me]
    pool = [c for s in others for c in game.hands[s]]
    rng.shuffle(pool)
    dealt = [set(h) for h in game.hands]
    for move in game.moves:
        if move.play is not None:
            dealt[game.names.index(move.player)] |= set(move.play.cards)
    for s in others:
        held = game.hands[s]
        dealt[s] = (dealt[s] - held) | {pool.pop() for _ in held}
    again = Game(game.rules, {n: list(h) for n, h in zip(game.names, dealt)})
    for move in game.moves:
        again.play(move.play.cards) if move.play is not None else again.pass_turn()
    assert again.turn == me and again.hands[me] == game.hands[me]
    return again


@pytest.mark.parametrize("seed", range(6))
def test_the_search_sees_only_public_information(rules: Rules, seed: int) -> None:
    """Moving the hidden cards among the other players changes neither the view, nor the deals
    sampled from it, nor the estimates."""
    game = played(rules, seed, 9 + seed)
    if game.over:
        return
    other = regrouped(game, random.Random(seed))
    assert other.hands != game.hands
    assert public_view(other) == public_view(game)
    assert estimates(other, QUICK, seed) == estimates(game, QUICK, seed)


@pytest.mark.parametrize("seed", range(8))
def test_sampled_hands_fit_what_the_table_showed(rules: Rules, seed: int) -> None:
    game = played(rules, seed, 6 + 2 * seed)
    if game.over:
        return
    view = public_view(game)
    rng = random.Random(seed)
    for _ in range(10):
        hands = sample_hands(view, rules, rng)
        assert hands[view.seat] == list(view.hand)
        assert [len(h) for h in hands] == [len(h) for h in game.hands]
        others = sorted(c for s, h in enumerate(hands) if s != view.seat for c in h)
        assert others == sorted(view.unseen)
        for s, h in enumerate(hands):
            bound = view.ceiling[s]
            if bound is not None and s != view.seat:
                assert all(rules.power(c) <= bound for c in h)


def test_a_pass_over_a_single_caps_that_players_singles(maceplay: Rules) -> None:
    game = played(maceplay, 4, 30)
    view = public_view(game)
    passes = [
        (game.names.index(m.player), game.moves[i - 1])
        for i, m in enumerate(game.moves)
        if m.play is None and i and game.moves[i - 1].play is not None
    ]
    capped = [
        (s, maceplay.power(prev.play.cards[0]))
        for s, prev in passes
        if prev.play is not None and prev.play.kind == "single" and s != view.seat
    ]
    assert capped, "the seed's game has a pass right after a single"
    for seat, power in capped:
        bound = view.ceiling[seat]
        assert bound is not None and bound <= power


def test_the_hints_alternatives_follow_the_search(maceplay: Rules) -> None:
    game = played(maceplay, 2, 5)
    found = estimates(game, QUICK, 1)
    shown = advise(game, QUICK, 1, top=3)
    assert [a.estimate for a in shown] == distinct(found)[:3]
    assert [a.estimate.points for a in shown] == sorted(
        (a.estimate.points for a in shown), reverse=True
    )
    for advice in shown:
        english, chinese = advice.reason_texts("en"), advice.reason_texts("zh")
        assert english[0].startswith("about ") and chinese[0].startswith("约 ")
        assert len(english) == len(chinese) <= 1 + SHOWN_REASONS


def test_a_forced_move_is_the_only_one(maceplay: Rules) -> None:
    game = played(maceplay, 4, 30)
    while game.legal_plays() or game.leading:
        computer_move(game)
    (only,) = advise(game, QUICK)
    assert only.play is None
    assert only.reason_texts("en") == ["the only move", "keeps your cards for a later trick"]


def reasons_for(game: Game, cards: str) -> list[str]:
    play = classify(parse_cards(cards), game.rules)
    return [say("en", REASONS[key], **blanks) for key, blanks in position_reasons(game, play)]


def test_the_reasons_read_the_position(maceplay: Rules) -> None:
    """Going out, what an opponent on one card can answer, the 2 kept or spent, a pair
    broken, the singles left."""
    game = Game.deal(maceplay, 0)
    game.hands = [set(parse_cards(h)) for h in ("3C 3D 5H 5S 2S", "4C", "6C 7C", "8C 9C")]
    game.turn = 0
    assert reasons_for(game, "5H 5S") == [
        "East, on one card, cannot follow a pair",
        "keeps the 2 for control",
        "leaves you 1 single",
    ]
    assert reasons_for(game, "2S") == [
        "East, on one card, cannot beat it",
        "nothing unseen beats it: the lead comes back to you",
        "spends a 2",
        "leaves you 0 singles",
    ]
    assert reasons_for(game, "3C") == [
        "East, on one card, may beat it and go out",
        "breaks up your pair of 3s",
        "keeps the 2 for control",
        "leaves you 2 singles",
    ]
    game.hands[0] = set(parse_cards("3C 3D"))
    assert reasons_for(game, "3C 3D") == ["plays your last cards"]
