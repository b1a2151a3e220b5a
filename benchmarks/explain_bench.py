"""Explaining one hand (``housegame.trainer.explain``): median and worst CPU ms of one call
per bundled 13-card ruleset, after one warm-up call (the seat's model compiled, as a session
or a server has it after its first hand). The issue's bar: 50 ms a hand.

Each hand is dealt by seed and set at random (a legal split; a foul only where the ruleset
plays fouls), the way a player's setting is anything but the best; the call searches the best
setting on the seat's model and values both term by term. Run::

    python -m benchmarks.explain_bench --hands 60 --players 4
    python -m benchmarks.explain_bench --ruleset taiwan --players 2 --repeat 3

``--repeat N`` times every hand in N passes and keeps each hand's least time (steadier on a
shared machine); ``--cold`` also times the first call (building the seat's model).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from housegame.rulesets.loader import bundled_of, load_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.setting import Setting
from housegame.thirteen.replay import deal_hands
from housegame.thirteen.results import Seat
from housegame.trainer import explain


def random_seats(ruleset: ThirteenCardRuleset, hands: int, seed: int) -> list[Seat]:
    rng = random.Random(seed)
    rules = ruleset.ranking.rules()
    out = []
    for number in range(hands):
        cards = deal_hands(seed + number, 4)[0]  # as ``housegame play`` deals seed N
        while True:
            shuffled = rng.sample(list(cards), 13)
            setting = Setting.of(shuffled[:3], shuffled[3:8], shuffled[8:], rules)
            if not setting.fouled or ruleset.foul.handling != "refuse":
                break
        out.append(Seat("You", setting))
    return out


def explain_ms(
    ruleset: ThirteenCardRuleset, seats: list[Seat], players: int, repeat: int
) -> tuple[float, float, float]:
    """(first call, median, worst) CPU ms over the hands, each hand's least of ``repeat``."""
    began = time.process_time()
    explain(ruleset, seats[0], players)
    first = (time.process_time() - began) * 1000
    times = [float("inf")] * len(seats)
    for _ in range(repeat):
        for i, seat in enumerate(seats):
            began = time.process_time()
            explain(ruleset, seat, players)
            times[i] = min(times[i], (time.process_time() - began) * 1000)
    return first, statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", help="one ruleset id (default: every bundled one)")
    parser.add_argument("--cold", action="store_true", help="also show the first call")
    args = parser.parse_args()
    if args.ruleset:
        loaded = load_ruleset(args.ruleset)
        assert isinstance(loaded, ThirteenCardRuleset)
        rulesets = [loaded]
    else:
        rulesets = bundled_of(ThirteenCardRuleset)
    print(f"explain, {args.hands} hands, {args.players} players: CPU ms per hand")
    header = f"{'ruleset':<32}{'median':>8}{'worst':>8}"
    print(header + (f"{'first':>8}" if args.cold else ""))
    for ruleset in rulesets:
        seats = random_seats(ruleset, args.hands, args.seed)
        first, median, worst = explain_ms(ruleset, seats, args.players, args.repeat)
        line = f"{ruleset.id:<32}{median:>8.1f}{worst:>8.1f}"
        print(line + (f"{first:>8.1f}" if args.cold else ""))


if __name__ == "__main__":
    main()
