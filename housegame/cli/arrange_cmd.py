"""``housegame arrange`` (set 13 cards) and ``housegame tables build`` / ``equilibrium`` (the
lane-odds data)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from housegame.arrange import OBJECTIVES, Arrangement, Objective, arrange
from housegame.arrange.build import build_lane_odds, rankings_of
from housegame.arrange.equilibrium import (
    SHIPPED,
    Iteration,
    equilibrium_name,
    iterate,
    opponents_at,
    shipped_entries,
)
from housegame.arrange.iteration import seats_dealt
from housegame.arrange.lookup import rules_slug
from housegame.arrange.objectives import DEFAULT_OBJECTIVE, objective_named
from housegame.arrange.odds import odds_name
from housegame.cards import parse_cards
from housegame.cli.common import (
    JsonOption,
    LangOption,
    check_lang,
    console,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.cli.compare_cmd import progress_bar
from housegame.errors import RulesetError, TableError
from housegame.glossary import Lang, term
from housegame.inputs import MAX_DEALS, MAX_SEED, check_folder
from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.scoring import arrangement_json
from housegame.thirteen.seating import standard_deck

SENTENCES: dict[str, tuple[str, str]] = {
    "units": ("{value:+.3f} units", "{value:+.3f} 注"),
    "rank": ("rank {value}", "第 {value} 名"),
    "automatic": (
        "declare {name}: {ruleset} declares it automatically ({value:+.3f} units expected, "
        "set hand {set_value:+.3f})",
        "报到 {name}: {ruleset} 自动报到 (期望 {value:+.3f} 注, 摆牌 {set_value:+.3f})",
    ),
    "declare": (
        "declare {name}: beats the best set hand by {gain:.3f} units "
        "({value:+.3f} vs {set_value:+.3f})",
        "报到 {name}: 比最佳摆牌多 {gain:.3f} 注 ({value:+.3f} vs {set_value:+.3f})",
    ),
    "keep": (
        "do not declare {name}: the set hand is better by {loss:.3f} units "
        "({set_value:+.3f} vs {value:+.3f})",
        "不报到 {name}: 摆牌多 {loss:.3f} 注 ({set_value:+.3f} vs {value:+.3f})",
    ),
}
"""The answer's sentences, in English and Chinese (terms come from the glossary)."""


def _say(key: str, lang: Lang, **values: Any) -> str:
    english, chinese = SENTENCES[key]
    return (chinese if lang == "zh" else english).format(**values)


def _value(result: Arrangement, value: float, lang: Lang) -> str:
    if result.objective != "lexicographic":
        return _say("units", lang, value=value)
    return _say("rank", lang, value=int(value))


def render(result: Arrangement, ruleset: ThirteenCardRuleset, lang: Lang = "en") -> None:
    console.print(
        f"[bold]{term('ruleset', lang)}[/] {literal(ruleset.id)}   "
        f"[bold]{term('objective', lang)}[/] {result.objective}"
    )
    lanes_words = (term("front", lang), term("middle", lang), term("back", lang))
    table = Table("", *lanes_words, term("value", lang), box=None, pad_edge=False)
    for i, choice in enumerate((result.best, *result.alternatives)):
        lanes = choice.setting.text()
        table.add_row(
            term("best", lang) if i == 0 else f"#{i + 1}",
            lanes["front"],
            lanes["middle"],
            lanes["back"],
            _value(result, choice.value, lang),
        )
    console.print(table)
    shown = result.best.setting.jokers()
    if shown:  # what the best setting's jokers stand for, lane by lane
        stands = "; ".join(f"{term(lane, lang)} {text}" for lane, text in shown.items())
        console.print(f"{term('jokers', lang)}: {stands}")
    special = result.special
    if special is None:
        return
    key = "automatic" if special.automatic else "declare" if special.declare else "keep"
    console.print(
        _say(
            key,
            lang,
            name=literal(special.special.label),
            ruleset=literal(ruleset.id),
            value=special.value,
            set_value=special.set_value,
            gain=special.gain,
            loss=-special.gain,
        )
    )


def objective_of(text: str) -> Objective:
    """The objective named ``text``; a clear error for any other name."""
    objective = objective_named(text)
    if objective is not None:
        return objective
    raise RulesetError(f"unknown objective '{text}'", hint=f"use {', '.join(OBJECTIVES)}")


@handles_input_errors
def arrange_command(
    cards: Annotated[
        str, typer.Argument(help="13 cards, e.g. 'AS KS QS JS TS 9H 9D 4C 4S 3H 3D 2C 2S'.")
    ],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Ruleset id or YAML path.")],
    objective: Annotated[
        str,
        typer.Option(
            help="equilibrium (default: expected units against the ruleset's equilibrium "
            "lane odds), ev (against the shipped lane odds) or lexicographic."
        ),
    ] = DEFAULT_OBJECTIVE,
    top: Annotated[int, typer.Option("--top", min=0, max=50, help="Alternatives to show.")] = 3,
    players: Annotated[
        int | None,
        typer.Option(min=2, max=6, help="Table size the value is for; default: a full table."),
    ] = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The best legal setting of 13 cards under a ruleset, alternatives, and the special hand."""
    words = check_lang(lang)
    chosen = objective_of(objective)
    rules = load_ruleset(ruleset, ThirteenCardRuleset)
    result = arrange(parse_cards(cards, rules.deck.deck()), rules, chosen, top, players)
    if json:
        print_json(arrangement_json(result))
    else:
        render(result, rules, words)


OutOption = Annotated[
    Path,
    typer.Option(
        "--out",
        help="Folder to write (created if missing); the shipped files live in "
        "housegame/data_tables of a source checkout.",
    ),
]

tables_app = typer.Typer(
    help="The lane-odds data files the ev and equilibrium objectives read.", no_args_is_help=True
)


@tables_app.command("build")
@handles_input_errors
def build_command(
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=MAX_SEED, help="Seed of the simulated deals.")
    ],
    out: OutOption,
    deals: Annotated[
        int, typer.Option("--deals", min=1, max=MAX_DEALS, help="Four-player deals to simulate.")
    ] = 5000,
) -> None:
    """Rebuild the shipped lane odds: every ranking setting of the bundled 13-card rulesets that
    deal one 52-card deck (a deck of its own builds its odds on first use)."""
    check_folder(out, "--out")
    folder = out
    rulesets = [r for r in bundled_of(ThirteenCardRuleset) if standard_deck(r)]
    for rules in rankings_of(rulesets):
        odds = build_lane_odds(rules, seed, deals)
        path = folder / odds_name(rules)
        odds.save(path)
        console.print(
            f"{literal(path)}: {rules_slug(rules)}, seed {seed}, {deals} deals, "
            f"{sum(len(k) for k in odds.keys)} distinct lane hands"
        )


@tables_app.command("equilibrium")
@handles_input_errors
def equilibrium_command(
    out: OutOption,
    ruleset: Annotated[
        list[str] | None,
        typer.Option(
            "--ruleset",
            "-r",
            help="Ruleset id or YAML path (repeatable); default: every bundled one.",
        ),
    ] = None,
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            min=2,
            max=6,
            help="Table size (repeatable); default: 2, 3 and 4, or every size a deck of its "
            "own seats.",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the deals.")
    ] = SHIPPED.seed,
    deals: Annotated[
        int,
        typer.Option(
            min=1, max=MAX_DEALS, help="Deals set in each step (every hand the deck deals)."
        ),
    ] = SHIPPED.deals,
    steps: Annotated[
        int, typer.Option(min=1, max=100, help="Best-response steps.")
    ] = SHIPPED.steps,
    blend: Annotated[
        float, typer.Option(min=0.01, max=1.0, help="Weight of each step's lanes in the blend.")
    ] = SHIPPED.blend,
) -> None:
    """Build the equilibrium objective's lane odds (blended best-response iteration)."""
    check_folder(out, "--out")
    rulesets = (
        bundled_of(ThirteenCardRuleset)
        if not ruleset
        else [load_ruleset(ref, ThirteenCardRuleset) for ref in ruleset]
    )
    entries = shipped_entries(rulesets, players)
    for rules, count in entries:
        if count > seats_dealt(rules):
            raise TableError(
                f"{rules.id}'s deck ({rules.deck.size} cards) deals {seats_dealt(rules)} hands, "
                f"not {count}",
                hint=f"--players 2 to {seats_dealt(rules)}",
            )
    settings = Iteration(seed, deals, steps, blend)
    with progress_bar() as bar:
        for rules, count in entries:
            total = settings.hands_of(seats_dealt(rules))
            task = bar.add_task(f"{rules.id}, {count} players", total=total)
            odds = iterate(rules, count, settings, partial(bar.advance, task))
            path = out / equilibrium_name(rules, count)
            odds.save(path)
            bar.remove_task(task)
            console.print(
                f"{literal(path)}: {rules.id} against {opponents_at(rules, count)} opponents, "
                f"{steps} steps of {deals} deals, seed {seed}, "
                f"{sum(len(k) for k in odds.keys)} distinct lane hands"
            )


def register(app: typer.Typer) -> None:
    app.command("arrange")(arrange_command)
    app.add_typer(tables_app, name="tables")
