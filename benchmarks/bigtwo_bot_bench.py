"""Big Two: the search bot in one seat against three baseline bots, per bundled ruleset.

Run (one heavy process at a time on the shared machine)::

    nice -n 10 python -m benchmarks.bigtwo_bot_bench --deals 250

The rulesets take turns, ``--every`` deals each, and the table so far is printed after each
turn, so a run stopped early still has the same number of deals for every ruleset.

Each seeded deal is played four times, the search bot in each seat in turn and the baseline
(``computer_move``) in the other three, and once more with four baselines: the duplicate
difference is the search seat's net points minus what the baseline made in that seat on the
same deal. Reported per ruleset: games won (chance 25%), net points a game, the duplicate
difference, each with a 95% interval (normal approximation over deals, each deal's value the
mean of its four games, as they share cards), and the search's CPU milliseconds per decision
(median and mean over the decisions it searched; forced moves take no search).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from housegame.bigtwo import Game, Move, Rules, computer_move, load_rules
from housegame.bigtwo.search import DEFAULT_SEARCH, SearchSettings, estimates

RULESETS = (
    "maceplay-big-two",
    "hong-kong-big-two",
    "taiwan-big-two",
    "funmily-big-two",
    "pusoy-dos",
)


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of the normal 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def play(game: Game, seat_bot: dict[int, Callable[[Game], Move]]) -> Game:
    while not game.over:
        seat_bot.get(game.turn, computer_move)(game)
    return game


@dataclass
class Tally:
    """One ruleset's games so far, per deal (the mean of its four games): % won, net points,
    the duplicate difference; and the CPU seconds of each searched decision."""

    won: list[float] = field(default_factory=list)
    net: list[float] = field(default_factory=list)
    diff: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def searched(self, settings: SearchSettings, seed: int) -> Callable[[Game], Move]:
        def bot(game: Game) -> Move:
            start = time.process_time()
            found = estimates(game, settings, seed)
            if found[0].deals:
                self.times.append(time.process_time() - start)
            best = found[0].play
            return game.play(best.cards) if best is not None else game.pass_turn()

        return bot

    def deal(self, rules: Rules, settings: SearchSettings, seed: int) -> None:
        """One deal, four games: the search in each seat in turn."""
        base = play(Game.deal(rules, seed), {}).settlement()
        won = net = diff = 0.0
        for seat in range(4):
            game = play(Game.deal(rules, seed), {seat: self.searched(settings, seed)})
            result = game.settlement()
            name = game.names[seat]
            won += 100.0 * (result.winner == name)
            net += result.totals[name]
            diff += result.totals[name] - base.totals[name]
        self.won.append(won / 4)
        self.net.append(net / 4)
        self.diff.append(diff / 4)

    def row(self, ruleset: str) -> str:
        cells = " | ".join(
            f"{m:.1f} ± {h:.1f}" for m, h in map(interval, (self.won, self.net, self.diff))
        )
        ms = [t * 1000 for t in self.times]
        return (
            f"| {ruleset} | {4 * len(self.won)} | {cells} | "
            f"{statistics.median(ms):.1f}, {statistics.fmean(ms):.1f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=250, help="deals per ruleset (4 games each)")
    parser.add_argument(
        "--every", type=int, default=25, help="print the table after this many deals a ruleset"
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--determinisations", type=int, default=DEFAULT_SEARCH.determinisations)
    parser.add_argument("--candidates", type=int, default=DEFAULT_SEARCH.candidates)
    parser.add_argument(
        "--careful",
        action=argparse.BooleanOptionalAction,
        default=DEFAULT_SEARCH.careful,
        help="the searching seat plays the careful policy in its playouts",
    )
    args = parser.parse_args()
    settings = SearchSettings(
        args.determinisations, args.candidates, DEFAULT_SEARCH.read_passes, args.careful
    )
    print(f"settings: {settings}; seeds from {args.seed}; rulesets take turns", flush=True)
    rules = {r: load_rules(r) for r in args.rulesets}
    tallies = {r: Tally() for r in args.rulesets}
    for start in range(args.seed, args.seed + args.deals, args.every):
        for ruleset, tally in tallies.items():
            for seed in range(start, min(start + args.every, args.seed + args.deals)):
                tally.deal(rules[ruleset], settings, seed)
        print(
            "\n| ruleset | games | won % (95%) | net points/game (95%) | difference vs "
            "baseline (95%) | ms/decision median, mean |\n|---|---:|---:|---:|---:|---:|"
        )
        for ruleset, tally in tallies.items():
            print(tally.row(ruleset), flush=True)


if __name__ == "__main__":
    main()
