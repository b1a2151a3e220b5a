"""Fantasyland entry, card counts (fixed §352 and progressive §356) and stay (§346(e))."""

from __future__ import annotations

import pytest

from housegame.ofc import entry_cards, next_hand, stay_holds
from tests.ofc.helpers import SEED_A, progressive, ruleset, setting

GN = ruleset()
PROGRESSIVE = progressive(GN)
TRIPS_FRONT = ("2C 2D 2H", "AS AD AH 8C 3S", "KC KD KH 9C 9D")
"""Front trips over middle trips and a full-house back: only the front stay condition holds."""
STRONG_MIDDLE = "AS AD 8C 8D 3S"
STRONG_BACK = "KC KD KH 9C 9D"

FRONTS = {"JJ": "JS JH 2C", "QQ": "QS QH 2D", "KK": "KS KH 2H", "AA": "AC AH 2S", "222": "2C 2D 2H"}


def lanes(front: str, middle: str = STRONG_MIDDLE, back: str = STRONG_BACK) -> tuple[str, str, str]:
    return front, middle, back


@pytest.mark.parametrize(
    ("front", "fixed", "progressive_cards"),
    [
        ("JJ", None, None),
        ("QQ", 14, 14),
        ("KK", 14, 15),
        ("AA", 14, 16),
        ("222", 14, 17),
    ],
)
def test_entry_and_card_count(front: str, fixed: int | None, progressive_cards: int | None) -> None:
    held = setting(TRIPS_FRONT if front == "222" else lanes(FRONTS[front]), GN)
    assert not held.fouled
    assert entry_cards(GN, held) == fixed
    assert entry_cards(PROGRESSIVE, held) == progressive_cards


def test_a_foul_never_enters() -> None:
    fouled = setting(("AC AH 2S", "3C 4D 6S 8H TC", "KC KD KH 9C 9D"), GN)
    assert fouled.fouled
    assert entry_cards(GN, fouled) is None
    assert next_hand(GN, fouled, in_fantasyland=False).cards is None
    assert next_hand(GN, fouled, in_fantasyland=False).reason == "does not qualify: the hand fouled"
    left = next_hand(GN, fouled, in_fantasyland=True)
    assert left.cards is None and left.reason == "leaves Fantasyland: the hand fouled"


def test_no_entry_for_the_seed_hand() -> None:
    assert next_hand(GN, setting(SEED_A, GN), in_fantasyland=False).reason == "does not qualify"


@pytest.mark.parametrize(
    ("held", "reason"),
    [
        (TRIPS_FRONT, "front trips or better"),
        (
            ("QS QH 2D", "AS AD AH 8D 8S", "KC KD KH KS 9D"),
            "middle full-house or better",
        ),  # back too
        (("3S 4H 6D", "JS JD JH 8D 8S", "KC KD KH 9C 9D"), "middle full-house or better"),
        (("3S 4H 6D", "JS JD 8H 8D 7S", "KC KD KH KS 9D"), "back quads or better"),
    ],
)
def test_stay_conditions_are_separate(held: tuple[str, str, str], reason: str) -> None:
    assert stay_holds(GN, setting(held, GN)) == reason


def test_stay_needs_one_condition() -> None:
    held = setting(("AC AH 2S", "JS JD 8H 8D 7S", "KC KD KH 9C 9D"), GN)  # AA front is not a stay
    assert stay_holds(GN, held) is None
    leaving = next_hand(GN, held, in_fantasyland=True)
    assert leaving.cards is None and "leaves" in leaving.reason
    assert next_hand(GN, held, in_fantasyland=False).cards == 14


def test_staying_gets_the_stay_count_in_both_modes() -> None:
    held = setting(TRIPS_FRONT, GN)
    assert next_hand(GN, held, in_fantasyland=True).cards == 14
    assert next_hand(PROGRESSIVE, held, in_fantasyland=True).cards == 14


def test_a_fouled_fantasyland_hand_leaves() -> None:
    fouled = setting(("2C 2D 2H", "3C 4D 6S 8H TC", "KC KD KH KS 9D"), GN)
    assert fouled.fouled
    assert next_hand(GN, fouled, in_fantasyland=True).cards is None


def test_switching_a_stay_condition_off() -> None:
    assert GN.fantasyland is not None
    stay = GN.fantasyland.stay.model_copy(update={"front": None})
    rules = GN.model_copy(update={"fantasyland": GN.fantasyland.model_copy(update={"stay": stay})})
    held = setting(TRIPS_FRONT, rules)
    assert stay_holds(GN, held) is not None
    assert stay_holds(rules, held) is None


def test_classic_gives_13_cards() -> None:
    classic = ruleset("ofc-classic")
    held = setting(("QS QH 2D", STRONG_MIDDLE, STRONG_BACK), classic)
    assert entry_cards(classic, held) == 13
