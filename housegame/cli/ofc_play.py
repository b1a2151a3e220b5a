"""``housegame ofc play``: a session of hands against the bots, typed one line at a time.

A move may be typed in pieces (``back AS KS``, then ``front 7C discard 2H``); it is played
when every card is placed or discarded, and ``undo`` takes back the last piece until then.
A piece that makes a foul certain is refused once with a warning; typing it again plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import typer

from housegame.cards import format_cards
from housegame.cli.common import EXIT_BAD_INPUT, console, err_console, literal, signed_units
from housegame.cli.ofc_render import render_boards, render_result
from housegame.cli.safe import read_line
from housegame.glossary import Lang, Phrase, say
from housegame.inputs import write_text_atomic
from housegame.ofc.bot_names import BotName
from housegame.ofc.errors import OfcError
from housegame.ofc.hand import Hand
from housegame.ofc.moves import parse_move
from housegame.ofc.session import (
    Table,
    Turn,
    example,
    merge_pieces,
    move_text,
    next_fantasyland,
    resume,
)
from housegame.rulesets.ofc import OfcRuleset

__all__ = ["COMMANDS", "Session", "Turn", "example", "read_turn", "resume", "save_log"]

COMMANDS: Phrase = (
    """commands:
  LANE CARDS ...  place cards: back AS KS front 7C discard 2H (short: b AS KS f 7C x 2H);
                  a move may come in pieces, played once every card has a place
  undo            take back the last piece of this stage's move
  hint            the computer's move for you, and its value
  auto            play the computer's move for you
  help            this list
  quit            stop; the hand so far is saved (--save FILE, else ofc-SEED.yaml);
                  ofc play --resume FILE goes on from there""",
    """命令 (照英文输入):
  LANE CARDS ...  放牌: back AS KS front 7C discard 2H (简写: b AS KS f 7C x 2H);
                  back/b = 尾道, middle/m = 中道, front/f = 头道, discard/x = 弃牌;
                  一步可以分几次输入, 每张牌都有去处时才算走完
  undo            悔牌: 收回本轮最后输入的一部分
  hint            提示: 电脑替你选的一步及其期望
  auto            代打: 由电脑替你走这一步
  help            帮助: 显示本列表
  quit            退出: 保存这一手到目前为止的牌局 (--save FILE, 否则 ofc-SEED.yaml);
                  用 ofc play --resume FILE 接着打""",
)
"""The help text; the typed commands are the same words in both languages."""

WORDS: dict[str, Phrase] = {
    "your-cards": (
        "\nyour cards: [bold]{cards}[/]  place {place}, discard {discard}",
        "\n你的牌: [bold]{cards}[/]  放 {place} 张, 弃 {discard} 张",
    ),
    "example": ("[dim]e.g. {move}   (help: commands)[/]", "[dim]例如 {move}   (help: 命令列表)[/]"),
    "prompt": ("your move> ", "你的一步> "),
    "ended": ("input ended before the hand was finished", "输入在这一手打完之前结束了"),
    "ended-hint": ("type quit to stop", "输入 quit 退出"),
    "not-legal": ("[red]not legal:[/] {why}", "[red]不合规则:[/] {why}"),
    "nothing-to-undo": ("nothing to undo in this stage", "本轮没有可以收回的牌"),
    "took-back": ("took back {move}; left: {cards}", "已收回 {move}; 剩下: {cards}"),
    "pieces-back": ("(pieces so far taken back)", "(已收回本轮输入的部分)"),
    "hint": ("hint: {move}   (value {value:+.2f})", "提示: {move}   (期望 {value:+.2f})"),
    "auto": ("auto: {move}", "代打: {move}"),
    "so-far": ("so far: {move}; left: {cards}", "已放: {move}; 剩下: {cards}"),
    "hand-of": ("\n[bold]hand {number} of {hands}[/]", "\n[bold]第 {number} 手 (共 {hands} 手)[/]"),
    "title": ("[bold]{name}[/], seed {seed}: {players}", "[bold]{name}[/], 种子 {seed}: {players}"),
    "fantasyland": (
        "{name} plays Fantasyland with {cards} cards",
        "{name} 进入范特西, 发 {cards} 张牌",
    ),
    "stage": ("\n[bold]stage {stage}[/]", "\n[bold]第 {stage} 轮[/]"),
    "to-go": ("[dim]{left} stage{s} to go[/]", "[dim]还剩 {left} 轮[/]"),
    "places": ("{who} places {placed}{hidden}", "{who} 放牌: {placed}{hidden}"),
    "hidden": (" and discards face down", ", 另弃一张 (牌面朝下)"),
    "stopped": (
        "\nstopped; the hand so far is saved in {path}",
        "\n已退出; 这一手到目前为止的牌局保存在 {path}",
    ),
    "final": ("\n[bold]final boards[/]", "\n[bold]最终牌面[/]"),
    "running": ("\n[bold]running totals[/] {totals}", "\n[bold]累计得分[/] {totals}"),
    "log-written": ("log written to {path}", "牌局记录已写入 {path}"),
}
"""Everything the player reads, in English and Chinese (terms come from the glossary)."""


class Quit(Exception):
    """The player typed ``quit``."""


def read_turn(turn: Turn) -> None:
    """Prompt until the player's move for this stage is played."""
    hand, name, lang = turn.hand, turn.name, turn.lang
    place, discard = hand.expected(name)
    cards = format_cards(hand.boards[name].pending)
    console.print(say(lang, WORDS["your-cards"], cards=cards, place=place, discard=discard))
    console.print(say(lang, WORDS["example"], move=example(hand, name)))
    while hand.to_act == name:
        console.print(say(lang, WORDS["prompt"]), end="")
        line = read_line()
        if not line:
            raise OfcError(say(lang, WORDS["ended"]), hint=say(lang, WORDS["ended-hint"]))
        command = line.strip().lower()
        try:
            _command(turn, command, line)
        except OfcError as exc:
            console.print(say(lang, WORDS["not-legal"], why=literal(exc.text(lang), lines=True)))


def _command(turn: Turn, command: str, line: str) -> None:
    lang = turn.lang
    if not command:
        return
    if command == "quit":
        raise Quit
    if command == "help":
        console.print(say(lang, COMMANDS), markup=False)
    elif command == "undo":
        piece = turn.undo()
        if piece is None:
            console.print(say(lang, WORDS["nothing-to-undo"]))
        else:
            undone = move_text(piece, lang)
            left = format_cards(turn.left())
            console.print(say(lang, WORDS["took-back"], move=undone, cards=left))
    elif command in ("hint", "auto"):
        if turn.pieces:
            console.print(say(lang, WORDS["pieces-back"]))
        if command == "hint":  # in the typed words, so it can be typed as shown
            move, value = turn.hint()
            console.print(say(lang, WORDS["hint"], move=move_text(move), value=value))
        else:
            console.print(say(lang, WORDS["auto"], move=move_text(turn.auto(), lang)))
    else:
        turn.add(line.strip(), parse_move(line))
        if turn.pieces:
            so_far, left = move_text(merge_pieces(turn.pieces), lang), format_cards(turn.left())
            console.print(say(lang, WORDS["so-far"], move=so_far, cards=left))


@dataclass
class Session:
    """Hands in a row: running totals, Fantasyland carried from one hand to the next."""

    rules: OfcRuleset
    ruleset_ref: str
    players: list[str]
    you: str
    save: Path | None
    lang: Lang = "en"
    bot: BotName = "basic"
    trainer: bool = False
    totals: dict[str, int] = field(default_factory=dict)
    fantasyland: dict[str, int] = field(default_factory=dict)

    def play(self, seed: int, hands: int, resumed: Hand | None = None) -> None:
        """``hands`` hands from ``seed`` on, the first one ``resumed`` if given."""
        self.totals = {p: 0 for p in self.players}
        for number in range(hands):
            hand_seed = seed + number
            if hands > 1:
                console.print(say(self.lang, WORDS["hand-of"], number=number + 1, hands=hands))
            if not self.play_hand(hand_seed, resumed if number == 0 else None):
                return

    def play_hand(self, seed: int, hand: Hand | None = None) -> bool:
        """One hand (``hand``: one already under way); False when the player quits."""
        table = Table(
            self.rules,
            self.ruleset_ref,
            self.players,
            self.you,
            seed,
            hand,
            self.fantasyland,
            bot=self.bot,
            trainer=self.trainer,
        )
        hand = table.hand
        lang = self.lang
        players = literal(", ".join(self.players))
        title = say(lang, WORDS["title"], name=literal(self.rules.name), seed=seed, players=players)
        console.print(title)
        for name, cards in self.fantasyland.items():
            console.print(say(lang, WORDS["fantasyland"], name=literal(name), cards=cards))
        shown_stage = -1
        try:
            while not hand.finished:
                if hand.stage != shown_stage:
                    shown_stage = hand.stage
                    console.print(say(lang, WORDS["stage"], stage=hand.stage + 1))
                    self._counts(hand)
                    render_boards(hand, lang)
                who = hand.to_act
                assert who is not None
                if who == self.you:
                    turn = Turn(hand, who, seed, lang=lang, bot=self.bot, trainer=self.trainer)
                    read_turn(turn)
                    for advice in turn.advice:
                        console.print(literal("\n".join(advice.lines(lang)), lines=True))
                else:
                    self._bot(table)
        except Quit:
            path = self._save(table, self.save or Path(f"ofc-{seed}.yaml"))
            console.print(say(lang, WORDS["stopped"], path=literal(path)))
            self._running()
            return False
        console.print(say(lang, WORDS["final"]))
        render_boards(hand, lang)
        console.print()
        result = hand.result()
        render_result(result, lang)
        for name, units in result.totals.items():
            self.totals[name] += int(units)
        self.fantasyland = next_fantasyland(result)
        self._running()
        if self.save is not None:
            self._save(table, self.save)
            console.print(say(self.lang, WORDS["log-written"], path=literal(self.save)))
        return True

    def _bot(self, table: Table) -> None:
        """A computer player's move: its placements face up, its discard face down."""
        played = table.bot_move()
        who, move = played.player, played.move
        placed = move_text(move, self.lang, sep=", ", skip="discard")
        hidden = say(self.lang, WORDS["hidden"]) if move.discarded else ""
        console.print(
            say(self.lang, WORDS["places"], who=literal(who), placed=placed, hidden=hidden)
        )

    def _counts(self, hand: Hand) -> None:
        left = len(hand.ruleset.deal) - hand.stage
        console.print(say(self.lang, WORDS["to-go"], left=left, s="s" if left != 1 else ""))

    def _running(self) -> None:
        shown = literal(", ".join(f"{n} {signed_units(t)}" for n, t in self.totals.items()))
        console.print(say(self.lang, WORDS["running"], totals=shown))

    def _save(self, table: Table, path: Path) -> Path:
        save_log(path, table.log_text())
        return path


def save_log(path: Path, text: str) -> None:
    """Write the log whole or not at all; if the file cannot be written after all (checked
    before the hand, but the disk may have changed), the log goes to stdout so the hand is not
    lost, and the exit code is 2."""
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        err_console.print(
            f"[bold red]error:[/] cannot write {literal(path)}: "
            f"{literal(exc.strerror or exc)}; the log follows on stdout",
            soft_wrap=True,
        )
        console.print(literal(text, lines=True), end="", soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
