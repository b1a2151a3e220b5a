"""A reader arranging one hand passes through at most eight modules of ``housegame.arrange``
(the drawing in docs/arrange.md): a structure test, not a speed test. It counts the modules
whose code a warm ``arrange(cards, ruleset)`` call runs (``sys.setprofile`` sees every Python
call), under every bundled 13-card ruleset, on dealt hands and on hands that hold a special."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from housegame.arrange import arrange
from housegame.cards import parse_cards
from housegame.rulesets.loader import bundled_of, load_ruleset_file
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.conftest import seeded_hands

MOST_MODULES = 8
BUNDLED = sorted(ruleset.id for ruleset in bundled_of(ThirteenCardRuleset))
HANDS = [
    *seeded_hands(21, 4),
    parse_cards("AH KH 8H 7H 2H QD QC 9S 9C 5S 5D 3C 3S"),  # a flush and two pairs
    parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),  # a dragon: a special hand
    parse_cards("AS AD QS QD TS TH 9D 9C 4S 4H 3D 3C 7S"),  # six pairs
]


def modules_run(call: Callable[[], object]) -> set[str]:
    """The modules of ``housegame.arrange`` whose functions ``call`` runs."""
    seen: set[str] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = frame.f_globals.get("__name__", "")
            if name.startswith("housegame.arrange"):
                seen.add(name)

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(previous)
    return seen


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_one_hand_passes_through_at_most_eight_modules(ruleset_id: str) -> None:
    for hand in HANDS:
        # warm: the model compiled and the formula specialised to this hand's unmet
        # conditions recorded (once per set of such conditions, ``compile.variant``)
        arrange(hand, ruleset_id)
        seen = modules_run(partial(arrange, hand, ruleset_id))
        assert {"housegame.arrange.arranger", "housegame.arrange.search"} <= seen
        assert len(seen) <= MOST_MODULES, sorted(seen)


@pytest.mark.slow  # builds the example deck's lookup tables and lane odds
def test_a_hand_with_jokers_passes_through_the_same_modules() -> None:
    """A deck with jokers is read by other lookup tables, not by other code on the path."""
    path = Path(__file__).resolve().parents[2] / "examples" / "decks" / "maceplay-jokers.yaml"
    ruleset = load_ruleset_file(path)
    assert isinstance(ruleset, ThirteenCardRuleset)
    deck = ruleset.deck.deck()
    for text in (
        "JK JK QS JS TS 9H 9D 4C 4S 3H 3D 2C 7S",
        "JK AH AD AC AS 7C 7D 2H 9S 9H 9D 9C 3S",
    ):
        hand = parse_cards(text, deck)
        arrange(hand, ruleset, "ev")  # a user's deck: the default would build its table
        seen = modules_run(partial(arrange, hand, ruleset, "ev"))
        assert len(seen) <= MOST_MODULES, sorted(seen)
