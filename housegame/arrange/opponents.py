"""Opponents the ``ev`` model is told about, and a random opponent's card multipliers.

``known_odds`` and ``known_opponent`` make the model value one known pair (the lock-step
test); ``expected_factor`` is a random opponent's card-multiplier factor, and
``settlement_table`` and ``declaring_value`` what the per-player settlements and declaring a
special hand come to against the opponents.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

import numpy as np

from housegame.arrange.odds import LaneOdds
from housegame.cards import DECK, Card
from housegame.numbers import Num
from housegame.ranking import RankingRules
from housegame.rulesets.common import HAND_CARDS, LANES
from housegame.rulesets.thirteen import Holds, Multiplier, ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import HandCounts, hand_holds, held_cards, lane_holds
from housegame.thirteen.payout import LaneVals, Opponent, Payout


def known_odds(setting: Setting, rules: RankingRules) -> LaneOdds:
    """Lane odds holding one opponent's setting: the model then values a known pair."""
    keys = tuple(np.array([key], dtype=np.int64) for key in setting.keys)
    ones = tuple(np.ones(1, dtype=np.int64) for _ in LANES)
    return LaneOdds(rules, (keys[0], keys[1], keys[2]), (ones[0], ones[1], ones[2]), {})


def known_opponent(payout: Payout, setting: Setting) -> Opponent:
    """A known opponent's add-ons, its conditions read from its setting, per pay group, and
    its card multipliers' factor."""
    lanes = [
        LaneVals(0, 0, 0, 0, 0, 0, 0, [int(lane_holds(cond, setting)) for cond in conds])
        for conds in payout.leaves
    ]
    factor = float(payout.factor(setting.cards))
    return Opponent(payout.group_units(lanes), factor, payout.counted(setting.cards))


SAMPLES = 2_000
"""Random hands that estimate how often a multiplier other than ``holds`` is met."""


@cache
def _chance_met(text: str) -> float:
    """How often a random 13-card hand meets a multiplier's condition (the multiplier as JSON),
    estimated from ``SAMPLES`` seeded deals."""
    multiplier = Multiplier.model_validate_json(text)
    rng = random.Random(f"multiplier {multiplier.id}")
    deck = list(DECK)
    met = 0
    for _ in range(SAMPLES):
        met += hand_holds(multiplier.when, HandCounts.of(rng.sample(deck, 13)))
    return met / SAMPLES


def expected_factor(payout: Payout, mine: Sequence[Card]) -> float:
    """A random opponent's expected factor, its 13 cards dealt from the 39 I do not hold.

    Exact over ``holds`` multipliers: the product of factors expands to a sum over the sets of
    multipliers met, each met when the opponent holds all the cards they name together
    (hypergeometric). Any other condition is taken as met independently, at the rate a seeded
    sample of random hands meets it (an approximation: my cards are not removed)."""
    held = [(held_cards(m.when), f) for m, f in payout.multipliers if isinstance(m.when, Holds)]
    others = [(m, f) for m, f in payout.multipliers if not isinstance(m.when, Holds)]
    mine_set = set(mine)
    total = 0.0
    for size in range(len(held) + 1):
        for chosen in combinations(held, size):
            cards = frozenset().union(*(c for c, _ in chosen))
            if cards & mine_set:
                continue
            weight = 1.0
            for _, factor in chosen:
                weight *= float(factor) - 1
            chance = 1.0
            for k in range(len(cards)):
                chance *= (13 - k) / (39 - k)
            total += weight * chance
    for multiplier, factor in others:
        total *= 1 + (float(factor) - 1) * _chance_met(multiplier.model_dump_json())
    return total


def settlement_table(
    payout: Payout, ruleset: ThirteenCardRuleset, opponent: Opponent, opponents: int
) -> dict[tuple[int, ...], float]:
    """Expected per-player settlements (``Payout.settlement``) against ``opponents`` players
    by the counts of my 13 cards, one entry per possible count: each opponent holds the known
    counts (``opponent``), or a random share of the counted cards I do not hold."""
    rules = ruleset.settlements
    if not rules:
        return {}
    known = opponent.counts
    deck = ruleset.deck.deck().cards()
    in_deck = payout.counted(deck)
    share = HAND_CARDS / (len(deck) - HAND_CARDS)
    table = {}
    for mine in product(*(range(min(n, HAND_CARDS) + 1) for n in in_deck)):
        total = 0.0
        for i, rule in enumerate(rules):
            theirs = known[i] if known is not None else (in_deck[i] - mine[i]) * share
            counts: list[int | float] = [mine[i], *([theirs] * opponents)]
            total += float(payout.settlement(rule.units, mine[i], counts))
        table[mine] = total
    return table


def declaring_value(
    payout: Payout, ruleset: ThirteenCardRuleset, n: int, opponent: Opponent, points: int
) -> float:
    """Expected net units of declaring a special hand worth ``points`` against ``n``
    opponents who set their hands (``opponent``: their add-ons, when known)."""
    per: Num = points
    total: Num = 0
    if ruleset.specials.vs_set == "as-scoop":
        units, scoop, scoops = payout.as_scoop()
        per = per + units + scoop
        home_run = ruleset.home_run
        if home_run is not None and home_run.counts_at(n):
            total = n * payout.home_run(scoops.won_units, scoops.won)
    if ruleset.specials.set_extras == "paid":
        per = per - opponent.units.get(("always", None), 0)
    per = per + payout.points_net(per)
    out = n * per + total
    assert isinstance(out, int | float)
    return float(out)
