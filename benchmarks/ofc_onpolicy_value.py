"""Experiment (session 26): values of partial boards fitted to what the policy then makes.

Session 23's network (``ofc_partial_tables.py --model network``) was fitted to the best of
the next street's moves valued by the next street's network: a max over noisy values, so its
targets were optimistic and its greedy play fouled 21 %. Here one network per street (the same
inputs and shape, ``--features`` for others) is fitted to the finished value a board actually
reaches when the policy the later streets' networks define plays on, greedily, from the last
street back (the last street is played exactly, by ``rollout.play_out``):

- the boards of a street come from the current policy (the playouts' fill policy where there is
  no network yet), a share ``--explore`` of choices random and a share ``--chasers`` of hands
  always taking the best move that goes for Fantasyland's front;
- a board's target is its mean finished value over ``--futures`` continuations (six sampled
  last streets on the street before it); ``--scale`` multiplies Fantasyland's worth in it;
- ``--rounds`` repeats the pass, the boards then coming from the last round's networks (policy
  iteration); ``--hidden`` leaves up to that many cards out of what each hand has unseen, as
  an opponent's cards in view would.

Readings: the networks' greedy policy alone from an empty board (value, fouls, Fantasyland
entry, as ``ofc_chase_check.py policy``; ``--in-view`` again with that many cards out of
view); ``--bot``: ``ofc_chase_check.py forced``'s readings with the networks' policy in the
search bot's playouts; ``--bench N``: ``ofc_bot_bench.py`` over N sessions with it, and with
``--screen`` the search's screening by the networks, or with ``--greedy`` no search at all
(the networks' move). ``--save``/``--load`` keep the networks (``--rounds 0``: no fitting).

Run::

    python benchmarks/ofc_onpolicy_value.py --hands 60000 --futures 2 --rounds 2 --save it1.npz
    nice -n 5 python benchmarks/ofc_onpolicy_value.py --load it1.npz --rounds 0 --bench 20 --greedy
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import ofc_bot_bench
import ofc_chase_check
from ofc_partial_tables import RANKS, chasing, choose, dense, forward, live_counts, train

from housegame.ofc import search
from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import BoardParts, FloatArray, IntArray, layouts, legal_moves, unseen
from housegame.ofc.hand import Hand, Move
from housegame.ofc.rollout import SLOTS, Geometry, best_fill_value, expand, play_out
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset, Stage

Layers = list[np.ndarray]
SAMPLES = 6
"""Last streets sampled for each board's target on the street before it."""
CHUNK = 4000
"""Hands simulated at a time."""


def rich(boards: IntArray, live: IntArray) -> FloatArray:
    """``dense`` and, besides, each lane's cards of every rank, the unseen cards of every rank
    and the most cards of one suit in the middle and the back."""
    valid = boards >= 0
    ranks = np.where(valid, boards // 4, -1)
    suits = np.where(valid, boards % 4, -1)
    cols: list[np.ndarray] = [dense(boards, live)]
    for a, b in ((0, 3), (3, 8), (8, 13)):
        cols.append((ranks[:, a:b, None] == np.arange(RANKS)).sum(axis=1) / 2.0)
    cols.append(live / 4.0)
    for a, b in ((3, 8), (8, 13)):
        cols.append((suits[:, a:b, None] == np.arange(4)).sum(axis=1).max(axis=1)[:, None] / 5.0)
    out: FloatArray = np.concatenate(cols, axis=1).astype(np.float32)
    return out


Features = Callable[[IntArray, IntArray], FloatArray]


def pooled(boards: IntArray, live: IntArray) -> FloatArray:
    """``dense`` and how many cards are unseen (fewer when an opponent shows cards)."""
    pool = live.sum(axis=1, keepdims=True) / 47.0
    out: FloatArray = np.concatenate([dense(boards, live), pool], axis=1).astype(np.float32)
    return out


FEATURES: dict[str, Features] = {"dense": dense, "rich": rich, "pool": pooled}


class Policy:
    """Greedy by the fitted networks on the streets they cover, ``play_out`` after (the last
    street, exact)."""

    def __init__(self, ruleset: OfcRuleset, value: BoardValue, fills: int, seen: int) -> None:
        self.ruleset = ruleset
        self.value = value
        self.fills = fills
        self.seen = seen
        self.geometry = Geometry.of(ruleset)
        self.nets: dict[int, Layers] = {}
        self.last_fitted = len(ruleset.deal) - 1  # the last street is played exactly
        self.futures = 1  # continuations averaged for a board's target (the last: SAMPLES)
        self.features: Features = dense
        self.placed = np.cumsum([s.placed for s in ruleset.deal])
        self.lookahead = 0  # --greedy: next streets sampled for a move (0: none)
        self.keep = 0  # --greedy --lookahead: moves the networks value most looked at (0: all)

    def worth(self, stage: int, options: IntArray, rest: IntArray) -> FloatArray:
        """Boards (B, P, 13) standing after ``stage``; ``rest`` (B, R): cards not yet dealt."""
        live = live_counts(rest)
        count, width = options.shape[:2]
        flat = options.reshape(-1, SLOTS)
        counts = np.repeat(live, width, axis=0)
        out = np.empty(len(flat))
        for lo in range(0, len(flat), 40_000):
            out[lo : lo + 40_000] = forward(
                self.nets[stage],
                self.features(flat[lo : lo + 40_000], counts[lo : lo + 40_000]),
            )
        return out.reshape(count, width)

    def play(
        self,
        boards: IntArray,
        streets: Sequence[Stage],
        unseen: IntArray,
        fills: int | None = None,
        groups: int = 1,
        seen: int | None = None,
    ) -> IntArray:
        """``play_out``'s contract: complete boards over ``streets`` dealt from ``unseen``."""
        deal = self.ruleset.deal
        first = len(deal) - len(streets)
        rows = np.arange(len(boards))
        at = 0
        for number, street in enumerate(streets):
            stage = first + number
            if stage not in self.nets:
                return play_out(
                    self.ruleset,
                    boards,
                    streets[number:],
                    unseen[:, at:],
                    self.value,
                    self.fills if fills is None else fills,
                    groups,
                    self.seen if seen is None else seen,
                )
            cards = unseen[:, at : at + street.dealt]
            at += street.dealt
            options, legal = expand(self.geometry, boards, cards, street)
            worth = np.where(legal, self.worth(stage, options, unseen[:, at:]), -np.inf)
            boards = options[rows, np.argmax(worth, axis=1)]
        return boards

    def playouts(
        self, _ruleset: OfcRuleset, boards: IntArray, streets: Sequence[Stage], *rest: Any
    ) -> IntArray:
        """In ``rollout.play_out``'s place, for the search bot (its arguments, positional)."""
        unseen, _value, fills, groups, seen = rest
        return self.play(boards, streets, unseen, fills, groups, seen)

    def screen(
        self,
        value: BoardValue,
        boards: IntArray,
        stock: IntArray,
        fills: int,
        groups: int = 1,
    ) -> FloatArray:
        """In ``search``'s ``best_fill_value`` place, for screening (``--screen``): boards
        (G, M, 13) by the network of the stage they stand after, the same for every row."""
        placed = int((boards[0, 0] >= 0).sum())
        stage = next((i for i in range(len(self.ruleset.deal)) if self.placed[i] == placed), -1)
        if stage not in self.nets:
            return best_fill_value(value, boards, stock, fills, groups)
        worth = self.worth(stage, boards[:1], stock[:1])
        return np.broadcast_to(worth, boards.shape[:2])

    def move(
        self, hand: Hand, name: str, seed: int, settings: search.SearchSettings | None = None
    ) -> Move:
        """In the bench's ``search_move`` place (``--greedy``): no search, the move whose board
        the network values most (exact on the last street; Fantasyland as the search bot)."""
        board = hand.boards[name]
        if board.fantasyland_cards is not None or hand.stage not in self.nets:
            return search.search_move(hand, name, seed, settings)
        place, discard = hand.expected(name)
        moves = list(legal_moves(self.ruleset, board, place, discard))
        boards, _ = layouts(self.ruleset, board, moves)
        pool = np.array([c.index for c in unseen(hand, name)], dtype=np.int64)
        worth = self.worth(hand.stage, boards[None], pool[None])[0]
        if self.lookahead:
            rng = np.random.default_rng([seed, hand.stage, hand.order.index(name), 0x100C])
            rows = np.argsort(-worth, kind="stable")[: self.keep or len(moves)]
            worth = np.full(len(moves), -np.inf)
            worth[rows] = self.ahead(hand.stage, boards[rows], pool, rng)
        return moves[int(np.argmax(worth))]

    def ahead(
        self, stage: int, boards: IntArray, pool: IntArray, rng: np.random.Generator
    ) -> FloatArray:
        """Boards (M, 13) standing after ``stage``, each worth its mean over ``lookahead``
        sampled next streets (the same for every board) of its best next board, valued by the
        next street's network (exactly on the last street)."""
        street = self.ruleset.deal[stage + 1]
        total = np.zeros(len(boards))
        for _ in range(self.lookahead):
            order = rng.permutation(pool)
            cards = np.broadcast_to(order[: street.dealt], (len(boards), street.dealt))
            options, legal = expand(self.geometry, boards, np.ascontiguousarray(cards), street)
            if stage + 1 in self.nets:
                rest = np.broadcast_to(
                    order[street.dealt :], (len(boards), len(order) - street.dealt)
                )
                worth = self.worth(stage + 1, options, rest)
            else:
                worth = self.value(options)
            total += np.where(legal, worth, -np.inf).max(axis=1)
        out: FloatArray = total / self.lookahead
        return out


def behave(
    policy: Policy,
    decks: IntArray,
    upto: int,
    explore: float,
    chasers: float,
    rng: np.random.Generator,
) -> IntArray:
    """Boards after stage ``upto``, each street by the fill policy (or a fitted network where
    there is one), with random and chasing choices mixed in."""
    ruleset = policy.ruleset
    boards = np.full((len(decks), SLOTS), -1, dtype=np.int64)
    rows = np.arange(len(decks))
    bold = rng.random(len(decks)) < chasers
    at = 0
    own = sum(s.dealt for s in ruleset.deal)
    for stage in range(upto + 1):
        street = ruleset.deal[stage]
        cards = decks[:, at : at + street.dealt]
        at += street.dealt
        options, legal = expand(policy.geometry, boards, cards, street)
        if stage in policy.nets:
            worth = policy.worth(stage, options, decks[:, at:])
        else:
            worth = best_fill_value(policy.value, options, decks[:, own:], policy.fills)
        chase = chasing(ruleset, options, int(policy.geometry.cap[0]))
        boards = options[rows, choose(worth, legal, explore, chase, bold, rng)]
    return boards


def scaled(value: BoardValue, scale: float) -> BoardValue:
    """``value`` with Fantasyland's entry worth ``scale`` times as much."""
    land = value.fantasyland
    bigger = dataclasses.replace(land, by_front=land.by_front * scale)
    return dataclasses.replace(value, fantasyland=bigger)


def outcome(
    policy: Policy,
    value: BoardValue,
    after: IntArray,
    rest: IntArray,
    stage: int,
    rng: np.random.Generator,
) -> tuple[FloatArray, IntArray]:
    """Targets for boards standing after ``stage`` (their mean finished value over the
    policy's continuations from ``rest``, the cards not yet dealt) and the last finished
    boards."""
    deal = policy.ruleset.deal
    futures = SAMPLES if stage == policy.last_fitted - 1 else policy.futures
    target = np.zeros(len(after))
    for future in range(futures):
        if stage == policy.last_fitted - 1:
            order = np.roll(rest, -3 * future, axis=1)
        else:
            order = np.take_along_axis(rest, rng.random(rest.shape).argsort(axis=1), axis=1)
        done = np.concatenate(
            [
                policy.play(after[lo : lo + CHUNK], deal[stage + 1 :], order[lo : lo + CHUNK])
                for lo in range(0, len(after), CHUNK)
            ]
        )
        target += value(done) / futures
    return target, done


def fit(
    policy: Policy,
    hands: int,
    explore: float,
    chasers: float,
    seed: int,
    epochs: int,
    scale: float = 1.0,
    futures: int = 1,
    rounds: int = 1,
    hidden: int = 0,
) -> None:
    """Fit ``policy``'s networks, ``rounds`` passes from the last street back, starting from
    the networks it has (none: the fill policy plays where there is no network yet);
    ``hidden``: each chunk of hands leaves up to that many cards (at random) out of what is
    unseen, as an opponent's cards would be."""
    ruleset = policy.ruleset
    value = scaled(BoardValue.of(ruleset), scale)
    policy.value = value
    policy.futures = futures
    rng = np.random.default_rng([seed, 0x0B0])
    starts = np.cumsum([0, *(s.dealt for s in ruleset.deal)])
    for stage in [s for _ in range(rounds) for s in reversed(range(policy.last_fitted))]:
        clock = time.process_time()
        decks = rng.random((hands, 52)).argsort(axis=1).astype(np.int64)
        if hidden:
            # each chunk of hands as if an opponent showed some cards: out of what is unseen
            pieces = []
            for lo in range(0, hands, CHUNK):
                cut = decks[lo : lo + CHUNK, : 52 - int(rng.integers(0, hidden + 1))]
                after = behave(policy, cut, stage, explore, chasers, rng)
                rest = cut[:, starts[stage + 1] :]
                pieces.append(
                    (
                        policy.features(after, live_counts(rest)),
                        *outcome(policy, value, after, rest, stage, rng),
                    )
                )
            rows = np.concatenate([p[0] for p in pieces])
            target = np.concatenate([p[1] for p in pieces])
            done = np.concatenate([p[2] for p in pieces])
        else:
            after = np.concatenate(
                [
                    behave(policy, decks[lo : lo + CHUNK], stage, explore, chasers, rng)
                    for lo in range(0, hands, CHUNK)
                ]
            )
            rest = decks[:, starts[stage + 1] :]
            target, done = outcome(policy, value, after, rest, stage, rng)
            rows = policy.features(after, live_counts(rest))
        policy.nets[stage] = train(rows, target, rng, epochs)
        fitted = forward(policy.nets[stage], rows)
        share = 1 - float(((target - fitted) ** 2).mean() / target.var())
        parts = BoardParts.of(ruleset, done)
        print(
            f"stage {stage}: {hands} boards, target mean {target.mean():+.2f}  R2 {share:.2f}"
            f"  continuation fouls {parts.fouled.mean():.1%}"
            f"  ({time.process_time() - clock:.0f} s CPU)",
            flush=True,
        )
    policy.value = BoardValue.of(ruleset)


def alone(policy: Policy, deals: int, hidden: int = 0) -> None:
    """The greedy policy alone from an empty board; ``hidden`` cards of each deck left out of
    what is unseen (an opponent's cards in view)."""
    ruleset = policy.ruleset
    rng = np.random.default_rng([deals, 0xC4A5E])
    decks = rng.random((deals, 52)).argsort(axis=1).astype(np.int64)[:, : 52 - hidden]
    empty = np.full((deals, SLOTS), -1, dtype=np.int64)
    clock = time.process_time()
    done = policy.play(empty, ruleset.deal, decks)
    seconds = time.process_time() - clock
    view = f", {hidden} cards in view" if hidden else ""
    ofc_chase_check.report(
        f"policy alone, {deals} deals{view}", ruleset, policy.value(done), done, seconds
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--hands", type=int, default=30_000)
    parser.add_argument("--explore", type=float, default=0.15)
    parser.add_argument("--chasers", type=float, default=0.3)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bot", type=int, default=0, help="hands of the forced reading")
    parser.add_argument("--first-hand", type=int, default=0)
    parser.add_argument("--bench", type=int, default=0, help="sessions of ofc_bot_bench.py")
    parser.add_argument("--first-session", type=int, default=0)
    parser.add_argument("--greedy", action="store_true", help="the bot plays the networks")
    parser.add_argument("--lookahead", type=int, default=0, help="--greedy: next streets")
    parser.add_argument("--keep", type=int, default=0, help="--lookahead: moves looked at")
    parser.add_argument("--screen", action="store_true", help="the bot screens by the networks")
    parser.add_argument("--save", default="")
    parser.add_argument("--load", default="")
    parser.add_argument("--scale", type=float, default=1.0, help="Fantasyland's worth, times")
    parser.add_argument("--forced", action="store_true", help="also the made-to-chase reading")
    parser.add_argument("--rounds", type=int, default=1, help="passes from the last street back")
    parser.add_argument("--in-view", type=int, default=0, help="alone again, cards in view")
    parser.add_argument("--hidden", type=int, default=0, help="cards an opponent shows, at most")
    parser.add_argument("--futures", type=int, default=1, help="continuations a target")
    parser.add_argument("--features", choices=tuple(FEATURES), default="dense")
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset, OfcRuleset)
    policy = Policy(ruleset, BoardValue.of(ruleset), search.DEFAULT.fills, search.DEFAULT.seen)
    policy.features = FEATURES[args.features]
    if args.load:
        saved = np.load(args.load)
        for stage in range(policy.last_fitted):
            keys = [f"s{stage}_{i}" for i in range(6)]  # session 26's first files
            if keys[0] not in saved.files:
                keys = [f"arr_{stage * 6 + i}" for i in range(6)]
            policy.nets[stage] = [saved[key] for key in keys]
    if args.rounds:
        fit(
            policy,
            args.hands,
            args.explore,
            args.chasers,
            args.seed,
            args.epochs,
            args.scale,
            args.futures,
            args.rounds,
            args.hidden,
        )
    if args.save:
        np.savez(args.save, *(w for stage in sorted(policy.nets) for w in policy.nets[stage]))
    alone(policy, args.deals)
    if args.in_view:
        alone(policy, args.deals, args.in_view)
    if args.bot or args.bench:
        vars(search)["play_out"] = policy.playouts
        if args.greedy:
            policy.lookahead = args.lookahead
            policy.keep = args.keep
            vars(ofc_bot_bench)["search_move"] = policy.move
        if args.screen:
            vars(search)["best_fill_value"] = policy.screen
    if args.bot:
        ofc_chase_check.forced(
            ruleset, args.first_hand, args.bot, (False, True) if args.forced else (False,)
        )
    if args.bench:
        sys.argv = [
            "ofc_bot_bench.py",
            *("--sessions", str(args.bench), "--first-session", str(args.first_session)),
            *("--hands", "4", "--report-every", "5"),
        ]
        ofc_bot_bench.main()


if __name__ == "__main__":
    main()
