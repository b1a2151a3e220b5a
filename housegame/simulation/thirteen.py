"""Monte Carlo over seeded 13-card deals: every ruleset plays the same deals.

Each hand is set by the ruleset's own arranger (``ev`` by default, or ``lexicographic``),
special hands declared as that arranger decides, and each table settled by the engine
(``settle_arranged``: seat 1 banks in banker games). What a deal leaves is counted in a
``ThirteenTally``; ``RulesetStats`` is the designer's summary of one ruleset's tally.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from housegame.arrange.arranger import Arranger, Objective
from housegame.arrange.build import PLAYERS
from housegame.arrange.simulate import settle_arranged
from housegame.cards import Card
from housegame.errors import TableError
from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.exact import special_probability
from housegame.simulation.runner import CHUNK, LOCAL, Backend, chunk_rng, chunk_sizes, run_tasks
from housegame.simulation.stats import (
    PERCENTILES,
    Exact,
    magnitude,
    mean,
    mean_interval,
    merged,
    percentile,
    rate_interval,
    share,
    stdev,
)
from housegame.simulation.tally import NAMES, TermTally, ThirteenTally

Progress = Callable[[int], None]
"""Called with the number of deals just finished (under one ruleset); raising
``KeyboardInterrupt`` from it ends the run as Ctrl-C does."""

_ARRANGERS: dict[tuple[str, str], Arranger] = {}


def _arranger(ruleset: ThirteenCardRuleset, objective: Objective) -> Arranger:
    """One arranger per ruleset and objective in each process (its model is costly to build)."""
    key = (ruleset.model_dump_json(), objective)
    if key not in _ARRANGERS:
        _ARRANGERS[key] = Arranger(ruleset, objective)
    return _ARRANGERS[key]


def deal_chunk(seed: int, index: int, deals: int, players: int) -> np.ndarray:
    """Chunk ``index``'s deals: (deals, players, 13) card indices, each hand sorted."""
    rng = chunk_rng(seed, index)
    decks = np.argsort(rng.random((deals, 52)), axis=1)
    return np.sort(decks.reshape(deals, PLAYERS, 13), axis=2)[:, :players]


@dataclass(frozen=True)
class ThirteenChunk:
    """One ruleset's share of one chunk: a picklable task for any backend."""

    ruleset: ThirteenCardRuleset
    objective: Objective
    players: int
    seed: int
    index: int
    deals: int

    def __call__(self) -> ThirteenTally:
        rules, players = self.ruleset, self.players
        dealt = deal_chunk(self.seed, self.index, self.deals, players)
        hands = [[Card(int(c)) for c in row] for row in dealt.reshape(-1, 13)]
        arranged = _arranger(rules, self.objective).arrange_many(hands)
        tally = ThirteenTally(players)
        for arrangement in arranged:
            if arrangement.special is not None:
                tally.held.update(d.hand.id for d in arrangement.special.held)
        names = NAMES[:players]
        first = self.index * CHUNK
        for d in range(self.deals):
            table = settle_arranged(rules, names, arranged[d * players : (d + 1) * players])
            tally.add_table(first + d, table)
        return tally


def _check_seats(rules: ThirteenCardRuleset, players: int) -> None:
    if not 2 <= players <= PLAYERS:
        raise TableError(f"{players} players: a simulation deals 2 to {PLAYERS} hands")
    if not rules.table.seats.holds(players):
        seats = rules.table.seats
        raise TableError(
            f"ruleset '{rules.id}' does not seat {players} players",
            hint=f"it seats {seats.min or 2} to {seats.max or PLAYERS}; "
            "pass --players N or leave the ruleset out",
        )


@dataclass(frozen=True)
class RulesetStats:
    """The designer's summary of one ruleset; "result" is one seat's units in one deal."""

    ruleset: str
    name: str
    deals: int
    players: int
    banker: bool
    """Whether seat 1 is the banker (banker games)."""
    unit: str
    seat_means: tuple[float, ...]
    seat_ci95: tuple[tuple[float, float], ...]
    seat_stdevs: tuple[float, ...]
    seat_percentiles: tuple[dict[int, float], ...]
    """Each seat's 5th, 50th and 95th percentiles (a banker's results differ from a player's)."""
    stdev: float
    """Of a result, all seats together."""
    mean_abs: float
    percentiles: dict[int, float]
    worst: float
    best: float
    moved_per_deal: float
    """Units changing hands in a deal: what the winners won."""
    banker_edge: dict[str, Any] | None
    """Banker games: the banker's mean, its interval, the units settled with the banker per
    deal (the action) and the edge as a share of the action."""
    scoop_rate: float
    """Share of settled pairs one side scooped (swept)."""
    home_run_rate: float
    """Share of deals with a home run."""
    foul_rate: float
    foul_units_per_deal: float
    """Units settled in pairs where a foul decided the lanes."""
    surrender_rate: float
    special_rate: float
    """Share of hands declared as a special hand."""
    lanes: list[dict[str, Any]]
    terms: list[dict[str, Any]]
    specials: list[dict[str, Any]]
    swing: dict[str, Any] | None
    distribution: dict[Exact, int]
    """How often each result happened (all seats)."""
    seat_distributions: tuple[dict[Exact, int], ...]
    """The same per seat (plots; not in the JSON)."""

    @property
    def seat_stderrs(self) -> tuple[float, ...]:
        return tuple(s / self.deals**0.5 for s in self.seat_stdevs)

    @property
    def quantiles(self) -> tuple[float, float, float]:
        """5th, 50th and 95th percentiles of a result."""
        return self.percentiles[5], self.percentiles[50], self.percentiles[95]

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "name": self.name,
            "deals": self.deals,
            "players": self.players,
            "banker": self.banker,
            "unit": self.unit,
            "seats": [
                {
                    "seat": i + 1,
                    "mean": m,
                    "ci95": list(ci),
                    "stdev": s,
                    "percentiles": {f"p{q}": v for q, v in p.items()},
                }
                for i, (m, ci, s, p) in enumerate(
                    zip(self.seat_means, self.seat_ci95, self.seat_stdevs, self.seat_percentiles)
                )
            ],
            "result": {
                "stdev": self.stdev,
                "mean_abs": self.mean_abs,
                "percentiles": {f"p{q}": v for q, v in self.percentiles.items()},
                "worst": self.worst,
                "best": self.best,
            },
            "moved_per_deal": self.moved_per_deal,
            "banker_edge": self.banker_edge,
            "rates": {
                "scoop": self.scoop_rate,
                "home_run": self.home_run_rate,
                "foul": self.foul_rate,
                "surrender": self.surrender_rate,
                "special": self.special_rate,
            },
            "foul_units_per_deal": self.foul_units_per_deal,
            "lanes": self.lanes,
            "terms": self.terms,
            "specials": self.specials,
            "biggest_swing": self.swing,
            "distribution": [[value, count] for value, count in self.distribution.items()],
        }


KIND_ORDER = ("lane", "outcome", "scoop", "home-run", "bonus", "overall-point", "special")


def _sort_key(key: tuple[str, str]) -> tuple[int, str, str]:
    kind, label = key
    return (KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER), kind, label)


def _lanes(tally: ThirteenTally) -> list[dict[str, Any]]:
    rows = []
    for lane in LANES:
        terms = [
            t for (k, label), t in tally.terms.items() if k == "lane" and label.split()[0] == lane
        ]
        if not terms:
            continue
        won = sum(t.count for t in terms)
        values = merged(t.values for t in terms)
        rows.append(
            {
                "lane": lane,
                "won_rate": share(won, tally.pairs),
                "tied_rate": share(max(0, tally.set_pairs - won), tally.pairs),
                "values": {str(v): share(n, won) for v, n in sorted(values.items())},
            }
        )
    return rows


def _terms(tally: ThirteenTally) -> list[dict[str, Any]]:
    gross = sum(t.gross for t in tally.terms.values())
    rows = []
    for key in sorted(tally.terms, key=_sort_key):
        term: TermTally = tally.terms[key]
        rows.append(
            {
                "kind": key[0],
                "label": key[1],
                "per_deal": share(term.count, tally.deals),
                "units_per_deal": share(term.gross, tally.deals),
                "share_of_units": share(term.gross, gross),
                "seat1_per_deal": share(term.seat1, tally.deals),
                "sizes": {str(v): n for v, n in sorted(term.values.items())},
            }
        )
    return rows


def _specials(tally: ThirteenTally, rules: ThirteenCardRuleset) -> list[dict[str, Any]]:
    rows = []
    for hand in rules.specials.hands:
        held, low, high = rate_interval(tally.held[hand.id], tally.hands)
        expected = special_probability(hand)
        rows.append(
            {
                "id": hand.id,
                "name": hand.name,
                "declared_rate": share(tally.declared[hand.id], tally.hands),
                "held_rate": held,
                "held_ci95": [low, high],
                "expected": None if expected is None else float(expected),
            }
        )
    return rows


def summarize(rules: ThirteenCardRuleset, tally: ThirteenTally) -> RulesetStats:
    """The designer's summary of a ruleset's tally (at least one deal)."""
    every = merged(tally.results)
    intervals = [mean_interval(seat) for seat in tally.results]
    banker = rules.table.compare == "banker"
    edge: dict[str, Any] | None = None
    if banker:
        m, low, high = intervals[0]
        action = share(tally.action, tally.deals)
        edge = {
            "units": m,
            "ci95": [low, high],
            "action_per_deal": action,
            "share_of_action": m / action if action else 0.0,
        }
    swing = tally.swing
    return RulesetStats(
        ruleset=rules.id,
        name=rules.name,
        deals=tally.deals,
        players=tally.players,
        banker=banker,
        unit=rules.display.unit,
        seat_means=tuple(m for m, _, _ in intervals),
        seat_ci95=tuple((low, high) for _, low, high in intervals),
        seat_stdevs=tuple(stdev(seat) for seat in tally.results),
        seat_percentiles=tuple(
            {q: float(percentile(seat, q)) for q in (5, 50, 95)} for seat in tally.results
        ),
        stdev=stdev(every),
        mean_abs=float(mean(_abs_counts(every))),
        percentiles={q: float(percentile(every, q)) for q in PERCENTILES},
        worst=float(min(every)),
        best=float(max(every)),
        moved_per_deal=share(tally.moved, tally.deals),
        banker_edge=edge,
        scoop_rate=share(tally.scoops, tally.pairs),
        home_run_rate=share(tally.home_run_deals, tally.deals),
        foul_rate=share(tally.fouls, tally.hands),
        foul_units_per_deal=share(tally.foul_units, tally.deals),
        surrender_rate=share(tally.surrenders, tally.hands),
        special_rate=share(sum(tally.declared.values()), tally.hands),
        lanes=_lanes(tally),
        terms=_terms(tally),
        specials=_specials(tally, rules),
        swing=None
        if swing is None
        else {"units": swing.units, "deal": swing.deal + 1, "seat": swing.seat + 1},
        distribution=dict(sorted(every.items())),
        seat_distributions=tuple(dict(sorted(seat.items())) for seat in tally.results),
    )


def _abs_counts(counts: Counter[Exact]) -> dict[Exact, int]:
    out: dict[Exact, int] = {}
    for value, n in counts.items():
        out[magnitude(value)] = out.get(magnitude(value), 0) + n
    return out


@dataclass(frozen=True)
class SimulationReport:
    """A run: what was asked, whether Ctrl-C cut it short, and each ruleset's summary."""

    deals: int
    """Deals asked for (each ruleset's ``deals`` says how many were played)."""
    players: int
    seed: int
    objective: Objective
    interrupted: bool
    rulesets: list[RulesetStats]

    def __getitem__(self, index: int) -> RulesetStats:
        return self.rulesets[index]

    def __len__(self) -> int:
        return len(self.rulesets)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": "thirteen-card",
            "deals": self.deals,
            "players": self.players,
            "seed": self.seed,
            "objective": self.objective,
            "chunk": CHUNK,
            "interrupted": self.interrupted,
            "rulesets": [s.as_dict() for s in self.rulesets],
        }


def simulate(
    rulesets: Sequence[ThirteenCardRuleset],
    deals: int,
    seed: int = 1,
    players: int = PLAYERS,
    progress: Progress | None = None,
    objective: Objective = "ev",
    backend: Backend = LOCAL,
) -> SimulationReport:
    """Play ``deals`` seeded deals of ``players`` hands under every ruleset (the same deals).

    The same arguments give the same report on any backend; Ctrl-C (or ``KeyboardInterrupt``
    from ``progress``) ends the run with the chunks already finished."""
    if deals < 1:
        raise TableError("deals must be at least 1")
    for rules in rulesets:
        _check_seats(rules, players)
    sizes = chunk_sizes(deals)
    tasks = [
        ThirteenChunk(rules, objective, players, seed, index, size)
        for index, size in enumerate(sizes)
        for rules in rulesets
    ]
    outcome = run_tasks(
        tasks,
        backend,
        None if progress is None else lambda i, _: progress(tasks[i].deals),
    )
    stats = []
    for r, rules in enumerate(rulesets):
        tally = ThirteenTally(players)
        for i in range(r, len(tasks), len(rulesets)):
            if i in outcome.results:
                tally.merge(outcome.results[i])
        if tally.deals:
            stats.append(summarize(rules, tally))
    return SimulationReport(deals, players, seed, objective, outcome.interrupted, stats)
