"""What each rule changes: every one-setting variant of a ruleset (``rulesets.variants``:
numbers stepped up and down, toggles flipped, choices switched, entries removed) played on the
same seeded deals as the ruleset itself (common random numbers), and the change it makes to
each seat's edge, the spread of a seat's result, the units moved per deal, the skill margin
(``ev`` play minus ``lexicographic``, per hand) and how often scoops, home runs and special
hands happen.

Each change has a 95% interval: every statistic is a function of per-deal means (``units``),
so the variance of a change comes from the covariance of the two rulesets' per-deal rows
(the delta method), which the shared deals make small. A change whose interval holds zero is
"no detectable effect"; the others are ranked by size, in standard deviations of one deal's
value of that statistic under the ruleset itself (so units, rates and spreads compare).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from housegame.arrange.decktables import LOW_LANES_DECK, LOW_LANES_HINT, arranges
from housegame.errors import TableError
from housegame.glossary import Lang, Phrase, say
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.common import RulesetBase
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.resolve import RulesetRef, resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.rulesets.variants import Variant, variants
from housegame.rulesheet.diffwords import worded_diff
from housegame.simulation.runner import CHUNK, LOCAL, Backend, chunk_sizes, run_tasks
from housegame.simulation.stats import Z95
from housegame.simulation.units import (
    BIGTWO_FIELDS,
    OFC_FIELDS,
    THIRTEEN_FIELDS,
    BigTwoUnits,
    OfcUnits,
    ThirteenUnits,
)

BIGTWO_UNIT = 10
"""Big Two games per unit row: enough rows for an interval at a few hundred games."""
OFC_UNIT = 5
"""OFC hands per unit row: a short session (Fantasyland carries within it)."""
NO_EFFECT: Phrase = ("no detectable effect", "无可检测的影响")

Statistic = Callable[[dict[str, float]], float]


@dataclass(frozen=True)
class Metric:
    """A statistic of a run, computed from the means of its unit rows' fields."""

    key: str
    label: Phrase
    value: Statistic


def _ratio(top: str, bottom: str) -> Statistic:
    return lambda m: m[top] / m[bottom] if m[bottom] else 0.0


def _spread(players: int) -> Statistic:
    """Standard deviation of one seat's result, every seat together."""

    def value(m: dict[str, float]) -> float:
        n = m["n"] * players
        if not n:
            return 0.0
        mean = sum(m[f"seat {k}"] for k in range(1, players + 1)) / n
        return math.sqrt(max(m["squares"] / n - mean * mean, 0.0))

    return value


def banks(ruleset: RulesetBase) -> bool:
    return isinstance(ruleset, ThirteenCardRuleset) and ruleset.table.compare == "banker"


def metrics_for(ruleset: RulesetBase, players: int) -> list[Metric]:
    """The statistics a sensitivity run reports for this game."""
    banker = banks(ruleset)
    seats = [
        Metric(
            f"seat {k}",
            ("banker edge", "庄家优势")
            if banker and k == 1
            else (f"seat {k} edge", f"{k} 号座优势"),
            _ratio(f"seat {k}", "n"),
        )
        for k in range(1, players + 1)
    ]
    common = [
        *seats,
        Metric("sd", ("sd of a seat's result", "单座输赢标准差"), _spread(players)),
        Metric("moved", ("moved/deal", "每局流动"), _ratio("moved", "n")),
    ]
    if isinstance(ruleset, ThirteenCardRuleset):
        return [
            *common,
            Metric(
                "skill",
                ("skill margin (ev - lexicographic)", "技巧差 (ev - 字典序)"),
                _ratio("margin", "n"),
            ),
            Metric("scoops", ("scoops", "打枪"), _ratio("scoops", "pairs")),
            Metric("home runs", ("home runs", "全垒打"), _ratio("home runs", "n")),
            Metric("specials", ("specials", "特殊牌型"), _ratio("specials", "hands")),
        ]
    if isinstance(ruleset, OfcRuleset):
        return [
            *common,
            Metric("fouls", ("fouls", "倒水"), _ratio("fouls", "hands")),
            Metric("fantasyland", ("in Fantasyland", "范特西"), _ratio("fantasyland", "hands")),
            Metric(
                "royalties", ("royalty units/hand", "每手奖励分"), _ratio("royalty units", "hands")
            ),
        ]
    return common


@dataclass(frozen=True)
class Change:
    """One statistic under the variant against the ruleset itself."""

    base: float
    value: float
    change: float
    ci95: tuple[float, float]
    size: float
    """The change in standard deviations of one unit's value under the ruleset itself."""

    @property
    def detectable(self) -> bool:
        low, high = self.ci95
        return low > 0 or high < 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "value": self.value,
            "change": self.change,
            "ci95": list(self.ci95),
            "detectable": self.detectable,
            "size": self.size,
        }


@dataclass(frozen=True)
class Effect:
    """What one variant changes."""

    setting: str
    change: str
    words: str
    """The variant as the rules sheet words it (``scoop: lane units x2 → x3``)."""
    changes: dict[str, Change]

    @property
    def size(self) -> float:
        """The largest detectable change, in standard deviations (0: none detectable)."""
        return max((abs(c.size) for c in self.changes.values() if c.detectable), default=0.0)

    @property
    def detectable(self) -> bool:
        return any(c.detectable for c in self.changes.values())

    def as_dict(self) -> dict[str, Any]:
        return {
            "setting": self.setting,
            "change": self.change,
            "words": self.words,
            "detectable": self.detectable,
            "size": self.size,
            "changes": {key: c.as_dict() for key, c in self.changes.items()},
        }


@dataclass(frozen=True)
class SensitivityReport:
    ruleset: str
    game: str
    deals: int
    """Deals (13-card), hands (OFC) or games (Big Two) played under the ruleset, and under
    every variant unless the run was stopped (a variant's effect is then measured on the deals
    it shares with the ruleset; one that played none is skipped)."""
    players: int
    banker: bool
    """Whether seat 1 banks (13-card banker games): its edge is the banker's."""
    seed: int
    interrupted: bool
    metrics: list[Metric]
    base: dict[str, float]
    effects: list[Effect]
    """Largest first; those with no detectable effect last, in the order of the settings."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Variants not run (their label), and why: they do not seat the players, or the arranger
    cannot set their hands."""

    def as_dict(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "game": self.game,
            "deals": self.deals,
            "players": self.players,
            "banker": self.banker,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "metrics": [{"key": m.key, "label": say(lang, m.label)} for m in self.metrics],
            "base": self.base,
            "effects": [e.as_dict() for e in self.effects],
            "skipped": self.skipped,
        }

    def __repr__(self) -> str:
        found = sum(e.detectable for e in self.effects)
        head = (
            f"SensitivityReport({self.ruleset}: {len(self.effects)} variants on {self.deals} "
            f"deals, {found} with a detectable effect)"
        )
        return "\n".join([head, *(f"  {e.words}: size {e.size:.2f}" for e in self.effects[:5])])


def _change(metric: Metric, fields: Sequence[str], base: np.ndarray, rows: np.ndarray) -> Change:
    """The change and its 95% interval by the delta method on the paired per-unit rows."""
    units, width = base.shape
    both = np.hstack([base, rows])
    means = both.mean(axis=0)

    def stat(x: np.ndarray) -> float:
        return metric.value(dict(zip(fields, x.tolist())))

    def diff(x: np.ndarray) -> float:
        return stat(x[width:]) - stat(x[:width])

    step = 1e-6 * np.maximum(np.abs(means), 1.0)
    gradient = np.zeros_like(means)
    for i in range(len(means)):
        up, down = means.copy(), means.copy()
        up[i] += step[i]
        down[i] -= step[i]
        gradient[i] = (diff(up) - diff(down)) / (2 * step[i])
    covariance = (
        np.atleast_2d(np.cov(both, rowvar=False)) if units > 1 else np.zeros((2 * width,) * 2)
    )
    variance = max(float(gradient @ covariance @ gradient) / units, 0.0)
    own = gradient[:width]
    spread = math.sqrt(max(float(own @ covariance[:width, :width] @ own), 0.0))
    change = diff(means)
    half = Z95 * math.sqrt(variance)
    if np.array_equal(base, rows):  # the same play on every deal: exactly no change
        change, half = 0.0, 0.0
    base_value, value = stat(means[:width]), stat(means[width:])
    return Change(
        base_value,
        value,
        change,
        (change - half, change + half),
        change / spread if spread else 0.0,
    )


def _words(base: RulesetBase, variant: Variant, lang: Lang) -> str:
    changes = [c.text for topic in worded_diff(base, variant.ruleset, lang) for c in topic.changes]
    if not changes:
        return f"{variant.setting}: {variant.change}"
    more = f" (+{len(changes) - 2} more)" if len(changes) > 2 else ""
    return "; ".join(changes[:2]) + more


Progress = Callable[[int], None]


RULESETS_A_TASK = 8
"""Rulesets a task plays its deals under."""
PASS_CHUNKS = 20
"""Chunks of deals in one pass (2,000 13-card deals). A run plays a pass under one group of
rulesets after another, then the next pass, so the models it uses at once are one group's,
within the caches' bound however many variants a ruleset has; each model is made again once a
pass (about 0.2 s a ruleset, 3% of a pass)."""
Unit = Callable[[], list[np.ndarray]]


@dataclass(frozen=True)
class Task:
    """``unit`` plays chunk ``chunk`` under rulesets ``first``, ``first + 1``, ... of the run;
    ``deals``: its deals times its rulesets (what a run's progress counts)."""

    deals: int
    first: int
    chunk: int
    unit: Unit


def _grouped(
    rulesets: Sequence[Any], deals: int, size: int, unit: Callable[[Any, int, int], Unit]
) -> list[Task]:
    """The run's tasks, pass by pass and group by group: ``unit(group, chunk, deals)``."""
    chunks = list(enumerate(chunk_sizes(deals, size)))
    return [
        Task(chunk * len(group), start, index, unit(group, index, chunk))
        for at in range(0, len(chunks), PASS_CHUNKS)
        for start in range(0, len(rulesets), RULESETS_A_TASK)
        for group in [tuple(rulesets[start : start + RULESETS_A_TASK])]
        for index, chunk in chunks[at : at + PASS_CHUNKS]
    ]


def _tasks(
    rulesets: tuple[RulesetBase, ...], deals: int, seed: int, players: int, skill: bool
) -> tuple[tuple[str, ...], list[Task]]:
    first = rulesets[0]
    if isinstance(first, ThirteenCardRuleset):
        thirteen = [r for r in rulesets if isinstance(r, ThirteenCardRuleset)]
        return THIRTEEN_FIELDS, _grouped(
            thirteen,
            deals,
            CHUNK,
            lambda group, index, size: ThirteenUnits(group, players, seed, index, size, skill),
        )
    if isinstance(first, OfcRuleset):
        ofc = [r for r in rulesets if isinstance(r, OfcRuleset)]
        return OFC_FIELDS, _grouped(
            ofc,
            deals,
            OFC_UNIT,
            lambda group, index, size: OfcUnits(group, players, seed, index, size),
        )
    bigtwo = [r for r in rulesets if isinstance(r, BigTwoRuleset)]
    return BIGTWO_FIELDS, _grouped(
        bigtwo, deals, BIGTWO_UNIT, lambda group, index, size: BigTwoUnits(group, seed, index, size)
    )


def _seats(ruleset: RulesetBase, players: int | None) -> int:
    if isinstance(ruleset, BigTwoRuleset):
        return 4
    if isinstance(ruleset, OfcRuleset):
        seats = players or ruleset.players.min or 2
        if ruleset.seats_problem(seats) is not None or not ruleset.players.holds(seats):
            raise TableError(f"ruleset '{ruleset.id}' does not seat {seats} players")
        return seats
    assert isinstance(ruleset, ThirteenCardRuleset)
    if not arranges(ruleset.ranking.rules(), ruleset.deck.deck()):
        raise TableError(f"ruleset '{ruleset.id}': {LOW_LANES_DECK}", hint=LOW_LANES_HINT)
    seats = players or 4
    if not 2 <= seats <= 4 or not ruleset.table.seats.holds(seats):
        raise TableError(
            f"ruleset '{ruleset.id}' does not seat {seats} players", hint="pass --players N"
        )
    return seats


SECONDS_PER_DEAL = {
    "thirteen": 0.0014,
    "thirteen-no-skill": 0.00095,
    "ofc": 0.018,
    "big-two": 0.0036,
}
"""CPU seconds one deal (an OFC hand, a Big Two game) costs under one ruleset, measured on the
2-core development machine (docs/sensitivity.md, "What a run costs"): a 13-card deal with the
skill margin is played three times."""


@dataclass(frozen=True)
class Plan:
    """What a run plays: the ruleset, its seats, the variants that run and those skipped with
    why (they do not seat the players, or the arranger cannot set their hands)."""

    ruleset: RulesetBase
    seats: int
    variants: list[Variant]
    skipped: dict[str, str]

    @property
    def rulesets(self) -> int:
        """The rulesets each deal is played under: the ruleset and its variants."""
        return 1 + len(self.variants)

    def cpu_seconds(self, deals: int, skill: bool = True) -> float:
        """About what the run costs, in CPU seconds (``SECONDS_PER_DEAL``)."""
        rules = self.ruleset
        game = "ofc" if isinstance(rules, OfcRuleset) else "big-two"
        if isinstance(rules, ThirteenCardRuleset):
            game = "thirteen" if skill else "thirteen-no-skill"
        return SECONDS_PER_DEAL[game] * deals * self.rulesets


def planned(ruleset: RulesetRef, players: int | None = None, settings: Sequence[str] = ()) -> Plan:
    """What a run plays (the variants whose setting starts with one of ``settings``, if given).
    The command line, the web table and ``sensitivity`` read it, so a run's size and cost are
    known before it starts."""
    rules = resolve_ruleset(ruleset)
    seats = _seats(rules, players)
    chosen = [v for v in variants(rules) if not settings or v.setting.startswith(tuple(settings))]
    usable: list[Variant] = []
    skipped: dict[str, str] = {}
    for v in chosen:
        try:
            _seats(v.ruleset, seats)
        except TableError as exc:
            skipped[v.label] = exc.message.removeprefix(f"ruleset '{v.ruleset.id}'").lstrip(": ")
            continue
        usable.append(v)
    if settings and not usable:
        raise TableError(
            f"no setting of '{rules.id}' starts with {', '.join(settings)}",
            hint="`housegame new NAME --from ID -o -` lists every setting",
        )
    return Plan(rules, seats, usable, skipped)


def _rows(chunks: dict[int, np.ndarray], which: Sequence[int]) -> np.ndarray:
    """The unit rows of the chunks ``which``, in deal order."""
    return np.vstack([chunks[i] for i in which])


def sensitivity(
    ruleset: RulesetRef,
    deals: int,
    seed: int = 1,
    players: int | None = None,
    settings: Sequence[str] = (),
    progress: Progress | None = None,
    backend: Backend = LOCAL,
    lang: Lang = "en",
    skill: bool = True,
    plan: Plan | None = None,
) -> SensitivityReport:
    """Play ``deals`` seeded deals (OFC hands, Big Two games) under ``ruleset`` and under each
    of its one-setting variants (only those whose setting starts with one of ``settings``, if
    given), and report what each variant changes. ``skill`` (13-card) also plays each deal in
    duplicate for the ``ev`` against ``lexicographic`` margin. ``plan``: ``planned(ruleset,
    players, settings)`` when already made."""
    if deals < 2:
        raise TableError("deals must be at least 2 (an interval needs two)")
    plan = plan or planned(ruleset, players, settings)
    rules, seats, usable, skipped = plan.ruleset, plan.seats, plan.variants, plan.skipped
    fields, tasks = _tasks((rules, *(v.ruleset for v in usable)), deals, seed, seats, skill)
    parts: list[dict[int, np.ndarray]] = [{} for _ in range(1 + len(usable))]

    def fold(index: int, chunk: list[np.ndarray]) -> None:
        task = tasks[index]
        for k, rows in enumerate(chunk):
            parts[task.first + k][task.chunk] = rows

    interrupted = run_tasks(
        [t.unit for t in tasks],
        fold,
        backend,
        None if progress is None else lambda i: progress(tasks[i].deals),
        keep_models=False,
    )
    if not parts[0]:
        raise TableError("interrupted before any deal was played")
    table = _rows(parts[0], sorted(parts[0]))
    played = int(table[:, 0].sum())
    metrics = [m for m in metrics_for(rules, seats) if skill or m.key != "skill"]
    means = dict(zip(fields, table.mean(axis=0).tolist()))
    base = {m.key: m.value(means) for m in metrics}
    skipped = dict(skipped)
    effects = []
    for v, chunks in zip(usable, parts[1:]):
        shared = sorted(chunks.keys() & parts[0].keys())  # all of them unless stopped
        if not shared:
            skipped[v.label] = "not played: the run was stopped first"
            continue
        before, after = _rows(parts[0], shared), _rows(chunks, shared)
        changes = {m.key: _change(m, fields, before, after) for m in metrics}
        effects.append(Effect(v.setting, v.change, _words(rules, v, lang), changes))
    ranked = sorted(effects, key=lambda e: -e.size)
    game = str(getattr(rules, "game", ""))
    return SensitivityReport(
        rules.id,
        game,
        played,
        seats,
        banks(rules),
        seed,
        interrupted,
        metrics,
        base,
        ranked,
        skipped,
    )


__all__ = [
    "NO_EFFECT",
    "Change",
    "Effect",
    "Metric",
    "SensitivityReport",
    "metrics_for",
    "sensitivity",
]
