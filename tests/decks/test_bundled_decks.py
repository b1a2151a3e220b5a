"""The bundled ruleset with 加一色 (maceplay-add-a-suit), checked against its sources: yunnx's
Thirteen Water guide (a five-player game adds a 13-card suit: 65 cards, 2-5 players) and
MacePlay's document 000 for everything else; and the arrangers' one test of a deck."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from housegame.cards import Card, parse_cards
from housegame.errors import RulesetError
from housegame.ranking import evaluate
from housegame.rulesets.loader import bundled_rulesets, load_ruleset, load_ruleset_text
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import check_setting, score
from housegame.tables import TableFile
from housegame.thirteen.seating import standard_deck

ROOT = Path(__file__).resolve().parents[2]


def add_a_suit() -> ThirteenCardRuleset:
    ruleset = load_ruleset("maceplay-add-a-suit")
    assert isinstance(ruleset, ThirteenCardRuleset)
    return ruleset


def test_five_players_take_the_65_cards_of_one_deck_and_an_added_suit() -> None:
    """yunnx: "For 5-player games, an additional 13-card suit extends the deck to 65 cards";
    "Players: 2-5"."""
    ruleset = add_a_suit()
    deck = ruleset.deck.deck()
    assert deck.size == 65 and ruleset.deck.size == 65
    assert (ruleset.table.seats.min, ruleset.table.seats.max) == (2, 5)
    twice = {c for c in deck.cards() if deck.count(c) == 2}
    assert twice == set(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"))
    assert all(deck.count(c) == 1 for c in deck.cards() if c not in twice)


def test_a_sixth_player_is_refused() -> None:
    text = (
        "extends: maceplay-add-a-suit\nid: six\nname: six\nsummary: s\ntable:\n  seats: {max: 6}\n"
    )
    with pytest.raises(RulesetError, match="6 seats need 78 cards but the deck has 65"):
        load_ruleset_text(text, "six.yaml")


def test_the_rest_is_maceplay() -> None:
    """Everything but the deck, the seats, five of a kind and the home run's seat counts reads
    as MacePlay's document 000."""
    maceplay = load_ruleset("maceplay", ThirteenCardRuleset)
    ruleset = add_a_suit()
    changed = {
        "id",
        "name",
        "summary",
        "sources",
        "deck",
        "table",
        "ranking",
        "home_run",
        "extends",
    }
    for field in type(ruleset).model_fields:
        if field not in changed:
            assert getattr(ruleset, field) == getattr(maceplay, field), field
    assert ruleset.lane_values == maceplay.lane_values


def best_setting(cards: list[Card], ruleset: ThirteenCardRuleset) -> dict[str, str]:
    """The strongest back of the 13, the strongest middle of the other 8, the rest in front:
    a legal setting for the hands below (checked by the scorer's own foul check)."""
    rules = ruleset.ranking.rules()
    back = max(combinations(cards, 5), key=lambda five: evaluate(five, rules))
    rest = list(cards)
    for card in back:
        rest.remove(card)
    middle = max(combinations(rest, 5), key=lambda five: evaluate(five, rules))
    for card in middle:
        rest.remove(card)
    return {
        lane: " ".join(map(str, part))
        for lane, part in zip(("front", "middle", "back"), (rest, middle, back))
    }


def assert_dealt_tables_settle_to_zero(ruleset: ThirteenCardRuleset, seats: int) -> None:
    """Seeded deals of the ruleset's own deck, each seat set greedily: the first deal where
    every setting is legal settles every pair, and the totals sum to zero."""
    deck = ruleset.deck.deck()
    for seed in range(8):
        dealt = deck.shuffled(seed)
        players = []
        for i in range(seats):
            setting = best_setting(dealt[i * 13 : (i + 1) * 13], ruleset)
            if check_setting(ruleset, **setting).fouled:
                break
            players.append({"name": f"P{i + 1}", **setting})
        else:
            result = score(TableFile.model_validate({"players": players}), ruleset)
            assert sum(result.totals.values()) == 0
            assert len(result.pairs) == seats * (seats - 1) // 2
            return
    pytest.fail(f"no seed dealt {seats} legal greedy settings")


def test_a_five_player_table_dealt_from_the_65_cards_is_zero_sum() -> None:
    assert_dealt_tables_settle_to_zero(add_a_suit(), 5)


def test_five_aces_of_two_spade_suits_beat_the_straight_flush() -> None:
    """Five of a kind above the straight flush (the interpretation docs/sources.md names)."""
    ruleset = add_a_suit()
    table = {
        "players": [
            {
                "name": "Ann",
                "front": "2C 3D 5H",
                "middle": "KS KH KD 7C 8D",
                "back": "AS AS AH AD AC",
            },
            {
                "name": "Bo",
                "front": "3C 4D 6H",
                "middle": "QS QH QD 9D TH",
                "back": "KC QC JC TC 9C",
            },
        ]
    }
    result = score(TableFile.model_validate(table), ruleset)
    back = next(lane for lane in result.pairs[0].lanes if lane.lane == "back")
    assert back.winner == "Ann"


def test_one_test_of_a_standard_deck() -> None:
    """One library predicate says whether a ruleset deals one 52-card deck; the defaults of
    simulate and the tables ask it."""
    for path in bundled_rulesets().values():
        ruleset = load_ruleset(path)
        if isinstance(ruleset, ThirteenCardRuleset):
            deck = ruleset.deck.deck()
            assert standard_deck(ruleset) == (not deck.jokers and deck.most_copies == 1)
    assert not standard_deck(add_a_suit())
    assert standard_deck(load_ruleset("maceplay", ThirteenCardRuleset))
