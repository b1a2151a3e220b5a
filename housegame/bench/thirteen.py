"""How exploitable a 13-card strategy is: its best response, played in duplicate.

For a strategy S, a ruleset and a table of ``players``:

1. The response: S sets the hands of ``response_deals`` seeded deals (dealt apart from the
   played ones), and the lanes it sets, counted, are the lane odds of an ``ev`` arranger at
   that table: the best response to opponents who set lanes as S does.
2. The play: each seeded deal of the ruleset's deck gives ``hands // players`` tables of
   ``players`` hands (a deal is four hands of one 52-card deck, five of 65 cards). Every table
   is settled with S in every seat, then once for each seat with the response in that seat
   and S in the others (seats rotated; the banker's seat is the first). The response's gain
   in a seat is its units there minus S's units in that seat at the all-S table, so a
   strategy against itself gains exactly 0. A deal's margin is the mean gain over its tables'
   seats; its mean over the deals, with a 95% interval, is the exploitability.
3. Agreement: the share of hands the response sets (or declares) exactly as S does.

Deals are dealt by chunk as ``simulate`` deals them (``deal_chunk``), the response's from
chunk indices offset by ``RESPONSE_CHUNKS``; chunks run on any backend (``run_tasks``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from housegame.arrange.arranger import Arrangement, Arranger
from housegame.arrange.batch import batches
from housegame.arrange.iteration import seats_dealt
from housegame.arrange.odds import LaneOdds
from housegame.arrange.simulate import arranged_table
from housegame.bench.strategies import THIRTEEN, known
from housegame.cards import Card
from housegame.errors import TableError
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.runner import CHUNK, LOCAL, Backend, chunk_sizes, run_tasks
from housegame.simulation.stats import Exact, mean_interval, rate_interval
from housegame.simulation.tally import NAMES
from housegame.simulation.thirteen import CARDS, deal_chunk
from housegame.thirteen.settle import settle_terms

RESPONSE_CHUNKS = 1_000_000
"""The response's deals come from chunk indices from here on (a run plays fewer chunks)."""

Progress = Callable[[int], None]
"""Called with the number of deals just finished (response deals included)."""

_ARRANGERS: dict[tuple[str, str, int, str], Arranger] = {}


def odds_digest(odds: LaneOdds | None) -> str:
    if odds is None:
        return ""
    digest = hashlib.sha256()
    for array in (*odds.keys, *odds.counts):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def arranger_of(
    ruleset: ThirteenCardRuleset, strategy: str, players: int, odds: LaneOdds | None = None
) -> Arranger:
    """The strategy's arranger (``odds``: the best response to those lanes instead), once per
    process (a model is costly to compile)."""
    key = (ruleset.model_dump_json(), strategy, players, odds_digest(odds))
    if key not in _ARRANGERS:
        if odds is None:
            _ARRANGERS[key] = THIRTEEN[strategy](ruleset, players)
        else:
            _ARRANGERS[key] = Arranger(ruleset, "ev", players, odds)
    return _ARRANGERS[key]


def _hands(ruleset: ThirteenCardRuleset, seed: int, index: int, deals: int) -> list[list[Card]]:
    """Every hand of the chunk's deals of the ruleset's deck (``seats_dealt`` a deal)."""
    dealt = deal_chunk(seed, index, deals, seats_dealt(ruleset), ruleset.deck.deck())
    return [[CARDS[c] for c in row] for row in dealt.reshape(-1, 13).tolist()]


def _arranged(arranger: Arranger, hands: list[list[Card]]) -> list[Arrangement]:
    deck = arranger.ruleset.deck.deck()
    return [a for batch in batches(hands, deck) for a in arranger.arrange_many([batch])]


@dataclass(frozen=True)
class ResponseChunk:
    """Chunk ``index`` of the response deals, set by the strategy: each lane's keys, counted."""

    ruleset: ThirteenCardRuleset
    strategy: str
    players: int
    seed: int
    index: int
    deals: int

    def __call__(self) -> list[Counter[int]]:
        arranger = arranger_of(self.ruleset, self.strategy, self.players)
        hands = _hands(self.ruleset, self.seed, RESPONSE_CHUNKS + self.index, self.deals)
        lanes: list[Counter[int]] = [Counter(), Counter(), Counter()]
        for arrangement in _arranged(arranger, hands):
            for lane, key in zip(lanes, arrangement.best.setting.keys):
                lane[key] += 1
        return lanes


def counted_odds(ruleset: ThirteenCardRuleset, lanes: Sequence[Counter[int]]) -> LaneOdds:
    """Lane odds from counted keys."""
    keys = [np.array(sorted(lane), dtype=np.int64) for lane in lanes]
    counts = [np.array([lane[k] for k in sorted(lane)], dtype=np.int64) for lane in lanes]
    return LaneOdds(
        ruleset.ranking.rules(), (keys[0], keys[1], keys[2]), (counts[0], counts[1], counts[2]), {}
    )


def _choice(arrangement: Arrangement) -> tuple[object, ...]:
    declared = arrangement.declared
    if declared is not None:
        return ("declare", declared.hand.id)
    best = arrangement.best.setting
    return (best.front, best.middle, best.back)


def seat_gains(
    ruleset: ThirteenCardRuleset, mine: Sequence[Arrangement], theirs: Sequence[Arrangement]
) -> list[Exact]:
    """One table: for each seat, what ``theirs`` there (``mine`` elsewhere) wins over ``mine``
    there at the table of ``mine`` alone."""
    names = NAMES[: len(mine)]
    base = settle_terms(ruleset, *arranged_table(ruleset, names, mine)).totals
    gains: list[Exact] = []
    for seat, name in enumerate(names):
        seated = [theirs[i] if i == seat else mine[i] for i in range(len(mine))]
        totals = settle_terms(ruleset, *arranged_table(ruleset, names, seated)).totals
        gains.append(totals[name] - base[name])
    return gains


@dataclass
class ExploitTally:
    """Exact counts of some deals: each deal's margin, and the hands set alike."""

    margins: Counter[Exact] = field(default_factory=Counter)
    alike: int = 0
    hands: int = 0

    def merge(self, other: ExploitTally) -> None:
        self.margins.update(other.margins)
        self.alike += other.alike
        self.hands += other.hands

    @property
    def deals(self) -> int:
        return sum(self.margins.values())


@dataclass(frozen=True)
class PlayChunk:
    """Chunk ``index`` of the played deals: the strategy against its response, in duplicate."""

    ruleset: ThirteenCardRuleset
    strategy: str
    players: int
    response: LaneOdds
    seed: int
    index: int
    deals: int

    def __call__(self) -> ExploitTally:
        rules, players = self.ruleset, self.players
        hands = _hands(rules, self.seed, self.index, self.deals)
        mine = _arranged(arranger_of(rules, self.strategy, players), hands)
        theirs = _arranged(arranger_of(rules, self.strategy, players, self.response), hands)
        tally = ExploitTally()
        dealt = seats_dealt(rules)
        tables = dealt // players
        for deal in range(self.deals):
            gains: list[Exact] = []
            for table in range(tables):
                first = deal * dealt + table * players
                seats = slice(first, first + players)
                gains.extend(seat_gains(rules, mine[seats], theirs[seats]))
            tally.margins[_exact(Fraction(sum(gains), len(gains)))] += 1
            used = mine[deal * dealt : deal * dealt + tables * players]
            answered = theirs[deal * dealt : deal * dealt + tables * players]
            tally.alike += sum(_choice(a) == _choice(b) for a, b in zip(used, answered))
            tally.hands += len(used)
        return tally


def _exact(value: Fraction) -> Exact:
    return value.numerator if value.denominator == 1 else value


@dataclass(frozen=True)
class Exploitability:
    """One strategy under one ruleset at one table size."""

    ruleset: str
    strategy: str
    players: int
    deals: int
    response_hands: int
    gain: tuple[float, float, float]
    """The response's mean gain a hand, and its 95% interval."""
    agreement: tuple[float, float, float]
    """The share of hands set alike, and its 95% (Wilson) interval."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "strategy": self.strategy,
            "players": self.players,
            "deals": self.deals,
            "response_hands": self.response_hands,
            "exploitability": {"mean": self.gain[0], "ci95": list(self.gain[1:])},
            "agreement": {"share": self.agreement[0], "ci95": list(self.agreement[1:])},
        }


@dataclass(frozen=True)
class ThirteenBench:
    deals: int
    response_deals: int
    seed: int
    interrupted: bool
    rows: list[Exploitability]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "thirteen-card",
            "deals": self.deals,
            "response_deals": self.response_deals,
            "seed": self.seed,
            "chunk": CHUNK,
            "interrupted": self.interrupted,
            "rows": [row.as_dict() for row in self.rows],
        }


Entry = tuple[ThirteenCardRuleset, str, int]


def _check(entries: Sequence[Entry], deals: int, response_deals: int) -> None:
    if deals < 1 or response_deals < 1:
        raise TableError("deals and response deals must be at least 1")
    for rules, strategy, players in entries:
        known(THIRTEEN, strategy, "13-card")
        if not 2 <= players <= seats_dealt(rules) or not rules.table.seats.holds(players):
            raise TableError(f"ruleset '{rules.id}' does not seat {players} players")


def bench_thirteen(
    rulesets: Sequence[RulesetRef],
    strategies: Sequence[str],
    players: Sequence[int] = (2, 4),
    deals: int = 1000,
    seed: int = 1,
    response_deals: int = 2500,
    backend: Backend = LOCAL,
    progress: Progress | None = None,
) -> ThirteenBench:
    """Each strategy's exploitability and agreement under each ruleset at each table size.
    The same arguments give the same numbers on any backend."""
    loaded = [resolve_ruleset(ref, ThirteenCardRuleset) for ref in rulesets]
    entries = [(r, s, n) for r in loaded for s in strategies for n in players]
    _check(entries, deals, response_deals)
    counted: list[list[Counter[int]]] = [[Counter(), Counter(), Counter()] for _ in entries]
    asked = [
        (e, size, ResponseChunk(*entries[e], seed, index, size))
        for e in range(len(entries))
        for index, size in enumerate(chunk_sizes(response_deals))
    ]

    def fold_response(i: int, lanes: list[Counter[int]]) -> None:
        for total, part in zip(counted[asked[i][0]], lanes):
            total.update(part)

    cut = _run(asked, fold_response, backend, progress)
    responses = [counted_odds(r, lanes) for (r, _, _), lanes in zip(entries, counted)]
    tallies = [ExploitTally() for _ in entries]
    played = [
        (e, size, PlayChunk(*entries[e], responses[e], seed, index, size))
        for index, size in enumerate(chunk_sizes(deals))
        for e in range(len(entries))
    ]
    if not cut:
        cut = _run(played, lambda i, t: tallies[played[i][0]].merge(t), backend, progress)
    rows = [
        Exploitability(
            rules.id,
            strategy,
            count,
            tally.deals,
            response_deals * seats_dealt(rules),
            mean_interval(tally.margins),
            rate_interval(tally.alike, tally.hands),
        )
        for (rules, strategy, count), tally in zip(entries, tallies)
        if tally.deals
    ]
    return ThirteenBench(deals, response_deals, seed, cut, rows)


def _run(
    tasks: Sequence[tuple[int, int, Callable[[], Any]]],
    fold: Callable[[int, Any], None],
    backend: Backend,
    progress: Progress | None,
) -> bool:
    """Run (entry, deals, task) triples in order; progress by deals."""
    return run_tasks(
        [t for _, _, t in tasks],
        fold,
        backend,
        None if progress is None else lambda i: progress(tasks[i][1]),
    )
