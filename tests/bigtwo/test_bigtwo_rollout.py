"""The search's fast path against its readable reference: ``powerplays`` (a hand's plays on
card powers) against ``playout.PlayIndex``, ``rollout`` and its ``Payout`` against
``playout.play_out`` and ``settle.net_points``, ``unseen.UnseenDealer`` against
``search.sample_hands``, ``rollout.own_moves`` against the engine, and the whole search: the
same estimates, hence the same move, from every position tried."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import Game, Rules, load_rules
from housegame.bigtwo.bots import computer_choice
from housegame.bigtwo.playout import apply, mask_cards, net_totals, play_out, position_of
from housegame.bigtwo.powerplays import PowerTable, pack
from housegame.bigtwo.rollout import Payout, deal_of, own_moves, rollout, trick_of
from housegame.bigtwo.search import (
    SAMPLE_TRIES,
    SearchSettings,
    candidates,
    estimates,
    public_view,
    reference_scorer,
    rollout_scorer,
    sample_hands,
)
from housegame.bigtwo.unseen import UnseenDealer
from housegame.cards import DECK, Card
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS, variant
from tests.bigtwo.test_bigtwo_search import played
from tests.suite import examples, per_ruleset

VARIANTS = {
    "bombs": "bombs: {kinds: [quads, straight-flush], beat: [single, pair]}\n",
    "four-alone": "quads_kicker: false\nbombs: {kinds: [quads], beat: [single]}\n",
    "pass-is-final": "trick:\n  pass_is_final: true\n",
}


@pytest.fixture(scope="module")
def every_rules(tmp_path_factory: pytest.TempPathFactory) -> list[Rules]:
    """The shipped rulesets and variants that reach the fast path's other branches (bombs, a
    four played alone, a pass that is final)."""
    folder = Path(tmp_path_factory.mktemp("variants"))
    made = [variant(folder, body, name) for name, body in VARIANTS.items()]
    return [*map(load_rules, BIG_TWO_IDS), *made]


def test_pack_orders_as_the_tuples() -> None:
    tuples = [(3,), (3, 0), (2, 9, 9), (3, 1), (12, 3)]
    for a in tuples:
        for b in tuples:
            if a[: len(b)] != b and b[: len(a)] != a:
                assert (pack(a, 3) < pack(b, 3)) == (a < b)
    with pytest.raises(ValueError):
        pack((64,), 1)


@settings(max_examples=examples(80), deadline=None)
@given(hand=st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True))
def test_hand_plays_are_the_reference_plays(every_rules: list[Rules], hand: list[Card]) -> None:
    """``PowerTable.hand_plays`` (from the hand's shape) lists ``PlayIndex.plays_of`` (itself
    checked against ``moves.all_plays``) family by family, in order."""
    for rules in every_rules:
        table = tables(rules)
        found = table.hand_plays(table.mask(hand))
        reference = table.index.plays_of(hand)
        for family, plays in enumerate(found.families):
            assert [p.combo for p in plays] == [p.combo for p in reference if p.family == family]
        assert [p.combo for p in found.bombs] == [p.combo for p in reference if p.bomb]


TABLES: dict[str, PowerTable] = {}


def tables(rules: Rules) -> PowerTable:
    """One ``PowerTable`` per ruleset for the hypothesis tests (its memory reused)."""
    if rules.id not in TABLES:
        TABLES[rules.id] = PowerTable(rules)
    return TABLES[rules.id]


@pytest.mark.parametrize("seed", range(12))
def test_a_rollout_is_the_reference_playout(every_rules: list[Rules], seed: int) -> None:
    """From dealt and half-played positions with the real hands, after each candidate move,
    ``rollout`` ends where ``playout.play_out`` ends (winner, every hand left, who did not
    top) and ``Payout`` pays every seat what ``settle.net_points`` pays."""
    for rules in every_rules:
        game = played(rules, seed, 6 * (seed % 4))
        if game.over:
            continue
        table = PowerTable(rules)
        index = table.index
        careful = seed % 5 - 1
        deal = deal_of(trick_of(game, table), [table.mask(h) for h in game.hands], table)
        payout = Payout(table)
        for first in candidates(game, 10, computer_choice(game)):
            pos = position_of(game, game.hands, index)
            apply(pos, index.of(first) if first is not None else None, index)
            play_out(pos, index, careful)
            fast = rollout(deal, table.of(first) if first is not None else None, careful)
            hands = [table.mask(mask_cards(h)) for h in pos.hands]
            assert (fast.winner, fast.hands, fast.did_not_top) == (
                pos.winner,
                hands,
                pos.did_not_top,
            )
            totals = net_totals(pos, rules, game.names)
            assert [payout.net(fast, s) for s in range(4)] == [totals[n] for n in game.names]


@pytest.mark.parametrize("seed", range(8))
def test_the_dealer_deals_what_sample_hands_deals(every_rules: list[Rules], seed: int) -> None:
    """Card for card, from the same generator state, and leaving the generator alike; with
    passes read, so some deals are restricted and some hit dead ends."""
    for rules in every_rules:
        game = played(rules, seed, 8 + 3 * seed)
        if game.over:
            continue
        table = PowerTable(rules)
        view = public_view(game)
        own = table.mask(view.hand)
        dealer = UnseenDealer(
            view.seat, own, view.counts, view.unseen, view.ceiling, table.power, SAMPLE_TRIES
        )
        fast, slow = random.Random(seed), random.Random(seed)
        for _ in range(6):
            assert dealer.deal(fast) == [table.mask(h) for h in sample_hands(view, rules, slow)]
            assert fast.getstate() == slow.getstate()


QUICK = SearchSettings(determinisations=6, candidates=8)


@pytest.mark.parametrize("careful", [True, False])
@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40))
def test_the_fast_search_estimates_what_the_reference_estimates(
    every_rules: list[Rules], careful: bool, seed: int, moves: int
) -> None:
    """The whole search, fast path against reference: every candidate's estimate alike (so
    the same move), from positions along seeded games."""
    search = SearchSettings(QUICK.determinisations, QUICK.candidates, True, careful)
    for rules in every_rules:
        game = played(rules, seed, moves)
        if game.over:
            continue
        fast = estimates(game, search, seed, rollout_scorer)
        assert fast == estimates(game, search, seed, reference_scorer)


@pytest.mark.parametrize("ruleset", per_ruleset(BIG_TWO_IDS))
def test_whole_games_of_the_default_search_are_the_references(ruleset: str) -> None:
    """A whole seeded game with the default settings: at each searched decision, the fast
    estimates are the reference's."""
    rules = load_rules(ruleset)
    game = Game.deal(rules, 3)
    while not game.over:
        fast = estimates(game, seed=3)
        assert fast == estimates(game, seed=3, scorer=reference_scorer)
        best = fast[0].play
        game.play(best.cards) if best is not None else game.pass_turn()


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_own_moves_are_the_engines(every_rules: list[Rules], seed: int, moves: int) -> None:
    """The search's candidates start from ``own_moves``: the engine's legal plays, in order,
    and the baseline's choice."""
    for rules in every_rules:
        game = played(rules, seed, moves)
        if game.over:
            continue
        table = tables(rules)
        assert own_moves(game, table) == (game.legal_plays(), computer_choice(game))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_dealer_keeps_each_count_at_every_table_size(players: int, seed: int) -> None:
    """At 2 players half the deck is out of play: the dealer sets it aside, as ``sample_hands``
    does, card for card; every player gets exactly the cards they hold."""
    rules = load_rules("amarillo-big-two")
    game = Game.deal(rules, seed, ["A", "B", "C", "D"][:players])
    for _ in range(seed * 3):
        if game.over:
            break
        choice = computer_choice(game)
        game.play(choice.cards) if choice is not None else game.pass_turn()
    table = PowerTable(rules)
    view = public_view(game)
    dealer = UnseenDealer(
        view.seat, table.mask(view.hand), view.counts, view.unseen, view.ceiling, table.power, 20
    )
    fast, slow = random.Random(seed), random.Random(seed)
    for _ in range(6):
        dealt = dealer.deal(fast)
        assert dealt == [table.mask(h) for h in sample_hands(view, rules, slow)]
        assert [bin(hand).count("1") for hand in dealt] == list(view.counts)


@pytest.mark.parametrize("players", [2, 3])
def test_whole_games_at_two_and_three_players_are_the_references(players: int) -> None:
    """Two and three players (half the deck out of play; 17, 17 and 18 cards): at each
    searched decision of a seeded game, the fast estimates are the reference's."""
    rules = load_rules("amarillo-big-two")
    game = Game.deal(rules, 5, ["A", "B", "C"][:players])
    search = SearchSettings(determinisations=4, candidates=6)
    while not game.over:
        fast = estimates(game, search, 5)
        assert fast == estimates(game, search, 5, reference_scorer)
        best = fast[0].play
        game.play(best.cards) if best is not None else game.pass_turn()
