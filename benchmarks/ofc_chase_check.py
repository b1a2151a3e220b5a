"""Where the OFC search bot's Fantasyland chances are lost: its playout policy alone, and its
own play when made to chase on the first street.

Two readings, on golden-nugget-pineapple by default:

- ``policy``: the playouts' fast policy (``rollout.play_out``, the search's defaults unless
  ``--seen`` says otherwise) plays ``--deals`` seeded hands alone from an empty board, first
  street included: the finished boards' mean value as the search values them, how many foul,
  how many enter Fantasyland. The search trusts these playouts; a policy that never converts a
  chase makes every chasing move look poor.
- ``forced``: the search bot plays ``--hands`` seeded heads-up hands against the basic bot
  (seats alternating), once as it is and once made to chase: on the first street it plays its
  best-valued move that goes for Fantasyland's front (``search.chases``) whenever one is
  legal. Reported: the hands it chased, fouls, Fantasyland entries, fronts that qualify
  for Fantasyland (fouled or not), and its points a hand. A hand splits over processes with
  ``--first-hand``.

Run::

    python benchmarks/ofc_chase_check.py policy --deals 2000 --seen 6
    nice -n 5 python benchmarks/ofc_chase_check.py forced --hands 80
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np

from housegame.cards import DECK
from housegame.ofc.board_value import BoardValue
from housegame.ofc.bot import BoardParts, FloatArray, IntArray, choose_move
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.fantasyland import entry_cards_for_front
from housegame.ofc.hand import Hand
from housegame.ofc.rollout import SLOTS, play_out
from housegame.ofc.search import DEFAULT, SearchSettings, chases, choices
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset


def qualifies(ruleset: OfcRuleset, front: int) -> bool:
    """The front (a lane key) is good enough for Fantasyland, the board's foul aside."""
    return entry_cards_for_front(ruleset, front) is not None


def policy(ruleset: OfcRuleset, deals: int, settings: SearchSettings) -> None:
    value = BoardValue.of(ruleset, settings.fantasyland_deals)
    rng = np.random.default_rng([deals, 0xC4A5E])
    decks = rng.random((deals, len(DECK))).argsort(axis=1).astype(np.int64)
    empty = np.full((deals, SLOTS), -1, dtype=np.int64)
    start = time.process_time()
    done = play_out(
        ruleset, empty, ruleset.deal, decks, value, settings.fills, settings.groups, settings.seen
    )
    seconds = time.process_time() - start
    label = f"policy alone (fills {settings.fills}, groups {settings.groups}, seen {settings.seen})"
    report(f"{label}, {deals} deals", ruleset, value(done), done, seconds)


def report(
    label: str, ruleset: OfcRuleset, worth: FloatArray, done: IntArray, seconds: float
) -> None:
    """One line for finished boards ``done`` worth ``worth``: mean value, fouls, entries."""
    parts = BoardParts.of(ruleset, done)
    entry = np.array([qualifies(ruleset, int(front)) for front in parts.front])
    print(
        f"{label}: value {worth.mean():+.2f}  fouls {parts.fouled.mean():.1%}"
        f"  Fantasyland {(entry & ~parts.fouled).mean():.1%}  ({seconds:.1f} s CPU)",
        flush=True,
    )


def play_hand(ruleset: OfcRuleset, number: int, forced: bool, tally: Counter[str]) -> float:
    """One hand; counts go to ``tally``, the search bot's points are returned."""
    seed = 7000 + number
    order = ["search", "basic"] if number % 2 == 0 else ["basic", "search"]
    hand = Hand(ruleset, order, shuffled_deck(seed), {})
    while not hand.finished:
        who = hand.to_act
        assert who is not None
        if who == "basic":
            hand.play(who, choose_move(hand, who, seed))
            continue
        ranked = [choice.move for choice in choices(hand, who, seed)]
        move = ranked[0]
        if hand.stage == 0:
            board = hand.boards[who]
            if forced:
                move = next((m for m in ranked if chases(ruleset, board, m)), move)
            tally["chased"] += chases(ruleset, board, move)
        hand.play(who, move)
    result = hand.result()
    seat = next(s for s in result.seats if s.name == "search")
    tally["hands"] += 1
    tally["fouls"] += seat.fouled
    tally["entries"] += seat.next_hand.cards is not None
    tally["qualifying fronts"] += qualifies(ruleset, hand.setting("search").key("front"))
    return float(result.totals["search"])


def forced(
    ruleset: OfcRuleset, first: int, hands: int, ways: Sequence[bool] = (False, True)
) -> None:
    """The ``forced`` reading: as it is (``False`` in ``ways``), made to chase (``True``)."""
    for chase in ways:
        tally: Counter[str] = Counter()
        points = [
            play_hand(ruleset, number, chase, tally) for number in range(first, first + hands)
        ]
        count = tally["hands"]
        print(
            f"{'made to chase' if chase else 'as it is':<13}  hands {count}"
            f"  chased on street 1 {tally['chased']}  fouls {tally['fouls']}"
            f"  Fantasyland {tally['entries']}  qualifying fronts {tally['qualifying fronts']}"
            f"  points a hand {sum(points) / count:+.2f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reading", choices=("policy", "forced"))
    parser.add_argument("--ruleset", default="golden-nugget-pineapple")
    parser.add_argument("--deals", type=int, default=2000, help="policy: hands played alone")
    parser.add_argument("--seen", type=int, default=DEFAULT.seen, help="policy: seen choices")
    parser.add_argument("--hands", type=int, default=80, help="forced: hands played")
    parser.add_argument("--first-hand", type=int, default=0, help="forced: split a run")
    args = parser.parse_args()
    ruleset = load_ruleset(args.ruleset, OfcRuleset)
    if args.reading == "policy":
        policy(ruleset, args.deals, SearchSettings(seen=args.seen))
    else:
        forced(ruleset, args.first_hand, args.hands)


if __name__ == "__main__":
    main()
