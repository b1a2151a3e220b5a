"""The Big Two session the terminal game and the web table share: the computer's turns, your
turn only when it is yours, and a log that replays to the same settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.bigtwo import load_rules, replay_located
from housegame.bigtwo.session import Table, move_text
from housegame.errors import HousegameError
from housegame.yamlsource import load_yaml_text
from tests.suite import examples


def test_the_computer_plays_up_to_your_turn() -> None:
    game = Table(load_rules(), 3, bot="basic")
    played = game.computers_play()
    assert [move_text(m) for m in played] == ["East plays straight A-2-3-4-5 (3C 4C 5S AH 2C)"]
    assert game.your_turn and game.you == "South"


def test_nothing_out_of_turn() -> None:
    game = Table(load_rules(), 3, bot="basic")
    game.computers_play()
    game.pass_turn()
    assert not game.your_turn
    with pytest.raises(HousegameError, match=r"^it is West's turn, not yours$"):
        game.hint()
    with pytest.raises(HousegameError) as caught:
        game.auto()
    assert caught.value.text("zh") == "现在轮到 West, 不是你"


@settings(max_examples=examples(5), deadline=None)
@given(
    seed=st.integers(0, 10_000),
    ruleset=st.sampled_from(["maceplay-big-two", "hong-kong-big-two", "taiwan-big-two"]),
)
def test_a_finished_game_replays_from_its_log(seed: int, ruleset: str) -> None:
    game = Table(load_rules(ruleset), seed, bot="basic")
    while not game.game.over:
        game.computers_play()
        if game.your_turn:
            game.auto()
    with pytest.raises(HousegameError, match=r"^the game is over: "):
        game.pass_turn()
    replayed = replay_located(load_yaml_text(game.log_text(), "game.yaml"))
    assert replayed.settlement == game.game.settlement()
