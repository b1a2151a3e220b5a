"""The OFC session the terminal game and the web table share: the bots' turns, your move whole
or refused, hints, the next hand, and a log that replays to the same settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from housegame.errors import HousegameError
from housegame.ofc.moves import parse_move
from housegame.ofc.replay import HandLog, replay
from housegame.ofc.session import Table
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.yamlsource import load_yaml_text
from tests.suite import examples


def table(seed: int, ruleset: str = "golden-nugget-pineapple", bots: int = 1) -> Table:
    rules = load_ruleset(ruleset, OfcRuleset)
    players = ["Bot", "You", "Bot 2"][: bots + 1]
    return Table(rules, ruleset, players, "You", seed)


def finish(game: Table) -> None:
    while not game.hand.finished:
        game.bots_play()
        if game.your_move:
            game.auto()


def test_the_bots_seated_before_you_move_first() -> None:
    game = table(7)
    assert not game.your_move
    played = game.bots_play()
    assert [p.player for p in played] == ["Bot"]
    assert game.your_move and game.bots_play() == []


def test_a_whole_move_is_required_on_request() -> None:
    game = table(7)
    game.bots_play()
    card = game.hand.boards["You"].pending[0]
    with pytest.raises(HousegameError, match=r"^this stage places 5 and discards 0$"):
        game.play(f"back {card}", parse_move(f"back {card}"), whole=True)
    assert game.turn.pieces == []
    game.play(f"back {card}", parse_move(f"back {card}"))  # a piece, as typed at the terminal
    assert len(game.turn.pieces) == 1


def test_no_move_or_hint_out_of_turn() -> None:
    game = table(7)
    with pytest.raises(HousegameError, match=r"^it is Bot's move, not yours$"):
        game.hint()
    finish(game)
    with pytest.raises(HousegameError, match=r"^the hand is over; no more moves$"):
        game.auto()


def test_the_next_hand_carries_totals_and_fantasyland() -> None:
    game = table(19, bots=1)
    with pytest.raises(HousegameError, match=r"^the hand is not finished"):
        game.next_hand()
    finish(game)
    result = game.hand.result()
    following = game.next_hand()
    assert (following.seed, following.number) == (20, 2)
    assert following.totals == {name: int(units) for name, units in result.totals.items()}
    earned = {s.name: s.next_hand.cards for s in result.seats if s.next_hand.cards}
    assert {n: b.fantasyland_cards for n, b in following.hand.boards.items() if n in earned} == (
        earned
    )


@settings(max_examples=examples(4), deadline=None)
@given(
    seed=st.integers(0, 10_000),
    ruleset=st.sampled_from(["golden-nugget-pineapple", "ofc-classic"]),
    bots=st.integers(1, 2),
)
def test_a_finished_hand_replays_from_its_log(seed: int, ruleset: str, bots: int) -> None:
    game = table(seed, ruleset, bots)
    finish(game)
    located = load_yaml_text(game.log_text(), "hand.yaml")
    replayed = replay(HandLog.model_validate(located.data), located)
    assert replayed.result.as_dict() == game.hand.result().as_dict()
