"""The search bot's value of a finished board, in points per opponent, from the ruleset alone.

- A clean board is worth its royalties, plus what entering Fantasyland with its front is
  worth (``fantasyland_value``), plus ``STRENGTH_WEIGHT`` lane units per category step of its
  lanes (a stronger board wins more lanes).
- A fouled board loses every lane to a clean hand and pays the scoop bonus when the ruleset
  says a foul is scooped: ``-foul_cost``; it keeps its royalties only under
  ``foul.royalties: keep`` and enters Fantasyland only when entry does not ask for a clean
  hand.

The parts of a board (lane keys, foul, royalties) come from ``bot.BoardParts``, the numpy
scoring the baseline bot uses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from housegame.ofc.bot import BoardParts, FloatArray, IntArray
from housegame.ofc.fantasyland_value import DEALS, FantasylandValue, fantasyland_value
from housegame.ofc.royalties import tables_for
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset

STRENGTH_WEIGHT = 0.2
"""Lane units per category step of a lane, for lanes won that royalties do not show."""


def foul_cost(ruleset: OfcRuleset) -> float:
    """What a foul loses to one clean opponent: every lane, and the scoop bonus if scooped."""
    lanes = len(LANES) * ruleset.scoring.lane_units
    scooped = ruleset.foul.against_clean == "scooped"
    return float(lanes + (ruleset.scoring.scoop_bonus if scooped else 0))


@dataclass(frozen=True)
class BoardValue:
    """Values complete boards (..., 13) for one ruleset."""

    ruleset: OfcRuleset
    fantasyland: FantasylandValue
    foul_cost: float

    @classmethod
    def of(cls, ruleset: OfcRuleset, deals: int = DEALS) -> BoardValue:
        return cls(ruleset, fantasyland_value(ruleset, deals), foul_cost(ruleset))

    def __call__(self, boards: IntArray) -> FloatArray:
        return self.of_parts(BoardParts.of(self.ruleset, boards))

    def front_worth(self, front: IntArray) -> FloatArray:
        """A front's royalty plus what entering Fantasyland with it is worth."""
        entry: FloatArray = self.fantasyland.by_front[front >> 24, (front >> 20) & 0xF]
        return tables_for(self.ruleset).front_batch(front) + entry

    def of_parts(self, parts: BoardParts, entry: bool = True) -> FloatArray:
        """The value of boards taken apart; ``entry=False`` leaves Fantasyland's entry out
        (a board played in Fantasyland stays or leaves instead)."""
        ruleset = self.ruleset
        entry_worth = self.fantasyland.by_front[parts.front >> 24, (parts.front >> 20) & 0xF]
        if not entry:
            entry_worth = np.zeros_like(entry_worth)
        strength = parts.categories() * (STRENGTH_WEIGHT * ruleset.scoring.lane_units)
        clean = parts.royalties + entry_worth + strength
        fouled = np.full(clean.shape, -self.foul_cost)
        if ruleset.foul.royalties == "keep":
            fouled = fouled + parts.royalties
        if ruleset.fantasyland is not None and not ruleset.fantasyland.entry.clean:
            fouled = fouled + entry_worth
        value: FloatArray = np.where(parts.fouled, fouled, clean).astype(np.float64)
        return value
