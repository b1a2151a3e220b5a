"""``housegame bigtwo``: check a play, get a hint, score, replay a log, play a game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import typer

from housegame.bigtwo import (
    DEFAULT_RULESET,
    BigTwoError,
    Combo,
    Rules,
    cards_text,
    legal_plays,
    load_rules,
    parse_play,
    replay_file,
    settle,
    why_not,
)
from housegame.bigtwo.computer import BOT_NAMES, DEFAULT_BOT, bot_named
from housegame.bigtwo.session import move_text
from housegame.cards import parse_cards
from housegame.cli.bigtwo_play import WORDS, play_game, render_settlement
from housegame.cli.bigtwo_play import show as say
from housegame.cli.common import (
    JsonOption,
    LangOption,
    check_lang,
    handles_input_errors,
    print_json,
)
from housegame.cli.game_sim_cmd import bigtwo_simulate
from housegame.errors import HousegameError
from housegame.glossary import Phrase
from housegame.glossary import say as phrase
from housegame.inputs import MAX_SEED, check_writable, parse_count

RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        "-r",
        metavar="ID|PATH",
        help=f"Big Two ruleset id or YAML path (default {DEFAULT_RULESET}).",
    ),
]
HINTS: dict[str, Phrase] = {
    "none": ("hint: pass (nothing in this hand beats the table)", "提示: 过 (这手牌没有能压过的)"),
    "count": ("{n} play{s}, weakest first:", "{n} 种出法, 从小到大:"),
    "more": ("  ... and {n} more (--json lists all)", "  ... 还有 {n} 种 (--json 全部列出)"),
    "yes": ("yes: {play} beats {table}", "是: {play} 压过 {table}"),
    "no": ("no: {reason}", "否: {reason}"),
}
"""`bigtwo hint`'s and `bigtwo beats`' lines in English and Chinese."""

bigtwo_app = typer.Typer(
    name="bigtwo",
    help="Big Two (大老二): check plays, hints, scoring, replays and a terminal game.",
    no_args_is_help=True,
    add_completion=False,
)


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
    over: Annotated[str, typer.Option("--over", metavar="CARDS", help="The play on the table.")],
    ruleset: RulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Does PLAY beat the play on the table? Exit 2 if either is not a legal combination."""
    words = check_lang(lang)
    rules = load_rules(ruleset)
    mine, table = _play(play, "PLAY", rules), _play(over, "--over", rules)
    overlap = set(mine.cards) & set(table.cards)
    if overlap:
        raise BigTwoError(f"{cards_text(overlap)} cannot be both on the table and in your play")
    reason = why_not(mine, table, rules, words)
    if json:
        print_json({"beats": reason is None})
    elif reason is None:
        say(phrase(words, HINTS["yes"], play=mine.text(words), table=table.text(words)))
    else:
        say(phrase(words, HINTS["no"], reason=reason))


@bigtwo_app.command("hint")
@handles_input_errors
def hint_cmd(
    hand: Annotated[str, typer.Argument(help="Your cards, e.g. '3C 5D 5S 9H KS 2H'.")],
    over: Annotated[
        str | None,
        typer.Option("--over", metavar="CARDS", help="The play to beat; omit when you lead."),
    ] = None,
    first: Annotated[
        bool, typer.Option("--first", help="The game's first play: it must hold the lead card.")
    ] = False,
    ruleset: RulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """List the plays HAND may make now, weakest first; the hint is the first."""
    words = check_lang(lang)
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
        say(phrase(words, HINTS["none"]))
        return
    say(phrase(words, WORDS["hint"], play=plays[0].text(words)))
    shown = plays[:20]
    say(phrase(words, HINTS["count"], n=len(plays), s="s" if len(plays) > 1 else ""))
    for p in shown:
        say(f"  {p.text(words)}")
    if len(plays) > len(shown):
        say(phrase(words, HINTS["more"], n=len(plays) - len(shown)))


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


@bigtwo_app.command("score")
@handles_input_errors
def score_cmd(
    left: Annotated[
        list[str],
        typer.Option("--left", metavar="NAME=COUNT", help="Cards left; repeat per player."),
    ],
    holds: Annotated[
        list[str] | None,
        typer.Option(
            "--holds",
            metavar="NAME=CARDS",
            help="NAME=CARDS a loser still holds, for penalties that depend on a card "
            "(Taiwan: ♠2 with 8+ left doubles; every card where the ruleset counts card "
            "values), e.g. --holds Bo=2S.",
        ),
    ] = None,
    liable: Annotated[
        str | None,
        typer.Option(
            "--liable",
            metavar="NAME",
            help="The player who let the winner go out without topping (頂大) and takes on "
            "the other losers' losses, where the ruleset has penalty.liability.",
        ),
    ] = None,
    ruleset: RulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Settle a finished game from each player's cards left."""
    words = check_lang(lang)
    rules = load_rules(ruleset)
    counts: dict[str, int] = {}
    for name, value in _pairs(left, "--left"):
        count = parse_count(value, f"--left {name}={value}")
        if name in counts:
            raise BigTwoError(f"--left names {name} twice")
        counts[name] = count
    held = {name: parse_cards(value) for name, value in _pairs(holds or [], "--holds")}
    result = settle(rules, counts, held, liable)
    if json:
        print_json(result.as_dict())
    else:
        render_settlement(result, words)


@bigtwo_app.command("replay")
@handles_input_errors
def replay_cmd(
    log: Annotated[Path, typer.Argument(help="Game log (YAML): players with hands, then moves.")],
    ruleset: RulesetOption = None,
    json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Check a recorded game move by move and print the settlement."""
    words = check_lang(lang)
    result = replay_file(log, ruleset)
    if json:
        print_json(result.as_dict())
        return
    for i, move in enumerate(result.moves, 1):
        say(f"{i:>3}. {move_text(move, words)}")
    say()
    render_settlement(result.settlement, words)


@bigtwo_app.command("play")
@handles_input_errors
def play_cmd(
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            max=MAX_SEED,
            metavar="N",
            help="Deal seed (the same seed, the same deal).",
        ),
    ] = None,
    ruleset: RulesetOption = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the game's log here (bigtwo replay reads it)."),
    ] = None,
    bot: Annotated[
        str,
        typer.Option(
            "--bot",
            metavar="|".join(BOT_NAMES),
            help="The computer players: search (looks ahead over the unseen hands) or basic "
            "(the weakest play that beats the table).",
        ),
    ] = DEFAULT_BOT,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            min=2,
            max=4,
            metavar="N",
            help="Players at the table, you included (default: the most the ruleset deals for).",
        ),
    ] = None,
    lang: LangOption = "en",
) -> None:
    """Play against the computer players. Type cards (3C 3D), pass, hint, auto, help or
    quit."""
    bot_named(bot)
    rules = load_rules(ruleset)
    rules.deal_for(players)
    words = check_lang(lang)
    if save is not None:
        check_writable(save, "--save")
    deal_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    play_game(rules, deal_seed, save, words, bot, players)


def register(app: typer.Typer) -> None:
    bigtwo_app.command("simulate")(bigtwo_simulate)
    app.add_typer(bigtwo_app, name="bigtwo")
