"""The glossary covers every name a rules sheet translates: each lane, hand category, suit and
Big Two play kind the models allow, so a sheet never meets an untranslated name."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from housegame.glossary import ALSO, LANGS, TERMS, term
from housegame.rulesets.bigtwo import Family, FiveCardKind
from housegame.rulesets.common import CategoryName, LaneName, SuitName
from housegame.rulesets.ofc import RoyaltyHand
from housegame.rulesets.thirteen import LaneShape

VOCABULARY: list[Any] = [
    CategoryName,
    LaneName,
    SuitName,
    RoyaltyHand,
    LaneShape,
    FiveCardKind,
    Family,
]


@pytest.mark.parametrize("name", sorted({n for v in VOCABULARY for n in get_args(v)}))
def test_every_model_name_has_both_languages(name: str) -> None:
    english, chinese = (term(name, lang) for lang in LANGS)
    assert english and chinese and english != chinese


def test_other_names_belong_to_terms() -> None:
    assert set(ALSO) <= set(TERMS)


def test_chinese_names_are_distinct_within_categories() -> None:
    chinese = [term(c, "zh") for c in get_args(CategoryName)]
    assert len(set(chinese)) == len(chinese)
