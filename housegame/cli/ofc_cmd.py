"""``housegame ofc``: replay a logged hand, play one in the terminal, solve Fantasyland."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

from housegame.cards import parse_cards
from housegame.cli.common import (
    JsonOption,
    LangOption,
    LogRulesetOption,
    check_lang,
    console,
    handles_input_errors,
    literal,
    print_json,
)
from housegame.cli.game_sim_cmd import ofc_simulate
from housegame.cli.ofc_bot_option import DEFAULT_OFC_BOT, OfcBotOption
from housegame.cli.ofc_play import Session, resume
from housegame.cli.ofc_render import WORDS, render_result, render_solution
from housegame.glossary import say
from housegame.inputs import MAX_SEED, check_writable
from housegame.ofc.bot_names import bot_name
from housegame.ofc.replay import replay_file
from housegame.ofc.session import move_text
from housegame.ofc.solver import solve
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

DEFAULT_RULESET = "golden-nugget-pineapple"

RulesetOption = Annotated[
    str, typer.Option("--ruleset", "-r", metavar="ID|PATH", help="OFC ruleset id or YAML path.")
]


@handles_input_errors
def replay(
    log: Annotated[
        Path, typer.Argument(help="Hand log (YAML): seed or deck, players, moves; - reads stdin.")
    ],
    ruleset: LogRulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Check every move of a recorded hand and print the settlement."""
    words = check_lang(lang)
    done = replay_file(log, ruleset)
    if json:
        print_json(done.as_dict())
        return
    seed = done.log.seed
    deal = say(words, WORDS["seed"], seed=seed) if seed is not None else say(words, WORDS["deck"])
    console.print(say(words, WORDS["replay"], log=literal(log), deal=deal))
    for played in done.hand.history:
        shown = literal(move_text(played.move, words, sep=", "))
        player, stage = literal(played.player), played.stage + 1
        console.print(say(words, WORDS["played"], stage=stage, player=player, move=shown))
    console.print()
    render_result(done.result, words)


@handles_input_errors
def play(
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_SEED, metavar="N", help="Shuffle seed (printed if not given)."),
    ] = None,
    opponents: Annotated[
        int, typer.Option(min=1, max=2, metavar="N", help="Computer opponents: 1 or 2.")
    ] = 1,
    ruleset: RulesetOption = DEFAULT_RULESET,
    name: Annotated[str, typer.Option(metavar="NAME", help="Your name at the table.")] = "You",
    hands: Annotated[
        int, typer.Option(min=1, metavar="N", help="Hands to play (seeds N, N+1, ...).")
    ] = 1,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Write each hand's log here.")
    ] = None,
    resume_from: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="Go on with a hand saved by quit."),
    ] = None,
    bot: OfcBotOption = DEFAULT_OFC_BOT,
    trainer: Annotated[
        bool,
        typer.Option(
            "--trainer/--no-trainer",
            help="After each of your moves, the search bot's placement and the value of "
            "each choice (yours and the best ones).",
        ),
    ] = False,
    lang: LangOption = "en",
) -> None:
    """Play hands against computer opponents; moves are read from stdin, one per line
    (help, hint, auto, undo and quit too; the same words with --lang zh)."""
    words = check_lang(lang)
    if save is not None:
        check_writable(save, "--save")
    if resume_from is not None:
        rules, ref, seed, hand = resume(resume_from, name)
        players = list(hand.order)
        session = Session(
            rules, ref, players, name, save or resume_from, words, bot_name(bot), trainer
        )
        session.play(seed, hands, hand)
        return
    rules = load_ruleset(ruleset, OfcRuleset)
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    players = [name] + [f"Computer {i + 1}" for i in range(opponents)]
    Session(rules, ruleset, players, name, save, words, bot_name(bot), trainer).play(seed, hands)


@handles_input_errors
def fantasyland(
    cards: Annotated[str, typer.Argument(help='13-17 cards, e.g. "AS KS QS ...".')],
    ruleset: RulesetOption = DEFAULT_RULESET,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The best setting for a Fantasyland hand, by the ruleset's solver priority."""
    words = check_lang(lang)
    rules = load_ruleset(ruleset, OfcRuleset)
    solution = solve(parse_cards(cards), rules)
    assert rules.fantasyland is not None
    if json:
        setting = solution.setting
        print_json(
            {
                "ruleset": rules.id,
                "priority": rules.fantasyland.solver_priority,
                **setting.text(),
                "discards": [str(c) for c in solution.discards],
                "clean": solution.clean,
                "stays": solution.stays,
                "royalties": solution.royalties,
            }
        )
        return
    priority = ", ".join(rules.fantasyland.solver_priority)
    console.print(say(words, WORDS["best"], priority=priority))
    render_solution(solution, words)


def register(app: typer.Typer) -> None:
    ofc = typer.Typer(
        help="Open Face Chinese Poker: replay, play, Fantasyland.", no_args_is_help=True
    )
    ofc.command("replay")(replay)
    ofc.command("play")(play)
    ofc.command("fantasyland")(fantasyland)
    ofc.command("simulate")(ofc_simulate)
    app.add_typer(ofc, name="ofc")
