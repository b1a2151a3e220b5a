"""A set hand: three lanes, their ranking keys, and whether it fouls (shared by the 13-card and
OFC engines)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from housegame.cards import Card, format_cards
from housegame.glossary import Lang, Phrase, hand_words, say, term
from housegame.ranking import RankingRules, describe, is_low, lane_keys, strength, wild_best
from housegame.rulesets.common import LANES, LaneName


def _wild(lane: Sequence[Card]) -> bool:
    return any(c.is_joker for c in lane)


BEATS: Phrase = ("{upper} {high} beats {lower} {low}", "{upper} {high} 大于 {lower} {low}")


@dataclass(frozen=True)
class Setting:
    """Front (3), middle (5) and back (5) cards, with their keys under one ranking."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    keys: tuple[int, int, int]
    rules: RankingRules | None = field(default=None, compare=False, repr=False)
    """The ranking whose wild settings say what the lanes' jokers stand for (None: no
    jokers)."""

    @classmethod
    def of(
        cls,
        front: Sequence[Card],
        middle: Sequence[Card],
        back: Sequence[Card],
        rules: RankingRules,
        keys: tuple[int, int, int] | None = None,
    ) -> Setting:
        """The lanes ranked by ``rules`` (``keys``: where they are known already, read from
        lookup tables)."""
        lanes = (tuple(front), tuple(middle), tuple(back))
        keys = keys if keys is not None else lane_keys(lanes, rules)
        return cls(*lanes, keys, rules if any(_wild(lane) for lane in lanes) else None)

    @cached_property
    def stands(self) -> tuple[tuple[Card, ...], ...]:
        """Per lane, the cards its jokers stand for (in the order of the lane's jokers): worked
        out when asked (a breakdown shows them; settling a table reads only the keys)."""
        rules, lanes = self.rules, (self.front, self.middle, self.back)
        if rules is None:
            return ((), (), ())
        return tuple(
            wild_best(tuple(sorted(lane)), rules, i in rules.low_lanes)[1] if _wild(lane) else ()
            for i, lane in enumerate(lanes)
        )

    def jokers(self) -> dict[LaneName, str]:
        """What each lane's jokers stand for, as a breakdown shows it: ``JK=TS``."""
        shown: dict[LaneName, str] = {}
        for lane, stands in zip(LANES, self.stands):
            jokers = sorted((c for c in self.lane(lane) if c.is_joker), key=lambda c: c.index)
            if stands:
                shown[lane] = " ".join(f"{j}={s}" for j, s in zip(jokers, stands))
        return shown

    def lane(self, lane: LaneName) -> tuple[Card, ...]:
        return {"front": self.front, "middle": self.middle, "back": self.back}[lane]

    def key(self, lane: LaneName) -> int:
        return self.keys[LANES.index(lane)]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    @cached_property
    def fouled(self) -> bool:
        """Back >= middle >= front by strength among the lanes ranked high (suits never make a
        foul; a lane ranked low is left out). Kept once read: settlement asks it for every pair
        of the table."""
        return self._beaten() is not None

    def _beaten(self) -> tuple[LaneName, LaneName] | None:
        """The first lane ranked high that beats the next one ranked high below it, and that
        lane; None: no foul."""
        high = [(lane, key) for lane, key in zip(LANES, self.keys) if not is_low(key)]
        for (upper, above), (lower, below) in itertools.pairwise(high):
            if strength(above) > strength(below):
                return upper, lower
        return None

    def foul_reason(self, lang: Lang = "en") -> str:
        """Which lane beats the one under it, and with what: ``front pair A A 3 beats middle
        high-card 9 5 4 3 2`` (``头道 对子 A A 3 大于 中道 乌龙 9 5 4 3 2``)."""
        keys = dict(zip(LANES, self.keys))
        beaten = self._beaten()
        upper, lower = beaten if beaten is not None else ("middle", "back")
        return say(
            lang,
            BEATS,
            upper=term(upper, lang),
            lower=term(lower, lang),
            high=hand_words(describe(keys[upper]), lang),
            low=hand_words(describe(keys[lower]), lang),
        )

    def text(self) -> dict[str, str]:
        return {lane: format_cards(self.lane(lane)) for lane in LANES}
