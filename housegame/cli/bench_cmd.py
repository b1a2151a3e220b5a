"""``housegame bench``: the ladder (13-card exploitability, OFC and Big Two bots in duplicate)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer
from rich.table import Table

from housegame.bench.games import MatchBench, bench_bigtwo, bench_ofc
from housegame.bench.strategies import BASELINES, BIGTWO, OFC, THIRTEEN
from housegame.bench.thirteen import ThirteenBench, bench_thirteen
from housegame.cli.common import JsonOption, console, err_console, handles_input_errors, print_json
from housegame.cli.compare_cmd import DaskOption, JobsOption, print_wide, progress_bar
from housegame.cli.game_sim_cmd import RulesetsOption, SeedOption, rulesets_of
from housegame.inputs import MAX_DEALS
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation.runner import Backend

bench_app = typer.Typer(
    help="The ladder: strategies against each other in duplicate, per ruleset, with 95% intervals.",
    no_args_is_help=True,
)


def _interval(value: tuple[float, float, float], percent: bool = False) -> str:
    if percent:
        return f"{value[0]:.1%} [{value[1]:.1%}, {value[2]:.1%}]"
    return f"{value[0]:+.4f} [{value[1]:+.4f}, {value[2]:+.4f}]"


def _progress(total: int, run: Callable[[Callable[[int], None]], Any]) -> Any:
    with progress_bar() as bar:
        task = bar.add_task("playing", total=total)
        report = run(lambda n: bar.advance(task, n))
    if report.interrupted:
        err_console.print("interrupted: the ladder covers the deals played")
    return report


def render_thirteen(report: ThirteenBench) -> None:
    table = Table(
        "ruleset", "strategy", "players", "deals", "exploitability", "agreement", box=None
    )
    for row in report.rows:
        table.add_row(
            row.ruleset,
            row.strategy,
            str(row.players),
            str(row.deals),
            _interval(row.gain),
            _interval(row.agreement, percent=True),
        )
    print_wide(table, 1000)
    hands = sorted({row.response_hands for row in report.rows})
    console.print(
        f"exploitability: the best response's gain a hand (units), in one seat against the "
        f"rest; its lane odds from {' or '.join(f'{n:,}' for n in hands)} hands the strategy "
        "set",
        soft_wrap=True,
    )


def render_matches(report: MatchBench, margin: str) -> None:
    rates = list(report.rows[0].rates)
    table = Table("ruleset", "bot", "against", "deals", margin, *rates, box=None)
    for row in report.rows:
        table.add_row(
            row.ruleset,
            row.bot,
            row.baseline,
            str(row.deals),
            _interval(row.margin),
            *(_interval(row.rates[name], percent=True) for name in rates),
        )
    print_wide(table, 1000)


def _show(report: Any, json: bool, render: Callable[[], None]) -> None:
    if not report.rows:
        return
    if json:
        print_json(report.as_dict())
    else:
        render()


@bench_app.command("thirteen")
@handles_input_errors
def thirteen_command(
    ruleset: RulesetsOption = None,
    strategy: Annotated[
        list[str] | None,
        typer.Option("--strategy", "-s", help=f"Repeatable: {', '.join(THIRTEEN)}; default: all."),
    ] = None,
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            min=2,
            max=6,
            help="Table size (repeatable; 5 or 6 where the deck deals them); default: 2 and 4.",
        ),
    ] = None,
    deals: Annotated[
        int, typer.Option(min=1, max=MAX_DEALS, help="Deals played in duplicate.")
    ] = 1000,
    response_deals: Annotated[
        int,
        typer.Option(min=1, max=MAX_DEALS, help="Deals whose settings make the best response."),
    ] = 2500,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
) -> None:
    """13-card: each strategy's exploitability (its best response's gain) and agreement."""
    rulesets = rulesets_of(ruleset, ThirteenCardRuleset)
    names = strategy or list(THIRTEEN)
    sizes = players or [2, 4]
    entries = len(rulesets) * len(names) * len(sizes)
    report: ThirteenBench = _progress(
        entries * (deals + response_deals),
        lambda progress: bench_thirteen(
            rulesets, names, sizes, deals, seed, response_deals, Backend(jobs, dask), progress
        ),
    )
    _show(report, json, lambda: render_thirteen(report))


BotsOption = Annotated[
    list[str] | None, typer.Option("--bot", help="Strategy to measure (repeatable).")
]
AgainstOption = Annotated[
    list[str] | None, typer.Option("--against", help="Baseline (repeatable).")
]


def _matches(
    rulesets: Sequence[Any],
    bot: list[str] | None,
    against: list[str] | None,
    strategies: Mapping[str, object],
    deals: int,
    run: Callable[[list[str], list[str], Callable[[int], None]], MatchBench],
) -> MatchBench:
    """Each bot (default ``bot``) against each baseline (default: the fast ``BASELINES``)."""
    bots, baselines = bot or ["bot"], against or [n for n in BASELINES if n in strategies]
    total = deals * len(rulesets) * len(bots) * len(baselines)
    report: MatchBench = _progress(total, lambda progress: run(bots, baselines, progress))
    return report


@bench_app.command("ofc")
@handles_input_errors
def ofc_command(
    ruleset: RulesetsOption = None,
    bot: BotsOption = None,
    against: AgainstOption = None,
    hands: Annotated[int, typer.Option(min=1, max=MAX_DEALS, help="Hands in each seating.")] = 200,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
) -> None:
    """OFC heads-up: points a hand, fouls, Fantasyland entry and stay of each bot."""
    rulesets = rulesets_of(ruleset, OfcRuleset)
    backend = Backend(jobs, dask)
    report = _matches(
        rulesets,
        bot,
        against,
        OFC,
        hands,
        lambda bots, bases, progress: bench_ofc(
            rulesets, bots, bases, hands, seed, backend, progress
        ),
    )
    _show(report, json, lambda: render_matches(report, "points a hand"))


@bench_app.command("big-two")
@handles_input_errors
def bigtwo_command(
    ruleset: RulesetsOption = None,
    bot: BotsOption = None,
    against: AgainstOption = None,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_DEALS, help="Deals, each played in four seatings.")
    ] = 200,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
) -> None:
    """Big Two: each bot in one seat against three baselines, seats rotated."""
    rulesets = rulesets_of(ruleset, BigTwoRuleset)
    backend = Backend(jobs, dask)
    report = _matches(
        rulesets,
        bot,
        against,
        BIGTWO,
        games,
        lambda bots, bases, progress: bench_bigtwo(
            rulesets, bots, bases, games, seed, backend, progress
        ),
    )
    _show(report, json, lambda: render_matches(report, "net points a game"))


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
