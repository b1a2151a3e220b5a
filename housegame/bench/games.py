"""OFC and Big Two bots against baselines, in duplicate: the same deals, seats rotated.

- OFC, heads-up: a chunk is a session of consecutive hands (Fantasyland carries from hand to
  hand); it is played twice on the same decks, the bot in seat 1 and then in seat 2. A hand's
  margin is the bot's mean result over the two seatings.
- Big Two: each deal is played four times, the bot in each seat in turn and the baseline in
  the other three. A deal's margin is the bot's mean net points over the four seatings.

Both games are zero-sum and every strategy is deterministic for its seed, so a strategy
against itself plays the same game in every seating and its margin is exactly 0. Rates (fouls,
Fantasyland entry and stay, games won) are counted over the bot's seats, with Wilson
intervals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.bench.strategies import BIGTWO, OFC, known
from housegame.bigtwo.engine import Game
from housegame.bigtwo.rules import Rules
from housegame.errors import TableError
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.runner import LOCAL, Backend, chunk_rng, chunk_sizes, run_tasks
from housegame.simulation.stats import Exact, mean_interval, rate_interval
from housegame.simulation.tally import NAMES

OFC_SESSION = 25
"""OFC hands per chunk: one session (played once per seating)."""
BIGTWO_CHUNK = 50

Progress = Callable[[int], None]
"""Called with the number of deals (hands or games) just finished."""


def deal_seeds(seed: int, index: int, count: int) -> list[int]:
    """Chunk ``index``'s deal seeds."""
    return [int(s) for s in chunk_rng(seed, index).integers(0, 2**62, size=count)]


@dataclass
class MatchTally:
    """Exact counts of some deals: each deal's margin, and named counts of the bot's seats."""

    margins: Counter[Exact] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)

    def merge(self, other: MatchTally) -> None:
        self.margins.update(other.margins)
        self.events.update(other.events)

    def add(self, results: Sequence[Fraction | int]) -> None:
        margin = Fraction(sum(results), len(results))
        self.margins[margin.numerator if margin.denominator == 1 else margin] += 1


def _ofc_session(
    ruleset: OfcRuleset, seats: Sequence[str], seeds: Sequence[int], hero: int
) -> tuple[list[Fraction | int], Counter[str]]:
    """One session, ``seats`` strategy names by seat: the bot's (seat ``hero``) results by
    hand, and counts of its seats."""
    names = list(NAMES[: len(seats)])
    events: Counter[str] = Counter()
    results: list[Fraction | int] = []
    fantasyland: dict[str, int] = {}
    for seed in seeds:
        hand = Hand(ruleset, names, shuffled_deck(seed), fantasyland)
        while not hand.finished:
            who = hand.to_act
            assert who is not None
            hand.play(who, OFC[seats[names.index(who)]](hand, who, seed))
        result = hand.result()
        results.append(result.totals[names[hero]])
        fantasyland = {
            s.name: s.next_hand.cards for s in result.seats if s.next_hand.cards is not None
        }
        mine = next(s for s in result.seats if s.name == names[hero])
        kind = "fantasyland" if mine.in_fantasyland else "regular"
        events["hands"] += 1
        events["fouls"] += mine.fouled
        events[f"{kind} hands"] += 1
        events[f"{kind} qualifies"] += mine.next_hand.cards is not None
    return results, events


@dataclass(frozen=True)
class OfcMatch:
    """One session of ``hands`` OFC hands, bot against baseline heads-up, in both seatings."""

    ruleset: OfcRuleset
    bot: str
    baseline: str
    seed: int
    index: int
    hands: int

    def __call__(self) -> MatchTally:
        seeds = deal_seeds(self.seed, self.index, self.hands)
        first, events = _ofc_session(self.ruleset, (self.bot, self.baseline), seeds, 0)
        second, more = _ofc_session(self.ruleset, (self.baseline, self.bot), seeds, 1)
        tally = MatchTally(events=events + more)
        for a, b in zip(first, second):
            tally.add([a, b])
        return tally


def play_bigtwo(rules: Rules, seats: Sequence[str], seed: int) -> Game:
    """One game dealt from ``seed`` for ``len(seats)`` players, ``seats`` strategy names by
    seat, played out."""
    game = Game.deal(rules, seed, NAMES[: len(seats)])
    while not game.over:
        BIGTWO[seats[game.turn]](game, seed)
    return game


@dataclass(frozen=True)
class BigTwoMatch:
    """``games`` Big Two deals for the most players the ruleset seats, each played with the bot
    in every seat against the baseline."""

    ruleset: BigTwoRuleset
    bot: str
    baseline: str
    seed: int
    index: int
    games: int

    def __call__(self) -> MatchTally:
        rules = Rules.of(self.ruleset)
        tally = MatchTally()
        for seed in deal_seeds(self.seed, self.index, self.games):
            results: list[Fraction | int] = []
            players = self.ruleset.default_players
            for hero in range(players):
                seats = [self.bot if s == hero else self.baseline for s in range(players)]
                settled = play_bigtwo(rules, seats, seed).settlement()
                results.append(settled.totals[NAMES[hero]])
                tally.events["games"] += 1
                tally.events["wins"] += settled.winner == NAMES[hero]
            tally.add(results)
        return tally


Interval = tuple[float, float, float]


@dataclass(frozen=True)
class Match:
    """A bot against a baseline under one ruleset: its margin a deal and its rates."""

    game: str
    ruleset: str
    bot: str
    baseline: str
    deals: int
    margin: Interval
    """The bot's mean result a hand (OFC points) or a game (Big Two net points), 95%."""
    rates: dict[str, Interval]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "bot": self.bot,
            "baseline": self.baseline,
            "deals": self.deals,
            "margin": {"mean": self.margin[0], "ci95": list(self.margin[1:])},
            "rates": {k: {"rate": v[0], "ci95": list(v[1:])} for k, v in self.rates.items()},
        }


def ofc_rates(events: Counter[str]) -> dict[str, Interval]:
    return {
        "foul": rate_interval(events["fouls"], events["hands"]),
        "fantasyland entry": rate_interval(events["regular qualifies"], events["regular hands"]),
        "fantasyland stay": rate_interval(
            events["fantasyland qualifies"], events["fantasyland hands"]
        ),
    }


def bigtwo_rates(events: Counter[str]) -> dict[str, Interval]:
    return {"win": rate_interval(events["wins"], events["games"])}


@dataclass(frozen=True)
class MatchBench:
    game: str
    deals: int
    seed: int
    interrupted: bool
    rows: list[Match]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deals": self.deals,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "rows": [row.as_dict() for row in self.rows],
        }


Pairing = tuple[int, str, str]
"""(ruleset position, bot, baseline)."""


def _ladder(
    game: str,
    rulesets: Sequence[OfcRuleset] | Sequence[BigTwoRuleset],
    pairings: list[Pairing],
    chunks: list[int],
    task: Callable[[Pairing, int, int], Callable[[], MatchTally]],
    meta: tuple[int, int, Backend, Progress | None],
    rates: Callable[[Counter[str]], dict[str, Interval]],
) -> MatchBench:
    deals, seed, backend, progress = meta
    tallies = [MatchTally() for _ in pairings]
    tasks = [
        (p, size, task(pairings[p], index, size))
        for index, size in enumerate(chunks)
        for p in range(len(pairings))
    ]
    cut = run_tasks(
        [t for _, _, t in tasks],
        lambda i, tally: tallies[tasks[i][0]].merge(tally),
        backend,
        None if progress is None else lambda i: progress(tasks[i][1]),
    )
    rows = [
        Match(
            game,
            rulesets[r].id,
            bot,
            baseline,
            sum(tally.margins.values()),
            mean_interval(tally.margins),
            rates(tally.events),
        )
        for (r, bot, baseline), tally in zip(pairings, tallies)
        if tally.margins
    ]
    return MatchBench(game, deals, seed, cut, rows)


def _pairings(
    count: int, bots: Sequence[str], baselines: Sequence[str], table: Any, game: str
) -> list[Pairing]:
    for name in (*bots, *baselines):
        known(table, name, game)
    return [(r, bot, base) for r in range(count) for bot in bots for base in baselines]


def bench_ofc(
    rulesets: Sequence[OfcRuleset],
    bots: Sequence[str],
    baselines: Sequence[str],
    hands: int,
    seed: int = 1,
    backend: Backend = LOCAL,
    progress: Progress | None = None,
) -> MatchBench:
    """Each bot against each baseline heads-up under each OFC ruleset, ``hands`` hands in
    each seating."""
    if hands < 1:
        raise TableError("hands must be at least 1")
    for rules in rulesets:
        if rules.seats_problem(2) is not None or not rules.players.holds(2):
            raise TableError(f"ruleset '{rules.id}' does not seat 2 players")
    pairings = _pairings(len(rulesets), bots, baselines, OFC, "OFC")

    def task(pairing: Pairing, index: int, size: int) -> OfcMatch:
        r, bot, base = pairing
        return OfcMatch(rulesets[r], bot, base, seed, index, size)

    chunks = chunk_sizes(hands, OFC_SESSION)
    return _ladder(
        "ofc", rulesets, pairings, chunks, task, (hands, seed, backend, progress), ofc_rates
    )


def bench_bigtwo(
    rulesets: Sequence[BigTwoRuleset],
    bots: Sequence[str],
    baselines: Sequence[str],
    games: int,
    seed: int = 1,
    backend: Backend = LOCAL,
    progress: Progress | None = None,
) -> MatchBench:
    """Each bot against three of each baseline under each Big Two ruleset, ``games`` deals
    each played in the four seatings."""
    if games < 1:
        raise TableError("games must be at least 1")
    pairings = _pairings(len(rulesets), bots, baselines, BIGTWO, "Big Two")

    def task(pairing: Pairing, index: int, size: int) -> BigTwoMatch:
        r, bot, base = pairing
        return BigTwoMatch(rulesets[r], bot, base, seed, index, size)

    chunks = chunk_sizes(games, BIGTWO_CHUNK)
    meta = (games, seed, backend, progress)
    return _ladder("big-two", rulesets, pairings, chunks, task, meta, bigtwo_rates)
