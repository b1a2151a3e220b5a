"""The computer opponent: a documented, deterministic heuristic (not an optimal player).

For every legal way to play the cards in hand, the bot completes its board
``SAMPLES`` times with cards it has not seen (its own dealt and discarded
cards and every placed card are excluded), dropping them into the empty slots
front, middle, back. Each completed board scores:

- ``-FOUL_PENALTY`` if it fouls, so not fouling comes first;
- otherwise its royalties, plus ``STRENGTH_WEIGHT`` per category step of each
  lane, so among equal royalties the stronger board (more lanes won) wins.

The move with the best average is played; ties go to the first move in a
fixed enumeration order. The samples come from a generator seeded by the
hand's seed, the stage and the seat, so a seed replays the same game. On the
last stage there is nothing left to guess and the score is exact. A player in
Fantasyland uses the exact solver instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

import numpy as np
import numpy.typing as npt

from housegame.budget import check
from housegame.cards import DECK, Card
from housegame.ofc.hand import Board, Hand, Move
from housegame.ofc.royalties import tables_for
from housegame.ofc.solver import solve
from housegame.ranking import RankingRules, evaluate_batch
from housegame.rulesets.common import LANES, LaneName
from housegame.rulesets.ofc import OfcRuleset

SAMPLES = 32
FOUL_PENALTY = 50.0
STRENGTH_WEIGHT = 0.1
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


def legal_moves(ruleset: OfcRuleset, board: Board, place: int, discard: int) -> Iterator[Move]:
    """Every legal move for the cards in hand, in a fixed order (discards first, then lanes)."""
    for thrown in combinations(board.pending, discard):
        kept = [c for c in board.pending if c not in thrown]
        assert len(kept) == place
        for lanes in product(LANES, repeat=len(kept)):
            chosen: dict[LaneName, list[Card]] = {lane: [] for lane in LANES}
            for card, lane in zip(kept, lanes):
                chosen[lane].append(card)
            if all(
                len(board.lanes[lane]) + len(chosen[lane]) <= ruleset.lanes.cap(lane)
                for lane in LANES
            ):
                yield Move({lane: tuple(chosen[lane]) for lane in LANES if chosen[lane]}, thrown)


def unseen(hand: Hand, name: str) -> list[Card]:
    """Cards this player has not seen: not dealt to them, not placed by anyone."""
    known = set(hand.boards[name].dealt)
    for board in hand.boards.values():
        known.update(board.placed)
    return [c for c in DECK if c not in known]


def layouts(ruleset: OfcRuleset, board: Board, moves: Sequence[Move]) -> tuple[IntArray, IntArray]:
    """Per move, the 13 slots front..back: the card placed there (or -1) and the fill slot used."""
    fixed = np.full((len(moves), 13), -1, dtype=np.int64)
    slot = np.full((len(moves), 13), -1, dtype=np.int64)
    for row, move in enumerate(moves):
        column, fill = 0, 0
        for lane in LANES:
            cards = board.lanes[lane] + list(move.placed.get(lane, ()))
            for i in range(ruleset.lanes.cap(lane)):
                if i < len(cards):
                    fixed[row, column] = cards[i].index
                else:
                    slot[row, column] = fill
                    fill += 1
                column += 1
    return fixed, slot


@dataclass(frozen=True)
class BoardParts:
    """Complete boards (..., 13) taken apart: each lane's key, the foul, the royalties."""

    front: IntArray
    middle: IntArray
    back: IntArray
    fouled: BoolArray
    royalties: IntArray

    @classmethod
    def of(cls, ruleset: OfcRuleset, boards: IntArray) -> BoardParts:
        keys = lane_keys(ruleset, boards)
        return cls.from_keys(ruleset, *keys)

    @classmethod
    def from_keys(
        cls, ruleset: OfcRuleset, front: IntArray, middle: IntArray, back: IntArray
    ) -> BoardParts:
        """The parts of boards given their lanes' keys (any shape, the same for all three)."""
        rules = ruleset.ranking.rules()
        tables = tables_for(ruleset)
        fouled = ((front >> 4) > (middle >> 4)) | ((middle >> 4) > (back >> 4))
        royalties = (
            tables.front_batch(front)
            + tables.five_batch("middle", middle, rules)
            + tables.five_batch("back", back, rules)
        )
        return cls(front, middle, back, fouled, royalties)

    def categories(self) -> IntArray:
        """The three lanes' categories added up: a board's strength, suits and kickers aside."""
        total: IntArray = (self.front >> 24) + (self.middle >> 24) + (self.back >> 24)
        return total


def lane_keys(ruleset: OfcRuleset, boards: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The keys of the front, middle and back of complete boards (..., 13), shaped (...)."""
    rules = ruleset.ranking.rules()
    flat = boards.reshape(-1, 13)
    shape = boards.shape[:-1]
    front = distinct_keys(flat[:, :3], rules).reshape(shape)
    middle = distinct_keys(flat[:, 3:8], rules).reshape(shape)
    back = distinct_keys(flat[:, 8:], rules).reshape(shape)
    return front, middle, back


def distinct_keys(lanes: IntArray, rules: RankingRules) -> IntArray:
    """``evaluate_batch`` of lanes (N, 3 or 5 cards of one deck), each distinct lane ranked
    once: the bot's sampled boards share most lanes (a fifth of them are distinct over a
    hand), and a lane is known by its cards as bits."""
    cards: IntArray = np.left_shift(np.int64(1), lanes)
    _, first, inverse = np.unique(
        np.bitwise_or.reduce(cards, axis=1), return_index=True, return_inverse=True
    )
    keys: IntArray = evaluate_batch(lanes[first], rules)[inverse.reshape(-1)]
    return keys


def score_boards(ruleset: OfcRuleset, boards: IntArray) -> FloatArray:
    """Heuristic value of complete boards (..., 13): foul penalty, else royalties plus strength."""
    parts = BoardParts.of(ruleset, boards)
    strength = parts.categories() * STRENGTH_WEIGHT
    value: FloatArray = np.where(parts.fouled, -FOUL_PENALTY, parts.royalties + strength).astype(
        np.float64
    )
    return value.reshape(boards.shape[:-1])


def choose_move(hand: Hand, name: str, seed: int) -> Move:
    """The bot's move for ``name`` now; the same hand state and seed give the same move."""
    return best_move(hand, name, seed)[0]


def best_move(hand: Hand, name: str, seed: int) -> tuple[Move, float]:
    """The bot's move and its value: the average heuristic score of the sampled finished
    boards (royalties plus strength, -FOUL_PENALTY for a foul); in Fantasyland, the solved
    setting's royalties."""
    check()
    board = hand.boards[name]
    if board.fantasyland_cards is not None:
        solution = solve(board.pending, hand.ruleset)
        setting = solution.setting
        placed: dict[LaneName, Sequence[Card]] = {
            "front": setting.front,
            "middle": setting.middle,
            "back": setting.back,
        }
        return Move(placed, solution.discards), float(solution.royalties)
    place, discard = hand.expected(name)
    moves = list(legal_moves(hand.ruleset, board, place, discard))
    fixed, slot = layouts(hand.ruleset, board, moves)
    empty = int((slot[0] >= 0).sum())
    pool = np.array([c.index for c in unseen(hand, name)], dtype=np.int64)
    boards = fixed[:, None, :]
    if empty:
        rng = np.random.default_rng([seed, hand.stage, hand.order.index(name)])
        fills = pool[rng.random((SAMPLES, len(pool))).argsort(axis=1)[:, :empty]]
        boards = np.where(
            slot[:, None, :] >= 0,
            fills[:, np.maximum(slot, 0)].transpose(1, 0, 2),
            fixed[:, None, :],
        )
    values = score_boards(hand.ruleset, boards).mean(axis=1)
    best = int(np.argmax(values))
    return moves[best], float(values[best])
