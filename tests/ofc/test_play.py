"""`housegame ofc play` driven through stdin: help, hint, auto, undo, quit, pieces, the foul
warning, examples from the player's own cards, and sessions with Fantasyland carried over."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from housegame.cards import DECK, parse_cards
from housegame.cli import app
from housegame.cli.ofc_play import Turn, example
from housegame.errors import HousegameError
from housegame.ofc.foul import certain_foul
from housegame.ofc.hand import Hand, Move
from housegame.ofc.moves import parse_move
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset


def play(*args: str, stdin: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["ofc", "play", *args], input=stdin)
    return result.exit_code, result.output


def _rules() -> OfcRuleset:
    rules = load_ruleset("golden-nugget-pineapple")
    assert isinstance(rules, OfcRuleset)
    return rules


def _hand() -> Hand:
    """You: 2C 3D 4H 5S 7C, then AS AH 9D; the bot gets the next cards of a fixed deck."""
    mine = parse_cards("2C 3D 4H 5S 7C")
    bot = parse_cards("KS KH QS QH JS")
    second, bot_second = parse_cards("AS AH 9D"), parse_cards("TS TH 8S")
    first = [*mine, *bot, *second, *bot_second]
    return Hand(_rules(), ["You", "Bot"], [*first, *(c for c in DECK if c not in first)])


@pytest.mark.parametrize(
    "typed",
    ["尾道 AS KS 头道 7C 弃牌 2H", "尾道: AS KS 头道\uff1a 7C 弃牌 2H", "b AS KS f 7C x 2H"],
)
def test_a_move_reads_in_chinese_as_a_hint_shows_it(typed: str) -> None:
    assert parse_move(typed) == parse_move("back AS KS front 7C discard 2H")


def test_a_placement_that_makes_a_foul_certain_is_named() -> None:
    hand = _hand()
    hand.play("You", parse_move("middle 2C 3D 4H 5S 7C"))
    hand.play("Bot", parse_move("back KS KH QS QH JS"))
    reason = certain_foul(hand, "You", parse_move("front AS AH discard 9D"))
    assert reason == "front will be at least pair A A 2, middle at best high-card 7 5 4 3 2"
    assert certain_foul(hand, "You", parse_move("back AS AH discard 9D")) is None


def test_the_warning_stops_the_move_once() -> None:
    hand = _hand()
    hand.play("You", parse_move("middle 2C 3D 4H 5S 7C"))
    hand.play("Bot", parse_move("back KS KH QS QH JS"))
    turn = Turn(hand, "You", 1)
    with pytest.raises(HousegameError, match="warning: this makes a foul certain"):
        turn.add("front AS AH discard 9D", parse_move("front AS AH discard 9D"))
    assert hand.to_act == "You"
    turn.add("front AS AH discard 9D", parse_move("front AS AH discard 9D"))
    assert hand.to_act == "Bot"


def test_a_move_in_pieces_and_undo() -> None:
    hand = _hand()
    turn = Turn(hand, "You", 1)
    turn.add("m 2C 3D", parse_move("m 2C 3D"))
    turn.add("b 4H", parse_move("b 4H"))
    assert [str(c) for c in turn.left()] == ["5S", "7C"]
    turn.pieces.pop()  # what `undo` does
    turn.add("b 4H 5S 7C", parse_move("b 4H 5S 7C"))
    assert hand.boards["You"].lanes["middle"] == parse_cards("2C 3D")
    assert hand.to_act == "Bot"


def test_example_moves_use_the_players_own_cards() -> None:
    hand = _hand()
    assert example(hand, "You") == "back 7C 5S 4H 3D 2C"
    hand.play("You", parse_move("back 2C 3D 4H 5S 7C"))
    hand.play("Bot", parse_move("back KS KH QS QH JS"))
    assert example(hand, "You") == "middle AS AH discard 9D"
    move = parse_move(example(hand, "You"))
    assert isinstance(move, Move) and set(move.cards) == set(hand.boards["You"].pending)


def test_help_hint_undo_and_quit_save_the_hand(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    code, out = play(
        "--seed", "7", "--save", str(save), stdin="help\nhint\nundo\nauto\nmiddle 2C\nquit\n"
    )
    assert code == 0
    assert "hint       the computer's move for you" not in out  # the list is aligned
    assert "  hint            the computer's move for you, and its value" in out
    assert "hint: front 9S 6D 4H middle JS back QC   (value " in out
    assert "nothing to undo in this stage" in out
    assert "auto: front 9S 6D 4H middle JS back QC" in out
    assert "not legal: 2C not in your hand" in out
    assert f"stopped; the hand so far is saved in {save}" in out
    log = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert log["seed"] == 7 and log["moves"][0] == {
        "player": "You",
        "front": "9S 6D 4H",
        "middle": "JS",
        "back": "QC",
    }


def test_a_session_carries_totals_and_fantasyland() -> None:
    code, out = play("--seed", "19", "--hands", "2", stdin="auto\n" * 10)
    assert code == 0, out
    assert "hand 1 of 2" in out and "hand 2 of 2" in out
    hand_two = out.split("hand 2 of 2")[1]
    assert "Computer 1 plays Fantasyland with 14 cards" in hand_two
    assert out.count("running totals") == 2


def test_input_ending_early_is_exit_2() -> None:
    code, out = play("--seed", "7", stdin="auto\n")
    assert code == 2 and "input ended before the hand was finished" in out


def test_a_quit_hand_resumes_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "hand.yaml"
    _, straight = play("--seed", "7", stdin="auto\n" * 5)
    code, _ = play("--seed", "7", "--save", str(save), stdin="auto\nauto\nquit\n")
    assert code == 0 and len(yaml.safe_load(save.read_text(encoding="utf-8"))["moves"]) == 4
    code, resumed = play("--resume", str(save), stdin="auto\n" * 3)
    assert code == 0
    finish = straight.split("final boards")[1]
    assert resumed.split("final boards")[1] == finish + f"log written to {save}\n"


def test_quit_saves_beside_you_or_prints_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = play("--seed", "7", stdin="auto\nquit\n")
    assert code == 0 and "saved in ofc-7.yaml" in out
    assert len(yaml.safe_load((tmp_path / "ofc-7.yaml").read_text(encoding="utf-8"))["moves"]) == 2
    (tmp_path / "ofc-8.yaml").mkdir()  # a folder where the file should go: cannot be written
    code, out = play("--seed", "8", stdin="quit\n")
    assert code == 2 and "cannot write ofc-8.yaml" in out and "ruleset: golden" in out


def test_the_game_speaks_chinese_with_lang_zh(tmp_path: Path) -> None:
    """Every line the player reads is Chinese; the typed commands and the log stay the same."""
    save, english = tmp_path / "zh.yaml", tmp_path / "en.yaml"
    stdin = "help\nhint\nundo\nauto\nmiddle 2C\nquit\n"
    code, out = play("--seed", "7", "--save", str(save), "--lang", "zh", stdin=stdin)
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[:5] == [
        "Pineapple OFC (Golden Nugget 2025), 种子 7: You, Computer 1",
        "",
        "第 1 轮",
        "还剩 5 轮",
        "玩家        头道    中道    尾道",
    ]
    assert "你的牌: QC JS 9S 6D 4H  放 5 张, 弃 0 张" in lines
    assert "例如 back QC JS 9S 6D 4H   (help: 命令列表)" in lines
    assert "  hint            提示: 电脑替你选的一步及其期望" in out
    assert (
        "                  back/b = 尾道, middle/m = 中道, front/f = 头道, discard/x = 弃牌;" in out
    )
    assert "你的一步> 提示: front 9S 6D 4H middle JS back QC   (期望 " in out  # typed words
    assert "你的一步> 本轮没有可以收回的牌" in lines
    assert "你的一步> 代打: 头道 9S 6D 4H 中道 JS 尾道 QC" in lines
    assert "你的一步> 不合规则: 2C 不在你的手牌里" in lines
    assert f"已退出; 这一手到目前为止的牌局保存在 {save}" in lines
    assert lines[-1] == "累计得分 You +0, Computer 1 +0"
    for english_word in ("your move", "stage", "running totals", "not legal"):
        assert english_word not in out
    code, _ = play("--seed", "7", "--save", str(english), stdin=stdin)
    assert code == 0 and save.read_text(encoding="utf-8") == english.read_text(encoding="utf-8")


def test_pieces_undo_and_mistakes_in_chinese(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = play("--seed", "7", "--lang", "zh", stdin="m JS\nundo\nf 9S 6D\nf 9S\nquit\n")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("你的一步>")] == [
        "你的一步> 已放: 中道 JS; 剩下: QC 9S 6D 4H",
        "你的一步> 已收回 中道 JS; 剩下: QC JS 9S 6D 4H",
        "你的一步> 已放: 头道 9S 6D; 剩下: QC JS 4H",
        "你的一步> 不合规则: 这一步里有一张牌用了两次",
        "你的一步> ",
    ]


def test_typing_mistakes_in_chinese(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = play("--seed", "7", "--lang", "zh", stdin="foo\nback ZZ\nb QC QC\nquit\n")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("你的一步> 不合规则: 'foo' 前面没有道的名称")
    assert lines[start : start + 6] == [
        "你的一步> 不合规则: 'foo' 前面没有道的名称",
        "  提示: 例如 back AS KS front 7C discard 2H   (简写: b AS KS f 7C x 2H)",
        "你的一步> 不合规则: 'ZZ' 不是一张牌",
        "  提示: 先写点数再写花色, 例如 AS, 10h, TD, Q♣ (点数 2-9 T J Q K A, 花色 S H D C)",
        "你的一步> 不合规则: QC 在 'QC QC' 里出现了两次",
        "你的一步> ",
    ]


def test_the_foul_warning_in_chinese() -> None:
    hand = _hand()
    hand.play("You", parse_move("middle 2C 3D 4H 5S 7C"))
    hand.play("Bot", parse_move("back KS KH QS QH JS"))
    turn = Turn(hand, "You", 1, lang="zh")
    with pytest.raises(HousegameError) as raised:
        turn.add("front AS AH discard 9D", parse_move("front AS AH discard 9D"))
    assert raised.value.text("zh") == (
        "警告: 这样一定倒水 (头道至少是 对子 A A 2, 中道最多是 乌龙 7 5 4 3 2)\n"
        "  提示: 再输入一次同样的一步就照样打出"
    )
    assert raised.value.message.startswith("warning: this makes a foul certain (front will be")


def test_a_chinese_session_carries_totals_and_fantasyland() -> None:
    code, out = play("--seed", "19", "--hands", "2", "--lang", "zh", stdin="auto\n" * 10)
    assert code == 0, out
    assert "第 1 手 (共 2 手)" in out and "第 2 手 (共 2 手)" in out
    hand_two = out.split("第 2 手 (共 2 手)")[1]
    assert "Computer 1 进入范特西, 发 14 张牌" in hand_two
    assert "Computer 1 [范特西]" in hand_two
    assert out.count("最终牌面") == 2 and out.count("累计得分") == 2


def test_an_unknown_language_is_exit_2() -> None:
    code, out = play("--lang", "fr", stdin="")
    assert code == 2 and "--lang: 'fr' is not one of en, zh" in out
