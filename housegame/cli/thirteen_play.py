"""``housegame play``: hands of 13-card Chinese Poker against the bots, typed one line at a time.

Lanes are typed with their words (``front AS KS QS``, ``middle ...``, ``back ...``; short
``f``, ``m``, ``b``), one line or several; once two lanes are full the cards left go to the
third, and the hand is set. With ``--timer``, the arranger sets a hand not set in time.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path

from housegame.cards import Card, format_cards
from housegame.cli.common import console, literal
from housegame.cli.explain_cmd import render as render_explanation
from housegame.cli.ofc_play import save_log
from housegame.cli.safe import read_line
from housegame.cli.thirteen_cmd import render
from housegame.errors import TableError
from housegame.glossary import Lang, Phrase, say, term
from housegame.play import Table, TimeUp, parse_lanes
from housegame.rulesets.common import LANE_SIZES, LANES, LaneName

__all__ = ["COMMANDS", "LineReader", "Session"]

COMMANDS: Phrase = (
    """commands:
  LANE CARDS ...  set lanes: front AS KS QS middle ... back ... (short: f, m, b);
                  one line or several; a lane typed again replaces it, and once two
                  lanes are full the cards left go to the third
  set             set the lanes typed so far again (after a foul warning)
  clear           drop the lanes typed so far
  declare [ID]    declare a special hand you hold (the best one without ID)
  surrender       surrender this hand, where the ruleset allows it
  hint            the arranger's setting for you, and its value
  auto            let the arranger set your hand
  help            this list
  quit            stop; the hands so far are saved (--save FILE, else thirteen-SEED.yaml);
                  play --resume FILE goes on from there""",
    """命令 (照英文输入):
  LANE CARDS ...  摆牌: front AS KS QS middle ... back ... (简写: f, m, b);
                  front/f = 头道, middle/m = 中道, back/b = 尾道;
                  可以一行或分几行输入; 再输入同一道就换掉它; 两道摆满后剩下的牌放进第三道
  set             再摆一次已输入的牌 (倒水警告之后)
  clear           清除已输入的各道
  declare [ID]    报到: 宣布你的特殊牌型 (不写 ID 就是最大的那个)
  surrender       投降, 规则允许时
  hint            提示: 电脑替你摆的牌及其期望
  auto            代打: 由电脑替你摆牌
  help            帮助: 显示本列表
  quit            退出: 保存到目前为止的各手 (--save FILE, 否则 thirteen-SEED.yaml);
                  用 play --resume FILE 接着打""",
)
"""The help text; the typed commands are the same words in both languages."""

WORDS: dict[str, Phrase] = {
    "title": ("[bold]{name}[/], seed {seed}: {players}", "[bold]{name}[/], 种子 {seed}: {players}"),
    "hand": ("\n[bold]hand {number}[/] (seed {seed})", "\n[bold]第 {number} 手[/] (种子 {seed})"),
    "banker": ("banker: {name}", "庄家: {name}"),
    "cards": ("your cards: [bold]{cards}[/]", "你的牌: [bold]{cards}[/]"),
    "held": (
        "you hold {specials}: type declare to declare it",
        "你有特殊牌型 {specials}: 输入 declare 报到",
    ),
    "declared-for-you": (
        "you hold {name} ({id}): declared for you, as {ruleset} declares it",
        "你有 {name} ({id}): 按 {ruleset} 的规则自动报到",
    ),
    "example": (
        "[dim]e.g. front {front} middle {middle}   (help: commands)[/]",
        "[dim]例如 front {front} middle {middle}   (help: 命令列表)[/]",
    ),
    "timer": ("[dim]{seconds} s to set your hand[/]", "[dim]摆牌时间 {seconds} 秒[/]"),
    "prompt": ("your lanes> ", "你的牌> "),
    "prompt-timed": ("your lanes ({left} s)> ", "你的牌 (剩 {left} 秒)> "),
    "so-far": ("so far: {lanes}; left: {cards}", "已摆: {lanes}; 剩下: {cards}"),
    "cleared": ("lanes cleared", "已清除"),
    "nothing-typed": ("no lanes typed yet", "还没有输入任何一道"),
    "not-legal": ("[red]not legal:[/] {why}", "[red]不合规则:[/] {why}"),
    "hint": ("hint: {lanes}   (value {value:+.2f})", "提示: {lanes}   (期望 {value:+.2f})"),
    "hint-special": (
        "      {name} ({id}) is worth {value:+.2f}: {advice}",
        "      {name} ({id}) 期望 {value:+.2f}: {advice}",
    ),
    "declare-it": ("declare it", "建议报到"),
    "set-it": ("set the hand instead", "建议照常摆牌"),
    "timed-out": (
        "{who} ran out of time: the arranger set the hand",
        "{who} 超时: 由电脑摆牌",
    ),
    "time-up": (
        "\ntime is up: the arranger set your hand",
        "\n时间到: 已由电脑替你摆牌",
    ),
    "showdown": ("\n[bold]showdown[/]", "\n[bold]比牌[/]"),
    "running": ("\n[bold]running totals[/] {totals}", "\n[bold]累计得分[/] {totals}"),
    "trainer": ("\n[bold]trainer[/]", "\n[bold]教练[/]"),
    "skill": (
        "[bold]skill[/] {hand:+.2f} this hand, {session:+.2f} this session "
        "(your result less what the best choice would have made against the same hands)",
        "[bold]技术分[/] 本手 {hand:+.2f}, 本局累计 {session:+.2f} "
        "(你的得分减去最佳摆法对同样的牌能得的分)",
    ),
    "skill-session": (
        "[bold]skill[/] {session:+.2f} this session",
        "[bold]技术分[/] 本局累计 {session:+.2f}",
    ),
    "ended": ("input ended before the hand was set", "输入在这一手摆好之前结束了"),
    "ended-hint": ("type quit to stop", "输入 quit 退出"),
    "stopped": (
        "\nstopped; the hands so far are saved in {path} (play --resume {path} goes on)",
        "\n已退出; 到目前为止的各手保存在 {path} (用 play --resume {path} 接着打)",
    ),
    "log-written": ("log written to {path}", "牌局记录已写入 {path}"),
}
"""Everything the player reads, in English and Chinese (terms come from the glossary)."""


class Quit(Exception):
    """The player typed ``quit``."""


class LineReader:
    """Lines of standard input read by a thread, so a prompt can wait for one with a time
    limit (the timer); without a limit it is ``read_line``."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.thread: threading.Thread | None = None

    def _read(self) -> None:
        while True:
            line = read_line()
            self.lines.put(line)
            if not line:
                return

    def read(self, seconds: float | None) -> str | None:
        """The next line ('' at the end of input), or None when ``seconds`` pass first."""
        if seconds is None:
            return read_line()
        if self.thread is None:
            self.thread = threading.Thread(target=self._read, daemon=True)
            self.thread.start()
        try:
            return self.lines.get(timeout=seconds)
        except queue.Empty:
            return None


def _lanes_text(lanes: dict[LaneName, list[Card]], lang: Lang) -> str:
    return " ".join(
        f"{term(lane, lang)} {format_cards(lanes[lane])}" for lane in LANES if lane in lanes
    )


@dataclass
class Session:
    """Hands in a row at one table, with running totals; ``save`` gets the log after each."""

    table: Table
    save: Path | None
    lang: Lang = "en"
    reader: LineReader = field(default_factory=LineReader)
    typed: dict[LaneName, list[Card]] = field(default_factory=dict)

    def play(self, hands: int) -> None:
        table, lang = self.table, self.lang
        title = say(
            lang,
            WORDS["title"],
            name=literal(table.rules.name),
            seed=table.seed,
            players=literal(", ".join(table.players)),
        )
        console.print(title)
        for number in range(hands):
            if number:
                table.next_hand()
            if not self.play_hand():
                return

    def play_hand(self) -> bool:
        """One hand; False when the player quits."""
        table, lang = self.table, self.lang
        console.print(say(lang, WORDS["hand"], number=table.number, seed=table.seed))
        if table.banker is not None:
            console.print(say(lang, WORDS["banker"], name=literal(table.banker)))
        console.print(say(lang, WORDS["cards"], cards=format_cards(table.cards)))
        self.typed = {}
        try:
            if table.declared_for_you is not None:
                special = table.declared_for_you.hand
                console.print(
                    say(
                        lang,
                        WORDS["declared-for-you"],
                        name=literal(special.name),
                        id=special.id,
                        ruleset=table.rules.id,
                    )
                )
            else:
                self._read_choice()
        except Quit:
            path = self.save or Path(f"thirteen-{table.first_seed}.yaml")
            save_log(path, table.log_text())
            console.print(say(lang, WORDS["stopped"], path=literal(path)), soft_wrap=True)
            self._running()
            return False
        self._showdown()
        return True

    def _read_choice(self) -> None:
        table, lang = self.table, self.lang
        if table.can_declare:
            specials = ", ".join(f"{d.hand.name} ({d.hand.id})" for d in table.held)
            console.print(say(lang, WORDS["held"], specials=literal(specials)))
        cards = table.cards
        example = {"front": format_cards(cards[:3]), "middle": format_cards(cards[3:8])}
        console.print(say(lang, WORDS["example"], **example))
        if table.timer is not None:
            console.print(say(lang, WORDS["timer"], seconds=f"{table.timer:g}"))
        prompt = True
        while not table.finished:
            if table.time_up():
                console.print(say(lang, WORDS["time-up"]))
                return
            left = table.remaining()
            if prompt and left is None:
                console.print(say(lang, WORDS["prompt"]), end="")
            elif prompt:
                console.print(say(lang, WORDS["prompt-timed"], left=f"{left:.0f}"), end="")
            line = self.reader.read(left)
            prompt = line is not None
            if line is None:  # the time ran out, or nearly: time_up decides
                continue
            if not line:
                raise TableError(say(lang, WORDS["ended"]), hint=say(lang, WORDS["ended-hint"]))
            try:
                self._command(line.strip())
            except TimeUp:
                console.print(say(lang, WORDS["time-up"]))
            except TableError as exc:
                why = literal(exc.text(lang), lines=True)
                console.print(say(lang, WORDS["not-legal"], why=why), soft_wrap=True)

    def _command(self, line: str) -> None:
        table, lang = self.table, self.lang
        command, _, rest = line.lower().partition(" ")
        if not command:
            return
        if command == "quit":
            raise Quit
        if command == "help":
            console.print(say(lang, COMMANDS), markup=False)
        elif command == "clear":
            self.typed = {}
            console.print(say(lang, WORDS["cleared"]))
        elif command == "set":
            if not self.typed:
                console.print(say(lang, WORDS["nothing-typed"]))
            else:
                table.set(self.typed)
        elif command == "declare":
            table.declare(rest.strip() or None)
        elif command == "surrender":
            table.surrender()
        elif command == "hint":
            self._hint()
        elif command == "auto":
            table.auto()
        else:
            self._lanes(line)

    def _lanes(self, line: str) -> None:
        table, lang = self.table, self.lang
        typed = table.complete({**self.typed, **parse_lanes(line, table.rules.deck.deck())})
        self.typed = typed
        if all(len(typed.get(lane, [])) == LANE_SIZES[lane] for lane in LANES):
            table.set(typed)
            return
        left = format_cards(table.left_of(c for cards in typed.values() for c in cards))
        console.print(say(lang, WORDS["so-far"], lanes=_lanes_text(typed, lang), cards=left))

    def _hint(self) -> None:
        lang = self.lang
        arrangement = self.table.hint()
        best = arrangement.best
        lanes = {lane: list(best.setting.lane(lane)) for lane in LANES}
        # in the typed words, so it can be typed as shown
        console.print(say(lang, WORDS["hint"], lanes=_lanes_text(lanes, "en"), value=best.value))
        stands = best.setting.jokers()
        if stands:  # what each joker stands for, as the showdown's note will say it
            shown = "; ".join(f"{term(lane, lang)} {text}" for lane, text in stands.items())
            console.print(f"      {term('jokers', lang)}: {shown}")
        decision = arrangement.special
        if decision is not None and not decision.automatic:
            advice = say(lang, WORDS["declare-it" if decision.declare else "set-it"])
            hand = decision.special.hand
            console.print(
                say(
                    lang,
                    WORDS["hint-special"],
                    name=literal(hand.name),
                    id=hand.id,
                    value=decision.value,
                    advice=advice,
                )
            )

    def _showdown(self) -> None:
        table, lang = self.table, self.lang
        result = table.result
        assert result is not None
        console.print(say(lang, WORDS["showdown"]))
        for seat in table.hands[-1].seats:
            if seat.timed_out:
                console.print(say(lang, WORDS["timed-out"], who=literal(seat.name)))
        render(result, lang)
        self._running()
        if table.explanation is not None:
            console.print(say(lang, WORDS["trainer"]))
            render_explanation(table.explanation, lang)
        if self.save is not None:
            save_log(self.save, table.log_text())
            console.print(say(lang, WORDS["log-written"], path=literal(self.save)), soft_wrap=True)

    def _running(self) -> None:
        table, lang = self.table, self.lang
        console.print(say(lang, WORDS["running"], totals=literal(table.totals_text())))
        session = float(table.skill)
        hand = table.hand_skill
        if hand is not None:
            console.print(say(lang, WORDS["skill"], hand=float(hand), session=session))
        elif any(skill is not None for skill in table.skills):
            console.print(say(lang, WORDS["skill-session"], session=session))
