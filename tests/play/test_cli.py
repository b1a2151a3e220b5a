"""``housegame play`` driven through stdin, and ``housegame replay`` on what it saved: lanes
typed in pieces, hint, auto, declare, surrender, foul refusals, quit and resume, the timer,
Chinese, and the log checked by ``validate``."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from housegame.cli import app
from tests.play.test_session import FOUL, LEGAL

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin, env={"COLUMNS": "100"})
    return result.exit_code, result.output


def play(*args: str, stdin: str) -> tuple[int, str]:
    return run("play", "--seed", "7", *args, stdin=stdin)


def test_a_hand_typed_in_pieces_is_settled_and_logged(tmp_path: Path) -> None:
    log = tmp_path / "session.yaml"
    typed = "help\nfront AH QC 9S\nclear\nf AH QC 9S\nm 5H 4S 4H 4C 2C\n"
    code, out = play("--ruleset", "pagat", "--opponents", "2", "--save", str(log), stdin=typed)
    assert code == 0, out
    assert "pagat.com Chinese Poker (typical scale), seed 7: You, Computer 1, Computer 2" in out
    assert "your cards: AH QC JS JH 9S 6S 6D 6C 5H 4S 4H 4C 2C" in out
    assert "declare [ID]    declare a special hand you hold" in out  # help
    assert "so far: front AH QC 9S; left: JS JH 6S 6D 6C 5H 4S 4H 4C 2C" in out
    assert "lanes cleared" in out
    assert "You         AH QC 9S  5H 4S 4H 4C 2C  JS JH 6S 6D 6C" in out
    assert "You vs Computer 1" in out and "net to You" in out
    assert "running totals You " in out and f"log written to {log}" in out
    saved = yaml.safe_load(log.read_text(encoding="utf-8"))
    assert saved["hands"][0]["seats"][0]["back"] == "JS JH 6S 6D 6C"
    code, shown = run("replay", str(log))
    assert code == 0 and "hand 1 (seed 7)" in shown
    assert _settlement(shown) == _settlement(out)
    assert run("validate", str(log)) == (0, f"{log}: ok (13-card session log, 1 hand)\n")


def _settlement(out: str) -> str:
    """The scorer's breakdown of the first hand, as printed."""
    return out[out.index("\nruleset ") : out.index("running totals")]


def test_replay_json_has_every_hand_and_the_running_totals(tmp_path: Path) -> None:
    log = tmp_path / "s.yaml"
    code, _ = play("--opponents", "1", "--hands", "2", "--save", str(log), stdin="auto\nauto\n")
    assert code == 0
    code, out = run("replay", str(log), "--json")
    data = json.loads(out)
    assert [h["seed"] for h in data["hands"]] == [7, 8]
    totals = {name: sum(h["totals"][name] for h in data["hands"]) for name in data["players"]}
    assert data["totals"] == totals


def test_a_foul_is_refused_then_a_legal_setting_plays() -> None:
    code, out = play("--opponents", "1", stdin=f"{FOUL}\n{LEGAL}\n")
    assert code == 0
    assert "not legal: this setting fouls: front trips 6 6 6 beats middle pair J J A Q 9" in out
    assert "hint: maceplay refuses fouls: back >= middle >= front" in out
    assert "showdown" in out


def test_a_foul_warned_then_set_again_plays() -> None:
    code, out = play("--ruleset", "pagat", "--opponents", "1", stdin=f"{FOUL}\nset\n")
    assert code == 0
    assert "warning: this setting fouls" in out and "set the same again" in out
    assert "You         6S 6D 6C" in out and "foul" in out


def test_hint_and_declare_an_optional_special() -> None:
    code, out = run(
        "play", "--seed", "1", "--ruleset", "pagat", "--opponents", "1",
        stdin="hint\ndeclare six-pairs\ndeclare\n",
    )  # fmt: skip
    assert code == 0, out
    assert "you hold three flushes (three-flushes): type declare to declare it" in out.lower()
    assert "hint: front " in out and "(value " in out and ": declare it" in out
    assert "you do not hold 'six-pairs'; you hold three-flushes" in out
    assert "declares" in out


def test_an_automatic_special_is_declared_for_you() -> None:
    code, out = run("play", "--seed", "1", "--opponents", "1", stdin="")
    assert code == 0, out
    assert "declared for you, as maceplay declares it" in out and "showdown" in out


def test_surrender(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = play("--ruleset", "pagat-surrender", "--opponents", "1", stdin="surrender\n")
    assert code == 0 and "surrenders" in out
    monkeypatch.chdir(tmp_path)  # quit saves thirteen-7.yaml here
    code, out = play("--opponents", "1", stdin="surrender\nquit\n")
    assert "not legal: maceplay has no surrender" in out
    assert (tmp_path / "thirteen-7.yaml").is_file()


def test_quit_saves_and_resume_goes_on(tmp_path: Path) -> None:
    log = tmp_path / "s.yaml"
    code, out = play("--opponents", "2", "--hands", "3", "--save", str(log), stdin="auto\nquit\n")
    assert code == 0
    assert f"stopped; the hands so far are saved in {log} (play --resume {log} goes on)" in out
    assert len(yaml.safe_load(log.read_text(encoding="utf-8"))["hands"]) == 1
    code, out = run("play", "--resume", str(log), stdin="auto\n")
    assert code == 0 and "hand 2 (seed 8)" in out
    assert len(yaml.safe_load(log.read_text(encoding="utf-8"))["hands"]) == 2


def test_input_ending_mid_hand_is_exit_2() -> None:
    code, out = play("--opponents", "1", stdin="f AH QC 9S\n")
    assert code == 2 and "input ended before the hand was set" in out


def test_bad_options_are_exit_2(tmp_path: Path) -> None:
    assert run("play", "--name", "Computer 1", stdin="")[0] == 2
    code, out = run("play", "--ruleset", "golden-nugget-pineapple", stdin="")
    assert code == 2 and "error:" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: pagat\nplayers: [A, B]\nseed: 1\nhands:\n- seats: [{name: A}]\n")
    code, out = run("replay", str(bad))
    assert code == 2 and f"{bad}:5" in out


def test_in_chinese() -> None:
    code, out = play("--opponents", "1", "--lang", "zh", stdin="help\nhint\nauto\n")
    assert code == 0
    assert "你的牌: AH QC JS JH 9S 6S 6D 6C 5H 4S 4H 4C 2C" in out
    assert "摆牌: front AS KS QS middle" in out and "提示: front AH QC 9S" in out
    assert "比牌" in out and "累计得分" in out and "头道" in out


def test_the_timer_sets_the_hand_when_nothing_is_typed(tmp_path: Path) -> None:
    """A real process whose stdin stays open and silent: the arranger sets the hand when the
    time is up, and the log says so."""
    log = tmp_path / "timed.yaml"
    args = ["play", "--seed", "7", "--opponents", "1", "--timer", "1", "--save", str(log)]
    process = subprocess.Popen(
        [sys.executable, "-m", "housegame", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=tmp_path,
    )
    assert process.stdout is not None and process.stdin is not None
    started = time.monotonic()
    out = process.stdout.read()  # the process ends on its own: nothing is typed
    process.stdin.close()
    assert process.wait(timeout=60) == 0, out
    assert time.monotonic() - started >= 1
    assert "your lanes (1 s)> " in out and "time is up: the arranger set your hand" in out
    assert "You ran out of time: the arranger set the hand" in out
    seat = yaml.safe_load(log.read_text(encoding="utf-8"))["hands"][0]["seats"][0]
    assert seat["timed_out"] is True
    code, shown = run("replay", str(log))
    assert code == 0 and "You ran out of time" in shown


def test_the_manuals_transcript_is_what_play_prints() -> None:
    """docs/play.md's terminal session: the text after each prompt is typed, and the rest is
    what the game prints (piped input is not echoed, so a typed line joins its prompt)."""
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    block = page.split("```text\n$ ", 1)[1].split("\n```", 1)[0]
    command, _, shown = block.partition("\n")
    prompt = "your lanes> "
    typed = [line.removeprefix(prompt) for line in shown.splitlines() if line.startswith(prompt)]
    expected = re.sub(rf"^{prompt}.*\n", prompt, shown + "\n", flags=re.MULTILINE)
    result = CliRunner().invoke(
        app, shlex.split(command)[1:], input="\n".join(typed) + "\n", env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0
    printed = [line.rstrip() for line in result.output.splitlines()]
    assert printed == [line.rstrip() for line in expected.splitlines()]


def test_replay_reads_stdin() -> None:
    text = (ROOT / "examples" / "thirteen-session.yaml").read_text(encoding="utf-8")
    code, out = run("replay", "-", stdin=text)
    assert code == 0 and "running totals You +13, Computer 1 -9, Computer 2 -4" in out
