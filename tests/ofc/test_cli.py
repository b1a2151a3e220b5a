"""``housegame ofc ...`` and ``housegame score`` on OFC tables, through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housegame.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_score_seed_table_json() -> None:
    code, out, _ = run("score", str(EXAMPLES / "ofc-table.yaml"), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["totals"] == {"A": 11, "B": -11}
    assert [i["kind"] for i in data["pairs"][0]["items"]] == ["lane"] * 3 + [
        "scoop",
        "royalty",
        "royalty",
    ]


def test_score_seed_table_text_with_ruleset_option() -> None:
    code, out, _ = run(
        "score", str(EXAMPLES / "ofc-table.yaml"), "--ruleset", "golden-nugget-pineapple"
    )
    assert code == 0
    assert "+11  net to A" in out and "royalties A" in out


def test_replay_example_text_and_json() -> None:
    code, out, _ = run("ofc", "replay", str(EXAMPLES / "ofc-hand.yaml"))
    assert code == 0 and "stage 5  B: middle KC 2D, discard 9S" in out
    code, out, _ = run("ofc", "replay", str(EXAMPLES / "ofc-hand.yaml"), "--json")
    data = json.loads(out)
    assert data["totals"] == {"A": 11, "B": -11} and len(data["moves"]) == 10


def test_fantasyland_json() -> None:
    code, out, _ = run("ofc", "fantasyland", "AS KS QS JS TS 9H 9D 9C 9S 2C 3D 4H 5S 7C", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["back"] == "AS KS QS JS TS" and data["stays"] and data["royalties"] == 45


def test_play_a_hand_from_stdin() -> None:
    """Type legal moves for seed 1; a wrong move is refused and asked again."""
    from housegame.ofc import Hand, shuffled_deck
    from housegame.ofc.bot import choose_move
    from tests.ofc.helpers import ruleset

    hand = Hand(ruleset(), ["You", "Computer 1"], shuffled_deck(1))
    lines = ["front AS"]  # wrong count first: refused, then asked again
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        move = choose_move(hand, who, 1)
        if who == "You":
            words = [
                f"{lane} " + " ".join(str(c) for c in cards) for lane, cards in move.placed.items()
            ]
            if move.discarded:
                words.append("discard " + " ".join(str(c) for c in move.discarded))
            lines.append(" ".join(words))
        hand.play(who, move)
    code, out, err = run("ofc", "play", "--seed", "1", stdin="\n".join(lines) + "\n")
    assert code == 0, out + err
    assert "not legal:" in out and "stage 5" in out and "final boards" in out and "totals" in out


def test_play_with_two_opponents_until_input_ends() -> None:
    code, out, err = run("ofc", "play", "--seed", "4", "--opponents", "2", stdin="")
    assert code == 2
    assert "Computer 2" in out
    assert "input ended before the hand was finished" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("ofc", "fantasyland", "AS KS"), "13-17 cards, not 2"),
        (("ofc", "fantasyland", "AS KS QS JS TS 9H 9D 9C 9S 2C 3D 4H ZZ"), "'ZZ' is not a card"),
        (
            ("ofc", "fantasyland", "AS KS QS JS TS 9H 9D 9C 9S 2C 3D 4H 5S", "-r", "maceplay"),
            "not an OFC ruleset",
        ),
        (("ofc", "replay", "no-such-log.yaml"), "cannot read no-such-log.yaml"),
        (
            ("ofc", "play", "--ruleset", "golden-nugget-pineapl"),
            "did you mean 'golden-nugget-pineapple'",
        ),
    ],
)
def test_bad_input_exits_2_without_traceback(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2, out
    assert message in err
    assert "Traceback" not in err + out


def test_bad_replay_log_exits_2(tmp_path: Path) -> None:
    text = (EXAMPLES / "ofc-hand.yaml").read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace("discard: AD", "discard: 2S"), encoding="utf-8")
    code, _, err = run("ofc", "replay", str(path))
    assert code == 2
    assert "moves[2] (stage 2): A: 2S was not dealt to you" in err and "Traceback" not in err


def test_score_four_player_ofc_table_exits_2(tmp_path: Path) -> None:
    rows = "\n".join(
        f"  - {{name: P{i}, front: {f}, middle: {m}, back: {b}}}"
        for i, (f, m, b) in enumerate(
            [
                ("2C 3C 4C", "5C 6C 7C 8C 9C", "TC JC QC KC AC"),
                ("2D 3D 4D", "5D 6D 7D 8D 9D", "TD JD QD KD AD"),
                ("2H 3H 4H", "5H 6H 7H 8H 9H", "TH JH QH KH AH"),
                ("2S 3S 4S", "5S 6S 7S 8S 9S", "TS JS QS KS AS"),
            ]
        )
    )
    path = tmp_path / "four.yaml"
    path.write_text("ruleset: golden-nugget-pineapple\nplayers:\n" + rows + "\n", encoding="utf-8")
    code, _, err = run("score", str(path))
    assert code == 2 and "4 players need 68 cards" in err and "Traceback" not in err


def test_replay_refuses_a_fantasyland_count_the_ruleset_does_not_deal(tmp_path: Path) -> None:
    path = tmp_path / "fifteen.yaml"
    path.write_text(
        "ruleset: golden-nugget-pineapple\nplayers: [A, B]\nseed: 1\nfantasyland: {A: 15}\n",
        encoding="utf-8",
    )
    code, _, err = run("ofc", "replay", str(path))
    assert code == 2
    assert "A is dealt 15 cards in Fantasyland; golden-nugget-pineapple deals 14" in err
    assert "Traceback" not in err


def test_replay_moves_in_chinese() -> None:
    code, out, _ = run("ofc", "replay", str(EXAMPLES / "ofc-hand.yaml"), "--lang", "zh")
    assert code == 0
    assert out.splitlines()[:4] == [
        "回放 " + str(EXAMPLES / "ofc-hand.yaml") + " (牌序取自记录)",
        "  第 1 轮  A: 头道 6S 6H, 尾道 9H 5H 2H",
        "  第 1 轮  B: 头道 5S 5D, 中道 4D 4C, 尾道 TS",
        "  第 2 轮  A: 尾道 KH JH, 弃牌 AD",
    ]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "best setting (no-foul, stay, royalties)",
                "  front   5C 4C 3C  high-card 5 4 3",
                "  middle  9H 9D 9C 2H 2D  full-house 9 9 9 2 2",
                "  back    AS KS QS JS TS  straight-flush to A",
                "  discard 7D",
                "  clean; stays in Fantasyland; royalties 37",
            ],
        ),
        (
            "zh",
            [
                "最佳摆法 (no-foul, stay, royalties)",
                "  头道      5C 4C 3C  乌龙 5 4 3",
                "  中道      9H 9D 9C 2H 2D  葫芦 9 9 9 2 2",
                "  尾道      AS KS QS JS TS  同花顺 A",
                "  弃牌 7D",
                "  不倒水; 留在范特西; 奖励分 37",
            ],
        ),
    ],
)
def test_fantasyland_in_both_languages(lang: str, lines: list[str]) -> None:
    cards = "AS KS QS JS TS 9H 9D 9C 2H 2D 3C 4C 5C 7D"
    code, out, _ = run("ofc", "fantasyland", cards, "--lang", lang)
    assert code == 0 and out.splitlines() == lines
