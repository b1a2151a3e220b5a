"""``housegame bigtwo play`` and the game's text: moves, plays and the settlement as people
read them, in English or Chinese (terms from the glossary; the typed commands, card codes and
player names stay as they are in both languages)."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table

from housegame.bigtwo import BigTwoError, Game, Rules, Settlement, cards_text
from housegame.bigtwo.computer import DEFAULT_BOT
from housegame.bigtwo.session import Table as PlayTable
from housegame.bigtwo.session import move_text
from housegame.cli.common import console, err_console, literal
from housegame.cli.safe import read_line
from housegame.errors import HousegameError
from housegame.glossary import Lang, Phrase, say, term
from housegame.inputs import write_text_atomic

PLAY_HELP: Phrase = (
    """commands:
  CARDS   play them, e.g. 3C 3D
  pass    let the play stand
  hint    the best moves by the search, with reasons
  auto    the computer player makes your move
  help    this list
  quit    stop (--save FILE keeps the log so far)""",
    """命令 (照英文输入):
  CARDS   出这些牌, 例如 3C 3D
  pass    过: 不出
  hint    提示: 搜索找到的最好走法和理由
  auto    代打: 电脑替你出
  help    帮助: 显示本列表
  quit    退出 (--save FILE 保存到目前为止的牌局)""",
)
"""The help text; the typed commands are the same words in both languages."""

WORDS: dict[str, Phrase] = {
    "welcome": (
        "Big Two under {ruleset}, seed {seed}. You are {you}; {first} leads.",
        "大老二, 规则 {ruleset}, 种子 {seed}. 你是 {you}; {first} 先出.",
    ),
    "to-beat": ("to beat: {play} by {owner}", "要压过: {owner} 出的 {play}"),
    "you-lead": ("you lead", "你先出"),
    "must-contain": (" (the first play must contain {card})", " (首出牌必须含 {card})"),
    "cards-left": ("cards left: {counts}", "剩余牌数: {counts}"),
    "your-hand": ("your hand: {cards}", "你的手牌: {cards}"),
    "hint": ("hint: {play}", "提示: {play}"),
    "not-allowed": ("not allowed: {why}", "不允许: {why}"),
    "quit": ("You quit.", "你退出了."),
    "log-written": ("log written to {path}", "牌局记录已写入 {path}"),
    "ended": ("input ended before the game did", "输入在牌局结束之前结束了"),
    "ended-hint": ("type cards, pass, hint, auto or quit", "输入牌, pass, hint, auto 或 quit"),
    "winner": ("winner", "胜"),
    "liable": (
        "{who} let the winner go out without topping (頂大) and takes on the other losses",
        "{who} 没有頂大, 放走赢家, 兼付其余输家的损失",
    ),
}
"""Everything the player reads, in English and Chinese."""


def show(text: str = "") -> None:
    """Plain text on stdout: no markup, no wrapping (cards stay on one line)."""
    console.print(literal(text), soft_wrap=True)


def render_settlement(result: Settlement, lang: Lang = "en") -> None:
    """Cards left, penalty score and net per player; --lang zh names the columns in Chinese."""
    heads: tuple[str, ...] = ("player", "cards left", "score", "net")
    if lang == "zh":
        heads = tuple(term(key, lang) for key in ("someone", "cards-left", "penalty", "net"))
    table = Table(*heads, box=None, pad_edge=False)
    for name, net in result.totals.items():
        table.add_row(
            literal(name), str(result.cards_left[name]), str(result.scores[name]), f"{net:+}"
        )
    winner = say(lang, WORDS["winner"])
    console.print(
        f"[bold]ruleset[/] {literal(result.ruleset)}   [bold]{winner}[/] {literal(result.winner)}"
    )
    console.print(table)
    if result.liable is not None:
        console.print(literal(say(lang, WORDS["liable"], who=result.liable)), soft_wrap=True)


def _read_line(lang: Lang) -> str:
    console.print("> ", end="", markup=False, soft_wrap=True)
    line = read_line()
    if not line:
        raise BigTwoError(say(lang, WORDS["ended"]), hint=say(lang, WORDS["ended-hint"]))
    return line.strip()


def _situation(game: Game, lang: Lang) -> None:
    """What the human needs before moving: the play to beat, everyone's cards, their hand."""
    if game.table is not None:
        play, owner = game.table.text(lang), game.names[game.table_owner or 0]
        show(say(lang, WORDS["to-beat"], play=play, owner=owner))
    else:
        lead = game.must_contain
        must = say(lang, WORDS["must-contain"], card=cards_text([lead])) if lead else ""
        show(say(lang, WORDS["you-lead"]) + must)
    left = game.cards_left()
    counts = ", ".join(f"{n} {left[n]}" for n in game.names[1:])
    show(say(lang, WORDS["cards-left"], counts=counts))
    show(say(lang, WORDS["your-hand"], cards=cards_text(game.hand())))


def _show_hint(table: PlayTable, lang: Lang) -> None:
    """The best move, then the alternatives in the search's order, each with its reasons."""
    alternatives = table.hint()
    show(say(lang, WORDS["hint"], play=alternatives[0].move_text(lang)))
    for i, advice in enumerate(alternatives, 1):
        show(f"  {i}. {advice.move_text(lang)}: " + "; ".join(advice.reason_texts(lang)))


def _human_turn(table: PlayTable, lang: Lang) -> bool:
    """Read commands until the human has moved; False if they quit."""
    _situation(table.game, lang)
    while True:
        line = _read_line(lang)
        word = line.lower()
        try:
            if word == "quit":
                return False
            if word == "hint":
                _show_hint(table, lang)
                continue
            if word == "help":
                console.print(say(lang, PLAY_HELP), markup=False, soft_wrap=True)
                continue
            move = (
                table.auto()
                if word == "auto"
                else (table.pass_turn() if word == "pass" else table.play(line))
            )
        except HousegameError as exc:
            why = literal(exc.text(lang), lines=True)
            err_console.print(say(lang, WORDS["not-allowed"], why=why), soft_wrap=True)
            continue
        show(move_text(move, lang))
        return True


def play_game(
    rules: Rules,
    seed: int,
    save: Path | None,
    lang: Lang = "en",
    bot: str = DEFAULT_BOT,
    players: int | None = None,
) -> None:
    """One game of ``players`` (default: as many as the ruleset deals for): the human is South,
    the computer player ``bot`` plays the others; the log goes to ``save``."""
    table = PlayTable(rules, seed, bot=bot, players=players)
    game = table.game
    you, first = table.you, game.current
    show(say(lang, WORDS["welcome"], ruleset=rules.id, seed=seed, you=you, first=first))
    while not game.over:
        if table.your_turn:
            if not _human_turn(table, lang):
                show(say(lang, WORDS["quit"]))
                _save(table, save, lang)
                return
        else:
            show(move_text(table.computer_turn(), lang))
    show()
    render_settlement(game.settlement(), lang)
    _save(table, save, lang)


def _save(table: PlayTable, path: Path | None, lang: Lang) -> None:
    """The log so far (a finished game replays with `bigtwo replay`)."""
    if path is not None:
        write_text_atomic(path, table.log_text())
        show(say(lang, WORDS["log-written"], path=path))
