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
    code, out = bigtwo("play", "--seed", "3", stdin="help\nhint\nquit\n")
    assert code == 0
    assert "cards left: West 13, North 13, East 8" in out
    assert "  hint    the play the computer would make for you" in out
    assert "hint: straight A-2-3-4-5 (3H 4H 5D AS 2S)" in out
    assert "You quit." in out


def test_a_saved_game_replays_to_the_same_settlement(tmp_path: Path) -> None:
    log = tmp_path / "game.yaml"
    code, out = bigtwo("play", "--seed", "3", "--save", str(log), stdin="auto\n" * 60)
    assert code == 0 and f"log written to {log}" in out
    code, replayed = bigtwo("replay", str(log), "--json")
    assert code == 0
    settlement = json.loads(replayed)
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
    code, _ = bigtwo("play", "--seed", "3", "--save", str(log), stdin="auto\nquit\n")
    assert code == 0 and log.exists()
    assert "South: 3H 4H 5D AS 2S" in log.read_text(encoding="utf-8")
