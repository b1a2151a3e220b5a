"""The game engine: turns, passes, tricks, the first play, timeouts, the end, and variants."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.bigtwo import (
    BigTwoError,
    Game,
    Rules,
    all_plays,
    beats,
    classify,
    computer_move,
    load_rules,
)
from housegame.cards import DECK, Card, parse_cards
from tests.bigtwo.bigtwo_shipped import BIG_TWO_IDS, game_with, variant


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def test_the_three_rulesets_ship() -> None:
    assert {"maceplay-big-two", "hong-kong-big-two", "taiwan-big-two"} <= set(BIG_TWO_IDS)


def test_a_seeded_deal_repeats_and_the_lead_card_holder_starts(rules: Rules) -> None:
    one, two = Game.deal(rules, 42), Game.deal(rules, 42)
    assert one.hands == two.hands
    assert sorted(c.index for h in one.hands for c in h) == list(range(52))
    assert rules.lead_card in one.hands[one.turn]
    assert Game.deal(rules, 43).hands != one.hands


def test_first_play_must_contain_the_lead_card(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C 4C", "B": "", "C": "", "D": ""})
    assert game.current == "A"
    with pytest.raises(BigTwoError, match="the first play must contain 3C"):
        game.play(cards("4C"))
    assert all(maceplay.lead_card in p.cards for p in game.legal_plays())
    game.play(cards("3C"))
    assert game.must_contain is None


def test_hong_kong_leads_with_three_of_diamonds() -> None:
    hk = load_rules("hong-kong-big-two")
    game = game_with(hk, {"A": "3C", "B": "3D", "C": "", "D": ""})
    assert game.current == "B"
    assert game.hint() is not None and [str(c) for c in game.hint().cards] == ["3D"]  # type: ignore[union-attr]


def test_a_leader_cannot_pass(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C", "B": "", "C": "", "D": ""})
    with pytest.raises(BigTwoError, match="A leads this trick and cannot pass"):
        game.pass_turn()


def test_three_passes_end_the_trick_and_the_last_player_leads(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C", "B": "4C", "C": "", "D": ""})
    game.play(cards("3C"))
    game.play(cards("4C"))
    game.pass_turn()
    game.pass_turn()
    move = game.pass_turn()
    assert move.ends_trick
    assert game.current == "B" and game.leading and game.table is None


def test_passing_then_playing_again_in_the_same_trick(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C 9C", "B": "10C", "C": "5C", "D": "6C"})
    game.play(cards("3C"))
    game.pass_turn()  # B passes ...
    game.play(cards("5C"))
    game.play(cards("6C"))
    game.play(cards("9C"))
    game.play(cards("10C"))  # ... and plays again in the same trick
    assert game.table is not None and game.table_owner == 1


def test_pass_is_final_variant(tmp_path: Path) -> None:
    rules = variant(tmp_path, "trick: {pass_is_final: true}\n")
    game = game_with(rules, {"A": "3C 9C", "B": "10C", "C": "5C", "D": "6C"})
    game.play(cards("3C"))
    game.pass_turn()
    game.play(cards("5C"))
    game.play(cards("6C"))
    game.play(cards("9C"))
    assert game.legal_plays() == [] and game.hint() is None
    with pytest.raises(BigTwoError, match="B passed in this trick"):
        game.play(cards("10C"))


def test_a_follow_must_beat_the_table(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C 3D", "B": "4C 5C 5D", "C": "", "D": ""})
    game.play(cards("3C 3D"))
    with pytest.raises(
        BigTwoError,
        match="B cannot play that: single 4C cannot be played over pair of 3s: follow with 2 cards",
    ):
        game.play(cards("4C"))
    with pytest.raises(BigTwoError, match="B does not hold 3H"):
        game.play(cards("3H 3S"))
    game.play(cards("5C 5D"))


def test_timeouts_follow_passes_and_lead_plays_the_lowest_single(maceplay: Rules) -> None:
    game = game_with(maceplay, {"A": "3C 3D 3H", "B": "4C", "C": "", "D": ""})
    first = game.timeout()  # leading the first trick: the lead card alone
    assert first.timed_out and [str(c) for c in first.play.cards] == ["3C"]  # type: ignore[union-attr]
    follow = game.timeout()  # B could beat 3C but times out: a pass
    assert follow.play is None and follow.timed_out
    game.pass_turn()
    game.pass_turn()  # A leads again
    lead = game.timeout()
    assert [str(c) for c in lead.play.cards] == ["3D"]  # type: ignore[union-attr]


def test_timeout_variants_from_data(tmp_path: Path) -> None:
    rules = variant(
        tmp_path,
        "timeout: {lead_seconds: 30, follow_seconds: 30, "
        "on_lead: lowest-card-most-cards, on_follow: hint}\n",
    )
    game = game_with(rules, {"A": "3C 3D 3H", "B": "4C 4D", "C": "", "D": ""})
    biggest = max(len(p.cards) for p in game.legal_plays())
    lead = game.timeout()  # the largest play holding the lowest card, 3C
    assert lead.play is not None and len(lead.play.cards) == biggest >= 3
    assert rules.lead_card in lead.play.cards
    expected = game.hint()
    follow = game.timeout()  # following: the hint, not a pass
    assert expected is not None and follow.play == expected


def test_the_game_ends_when_the_first_player_is_out(maceplay: Rules) -> None:
    game = Game.deal(maceplay, 7)
    with pytest.raises(BigTwoError, match="the game is not over"):
        game.settlement()
    while not game.over:
        computer_move(game)
    assert game.moves[-1].goes_out
    assert sum(1 for n in game.cards_left().values() if n == 0) == 1
    with pytest.raises(BigTwoError, match="the game is over"):
        game.pass_turn()
    assert sum(game.settlement().totals.values()) == 0


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (
            {"A": DECK[:13], "B": DECK[13:26], "C": DECK[26:39]},
            "maceplay-big-two deals for 4 players, not 3",
        ),
        ({"A": DECK[:12], "B": DECK[13:26], "C": DECK[26:39], "D": DECK[39:]}, "A has 12 cards"),
        ({"A": DECK[:13], "B": DECK[:13], "C": DECK[26:39], "D": DECK[39:]}, "duplicate card"),
    ],
)
def test_bad_deals_are_refused(maceplay: Rules, hands: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(BigTwoError, match=message):
        Game(maceplay, hands)


def test_bombs_variant(tmp_path: Path) -> None:
    rules = variant(tmp_path, "bombs: {kinds: [quads, straight-flush], beat: [single, pair]}\n")
    game = game_with(rules, {"A": "3C 2S", "B": "4C 4D 4H 4S 5C", "C": "", "D": ""})
    game.play(cards("3C"))
    plays = game.legal_plays()
    assert plays[-1].kind == "quads" and plays[0].family == "single"
    game.play(cards("4C 4D 4H 4S 5C"))
    assert game.table is not None and game.table.kind == "quads"


def test_quads_without_a_kicker_variant(tmp_path: Path) -> None:
    rules = variant(tmp_path, "quads_kicker: false\n")
    with pytest.raises(BigTwoError, match="four of a kind is played without a fifth card"):
        classify(cards("4C 4D 4H 4S 5C"), rules)
    quads = classify(cards("4C 4D 4H 4S"), rules)
    assert quads.kind == "quads" and quads.family == "five-card"
    assert beats(quads, classify(cards("2S 2H 2D AS AH"), rules), rules)
    assert any(
        p.kind == "quads" and len(p.cards) == 4 for p in all_plays(cards("4C 4D 4H 4S 9S"), rules)
    )
    with pytest.raises(BigTwoError, match=r"a play has 1, 2, 3, 4 or 5 cards") as raised:
        classify(cards("3C 4D 5S 6H 7C 8D"), rules)
    assert "一次出 1、2、3、4 或 5 张" in raised.value.text("zh")
