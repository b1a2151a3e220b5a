"""``housegame explain``: the trainer's answer for one player's hand in a table file."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from housegame.cli.common import (
    JsonOption,
    LangOption,
    TableArgument,
    TableRulesetOption,
    check_lang,
    console,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.glossary import Lang, Phrase, say, term
from housegame.rulesets.common import LANES
from housegame.trainer import Explanation, Option, choice_text, explain_table, part_label

WORDS: dict[str, Phrase] = {
    "head": (
        "[bold]ruleset[/] {ruleset}   [bold]opponents[/] {opponents}{seat}",
        "[bold]规则[/] {ruleset}   [bold]对手[/] {opponents}{seat}",
    ),
    "banker": ("   (the banker's seat)", "   (庄家)"),
    "units": ("{value:+.3f} units", "{value:+.3f} 注"),
    "best": (
        "your choice is the best under {ruleset}: regret 0",
        "你的摆法就是 {ruleset} 规则下的最佳: 损失 0",
    ),
    "regret": (
        "[bold]regret[/] {regret:.3f} units: what the best choice is worth more, term by term",
        "[bold]损失[/] {regret:.3f} 注: 最佳摆法多出的期望, 逐项如下",
    ),
}
"""The answer's sentences, in English and Chinese (terms come from the glossary)."""


def render(result: Explanation, lang: Lang = "en") -> None:
    seat = say(lang, WORDS["banker"]) if result.banker else ""
    console.print(
        say(
            lang,
            WORDS["head"],
            ruleset=literal(result.ruleset.id),
            opponents=result.opponents,
            seat=seat,
        )
    )
    lanes = [term(lane, lang) for lane in LANES]
    choices = Table("", *lanes, term("value", lang), "", box=None, pad_edge=False)
    for who, option in ((term("yours", lang), result.yours), (term("best", lang), result.best)):
        *cells, note = (literal(cell) for cell in _cells(option, lang))
        value = say(lang, WORDS["units"], value=float(option.value))
        choices.add_row(who, *cells, value, note)
    console.print(choices)
    if result.is_best:
        console.print(say(lang, WORDS["best"], ruleset=literal(result.ruleset.id)))
        return
    console.print(say(lang, WORDS["regret"], regret=float(result.regret)))
    table = Table(
        "", term("best", lang), term("yours", lang), term("regret", lang), box=None, pad_edge=False
    )
    for part, best, yours, regret in result.rows():
        table.add_row(
            literal(part_label(part, lang)),
            f"{float(best):+.3f}",
            f"{float(yours):+.3f}",
            f"{float(regret):+.3f}",
        )
    console.print(table)


def _cells(option: Option, lang: Lang) -> list[str]:
    """The lanes' cards and a note, as ``score`` shows a seat: a declaration or a surrender
    with no lanes, a foul marked."""
    note = term("foul", lang) if option.fouled else ""
    if option.declared is not None or option.surrendered or option.setting is None:
        return ["", "", "", choice_text(option, lang)]
    lanes = option.setting.text()
    return [*(lanes[lane] for lane in LANES), note]


@handles_input_errors
def explain_command(
    table: TableArgument,
    ruleset: TableRulesetOption = None,
    player: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="The player to explain (default: the first)."),
    ] = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The trainer: a player's setting against the best one, and the regret term by term."""
    words = check_lang(lang)
    result = explain_table(table, ruleset, player)
    if json:
        print_json(result.as_dict(words))
    else:
        render(result, words)


def register(app: typer.Typer) -> None:
    app.command("explain")(explain_command)
