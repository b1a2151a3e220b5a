"""Comparing rulesets: one table scored under many rulesets, and Monte Carlo over many deals.

Both sit on top of the engines and change nothing in them: a comparison is ``score`` run once
per ruleset, and a simulation deals seeded hands, sets each one with the ruleset's own ``ev``
arranger (declaring special hands as that arranger decides) and settles the table with
``settle_table``. Every ruleset of a simulation plays the same deals, so differences between
rulesets are not differences of luck.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from housegame.arrange.arranger import Arranger
from housegame.arrange.build import PLAYERS, deal_hands
from housegame.arrange.simulate import settle_arranged
from housegame.cards import Card
from housegame.errors import CardError, HousegameError, TableError
from housegame.jsonsafe import number_map
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.registry import Ruleset
from housegame.rulesets.resolve import resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import ScoreResult, ruleset_for, score
from housegame.tables import TableFile

RulesetRef = str | Path


@dataclass(frozen=True)
class TableComparison:
    """One table under several rulesets: each ruleset's result, and the rulesets left out
    (only when every bundled ruleset of the game was asked for) with the reason."""

    results: dict[str, ScoreResult]
    skipped: dict[str, str] = field(default_factory=dict)

    @property
    def players(self) -> list[str]:
        first = next(iter(self.results.values()))
        return list(first.totals)

    def totals(self) -> dict[str, dict[str, Fraction]]:
        """Ruleset id -> player -> units won (negative: lost)."""
        return {rid: dict(result.totals) for rid, result in self.results.items()}

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rulesets": {
                rid: {
                    "unit": r.unit,
                    "points_per_unit": r.points_per_unit,
                    **number_map("totals", r.totals),
                    "result": r.as_dict(),
                }
                for rid, r in self.results.items()
            },
            "skipped": self.skipped,
        }


def rulesets_like(table: TableFile) -> list[str]:
    """The bundled rulesets of the table's game (its own ruleset's game; 13-card if none)."""
    kind = type(load_ruleset(table.ruleset)) if table.ruleset is not None else ThirteenCardRuleset
    return [rules.id for rules in bundled_of(kind)]


def _for_ruleset(table: TableFile, rules: Ruleset) -> TableFile:
    """The table as this ruleset sees it: a named banker only counts in banker games."""
    banker_game = isinstance(rules, ThirteenCardRuleset) and rules.table.compare == "banker"
    return (
        table if banker_game or table.banker is None else table.model_copy(update={"banker": None})
    )


def _named(exc: HousegameError, rid: str) -> HousegameError:
    return type(exc)(f"ruleset '{rid}': {exc.message}", hint=exc.hint)


def compare_table(
    table: TableFile, rulesets: Sequence[RulesetRef] | None = None
) -> TableComparison:
    """Score ``table`` under each ruleset (default: every bundled ruleset of its game).

    Rulesets named explicitly must all be able to score the table, or the first problem is
    raised with the ruleset's id. With the default, a ruleset the table does not fit (seat
    count, a missing banker, a refused foul) is skipped with its reason; if none fits, the
    first problem is raised (a problem with the cards before any other)."""
    explicit = rulesets is not None
    refs: Sequence[RulesetRef] = rulesets if rulesets is not None else rulesets_like(table)
    if not refs:
        raise TableError("no rulesets to compare", hint="pass --ruleset ID (repeatable)")
    results: dict[str, ScoreResult] = {}
    skipped: dict[str, str] = {}
    problems: list[HousegameError] = []
    for ref in refs:
        rules = ruleset_for(table, ref)
        if rules.id in results or rules.id in skipped:
            raise TableError(f"ruleset '{rules.id}' is given twice", hint="name each ruleset once")
        try:
            results[rules.id] = score(_for_ruleset(table, rules), ref)
        except HousegameError as exc:
            if explicit:
                raise _named(exc, rules.id) from exc
            problems.append(_named(exc, rules.id))
            skipped[rules.id] = exc.message
    if not results:  # the cards themselves first: no ruleset can help with those
        raise min(problems, key=lambda problem: not isinstance(problem, CardError))
    return TableComparison(results, skipped)


@dataclass(frozen=True)
class RulesetStats:
    """One ruleset over many deals; "result" is one seat's units in one deal."""

    ruleset: str
    deals: int
    players: int
    banker: bool
    """Whether seat 1 is the banker (banker games)."""
    seat_means: tuple[float, ...]
    seat_stderrs: tuple[float, ...]
    """Standard error of each seat's mean."""
    stdev: float
    mean_abs: float
    """The average size of a result, won or lost: how much changes hands."""
    quantiles: tuple[float, float, float]
    """5th, 50th and 95th percentiles of a result."""
    worst: float
    best: float
    scoop_rate: float
    """Share of compared pairs one side scooped (swept)."""
    special_rate: float
    """Share of hands declared as a special hand."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "deals": self.deals,
            "players": self.players,
            "banker": self.banker,
            "seat_means": list(self.seat_means),
            "seat_stderrs": list(self.seat_stderrs),
            "stdev": self.stdev,
            "mean_abs": self.mean_abs,
            "quantiles": {
                "p5": self.quantiles[0],
                "p50": self.quantiles[1],
                "p95": self.quantiles[2],
            },
            "worst": self.worst,
            "best": self.best,
            "scoop_rate": self.scoop_rate,
            "special_rate": self.special_rate,
        }


Progress = Callable[[int], None]
"""Called with the number of deals just finished."""
CHUNK = 256
"""Deals set and settled per step (progress is reported per step)."""


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


def simulate(
    rulesets: Sequence[RulesetRef | Ruleset],
    deals: int,
    seed: int = 1,
    players: int = PLAYERS,
    progress: Progress | None = None,
) -> list[RulesetStats]:
    """Play ``deals`` seeded deals of ``players`` hands under every ruleset (the same deals)."""
    if deals < 1:
        raise TableError("deals must be at least 1")
    loaded = [resolve_ruleset(ref, ThirteenCardRuleset) for ref in rulesets]
    for rules in loaded:
        _check_seats(rules, players)
    dealt = deal_hands(seed, deals).reshape(deals, PLAYERS, 13)[:, :players]
    return [_play(rules, dealt, progress) for rules in loaded]


def _play(rules: ThirteenCardRuleset, dealt: np.ndarray, progress: Progress | None) -> RulesetStats:
    deals, players = dealt.shape[:2]
    names = [f"p{i + 1}" for i in range(players)]
    arranger = Arranger(rules, "ev")
    results = np.zeros((deals, players))
    scoops = pairs = specials = 0
    for start in range(0, deals, CHUNK):
        chunk = dealt[start : start + CHUNK]
        hands = [[Card(int(c)) for c in row] for row in chunk.reshape(-1, 13)]
        arranged = arranger.arrange_many(hands)
        specials += sum(a.declared is not None for a in arranged)
        for d in range(len(chunk)):
            table = settle_arranged(rules, names, arranged[d * players : (d + 1) * players])
            results[start + d] = [float(table.totals[n]) for n in names]
            pairs += len(table.pairs)
            scoops += sum(p.scooped_by is not None for p in table.pairs)
        if progress is not None:
            progress(len(chunk))
    flat = results.ravel()
    p5, p50, p95 = (float(q) for q in np.percentile(flat, [5, 50, 95], method="nearest"))
    return RulesetStats(
        rules.id,
        deals,
        players,
        rules.table.compare == "banker",
        tuple(float(m) for m in results.mean(axis=0)),
        tuple(float(e) for e in results.std(axis=0, ddof=1) / math.sqrt(deals))
        if deals > 1
        else (0.0,) * players,
        float(flat.std(ddof=1)) if flat.size > 1 else 0.0,
        float(np.abs(flat).mean()),
        (p5, p50, p95),
        float(flat.min()),
        float(flat.max()),
        scoops / pairs if pairs else 0.0,
        specials / flat.size,
    )
