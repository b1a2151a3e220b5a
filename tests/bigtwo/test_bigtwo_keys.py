"""Big Two keys of issue 23: a penalty by the value of the cards left (Pusoy Dos), the 頂大
liability (detected in play and replay, given to `bigtwo score`), flushes by their top card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.bigtwo import BigTwoError, Game, beats, load_rules, parse_play, settle
from housegame.bigtwo.replay import replay_file
from housegame.bigtwo.rules import Rules
from housegame.cards import parse_cards
from housegame.cli import app
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import load_ruleset


def test_pusoy_dos_counts_the_value_of_each_card_left() -> None:
    """chuodaidi.net: tens and face cards 10, the others their face value (the ace 1)."""
    pusoy = load_rules("pusoy-dos")
    held = {"B": parse_cards("TS KH 7C AD"), "C": parse_cards("2S"), "D": parse_cards("3C 9H")}
    result = settle(pusoy, {"A": 0, "B": 4, "C": 1, "D": 2}, held)
    assert result.scores == {"A": 0, "B": 28, "C": 2, "D": 12}
    assert result.totals == {"A": 42, "B": -28, "C": -2, "D": -12}


def test_card_values_need_every_card_left() -> None:
    with pytest.raises(BigTwoError, match="counts the value of each card left: give every card B"):
        settle(load_rules("pusoy-dos"), {"A": 0, "B": 2, "C": 1, "D": 1}, {"B": parse_cards("KS")})


def test_card_values_list_every_rank() -> None:
    maceplay = load_ruleset("maceplay-big-two", BigTwoRuleset)
    penalty = maceplay.penalty.model_dump(mode="json")
    with pytest.raises(ValueError, match="card_values leaves out 3"):
        type(maceplay.penalty).model_validate({**penalty, "card_values": {"2": 2}})


FUNMILY_LEFT = {"甲": 0, "乙": 1, "丙": 8, "丁": 12}


def test_funmily_general_room_and_the_liable_player() -> None:
    """big2.funmily.com, 一般場: at 10 a card 乙 loses 10, 丙 160, 丁 360; a player who did
    not 頂大 pays the other two losers' losses too."""
    funmily = load_rules("funmily-big-two")
    plain = settle(funmily, FUNMILY_LEFT)
    assert plain.totals == {"甲": 53, "乙": -1, "丙": -16, "丁": -36}
    liable = settle(funmily, FUNMILY_LEFT, liable="丁")
    assert liable.totals == {"甲": 53, "乙": 0, "丙": 0, "丁": -53} and liable.liable == "丁"


def test_the_liable_player_at_the_place_room() -> None:
    """funmily's Place room (every pair settles the difference: +53, +49, -11, -91): 丁, who
    did not 頂大, takes on 丙's loss; 乙 is ahead and keeps its winnings."""
    funmily = load_ruleset("funmily-big-two", BigTwoRuleset)
    place = funmily.penalty.model_copy(update={"settlement": "pairwise-difference"})
    rules = Rules.of(funmily.model_copy(update={"penalty": place}))
    assert settle(rules, FUNMILY_LEFT, liable="丁").totals == {
        "甲": 53,
        "乙": 49,
        "丙": 0,
        "丁": -102,
    }


@pytest.mark.parametrize(
    ("ruleset", "liable", "message"),
    [
        ("taiwan-big-two", "丁", "has no liability"),
        ("funmily-big-two", "甲", "went out and cannot be liable"),
        ("funmily-big-two", "X", "has no cards-left count"),
    ],
)
def test_a_liable_player_that_cannot_be(ruleset: str, liable: str, message: str) -> None:
    with pytest.raises(BigTwoError, match=message):
        settle(load_rules(ruleset), FUNMILY_LEFT, liable=liable)


HANDS = {
    "N": "3C 4C 5C 6C 7C 8D 9D TD JD QD KS KH 2D",
    "E": "AS AH 5H 2C 2H 2S 3D 3H 3S 4D 4H 4S 5D",
    "S": "5S 6D 6H 6S 7D 7H 7S 8C 8H 8S 9C 9S TC",
    "W": "9H AD TH TS JC JH JS QC QH QS KC KD AC",
}
BEFORE_THE_LAST = [
    ("N", "3C 4C 5C 6C 7C"),
    ("E", "pass"),
    ("S", "pass"),
    ("W", "pass"),
    ("N", "8D 9D TD JD QD"),
    ("E", "pass"),
    ("S", "pass"),
    ("W", "pass"),
    ("N", "KS KH"),
    ("E", "AS AH"),
    ("S", "pass"),
    ("W", "pass"),
    ("N", "pass"),
    ("E", "5H"),
    ("S", "pass"),
]


def _play(rules: Rules, west: str) -> Game:
    game = Game(rules, {name: parse_cards(cards) for name, cards in HANDS.items()})
    for name, move in [*BEFORE_THE_LAST, ("W", west), ("N", "2D")]:
        assert game.current == name
        if move == "pass":
            game.pass_turn()
        else:
            game.play(parse_cards(move))
    assert game.over
    return game


def test_liability_is_detected_in_play() -> None:
    """N holds one card (2D); W plays 9H though its highest is AD, and N goes out: W is liable
    and pays E's and S's losses. Topping with AD (N still goes out) leaves each to pay their own."""
    funmily = load_rules("funmily-big-two")
    lower = _play(funmily, "9H").settlement()
    assert lower.liable == "W"
    assert lower.totals["E"] == lower.totals["S"] == 0
    assert lower.totals["W"] == -lower.totals["N"]
    topped = _play(funmily, "AD").settlement()
    assert topped.liable is None and topped.totals["E"] < 0
    assert _play(load_rules("taiwan-big-two"), "9H").settlement().liable is None


def test_liability_is_detected_in_replay(tmp_path: Path) -> None:
    lines = ["ruleset: funmily-big-two", "players:"]
    lines += [f"  - {{name: {name}, hand: {cards}}}" for name, cards in HANDS.items()]
    lines += ["moves:"] + [f"  - {name}: {move}" for name, move in BEFORE_THE_LAST]
    lines += ["  - W: 9H", "  - N: 2D"]
    log = tmp_path / "game.yaml"
    log.write_text("\n".join(lines) + "\n", "utf-8")
    assert replay_file(log).settlement.liable == "W"


def test_bigtwo_score_takes_the_liable_player() -> None:
    args = ["bigtwo", "score", "-r", "funmily-big-two", "--left", "甲=0", "--left", "乙=1"]
    args += ["--left", "丙=8", "--left", "丁=12", "--liable", "丁"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["totals"] == {"甲": 53, "乙": 0, "丙": 0, "丁": -53}
    text = CliRunner().invoke(app, args).output
    assert "丁 let the winner go out without topping (頂大)" in text


def test_flushes_by_their_top_card_only() -> None:
    """K-Q-8-4-3 of clubs beats K-9-7-6-5 of hearts on ranks; by the top card alone the two
    kings decide, so K♥'s flush beats K♣'s whatever follows."""
    maceplay = load_ruleset("maceplay-big-two", BigTwoRuleset)
    top = Rules.of(maceplay.model_copy(update={"flush_compare": "top-card"}))
    ranks = Rules.of(maceplay)
    low_kicks = "KH 9H 7H 6H 5H"
    high_kicks = "KC QC 4C 3C 8C"
    assert beats(parse_play(high_kicks, ranks), parse_play(low_kicks, ranks), ranks)
    assert beats(parse_play(low_kicks, top), parse_play(high_kicks, top), top)
    assert not beats(parse_play("KC 9C 7C 6C 5C", top), parse_play(high_kicks, top), top)


def test_lint_card_values_that_only_count(tmp_path: Path) -> None:
    from housegame.rulesets.lint import lint
    from housegame.rulesets.loader import load_resolved

    twos = ", ".join(f'"{r}": 2' for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10"))
    path = tmp_path / "twos.yaml"
    path.write_text(
        "extends: maceplay-big-two\nid: twos\nname: T\nsummary: s\n"
        f"penalty: {{card_values: {{{twos}, J: 2, Q: 2, K: 2, A: 2}}}}\n",
        "utf-8",
    )
    assert [p.path for p in lint(*load_resolved(path))] == ["penalty.card_values"]
