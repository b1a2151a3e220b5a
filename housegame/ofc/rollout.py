"""Playouts: many partial boards completed street by street by a fast policy, all at once.

A board is 13 slots, front (0-2), middle (3-7), back (8-12), each a card index or -1 when
empty; a lane fills from its first slot. At each street a playout is dealt that street's cards
and tries every way to play them (a *pattern*: for each card dealt, its lane or the discard);
the fast policy keeps the pattern whose boards, their empty slots filled ``fills`` times with
cards the player has not seen, are worth the most on average (the baseline bot's evaluation,
valued by ``BoardValue``). On the last street but one, the ``seen`` patterns the policy
values most are instead played against the last street's cards, which that playout has
already drawn: each is worth its best finished board (exact), and the best of them is kept.
Seeing one street ahead is optimistic, but it is where a foul is decided, and random fills
cannot tell a middle that will hold from one that will not. Every board, street and pattern
is one numpy array.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

import numpy as np

from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import BoardParts, FloatArray, IntArray, lane_keys
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset, Stage

SLOTS = 13
DISCARD = -1
Scorer = Callable[[IntArray], FloatArray]


@cache
def patterns(dealt: int, placed: int) -> tuple[tuple[int, ...], ...]:
    """Every way to play ``dealt`` cards placing ``placed``: per card a lane (0-2) or
    DISCARD, discards first then lanes front to back (as ``bot.legal_moves`` orders moves)."""
    choices = (DISCARD, *range(len(LANES)))
    return tuple(
        p for p in product(choices, repeat=dealt) if sum(c != DISCARD for c in p) == placed
    )


@dataclass(frozen=True)
class Geometry:
    """Where each lane starts among the 13 slots and how many cards it holds."""

    start: IntArray
    cap: IntArray

    @classmethod
    def of(cls, ruleset: OfcRuleset) -> Geometry:
        caps = [ruleset.lanes.cap(lane) for lane in LANES]
        starts = np.cumsum([0, *caps[:-1]])
        return cls(np.array(starts, dtype=np.int64), np.array(caps, dtype=np.int64))

    def counts(self, boards: IntArray) -> IntArray:
        """Cards in each lane (..., 3)."""
        full = boards >= 0
        return np.stack(
            [full[..., s : s + c].sum(axis=-1) for s, c in zip(self.start, self.cap)], axis=-1
        )


def expand(
    geometry: Geometry, boards: IntArray, cards: IntArray, stage: Stage
) -> tuple[IntArray, np.ndarray]:
    """Every pattern of this street on every board: boards (B, P, 13), and which are legal."""
    table = np.array(patterns(stage.dealt, stage.placed), dtype=np.int64).reshape(-1, stage.dealt)
    lanes = np.maximum(table, 0)
    placing = table != DISCARD
    # a card's place in its lane: the lane's cards so far, then earlier cards of this pattern
    earlier = np.zeros_like(table)
    for i in range(1, stage.dealt):
        earlier[:, i] = ((table[:, :i] == table[:, i : i + 1]) & placing[:, :i]).sum(axis=1)
    adds = np.stack([(table == lane).sum(axis=1) for lane in range(len(LANES))], axis=1)
    counts = geometry.counts(boards)
    legal = ((counts[:, None, :] + adds[None, :, :]) <= geometry.cap).all(axis=2)
    slot = geometry.start[lanes] + counts[:, lanes] + earlier
    slot = np.where(placing & legal[:, :, None], slot, SLOTS)
    wide = np.concatenate([boards, np.full((len(boards), 1), -1, dtype=np.int64)], axis=1)
    out = np.repeat(wide[:, None, :], len(table), axis=1)
    np.put_along_axis(out, slot, np.broadcast_to(cards[:, None, :], slot.shape), axis=2)
    return out[..., :SLOTS], legal


def fill(boards: IntArray, stock: IntArray, fills: int) -> IntArray:
    """Each board (B, P, 13) with its empty slots filled ``fills`` times from its row of
    ``stock`` (B, T), unseen cards in random order, at least as many as a board's empty slots:
    (B, P, fills, 13); fill f starts f * T // fills cards on (wrapping around)."""
    empty = boards < 0
    rank = np.maximum(np.cumsum(empty, axis=-1) - 1, 0)
    width = stock.shape[1]
    shift = (np.arange(fills) * (width // fills))[:, None] + np.arange(SLOTS)[None, :]
    cards = stock[:, shift % width]  # (B, fills, 13)
    chosen = np.take_along_axis(
        cards[:, None, :, :],
        np.broadcast_to(rank[:, :, None, :], (*rank.shape[:2], fills, SLOTS)),
        axis=3,
    )
    return np.where(empty[:, :, None, :], chosen, boards[:, :, None, :])


def best_fill_value(
    value: BoardValue, boards: IntArray, stock: IntArray, fills: int, groups: int = 1
) -> FloatArray:
    """What boards (B, P, 13) are worth if each lane's empty slots get the best of ``fills``
    random fills, chosen lane by lane (the front by royalty and Fantasyland, the middle and
    back by strength): a player chooses where each card goes, so a lane is not filled at
    random. With ``groups`` > 1 that is done for ``groups`` sets of fills and averaged: one
    set is a single lucky board (clean or fouled), several measure how often the choice
    fouls. (B, P)."""
    filled = fill(boards, stock, groups * fills)
    filled = filled.reshape(*filled.shape[:-2], groups, fills, SLOTS)
    front, middle, back = lane_keys(value.ruleset, filled)
    pick = np.argmax(value.front_worth(front), axis=-1)[..., None]
    best = [
        np.take_along_axis(keys, pick, axis=-1)[..., 0]
        for keys, pick in (
            (front, pick),
            (middle, np.argmax(middle, axis=-1)[..., None]),
            (back, np.argmax(back, axis=-1)[..., None]),
        )
    ]
    worth: FloatArray = value.of_parts(BoardParts.from_keys(value.ruleset, *best)).mean(axis=-1)
    return worth


def best_finished(
    geometry: Geometry, value: BoardValue, boards: IntArray, cards: IntArray, stage: Stage
) -> tuple[FloatArray, IntArray]:
    """Boards (B, K, 13) one street from finished, each finished as well as that street's
    ``cards`` (B, dealt) allow: their values (B, K) and the finished boards (B, K, 13)."""
    count, kept = boards.shape[:2]
    flat = boards.reshape(count * kept, SLOTS)
    finished, legal = expand(geometry, flat, np.repeat(cards, kept, axis=0), stage)
    worth = np.where(legal, value(finished), -np.inf)
    pick = np.argmax(worth, axis=1)
    rows = np.arange(len(flat))
    best: FloatArray = worth[rows, pick].reshape(count, kept)
    return best, finished[rows, pick].reshape(count, kept, SLOTS)


def play_out(
    ruleset: OfcRuleset,
    boards: IntArray,
    streets: Sequence[Stage],
    unseen: IntArray,
    value: BoardValue,
    fills: int,
    groups: int = 1,
    seen: int = 0,
) -> IntArray:
    """Complete ``boards`` (B, 13) over ``streets``. Row b of ``unseen`` (B, U) is playout b's
    unseen cards in a random order: the streets are dealt from its front, and the policy fills
    boards with the rest, which that playout never deals the player (so the policy's guesses
    do not see its own future); ``groups`` as ``best_fill_value``'s; ``seen``: patterns played
    against the last street's cards on the street before it (0: none)."""
    geometry = Geometry.of(ruleset)
    at = 0
    total = sum(s.dealt for s in streets)
    # fills come from cards this playout never deals the player (all of them if none are left)
    stock = unseen[:, total:] if unseen.shape[1] > total else unseen
    rows = np.arange(len(boards))
    for number, stage in enumerate(streets):
        cards = unseen[:, at : at + stage.dealt]
        at += stage.dealt
        options, legal = expand(geometry, boards, cards, stage)
        if number == len(streets) - 1:
            worth = value(options)
        else:
            worth = best_fill_value(value, options, stock, fills, groups)
        worth = np.where(legal, worth, -np.inf)
        if seen and number == len(streets) - 2:
            last = streets[-1]
            top = np.argsort(-worth, axis=1, kind="stable")[:, :seen]
            kept = np.take_along_axis(options, top[:, :, None], axis=1)
            cards = unseen[:, at : at + last.dealt]
            worth, finished = best_finished(geometry, value, kept, cards, last)
            worth = np.where(np.take_along_axis(legal, top, axis=1), worth, -np.inf)
            played: IntArray = finished[rows, np.argmax(worth, axis=1)]
            return played  # the last street is played as well
        boards = options[rows, np.argmax(worth, axis=1)]
    return boards
