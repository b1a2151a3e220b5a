"""The ``ev`` objective: expected net units of a set hand against the other players.

Model (README "Auto-arrange" states it for players):

- Each opponent's lane is a random lane from the shipped lane odds, independently per lane and
  per opponent. For my lane hand, ``w``/``t``/``l`` are the chances it wins, ties, loses; ``v``
  is what winning it pays me (the ruleset's lane value) and ``c`` the expected lane value I
  pay when it loses (the opponent's hand sets the value in replace mode).
- The ruleset's own scoring is applied to those chances: lane sums or the outcome table,
  scoop multiplier and bonus, home run, overall point, my add-ons (always / lane-won /
  match-won / any-lane-won), a banker's tied lanes, a pool.
- Not modelled: the opponents' add-ons and special hands, and their fouls.

Everything is written with +, - and * only, so the same code evaluates exact values (floats or
numpy arrays) and sound bounds (``Interval``) for the search's pruning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from housegame.arrange.arrays import F64
from housegame.arrange.lookup import RankTables, rank_tables
from housegame.arrange.odds import LaneOdds, lane_odds
from housegame.ranking import Category
from housegame.rulesets.common import LANES, rank_values
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    LaneIs,
    NotOf,
    SettingCondition,
    ThirteenCardRuleset,
)
from housegame.thirteen.specials import Declared

Num = Any
"""A float, a numpy array of floats, or an ``Interval``: whatever the formula is run on."""

FEATURES = ("w", "t", "l", "v", "c", "g")
"""Per-lane features, in the row order of the search's feature matrices; ``g = w*v - c`` is the
lane's own expected units, precomputed because it is used everywhere (and bounds tighter)."""
UNIT_FEATURES = (True, True, True, False, False, False)
NONNEG_FEATURES = (True, True, True, True, True, False)


@dataclass(frozen=True)
class Leaf:
    """A lane condition: the ``index``-th leaf of lane ``lane``."""

    lane: int
    index: int


@dataclass(frozen=True)
class Op:
    """``all`` (product), ``any`` (1 - product of misses) or ``not`` (1 - x) of its children."""

    kind: str
    children: tuple[Leaf | Op, ...]


Node = Leaf | Op


@dataclass
class LaneVals:
    """One lane's features (see module docstring) and its bonus-condition leaves (0 or 1)."""

    w: Num
    t: Num
    l: Num
    v: Num
    c: Num
    g: Num
    leaves: list[Num]

    @classmethod
    def of(cls, features: Sequence[Num], leaves: Sequence[Num]) -> LaneVals:
        """From values in ``FEATURES`` order."""
        w, t, l, v, c, g = features
        return cls(w, t, l, v, c, g, list(leaves))


def lane_value_by_category(ruleset: ThirteenCardRuleset, lane: str) -> list[int]:
    """Replace-mode lane value for each category, as ``settle.lane_value`` pays it."""
    out = []
    for category in Category:
        values = [
            v.units
            for v in ruleset.lane_values.values
            if v.lane == lane and category.label in v.category
        ]
        out.append(max(values, default=ruleset.lane_values.default))
    return out


def leaf_holds(
    cond: LaneIs,
    category: npt.NDArray[np.int32],
    suited: npt.NDArray[np.bool_],
    rank_mask: npt.NDArray[np.int64],
) -> F64:
    """A lane condition over many lane hands, as 0.0 / 1.0 (same meaning as ``lane_holds``)."""
    ok = np.ones(len(category), dtype=bool)
    if cond.category is not None:
        wanted = [int(Category.from_label(label)) for label in cond.category]
        ok &= np.isin(category, wanted)
    if cond.suited is not None:
        ok &= suited == cond.suited
    if cond.ranks is not None:
        ok &= rank_mask == sum(1 << r for r in rank_values(cond.ranks))
    return ok.astype(np.float64)


@dataclass(frozen=True)
class BonusTerm:
    units: int
    pay_when: str
    lane: int | None
    node: Node


class EvModel:
    """The ``ev`` objective compiled for one ruleset: per-ordinal lane features and the formula."""

    def __init__(self, ruleset: ThirteenCardRuleset, odds: LaneOdds | None = None) -> None:
        self.ruleset = ruleset
        self.tables: RankTables = rank_tables(ruleset.ranking.rules())
        self.odds = odds if odds is not None else lane_odds(self.tables.rules)
        compare = ruleset.table.compare
        seats = ruleset.table.seats.max or 4
        self.opponents = 1 if compare == "banker" else seats - 1
        self.pool = ruleset.pool if compare == "pool" else None
        self.ties_lost = compare == "banker" and ruleset.table.ties == "banker-wins"
        self.leaves: tuple[list[LaneIs], list[LaneIs], list[LaneIs]] = ([], [], [])
        self._ops: dict[Op, Op] = {}
        """One object per distinct condition, so a formula run shares them by identity."""
        self.bonuses = [
            BonusTerm(
                item.units,
                group.pay_when,
                LANES.index(item.lane) if item.lane else None,
                self._compile(item.when),
            )
            for group in ruleset.bonuses.values()
            for item in group.items
            if item.units
        ]
        self.bonus_groups: dict[tuple[str, int | None], list[BonusTerm]] = {}
        """Bonus terms by what pays them: each group's units are summed, then paid once."""
        for term in self.bonuses:
            key = (term.pay_when, term.lane if term.pay_when == "lane-won" else None)
            self.bonus_groups.setdefault(key, []).append(term)
        self.lanes, baseline = self._lane_features()
        self.scoop_mult = ruleset.scoop.multiplier
        self.scoop_bonus = ruleset.scoop.bonus
        self.outcomes = (
            None
            if ruleset.outcomes is None
            else [(o.won, o.lost, o.units, o.scoop) for o in ruleset.outcomes]
        )
        self.baseline_scoop = float(
            self._scoop_chance([LaneVals(b, t, b, 0.0, 0.0, 0.0, []) for b, t in baseline])
        )

    # ---- setup ---------------------------------------------------------------------------

    def _compile(self, cond: SettingCondition) -> Node:
        if isinstance(cond, LaneIs):
            lane = LANES.index(cond.lane)
            found = self.leaves[lane]
            if cond not in found:
                found.append(cond)
            return Leaf(lane, found.index(cond))
        if isinstance(cond, AllOf):
            op = Op("all", tuple(self._compile(c) for c in cond.all))
        elif isinstance(cond, AnyOf):
            op = Op("any", tuple(self._compile(c) for c in cond.any))
        else:
            assert isinstance(cond, NotOf)
            op = Op("not", (self._compile(cond.not_),))
        return self._ops.setdefault(op, op)

    def _lane_features(self) -> tuple[F64, list[tuple[float, float]]]:
        """(3 lanes, 5 features, ordinals), and each lane's random-vs-random (win, tie) chance."""
        odds = self.odds
        out = np.zeros((3, len(FEATURES), len(self.tables.keys)), dtype=np.float64)
        baseline = []
        for i, lane in enumerate(LANES):
            mass = odds.mass(self.tables, i)
            below = np.cumsum(mass) - mass
            value = np.array(lane_value_by_category(self.ruleset, lane), dtype=np.float64)
            v = value[self.tables.category]
            paid = mass * v
            c = np.maximum(paid.sum() - np.cumsum(paid), 0.0)
            w, t = below, mass.copy()
            if self.ties_lost:
                c = c + paid
                t = np.zeros_like(mass)
            out[i] = (w, t, np.clip(1.0 - w - t, 0.0, 1.0), v, c, w * v - c)
            baseline.append((float(mass @ below), float(mass @ mass)))
        return out, baseline

    # ---- the formula -----------------------------------------------------------------------

    def _node(self, node: Node, lanes: Sequence[LaneVals], seen: dict[int, Num]) -> Num:
        """A condition's value; ``seen`` holds the conditions already evaluated in this formula
        run, by identity (bonus conditions share parts, e.g. Taiwan's "quads or better in the
        middle")."""
        if isinstance(node, Leaf):
            return lanes[node.lane].leaves[node.index]
        key = id(node)
        if key not in seen:
            seen[key] = self._op(node, lanes, seen)
        return seen[key]

    def _op(self, node: Op, lanes: Sequence[LaneVals], seen: dict[int, Num]) -> Num:
        kind = node.kind
        values = [self._node(child, lanes, seen) for child in node.children]
        if kind == "not":
            return 1 - values[0]
        if kind == "all":
            out = values[0]
            for v in values[1:]:
                out = out * v
            return out
        miss = 1 - values[0]
        for v in values[1:]:
            miss = miss * (1 - v)
        return 1 - miss

    @staticmethod
    def _won_lost(lanes: Sequence[LaneVals]) -> dict[tuple[int, int], Num]:
        """Chance of each (lanes won, lanes lost) with lanes independent."""
        first = lanes[0]
        dist: dict[tuple[int, int], Num] = {(1, 0): first.w, (0, 1): first.l, (0, 0): first.t}
        for lane in lanes[1:]:
            nxt: dict[tuple[int, int], Num] = {}
            for (won, lost), p in dist.items():
                for key, q in (
                    ((won + 1, lost), lane.w),
                    ((won, lost + 1), lane.l),
                    ((won, lost), lane.t),
                ):
                    term = p * q
                    nxt[key] = nxt[key] + term if key in nxt else term
            dist = nxt
        return dist

    def _scoop_chance(self, lanes: Sequence[LaneVals]) -> Num:
        """Chance that the pair counts as scooped by me (lane sums: all three lanes won)."""
        if self.outcomes is None:
            return lanes[0].w * lanes[1].w * lanes[2].w
        dist = self._won_lost(lanes)
        total: Num = 0.0
        for won, lost, units, scoop in self.outcomes:
            if scoop and units > 0:
                total = total + dist[(won, lost)]
        return total

    def pair_value(self, lanes: Sequence[LaneVals]) -> tuple[Num, Num, Num]:
        """(expected net units against one opponent, home-run gain, home-run loss per opponent)."""
        front, middle, back = lanes
        n = self.opponents
        home_run = self.ruleset.home_run
        hr = home_run is not None and n >= home_run.opponents
        mult, bonus = self.scoop_mult, self.scoop_bonus
        need_dist = (
            self.outcomes is not None
            or self.ruleset.overall_point
            or any(b.pay_when == "match-won" for b in self.bonuses)
        )
        dist = self._won_lost(lanes) if need_dist else {}
        gain: Num = 0.0
        loss: Num = 0.0
        if self.outcomes is None:
            sum_v = front.v + middle.v + back.v
            value = front.g + middle.g + back.g
            if mult > 1 or bonus or hr:
                won_all = front.w * middle.w * back.w
                lost_all = front.l * middle.l * back.l
                paid_when_scooped = (
                    front.c * middle.l * back.l
                    + front.l * middle.c * back.l
                    + front.l * middle.l * back.c
                )
            if mult > 1 or bonus:
                value = (
                    value
                    + won_all * ((mult - 1) * sum_v + bonus)
                    - ((mult - 1) * paid_when_scooped + bonus * lost_all)
                )
            if hr:
                assert home_run is not None
                gain = power(won_all, n) * (
                    (home_run.multiplier - 1) * mult * sum_v + home_run.bonus
                )
                loss = (
                    home_run.multiplier - 1
                ) * mult * paid_when_scooped + home_run.bonus * lost_all
            win = lose = None
            if dist:
                win = sum_prob(dist, lambda w, l: w > l)
                lose = sum_prob(dist, lambda w, l: w < l)
        else:
            value = 0.0
            win = lose = None
            win_terms: Num = 0.0
            lose_terms: Num = 0.0
            scoops: Num = 0.0
            hm = (home_run.multiplier - 1) * mult if home_run is not None else 0
            hb = home_run.bonus if home_run is not None else 0
            for won, lost, units, scoop in self.outcomes:
                p = dist[(won, lost)]
                paid = units * mult + (bonus if units > 0 else -bonus) if scoop else units
                if paid:
                    value = value + p * paid
                if units > 0:
                    win_terms = win_terms + p
                elif units < 0:
                    lose_terms = lose_terms + p
                if hr and scoop and units > 0:
                    scoops = scoops + p
                    gain = gain + p * (hm * units + hb)
                elif hr and scoop and units < 0:
                    loss = loss + p * (hm * -units + hb)
            win, lose = win_terms, lose_terms
            if hr:
                gain = power(scoops, n - 1) * gain if n > 1 else gain
        if self.ruleset.overall_point and win is not None and lose is not None:
            value = value + self.ruleset.overall_point * (win - lose)
        value = value + self._bonus_value(lanes, win)
        if not hr:
            return value, 0.0, 0.0
        return value, gain, loss * self.baseline_scoop ** (n - 1)

    def _bonus_value(self, lanes: Sequence[LaneVals], win: Num) -> Num:
        """My add-ons: each group's units summed, then weighted by the chance it is paid."""
        total: Num = 0.0
        seen: dict[int, Num] = {}
        for (pay_when, lane), terms in self.bonus_groups.items():
            units: Num = 0.0
            for term in terms:
                units = units + term.units * self._node(term.node, lanes, seen)
            total = total + units * self._pay(pay_when, lane, lanes, win)
        return total

    def _pay(self, pay_when: str, lane: int | None, lanes: Sequence[LaneVals], win: Num) -> Num:
        if pay_when == "always":
            return 1.0
        if pay_when == "lane-won":
            assert lane is not None
            return lanes[lane].w
        if pay_when == "match-won":
            return win
        return 1 - (1 - lanes[0].w) * (1 - lanes[1].w) * (1 - lanes[2].w)

    def pool_value(self, lanes: Sequence[LaneVals]) -> Num:
        """Pool: each lane's best hand takes a third of the stakes (ties split); sweep bonus."""
        assert self.pool is not None
        n = self.opponents
        share = self.pool.stake * (n + 1) / 3
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
        signs of their weights."""
        if self.pool is not None:
            return self.pool.stake >= 0 and self.pool.sweep_bonus >= 0 and self.opponents >= 1
        if self.ruleset.overall_point < 0:
            return False
        if any(term.units < 0 for term in self.bonuses if term.pay_when != "always"):
            return False
        mult, bonus = self.scoop_mult, self.scoop_bonus
        home_run = self.ruleset.home_run
        if self.outcomes is None:
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
        for won, lost, units, scoop in self.outcomes:
            paid = units * mult + (bonus if units > 0 else -bonus) if scoop else units
            key = (won, lost)
            values = (
                paid,
                float(units > 0),
                -float(units < 0),
                hm * units + hb if scoop and units > 0 else 0.0,
                -(hm * -units + hb) if scoop and units < 0 else 0.0,
            )
            for row, value in zip(rows, values):
                row[key] = row.get(key, 0.0) + value
        if (rows[3] and min(rows[3].values()) < 0) or (rows[4] and max(rows[4].values()) > 0):
            return False  # home-run weights must keep their sign (they multiply chances)
        scoops = {
            (won, lost): float(bool(scoop and units > 0))
            for won, lost, units, scoop in self.outcomes
        }
        for row in (*rows, scoops):
            for won in range(3):
                for lost in range(3 - won):
                    here = row.get((won, lost), 0.0)
                    if row.get((won + 1, lost), 0.0) < here or row.get((won, lost + 1), 0.0) > here:
                        return False
        return True

    def value(self, lanes: Sequence[LaneVals]) -> Num:
        """Expected net units of a set hand against all the other players."""
        if self.pool is not None:
            return self.pool_value(lanes)
        pair, gain, loss = self.pair_value(lanes)
        return self.opponents * pair + self.opponents * (gain - loss)

    def special_value(self, declared: Declared) -> float:
        """Expected net units of declaring a special hand (opponents assumed to set hands)."""
        n = self.opponents
        per = float(declared.points)
        home_run = self.ruleset.home_run
        total = 0.0
        if self.ruleset.specials.vs_set == "as-scoop":
            lanes = (
                3.0
                if self.outcomes is None
                else float(next(u for w, _, u, _ in self.outcomes if w == 3))
            )
            per += lanes * self.scoop_mult + self.scoop_bonus
            if home_run is not None and n >= home_run.opponents:
                total += n * ((home_run.multiplier - 1) * lanes * self.scoop_mult + home_run.bonus)
        if self.ruleset.overall_point and per > 0:
            per += self.ruleset.overall_point
        return n * per + total


def power(base: Num, exponent: int) -> Num:
    """``base ** exponent`` for a small exponent >= 1, by multiplying: numpy computes ``**``
    with ``pow`` per element for exponents other than 2, several times slower."""
    out = base
    for _ in range(exponent - 1):
        out = out * base
    return out


def sum_prob(dist: dict[tuple[int, int], Num], keep: Any) -> Num:
    total: Num = 0.0
    for (won, lost), p in dist.items():
        if keep(won, lost):
            total = total + p
    return total


_MODELS: dict[str, EvModel] = {}


def ev_model(ruleset: ThirteenCardRuleset) -> EvModel:
    """One compiled model per ruleset content (rulesets hold lists, so they do not hash)."""
    key = ruleset.model_dump_json()
    if key not in _MODELS:
        _MODELS[key] = EvModel(ruleset)
    return _MODELS[key]
