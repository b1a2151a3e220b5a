"""The big-two ruleset model: shipped files, and errors a rules author understands."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.errors import RulesetError
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_rulesets, load_ruleset
from housegame.rulesets.registry import RULESET_MODELS
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS, variant

RULES_3_8_STRAIGHTS = [
    "3-4-5-6-7",
    "4-5-6-7-8",
    "5-6-7-8-9",
    "6-7-8-9-10",
    "7-8-9-10-J",
    "8-9-10-J-Q",
    "9-10-J-Q-K",
    "10-J-Q-K-A",
    "A-2-3-4-5",
    "2-3-4-5-6",
]


def test_registered_as_big_two() -> None:
    assert RULESET_MODELS["big-two"] is BigTwoRuleset


@pytest.mark.parametrize("ruleset_id", BIG_TWO_IDS)
def test_shipped_rulesets_name_sources_and_follow_rules_3_8(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, BigTwoRuleset)
    assert ruleset.sources and any(s.seed.startswith("002_") for s in ruleset.sources)
    assert ruleset.straights == RULES_3_8_STRAIGHTS
    assert ruleset.rank_order[0] == "3" and ruleset.rank_order[-1] == "2"
    assert ruleset.suit_order[-1] == ("diamonds" if ruleset.region == "Philippines" else "spades")
    assert ruleset.five_card_order == ["straight", "flush", "full-house", "quads", "straight-flush"]
    assert ruleset.flush_compare == "rank-first" and ruleset.quads_kicker
    assert ruleset.bombs.kinds == []


def test_maceplay_marks_its_suit_order_as_an_interpretation() -> None:
    text = bundled_rulesets()["maceplay-big-two"].read_text(encoding="utf-8")
    assert "(interpretation)" in text.split("suit_order:")[0]


def test_hong_kong_and_taiwan_differ_where_the_issue_says() -> None:
    hk, tw = load_ruleset("hong-kong-big-two"), load_ruleset("taiwan-big-two")
    assert isinstance(hk, BigTwoRuleset) and isinstance(tw, BigTwoRuleset)
    assert hk.suit_order == ["diamonds", "clubs", "hearts", "spades"]
    assert (hk.lead_card.rank, hk.lead_card.suit) == ("3", "diamonds")
    assert tw.penalty.settlement == "pairwise-difference"
    assert [t.per_card for t in tw.penalty.tiers] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("straights: [J-Q-K-A-3]\n", "straight 'J-Q-K-A-3' is not a run of ranks"),
        ("straights: [3-4-5-6-7, 7-6-5-4-3]\n", "is not a run of ranks"),
        (
            "straights: [3-4-5-6-7, 3-4-5-6-7]\n",
            "straights '3-4-5-6-7' and '3-4-5-6-7' are the same run",
        ),
        ("straights: [3-4-5-6]\n", "does not match"),
        (
            "suit_order: [clubs, clubs, hearts, spades]\n",
            "suit_order must list each of the four suits once",
        ),
        ("rank_order: ['3', '4']\n", "rank_order must list each of the 13 ranks once"),
        ("five_card_order: [straight, flush]\n", "five_card_order must list"),
        ("bombs: {kinds: [quads]}\n", "give both kinds and beat"),
        (
            "penalty: {tiers: {$replace: [{cards: {min: 1, max: 9}, per_card: 1}]}}\n",
            "penalty.tiers.$replace: the tiers leave out 10, 11, 12, 13 cards left",
        ),
        (
            "penalty: {tiers: {$replace: [{cards: {min: 1, max: 13}, per_card: 1}, "
            "{cards: {min: 13}, per_card: 2}]}}\n",
            "penalty.tiers.$replace[1]: the tier for 13..13 cards left and the tier for 1..13 "
            "both cover 13",
        ),
        ("flush_compare: suit\n", "flush_compare"),
        ("bombz: {}\n", "did you mean 'bombs'?"),
    ],
)
def test_bad_rulesets_are_explained(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(RulesetError) as err:
        variant(tmp_path, body)
    assert message in str(err.value)


def test_variant_orders_apply(tmp_path: Path) -> None:
    from housegame.bigtwo import beats, parse_play

    suit_first = variant(tmp_path, "flush_compare: suit-first\n", "suit-first")
    assert beats(
        parse_play("9S 7S 6S 5S 3S", suit_first),
        parse_play("AH KH QH JH 9H", suit_first),
        suit_first,
    )
    last = variant(tmp_path, "straight_suit_card: last-in-run\n", "last-in-run")
    assert beats(parse_play("AC 2C 3C 4D 5S", last), parse_play("AS 2S 3S 4S 5H", last), last)
