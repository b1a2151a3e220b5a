"""Identical cards (jokers, a card the deck holds twice) make many splits of one setting: the
search evaluates one of them (``splits.in_lane_order``), so ``arrange --top`` lists
different settings, never one twice."""

from __future__ import annotations

import random

import numpy as np
import pytest

from housegame.arrange import Arranger
from housegame.arrange.splits import (
    FIVES,
    FRONT_OF,
    MIDDLE_OF,
    MIDDLES_PER_BACK,
    SPLITS,
    THREES,
    in_lane_order,
)
from housegame.cards import Card, parse_cards
from housegame.rulesets.loader import load_bundled
from housegame.rulesets.thirteen import ThirteenCardRuleset


def _setting(hand: list[Card], split: int) -> tuple[tuple[Card, ...], ...]:
    back, j = divmod(split, MIDDLES_PER_BACK)
    lanes = (THREES[FRONT_OF[back, j]], FIVES[MIDDLE_OF[back, j]], FIVES[back])
    return tuple(tuple(hand[p] for p in lane) for lane in lanes)


@pytest.mark.parametrize(
    "text",
    ["JK JK JK AS KD QH JC 9S 8S 7D 6C 4H 3S", "JK JK AS AS KD KD QH JC 9S 8S 7D 7D 2C"],
)
def test_each_setting_has_exactly_one_split_in_lane_order(text: str) -> None:
    hand = sorted(parse_cards(text, None))
    index = np.array([c.index for c in hand])
    same = index[1:] == index[:-1]
    repeats = np.int64((same << np.arange(12)).sum())
    split = np.arange(SPLITS)
    back, j = split // MIDDLES_PER_BACK, split % MIDDLES_PER_BACK
    kept = np.zeros(SPLITS, dtype=bool)
    kept[in_lane_order(np.array([repeats]), None, back, MIDDLE_OF[back, j], FRONT_OF[back, j])] = (
        True
    )
    settings: dict[tuple[tuple[Card, ...], ...], int] = {}
    for s in range(SPLITS):
        setting = _setting(hand, s)
        settings[setting] = settings.get(setting, 0) + int(kept[s])
    assert set(settings.values()) == {1}, "every setting once, none left out"
    assert int(kept.sum()) == len(settings) < SPLITS


@pytest.mark.parametrize("objective", ["lexicographic", "equilibrium"])
def test_top_settings_are_different_settings(objective: str) -> None:
    ruleset = load_bundled("maceplay-ghosts")
    assert isinstance(ruleset, ThirteenCardRuleset)
    rng = random.Random(objective)
    deck = list(ruleset.deck.deck().cards())
    jokers, naturals = [c for c in deck if c.is_joker], [c for c in deck if not c.is_joker]
    arranger = Arranger(ruleset, objective)  # type: ignore[arg-type]
    for _ in range(6):
        cards = jokers + rng.sample(naturals, 11)
        found = arranger.arrange(cards, top=12)
        shown = [found.best, *found.alternatives]
        lanes = {
            tuple(tuple(sorted(x)) for x in (c.setting.front, c.setting.middle, c.setting.back))
            for c in shown
        }
        assert len(lanes) == len(shown) == 13, [str(c) for c in cards]
        assert [c.value for c in shown] == sorted((c.value for c in shown), reverse=True)
