"""``housegame ofc``: replay a logged hand, play one in the terminal, solve Fantasyland."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
import yaml

from housegame.cards import format_cards, parse_cards
from housegame.cli.common import console, err_console, handles_input_errors, literal, print_json
from housegame.cli.game_sim_cmd import ofc_simulate
from housegame.cli.ofc_render import render_boards, render_result, render_solution
from housegame.cli.safe import EXIT_BAD_INPUT, read_line
from housegame.inputs import MAX_SEED, check_writable, write_text_atomic
from housegame.ofc.bot import choose_move
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.errors import OfcError
from housegame.ofc.hand import Hand
from housegame.ofc.moves import EXAMPLE, parse_move
from housegame.ofc.replay import replay_file, to_log
from housegame.ofc.solver import solve
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

DEFAULT_RULESET = "golden-nugget-pineapple"
RulesetOption = Annotated[str, typer.Option("--ruleset", "-r", help="OFC ruleset id or YAML path.")]


@handles_input_errors
def replay(
    log: Annotated[Path, typer.Argument(help="Hand log (YAML): seed or deck, players, moves.")],
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="Override the log's ruleset.")
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Check every move of a recorded hand and print the settlement."""
    done = replay_file(log, ruleset)
    if json:
        print_json(done.as_dict())
        return
    deal = f"seed {done.log.seed}" if done.log.seed is not None else "deck from the log"
    console.print(f"[bold]replay[/] {literal(log)} ({deal})")
    for played in done.hand.history:
        shown = ", ".join(f"{k} {v}" for k, v in played.move.as_dict().items())
        console.print(f"  stage {played.stage + 1}  {literal(played.player)}: {literal(shown)}")
    console.print()
    render_result(done.result)


def _read_move(hand: Hand, name: str) -> None:
    """Prompt until the person enters a legal move; end of input is an error (exit 2)."""
    board = hand.boards[name]
    place, discard = hand.expected(name)
    console.print(
        f"\nyour cards: [bold]{format_cards(board.pending)}[/]  place {place}, discard {discard}"
    )
    console.print(f"[dim]{EXAMPLE}[/]")
    while True:
        console.print("your move> ", end="")
        line = read_line()
        if not line:
            raise OfcError(
                "input ended before the hand was finished",
                hint="type one move per line: " + EXAMPLE,
            )
        try:
            hand.play(name, parse_move(line))
            return
        except OfcError as exc:
            console.print(f"[red]not legal:[/] {literal(exc, lines=True)}")


@handles_input_errors
def play(
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Shuffle seed (printed if not given).")
    ] = None,
    opponents: Annotated[int, typer.Option(min=1, max=2, help="Computer opponents: 1 or 2.")] = 1,
    ruleset: RulesetOption = DEFAULT_RULESET,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    save: Annotated[Path | None, typer.Option(help="Write the hand's log here.")] = None,
) -> None:
    """Play one hand against computer opponents; moves are read from stdin, one per line."""
    rules = load_ruleset(ruleset, OfcRuleset)
    if save is not None:
        check_writable(save, "--save")
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    players = [name] + [f"Computer {i + 1}" for i in range(opponents)]
    hand = Hand(rules, players, shuffled_deck(seed))
    console.print(f"[bold]{literal(rules.name)}[/], seed {seed}: {literal(', '.join(players))}")
    shown_stage = -1
    while not hand.finished:
        if hand.stage != shown_stage:
            shown_stage = hand.stage
            console.print(f"\n[bold]stage {hand.stage + 1}[/]")
            render_boards(hand)
        who = hand.to_act
        assert who is not None
        if who == name:
            _read_move(hand, name)
        else:
            move = choose_move(hand, who, seed)
            hand.play(who, move)
            placed = ", ".join(f"{k} {v}" for k, v in move.as_dict().items() if k != "discard")
            hidden = " and discards face down" if move.discarded else ""
            console.print(f"{literal(who)} places {placed}{hidden}")
    console.print("\n[bold]final boards[/]")
    render_boards(hand)
    console.print()
    render_result(hand.result())
    if save is not None:
        _save_log(
            save, yaml.safe_dump(to_log(hand, ruleset, seed), sort_keys=False, allow_unicode=True)
        )


def _save_log(path: Path, text: str) -> None:
    """Write the log whole or not at all; if the file cannot be written after all (checked
    before the hand, but the disk may have changed), the log goes to stdout so the hand is not
    lost, and the exit code is 2."""
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        err_console.print(
            f"[bold red]error:[/] cannot write {literal(path)}: {literal(exc.strerror or exc)};"
            " the log follows on stdout",
            soft_wrap=True,
        )
        console.print(literal(text, lines=True), end="", soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    console.print(f"\nlog written to {literal(path)}")


@handles_input_errors
def fantasyland(
    cards: Annotated[str, typer.Argument(help='13-17 cards, e.g. "AS KS QS ...".')],
    ruleset: RulesetOption = DEFAULT_RULESET,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The best setting for a Fantasyland hand, by the ruleset's solver priority."""
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
    console.print(f"[bold]best setting[/] ({', '.join(rules.fantasyland.solver_priority)})")
    render_solution(solution)


def register(app: typer.Typer) -> None:
    ofc = typer.Typer(
        help="Open Face Chinese Poker: replay, play, Fantasyland.", no_args_is_help=True
    )
    ofc.command("replay")(replay)
    ofc.command("play")(play)
    ofc.command("fantasyland")(fantasyland)
    ofc.command("simulate")(ofc_simulate)
    app.add_typer(ofc, name="ofc")
