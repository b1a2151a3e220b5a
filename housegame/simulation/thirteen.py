"""Monte Carlo over seeded 13-card deals: every ruleset plays the same deals.

Each hand is set by the ruleset's own arranger (``ev`` by default, or ``lexicographic``),
special hands declared as that arranger decides, and each table settled by the engine
(``settle_arranged``: seat 1 banks in banker games). What a deal leaves is counted in a
``ThirteenTally``; ``RulesetStats`` (``housegame.simulation.summary``) is the designer's
summary of one ruleset's tally.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from housegame.arrange.arranger import Arranger, Objective
from housegame.arrange.build import PLAYERS
from housegame.arrange.simulate import settle_arranged
from housegame.cards import Card
from housegame.errors import TableError
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.runner import CHUNK, LOCAL, Backend, chunk_rng, chunk_sizes, run_tasks
from housegame.simulation.summary import RulesetStats, summarize
from housegame.simulation.tally import NAMES, ThirteenTally

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
    tallies = [ThirteenTally(players) for _ in rulesets]
    interrupted = run_tasks(
        tasks,
        lambda i, chunk: tallies[i % len(rulesets)].merge(chunk),
        backend,
        None if progress is None else lambda i: progress(tasks[i].deals),
    )
    stats = [summarize(r, t) for r, t in zip(rulesets, tallies) if t.deals]
    return SimulationReport(deals, players, seed, objective, interrupted, stats)
