"""Golden Nugget §343: a wrong number of cards placed at a stage is a foul (``foul.misplaced:
foul``): the move is recorded, the hand is dead, dealt no more cards, and scores as a foul;
``misplaced: refuse`` refuses the move. Fantasyland hands get the ruleset's card count."""

from __future__ import annotations

from pathlib import Path

import pytest

from housegame.cards import DECK, parse_cards
from housegame.ofc import Hand
from housegame.ofc.errors import OfcError
from housegame.ofc.hand import Move
from housegame.ofc.replay import HandLog, replay, replay_file
from housegame.rulesets.common import LaneName
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

STACKED = [
    "AS AH 10C 10D 10H",  # A, stage 1
    "7C 7D KC KD KH",  # B, stage 1
    "2S 3S 4D",  # A, stage 2: A places all three (no discard) and the hand is dead
    "2C 3D 8S",  # B, stages 2-5 (A is dealt nothing more)
    "9S JS 8H",
    "QH 4S 8D",
    "5H 6S 8C",
]
B_MOVES: list[tuple[dict[LaneName, str], str]] = [
    ({"middle": "7C 7D", "back": "KC KD KH"}, ""),
    ({"front": "2C 3D"}, "8S"),
    ({"middle": "9S JS"}, "8H"),
    ({"middle": "QH", "back": "4S"}, "8D"),
    ({"front": "5H", "back": "6S"}, "8C"),
]
"""B ends clean with no royalty: front 5-3-2, middle pair of 7s, back trips K."""


def gn(misplaced: str = "foul") -> OfcRuleset:
    ruleset = load_ruleset("golden-nugget-pineapple")
    assert isinstance(ruleset, OfcRuleset)
    foul = ruleset.foul.model_copy(update={"misplaced": misplaced})
    return ruleset.model_copy(update={"foul": foul})


def stacked_hand(ruleset: OfcRuleset) -> Hand:
    top = parse_cards(" ".join(STACKED))
    return Hand(ruleset, ["A", "B"], top + [c for c in DECK if c not in top])


def move(placed: dict[LaneName, str], discard: str = "") -> Move:
    return Move({lane: parse_cards(text) for lane, text in placed.items()}, parse_cards(discard))


def test_misplaced_cards_foul_and_score_as_one() -> None:
    hand = stacked_hand(gn())
    hand.play("A", move({"front": "AS AH", "back": "10C 10D 10H"}))
    hand.play("B", move(*B_MOVES[0]))
    hand.play("A", move({"middle": "2S 3S 4D"}))  # 3 placed where 2 are: §343
    for placed, discard in B_MOVES[1:]:
        assert hand.to_act == "B"  # the dead hand no longer acts
        hand.play("B", move(placed, discard))
    assert hand.finished
    result = hand.result()
    dead = result.seats[0]
    assert dead.fouled and dead.dead == "placed 3 cards at stage 2, not 2 (§343: a foul)"
    assert dead.royalty_total == 0  # front AA would pay 9
    assert len(dead.setting.cards) == 8  # dealt nothing after the misplaced move
    # scooped by the clean hand: three lanes and the scoop bonus 3; B has no royalty
    assert result.totals == {"A": -6, "B": 6}
    assert dead.describe()["hands"] == {
        "front": "dead hand",
        "middle": "dead hand",
        "back": "dead hand",
    }


def test_a_misplaced_move_must_still_use_every_card() -> None:
    hand = stacked_hand(gn())
    with pytest.raises(OfcError, match="placed 4 and discarded 0 of 5 cards"):
        hand.play("A", move({"front": "AS AH", "back": "10C 10D"}))


def test_refuse_keeps_the_move_an_input_error() -> None:
    hand = stacked_hand(gn("refuse"))
    hand.play("A", move({"front": "AS AH", "back": "10C 10D 10H"}))
    hand.play("B", move(*B_MOVES[0]))
    with pytest.raises(OfcError, match="A: you placed 3 cards; at stage 2 you place 2"):
        hand.play("A", move({"middle": "2S 3S 4D"}))


def test_replay_checks_a_fantasyland_card_count() -> None:
    log = HandLog.model_validate(
        {
            "ruleset": "golden-nugget-pineapple",
            "players": ["A", "B"],
            "seed": 1,
            "fantasyland": {"A": 15},
        }
    )
    with pytest.raises(OfcError) as caught:
        replay(log)
    assert caught.value.message == (
        "A is dealt 15 cards in Fantasyland; golden-nugget-pineapple deals 14"
    )


def test_replayed_log_scores_the_dead_hand() -> None:
    done = replay_file(Path(__file__).parent / "logs" / "gn-misplaced.yaml")
    assert done.result.totals == {"A": -6, "B": 6}
    assert done.result.seats[0].dead is not None
