"""Replaying recorded game logs: the README example, round trips, and errors with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from housegame.bigtwo import BigTwoError, Game, computer_move, load_rules, log_data, replay_file
from housegame.errors import HousegameError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bigtwo-game.yaml"


def test_the_readme_example_replays() -> None:
    result = replay_file(EXAMPLE)
    assert result.settlement.winner == "Ann"
    assert result.settlement.totals == {"Ann": 30, "Bo": -22, "Cy": -4, "Di": -4}
    assert len(result.moves) == 27
    assert result.moves[3].timed_out and result.moves[3].play is None


def test_the_example_under_taiwan_rules_settles_differently() -> None:
    result = replay_file(EXAMPLE, "taiwan-big-two")
    assert result.settlement.scores == {"Ann": 0, "Bo": 33, "Cy": 4, "Di": 4}
    assert sum(result.settlement.totals.values()) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_computer_game_round_trips_through_a_log(tmp_path: Path, seed: int) -> None:
    rules = load_rules("hong-kong-big-two")
    game = Game.deal(rules, seed)
    while not game.over:
        computer_move(game)
    log = tmp_path / "game.yaml"
    log.write_text(
        yaml.safe_dump(log_data(game), allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    assert replay_file(log).settlement == game.settlement()


def test_a_log_may_deal_from_a_seed(tmp_path: Path) -> None:
    rules = load_rules()
    game = Game.deal(rules, 11, ["A", "B", "C", "D"])
    while not game.over:
        computer_move(game)
    data = log_data(game)
    data["seed"] = 11
    for player in data["players"]:
        del player["hand"]
    log = tmp_path / "seeded.yaml"
    log.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert replay_file(log).settlement.totals == game.settlement().totals


def _log(tmp_path: Path, moves: str, extra: str = "") -> Path:
    lines = EXAMPLE.read_text(encoding="utf-8").split("moves:")[0]
    log = tmp_path / "bad.yaml"
    log.write_text(lines + extra + "moves:\n" + moves, encoding="utf-8")
    return log


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("  - Ann: 5C\n", "bad.yaml:13: move 1 (Ann: 5C): it is Cy's turn, not Ann's"),
        ("  - Cy: 4D\n", "bad.yaml:13: move 1 (Cy: 4D): the first play must contain 3C"),
        ("  - Cy: pass\n", "bad.yaml:13: move 1 (Cy: pass): Cy leads this trick and cannot pass"),
        ("  - Cy: 3C\n  - Di: 3D\n", "bad.yaml:14: move 2 (Di: 3D): Di does not hold 3D"),
        (
            "  - Cy: 3C\n  - Di: 6D 8D\n",
            "bad.yaml:14: move 2 (Di: 6D 8D): 6D 8D is not a pair: the ranks differ",
        ),
        ("  - Cy: 3C\n  - Di: XX\n", "bad.yaml:14: move 2 (Di: XX): 'XX' is not a card"),
        ("  - Zed: 3C\n", "bad.yaml:13: move 1 (Zed: 3C): no player 'Zed' at this table"),
        ("  - Cy: 3C\n", "the log ends before anyone is out"),
    ],
)
def test_bad_moves_name_file_line_and_reason(tmp_path: Path, moves: str, message: str) -> None:
    with pytest.raises(BigTwoError) as err:
        replay_file(_log(tmp_path, moves))
    assert message in err.value.message


def test_moves_after_the_end_are_refused(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8") + "  - Bo: 3H\n"
    log = tmp_path / "long.yaml"
    log.write_text(text, encoding="utf-8")
    with pytest.raises(BigTwoError, match=r"move 28 .*the game already ended"):
        replay_file(log)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players: []\nmoves: []\n", "players"),
        (
            (
                "ruleset: maceplay-big-two\nplayers:\n  - {name: A}\n  - {name: B}\n"
                "  - {name: C}\n  - {name: D}\n"
                "moves: []\n"
            ),
            "give the players' hands, or a seed to deal them",
        ),
        (
            "seed: 1\nplayers:\n  - {name: A}\n  - {name: A}\n  - {name: C}\n"
            "  - {name: D}\nmoves: []\n",
            "player names must be unique: A",
        ),
        (
            "seed: 1\nplayers:\n  - {name: A}\n  - {name: B}\n  - {name: C}\n"
            "  - {name: D}\nmoves:\n  - {A: 3C, B: 4C}\n",
            "moves[0]",
        ),
        (
            (
                "ruleset: maceplay\nseed: 1\nplayers:\n  - {name: A}\n  - {name: B}\n"
                "  - {name: C}\n  - {name: D}\n"
                "moves: []\n"
            ),
            "ruleset 'maceplay' is not a Big Two ruleset",
        ),
    ],
)
def test_bad_logs_are_refused(tmp_path: Path, text: str, message: str) -> None:
    log = tmp_path / "log.yaml"
    log.write_text(text, encoding="utf-8")
    with pytest.raises(HousegameError) as err:  # a Big Two problem, or a ruleset of another game
        replay_file(log)
    assert message in err.value.message
