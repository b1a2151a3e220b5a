"""What reaching Fantasyland is worth, from the ruleset's own Fantasyland rules.

A search bot weighs a clean board that enters Fantasyland against one that does not, so it
needs the entry in points. For each card count the ruleset can deal a Fantasyland hand
(``fantasyland.card_counts()``), ``deals`` seeded random hands of that many cards are set by
the exact solver (``solver.solve``, by the ruleset's solver priority); their mean royalties
``R(n)`` and the share that stays, ``s(n)``, give the value

    V(stay) = R(stay) + s(stay) * V(stay)     (iterated for ``HORIZON`` hands)
    V(n)    = R(n) + s(n) * V(stay)           (n: a count dealt on entry)

in royalty units a hand per opponent. The lanes a Fantasyland hand wins and the royalties a
regular hand would have made instead are not counted; the two roughly cancel. A ruleset
without Fantasyland is worth 0 everywhere. Values are cached per loaded ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from housegame.cards import DECK
from housegame.ofc.fantasyland import entry_cards_for_front
from housegame.ofc.solver import solve
from housegame.ranking import Category
from housegame.rulesets.ofc import OfcRuleset

DEALS = 128
"""Sampled Fantasyland hands per card count."""
HORIZON = 20
"""Hands of staying counted (a stay rate near 1 must not make the value endless)."""
FRONT_CATEGORIES = int(Category.TRIPS) + 1
RANKS = 16


@dataclass(frozen=True)
class FantasylandValue:
    """Per card count: mean royalties, stay rate and value; ``by_front[category, rank]`` the
    value of entering with that front (0 where it does not qualify)."""

    royalties: dict[int, float]
    stays: dict[int, float]
    values: dict[int, float]
    by_front: np.ndarray

    def entry(self, front_key: int) -> float:
        """Value of a clean board with this front key (its category and defining rank)."""
        return float(self.by_front[front_key >> 24, (front_key >> 20) & 0xF])


def _sampled(ruleset: OfcRuleset, cards: int, deals: int) -> tuple[float, float]:
    """Mean royalties and stay rate of the solver's settings over seeded deals of ``cards``."""
    rng = np.random.default_rng([cards, deals])
    royalties = stays = 0.0
    for _ in range(deals):
        hand = [DECK[i] for i in rng.permutation(len(DECK))[:cards]]
        solution = solve(hand, ruleset)
        royalties += solution.royalties
        stays += solution.stays
    return royalties / deals, stays / deals


def compute(ruleset: OfcRuleset, deals: int = DEALS) -> FantasylandValue:
    """The value of Fantasyland under ``ruleset`` (slow: the solver on every sampled deal)."""
    by_front = np.zeros((FRONT_CATEGORIES, RANKS), dtype=np.float64)
    fantasyland = ruleset.fantasyland
    if fantasyland is None:
        return FantasylandValue({}, {}, {}, by_front)
    royalties: dict[int, float] = {}
    stays: dict[int, float] = {}
    for count in fantasyland.card_counts():
        royalties[count], stays[count] = _sampled(ruleset, count, deals)
    stay = fantasyland.stay.cards
    staying = 0.0
    for _ in range(HORIZON):
        staying = royalties[stay] + stays[stay] * staying
    values = {n: royalties[n] + stays[n] * staying for n in royalties}
    for category in range(FRONT_CATEGORIES):
        for rank in range(2, 15):
            dealt = entry_cards_for_front(ruleset, category << 24 | rank << 20)
            if dealt is not None:
                by_front[category, rank] = values[dealt]
    return FantasylandValue(royalties, stays, values, by_front)


_CACHE: dict[tuple[int, int], tuple[OfcRuleset, FantasylandValue]] = {}


def fantasyland_value(ruleset: OfcRuleset, deals: int = DEALS) -> FantasylandValue:
    """``compute``, once per loaded ruleset and deal count (rulesets are frozen)."""
    key = (id(ruleset), deals)
    cached = _CACHE.get(key)
    if cached is None or cached[0] is not ruleset:
        cached = _CACHE[key] = (ruleset, compute(ruleset, deals))
    return cached[1]
