"""Bots play OFC hands and Big Two games under each ruleset: who wins, who pays, how often.

The same machinery as the 13-card simulation: seeded chunks (each chunk's seed from the run's
seed and its index) on any backend, exact tallies folded in chunk order. An OFC chunk is a
session of consecutive hands at one table, so Fantasyland carries from hand to hand (every
session starts with nobody in it); a Big Two chunk is a run of independent games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from housegame.bigtwo.bots import computer_move
from housegame.bigtwo.engine import Game
from housegame.bigtwo.rules import PLAYERS as BIGTWO_PLAYERS
from housegame.bigtwo.rules import Rules
from housegame.errors import TableError
from housegame.ofc.bot_names import BotName
from housegame.ofc.bots import bot
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.runner import LOCAL, Backend, chunk_rng, chunk_sizes, run_tasks
from housegame.simulation.stats import (
    PERCENTILES,
    Exact,
    mean_interval,
    merged,
    percentile,
    seats_summary,
    share,
    stdev,
)

OFC_SESSION = 25
"""OFC hands per chunk: one session at one table."""
BIGTWO_CHUNK = 100
NAMES = ("p1", "p2", "p3", "p4")


@dataclass
class GameTally:
    """Exact counts over some hands or games of one ruleset."""

    players: int
    games: int = 0
    results: list[Counter[Exact]] = field(default_factory=list)
    events: Counter[str] = field(default_factory=Counter)
    """Named counts (fouls, royalties by lane, Fantasyland entries, wins and payments...)."""
    sizes: Counter[int] = field(default_factory=Counter)
    """Big Two: how often a loser's penalty came to each score."""
    imbalance: Fraction = Fraction(0)
    """The largest amount by which one game's results failed to sum to zero (0: zero-sum)."""

    def __post_init__(self) -> None:
        if not self.results:
            self.results = [Counter() for _ in range(self.players)]

    def add(self, totals: Sequence[Fraction | int]) -> None:
        self.games += 1
        for seat, units in enumerate(totals):
            self.results[seat][Fraction(units)] += 1
        self.imbalance = max(self.imbalance, abs(Fraction(sum(totals))))

    def merge(self, other: GameTally) -> None:
        self.games += other.games
        for mine, theirs in zip(self.results, other.results):
            mine.update(theirs)
        self.events.update(other.events)
        self.sizes.update(other.sizes)
        self.imbalance = max(self.imbalance, other.imbalance)


def _seeds(seed: int, index: int, count: int) -> list[int]:
    rng = chunk_rng(seed, index)
    return [int(s) for s in rng.integers(0, 2**62, size=count)]


@dataclass(frozen=True)
class OfcSession:
    """``hands`` consecutive OFC hands played by bots at one table: a picklable task."""

    ruleset: OfcRuleset
    players: int
    seed: int
    index: int
    hands: int
    bot: BotName = "basic"

    def __call__(self) -> GameTally:
        play = bot(self.bot)
        names = list(NAMES[: self.players])
        tally = GameTally(self.players)
        fantasyland: dict[str, int] = {}
        for seed in _seeds(self.seed, self.index, self.hands):
            hand = Hand(self.ruleset, names, shuffled_deck(seed), fantasyland)
            while not hand.finished:
                who = hand.to_act
                assert who is not None
                hand.play(who, play(hand, who, seed))
            result = hand.result()
            totals = result.totals
            tally.add([totals[n] for n in names])
            fantasyland = {}
            for seat in result.seats:
                tally.events["seat-hands"] += 1
                tally.events["fouls"] += seat.fouled
                for lane in LANES:
                    tally.events[f"royalty {lane}"] += seat.royalties[lane] > 0
                    tally.events[f"royalty units {lane}"] += seat.royalties[lane]
                key = "fantasyland" if seat.in_fantasyland else "regular"
                tally.events[f"{key} hands"] += 1
                if seat.next_hand.cards is not None:
                    tally.events[f"{key} qualifies"] += 1
                    fantasyland[seat.name] = seat.next_hand.cards
        return tally


@dataclass(frozen=True)
class BigTwoGames:
    """``games`` independent Big Two games of ``players`` played by the computer players: a
    picklable task."""

    ruleset: BigTwoRuleset
    seed: int
    index: int
    games: int
    players: int = BIGTWO_PLAYERS

    def __call__(self) -> GameTally:
        rules = Rules.of(self.ruleset)
        names = NAMES[: self.players]
        tally = GameTally(self.players)
        for seed in _seeds(self.seed, self.index, self.games):
            game = Game.deal(rules, seed, names)
            while not game.over:
                computer_move(game)
            settled = game.settlement()
            tally.add([settled.totals[n] for n in names])
            for seat, name in enumerate(names):
                tally.events[f"won {seat + 1}"] += settled.winner == name
                tally.events[f"paid {seat + 1}"] += settled.totals[name] < 0
                if settled.winner != name:
                    tally.sizes[settled.scores[name]] += 1
        return tally


@dataclass(frozen=True)
class GameStats:
    """One ruleset's summary: each seat's mean with its 95% interval, spread, and rates."""

    ruleset: str
    game: str
    games: int
    players: int
    seat_means: tuple[float, ...]
    seat_ci95: tuple[tuple[float, float], ...]
    stdev: float
    percentiles: dict[int, float]
    worst: float
    best: float
    zero_sum: bool
    rates: dict[str, float]
    per_hand: dict[str, float]
    penalties: dict[int, int]

    def __repr__(self) -> str:
        seats = seats_summary(self.seat_means, self.seat_ci95)
        return f"GameStats({self.ruleset}: {self.games} games; {seats}; stdev {self.stdev:.2f})"

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "seats": [
                {"seat": i + 1, "mean": m, "ci95": list(ci)}
                for i, (m, ci) in enumerate(zip(self.seat_means, self.seat_ci95))
            ],
            "result": {
                "stdev": self.stdev,
                "percentiles": {f"p{q}": v for q, v in self.percentiles.items()},
                "worst": self.worst,
                "best": self.best,
            },
            "zero_sum": self.zero_sum,
            "rates": self.rates,
            "per_hand": self.per_hand,
            "penalties": {str(k): v for k, v in self.penalties.items()},
        }


def _ofc_rates(tally: GameTally) -> tuple[dict[str, float], dict[str, float]]:
    e, n = tally.events, tally.events["seat-hands"]
    rates = {"foul": share(e["fouls"], n)}
    rates |= {f"royalty {lane}": share(e[f"royalty {lane}"], n) for lane in LANES}
    rates["fantasyland entry"] = share(e["regular qualifies"], e["regular hands"])
    rates["fantasyland stay"] = share(e["fantasyland qualifies"], e["fantasyland hands"])
    rates["in fantasyland"] = share(e["fantasyland hands"], n)
    per_hand = {f"royalty units {lane}": share(e[f"royalty units {lane}"], n) for lane in LANES}
    return rates, per_hand


def _bigtwo_rates(tally: GameTally) -> tuple[dict[str, float], dict[str, float]]:
    rates = {}
    for seat in range(1, tally.players + 1):
        rates[f"seat {seat} wins"] = share(tally.events[f"won {seat}"], tally.games)
        rates[f"seat {seat} pays"] = share(tally.events[f"paid {seat}"], tally.games)
    losers = sum(tally.sizes.values())
    mean_penalty = share(sum(k * n for k, n in tally.sizes.items()), losers)
    return rates, {"penalty per loser": mean_penalty}


def summarize_game(ruleset_id: str, game: str, tally: GameTally) -> GameStats:
    every = merged(tally.results)
    intervals = [mean_interval(seat) for seat in tally.results]
    rates, per_hand = (_ofc_rates if game == "ofc" else _bigtwo_rates)(tally)
    return GameStats(
        ruleset_id,
        game,
        tally.games,
        tally.players,
        tuple(m for m, _, _ in intervals),
        tuple((low, high) for _, low, high in intervals),
        stdev(every),
        {q: float(percentile(every, q)) for q in PERCENTILES},
        float(min(every)),
        float(max(every)),
        tally.imbalance == 0,
        rates,
        per_hand,
        dict(sorted(tally.sizes.items())),
    )


@dataclass(frozen=True)
class GameReport:
    game: str
    games: int
    players: int
    seed: int
    interrupted: bool
    rulesets: list[GameStats]

    def __repr__(self) -> str:
        cut = ", interrupted" if self.interrupted else ""
        head = (
            f"GameReport: {self.game}, {self.games} games, {self.players} players, "
            f"seed {self.seed}{cut}"
        )
        return "\n".join([head, *(f"  {s!r}" for s in self.rulesets)])

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "rulesets": [s.as_dict() for s in self.rulesets],
        }


Progress = Callable[[int], None]
Task = Callable[[], GameTally]


def _run(
    game: str,
    rulesets: Sequence[OfcRuleset] | Sequence[BigTwoRuleset],
    tasks: list[tuple[int, int, Task]],
    meta: tuple[int, int, int],
    backend: Backend,
    progress: Progress | None,
) -> GameReport:
    """Run (ruleset position, games, task) triples; fold each ruleset's chunks in order."""
    tallies = [GameTally(meta[1]) for _ in rulesets]
    interrupted = run_tasks(
        [t for _, _, t in tasks],
        lambda i, chunk: tallies[tasks[i][0]].merge(chunk),
        backend,
        None if progress is None else lambda i: progress(tasks[i][1]),
    )
    stats = [
        summarize_game(rules.id, game, tally)
        for rules, tally in zip(rulesets, tallies)
        if tally.games
    ]
    return GameReport(game, meta[0], meta[1], meta[2], interrupted, stats)


def simulate_ofc(
    rulesets: Sequence[OfcRuleset],
    hands: int,
    seed: int = 1,
    players: int = 2,
    progress: Progress | None = None,
    backend: Backend = LOCAL,
    bot: BotName = "basic",
) -> GameReport:
    """Bots (every seat the computer player ``bot``) play ``hands`` hands of ``players`` under
    every OFC ruleset (the same seeds)."""
    if hands < 1:
        raise TableError("hands must be at least 1")
    for rules in rulesets:
        problem = rules.seats_problem(players)
        if problem is not None or not rules.players.holds(players):
            raise TableError(f"ruleset '{rules.id}' does not seat {players} players")
    tasks: list[tuple[int, int, Task]] = [
        (r, size, OfcSession(rules, players, seed, index, size, bot))
        for index, size in enumerate(chunk_sizes(hands, OFC_SESSION))
        for r, rules in enumerate(rulesets)
    ]
    return _run("ofc", rulesets, tasks, (hands, players, seed), backend, progress)


def simulate_bigtwo(
    rulesets: Sequence[BigTwoRuleset],
    games: int,
    seed: int = 1,
    progress: Progress | None = None,
    backend: Backend = LOCAL,
    players: int = BIGTWO_PLAYERS,
) -> GameReport:
    """The computer players play ``games`` games of ``players`` under every Big Two ruleset
    (each must deal for that many)."""
    if games < 1:
        raise TableError("games must be at least 1")
    for rules in rulesets:
        if rules.deal_for(players) is None:
            counts = " or ".join(map(str, rules.seat_counts))
            raise TableError(f"ruleset '{rules.id}' deals for {counts} players, not {players}")
    tasks: list[tuple[int, int, Task]] = [
        (r, size, BigTwoGames(rules, seed, index, size, players))
        for index, size in enumerate(chunk_sizes(games, BIGTWO_CHUNK))
        for r, rules in enumerate(rulesets)
    ]
    return _run("big-two", rulesets, tasks, (games, players, seed), backend, progress)
