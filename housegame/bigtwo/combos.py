"""Combinations: what a set of cards is under a ruleset, and whether one play beats another.

Every play gets a ``strength`` tuple that orders plays of one family (singles,
pairs, triples, five-card hands); all regional choices are already folded into
``Rules``, so comparison is a tuple comparison.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from housegame.bigtwo.errors import BigTwoError
from housegame.bigtwo.rules import Rules
from housegame.cards import RANK_CHARS, Card, parse_cards
from housegame.glossary import Lang, refusal, term
from housegame.rulesets.bigtwo import Family, FiveCardKind

Kind = Literal[
    "single", "pair", "triple", "straight", "flush", "full-house", "quads", "straight-flush"
]
FAMILIES: tuple[Family, ...] = ("single", "pair", "triple", "five-card")
KIND_NAMES: dict[Kind, str] = {
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "straight": "straight",
    "flush": "flush",
    "full-house": "full house",
    "quads": "four of a kind",
    "straight-flush": "straight flush",
}
_FIVE_CARD_KINDS = "a straight, flush, full house, four of a kind + 1 or straight flush"


def rank_text(rank: int) -> str:
    """Rank value as players write it in a run: 10, J, A, 2."""
    return "10" if rank == 10 else RANK_CHARS[rank - 2]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c).replace("T", "10") for c in cards)


@dataclass(frozen=True)
class Combo:
    """A legal play. ``strength`` orders plays of one family; higher is stronger."""

    kind: Kind
    cards: tuple[Card, ...]
    strength: tuple[int, ...]
    label: str

    @property
    def family(self) -> Family:
        return self.kind if self.kind in ("single", "pair", "triple") else "five-card"

    def __str__(self) -> str:
        return self.label if self.kind == "single" else f"{self.label} ({cards_text(self.cards)})"

    def text(self, lang: Lang) -> str:
        """``pair of 3s (3C 3D)``; in Chinese ``对子 (3C 3D)``, a run keeping its name
        (``顺子 A-2-3-4-5 (...)``)."""
        if lang == "en":
            return str(self)
        name = term(self.kind, lang)
        if self.kind in ("straight", "straight-flush"):
            name += " " + self.label.rsplit(" ", 1)[-1]
        cards = cards_text(self.cards)
        return f"{name} {cards}" if self.kind == "single" else f"{name} ({cards})"


def _run_text(ranks: set[int]) -> str | None:
    """Five ranks that follow each other round the cycle 2..A, written from the first:
    "J-Q-K-A-2".
    """
    for start in range(2, 15):
        run = [(start - 2 + i) % 13 + 2 for i in range(5)]
        if set(run) == ranks:
            return "-".join(rank_text(r) for r in run)
    return None


def _five(cards: tuple[Card, ...], rules: Rules) -> Combo:
    rs = rules.ruleset
    counts = Counter(c.rank for c in cards)
    shape = sorted(counts.values(), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    ranks = set(counts)
    straight = rules.straights.get(frozenset(ranks)) if len(ranks) == 5 else None

    def make(kind: FiveCardKind, within: tuple[int, ...], label: str) -> Combo:
        ordered = tuple(sorted(cards, key=rules.power))
        return Combo(kind, ordered, (rules.five_card_power[kind], *within), label)

    if straight is not None:
        top_suit = next(c.suit for c in cards if c.rank == straight.suit_rank)
        kind: FiveCardKind = "straight-flush" if suited else "straight"
        return make(
            kind,
            (straight.position, rules.suit_power[top_suit]),
            f"{KIND_NAMES[kind]} {straight.name}",
        )
    if suited:
        suit = rules.suit_power[cards[0].suit]
        powers = tuple(sorted((rules.rank_power[r] for r in ranks), reverse=True))
        within = {
            "rank-first": (*powers, suit),
            "suit-first": (suit, *powers),
            "top-card": (powers[0], suit),
        }[rs.flush_compare]
        return make("flush", within, "flush")
    by_count = sorted(counts, key=lambda r: (counts[r], rules.rank_power[r]), reverse=True)
    if shape == [3, 2]:
        return make(
            "full-house",
            (rules.rank_power[by_count[0]],),
            f"full house, {rank_text(by_count[0])}s full",
        )
    if shape == [4, 1]:
        if not rs.quads_kicker:
            raise BigTwoError(
                f"{cards_text(cards)}: four of a kind is played without a fifth card in this "
                f"ruleset"
            )
        return make(
            "quads", (rules.rank_power[by_count[0]],), f"four {rank_text(by_count[0])}s + 1"
        )
    run = _run_text(ranks) if len(ranks) == 5 else None
    if run is not None:
        raise BigTwoError(
            f"{run} is not a straight in this ruleset",
            hint="straights here: " + ", ".join(rs.straights),
        )
    reason = {
        (2, 2, 1): "two pairs and a card",
        (3, 1, 1): "three of a kind and two odd cards",
        (2, 1, 1, 1): "a pair and three odd cards",
    }.get(tuple(shape), "five unrelated cards")
    raise refusal(
        BigTwoError,
        ("{cards} is {reason}, not a play", "{cards} 不成牌型"),
        ("five cards must be {kinds}", "五张牌须是顺子、同花、葫芦、铁支加一张或同花顺"),
        cards=cards_text(cards),
        reason=reason,
        kinds=_FIVE_CARD_KINDS,
    )


def _play_sizes(rules: Rules) -> tuple[str, str]:
    """How many cards a play may have, in English and in Chinese: four too where four of a
    kind plays without a kicker."""
    if rules.ruleset.quads_kicker:
        return "1, 2, 3 or 5", "1、2、3 或 5"
    return "1, 2, 3, 4 or 5", "1、2、3、4 或 5"


def classify(cards: Sequence[Card], rules: Rules) -> Combo:
    """The play these cards make, or a BigTwoError saying why they make none."""
    group = tuple(cards)
    if len(set(group)) != len(group):
        phrase = ("{cards}: a card appears twice", "{cards}: 有一张牌出现两次")
        raise refusal(BigTwoError, phrase, cards=cards_text(group))
    n = len(group)
    if n == 0:
        raise refusal(
            BigTwoError,
            ("no cards: a play has {sizes} cards", "没有牌: 一次出 {zh_sizes} 张"),
            ("to pass, say pass", "不出请说 pass"),
            sizes=_play_sizes(rules)[0],
            zh_sizes=_play_sizes(rules)[1],
        )
    if n == 5:
        return _five(group, rules)
    ranks = {c.rank for c in group}
    ordered = tuple(sorted(group, key=rules.power))
    if n == 4 and len(ranks) == 1 and not rules.ruleset.quads_kicker:
        rank = group[0].rank
        return Combo(
            "quads",
            ordered,
            (rules.five_card_power["quads"], rules.rank_power[rank]),
            f"four {rank_text(rank)}s",
        )
    if n == 4:
        extra = " (four of a kind needs a fifth card here)" if len(ranks) == 1 else ""
        raise refusal(
            BigTwoError,
            ("{cards}: four cards are not a play{extra}", "{cards}: 四张牌不能出"),
            (
                "a play is a single, a pair, a triple or {kinds}",
                "出牌须是单张、对子、三张或五张牌型",
            ),
            cards=cards_text(group),
            extra=extra,
            kinds=_FIVE_CARD_KINDS,
        )
    if n > 5:
        phrase = (
            "{n} cards are not a play: a play has {sizes} cards",
            "{n} 张牌不能出: 一次出 {zh_sizes} 张",
        )
        sizes, zh_sizes = _play_sizes(rules)
        raise refusal(BigTwoError, phrase, n=n, sizes=sizes, zh_sizes=zh_sizes)
    if len(ranks) != 1:
        what = "pair" if n == 2 else "triple"
        phrase = ("{cards} is not a {what}: the ranks differ", "{cards} 不是{zh}: 点数不同")
        raise refusal(BigTwoError, phrase, cards=cards_text(group), what=what, zh=term(what, "zh"))
    rank = rules.rank_power[group[0].rank]
    top_suit = max(rules.suit_power[c.suit] for c in group)
    if n == 1:
        return Combo("single", ordered, (rules.power(group[0]),), f"single {cards_text(group)}")
    if n == 2:
        return Combo("pair", ordered, (rank, top_suit), f"pair of {rank_text(group[0].rank)}s")
    return Combo("triple", ordered, (rank,), f"three {rank_text(group[0].rank)}s")


def parse_play(text: str, rules: Rules) -> Combo:
    """Card names (``2D 3C 4C 5S 6H``) read and classified."""
    return classify(parse_cards(text), rules)


def beats(play: Combo, table: Combo, rules: Rules) -> bool:
    """Whether ``play`` may be played over ``table`` (strictly higher, or an allowed bomb)."""
    if play.family != table.family:
        bombs = rules.ruleset.bombs
        return play.kind in bombs.kinds and table.kind in bombs.beat
    return play.strength > table.strength


def why_not(play: Combo, table: Combo, rules: Rules, lang: Lang = "en") -> str | None:
    """None if ``play`` may be played over ``table``; otherwise the reason it may not."""
    if beats(play, table, rules):
        return None
    zh = lang == "zh"
    if play.family != table.family:
        count = len(table.cards)
        if zh:
            return f"{play.text(lang)} 不能压 {table.text(lang)}: 要出 {count} 张"
        return (
            f"{play.label} cannot be played over {table.label}: "
            f"follow with {count} card{'s' if count > 1 else ''}"
        )
    if play.strength[0] < table.strength[0] and play.family == "five-card":
        if zh:
            return f"{term(play.kind, lang)}小于{term(table.kind, lang)}"
        return f"a {KIND_NAMES[play.kind]} is below a {KIND_NAMES[table.kind]}"
    if play.strength == table.strength:
        if zh:
            return f"{play.text(lang)} 与 {table.text(lang)} 一样大; 出牌必须更大"
        return f"{play} only ties {table}; a play must be higher"
    return f"{play.text(lang)} 小于 {table.text(lang)}" if zh else f"{play} is lower than {table}"
