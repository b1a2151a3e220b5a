"""Is a foul already certain? Checked before a placement, so a player is warned in time.

A board fouls when front > middle or middle > back (by strength, suits aside). A placement
makes a foul certain when, for one of those two pairs, the upper lane's weakest possible
finish still beats the lower lane's strongest possible finish, over every way to fill the
empty slots with cards the player has not seen. The finishes are enumerated exactly; a lane
with too many ways to finish (more than ``LIMIT``) is not judged, so a warning is never
wrong, though a hopeless board with many empty slots may go unwarned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from housegame.cards import Card
from housegame.ofc.bot import unseen as unseen_by
from housegame.ofc.hand import Hand, Move
from housegame.ranking import describe, evaluate_batch, strength
from housegame.rulesets.common import LANES, LaneName

LIMIT = 20_000
"""Most ways to finish one lane that are enumerated."""


def _finishes(
    hand: Hand, lane_cards: Sequence[Card], size: int, unseen: Sequence[Card]
) -> list[int]:
    """Keys of every way to finish a lane (empty when there are more than ``LIMIT``)."""
    import numpy as np

    missing = size - len(lane_cards)
    if missing == 0:
        rows = [[c.index for c in lane_cards]]
    else:
        count = 1
        for i in range(missing):
            count = count * (len(unseen) - i) // (i + 1)
        if count > LIMIT:
            return []
        fixed = [c.index for c in lane_cards]
        rows = [fixed + [c.index for c in extra] for extra in combinations(unseen, missing)]
    keys = evaluate_batch(np.array(rows, dtype=np.int64), hand.ruleset.ranking.rules())
    return [int(k) for k in keys]


@dataclass(frozen=True)
class FoulRisk:
    """Why a foul is certain: ``upper`` will hold at least ``weakest``, ``lower`` at best
    ``strongest`` (hands as ``ranking.describe`` writes them)."""

    upper: LaneName
    weakest: str
    lower: LaneName
    strongest: str

    def __str__(self) -> str:
        return (
            f"{self.upper} will be at least {self.weakest}, {self.lower} at best {self.strongest}"
        )


def foul_risk(hand: Hand, name: str, move: Move) -> FoulRisk | None:
    """The lanes that make ``move`` foul ``name``'s board whatever comes next, or None."""
    board = hand.boards[name]
    lanes = {lane: [*board.lanes[lane], *move.placed.get(lane, ())] for lane in LANES}
    unseen = unseen_by(hand, name)
    pairs: tuple[tuple[LaneName, LaneName], ...] = (("front", "middle"), ("middle", "back"))
    for upper, lower in pairs:
        weak = _finishes(hand, lanes[upper], hand.ruleset.lanes.cap(upper), unseen)
        strong = _finishes(hand, lanes[lower], hand.ruleset.lanes.cap(lower), unseen)
        if not weak or not strong:
            continue
        weakest = min(weak, key=strength)
        strongest = max(strong, key=strength)
        if strength(weakest) > strength(strongest):
            return FoulRisk(upper, describe(weakest), lower, describe(strongest))
    return None


def certain_foul(hand: Hand, name: str, move: Move) -> str | None:
    """Why ``move`` makes ``name``'s board foul whatever comes next, or None."""
    risk = foul_risk(hand, name, move)
    return None if risk is None else str(risk)
