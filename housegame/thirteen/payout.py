"""The payout terms of a 13-card pair, defined once for the scorer and the auto-arranger.

A pair is seen from one player ("me") against one opponent. Per lane the inputs are
(``LaneVals``):

- ``w``, ``t``, ``l``: my lane wins, ties, loses: 0 or 1 for a known pair, chances for the
  auto-arranger's random opponent;
- ``v``: what my lane pays me when it wins (the ruleset's lane value for my hand);
- ``u``: the opponent's lane value when my lane loses (for a random opponent: its expected
  value given that my lane loses);
- ``c = l * u`` (precomputed: for a random opponent it is an expectation of its own) and
  ``g = w * v - c``, the lane's own units;
- ``leaves``: my bonus conditions on that lane (0 or 1).

and, per pay group, the units of the opponent's add-ons (``Opponent``).

Every term is written with ``+``, ``-``, ``*`` and ``positive`` only, so one definition
evaluates exact integers for a known pair (``settle`` itemizes each term), floats or numpy
arrays of expected values, and intervals for the search's bounds (``housegame.arrange``).
``pair_parts`` gives a pair term by term (each a ``Part``), and ``pair`` is their sum: what
the trainer (``housegame.trainer``) splits a regret into.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import product

from housegame.cards import Card
from housegame.numbers import Num, positive, sign
from housegame.ranking import Category
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import (
    AllOf,
    AnyOf,
    LaneIs,
    Multiplier,
    NotOf,
    SettingCondition,
    ThirteenCardRuleset,
)
from housegame.thirteen.conditions import HandCounts, hand_holds
from housegame.thirteen.shortcuts import Pattern, is_zero, pattern_of, possible_patterns

_WON_LOST = [(won, lost) for won in range(4) for lost in range(4 - won)]
"""Every (lanes won, lanes lost) of three lanes."""


@dataclass
class LaneVals:
    """One lane's inputs (module docstring) and my bonus-condition leaves on it."""

    w: Num
    t: Num
    l: Num
    v: Num
    c: Num
    g: Num
    u: Num
    leaves: list[Num] = field(default_factory=list)

    @classmethod
    def of(cls, features: Sequence[Num], leaves: Sequence[Num]) -> LaneVals:
        """From values in ``FEATURES`` order (the fields' order; the arranger's feature table,
        ``arrange.features.LANE_FEATURES``, says what is known of each)."""
        w, t, l, v, c, g, u = features
        return cls(w, t, l, v, c, g, u, list(leaves))

    @classmethod
    def known(cls, outcome: int, mine: int, theirs: int, leaves: Sequence[int]) -> LaneVals:
        """A known pair's lane: ``outcome`` +1 won, 0 tied, -1 lost; lane values of both."""
        w, l = int(outcome > 0), int(outcome < 0)
        return cls(w, 1 - w - l, l, mine, l * theirs, w * mine - l * theirs, l * theirs, [*leaves])

    def mirrored(self) -> LaneVals:
        """The same lane seen from the opponent (outcomes only: what its add-ons read)."""
        return LaneVals(self.l, self.t, self.w, 0, 0, 0, 0)


FEATURES = tuple(f.name for f in fields(LaneVals) if f.name != "leaves")
"""The per-lane inputs, in the fields' order: wherever they are stored as rows."""


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
PayKey = tuple[str, int | None]
"""What pays a bonus: ``pay_when`` and, for lane-won, the lane's index."""


@dataclass(frozen=True)
class BonusTerm:
    """One add-on of the ruleset, its condition compiled to leaves."""

    id: str
    name: str
    units: int
    pay: PayKey
    node: Node
    lane: int | None = None
    """The lane the add-on is about, where the ruleset names one (what an itemized line shows)."""


@dataclass
class Opponent:
    """The opponent's add-ons, per pay group: units it collects when that group pays (0/1
    conditions times units for a known opponent)."""

    units: dict[PayKey, Num] = field(default_factory=dict)
    factor: Num | None = None
    """Its card multipliers' factor when known (``Payout.factor``); None: a random opponent's."""


@dataclass(frozen=True)
class Part:
    """Which payout term a part of a value is: its ``kind`` (the scorer's item kinds:
    ``lane``, ``outcome``, ``scoop``, ``bonus``, ``overall-point``, ``home-run``,
    ``multiplier``, ``special``, ``surrender``, ``pool``, ``stake``, ``sweep``; and
    ``opponent-bonus``, the opponent's add-ons), the lane's index where it is a lane's, and
    an add-on's id and name."""

    kind: str
    lane: int | None = None
    id: str | None = None
    name: str | None = None


def total(parts: Sequence[tuple[Part, Num]]) -> Num:
    """The whole of a value given term by term: its parts added in order."""
    out: Num = parts[0][1] if parts else 0
    for _, value in parts[1:]:
        out = out + value
    return out


def pay_key(pay_when: str, lane: str | None) -> PayKey:
    return pay_when, LANES.index(lane) if pay_when == "lane-won" and lane is not None else None


def _known(*outcomes: int) -> tuple[tuple[LaneVals, ...], tuple[LaneVals, ...]]:
    """A pattern of lane outcomes as known lanes from my side, and mirrored."""
    known = tuple(LaneVals(int(o > 0), int(o == 0), int(o < 0), 0, 0, 0, 0) for o in outcomes)
    return known, tuple(lane.mirrored() for lane in known)


class Payout:
    """The pair terms of one ruleset (module docstring), compiled once."""

    def __init__(self, ruleset: ThirteenCardRuleset) -> None:
        self.ruleset = ruleset
        self.lane_values = tuple(
            tuple(
                max(
                    (
                        v.units
                        for v in ruleset.lane_values.values
                        if v.lane == lane and category.label in v.category
                    ),
                    default=ruleset.lane_values.default,
                )
                for category in Category
            )
            for lane in LANES
        )
        """Per lane and hand category: what winning the lane with it pays (replace mode)."""
        self.leaves: tuple[list[LaneIs], list[LaneIs], list[LaneIs]] = ([], [], [])
        """Per lane, the distinct lane conditions the bonuses read (a lane's ``leaves``)."""
        self._ops: dict[Op, Op] = {}
        """One object per distinct condition, so a run shares them by identity."""
        self.bonuses = [
            BonusTerm(
                item.id,
                item.name,
                item.units,
                pay_key(group.pay_when, item.lane),
                self._compile(item.when),
                LANES.index(item.lane) if item.lane is not None else None,
            )
            for group in ruleset.bonuses.values()
            for item in group.items
            if item.units
        ]
        self.bonus_groups: dict[PayKey, list[BonusTerm]] = {}
        """Bonus terms by what pays them: each group's units are summed, then paid once."""
        for term in self.bonuses:
            self.bonus_groups.setdefault(term.pay, []).append(term)
        self.outcomes = (
            None
            if ruleset.outcomes is None
            else {(o.won, o.lost): (o.units, o.scoop) for o in ruleset.outcomes}
        )
        self.scoop_mult = ruleset.scoop.multiplier
        self.scoop_bonus = ruleset.scoop.bonus
        self.overall = ruleset.overall_point
        self.patterns = [
            pattern_of(self, (a, b, c), _known(a, b, c))
            for a, b, c in product((1, 0, -1), repeat=3)
        ]
        """The 27 patterns of lane outcomes (won, tied, lost per lane), lane by lane."""
        self.lane_sum_match = self.outcomes is None and any(
            key[0] == "match-won" for key in self.bonus_groups
        )
        """Lane sums with match-won add-ons: who won the pair depends on lane values."""
        self.multipliers = [(m, Fraction(str(m.factor))) for m in ruleset.multipliers]
        """Card multipliers with their factors read exactly (1.5 is 3/2, never a float)."""

    # ---- conditions -------------------------------------------------------------------

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

    def condition(self, node: Node, lanes: Sequence[LaneVals], seen: dict[int, Num]) -> Num:
        """A bonus condition's value from the lanes' leaves; ``seen`` caches the conditions
        already evaluated in this run, by identity (conditions share parts, e.g. Taiwan's
        "quads or better in the middle")."""
        if isinstance(node, Leaf):
            return lanes[node.lane].leaves[node.index]
        key = id(node)
        if key not in seen:
            values = [self.condition(child, lanes, seen) for child in node.children]
            if node.kind == "not":
                out = 1 - values[0]
            elif node.kind == "all":
                out = values[0]
                for v in values[1:]:
                    out = out * v
            else:
                miss = 1 - values[0]
                for v in values[1:]:
                    miss = miss * (1 - v)
                out = 1 - miss
            seen[key] = out
        return seen[key]

    # ---- lanes, outcome table, scoop --------------------------------------------------

    @staticmethod
    def lane(lane: LaneVals) -> Num:
        """Lane sums: a lane's units to me (its value if it wins, the opponent's if it loses)."""
        return lane.g

    @staticmethod
    def won_lost(lanes: Sequence[LaneVals]) -> dict[tuple[int, int], Num]:
        """Chance of each (lanes won, lanes lost), lanes independent. Chances that are the
        int 0 (a known pair's lanes) are skipped, which adds nothing, and left as 0."""
        first = lanes[0]
        dist: dict[tuple[int, int], Num] = {
            key: q
            for key, q in (((1, 0), first.w), ((0, 1), first.l), ((0, 0), first.t))
            if not is_zero(q)
        }
        for lane in lanes[1:]:
            nxt: dict[tuple[int, int], Num] = {}
            for (won, lost), p in dist.items():
                for key, q in (
                    ((won + 1, lost), lane.w),
                    ((won, lost + 1), lane.l),
                    ((won, lost), lane.t),
                ):
                    if is_zero(q):
                        continue
                    term = p * q
                    nxt[key] = nxt[key] + term if key in nxt else term
            dist = nxt
        return {key: dist.get(key, 0) for key in _WON_LOST}

    def row_paid(self, won: int, lost: int) -> int:
        """Outcome table: what a row pays me, its scoop multiplier and bonus included."""
        assert self.outcomes is not None
        units, scoop = self.outcomes[(won, lost)]
        if not scoop:
            return units
        return units * self.scoop_mult + (self.scoop_bonus if units > 0 else -self.scoop_bonus)

    def outcome(self, dist: dict[tuple[int, int], Num]) -> Num:
        """Outcome table: the row's units to me, before any scoop."""
        assert self.outcomes is not None
        total: Num = 0
        for (won, lost), (units, _) in self.outcomes.items():
            if units:
                total = total + dist[(won, lost)] * units
        return total

    def scoop(self, lanes: Sequence[LaneVals], dist: dict[tuple[int, int], Num]) -> Num:
        """What the scoop multiplier and bonus add to the pair, to me."""
        mult, bonus = self.scoop_mult, self.scoop_bonus
        if mult == 1 and not bonus:
            return 0
        if self.outcomes is not None:
            total: Num = 0
            for (won, lost), (units, scoop) in self.outcomes.items():
                extra = self.row_paid(won, lost) - units
                if scoop and extra:
                    total = total + dist[(won, lost)] * extra
            return total
        front, middle, back = lanes
        won_all = front.w * middle.w * back.w
        lost_all = front.l * middle.l * back.l
        out: Num = won_all * ((mult - 1) * (front.v + middle.v + back.v) + bonus)
        return out - ((mult - 1) * self.paid_when_scooped(lanes) + bonus * lost_all)

    @staticmethod
    def paid_when_scooped(lanes: Sequence[LaneVals]) -> Num:
        """Lane sums: the lane units I pay, counted only when I lose all three lanes."""
        front, middle, back = lanes
        return (
            front.c * middle.l * back.l + front.l * middle.c * back.l + front.l * middle.l * back.c
        )

    def scoops(self, lanes: Sequence[LaneVals], dist: dict[tuple[int, int], Num]) -> ScoopParts:
        """The scoops either way, for the home run: chances and the lane units at stake (the
        scoop multiplier applied)."""
        if self.outcomes is None:
            front, middle, back = lanes
            won_all = front.w * middle.w * back.w
            mine = won_all * (self.scoop_mult * (front.v + middle.v + back.v))
            lost_all = front.l * middle.l * back.l
            return ScoopParts(
                won_all, mine, lost_all, self.scoop_mult * self.paid_when_scooped(lanes)
            )
        won: Num = 0
        won_units: Num = 0
        lost: Num = 0
        lost_units: Num = 0
        for (w, l), (units, scoop) in self.outcomes.items():
            if scoop and units > 0:
                won = won + dist[(w, l)]
                won_units = won_units + dist[(w, l)] * (units * self.scoop_mult)
            elif scoop and units < 0:
                lost = lost + dist[(w, l)]
                lost_units = lost_units + dist[(w, l)] * (-units * self.scoop_mult)
        return ScoopParts(won, won_units, lost, lost_units)

    def home_run(self, lane_units: Num, chance: Num) -> Num:
        """What a home run adds to one scooped pair, to the maker: ``lane_units`` of that pair
        (after the scoop multiplier) times the home-run multiplier less one, plus its bonus
        per ``chance`` (1 for a known pair)."""
        home_run = self.ruleset.home_run
        assert home_run is not None
        return (home_run.multiplier - 1) * lane_units + home_run.bonus * chance

    # ---- add-ons ------------------------------------------------------------------------

    @staticmethod
    def pays(key: PayKey, lanes: Sequence[LaneVals], match_won: Num) -> Num:
        """Whether a pay group pays its holder (``lanes`` from the holder's side)."""
        pay_when, lane = key
        if pay_when == "always":
            return 1
        if pay_when == "lane-won":
            assert lane is not None
            return lanes[lane].w
        if pay_when == "match-won":
            return match_won
        return 1 - (1 - lanes[0].w) * (1 - lanes[1].w) * (1 - lanes[2].w)

    def bonus(self, term: BonusTerm, lanes: Sequence[LaneVals], seen: dict[int, Num]) -> Num:
        """One add-on's units if its condition holds (before whether it is paid)."""
        return term.units * self.condition(term.node, lanes, seen)

    def group_units(self, lanes: Sequence[LaneVals]) -> dict[PayKey, Num]:
        """Per pay group, the units of the holder's add-ons that hold."""
        seen: dict[int, Num] = {}
        out: dict[PayKey, Num] = {}
        for key, terms in self.bonus_groups.items():
            units: Num = 0
            for term in terms:
                units = units + self.bonus(term, lanes, seen)
            out[key] = units
        return out

    def add_ons(self, units: dict[PayKey, Num], lanes: Sequence[LaneVals], match_won: Num) -> Num:
        """The holder's add-ons paid (``lanes`` and ``match_won`` from the holder's side)."""
        total: Num = 0
        for key, amount in units.items():
            total = total + amount * self.pays(key, lanes, match_won)
        return total

    def add_on_parts(self, lanes: Sequence[LaneVals], match_won: Num) -> list[tuple[Part, Num]]:
        """My add-ons paid, one part per add-on (its units if its condition holds, times
        whether its group pays): for exact numbers they sum to ``add_ons`` of
        ``group_units``, the groups' units being the sums of their add-ons'."""
        seen: dict[int, Num] = {}
        return [
            (
                Part("bonus", term.lane, term.id, term.name),
                self.bonus(term, lanes, seen) * self.pays(term.pay, lanes, match_won),
            )
            for terms in self.bonus_groups.values()
            for term in terms
        ]

    # ---- who won the pair -----------------------------------------------------------------

    def _lane_part(self, lanes: Sequence[LaneVals], pattern: Pattern) -> Num:
        """The pair's lane units (scoop included) to me, in one pattern of outcomes."""
        if self.outcomes is not None:
            return self.row_paid(pattern.won, pattern.lost)
        total: Num = 0
        for lane, outcome in zip(lanes, pattern.outcomes):
            if outcome > 0:
                total = total + lane.v
            elif outcome < 0:
                total = total - lane.u
        if pattern.won == 3:
            return total * self.scoop_mult + self.scoop_bonus
        if pattern.lost == 3:
            return total * self.scoop_mult - self.scoop_bonus
        return total

    def match(self, lanes: Sequence[LaneVals], dist: dict[tuple[int, int], Num]) -> tuple[Num, Num]:
        """Chances that the pair's lane result (scoop included) goes to me, and to the
        opponent: who won the pair, for match-won add-ons."""
        if self.outcomes is not None:
            win: Num = 0
            lose: Num = 0
            for (won, lost), (units, _) in self.outcomes.items():
                if units > 0:
                    win = win + dist[(won, lost)]
                elif units < 0:
                    lose = lose + dist[(won, lost)]
            return win, lose
        win, lose = 0, 0
        for chance, pattern in possible_patterns(lanes, self.patterns):
            if pattern.part_sign is not None:
                if pattern.part_sign:
                    if pattern.part_sign > 0:
                        win = win + chance
                    else:
                        lose = lose + chance
                continue
            part = self._lane_part(lanes, pattern)
            win = win + chance * positive(part)
            lose = lose + chance * positive(-part)
        return win, lose

    def overall_point(
        self, lanes: Sequence[LaneVals], mine: dict[PayKey, Num], theirs: Opponent
    ) -> Num:
        """The overall point: to the pair's net winner, add-ons included (before any home
        run), in expectation over the patterns of lane outcomes. Patterns whose net has one
        sign whatever the hands (``Pattern.net_sign``) are summed without evaluating it."""
        total: Num = 0
        if not self.overall:
            return total
        with_theirs = bool(theirs.units)
        for chance, pattern in possible_patterns(lanes, self.patterns):
            fixed = pattern.net_sign[with_theirs]
            if fixed is not None:
                if fixed:
                    total = total + chance if fixed > 0 else total - chance
                continue
            part = self._lane_part(lanes, pattern)
            net = part
            if mine:  # who won the lane part is read by match-won add-ons only
                won = positive(part) if _reads_match(mine) else 0
                net = net + self.add_ons(mine, pattern.known, won)
            if with_theirs:
                lost = positive(-part) if _reads_match(theirs.units) else 0
                net = net - self.add_ons(theirs.units, pattern.mirrored, lost)
            total = total + chance * sign(net)
        return self.overall * total

    def points_net(self, net: Num) -> Num:
        """The overall point on a pair whose net is known (a declared special)."""
        return self.overall * sign(net)

    # ---- the pair ---------------------------------------------------------------------------

    def pair_parts(
        self,
        lanes: Sequence[LaneVals],
        theirs: Opponent | None = None,
        dist: dict[tuple[int, int], Num] | None = None,
        by_term: bool = False,
    ) -> list[tuple[Part, Num]]:
        """Everything a set-hand pair pays me but the home run (a table-level term), term by
        term: ``pair`` is their sum. ``dist``: ``won_lost(lanes)`` when the caller has it
        already; ``by_term``: my add-ons one part per add-on (``add_on_parts``) instead of one
        part for them all (the same sum for exact numbers, not bit for bit for floats)."""
        theirs = theirs if theirs is not None else Opponent()
        need_dist = self.outcomes is not None or any(
            key[0] == "match-won" for key in (*self.bonus_groups, *theirs.units)
        )
        if dist is None:
            dist = self.won_lost(lanes) if need_dist else {}
        parts: list[tuple[Part, Num]]
        if self.outcomes is None:
            parts = [(Part("lane", i), self.lane(lane)) for i, lane in enumerate(lanes)]
        else:
            parts = [(Part("outcome"), self.outcome(dist))]
        parts.append((Part("scoop"), self.scoop(lanes, dist)))
        win: Num = 0
        lose: Num = 0
        if need_dist and (self.lane_sum_match or self.outcomes is not None):
            win, lose = self.match(lanes, dist)
        mine = self.group_units(lanes)
        if by_term:
            parts.extend(self.add_on_parts(lanes, win))
        else:
            parts.append((Part("bonus"), self.add_ons(mine, lanes, win)))
        if theirs.units:
            mirrored = [lane.mirrored() for lane in lanes]
            parts.append((Part("opponent-bonus"), -self.add_ons(theirs.units, mirrored, lose)))
        parts.append((Part("overall-point"), self.overall_point(lanes, mine, theirs)))
        return parts

    def pair(
        self,
        lanes: Sequence[LaneVals],
        theirs: Opponent | None = None,
        dist: dict[tuple[int, int], Num] | None = None,
    ) -> Num:
        """Everything a set-hand pair pays me but the home run: the sum of ``pair_parts``."""
        return total(self.pair_parts(lanes, theirs, dist))

    # ---- card multipliers -------------------------------------------------------------------

    def held(self, cards: Sequence[Card]) -> list[tuple[Multiplier, Fraction]]:
        """The multipliers a player's 13 cards meet (none when the cards are not known)."""
        if not self.multipliers or not cards:
            return []
        counts = HandCounts.of(cards)
        return [(m, f) for m, f in self.multipliers if hand_holds(m.when, counts)]

    def factor(self, cards: Sequence[Card]) -> Fraction:
        """A player's factor: the product of the multipliers its 13 cards meet (1 if none)."""
        out = Fraction(1)
        for _, factor in self.held(cards):
            out *= factor
        return out

    @staticmethod
    def multiplied(net: Num, mine: Num, theirs: Num) -> Num:
        """What the two players' factors add to a pair's whole settlement ``net`` (to me):
        the pair then pays ``net * mine * theirs``."""
        return net * (mine * theirs - 1)

    # ---- declared specials and the pool -----------------------------------------------------

    @staticmethod
    def declared_lanes(sign: int = 1) -> list[LaneVals]:
        """Under ``vs_set: as-scoop``, a declarer wins every lane of a set hand at one unit
        each; ``sign`` -1 gives the set hand's side."""
        return [LaneVals.known(sign, 1, 1, []) for _ in LANES]

    def as_scoop(self) -> tuple[Num, Num, ScoopParts]:
        """Under ``as-scoop``, from the declarer's side: the lane units before the scoop, the
        scoop's addition, and the scoop for the home run."""
        lanes = self.declared_lanes()
        dist = self.won_lost(lanes)
        if self.outcomes is None:
            units: Num = self.lane(lanes[0]) + self.lane(lanes[1]) + self.lane(lanes[2])
        else:
            units = self.outcome(dist)
        return units, self.scoop(lanes, dist), self.scoops(lanes, dist)

    def pool_share(self, players: int) -> Fraction:
        """Pool: what each lane's best hand takes, a third of all stakes (ties split it)."""
        assert self.ruleset.pool is not None
        return Fraction(self.ruleset.pool.stake * players, 3)


def _reads_match(units: dict[PayKey, Num]) -> bool:
    return any(key[0] == "match-won" for key in units)


@dataclass(frozen=True)
class ScoopParts:
    """Scoops either way: my chance of scooping and the lane units then at stake, and the same
    for being scooped (units I then pay, positive)."""

    won: Num
    won_units: Num
    lost: Num
    lost_units: Num
