"""The designer's summary of one 13-card ruleset's tally: ``RulesetStats``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from housegame.rulesets.common import LANES
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.exact import special_probability
from housegame.simulation.stats import (
    PERCENTILES,
    Exact,
    magnitude,
    mean,
    mean_interval,
    merged,
    percentile,
    rate_interval,
    seats_summary,
    share,
    stdev,
)
from housegame.simulation.tally import TermTally, ThirteenTally


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

    def __repr__(self) -> str:
        """One line: deals, each seat's mean with its interval, spread and units moved."""
        seats = seats_summary(self.seat_means, self.seat_ci95)
        return (
            f"RulesetStats({self.ruleset}: {self.deals} deals; {seats}; stdev {self.stdev:.2f}; "
            f"moved {self.moved_per_deal:.2f}/deal)"
        )

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
