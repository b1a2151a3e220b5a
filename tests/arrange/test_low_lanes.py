"""The arranger where a lane is ranked for low (``bluetiki-lowball``: a 2-7 middle): the
lexicographic objective sets the best low in the middle and a legal hand; the ``ev``
objective's lane odds run the low lane's way (the best low wins most often); the lookup
tables key the low lane as the scalar ranking does. Exactness against the brute-force
reference is ``test_exact.py`` (it covers every bundled ruleset)."""

from __future__ import annotations

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.decktables import rank_tables
from housegame.arrange.equilibrium import Iteration, iterate
from housegame.arrange.features import FEATURE_NAMES
from housegame.arrange.lookup import rules_slug
from housegame.arrange.objectives import ev_model
from housegame.cards import parse_cards
from housegame.ranking import describe, evaluate, is_low
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from tests.arrange.conftest import seeded_hands

pytestmark = pytest.mark.slow


def lowball() -> ThirteenCardRuleset:
    found = load_ruleset("bluetiki-lowball")
    assert isinstance(found, ThirteenCardRuleset)
    return found


HAND = parse_cards("7C 5D 4S 3H 2C AS AH 9C 9S 9H KS KH 4D")


def test_lexicographic_sets_the_best_low_in_the_middle() -> None:
    best = Arranger(lowball(), "lexicographic").arrange(HAND).best.setting
    assert describe(best.key("back")) == "full-house 9 9 9 A A"
    assert describe(best.key("middle")) == "high-card 7 5 4 3 2 (low)"
    assert describe(best.key("front")) == "pair K K 4"
    assert not best.fouled


def test_every_set_hand_is_legal_and_its_middle_ranked_low() -> None:
    for objective in ("ev", "lexicographic"):
        arranger = Arranger(lowball(), objective)
        for result in arranger.arrange_many(seeded_hands(7, 12)):
            setting = result.best.setting
            assert not setting.fouled
            assert is_low(setting.key("middle")) and not is_low(setting.key("back"))


def test_the_low_lane_odds_favour_the_weaker_hand() -> None:
    model = ev_model(lowball())
    keys = model.tables.keys
    win = model.lanes[1][FEATURE_NAMES.index("w")]  # the chance the middle wins
    rules = lowball().ranking.rules()

    def chance(text: str) -> float:
        key = evaluate(parse_cards(text), rules, low=True)
        return float(win[int(np.searchsorted(keys, key))])

    assert chance("7C 5D 4S 3H 2C") > chance("JC 9D 6S 4H 2C") > chance("KC KD 9S 4H 2C")
    assert chance("KC KD 9S 4H 2C") > chance("6C 5D 4S 3H 2C")  # a straight counts against it


def test_the_tables_key_the_low_lane_as_the_ranking_does() -> None:
    rules = lowball().ranking.rules()
    tables = rank_tables(rules)
    assert rules_slug(rules) == "wl-sfl-none-low-m"
    for cards in seeded_hands(3, 20):
        five = sorted(c.index for c in cards[:5])
        expected = evaluate(cards[:5], rules, low=True)
        assert tables.key(five, 1) == expected
        assert tables.key(five, 2) == evaluate(cards[:5], rules)


def test_the_equilibrium_iteration_keeps_the_low_lane_low() -> None:
    """A short iteration: the blended odds of the middle hold low keys only, the back high."""
    odds = iterate(lowball(), 2, Iteration(seed=1, deals=40, steps=2, blend=0.5))
    assert all(is_low(int(k)) for k in odds.keys[1])
    assert not any(is_low(int(k)) for k in (*odds.keys[0], *odds.keys[2]))
