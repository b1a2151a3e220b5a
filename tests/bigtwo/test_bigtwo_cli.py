"""``housegame bigtwo`` through typer's CliRunner: output, JSON, and bad input -> exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app

runner = CliRunner()
EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "bigtwo-game.yaml")


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["bigtwo", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("play", "over", "expected"),
    [
        ("AD 2C 3S 4H 5H", "10C JD QH KC AS", True),
        ("2D 3C 4C 5C 6H", "AD 2C 3S 4H 5H", True),
        ("4S 4H 4D 4C 3D", "2S", False),
        ("KS KC", "KH KD", True),
    ],
)
def test_beats_json(play: str, over: str, expected: bool) -> None:
    code, out, _ = run("beats", play, "--over", over, "--json")
    assert code == 0
    assert json.loads(out) == {"beats": expected}


def test_beats_text_gives_the_reason() -> None:
    code, out, _ = run("beats", "4S 4H 4D 4C 3D", "--over", "2S")
    assert code == 0
    assert out.strip() == "no: four 4s + 1 cannot be played over single 2S: follow with 1 card"


def test_beats_under_another_ruleset() -> None:
    # Hong Kong: clubs above diamonds, so 3C beats 3D; MacePlay the other way round.
    assert json.loads(
        run("beats", "3C", "--over", "3D", "--json", "-r", "hong-kong-big-two")[1]
    ) == {"beats": True}
    assert json.loads(run("beats", "3C", "--over", "3D", "--json")[1]) == {"beats": False}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("beats", "JS QS KS AS 2H", "--over", "2S"),
            "PLAY 'JS QS KS AS 2H': J-Q-K-A-2 is not a straight in this ruleset",
        ),
        (
            ("beats", "2S", "--over", "3C 4D"),
            "--over '3C 4D': 3C 4D is not a pair: the ranks differ",
        ),
        (("beats", "2S", "--over", "2S"), "2S cannot be both on the table and in your play"),
        (("beats", "ZZ", "--over", "2S"), "'ZZ' is not a card"),
        (("beats", "2S", "--over", "3C", "-r", "nope-big-two"), "unknown ruleset 'nope-big-two'"),
        (
            ("beats", "2S", "--over", "3C", "-r", "maceplay"),
            "ruleset 'maceplay' is not a Big Two ruleset",
        ),
        (("hint", "3C 4C", "--over", "JS QS KS AS 2H"), "J-Q-K-A-2 is not a straight"),
        (("hint", "4C 5C", "--first"), "the first play must contain 3C"),
        (
            ("score", "--left", "A=5", "--left", "B=3", "--left", "C=1", "--left", "D=1"),
            "exactly one player ends with 0 cards; here 0 do",
        ),
        (
            ("score", "--left", "A=0", "--left", "B=14", "--left", "C=1", "--left", "D=1"),
            "B cannot have 14 cards left",
        ),
        (
            ("score", "--left", "A=0", "--left", "B=3"),
            "maceplay-big-two deals for 4 players, not 2",
        ),
        (
            ("score", "-r", "amarillo-big-two", "--left", "A=0", "--left", "B=19", "--left", "C=1"),
            "B cannot have 19 cards left",
        ),
        (("score", "--left", "A0"), "--left 'A0': expected NAME=VALUE"),
        (
            (
                "score",
                "--left",
                "A=0",
                "--left",
                "B=1",
                "--left",
                "C=1",
                "--left",
                "D=1",
                "--left",
                "E=1",
            ),
            "maceplay-big-two deals for 4 players, not 5",
        ),
        (("score", "--left", "A=0", "--left", "B=x"), "the count must be a whole number"),
        (
            (
                "score",
                "-r",
                "amarillo-big-two",
                "--left",
                "A=0",
                "--left",
                "B=3",
                "--holds",
                "C=2S",
            ),
            "cards held by C",
        ),
        (
            (
                "score",
                "-r",
                "amarillo-big-two",
                "--left",
                "A=0",
                "--left",
                "B=9",
                "--left",
                "C=9",
                "--holds",
                "B=2S",
                "--holds",
                "C=2S",
            ),
            "duplicate card: 2S (held by B, C)",
        ),
        (("replay", "no-such-file.yaml"), "cannot read no-such-file.yaml"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(
    args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out


def test_hint_text_and_json() -> None:
    code, out, _ = run("hint", "3C 3D 5S 9H 9S KS 2H", "--over", "8C 8D")
    assert code == 0
    assert out.splitlines()[0] == "hint: pair of 9s (9H 9S)"
    data = json.loads(run("hint", "3C 3D 5S 9H 9S KS 2H", "--json")[1])
    assert data["hint"] == {"kind": "single", "label": "single 3C", "cards": ["3C"]}
    assert data["can_pass"] is False and len(data["plays"]) == 7 + 2
    none = json.loads(run("hint", "3C 4D", "--over", "2S", "--json")[1])
    assert none == {"hint": None, "plays": [], "can_pass": True}
    assert run("hint", "3C 4D", "--over", "2S")[1].startswith("hint: pass")


def test_score_json_taiwan_example() -> None:
    code, out, _ = run(
        "score",
        "--left",
        "A=5",
        "--left",
        "B=8",
        "--left",
        "C=0",
        "--left",
        "D=12",
        "--ruleset",
        "taiwan-big-two",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["totals"] == {"A": 37, "B": -7, "C": 57, "D": -87}


def test_score_spade_two_holder() -> None:
    out = run(
        "score",
        "--left",
        "A=0",
        "--left",
        "B=8",
        "--holds",
        "B=2S",
        "--left",
        "C=1",
        "--left",
        "D=1",
        "-r",
        "taiwan-big-two",
        "--json",
    )[1]
    assert json.loads(out)["scores"] == {"A": 0, "B": 32, "C": 1, "D": 1}


def test_score_text_seed_example_3() -> None:
    code, out, _ = run(
        "score", "--left", "W=0", "--left", "A=1", "--left", "B=10", "--left", "C=13"
    )
    assert code == 0
    assert "+60" in out and "-39" in out


def test_replay_text_and_json() -> None:
    code, out, _ = run("replay", EXAMPLE)
    assert code == 0
    assert "27. Ann plays single AS and is out" in out
    data = json.loads(run("replay", EXAMPLE, "--json")[1])
    assert data["totals"] == {"Ann": 30, "Bo": -22, "Cy": -4, "Di": -4} and data["moves"] == 27


def test_play_a_whole_game_from_stdin() -> None:
    code, out, _ = run("play", "--seed", "3", stdin="hint\n" + "auto\n" * 60)
    assert code == 0
    assert "winner" in out and "hint:" in out


def test_play_bad_moves_are_refused_and_asked_again() -> None:
    code, out, err = run("play", "--seed", "5", stdin="9Z\npass\nquit\n")
    assert code == 0
    assert "not allowed: '9Z' has no suit 'Z'" in err
    assert "South passes" in out and "You quit." in out


def test_play_input_ending_early_exits_2() -> None:
    code, _, err = run("play", "--seed", "5", stdin="")
    assert code == 2
    assert "input ended before the game did" in err


def test_hint_in_chinese() -> None:
    hand = "3C 3D 3H 4S 5S 6S 7S 8S 9D 9H 9S KD KH"
    code, out, _ = run("hint", hand, "--lang", "zh")
    lines = out.splitlines()
    assert code == 0
    assert lines[:3] == ["提示: 单张 3C", "41 种出法, 从小到大:", "  单张 3C"]
    assert "  对子 (3C 3D)" in lines and lines[-1] == "  ... 还有 21 种 (--json 全部列出)"
    code, out, _ = run("hint", "3C", "--over", "2S", "--lang", "zh")
    assert code == 0 and out == "提示: 过 (这手牌没有能压过的)\n"
    code, out, _ = run("hint", "3H 4H 5D AS 2S", "--lang", "zh")
    assert code == 0 and out.splitlines()[0] == "提示: 单张 3H"
    assert "  顺子 A-2-3-4-5 (3H 4H 5D AS 2S)" in out.splitlines()


@pytest.mark.parametrize(
    ("play", "over", "answer"),
    [
        ("5H 5S", "4C 4D", "是: 对子 (5H 5S) 压过 对子 (4C 4D)"),
        ("3H 3S", "4C 4D", "否: 对子 (3H 3S) 小于 对子 (4C 4D)"),
        ("3H 4H 5H 6H 8H", "4C 4D 4S 9C 9D", "否: 同花小于葫芦"),
        (
            "4H 4S",
            "3C 4C 5S AH 2C",
            "否: 对子 (4H 4S) 不能压 顺子 A-2-3-4-5 (3C 4C 5S AH 2C): 要出 5 张",
        ),
    ],
)
def test_beats_in_chinese(play: str, over: str, answer: str) -> None:
    code, out, _ = run("beats", play, "--over", over, "--lang", "zh")
    assert (code, out) == (0, answer + "\n")
