"""Whether a 13-card condition can ever hold, and if not, why.

Most special-hand tests read only the hand's profile: how many cards of each held rank and
of each held suit. Every profile that 13 cards of one deck can have is listed once (rank
counts of at most 4, suit counts of at most 13, and a 4 x 13 grid of distinct cards with
those row and column sums: Gale-Ryser), and a condition is evaluated on each in three
values (holds, fails, unknown: tests that read the cards themselves). A condition that fails
on every profile can never hold; ``validate`` refuses it with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel

from housegame.cards import SUIT_NAMES, rank_value
from housegame.rulesets.common import HAND_CARDS, Bounds, Count, count_holds
from housegame.yamlsource import KeyPath

SUITS = len(SUIT_NAMES)
RANKS = 13


def partitions(total: int, largest: int, parts: int) -> Iterator[tuple[int, ...]]:
    """``total`` as at most ``parts`` numbers of at most ``largest``, largest first."""
    if total == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(total, largest), 0, -1):
        for rest in partitions(total - first, first, parts - 1):
            yield (first, *rest)


def _grid_exists(suits: tuple[int, ...], ranks: tuple[int, ...]) -> bool:
    """A 0-1 grid of suits x ranks with these sums (Gale-Ryser; both largest first)."""
    fits = (sum(suits[:k]) <= sum(min(n, k) for n in ranks) for k in range(1, len(suits) + 1))
    return all(fits)


@dataclass(frozen=True)
class Profile:
    """Cards per held rank and per held suit, largest first."""

    ranks: tuple[int, ...]
    suits: tuple[int, ...]


@cache
def profiles() -> tuple[Profile, ...]:
    """Every profile 13 cards of one 52-card deck can have."""
    rank_shapes = list(partitions(HAND_CARDS, SUITS, RANKS))
    suit_shapes = list(partitions(HAND_CARDS, RANKS, SUITS))
    return tuple(Profile(r, s) for r in rank_shapes for s in suit_shapes if _grid_exists(s, r))


Truth = bool | None
"""holds, fails, or unknown (the test reads the cards, not the profile)."""


def _count(count: Count, value: int) -> bool:
    return count_holds(count, value)


def form(cond: BaseModel) -> str:
    """Which test a condition is: its one field (``all``, ``not_``, ``rank_pattern``, ...)."""
    return next(iter(type(cond).model_fields))


def _capacity(cond: Any) -> int:
    """How many of a deck's cards pass a count_cards filter."""
    ranks = [rank_value(r) for r in cond.ranks] if cond.ranks is not None else list(range(2, 15))
    low = rank_value(cond.min_rank) if cond.min_rank is not None else 2
    high = rank_value(cond.max_rank) if cond.max_rank is not None else 14
    suits = [s for s in SUIT_NAMES if cond.suits is None or s in cond.suits]
    if cond.colour is not None:
        suits = [s for s in suits if (s in ("hearts", "diamonds")) == (cond.colour == "red")]
    return len([r for r in set(ranks) if low <= r <= high]) * len(suits)


_PROFILE_TESTS: dict[str, Callable[[Profile], int]] = {
    "pairs": lambda p: sum(n // 2 for n in p.ranks),
    "distinct_ranks": lambda p: len(p.ranks),
    "repeated_ranks": lambda p: sum(1 for n in p.ranks if n >= 2),
    "most_of_a_rank": lambda p: p.ranks[0],
    "distinct_suits": lambda p: len(p.suits),
}
"""Count tests read from a profile: what each counts."""


def truth(cond: Any, profile: Profile) -> Truth:
    """The condition on a hand of this profile: True, False, or None when it depends on more
    than the profile."""
    kind = form(cond)
    if kind == "all":
        parts = [truth(c, profile) for c in cond.all]
        return False if False in parts else (True if all(parts) else None)
    if kind == "any":
        parts = [truth(c, profile) for c in cond.any]
        return True if True in parts else (False if all(p is False for p in parts) else None)
    if kind == "not_":
        inner = truth(cond.not_, profile)
        return None if inner is None else not inner
    if kind == "rank_pattern":
        return bool(list(profile.ranks) == cond.rank_pattern)
    if kind == "suit_pattern":
        return bool(list(profile.suits) == cond.suit_pattern)
    if kind in _PROFILE_TESTS:
        return _count(getattr(cond, kind), _PROFILE_TESTS[kind](profile))
    return None if _leaf_reason(cond) is None else False  # count_cards, holds, can_set


def _range_text(count: Count) -> str:
    if isinstance(count, Bounds):
        if count.max is None:
            return f"{count.min} or more"
        return f"at most {count.max}" if count.min is None else f"{count.min} to {count.max}"
    return str(count)


def _pattern_reason(pattern: list[int], most: int, places: int, what: str) -> str | None:
    if sum(pattern) != HAND_CARDS:
        return f"{pattern} counts {sum(pattern)} cards; a hand has {HAND_CARDS}"
    if pattern != sorted(pattern, reverse=True):
        return f"{pattern} is not largest first: write {sorted(pattern, reverse=True)}"
    if any(n < 1 or n > most for n in pattern):
        return f"a {what} holds 1 to {most} cards, not {max(pattern)}"
    if len(pattern) > places:
        return f"{len(pattern)} {what}s; a deck has {places}"
    return None


_TOPS: dict[str, tuple[int, str]] = {
    "pairs": (HAND_CARDS // 2, "13 cards hold at most 6 pairs"),
    "distinct_ranks": (RANKS, "a deck has 13 ranks"),
    "repeated_ranks": (HAND_CARDS // 2, "13 cards repeat at most 6 ranks"),
    "most_of_a_rank": (SUITS, "a rank has 4 cards"),
    "distinct_suits": (SUITS, "a deck has 4 suits"),
}
"""The largest value of each count test, and why."""


def _leaf_reason(cond: Any) -> str | None:
    """Why one test alone can never hold, in the author's terms (None: it can, or only the
    whole condition says why not)."""
    kind = form(cond)
    if kind == "rank_pattern":
        return _pattern_reason(cond.rank_pattern, SUITS, RANKS, "rank")
    if kind == "suit_pattern":
        return _pattern_reason(cond.suit_pattern, RANKS, SUITS, "suit")
    if kind in _TOPS:
        top, why = _TOPS[kind]
        count: Count = getattr(cond, kind)
        if not any(_count(count, n) for n in range(top + 1)):
            return f"{kind} {_range_text(count)}: {why}"
        return None
    if kind == "count_cards":
        most = min(HAND_CARDS, _capacity(cond.count_cards))
        count = cond.count_cards.count
        if not any(_count(count, n) for n in range(most + 1)):
            why = "a hand has 13 cards" if most == HAND_CARDS else f"{most} cards of the deck pass"
            return f"count {_range_text(count)} of the cards that pass: {why}"
        return None
    if kind == "holds" and len(cond.holds) > HAND_CARDS:
        return f"{len(cond.holds)} cards named; a hand has {HAND_CARDS}"
    return None


def _children(cond: Any) -> Iterator[tuple[Any, KeyPath]]:
    kind = form(cond)
    if kind in ("all", "any"):
        yield from ((c, (kind, i)) for i, c in enumerate(getattr(cond, kind)))
    elif kind == "not_":
        yield cond.not_, ("not",)


def never_holds(cond: BaseModel) -> tuple[KeyPath, str] | None:
    """Where and why a 13-card condition can never hold, or None if some hand meets it. A
    test that can never hold alone is named; else the smallest part that cannot."""
    return _never_holds_of(_Condition(type(cond), cond.model_dump_json(), cond))


KNOWN_CONDITIONS = 2048
"""Conditions whose answer is kept: a ruleset and its variants, loaded again and again (a
sensitivity run, the rules sheets), repeat the same few special hands."""


@dataclass(frozen=True)
class _Condition:
    """A condition keyed by its type and JSON, the same key for every equal condition."""

    kind: type[BaseModel]
    text: str
    cond: BaseModel = field(compare=False)


@lru_cache(maxsize=KNOWN_CONDITIONS)
def _never_holds_of(key: _Condition) -> tuple[KeyPath, str] | None:
    """``never_holds`` walks every profile; each distinct condition is walked once."""
    cond = key.cond
    if _negative(cond.model_dump()) or any(truth(cond, p) is not False for p in profiles()):
        return None  # a negative count is the bounds check's to report ("-1 is negative")
    return _why(cond)


def _negative(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_negative(v) for v in value.values())
    if isinstance(value, list):
        return any(_negative(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool) and value < 0


def _why(cond: Any) -> tuple[KeyPath, str]:
    leaf = _leaf_reason(cond)
    if leaf is not None:
        return (), leaf
    for child, at in _children(cond):
        if all(truth(child, p) is False for p in profiles()):
            inner, reason = _why(child)
            return (*at, *inner), reason
    kind = form(cond)
    if kind == "not_" and all(truth(cond.not_, p) is True for p in profiles()):
        return (), f"every hand meets {_shown(cond.not_)}, so never its opposite"
    if kind == "all":
        for i, a in enumerate(cond.all):
            for b in cond.all[i + 1 :]:
                if all(False in (truth(a, p), truth(b, p)) for p in profiles()):
                    return (), f"{_shown(a)} and {_shown(b)} never hold together"
    return (), "its tests contradict each other: no 13 cards meet them all"


def _shown(cond: BaseModel) -> str:
    """A test as an author writes it: ``{distinct_suits: 1}``."""
    data = cond.model_dump(mode="json", by_alias=True, exclude_none=True)
    return json.dumps(data, ensure_ascii=False).replace('"', "")


__all__ = ["Profile", "form", "never_holds", "partitions", "profiles", "truth"]
