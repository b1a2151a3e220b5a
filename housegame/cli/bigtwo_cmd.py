"""``housegame bigtwo``: check a play, get a hint, score, replay a log, play a game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from housegame.bigtwo import (
    DEFAULT_RULESET,
    BigTwoError,
    Combo,
    Game,
    Move,
    Rules,
    Settlement,
    cards_text,
    computer_move,
    legal_plays,
    load_rules,
    parse_play,
    replay_file,
    settle,
    why_not,
)
from housegame.cards import parse_cards
from housegame.cli.common import console, err_console, handles_input_errors, literal, print_json
from housegame.cli.game_sim_cmd import bigtwo_simulate
from housegame.cli.safe import read_line
from housegame.errors import HousegameError
from housegame.inputs import MAX_SEED, parse_count

RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset", "-r", help=f"Big Two ruleset id or YAML path (default {DEFAULT_RULESET})."
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
PLAY_NAMES = ("South", "West", "North", "East")

bigtwo_app = typer.Typer(
    name="bigtwo",
    help="Big Two (大老二): check plays, hints, scoring, replays and a terminal game.",
    no_args_is_help=True,
    add_completion=False,
)


def say(text: str = "") -> None:
    """Plain text on stdout: no markup, no wrapping (cards stay on one line)."""
    console.print(literal(text), soft_wrap=True)


def _play(text: str, what: str, rules: Rules) -> Combo:
    try:
        return parse_play(text, rules)
    except HousegameError as exc:
        raise BigTwoError(f"{what} '{text}': {exc.message}", exc.hint) from None


def _combo_json(combo: Combo) -> dict[str, Any]:
    return {"kind": combo.kind, "label": combo.label, "cards": [str(c) for c in combo.cards]}


@bigtwo_app.command("beats")
@handles_input_errors
def beats_cmd(
    play: Annotated[str, typer.Argument(help="The cards you want to play, e.g. '2D 3C 4C 5S 6H'.")],
    over: Annotated[str, typer.Option("--over", help="The play on the table.")],
    ruleset: RulesetOption = None,
    json: JsonOption = False,
) -> None:
    """Does PLAY beat the play on the table? Exit 2 if either is not a legal combination."""
    rules = load_rules(ruleset)
    mine, table = _play(play, "PLAY", rules), _play(over, "--over", rules)
    overlap = set(mine.cards) & set(table.cards)
    if overlap:
        raise BigTwoError(f"{cards_text(overlap)} cannot be both on the table and in your play")
    reason = why_not(mine, table, rules)
    if json:
        print_json({"beats": reason is None})
    elif reason is None:
        say(f"yes: {mine} beats {table}")
    else:
        say(f"no: {reason}")


@bigtwo_app.command("hint")
@handles_input_errors
def hint_cmd(
    hand: Annotated[str, typer.Argument(help="Your cards, e.g. '3C 5D 5S 9H KS 2H'.")],
    over: Annotated[
        str | None, typer.Option("--over", help="The play to beat; omit when you lead.")
    ] = None,
    first: Annotated[
        bool, typer.Option("--first", help="The game's first play: it must hold the lead card.")
    ] = False,
    ruleset: RulesetOption = None,
    json: JsonOption = False,
) -> None:
    """List the plays HAND may make now, weakest first; the hint is the first."""
    rules = load_rules(ruleset)
    cards = parse_cards(hand)
    if not 1 <= len(cards) <= 13:
        raise BigTwoError(f"a hand has 1 to 13 cards, not {len(cards)}")
    table = _play(over, "--over", rules) if over else None
    if table is not None and set(table.cards) & set(cards):
        raise BigTwoError(
            f"{cards_text(set(table.cards) & set(cards))} cannot be both on the table and in "
            f"your hand"
        )
    lead = rules.lead_card if first else None
    if lead is not None and lead not in cards:
        raise BigTwoError(
            f"the first play must contain {cards_text([lead])}, which is not in this hand"
        )
    plays = legal_plays(cards, rules, table, lead)
    if json:
        print_json(
            {
                "hint": _combo_json(plays[0]) if plays else None,
                "plays": [_combo_json(p) for p in plays],
                "can_pass": table is not None,
            }
        )
        return
    if not plays:
        say("hint: pass (nothing in this hand beats the table)")
        return
    say(f"hint: {plays[0]}")
    shown = plays[:20]
    say(f"{len(plays)} play{'s' if len(plays) > 1 else ''}, weakest first:")
    for p in shown:
        say(f"  {p}")
    if len(plays) > len(shown):
        say(f"  ... and {len(plays) - len(shown)} more (--json lists all)")


def _pairs(values: list[str], option: str) -> list[tuple[str, str]]:
    out = []
    for value in values:
        name, sep, rest = value.partition("=")
        if not sep or not name.strip() or not rest.strip():
            raise BigTwoError(
                f"{option} '{value}': expected NAME=VALUE", hint=f"e.g. {option} Ann=5"
            )
        out.append((name.strip(), rest.strip()))
    return out


def render_settlement(result: Settlement) -> None:
    table = Table("player", "cards left", "score", "net", box=None, pad_edge=False)
    for name, net in result.totals.items():
        table.add_row(
            literal(name), str(result.cards_left[name]), str(result.scores[name]), f"{net:+}"
        )
    console.print(
        f"[bold]ruleset[/] {literal(result.ruleset)}   [bold]winner[/] {literal(result.winner)}"
    )
    console.print(table)


@bigtwo_app.command("score")
@handles_input_errors
def score_cmd(
    left: Annotated[
        list[str], typer.Option("--left", help="NAME=COUNT cards left; repeat per player.")
    ],
    holds: Annotated[
        list[str] | None,
        typer.Option(
            "--holds",
            help="NAME=CARDS a loser still holds, for penalties that depend on a card "
            "(Taiwan: ♠2 with 8+ left doubles), e.g. --holds Bo=2S.",
        ),
    ] = None,
    ruleset: RulesetOption = None,
    json: JsonOption = False,
) -> None:
    """Settle a finished game from each player's cards left."""
    rules = load_rules(ruleset)
    counts: dict[str, int] = {}
    for name, value in _pairs(left, "--left"):
        count = parse_count(value, f"--left {name}={value}")
        if name in counts:
            raise BigTwoError(f"--left names {name} twice")
        counts[name] = count
    held = {name: parse_cards(value) for name, value in _pairs(holds or [], "--holds")}
    result = settle(rules, counts, held)
    if json:
        print_json(result.as_dict())
    else:
        render_settlement(result)


def _move_text(move: Move) -> str:
    text = str(move)
    if move.goes_out:
        text += " and is out"
    if move.ends_trick:
        text += "; the trick is over"
    return text


@bigtwo_app.command("replay")
@handles_input_errors
def replay_cmd(
    log: Annotated[Path, typer.Argument(help="Game log (YAML): players with hands, then moves.")],
    ruleset: RulesetOption = None,
    json: JsonOption = False,
) -> None:
    """Check a recorded game move by move and print the settlement."""
    result = replay_file(log, ruleset)
    if json:
        print_json(result.as_dict())
        return
    for i, move in enumerate(result.moves, 1):
        say(f"{i:>3}. {_move_text(move)}")
    say()
    render_settlement(result.settlement)


def _read_line() -> str:
    console.print("> ", end="", markup=False, soft_wrap=True)
    line = read_line()
    if not line:
        raise BigTwoError(
            "input ended before the game did", hint="type cards, pass, hint, auto or quit"
        )
    return line.strip()


def _human_turn(game: Game) -> bool:
    """Read commands until the human has moved; False if they quit."""
    if game.table is not None:
        say(f"to beat: {game.table} by {game.names[game.table_owner or 0]}")
    else:
        lead = game.must_contain
        say("you lead" + (f" (the first play must contain {cards_text([lead])})" if lead else ""))
    say(f"your hand: {cards_text(game.hand())}")
    while True:
        line = _read_line()
        word = line.lower()
        try:
            if word == "quit":
                return False
            if word == "hint":
                suggestion = game.hint()
                say(f"hint: {suggestion if suggestion else 'pass'}")
                continue
            move = (
                computer_move(game)
                if word == "auto"
                else (game.pass_turn() if word == "pass" else game.play(parse_cards(line)))
            )
        except HousegameError as exc:
            err_console.print(f"not allowed: {literal(exc, lines=True)}", soft_wrap=True)
            continue
        say(_move_text(move))
        return True


@bigtwo_app.command("play")
@handles_input_errors
def play_cmd(
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, max=MAX_SEED, help="Deal seed (the same seed, the same deal)."
        ),
    ] = None,
    ruleset: RulesetOption = None,
) -> None:
    """Play against three computer players. Type cards (3C 3D), pass, hint, auto or quit."""
    rules = load_rules(ruleset)
    deal_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.deal(rules, deal_seed, PLAY_NAMES)
    say(
        f"Big Two under {rules.id}, seed {deal_seed}. You are {PLAY_NAMES[0]}; "
        f"{game.current} leads."
    )
    while not game.over:
        if game.turn == 0:
            if not _human_turn(game):
                say("You quit.")
                return
        else:
            say(_move_text(computer_move(game)))
    say()
    render_settlement(game.settlement())


def register(app: typer.Typer) -> None:
    bigtwo_app.command("simulate")(bigtwo_simulate)
    app.add_typer(bigtwo_app, name="bigtwo")
