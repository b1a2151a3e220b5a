"""``housegame ofc simulate`` and ``housegame bigtwo simulate``: bots play, the report prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

import typer
from rich.table import Table

from housegame.cli.common import (
    JsonOption,
    LangOption,
    check_lang,
    console,
    err_console,
    handles_input_errors,
    print_json,
)
from housegame.cli.compare_cmd import DaskOption, JobsOption, print_wide, progress_bar
from housegame.cli.ofc_bot_option import DEFAULT_OFC_BOT, OfcBotOption
from housegame.glossary import Lang, Phrase, say, term
from housegame.ofc.bot_names import bot_name
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.families import refuse_repeats
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.ofc import OfcRuleset
from housegame.simulation.games import GameReport, simulate_bigtwo, simulate_ofc
from housegame.simulation.runner import Backend

RulesetsOption = Annotated[
    list[str] | None,
    typer.Option("--ruleset", "-r", help="Ruleset id or YAML path (repeatable); default: all."),
]
SeedOption = Annotated[int, typer.Option(help="Seed of the deals (same seed, same numbers).")]


HEADERS: dict[str, Phrase] = {
    "ruleset": ("ruleset", "规则"),
    "n": ("n", "局数"),
    "sd": ("sd", "标准差"),
    "foul": ("foul", "倒水"),
    "fantasyland entry": ("fantasyland entry", "进入范特西"),
    "fantasyland stay": ("fantasyland stay", "留在范特西"),
    "in fantasyland": ("in fantasyland", "范特西中"),
    "penalty per loser": ("penalty per loser", "输家平均罚分"),
    "seat": ("seat {n}", "座位 {n}"),
    "wins": ("seat {n} wins", "座位 {n} 胜"),
    "pays": ("seat {n} pays", "座位 {n} 付分"),
    "royalty": ("royalty {lane}", "{lane}奖励分"),
    "royalty units": ("royalty units {lane}", "{lane}奖励分均值"),
    "penalties": ("{ruleset} penalty of a loser: {shares}", "{ruleset} 输家罚分分布: {shares}"),
    "interrupted": (
        "interrupted: the report covers the games played",
        "已中断: 报告只含已打完的局",
    ),
}
"""The report's column names (the library's rate keys) and lines, in English and Chinese."""


def header(name: str, lang: Lang) -> str:
    """A column name: ``royalty front`` / ``头道奖励分``, ``seat 2 wins`` / ``座位 2 胜``."""
    if name in HEADERS:
        return say(lang, HEADERS[name])
    *kind, last = name.split()
    if kind and kind[0] == "seat":  # seat N wins / seat N pays
        return say(lang, HEADERS[last], n=kind[1])
    return say(lang, HEADERS[" ".join(kind)], lane=term(last, lang))


def render(report: GameReport, lang: Lang = "en") -> None:
    """A line per ruleset: each seat's mean [95% CI], the spread, then every rate."""
    first = report.rulesets[0]
    rate_names = list(first.rates) + list(first.per_hand)
    seats = [say(lang, HEADERS["seat"], n=i + 1) for i in range(report.players)]
    heads = [header("ruleset", lang), header("n", lang), *seats, header("sd", lang), "5%..95%"]
    heads += [header(name, lang) for name in rate_names]
    table = Table(*heads, box=None, pad_edge=False)
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
            line = say(lang, HEADERS["penalties"], ruleset=s.ruleset, shares=shown)
            console.print(line, soft_wrap=True)


def _run(
    total: int, play: Callable[[Callable[[int], None]], GameReport], json: bool, lang: Lang
) -> None:
    """Play with a progress bar over ``total`` games or hands, then report."""
    with progress_bar() as bar:
        task = bar.add_task("playing", total=total)
        report = play(lambda n: bar.advance(task, n))
    if report.interrupted:
        err_console.print(say(lang, HEADERS["interrupted"]))
    if not report.rulesets:
        return
    if json:
        print_json(report.as_dict())
    else:
        render(report, lang)


KindT = TypeVar("KindT")


def rulesets_of(refs: list[str] | None, kind: type[KindT]) -> list[KindT]:
    """The named rulesets (each must be of ``kind``, none twice), or every bundled one of that
    kind."""
    rulesets = [load_ruleset(ref, kind) for ref in refs] if refs else bundled_of(kind)
    refuse_repeats(rulesets)  # type: ignore[arg-type]
    return rulesets


@handles_input_errors
def ofc_simulate(
    ruleset: RulesetsOption = None,
    hands: Annotated[int, typer.Option(min=1, help="Hands to play under each ruleset.")] = 200,
    players: Annotated[int, typer.Option(min=2, max=3, help="Players at the table.")] = 2,
    seed: SeedOption = 1,
    bot: OfcBotOption = DEFAULT_OFC_BOT,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Bots play OFC hands: mean per hand, fouls, royalties by lane, Fantasyland entry/stay."""
    words = check_lang(lang)
    rulesets = rulesets_of(ruleset, OfcRuleset)
    backend = Backend(jobs, dask)
    who = bot_name(bot)
    _run(
        hands * len(rulesets),
        lambda progress: simulate_ofc(rulesets, hands, seed, players, progress, backend, who),
        json,
        words,
    )


@handles_input_errors
def bigtwo_simulate(
    ruleset: RulesetsOption = None,
    games: Annotated[int, typer.Option(min=1, help="Games to play under each ruleset.")] = 1000,
    seed: SeedOption = 1,
    jobs: JobsOption = 1,
    dask: DaskOption = None,
    players: Annotated[
        int,
        typer.Option(min=2, max=4, help="Players at the table (each ruleset must deal for them)."),
    ] = 4,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The computer players play Big Two: who wins, who pays, the penalty of a loser."""
    words = check_lang(lang)
    rulesets = rulesets_of(ruleset, BigTwoRuleset)
    backend = Backend(jobs, dask)
    _run(
        games * len(rulesets),
        lambda progress: simulate_bigtwo(rulesets, games, seed, progress, backend, players),
        json,
        words,
    )
