"""The search bot: Monte Carlo playouts over the unseen cards, valued in points with
Fantasyland's worth, for every candidate move.

For the player to move, every legal move is tried. When there are more than
``candidates`` (the first street: some 200 ways to set five cards) they are screened first:
each board is filled ``screen_fills`` times with unseen cards and valued
(``board_value.BoardValue``), and the moves best on average and best at the upper quartile
(what a lucky fill could make of them) go on, half each. Each candidate is then completed
``playouts`` times: the same sampled futures (the unseen cards in a random order, dealt street
after street) for every candidate, played by the fast policy of ``rollout.play_out`` (which
sees the last street's cards on the street before it, for ``seen`` choices); the
finished boards are valued exactly, and the move with the best mean is played (ties: the first
in ``bot.legal_moves`` order). On the last street there is nothing left to sample and the
value is exact. In Fantasyland the exact solver sets the hand, as the baseline bot does.

Everything random comes from a generator seeded by the hand's seed, the street and the seat,
so a seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from housegame.cards import rank_value
from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import (
    BoardParts,
    FloatArray,
    IntArray,
    best_move,
    layouts,
    legal_moves,
    unseen,
)
from housegame.ofc.errors import OfcError
from housegame.ofc.fantasyland_value import DEALS
from housegame.ofc.hand import Board, Hand, Move
from housegame.ofc.rollout import best_fill_value, play_out
from housegame.rulesets.common import LANES
from housegame.rulesets.ofc import OfcRuleset

UPPER_QUANTILE = 0.75
"""Screening keeps half its moves by this quantile of the sampled values (the moves that can
turn out well), half by the mean."""


@dataclass(frozen=True)
class SearchSettings:
    """How hard the search bot looks; ``playouts`` sets the time a decision takes."""

    playouts: int = 48
    """Sampled completions of every candidate move."""
    fills: int = 3
    """Random fills of a lane the fast policy picks the best of, inside a playout."""
    groups: int = 1
    """Sets of such fills the fast policy averages for each choice (how often it fouls)."""
    seen: int = 6
    """Choices the fast policy plays against the last street's cards on the street before it
    (``rollout.play_out``; 0: none)."""
    candidates: int = 16
    """Moves kept for playouts when there are more (every street but the last)."""
    chase_candidates: int = 4
    """Moves that go for Fantasyland's front (``chases``) kept besides, best first."""
    screen_fills: int = 48
    """Random fills per move when screening."""
    fantasyland_deals: int = DEALS
    """Sampled Fantasyland hands per card count for Fantasyland's value."""


DEFAULT = SearchSettings()


@dataclass(frozen=True)
class Choice:
    """A move and its value (mean points per opponent over the playouts)."""

    move: Move
    value: float


def _rng(hand: Hand, name: str, seed: int) -> np.random.Generator:
    return np.random.default_rng([seed, hand.stage, hand.order.index(name), 0x5EA])


def chases(ruleset: OfcRuleset, board: Board, move: Move) -> bool:
    """The move goes for Fantasyland's front: it puts cards in the front, every card there
    (with the ones already placed) of at least the entry's rank (Q for QQ+), and for an entry
    that asks for trips, all of one rank."""
    fantasyland = ruleset.fantasyland
    added = move.placed.get("front", ())
    if fantasyland is None or not added:
        return False
    front = [*board.lanes["front"], *added]
    least = fantasyland.entry.front
    ranks = {card.rank for card in front}
    return min(ranks) >= rank_value(least.rank) and (least.category == "pair" or len(ranks) == 1)


def _screen(
    boards: IntArray,
    pool: IntArray,
    value: BoardValue,
    settings: SearchSettings,
    rng: np.random.Generator,
    forced: Sequence[int],
    chasing: Sequence[int],
) -> list[int]:
    """Rows of ``boards`` worth playouts: best by mean and by upper quartile of filled boards
    (each fill its own order of the unseen cards), the ``forced`` ones, and the best by mean
    of the ``chasing`` rows for each front they make (moves that go for Fantasyland, which a
    filled board undervalues: its random fills rarely pair the front)."""
    groups = max(1, settings.screen_fills // settings.fills)
    stock = pool[rng.random((groups, len(pool))).argsort(axis=1)]
    options = np.broadcast_to(boards, (groups, *boards.shape))
    worth = best_fill_value(value, options, stock, settings.fills)  # (groups, moves)
    kept: list[int] = list(dict.fromkeys(forced))
    for score in (worth.mean(axis=0), np.quantile(worth, UPPER_QUANTILE, axis=0)):
        quota = len(kept) + settings.candidates // 2
        for row in np.argsort(-score, kind="stable"):
            if len(kept) >= quota:
                break
            if int(row) not in kept:
                kept.append(int(row))
    mean = worth.mean(axis=0)
    best: dict[tuple[int, ...], int] = {}  # per front the chasing moves make, the best move
    for row in sorted(chasing, key=lambda row: (-float(mean[row]), row)):
        best.setdefault(tuple(sorted(int(c) for c in boards[row, :3] if c >= 0)), row)
    kept += [row for row in best.values() if row not in kept][: settings.chase_candidates]
    return sorted(kept)


def choices(
    hand: Hand,
    name: str,
    seed: int,
    settings: SearchSettings | None = None,
    also: Sequence[Move] = (),
) -> list[Choice]:
    """The candidate moves for ``name`` now and their values, best first (ties in
    ``legal_moves`` order); ``also`` are moves to value in any case (e.g. the player's own,
    which must be legal). ``settings``: ``DEFAULT`` when not given."""
    settings = settings or DEFAULT
    board = hand.boards[name]
    ruleset = hand.ruleset
    value = BoardValue.of(ruleset, settings.fantasyland_deals)
    if board.fantasyland_cards is not None:
        return _fantasyland(hand, name, seed, value, also)
    place, discard = hand.expected(name)
    moves = list(legal_moves(ruleset, board, place, discard))
    index = {move_key(m): i for i, m in enumerate(moves)}
    forced = []
    for move in also:
        if move_key(move) not in index:
            raise OfcError(f"{name}: not a legal move now: {move.as_dict()}")
        forced.append(index[move_key(move)])
    boards, _ = layouts(ruleset, board, moves)
    streets = ruleset.deal[hand.stage + 1 :]
    if not streets:
        worth = value(boards)
        return _ranked(moves, range(len(moves)), worth)
    rng = _rng(hand, name, seed)
    pool = np.array([c.index for c in unseen(hand, name)], dtype=np.int64)
    rows = list(range(len(moves)))
    if len(moves) > settings.candidates:
        chasing = [row for row, move in enumerate(moves) if chases(ruleset, board, move)]
        rows = _screen(boards, pool, value, settings, rng, forced, chasing)
    futures = pool[rng.random((settings.playouts, len(pool))).argsort(axis=1)]
    starts = np.repeat(boards[rows], settings.playouts, axis=0)
    decks = np.tile(futures, (len(rows), 1))
    finished = play_out(
        ruleset, starts, streets, decks, value, settings.fills, settings.groups, settings.seen
    )
    worth = value(finished).reshape(len(rows), settings.playouts).mean(axis=1)
    return _ranked(moves, rows, worth)


def _fantasyland(
    hand: Hand, name: str, seed: int, value: BoardValue, also: Sequence[Move]
) -> list[Choice]:
    """A Fantasyland hand: the solver's setting first, then ``also``; each valued as a finished
    board without Fantasyland's entry (whether it stays is the solver's business)."""
    move, _ = best_move(hand, name, seed)
    moves = [move, *(m for m in also if move_key(m) != move_key(move))]
    boards, slots = layouts(hand.ruleset, hand.boards[name], moves)
    if (slots >= 0).any() or any(len(m.cards) != len(hand.boards[name].pending) for m in moves):
        raise OfcError(f"{name}: a Fantasyland move sets 13 cards and discards the rest")
    worth = value.of_parts(BoardParts.of(hand.ruleset, boards), entry=False)
    return _ranked(moves, range(len(moves)), worth)


def move_key(move: Move) -> tuple[tuple[int, ...], ...]:
    """A move as sets of card indices per lane and discarded (order within a lane aside)."""
    lanes = [tuple(sorted(c.index for c in move.placed.get(lane, ()))) for lane in LANES]
    return (*lanes, tuple(sorted(c.index for c in move.discarded)))


def _ranked(moves: Sequence[Move], rows: Sequence[int], worth: FloatArray) -> list[Choice]:
    order = sorted(range(len(rows)), key=lambda i: (-float(worth[i]), rows[i]))
    return [Choice(moves[rows[i]], float(worth[i])) for i in order]


def search_move(hand: Hand, name: str, seed: int, settings: SearchSettings | None = None) -> Move:
    """The search bot's move for ``name`` now (same shape as ``bot.choose_move``)."""
    return choices(hand, name, seed, settings)[0].move
