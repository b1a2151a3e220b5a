"""What the search bot's playouts make of a first-street move, against what it is worth.

For each move typed after the first five cards (``--cards``), on golden-nugget-pineapple:

1. ``--futures`` seeded playouts by the fast policy (``rollout.play_out``), once with the old
   policy (one set of fills, the best of 3 per lane: ``--groups 1 --fills 3``) and once with
   the search's defaults: the mean value of the finished boards, how many foul, how many
   enter Fantasyland (a clean board with a QQ+ front);
2. its worth when the search bot itself plays the rest of the hand (``--selfplay`` seeded
   deals, the basic bot in the other seat; the finished board valued as the search values
   boards), with the standard error.

Run::

    nice -n 10 python benchmarks/ofc_playout_check.py --cards "QS QH 7C 7D 7H" \\
        --move "front QS QH back 7H 7D 7C" --move "back QS QH 7H 7D 7C"
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np

from housegame.cards import DECK, Card, parse_cards
from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import BoardParts, choose_move, layouts
from housegame.ofc.hand import Hand, Move
from housegame.ofc.moves import parse_move
from housegame.ofc.rollout import play_out
from housegame.ofc.search import DEFAULT, SearchSettings, search_move
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset


def deal(ruleset: OfcRuleset, first: list[Card], seed: int) -> Hand:
    rest = [c for c in DECK if c not in first]
    order = np.random.default_rng([seed, 0x0FC]).permutation(len(rest))
    return Hand(ruleset, ["search", "basic"], [*first, *(rest[i] for i in order)])


def playouts(
    ruleset: OfcRuleset, value: BoardValue, hand: Hand, move: Move, futures: int, policy: str
) -> str:
    groups, fills = (1, 3) if policy == "old" else (DEFAULT.groups, DEFAULT.fills)
    start, _ = layouts(ruleset, hand.boards["search"], [move])
    pool = np.array([c.index for c in DECK if c.index not in start[0]], dtype=np.int64)
    rng = np.random.default_rng(5)
    unseen = pool[rng.random((futures, len(pool))).argsort(axis=1)]
    starts = np.repeat(start, futures, axis=0)
    done = play_out(ruleset, starts, ruleset.deal[1:], unseen, value, fills, groups)
    parts = BoardParts.of(ruleset, done)
    entry = value.fantasyland.by_front[parts.front >> 24, (parts.front >> 20) & 0xF] > 0
    return (
        f"{policy} policy (groups {groups}, fills {fills}): value {value(done).mean():+.2f}"
        f"  fouls {parts.fouled.mean():.0%}  Fantasyland {(entry & ~parts.fouled).mean():.0%}"
    )


def selfplay(
    ruleset: OfcRuleset, value: BoardValue, first: list[Card], move: Move, deals: int, po: int
) -> str:
    settings = SearchSettings(playouts=po)
    worths, fouls = [], 0
    for seed in range(deals):
        hand = deal(ruleset, first, seed + 1)
        hand.play("search", move)
        while not hand.finished:
            who = hand.to_act
            assert who is not None
            mine = who == "search"
            hand.play(
                who,
                search_move(hand, who, seed, settings) if mine else choose_move(hand, who, seed),
            )
        lanes = hand.boards["search"].lanes
        board = np.array([[c.index for lane in ("front", "middle", "back") for c in lanes[lane]]])
        worths.append(float(value(board)[0]))
        fouls += bool(BoardParts.of(ruleset, board).fouled[0])
    error = statistics.stdev(worths) / len(worths) ** 0.5
    return (
        f"search bot plays on ({po} playouts, {deals} deals): worth "
        f"{statistics.fmean(worths):+.2f} (se {error:.2f}), fouls {fouls / deals:.0%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", required=True, help="the first five cards")
    parser.add_argument("--move", action="append", required=True)
    parser.add_argument("--futures", type=int, default=400)
    parser.add_argument("--selfplay", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=24, help="the search's, playing on")
    args = parser.parse_args()
    ruleset = load_ruleset("golden-nugget-pineapple", OfcRuleset)
    value = BoardValue.of(ruleset)
    first = parse_cards(args.cards)
    for text in args.move:
        move = parse_move(text)
        print(f"{args.cards}: {text}")
        for policy in ("old", "new"):
            print(
                "  " + playouts(ruleset, value, deal(ruleset, first, 0), move, args.futures, policy)
            )
        print(
            "  " + selfplay(ruleset, value, first, move, args.selfplay, args.playouts), flush=True
        )


if __name__ == "__main__":
    main()
