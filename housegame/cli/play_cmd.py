"""``housegame play`` and ``housegame replay``: 13-card Chinese Poker against the bots in the
terminal, and a session's log checked and settled hand by hand."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from housegame.cli.common import (
    JsonOption,
    LangOption,
    LogRulesetOption,
    check_lang,
    console,
    handles_input_errors,
    literal,
    print_json,
    signed_units,
)
from housegame.cli.thirteen_cmd import render
from housegame.cli.thirteen_play import Session
from housegame.errors import TableError
from housegame.glossary import Phrase, say
from housegame.inputs import MAX_SEED, check_writable
from housegame.play import Table, bot_names, resume
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.thirteen import MAX_SEATS, ThirteenCardRuleset
from housegame.thirteen.replay import replay_file

DEFAULT_RULESET = "maceplay"

WORDS: dict[str, Phrase] = {
    "replay": (
        "[bold]{log}[/]: ruleset {ruleset}, seed {seed}, hands {hands}\nplayers: {players}",
        "[bold]{log}[/]: 规则 {ruleset}, 种子 {seed}, 共 {hands} 手\n玩家: {players}",
    ),
    "hand": ("\n[bold]hand {number}[/] (seed {seed})", "\n[bold]第 {number} 手[/] (种子 {seed})"),
    "timed-out": (
        "{who} ran out of time: the arranger set the hand",
        "{who} 超时: 由电脑摆牌",
    ),
    "running": ("\n[bold]running totals[/] {totals}", "\n[bold]累计得分[/] {totals}"),
    "name-taken": ("'{name}' is a computer player's name", "'{name}' 是电脑玩家的名字"),
}


@handles_input_errors
def play(
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_SEED, metavar="N", help="Shuffle seed (printed if not given)."),
    ] = None,
    opponents: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_SEATS - 1,
            metavar="N",
            help="Computer opponents: 1 to 5, as many as the ruleset seats.",
        ),
    ] = 3,
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", metavar="ID|PATH", help="13-card ruleset id or path.")
    ] = DEFAULT_RULESET,
    name: Annotated[str, typer.Option(metavar="NAME", help="Your name at the table.")] = "You",
    hands: Annotated[
        int, typer.Option(min=1, metavar="N", help="Hands to play (seeds N, N+1, ...).")
    ] = 1,
    timer: Annotated[
        float | None,
        typer.Option(
            min=1, metavar="SECONDS", help="Time to set each hand; then the arranger sets it."
        ),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Write the log here after each hand.")
    ] = None,
    resume_from: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="Go on with a session saved by quit."),
    ] = None,
    lang: LangOption = "en",
) -> None:
    """Play 13-card Chinese Poker against computer opponents in the terminal.

    Lanes are read from stdin, one line at a time (help, hint, auto, declare, surrender and
    quit too; the same words with --lang zh)."""
    words = check_lang(lang)
    if save is not None:
        check_writable(save, "--save")
    if resume_from is not None:
        table = resume(resume_from, timer)
        Session(table, save or resume_from, words).play(hands)
        return
    rules = load_ruleset(ruleset, ThirteenCardRuleset)
    bots = bot_names(opponents)
    if name in bots:
        raise TableError(say("en", WORDS["name-taken"], name=name), hint="pass another --name")
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    table = Table(rules, ruleset, [name, *bots], seed, timer)
    Session(table, save, words).play(hands)


@handles_input_errors
def replay(
    log: Annotated[Path, typer.Argument(help="Session log (YAML) written by play; - reads stdin.")],
    ruleset: LogRulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Replay a 13-card session log: every hand dealt again, checked and settled."""
    words = check_lang(lang)
    done = replay_file(log, ruleset)
    if json:
        print_json(done.as_dict())
        return
    players = literal(", ".join(done.log.players))
    console.print(
        say(
            words,
            WORDS["replay"],
            log=literal(log),
            ruleset=literal(done.log.ruleset),
            seed=done.log.seed,
            hands=len(done.hands),
            players=players,
        )
    )
    running: dict[str, Fraction] = dict.fromkeys(done.log.players, Fraction(0))
    for hand in done.hands:
        console.print(say(words, WORDS["hand"], number=hand.number, seed=hand.seed))
        for seat in hand.hand.seats:
            if seat.timed_out:
                console.print(say(words, WORDS["timed-out"], who=literal(seat.name)))
        render(hand.result, words)
        for who, units in hand.result.totals.items():
            running[who] += units
        totals = ", ".join(f"{who} {signed_units(t)}" for who, t in running.items())
        console.print(say(words, WORDS["running"], totals=literal(totals)))


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay)
