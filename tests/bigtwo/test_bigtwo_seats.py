"""Big Two for 2, 3 and 4 players: each ruleset's ``deal`` read by dealing, play, playouts, the
search, settlement and replay, for every shipped ruleset and every seat count it deals for."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import (
    BigTwoError,
    Game,
    Rules,
    computer_move,
    load_rules,
    replay_file,
    replay_located,
    search_move,
    settle,
)
from housegame.bigtwo.playout import PlayIndex, net_totals, play_out, position_of
from housegame.bigtwo.search import SearchSettings, public_view, sample_hands
from housegame.bigtwo.session import Table, log_text
from housegame.cards import DECK, parse_cards
from housegame.errors import RulesetError
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import load_ruleset
from housegame.yamlsource import load_yaml_text
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS, variant
from tests.bigtwo.test_bigtwo_properties import play_randomly
from tests.suite import examples

ROOT = Path(__file__).resolve().parents[2]
QUICK = SearchSettings(determinisations=4, candidates=6)
NAMES = ("A", "B", "C", "D")


def seat_counts(ruleset_id: str) -> tuple[int, ...]:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, BigTwoRuleset)
    return ruleset.seat_counts


SEATED = [(rid, n) for rid in BIG_TWO_IDS for n in seat_counts(rid)]
FEWER = [(rid, n) for rid, n in SEATED if n < 4]


def test_a_shipped_ruleset_deals_for_two_and_three() -> None:
    """The issue's point 4 and 6: a bundled ruleset with a three-player deal (and a two)."""
    assert {2, 3} <= {n for _, n in FEWER}


def deal(ruleset_id: str, players: int, seed: int) -> Game:
    return Game.deal(load_rules(ruleset_id), seed, NAMES[:players])


@pytest.mark.parametrize(("ruleset_id", "players"), SEATED)
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rnd=st.randoms(use_true_random=False))
def test_random_games_at_every_seat_count_end_cleanly_and_settle_to_zero(
    ruleset_id: str, players: int, seed: int, rnd: random.Random
) -> None:
    game = deal(ruleset_id, players, seed)
    spec = game.rules.deal_for(players)
    dealt = sum(len(h) for h in game.hands)
    assert dealt == 52 - (spec.left_over if spec.rest == "out-of-play" else 0)
    play_randomly(game, rnd)
    left = game.cards_left()
    assert sorted(left.values()).count(0) == 1
    played = [c for m in game.moves if m.play is not None for c in m.play.cards]
    assert len(played) == len(set(played)) and len(played) + sum(left.values()) == dealt
    first = next(m for m in game.moves if m.play is not None)
    assert first.play is not None and game.opening in first.play.cards
    assert sum(game.settlement().totals.values()) == 0


def test_three_players_get_17_and_the_52nd_card_goes_to_the_holder_of_3d() -> None:
    """amarillo slim: left-over cards go to the player holding the 3 of diamonds, who leads."""
    rules = load_rules("amarillo-big-two")
    three_d = parse_cards("3D")[0]
    for seed in range(20):
        game = Game.deal(rules, seed, NAMES[:3])
        sizes = [len(h) for h in game.hands]
        assert sorted(sizes) == [17, 17, 18]
        opener = sizes.index(18)
        assert three_d in game.hands[opener] and game.turn == opener
        assert set().union(*game.hands) == set(DECK)


def test_two_players_get_13_and_the_lowest_card_dealt_stands_in_for_3d() -> None:
    """13 each, 26 out of play; when 3D is among them the next lowest card dealt leads and the
    first play must hold it (amarillo slim: "the person holding the next lowest card")."""
    rules = load_rules("amarillo-big-two")
    stood_in = 0
    for seed in range(20):
        game = Game.deal(rules, seed, NAMES[:2])
        assert [len(h) for h in game.hands] == [13, 13]
        dealt = game.hands[0] | game.hands[1]
        lowest = min(dealt, key=rules.power)
        assert game.opening == (rules.lead_card if rules.lead_card in dealt else lowest)
        assert game.opening in game.hands[game.turn] and game.must_contain == game.opening
        stood_in += game.opening != rules.lead_card
    assert stood_in, "some seed leaves 3D out of play"


def test_a_three_player_game_of_given_hands_starts_with_the_18_card_hand() -> None:
    rules = load_rules("amarillo-big-two")
    (three_d,) = parse_cards("3D")
    cards = [c for c in DECK if c != three_d]
    game = Game(rules, {"A": [three_d, *cards[:17]], "B": cards[17:34], "C": cards[34:]})
    assert game.current == "A" and game.must_contain == three_d
    with pytest.raises(BigTwoError, match="A has 18 cards; the deal for 3 players gives 17"):
        Game(rules, {"A": cards[:18], "B": [three_d, *cards[18:34]], "C": cards[34:]})


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (3, "maceplay-big-two deals for 4 players, not 3"),
        (2, "maceplay-big-two deals for 4 players, not 2"),
    ],
)
def test_a_ruleset_refuses_seat_counts_it_has_no_deal_for(players: int, message: str) -> None:
    with pytest.raises(BigTwoError, match=message):
        Game.deal(load_rules("maceplay-big-two"), 1, NAMES[:players])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("deal: [{players: 3, cards: 18}]\n", "3 players with 18 cards each need 54 cards"),
        (
            "deal: [{players: 3, cards: 17}, {players: 3, cards: 13}]\n",
            r"deal\[1\]: the same players as entry \[0\]",
        ),
        (
            "deal: [{players: 2, cards: 20}]\n",
            "the tiers leave out 14, 15, 16, 17, 18, 19, 20 cards left",
        ),
    ],
)
def test_bad_deals_are_refused_when_the_ruleset_loads(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(RulesetError, match=message):
        variant(tmp_path, body)


@pytest.mark.parametrize(("ruleset_id", "players"), FEWER)
@pytest.mark.parametrize("seed", range(4))
def test_a_playout_is_the_engines_game_with_fewer_players(
    ruleset_id: str, players: int, seed: int
) -> None:
    rules = load_rules(ruleset_id)
    game = deal(ruleset_id, players, seed)
    for _ in range(5 * seed):
        if not game.over:
            computer_move(game)
    if game.over:
        return
    index = PlayIndex(rules)
    pos = position_of(game, game.hands, index)
    pos.record = []
    play_out(pos, index)
    start = len(game.moves)
    while not game.over:
        computer_move(game)
    assert [p.combo if p else None for p in pos.record] == [m.play for m in game.moves[start:]]
    assert net_totals(pos, rules, game.names) == game.settlement().totals


@pytest.mark.parametrize(("ruleset_id", "players"), FEWER)
def test_sampled_hands_leave_the_out_of_play_cards_aside(ruleset_id: str, players: int) -> None:
    rules = load_rules(ruleset_id)
    game = deal(ruleset_id, players, 3)
    for _ in range(4):
        computer_move(game)
    view = public_view(game)
    rng = random.Random(1)
    for _ in range(10):
        hands = sample_hands(view, rules, rng)
        assert [len(h) for h in hands] == [len(h) for h in game.hands]
        others = [c for s, h in enumerate(hands) if s != view.seat for c in h]
        assert len(set(others)) == len(others) and set(others) <= set(view.unseen)


@pytest.mark.parametrize(("ruleset_id", "players"), FEWER)
def test_the_search_plays_fewer_players_legally_and_the_game_replays(
    ruleset_id: str, players: int
) -> None:
    game = deal(ruleset_id, players, 5)
    while not game.over:
        legal = game.legal_plays()
        move = search_move(game, 5, QUICK)
        assert move.play is None or move.play in legal
    replayed = replay_located(load_yaml_text(log_text(game), "game.yaml"))
    assert replayed.settlement == game.settlement()


def test_the_table_against_the_computer_seats_the_asked_players() -> None:
    rules = load_rules("amarillo-big-two")
    assert Table(rules, 2).game.names == ("South", "West", "North", "East")
    table = Table(rules, 2, players=3, bot="basic")
    assert table.game.names == ("South", "West", "North")
    table.computers_play()
    assert table.your_turn or table.game.over


def test_the_three_player_example_log_replays() -> None:
    replay = replay_file(ROOT / "examples" / "bigtwo-three-players.yaml")
    assert len(replay.game.names) == 3
    assert sum(replay.settlement.totals.values()) == 0


@pytest.mark.parametrize(
    ("left", "holds", "scores", "totals"),
    [
        # a loser who never played at a three-player table: 18 cards at 3 each
        ({"A": 0, "B": 18, "C": 5}, {}, {"A": 0, "B": 54, "C": 5}, {"A": 59, "B": -54, "C": -5}),
        ({"A": 3, "B": 0, "C": 17}, {}, {"A": 3, "B": 0, "C": 51}, {"A": -3, "B": 54, "C": -51}),
        ({"A": 0, "B": 13}, {}, {"A": 0, "B": 39}, {"A": 39, "B": -39}),
    ],
)
def test_settlement_at_two_and_three_players(
    left: dict[str, int], holds: dict[str, str], scores: dict[str, int], totals: dict[str, int]
) -> None:
    rules = load_rules("amarillo-big-two")
    held = {n: parse_cards(t) for n, t in holds.items()}
    result = settle(rules, left, held)
    assert (result.scores, result.totals) == (scores, totals)


def test_settlement_bounds_cards_left_by_the_deal_for_that_many_players() -> None:
    rules: Rules = load_rules("amarillo-big-two")
    with pytest.raises(BigTwoError, match="B cannot have 14 cards left"):
        settle(rules, {"A": 0, "B": 14})
    with pytest.raises(BigTwoError, match="B cannot have 14 cards left"):
        settle(rules, {"A": 0, "B": 14, "C": 1, "D": 1})
    assert settle(rules, {"A": 0, "B": 14, "C": 1}).scores["B"] == 42
