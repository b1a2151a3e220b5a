"""Properties of every shipped OFC ruleset: zero-sum payouts, and legal play uses the deck
exactly.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from housegame.cards import DECK, Card
from housegame.ofc import Hand, Move, make_seat, settle_table, shuffled_deck
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.loader import bundled_of
from housegame.rulesets.ofc import OfcRuleset
from housegame.setting import Setting
from tests.suite import examples

OFC = bundled_of(OfcRuleset)
IDS = [r.id for r in OFC]
SETTINGS = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_both_rulesets_are_covered() -> None:
    assert {"golden-nugget-pineapple", "ofc-classic"} <= set(IDS)


@pytest.mark.parametrize("rules", OFC, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_payouts_sum_to_zero(rules: OfcRuleset, data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 3))
    cards = data.draw(st.permutations(DECK))[: 13 * players]
    seats = []
    for i in range(players):
        own = cards[13 * i : 13 * i + 13]
        setting = Setting.of(own[:3], own[3:8], own[8:], rules.ranking.rules())
        seats.append(make_seat(rules, f"P{i}", setting))
    result = settle_table(rules, seats)
    assert sum(result.totals.values()) == 0
    assert len(result.pairs) == len(list(combinations(seats, 2)))


def random_move(data: st.DataObject, hand: Hand, name: str) -> Move:
    """Any legal move: a random order of the cards in hand, discards first, lanes with room."""
    board = hand.boards[name]
    discard = hand.expected(name)[1]
    cards: list[Card] = data.draw(st.permutations(board.pending))
    placed: dict[LaneName, list[Card]] = {lane: [] for lane in LANES}
    for card in cards[discard:]:
        room = [
            lane
            for lane in LANES
            if len(board.lanes[lane]) + len(placed[lane]) < hand.ruleset.lanes.cap(lane)
        ]
        placed[data.draw(st.sampled_from(room))].append(card)
    return Move({lane: cs for lane, cs in placed.items() if cs}, cards[:discard])


@pytest.mark.parametrize("rules", OFC, ids=IDS)
@SETTINGS
@given(
    data=st.data(), seed=st.integers(0, 10**6), players=st.integers(2, 3), fantasyland=st.booleans()
)
def test_random_legal_play_uses_each_card_once(
    rules: OfcRuleset, data: st.DataObject, seed: int, players: int, fantasyland: bool
) -> None:
    names = [f"P{i}" for i in range(players)]
    allowed = rules.fantasyland.card_counts() if rules.fantasyland is not None else []
    counts = {"P1": data.draw(st.sampled_from(allowed))} if fantasyland and allowed else {}
    hand = Hand(rules, names, shuffled_deck(seed), counts)
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        hand.play(who, random_move(data, hand, who))
    seen: list[Card] = []
    for name, board in hand.boards.items():
        dealt = counts.get(name, rules.cards_per_player())
        assert len(board.placed) == rules.lanes.total == 13
        assert len(board.discards) == dealt - 13
        assert sorted(board.placed + board.discards) == sorted(board.dealt)
        seen.extend(board.dealt)
    assert len(seen) == len(set(seen))
    assert sum(hand.result().totals.values()) == 0


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_pineapple_players_place_13_and_discard_4(seed: int, data: st.DataObject) -> None:
    rules = next(r for r in OFC if r.id == "golden-nugget-pineapple")
    hand = Hand(rules, ["A", "B", "C"], shuffled_deck(seed))
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        hand.play(who, random_move(data, hand, who))
    for board in hand.boards.values():
        assert (len(board.placed), len(board.discards)) == (13, 4)
    assert len({c for b in hand.boards.values() for c in b.dealt}) == 51
