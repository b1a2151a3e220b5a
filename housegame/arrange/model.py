"""The ``ev`` objective: expected net units of a set hand against the other players.

The payout terms are the scorer's own (``housegame.thirteen.payout``); this module supplies
their inputs in expectation and combines pairs into a table:

- Each opponent's lane is a random lane from the lane odds (passed in), independently per lane
  and per opponent. For my lane hand, ``w``/``t``/``l`` are the chances it wins, ties, loses;
  ``v`` is what winning pays me; ``c`` the expected lane value I pay when it loses (the
  opponent's hand sets the value in replace mode) and ``u = c / l`` that value given a loss:
  a mean of the lane values the opponent's hand can have, kept within their range (float
  rounding would leave a lane whose values are all one number a hair off it, which then
  would not be a constant for the search), and their lowest where a loss cannot happen
  (``l = 0``; the terms read ``u`` only times the chance of that loss).
- A banker's tied lanes count as lost (players are modelled from a player's seat).
- The home run and the pool are table terms: the chance of scooping every opponent is the
  product of independent pairs; being scooped along with the others uses the random-vs-random
  scoop chance.
- Card multipliers scale a whole pair: my factor is read from my 13 cards, a random
  opponent's is its expectation (``expected_factor``), taken as independent of how the pair
  goes. Both are the same for every setting of one hand, so ``value`` leaves them out (the
  best setting does not depend on them) and ``scaled`` adds their term (``Payout.multiplied``,
  the scorer's) to a hand's values.
- A seat: ``opponents`` and, in banker games, ``banker`` (the banker's seat wins its tied
  lanes where the ruleset gives ties to the banker, a player's loses them).
- Term by term (what the trainer splits a value into): ``value_parts`` gives a set hand's
  value as ``Part``s of the payout's own terms (``Payout.pair_parts``), ``foul_lanes`` the
  lanes of a fouled hand (every lane lost at the opponent's lane value, no add-on), and
  ``special_value`` / ``surrender_parts`` what declaring or surrendering is worth.
- Not modelled: the opponents' add-ons (``Opponent`` is empty unless given), special hands
  and fouls of the opponents. With odds that hold one opponent's hand
  (``opponents.known_odds``) and that opponent's add-ons, the value is exactly the scorer's
  settlement of that pair (``tests/arrange/test_lockstep.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np

from housegame.arrange.decktables import tables_for
from housegame.arrange.features import FEATURE_NAMES, named_ranks
from housegame.arrange.lookup import RankTables
from housegame.arrange.odds import LaneOdds
from housegame.arrange.opponents import declaring_value, expected_factor, settlement_table
from housegame.arrange.spaces import F64
from housegame.cards import Card
from housegame.numbers import Num, power
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.conditions import lane_holds
from housegame.thirteen.payout import LaneVals, Opponent, Part, Payout, total
from housegame.thirteen.specials import Declared


class EvModel:
    """The ``ev`` objective compiled for one ruleset and one set of lane odds."""

    def __init__(
        self,
        ruleset: ThirteenCardRuleset,
        odds: LaneOdds,
        opponents: int | None = None,
        opponent: Opponent | None = None,
        banker: bool = False,
    ) -> None:
        """``opponents``: how many (default: the banker alone, else a full table less me);
        ``opponent``: the opponents' add-ons, when known; ``banker``: seen from the banker's
        seat (banker games: every other player is an opponent, ties as the ruleset says)."""
        self.ruleset = ruleset
        self.payout = Payout(ruleset)
        self.tables: RankTables = tables_for(ruleset.ranking.rules(), ruleset.deck.deck())
        self.odds = odds
        compare = ruleset.table.compare
        seats = ruleset.table.seats.max or 4
        if opponents is None:
            opponents = 1 if compare == "banker" and not banker else seats - 1
        self.opponents = opponents
        self.opponent = opponent if opponent is not None else Opponent()
        self.pool = ruleset.pool if compare == "pool" else None
        banker_ties = compare == "banker" and ruleset.table.ties == "banker-wins"
        self.ties_lost = banker_ties and not banker
        self.ties_won = banker_ties and banker
        self.leaves = self.payout.leaves
        self.lanes, baseline = self._lane_features()
        chance = self._chance_of_scoop([LaneVals(b, t, b, 0.0, 0.0, 0.0, 0.0) for b, t in baseline])
        assert isinstance(chance, float)
        self.baseline_scoop = chance
        """The chance that one random hand scoops another (what being scooped along with the
        other opponents costs a home run)."""
        paid = {h.points for h in ruleset.specials.hands if h.points is not None}
        paid |= {t.points for h in ruleset.specials.hands for t in h.tiers or ()}
        self.declaring = {
            points: declaring_value(self.payout, ruleset, opponents, self.opponent, points)
            for points in sorted(paid)
        }
        """Expected net units of declaring a special hand, by every number of points the
        ruleset's specials pay (what a special hand's decision reads)."""
        self.settled_by_counts = settlement_table(
            self.payout, ruleset, self.opponent, self.opponents
        )
        """Expected per-player settlements by my counted cards (``Payout.counted``); what a
        hand's values add, read without a call into the model."""

    def _lane_features(self) -> tuple[F64, list[tuple[float, float]]]:
        """(3 lanes, ``LANE_FEATURES``, ordinals), and each lane's random-vs-random (win,
        tie)."""
        odds = self.odds
        out = np.zeros((3, len(FEATURE_NAMES), len(self.tables.keys)), dtype=np.float64)
        baseline = []
        for i in range(len(LANES)):
            mass = odds.mass(self.tables, i)
            below = np.cumsum(mass) - mass
            v = self.lane_value_column(i)
            paid = mass * v
            c = np.maximum(paid.sum() - np.cumsum(paid), 0.0)
            w, t = below, mass.copy()
            if self.ties_lost:
                c = c + paid
                t = np.zeros_like(mass)
            elif self.ties_won:
                w = below + mass
                t = np.zeros_like(mass)
            l = np.clip(1.0 - w - t, 0.0, 1.0)
            held = v[mass > 0]
            low, high = (float(held.min()), float(held.max())) if len(held) else (0.0, 0.0)
            u = np.clip(np.divide(c, l, out=np.full_like(c, low), where=l > 0), low, high)
            columns = {"w": w, "t": t, "l": l, "v": v, "c": c, "g": w * v - c, "u": u}
            out[i] = [columns[name] for name in FEATURE_NAMES]
            baseline.append((float(mass @ below), float(mass @ mass)))
        return out, baseline

    def lane_value_column(self, lane: int) -> F64:
        """Ordinal -> what winning ``lane`` with that hand pays (the scorer's ``lane_value``)."""
        payout = self.payout
        category = self.tables.category
        value: F64 = np.array(payout.lane_values[lane], dtype=np.float64)[category]
        ranked = payout.ranked_values[lane]
        if ranked:
            named = named_ranks(self.tables, 3 if lane == 0 else 5)
            for (held, rank), units in ranked.items():
                value[(category == held) & (named == rank)] = units
        return value

    def _chance_of_scoop(self, lanes: Sequence[LaneVals]) -> Num:
        """Chance that the pair counts as scooped by me."""
        dist = self.payout.won_lost(lanes) if self.payout.outcomes is not None else {}
        return self.payout.scoops(lanes, dist).won

    def pair_value(self, lanes: Sequence[LaneVals]) -> tuple[Num, Num, Num]:
        """(expected net units against one opponent, home-run gain, home-run loss per
        opponent)."""
        parts, gain, loss = self.pair_parts(lanes)
        return total(parts), gain, loss

    def pair_parts(
        self, lanes: Sequence[LaneVals], by_term: bool = False
    ) -> tuple[list[tuple[Part, Num]], Num, Num]:
        """``pair_value`` with the pair term by term (``Payout.pair_parts``)."""
        payout = self.payout
        home_run = self.ruleset.home_run
        n = self.opponents
        if home_run is None or not home_run.counts_at(n):
            return payout.pair_parts(lanes, self.opponent, by_term=by_term), 0.0, 0.0
        dist = payout.won_lost(lanes) if payout.outcomes is not None else None
        parts = payout.pair_parts(lanes, self.opponent, dist, by_term)
        scoops = payout.scoops(lanes, dist or {})
        gain = payout.home_run(scoops.won_units, scoops.won)
        if n > 1:
            gain = power(scoops.won, n - 1) * gain
        loss = payout.home_run(scoops.lost_units, scoops.lost)
        return parts, gain, loss * self.baseline_scoop ** (n - 1)

    def pool_value(self, lanes: Sequence[LaneVals]) -> Num:
        """Pool: each lane's best hand takes its share (ties split); the sweep bonus."""
        return total(self.pool_parts(lanes))

    def pool_parts(self, lanes: Sequence[LaneVals]) -> list[tuple[Part, Num]]:
        """``pool_value`` term by term: the stake, each lane's share, the sweep either way."""
        assert self.pool is not None
        n = self.opponents
        share = float(self.payout.pool_share(n + 1))
        parts: list[tuple[Part, Num]] = [(Part("stake"), -float(self.pool.stake))]
        won_all: Num = 1.0
        lost_all: Num = 1.0
        for i, lane in enumerate(lanes):
            parts.append((Part("pool", i), share * power(lane.w + 0.5 * lane.t, n)))
            won_all = won_all * power(lane.w, n)
            lost_all = lost_all * lane.l
        if self.pool.sweep_bonus:
            others_beaten = self.baseline_scoop ** (n - 1) if n > 1 else 1.0
            parts.append((Part("sweep"), n * self.pool.sweep_bonus * won_all))
            parts.append((Part("sweep"), -(n * self.pool.sweep_bonus * lost_all * others_beaten)))
        return parts

    def factors(self, cards: Sequence[Card]) -> tuple[float, float]:
        """My card multipliers' factor, read from these 13 cards, and the opponent's (known,
        or expected)."""
        payout = self.payout
        if not payout.multipliers:
            return 1.0, 1.0
        theirs = self.opponent.factor
        if theirs is None:
            theirs = expected_factor(payout, cards)
        assert isinstance(theirs, int | float)
        return float(payout.factor(cards)), float(theirs)

    def scaled(self, value: float, cards: Sequence[Card], settles: bool = True) -> float:
        """A value of these 13 cards (a setting's or declaring's) with the card multipliers'
        term added (``Payout.multiplied``) and, where they are paid (``settles``: not after an
        instant win), the per-player settlements' (``settled``): the same for every setting
        of one hand."""
        mine, theirs = self.factors(cards)
        out = value + self.payout.multiplied(value, mine, theirs)
        assert isinstance(out, int | float)
        return float(out) + (self.settled(cards) if settles else 0.0)

    def settled(self, cards: Sequence[Card]) -> float:
        """Expected per-player settlements of these 13 cards (``settled_by_counts``)."""
        table = self.settled_by_counts
        return table[self.payout.counted(cards)] if table else 0.0

    def declared_value(self, declared: Declared, cards: Sequence[Card]) -> float:
        """Expected units of declaring ``declared`` with these 13 cards, everything in: its
        pairs, the card multipliers, and the settlements unless it ends the round."""
        return self.scaled(self.special_value(declared), cards, not declared.hand.ends_round)

    def scale(self, cards: Sequence[Card]) -> float:
        """What the card multipliers multiply every value of these 13 cards by."""
        mine, theirs = self.factors(cards)
        return mine * theirs

    def value(self, lanes: Sequence[LaneVals]) -> Num:
        """Expected net units of a set hand against all the other players."""
        if self.pool is not None:
            return self.pool_value(lanes)
        pair, gain, loss = self.pair_value(lanes)
        return self.opponents * pair + self.opponents * (gain - loss)

    def value_parts(self, lanes: Sequence[LaneVals]) -> list[tuple[Part, Num]]:
        """``value`` term by term, my add-ons one by one: for exact numbers the parts sum to
        ``value`` (which sums the pair's parts before multiplying by the opponents)."""
        if self.pool is not None:
            return self.pool_parts(lanes)
        parts, gain, loss = self.pair_parts(lanes, by_term=True)
        n = self.opponents
        return [(part, n * v) for part, v in parts] + [(Part("home-run"), n * (gain - loss))]

    def setting_lanes(self, setting: Setting) -> list[LaneVals]:
        """A setting's lanes as the model's inputs: its lane hands' features and its bonus
        leaves, read as if it did not foul (what a fouled setting plays: ``foul_lanes``)."""
        ords = [int(np.searchsorted(self.tables.keys, k)) for k in setting.keys]
        lanes = []
        for i, ordinal in enumerate(ords):
            features = [float(x) for x in self.lanes[i][:, ordinal]]
            leaves = [1.0 if lane_holds(c, setting) else 0.0 for c in self.leaves[i]]
            lanes.append(LaneVals.of(features, leaves))
        return lanes

    def foul_lanes(self) -> list[LaneVals]:
        """A fouled hand's lanes, as the scorer settles one: every lane lost, each at the
        opponent's lane value (its expectation), no bonus condition holding."""
        lanes = []
        for i, paid in enumerate(self._expected_lane_values):
            leaves: list[Num] = [0.0] * len(self.leaves[i])
            lanes.append(LaneVals(0.0, 0.0, 1.0, 0.0, paid, -paid, paid, leaves))
        return lanes

    @cached_property
    def _expected_lane_values(self) -> list[float]:
        """Per lane, a random opponent's expected lane value (what a lost lane pays it)."""
        out = []
        for i in range(len(LANES)):
            mass = self.odds.mass(self.tables, i)
            value = np.array(self.payout.lane_values[i], dtype=np.float64)
            out.append(float(mass @ value[self.tables.category]))
        return out

    def surrender_parts(self) -> list[tuple[Part, Num]]:
        """Expected net units of surrendering against players who set their hands: the
        surrender paid to each, and the overall point that then goes to each."""
        surrender = self.ruleset.surrender
        assert surrender is not None
        n = self.opponents
        paid = -surrender.units
        return [
            (Part("surrender"), n * paid),
            (Part("overall-point"), n * self.payout.points_net(paid)),
        ]

    def special_value(self, declared: Declared) -> float:
        """Expected net units of declaring a special hand (opponents assumed to set hands):
        read from ``declaring``, which holds every number of points the specials pay."""
        return self.declaring[declared.points]
