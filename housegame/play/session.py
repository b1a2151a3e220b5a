"""13-card Chinese Poker against the bots, shared by ``housegame play`` and the web page.

``Table`` is a session: hands dealt by consecutive seeds from the ruleset's deck (jokers, a
card held twice) to as many seats as it seats, you in the first and a bot in every other. The
bots, and your hand when the timer runs out (as MacePlay sets a hand not set in time, a held
special declared), are set by the default arranger (``equilibrium``, for the table's size;
``ev`` on a deck of its own, which has no equilibrium tables); your choice each hand (lanes, a
special hand declared, a surrender) is checked as the ruleset says: a foul is refused, or
played once you set it again after a warning. Each finished hand is settled by the scorer; the
log is what ``housegame replay`` reads, and ``resume`` goes on from a saved one.

After each hand the trainer explains your choice (``housegame.trainer``: the best one and the
regret term by term) and the log keeps its best choice, so the session's skill score (your
result less what the best choice would have made against the same hands, each hand settled
by the scorer) survives a resume.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from housegame.arrange import DEFAULT_OBJECTIVE, Arrangement, Arranger
from housegame.cards import Card, Deck, format_cards, parse_cards
from housegame.errors import CardError, TableError
from housegame.glossary import LANGS, Phrase, refusal, term
from housegame.jsonsafe import number
from housegame.rulesets.common import LANE_SIZES, LANES, LaneName
from housegame.rulesets.loader import ruleset_in
from housegame.rulesets.resolve import resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.replay import (
    LogHand,
    LogSeat,
    SessionLog,
    deal_hands,
    load_log,
    replay,
    score_hand,
    skill_of,
)
from housegame.thirteen.results import TableResult
from housegame.thirteen.specials import Declared, holding
from housegame.trainer import Coach, Explanation, Option, coach, seat_opponents
from housegame.yamlsource import Located

__all__ = [
    "LANE_WORDS",
    "Table",
    "TimeUp",
    "bot_names",
    "parse_lanes",
    "resume",
    "resume_log",
]

LANE_WORDS: dict[str, LaneName] = {
    "front": "front",
    "f": "front",
    "middle": "middle",
    "m": "middle",
    "back": "back",
    "b": "back",
    **{term(lane, "zh"): lane for lane in LANES},
}
"""The typed lane words, long and short, and the Chinese ones a hint shows (``头道``)."""

EXAMPLE: Phrase = (
    "front AS KS QS middle ... back ...   (short: f AS KS QS m ... b ...)",
    "例如 front AS KS QS middle ... back ...   (简写: f AS KS QS m ... b ...)",
)

WORDS: dict[str, Phrase] = {
    "strangers": ("{cards} not in your hand", "{cards} 不在你的手牌里"),
    "twice": ("{cards} set twice", "{cards} 摆了两次"),
    "too-often": (
        "{card} set {count} times; you hold it {held} times",
        "{card} 摆了 {count} 次; 你只有 {held} 张",
    ),
    "size": ("the {lane} takes {size} cards, not {count}", "{zh}要放 {size} 张, 不是 {count} 张"),
    "word-twice": ("'{word}' appears twice", "'{word}' 出现了两次"),
    "no-lane": ("'{word}' comes before any lane word", "'{word}' 前面没有道的名称"),
    "nothing": ("no lane given", "没有输入任何一道"),
    "foul": ("this setting fouls: {en}", "这样摆是倒水: {zh}"),
    "foul-refused": (
        "{ruleset} refuses fouls: {order}",
        "{ruleset} 不接受倒水: {order_zh}",
    ),
    "foul-warning": (
        "warning: this setting fouls ({en}) and loses as the ruleset says",
        "警告: 这样摆是倒水 ({zh}), 按规则算输",
    ),
    "foul-hint": ("set the same again to play it anyway", "再摆一次同样的就照样打出"),
    "no-special": ("you hold no special hand", "你没有特殊牌型"),
    "not-held": (
        "you do not hold '{id}'; you hold {held}",
        "你没有 '{id}'; 你有 {held}",
    ),
    "no-surrender": ("{ruleset} has no surrender", "{ruleset} 不能投降"),
    "over": ("the hand is over", "这一手已经结束"),
    "not-over": ("the hand is not over yet", "这一手还没结束"),
    "time-up": (
        "time is up: the arranger set your hand",
        "时间到: 已由电脑替你摆牌",
    ),
    "seats": (
        "{ruleset} seats {low}-{high} players, not {count}",
        "{ruleset} 可坐 {low}-{high} 人, 不是 {count} 人",
    ),
}
"""The player's mistakes and the table's notices, in English and Chinese."""


class TimeUp(TableError):
    """The timer ran out before the hand was set: the arranger set it."""


def bot_names(count: int) -> list[str]:
    return [f"Computer {i + 1}" for i in range(count)]


def parse_lanes(text: str, deck: Deck | None = None) -> dict[LaneName, list[Card]]:
    """Lanes typed as lane words followed by cards: ``front AS KS QS middle ... back ...``
    (short: ``f``, ``m``, ``b``; or ``头道``, ``中道``, ``尾道``); any of the three, each once.
    A card is named as the card notation says (a joker ``JK``, or ``JKS``/``JKB``); one held
    twice is typed twice. ``deck``: refuse a card it lacks, or one a lane holds more often
    than it has (None: the hand it is set from checks the counts)."""
    groups: dict[LaneName, list[str]] = {}
    current: LaneName | None = None
    for token in text.replace(",", " ").split():
        word = token.lower().rstrip(":\uff1a")  # or a full-width colon
        if word in LANE_WORDS:
            current = LANE_WORDS[word]
            if current in groups:
                raise refusal(TableError, WORDS["word-twice"], EXAMPLE, word=current)
            groups[current] = []
        elif current is None:
            raise refusal(TableError, WORDS["no-lane"], EXAMPLE, word=token)
        else:
            groups[current].append(token)
    if not groups:
        raise refusal(TableError, WORDS["nothing"], EXAMPLE)
    try:
        return {lane: parse_cards(tokens, deck) for lane, tokens in groups.items()}
    except CardError as exc:
        raise TableError(exc.message, exc.hint, exc.chinese) from None


def _lanes_seat(name: str, setting: Setting, declared: Declared | None, **extra: Any) -> LogSeat:
    lanes = {lane: format_cards(setting.lane(lane)) for lane in LANES}
    declare = declared.hand.id if declared is not None else None
    return LogSeat(name=name, declare=declare, **lanes, **extra)


class Table:
    """A session at one table: you in the first of ``players``, a bot in every other seat.

    ``played``: the hands already played and their results (a resumed session); the next one
    is dealt by ``seed + len(played)``. ``timer``: seconds to set each hand (None: no
    timer), read on ``clock``.
    """

    def __init__(
        self,
        rules: ThirteenCardRuleset,
        ruleset_ref: str,
        players: Sequence[str],
        seed: int,
        timer: float | None = None,
        played: Sequence[tuple[LogHand, TableResult]] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        seats = rules.table.seats
        if not seats.holds(len(players)):
            raise refusal(
                TableError,
                WORDS["seats"],
                ruleset=rules.id,
                low=seats.min,
                high=seats.max,
                count=len(players),
            )
        self.rules = rules
        self.ruleset_ref = ruleset_ref
        self.players = list(players)
        self.you = self.players[0]
        self.first_seed = seed
        self.timer = timer
        self.clock = clock
        self.arranger = Arranger(rules, DEFAULT_OBJECTIVE, len(self.players))
        self.hands = [hand for hand, _ in played]
        self.results = [result for _, result in played]
        self.skills = [
            skill_of(rules, self.players, seed + i, hand, result)
            for i, (hand, result) in enumerate(played)
        ]
        """Per finished hand, your skill (None: a hand logged without the trainer's best)."""
        self.explanation: Explanation | None = None
        """The trainer's explanation of your choice in the hand just finished."""
        self._deal()

    # ---- the hand being played ---------------------------------------------------------

    def _deal(self) -> None:
        self.number = len(self.hands) + 1
        self.seed = self.first_seed + self.number - 1
        dealt = deal_hands(self.seed, len(self.players), self.rules.deck.deck())
        self.dealt = {name: sorted(cards, reverse=True) for name, cards in zip(self.players, dealt)}
        compare = self.rules.table.compare
        self.banker = (
            self.players[(self.number - 1) % len(self.players)] if compare == "banker" else None
        )
        self.chosen = {name: self._arranged(name) for name in self.players[1:]}
        self.warned: tuple[str, ...] | None = None
        self.deadline = self.clock() + self.timer if self.timer is not None else None
        self.declared_for_you: Declared | None = None
        held = self.held
        if held and self.rules.specials.declare == "automatic":
            self.declared_for_you = held[0]
            self._choose(LogSeat(name=self.you, declare=held[0].hand.id))

    @property
    def cards(self) -> list[Card]:
        """Your 13 cards, highest first."""
        return self.dealt[self.you]

    @property
    def held(self) -> list[Declared]:
        """The special hands your cards make, best first."""
        return holding(self.cards, self.rules)

    @property
    def finished(self) -> bool:
        return len(self.hands) == self.number

    @property
    def result(self) -> TableResult | None:
        return self.results[-1] if self.finished else None

    @property
    def can_declare(self) -> bool:
        return bool(self.held) and self.rules.specials.declare == "optional"

    @property
    def can_surrender(self) -> bool:
        return self.rules.surrender is not None

    def remaining(self) -> float | None:
        """Seconds left to set your hand (None: no timer, or the hand is over)."""
        if self.deadline is None or self.finished:
            return None
        return max(0.0, self.deadline - self.clock())

    def seat_coach(self) -> Coach:
        """The trainer's model of your seat in this hand (how many you play against, the
        banker's seat or not): what ``hint``, ``auto`` and the explanation read."""
        banker = self.banker == self.you
        return coach(self.rules, seat_opponents(self.rules, len(self.players), banker), banker)

    def _arranged(self, name: str, **extra: Any) -> LogSeat:
        """The arranger's choice for a seat: its best setting, and the special hand it
        declares (always where declaring is automatic, else when worth more); yours is set
        for your seat (``coach``), the bots' for the table's size."""
        arranger = self.seat_coach().arranger if name == self.you else self.arranger
        arrangement = arranger.arrange(self.dealt[name])
        return _lanes_seat(name, arrangement.best.setting, arrangement.declared, **extra)

    def _choose(self, seat: LogSeat) -> None:
        """Settle the hand with your choice; the trainer explains it, and the log keeps the
        best choice the skill score compares with."""
        self.chosen[self.you] = seat
        hand = LogHand(banker=self.banker, seats=[self.chosen[name] for name in self.players])
        result = score_hand(self.rules, self.players, self.seed, hand)
        teacher = self.seat_coach()
        explained = teacher.explain(teacher.option_of(result.seats[0]))
        hand = hand.model_copy(update={"best": _best_seat(self.you, explained.best)})
        self.explanation = explained
        self.results.append(result)
        self.hands.append(hand)
        self.skills.append(skill_of(self.rules, self.players, self.seed, hand, result))

    def time_up(self) -> bool:
        """Whether the timer ran out on this hand; the first time, the arranger sets it."""
        left = self.remaining()
        if left is None or left > 0:
            return False
        self._choose(self._arranged(self.you, timed_out=True))
        return True

    def _open(self) -> None:
        """Refuse a choice once the hand is over; when the time is up, the arranger sets the
        hand and the choice is refused (``TimeUp``)."""
        if self.finished:
            raise refusal(TableError, WORDS["over"])
        if self.time_up():
            raise refusal(TimeUp, WORDS["time-up"])

    # ---- your choices ------------------------------------------------------------------

    def left_of(self, used: Iterable[Card]) -> list[Card]:
        """Your cards not in ``used``, a card you hold twice left once if used once."""
        return list((Counter(self.cards) - Counter(used)).elements())

    def setting_of(self, lanes: dict[LaneName, list[Card]]) -> Setting:
        """Your lanes as a setting: 3, 5 and 5 of your cards, each as often as you hold it."""
        used = Counter(c for lane in LANES for c in lanes.get(lane, []))
        held = Counter(self.cards)
        strangers = [c for c in used if c not in held]
        if strangers:
            raise refusal(TableError, WORDS["strangers"], cards=format_cards(strangers))
        over = sorted((c for c, n in used.items() if n > held[c]), reverse=True)
        if over and all(held[c] == 1 for c in over):
            raise refusal(TableError, WORDS["twice"], cards=format_cards(over))
        if over:
            card = next(c for c in over if held[c] > 1)
            count, have = used[card], held[card]
            raise refusal(TableError, WORDS["too-often"], card=str(card), count=count, held=have)
        for lane in LANES:
            count = len(lanes.get(lane, []))
            if count != LANE_SIZES[lane]:
                zh = term(lane, "zh")
                raise refusal(
                    TableError, WORDS["size"], lane=lane, zh=zh, size=LANE_SIZES[lane], count=count
                )
        rules = self.rules.ranking.rules()
        return Setting.of(lanes["front"], lanes["middle"], lanes["back"], rules)

    def complete(self, lanes: dict[LaneName, list[Card]]) -> dict[LaneName, list[Card]]:
        """Two lanes given in full: the cards left go to the third."""
        given = [lane for lane in LANES if len(lanes.get(lane, [])) == LANE_SIZES[lane]]
        missing = [lane for lane in LANES if not lanes.get(lane)]
        if len(given) == 2 and len(missing) == 1:
            left = self.left_of(c for lane in given for c in lanes[lane])
            if len(left) == LANE_SIZES[missing[0]]:
                return {**lanes, missing[0]: left}
        return lanes

    def set(self, lanes: dict[LaneName, list[Card]]) -> None:
        """Set your hand. A foul is refused where the ruleset refuses it; elsewhere it is
        refused once with a warning, and the same setting again plays it."""
        self._open()
        setting = self.setting_of(lanes)
        if setting.fouled:
            reason = {lang: setting.foul_reason(lang) for lang in LANGS}
            if self.rules.foul.handling == "refuse":
                raise refusal(
                    TableError,
                    WORDS["foul"],
                    WORDS["foul-refused"],
                    ruleset=self.rules.id,
                    order=self.rules.ranking.foul_order(),
                    order_zh=self.rules.ranking.foul_order({k: term(k, "zh") for k in LANES}),
                    en=reason["en"],
                    zh=reason["zh"],
                )
            key = tuple(format_cards(setting.lane(lane)) for lane in LANES)
            if self.warned != key:
                self.warned = key
                raise refusal(
                    TableError,
                    WORDS["foul-warning"],
                    WORDS["foul-hint"],
                    en=reason["en"],
                    zh=reason["zh"],
                )
        self._choose(_lanes_seat(self.you, setting, None))

    def declare(self, special: str | None = None) -> Declared:
        """Declare a special hand you hold (``special``: its id; None: the best)."""
        self._open()
        held = self.held
        if not held:
            raise refusal(TableError, WORDS["no-special"])
        found = (
            held[0] if special is None else next((d for d in held if d.hand.id == special), None)
        )
        if found is None:
            names = ", ".join(d.hand.id for d in held)
            raise refusal(TableError, WORDS["not-held"], id=special, held=names)
        self._choose(LogSeat(name=self.you, declare=found.hand.id))
        return found

    def surrender(self) -> None:
        self._open()
        if not self.can_surrender:
            raise refusal(TableError, WORDS["no-surrender"], ruleset=self.rules.id)
        self._choose(LogSeat(name=self.you, surrender=True))

    def auto(self) -> LogSeat:
        """The arranger sets your hand, as it sets the bots'."""
        self._open()
        self._choose(self._arranged(self.you))
        return self.chosen[self.you]

    def hint(self) -> Arrangement:
        """The arranger's setting of your cards, its value and the special-hand decision."""
        self._open()
        return self.seat_coach().arranger.arrange(self.cards)

    # ---- the session -------------------------------------------------------------------

    @property
    def totals(self) -> dict[str, Fraction]:
        """Each player's running total over the finished hands."""
        totals = {name: Fraction(0) for name in self.players}
        for result in self.results:
            for name, units in result.totals.items():
                totals[name] += units
        return totals

    @property
    def skill(self) -> Fraction:
        """Your session skill score: the sum of each hand's (hands logged with a best)."""
        return sum((s for s in self.skills if s is not None), Fraction(0))

    @property
    def hand_skill(self) -> Fraction | None:
        """Your skill in the hand just finished."""
        return self.skills[-1] if self.finished else None

    def next_hand(self) -> None:
        """Deal the next hand (the next seed); refused while this one is being played."""
        if not self.finished:
            raise refusal(TableError, WORDS["not-over"])
        self._deal()

    def log(self) -> dict[str, Any]:
        """The finished hands as log data (YAML-ready): what ``housegame replay`` reads and
        ``resume`` goes on from."""
        return {
            "ruleset": self.ruleset_ref,
            "players": self.players,
            "seed": self.first_seed,
            "hands": [hand.model_dump(exclude_defaults=True) for hand in self.hands],
        }

    def log_text(self) -> str:
        return yaml.safe_dump(self.log(), sort_keys=False, allow_unicode=True)

    def totals_text(self) -> str:
        return ", ".join(f"{n} {number(t):+}" for n, t in self.totals.items())


def _best_seat(name: str, best: Option) -> LogSeat:
    """The trainer's best choice as the log records a seat's."""
    if best.surrendered:
        return LogSeat(name=name, surrender=True)
    if best.declared is not None:
        return LogSeat(name=name, declare=best.declared.hand.id)
    assert best.setting is not None
    return _lanes_seat(name, best.setting, None)


def resume(
    path: Path, timer: float | None = None, clock: Callable[[], float] = time.monotonic
) -> Table:
    """A session saved by ``quit`` (or after any hand): its hands replayed, the next dealt."""
    log, located = load_log(path)
    return resume_log(log, located, timer, clock)


def resume_log(
    log: SessionLog,
    located: Located | None = None,
    timer: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Table:
    """``resume`` for a log already read (``located``: where from, for its errors' lines and
    a ruleset path relative to it)."""
    done = replay(log, located)  # every hand checked, with its position, before going on
    ref = ruleset_in(log.ruleset, located.file) if located is not None else log.ruleset
    rules = resolve_ruleset(ref, ThirteenCardRuleset)
    played = [(hand.hand, hand.result) for hand in done.hands]
    return Table(rules, ref, log.players, log.seed, timer, played, clock)
