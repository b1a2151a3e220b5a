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
- Not modelled: the opponents' add-ons (``Opponent`` is empty unless given), special hands and
  fouls. With odds that hold one opponent's hand (``opponents.known_odds``) and that opponent's
  add-ons, the value is exactly the scorer's settlement of that pair (``tests/arrange/
  test_lockstep.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from housegame.arrange.features import FEATURE_NAMES
from housegame.arrange.lookup import RankTables, rank_tables
from housegame.arrange.odds import LaneOdds
from housegame.arrange.opponents import expected_factor
from housegame.arrange.spaces import F64
from housegame.cards import Card
from housegame.numbers import Num, power
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.thirteen.payout import LaneVals, Opponent, Payout
from housegame.thirteen.specials import Declared


class EvModel:
    """The ``ev`` objective compiled for one ruleset and one set of lane odds."""

    def __init__(
        self,
        ruleset: ThirteenCardRuleset,
        odds: LaneOdds,
        opponents: int | None = None,
        opponent: Opponent | None = None,
    ) -> None:
        """``opponents``: how many (default: the banker alone, else a full table less me);
        ``opponent``: the opponents' add-ons, when known."""
        self.ruleset = ruleset
        self.payout = Payout(ruleset)
        self.tables: RankTables = rank_tables(ruleset.ranking.rules())
        self.odds = odds
        compare = ruleset.table.compare
        seats = ruleset.table.seats.max or 4
        if opponents is None:
            opponents = 1 if compare == "banker" else seats - 1
        self.opponents = opponents
        self.opponent = opponent if opponent is not None else Opponent()
        self.pool = ruleset.pool if compare == "pool" else None
        self.ties_lost = compare == "banker" and ruleset.table.ties == "banker-wins"
        self.leaves = self.payout.leaves
        self.lanes, baseline = self._lane_features()
        chance = self._chance_of_scoop([LaneVals(b, t, b, 0.0, 0.0, 0.0, 0.0) for b, t in baseline])
        assert isinstance(chance, float)
        self.baseline_scoop = chance
        """The chance that one random hand scoops another (what being scooped along with the
        other opponents costs a home run)."""

    def _lane_features(self) -> tuple[F64, list[tuple[float, float]]]:
        """(3 lanes, ``LANE_FEATURES``, ordinals), and each lane's random-vs-random (win,
        tie)."""
        odds = self.odds
        out = np.zeros((3, len(FEATURE_NAMES), len(self.tables.keys)), dtype=np.float64)
        baseline = []
        for i in range(len(LANES)):
            mass = odds.mass(self.tables, i)
            below = np.cumsum(mass) - mass
            value = np.array(self.payout.lane_values[i], dtype=np.float64)
            v = value[self.tables.category]
            paid = mass * v
            c = np.maximum(paid.sum() - np.cumsum(paid), 0.0)
            w, t = below, mass.copy()
            if self.ties_lost:
                c = c + paid
                t = np.zeros_like(mass)
            l = np.clip(1.0 - w - t, 0.0, 1.0)
            held = v[mass > 0]
            low, high = (float(held.min()), float(held.max())) if len(held) else (0.0, 0.0)
            u = np.clip(np.divide(c, l, out=np.full_like(c, low), where=l > 0), low, high)
            columns = {"w": w, "t": t, "l": l, "v": v, "c": c, "g": w * v - c, "u": u}
            out[i] = [columns[name] for name in FEATURE_NAMES]
            baseline.append((float(mass @ below), float(mass @ mass)))
        return out, baseline

    def _chance_of_scoop(self, lanes: Sequence[LaneVals]) -> Num:
        """Chance that the pair counts as scooped by me."""
        dist = self.payout.won_lost(lanes) if self.payout.outcomes is not None else {}
        return self.payout.scoops(lanes, dist).won

    def pair_value(self, lanes: Sequence[LaneVals]) -> tuple[Num, Num, Num]:
        """(expected net units against one opponent, home-run gain, home-run loss per
        opponent)."""
        payout = self.payout
        home_run = self.ruleset.home_run
        n = self.opponents
        if home_run is None or not home_run.counts_at(n):
            return payout.pair(lanes, self.opponent), 0.0, 0.0
        dist = payout.won_lost(lanes) if payout.outcomes is not None else None
        value = payout.pair(lanes, self.opponent, dist)
        scoops = payout.scoops(lanes, dist or {})
        gain = payout.home_run(scoops.won_units, scoops.won)
        if n > 1:
            gain = power(scoops.won, n - 1) * gain
        loss = payout.home_run(scoops.lost_units, scoops.lost)
        return value, gain, loss * self.baseline_scoop ** (n - 1)

    def pool_value(self, lanes: Sequence[LaneVals]) -> Num:
        """Pool: each lane's best hand takes its share (ties split); the sweep bonus."""
        assert self.pool is not None
        n = self.opponents
        share = float(self.payout.pool_share(n + 1))
        value: Num = -float(self.pool.stake)
        won_all: Num = 1.0
        lost_all: Num = 1.0
        for lane in lanes:
            value = value + share * power(lane.w + 0.5 * lane.t, n)
            won_all = won_all * power(lane.w, n)
            lost_all = lost_all * lane.l
        if self.pool.sweep_bonus:
            others_beaten = self.baseline_scoop ** (n - 1) if n > 1 else 1.0
            value = (
                value
                + n * self.pool.sweep_bonus * won_all
                - n * self.pool.sweep_bonus * lost_all * others_beaten
            )
        return value

    def monotone_in_outcomes(self) -> bool:
        """Whether the formula, for any bonus-condition values in [0, 1], never decreases when
        one lane's chances move from losing to tying or from tying to winning (first-order
        dominance of that lane's outcome), checked on the ruleset's own numbers. A stronger
        lane hand's (win, tie, loss) dominates a weaker one's, so a bound over a range of lane
        hands may then read the win, tie and loss chances at the range's strongest hand
        (``bounds``). Outcome tables and pools are checked on their numbers, lane sums on the
        signs of their weights; the overall point is a sign of the net, which only rises as a
        lane does better."""
        payout = self.payout
        if self.pool is not None:
            return self.pool.stake >= 0 and self.pool.sweep_bonus >= 0 and self.opponents >= 1
        if self.ruleset.overall_point < 0:
            return False
        if any(term.units < 0 for term in payout.bonuses if term.pay[0] != "always"):
            return False
        if any(units != 0 for units in self.opponent.units.values()):
            return False  # an opponent's add-ons pay more as my lanes do worse
        mult, bonus = payout.scoop_mult, payout.scoop_bonus
        home_run = self.ruleset.home_run
        if payout.outcomes is None:
            # lane sums: every term reading w or l is a product of chances with a weight of
            # fixed sign (lane values and expected payments are never negative)
            return (
                mult >= 1
                and bonus >= 0
                and (home_run is None or (home_run.multiplier >= 1 and home_run.bonus >= 0))
            )
        hm = (home_run.multiplier - 1) * mult if home_run is not None else 0
        hb = home_run.bonus if home_run is not None else 0
        rows: list[dict[tuple[int, int], float]] = [{}, {}, {}, {}, {}]
        for (won, lost), (units, scoop) in payout.outcomes.items():
            paid = payout.row_paid(won, lost)
            values = (
                paid,
                float(units > 0),
                -float(units < 0),
                hm * units + hb if scoop and units > 0 else 0.0,
                -(hm * -units + hb) if scoop and units < 0 else 0.0,
            )
            for row, value in zip(rows, values):
                row[(won, lost)] = row.get((won, lost), 0.0) + value
        if (rows[3] and min(rows[3].values()) < 0) or (rows[4] and max(rows[4].values()) > 0):
            return False  # home-run weights must keep their sign (they multiply chances)
        scoops = {
            key: float(bool(scoop and units > 0)) for key, (units, scoop) in payout.outcomes.items()
        }
        for row in (*rows, scoops):
            for won in range(3):
                for lost in range(3 - won):
                    here = row.get((won, lost), 0.0)
                    if row.get((won + 1, lost), 0.0) < here or row.get((won, lost + 1), 0.0) > here:
                        return False
        return True

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

    def scaled(self, value: float, cards: Sequence[Card]) -> float:
        """A value of these 13 cards (a setting's or declaring's) with the card multipliers'
        term added (``Payout.multiplied``): the same for every setting of one hand."""
        mine, theirs = self.factors(cards)
        out = value + self.payout.multiplied(value, mine, theirs)
        assert isinstance(out, int | float)
        return float(out)

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

    def special_value(self, declared: Declared) -> float:
        """Expected net units of declaring a special hand (opponents assumed to set hands)."""
        payout = self.payout
        n = self.opponents
        per: Num = declared.points
        total: Num = 0
        if self.ruleset.specials.vs_set == "as-scoop":
            units, scoop, scoops = payout.as_scoop()
            per = per + units + scoop
            home_run = self.ruleset.home_run
            if home_run is not None and home_run.counts_at(n):
                total = n * payout.home_run(scoops.won_units, scoops.won)
        if self.ruleset.specials.set_extras == "paid":
            per = per - self.opponent.units.get(("always", None), 0)
        per = per + payout.points_net(per)
        out = n * per + total
        assert isinstance(out, int | float)
        return float(out)
