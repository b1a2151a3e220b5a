"""The hint: the search's best moves, each with its estimate and a short reason in en and zh.

The ranking is the search's (``search.estimates``: mean net points under the ruleset's
settlement); the reasons are read from the position and that estimate: going out, an opponent
on one card, a play nothing unseen can beat, a pair broken, the top cards kept or spent, the
singles left behind; a reason that every alternative shares is left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from housegame.bigtwo.combos import Combo, classify, rank_text
from housegame.bigtwo.engine import Game
from housegame.bigtwo.rules import Rules
from housegame.bigtwo.search import DEFAULT_SEARCH, Estimate, SearchSettings, estimates, public_view
from housegame.cards import Card, rank_value
from housegame.glossary import Lang, Phrase, say, term

REASONS: dict[str, Phrase] = {
    "estimate": (
        "about {points:+.1f} points a game, out first in {wins:.0f}% of {deals} deals",
        "约 {points:+.1f} 分一局, {deals} 次发牌中 {wins:.0f}% 先出完",
    ),
    "only": ("the only move", "唯一的走法"),
    "out": ("plays your last cards", "出完最后的牌"),
    "cannot-follow": (
        "{who}, on one card, cannot follow a {family}",
        "{who} 只剩一张, 跟不了{family}",
    ),
    "one-card-safe": (
        "{who}, on one card, cannot beat it",
        "{who} 只剩一张, 压不过它",
    ),
    "one-card-risk": (
        "{who}, on one card, may beat it and go out",
        "{who} 只剩一张, 可能压过并出完",
    ),
    "unbeatable": (
        "nothing unseen beats it: the lead comes back to you",
        "没出的牌都压不过: 牌权回到你",
    ),
    "breaks": ("breaks up your {what} of {rank}s", "拆开你的{what} {rank}"),
    "keeps-top": ("keeps the {rank} for control", "留着 {rank} 控制牌权"),
    "spends-top": ("spends a {rank}", "用掉一张 {rank}"),
    "singles": ("leaves you {n} single{s}", "留下 {n} 张单牌"),
    "pass": ("keeps your cards for a later trick", "留着手里的牌, 以后再出"),
}
"""Every reason the hint gives, in English and Chinese."""

TERMS = ("family", "what")
"""Blanks that hold a glossary key (``single``, ``pair``...), said in the reader's language."""
SHOWN_REASONS = 2
"""Reasons given per move after its estimate, most telling first."""


Reason = tuple[str, dict[str, object]]
"""A key of ``REASONS`` and its blanks."""


@dataclass(frozen=True)
class Advice:
    """One alternative of the hint: the move (None: pass), its estimate and its reasons."""

    play: Combo | None
    estimate: Estimate
    reasons: tuple[Reason, ...]
    """The estimate first, then what sets the move apart; ``reason_texts`` says them."""

    def move_text(self, lang: Lang) -> str:
        return self.play.text(lang) if self.play is not None else term("pass", lang)

    def reason_texts(self, lang: Lang) -> list[str]:
        """The reasons in ``lang``; a blank named in ``TERMS`` holds a glossary key."""
        return [
            say(
                lang,
                REASONS[key],
                **{k: term(str(v), lang) if k in TERMS else v for k, v in blanks.items()},
            )
            for key, blanks in self.reasons
        ]


def advise(
    game: Game, settings: SearchSettings = DEFAULT_SEARCH, seed: int = 0, top: int = 3
) -> list[Advice]:
    """The ``top`` best moves for the player to move, in the search's order, with reasons."""
    found = distinct(estimates(game, settings, seed))[:top]
    said = [position_reasons(game, e.play) for e in found]
    common = set.intersection(*(set(map(_key, r)) for r in said)) if len(said) > 1 else set()
    return [
        Advice(
            e.play,
            e,
            (_estimate_reason(e), *[r for r in rs if _key(r) not in common][:SHOWN_REASONS]),
        )
        for e, rs in zip(found, said)
    ]


def distinct(found: list[Estimate]) -> list[Estimate]:
    """The estimates without repeats: a play of the same kind and ranks as one before it, with
    the same estimate, differs only in suits the search found no use for."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for e in found:
        ranks = tuple(c.rank for c in e.play.cards) if e.play is not None else ()
        key = (e.play.kind if e.play is not None else "pass", ranks, e.points)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


def _key(reason: Reason) -> tuple[str, tuple[tuple[str, object], ...]]:
    return reason[0], tuple(sorted(reason[1].items()))


def _estimate_reason(estimate: Estimate) -> Reason:
    if estimate.deals == 0:
        return ("only", {})
    blanks: dict[str, object] = {
        "points": estimate.points,
        "wins": 100 * estimate.wins,
        "deals": estimate.deals,
    }
    return ("estimate", blanks)


def position_reasons(game: Game, play: Combo | None) -> list[Reason]:
    """What the position says about a move, most telling first (the hint keeps those that
    set it apart from the other alternatives)."""
    return [("pass", {})] if play is None else _play_reasons(game, play)


def _play_reasons(game: Game, play: Combo) -> list[Reason]:
    rules = game.rules
    hand = game.hands[game.turn]
    rest = hand - set(play.cards)
    if not rest:
        return [("out", {})]
    out: list[Reason] = []
    unbeaten = not _can_be_beaten(play, game)
    for seat in _opponents_on_one(game):
        who = game.names[seat]
        if play.kind != "single":
            out.append(("cannot-follow", {"who": who, "family": play.family}))
        else:
            out.append(("one-card-safe" if unbeaten else "one-card-risk", {"who": who}))
    if unbeaten:
        out.append(("unbeatable", {}))
    counts = Counter(c.rank for c in hand)
    rank = play.cards[0].rank
    if play.kind in ("single", "pair") and counts[rank] > len(play.cards):
        what = {2: "pair", 3: "triple"}.get(counts[rank], "quads")
        out.append(("breaks", {"what": what, "rank": rank_text(rank)}))
    top = rank_value(rules.ruleset.rank_order[-1])
    if any(c.rank == top for c in play.cards):
        out.append(("spends-top", {"rank": rank_text(top)}))
    elif any(c.rank == top for c in rest):
        out.append(("keeps-top", {"rank": rank_text(top)}))
    loose = sum(1 for n in Counter(c.rank for c in rest).values() if n == 1)
    out.append(("singles", {"n": loose, "s": "" if loose == 1 else "s"}))
    return out


def _opponents_on_one(game: Game) -> list[int]:
    return [s for s in range(game.seats) if s != game.turn and len(game.hands[s]) == 1]


def _can_be_beaten(play: Combo, game: Game) -> bool:
    """Whether some single, pair or triple of the unseen cards beats the play (a five-card
    play, or one a bomb may be played over, is taken to be beatable: too many hands to rule
    out)."""
    rules = game.rules
    bombs = rules.ruleset.bombs
    if play.family == "five-card" or (bombs.kinds and play.kind in bombs.beat):
        return True
    unseen = public_view(game).unseen
    size = len(play.cards)
    return any(
        classify(group, rules).strength > play.strength
        for group in _strongest_of_each_rank(unseen, size, rules)
    )


def _strongest_of_each_rank(
    cards: tuple[Card, ...], size: int, rules: Rules
) -> list[tuple[Card, ...]]:
    """For each rank with ``size`` unseen cards, the strongest play of that many of them."""
    by_rank: dict[int, list[Card]] = {}
    for card in rules.sort(cards):
        by_rank.setdefault(card.rank, []).append(card)
    return [tuple(cs[-size:]) for cs in by_rank.values() if len(cs) >= size]
