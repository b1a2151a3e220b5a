"""Per-unit rows for a sensitivity run: what one deal (13-card) or one chunk of hands or games
(OFC, Big Two) leaves, as sums in named fields, for a ruleset and each of its variants on the
same seeded cards (common random numbers).

Every statistic of a run is a function of these fields' means (a seat's edge is its summed
result over the deals, a rate is events over chances), which is what lets the interval of a
variant's change come from the per-unit spread of both rulesets together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from housegame.arrange.arranger import Arranger
from housegame.arrange.batch import HandBatch, batches
from housegame.arrange.simulate import arranged_table
from housegame.cards import DECK
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.games import NAMES, BigTwoGames, GameTally, OfcSession
from housegame.simulation.thirteen import deal_chunk
from housegame.thirteen.results import TableTerms
from housegame.thirteen.settle import settle_terms

SEAT_FIELDS = tuple(f"seat {k}" for k in range(1, 5))
COMMON = ("n", *SEAT_FIELDS, "squares", "moved")
"""Fields every game fills: units counted (deals, hands or games), each seat's summed result,
the sum of every seat's squared result, and the units the winners won."""
THIRTEEN_FIELDS = (*COMMON, "margin", "pairs", "scoops", "home runs", "hands", "specials")
OFC_FIELDS = (*COMMON, "hands", "fouls", "fantasyland", "royalty units")
BIGTWO_FIELDS = COMMON


def _common(totals: Sequence[float]) -> list[float]:
    seats = [*totals, *([0.0] * (4 - len(totals)))]
    return [1.0, *seats, sum(t * t for t in totals), sum(t for t in totals if t > 0)]


def _totals(table: TableTerms, names: Sequence[str]) -> list[float]:
    totals = table.totals
    return [float(totals[name]) for name in names]


@dataclass(frozen=True)
class ThirteenUnits:
    """One chunk of 13-card deals under a ruleset and its variants: one row per deal and
    ruleset. With ``skill``, each deal is also played in duplicate (half the seats ``ev``,
    half ``lexicographic``, then swapped) for the margin of ``ev`` play per hand."""

    rulesets: tuple[ThirteenCardRuleset, ...]
    players: int
    seed: int
    index: int
    deals: int
    skill: bool = True

    def __call__(self) -> list[np.ndarray]:
        players = self.players
        dealt = deal_chunk(self.seed, self.index, self.deals, players)
        hands = [[DECK[c] for c in row] for row in dealt.reshape(-1, 13).tolist()]
        shared = list(batches(hands))
        return [self._rows(rules, shared) for rules in self.rulesets]

    def _rows(self, rules: ThirteenCardRuleset, shared: list[HandBatch]) -> np.ndarray:
        """Arrangers built here and dropped after: a run holds one ruleset's at a time."""
        players, names = self.players, NAMES[: self.players]
        by_ev = Arranger(rules, "ev").arrange_many(shared)
        by_lexi = Arranger(rules, "lexicographic").arrange_many(shared) if self.skill else []
        half = max(1, players // 2)
        rows = []
        for d in range(self.deals):
            ev = by_ev[d * players : (d + 1) * players]
            table = settle_terms(rules, *arranged_table(rules, names, ev))
            totals = _totals(table, names)
            margin = 0.0
            if self.skill:
                lexi = by_lexi[d * players : (d + 1) * players]
                first = [ev[k] if k < half else lexi[k] for k in range(players)]
                second = [lexi[k] if k < half else ev[k] for k in range(players)]
                a = _totals(settle_terms(rules, *arranged_table(rules, names, first)), names)
                b = _totals(settle_terms(rules, *arranged_table(rules, names, second)), names)
                ev_units = sum(a[:half]) + sum(b[half:])
                lexi_units = sum(a[half:]) + sum(b[:half])
                margin = (ev_units - lexi_units) / players
            items = [item for pair in table.pairs for item in pair.items]
            rows.append(
                [
                    *_common(totals),
                    margin,
                    float(len(table.pairs)),
                    float(sum(pair.scooped_by is not None for pair in table.pairs)),
                    float(any(item.kind == "home-run" for item in items)),
                    float(players),
                    float(sum(seat.declared is not None for seat in table.seats)),
                ]
            )
        return np.array(rows, dtype=float).reshape(self.deals, len(THIRTEEN_FIELDS))


def _tally_row(tally: GameTally) -> list[float]:
    """A chunk's tally as one row of sums (results are exact counts per seat)."""
    seats = [sum(float(Fraction(v)) * k for v, k in counts.items()) for counts in tally.results]
    squares = sum(
        float(Fraction(v)) ** 2 * k for counts in tally.results for v, k in counts.items()
    )
    moved = sum(float(v) * k for counts in tally.results for v, k in counts.items() if v > 0)
    seats += [0.0] * (4 - len(seats))
    return [float(tally.games), *seats, squares, moved]


@dataclass(frozen=True)
class OfcUnits:
    """One OFC session (``OfcSession``) under a ruleset and each variant: one row each."""

    rulesets: tuple[OfcRuleset, ...]
    players: int
    seed: int
    index: int
    hands: int

    def __call__(self) -> list[np.ndarray]:
        rows = []
        for rules in self.rulesets:
            tally = OfcSession(rules, self.players, self.seed, self.index, self.hands)()
            e = tally.events
            royalties = sum(e[f"royalty units {lane}"] for lane in LANES)
            extra = [e["seat-hands"], e["fouls"], e["fantasyland hands"], royalties]
            rows.append(np.array([[*_tally_row(tally), *map(float, extra)]]))
        return rows


@dataclass(frozen=True)
class BigTwoUnits:
    """One chunk of Big Two games (``BigTwoGames``) under a ruleset and each variant."""

    rulesets: tuple[BigTwoRuleset, ...]
    seed: int
    index: int
    games: int

    def __call__(self) -> list[np.ndarray]:
        return [
            np.array([_tally_row(BigTwoGames(rules, self.seed, self.index, self.games)())])
            for rules in self.rulesets
        ]


__all__ = [
    "BIGTWO_FIELDS",
    "OFC_FIELDS",
    "THIRTEEN_FIELDS",
    "BigTwoUnits",
    "OfcUnits",
    "ThirteenUnits",
]
