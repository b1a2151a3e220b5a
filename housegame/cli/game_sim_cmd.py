"""``housegame ofc simulate`` and ``housegame bigtwo simulate``: bots play, the report prints."""

from __future__ import annotations

from typing import Annotated, TypeVar

import typer
from rich.table import Table

from housegame.cli.common import console, err_console, handles_input_errors, print_json
from housegame.cli.compare_cmd import DaskOption, JobsOption, print_wide, progress_bar
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.games import GameReport, simulate_bigtwo, simulate_ofc
from housegame.simulation.runner import Backend

RulesetsOption = Annotated[
    list[str] | None,
    typer.Option("--ruleset", "-r", help="Ruleset id or YAML path (repeatable); default: all."),
]
SeedOption = Annotated[int, typer.Option(help="Seed of the deals (same seed, same numbers).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def render(report: GameReport) -> None:
    """A line per ruleset: each seat's mean [95% CI], the spread, then every rate."""
    first = report.rulesets[0]
    rate_names = list(first.rates) + list(first.per_hand)
    seats = [f"seat {i + 1}" for i in range(report.players)]
    table = Table("ruleset", "n", *seats, "sd", "5%..95%", *rate_names, box=None, pad_edge=False)
    for column in table.columns:
        column.no_wrap = True
    for s in report.rulesets:
        table.add_row(
            s.ruleset,
            str(s.games),
            *(f"{m:+.2f} [{lo:+.2f}, {hi:+.2f}]" for m, (lo, hi) in zip(s.seat_means, s.seat_ci95)),
            f"{s.stdev:.2f}",
            f"{s.percentiles[5]:+g}..{s.percentiles[95]:+g}",
            *(f"{v:.2%}" for v in s.rates.values()),
            *(f"{v:.2f}" for v in s.per_hand.values()),
        )
    print_wide(table, 1000)
    for s in report.rulesets:
        if s.penalties:
            losers = sum(s.penalties.values())
            shown = ", ".join(f"{k}: {n / losers:.1%}" for k, n in s.penalties.items())
            console.print(f"{s.ruleset} penalty of a loser: {shown}", soft_wrap=True)


def _finish(report: GameReport, json: bool) -> None:
    if report.interrupted:
        err_console.print("interrupted: the report covers the games played")
    if not report.rulesets:
        return
    if json:
        print_json(report.as_dict())
    else:
        render(report)


KindT = TypeVar("KindT")


def _rulesets(refs: list[str] | None, kind: type[KindT]) -> list[KindT]:
    """The named rulesets (each must be of ``kind``), or every bundled one of that kind."""
    return [load_ruleset(ref, kind) for ref in refs] if refs else bundled_of(kind)


@handles_input_errors
def ofc_simulate(
    ruleset: RulesetsOption = None,
    hands: Annotated[int, typer.Option(min=1, help="Hands to play under each ruleset.")] = 200,
    players: Annotated[int, typer.Option(min=2, max=3, help="Players at the table.")] = 2,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
) -> None:
    """Bots play OFC hands: mean per hand, fouls, royalties by lane, Fantasyland entry/stay."""
    rulesets = _rulesets(ruleset, OfcRuleset)
    with progress_bar() as bar:
        task = bar.add_task("playing", total=hands * len(rulesets))
        report = simulate_ofc(
            rulesets, hands, seed, players, lambda n: bar.advance(task, n), Backend(jobs, dask)
        )
    _finish(report, json)


@handles_input_errors
def bigtwo_simulate(
    ruleset: RulesetsOption = None,
    games: Annotated[int, typer.Option(min=1, help="Games to play under each ruleset.")] = 1000,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
) -> None:
    """The computer players play Big Two: who wins, who pays, the penalty of a loser."""
    rulesets = _rulesets(ruleset, BigTwoRuleset)
    with progress_bar() as bar:
        task = bar.add_task("playing", total=games * len(rulesets))
        report = simulate_bigtwo(
            rulesets, games, seed, lambda n: bar.advance(task, n), Backend(jobs, dask)
        )
    _finish(report, json)
