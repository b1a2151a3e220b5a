"""`housegame bigtwo play` driven through stdin: opponents' card counts, help, hint, and a
saved log that `bigtwo replay` reads back to the same settlement."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from housegame.cli import app


def bigtwo(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["bigtwo", *args], input=stdin)
    return result.exit_code, result.stdout


def test_every_opponents_card_count_is_shown() -> None:
    code, out = bigtwo("play", "--seed", "3", "--bot", "basic", stdin="help\nhint\nquit\n")
    assert code == 0
    assert "cards left: West 13, North 13, East 8" in out
    assert "  hint    the best moves by the search, with reasons" in out
    assert "> hint: straight 2-3-4-5-6 (3H 4H 5D 6S 2S)\n" in out
    assert (
        "  3. pass: about -5.2 points a game, out first in 4% of 24 deals; "
        "keeps your cards for a later trick\n"
    ) in out
    assert "You quit." in out


def auto_game(log: Path, seed: str, bot: str) -> tuple[str, dict[str, object]]:
    """A game played by ``auto`` to its end, saved, and the log's replay (``--json``)."""
    code, out = bigtwo(
        "play", "--seed", seed, "--bot", bot, "--save", str(log), stdin="auto\n" * 60
    )
    assert code == 0 and f"log written to {log}" in out
    code, replayed = bigtwo("replay", str(log), "--json")
    assert code == 0
    settlement: dict[str, object] = json.loads(replayed)
    return out, settlement


def test_a_saved_game_replays_to_the_same_settlement(tmp_path: Path) -> None:
    out, settlement = auto_game(tmp_path / "game.yaml", "3", "basic")
    assert settlement["winner"] == "West"
    assert settlement["totals"] == {"South": -6, "West": 19, "North": -9, "East": -4}
    assert [line.rstrip() for line in out.rstrip().splitlines()[-5:-1]] == [
        "South   6           6      -6",
        "West    0           0      +19",
        "North   9           9      -9",
        "East    4           4      -4",
    ]


def test_quit_saves_the_game_so_far(tmp_path: Path) -> None:
    log = tmp_path / "game.yaml"
    code, _ = bigtwo(
        "play", "--seed", "3", "--bot", "basic", "--save", str(log), stdin="auto\nquit\n"
    )
    assert code == 0 and log.exists()
    assert "South: 3H 4H 5D AS 2S" in log.read_text(encoding="utf-8")


def test_the_game_speaks_chinese_with_lang_zh(tmp_path: Path) -> None:
    """Every line the player reads is Chinese; typed commands, cards and the log stay the same."""
    code, out = bigtwo(
        "play", "--seed", "3", "--bot", "basic", "--lang", "zh", stdin="help\nhint\nquit\n"
    )
    assert code == 0
    assert out.splitlines()[:5] == [
        "大老二, 规则 maceplay-big-two, 种子 3. 你是 South; East 先出.",
        "East 出 顺子 A-2-3-4-5 (3C 4C 5S AH 2C)",
        "要压过: East 出的 顺子 A-2-3-4-5 (3C 4C 5S AH 2C)",
        "剩余牌数: West 13, North 13, East 8",
        "你的手牌: 3H 4H 4S 5D 6S 7H 8H 9C 9D 10C JC AS 2S",
    ]
    assert "  hint    提示: 搜索找到的最好走法和理由\n" in out
    assert "> 提示: 顺子 2-3-4-5-6 (3H 4H 5D 6S 2S)\n" in out
    assert "  3. 过: 约 -5.2 分一局, 24 次发牌中 4% 先出完; 留着手里的牌, 以后再出\n" in out
    assert out.endswith("> 你退出了.\n")


def test_a_chinese_game_saves_the_same_log_and_replays_in_chinese(tmp_path: Path) -> None:
    zh_log, en_log = tmp_path / "zh.yaml", tmp_path / "en.yaml"
    stdin = "auto\n" * 60
    code, out = bigtwo(
        "play", "--seed", "3", "--bot", "basic", "--save", str(zh_log), "--lang", "zh", stdin=stdin
    )
    assert code == 0 and out.endswith(f"牌局记录已写入 {zh_log}\n")
    assert "North 过\n" in out and "West 出 单张 AC, 出完了\n" in out
    assert "ruleset maceplay-big-two   胜 West" in out
    assert "玩家   剩余牌数  罚分  净得" in out
    code, _ = bigtwo("play", "--seed", "3", "--bot", "basic", "--save", str(en_log), stdin=stdin)
    assert code == 0 and zh_log.read_text(encoding="utf-8") == en_log.read_text(encoding="utf-8")
    code, replayed = bigtwo("replay", str(zh_log), "--lang", "zh")
    assert code == 0
    assert " 34. South 过; 这一圈结束\n 35. West 出 单张 AC, 出完了\n" in replayed


def test_the_help_list_keeps_its_lines() -> None:
    code, out = bigtwo("play", "--seed", "3", "--bot", "basic", stdin="help\nquit\n")
    assert code == 0
    assert "> commands:\n  CARDS   play them, e.g. 3C 3D\n  pass    let the play stand\n" in out


def test_mistakes_are_explained_in_chinese() -> None:
    stdin = "4H 4S\nZZ\n4H 4S 5D 6S 7H\n3C\nquit\n"
    result = CliRunner().invoke(
        app, ["bigtwo", "play", "--seed", "3", "--bot", "basic", "--lang", "zh"], input=stdin
    )
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "不允许: South 不能这样出: 对子 (4H 4S) 不能压 顺子 A-2-3-4-5 (3C 4C 5S AH 2C): 要出 5 张",
        "  提示: 出更大的牌, 或者 pass (过)",
        "不允许: 'ZZ' 不是一张牌",
        "  提示: 先写点数再写花色, 例如 AS, 10h, TD, Q♣ (点数 2-9 T J Q K A, 花色 S H D C)",
        "不允许: 4H 4S 5D 6S 7H 不成牌型",
        "  提示: 五张牌须是顺子、同花、葫芦、铁支加一张或同花顺",
        "不允许: South 没有 3C",
        "  提示: South 的牌: 3H 4H 4S 5D 6S 7H 8H 9C 9D 10C JC AS 2S",
    ]
    english = CliRunner().invoke(
        app, ["bigtwo", "play", "--seed", "3", "--bot", "basic"], input=stdin
    )
    assert english.stderr.splitlines()[0] == (
        "not allowed: South cannot play that: pair of 4s cannot be played over straight "
        "A-2-3-4-5: follow with 5 cards"
    )


def test_the_search_bot_plays_a_game_that_replays(tmp_path: Path) -> None:
    out, settlement = auto_game(tmp_path / "game.yaml", "5", "search")
    assert f"winner {settlement['winner']}" in out


def test_an_unknown_bot_is_refused() -> None:
    result = CliRunner().invoke(app, ["bigtwo", "play", "--bot", "clever"], input="quit\n")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: no Big Two bot 'clever'",
        "  hint: bots: search, basic",
    ]


def test_three_players_play_and_the_game_replays(tmp_path: Path) -> None:
    """``--players 3`` under a ruleset with a three-player deal: 17 cards each, the 52nd to the
    holder of 3D; the saved log replays with three players."""
    log = tmp_path / "game.yaml"
    code, out = bigtwo(
        "play", "-r", "amarillo-big-two", "--players", "3", "--seed", "2", "--bot", "basic",
        "--save", str(log), stdin="auto\n" * 80,
    )  # fmt: skip
    assert code == 0 and "cards left: West" in out and "East" not in out
    code, replayed = bigtwo("replay", str(log), "--json")
    assert code == 0 and set(json.loads(replayed)["totals"]) == {"South", "West", "North"}


def test_a_seat_count_the_ruleset_does_not_deal_for_is_refused() -> None:
    result = CliRunner().invoke(app, ["bigtwo", "play", "--players", "3"], input="quit\n")
    assert result.exit_code == 2
    assert "maceplay-big-two deals for 4 players, not 3" in result.stderr
