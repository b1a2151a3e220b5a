"""Decks of their own, measured: one-hand ``arrange`` with two jokers against a joker-free hand
under the same ruleset, and ``simulate`` of a six-player 加两色 ruleset against a four-player
52-card one, per pair of players. The issue's targets: at most 3x and at most 2x.

Run::

    python -m benchmarks.deck_bench one-hand --hands 40 --rounds 5
    python -m benchmarks.deck_bench simulate --deals 200 --rounds 5
    python -m benchmarks.deck_bench play --hands 10 --rounds 5

Both interleave their two sides round by round (the order alternating), time CPU
(``time.process_time``: the machine is shared), take each side's median per round and report
the median over the rounds and the ratio. ``one-hand`` sets each hand by one
``Arranger.arrange`` call (the ``ev`` objective, the hand's least time of ``--repeat`` calls:
``one_hand_bench.one_hand_ms``), after a warm-up call (tables, lane odds and model built).
``simulate`` runs ``simulate`` in one process, after a one-deal warm-up per side; a pair's
cost is a deal's CPU over the pairs of players it scores (6 at four seats, 15 at six).
``play`` times a hand against the computer (``housegame play``): the deal with every bot's
setting, your ``auto``, the settlement and the trainer's explanation, CPU ms a hand, under
MacePlay at four seats (``equilibrium``), two jokers at four and 加一色 at five (``ev``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from math import comb
from pathlib import Path

from benchmarks.one_hand_bench import one_hand_ms
from housegame.cards import Card
from housegame.play import Table, bot_names
from housegame.rulesets.loader import load_ruleset_file
from housegame.rulesets.resolve import resolve_ruleset
from housegame.rulesets.thirteen import ThirteenCardRuleset
from housegame.simulation import simulate

DECKS = Path(__file__).resolve().parents[1] / "examples" / "decks"


def _ruleset(ref: str) -> ThirteenCardRuleset:
    path = Path(ref)
    loaded = load_ruleset_file(path) if path.is_file() else resolve_ruleset(ref)
    assert isinstance(loaded, ThirteenCardRuleset)
    return loaded


def interleaved(sides: dict[str, Callable[[], float]], rounds: int) -> dict[str, float]:
    """Each side's median over ``rounds`` of what one call returns, the sides taking turns
    (the first one first in even rounds, last in odd ones)."""
    seen: dict[str, list[float]] = {name: [] for name in sides}
    names = list(sides)
    for i in range(rounds):
        for name in names if i % 2 == 0 else names[::-1]:
            seen[name].append(sides[name]())
    for name, values in seen.items():
        print(f"  {name}: " + " ".join(f"{v:.3f}" for v in values))
    return {name: statistics.median(values) for name, values in seen.items()}


def one_hand(ruleset: ThirteenCardRuleset, count: int, rounds: int, repeat: int) -> None:
    deck = list(ruleset.deck.deck().cards())
    jokers = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker]
    assert len(jokers) >= 2, f"{ruleset.id}'s deck has fewer than two jokers"
    rng = random.Random(2026)
    free = [rng.sample(naturals, 13) for _ in range(count)]
    wild = [jokers[:2] + rng.sample(naturals, 11) for _ in range(count)]

    def median_ms(hands: list[list[Card]]) -> Callable[[], float]:
        return lambda: one_hand_ms(ruleset, hands, repeat)  # a warm-up call, then each hand

    print(f"{ruleset.id}: one arrange call, median CPU ms a hand per round")
    got = interleaved({"no joker": median_ms(free), "two jokers": median_ms(wild)}, rounds)
    ratio = got["two jokers"] / got["no joker"]
    print(
        f"{ruleset.id}: no joker {got['no joker']:.3f} ms, two jokers {got['two jokers']:.3f} ms "
        f"a hand (median of {rounds} rounds of {count} hands): {ratio:.2f}x (target: at most 3x)"
    )


def per_pair(rulesets: list[ThirteenCardRuleset], deals: int, rounds: int) -> None:
    def side(ruleset: ThirteenCardRuleset) -> tuple[str, Callable[[], float]]:
        players = ruleset.table.seats.max or 4
        simulate([ruleset], 1, seed=1, players=players)  # tables, odds and model built

        def run() -> float:
            began = time.process_time()
            simulate([ruleset], deals, seed=1, players=players)
            return (time.process_time() - began) * 1000 / (deals * comb(players, 2))

        return f"{ruleset.id} ({players} players)", run

    sides = dict(side(r) for r in rulesets)
    print(f"simulate, {deals} deals: CPU ms a pair of players per round")
    got = interleaved(sides, rounds)
    (base, low), (other, high) = got.items()
    print(
        f"{base}: {low:.3f} ms a pair; {other}: {high:.3f} ms a pair "
        f"(median of {rounds} rounds): {high / low:.2f}x (target: at most 2x)"
    )


def at_the_table(sides: list[tuple[ThirteenCardRuleset, int]], hands: int, rounds: int) -> None:
    def side(ruleset: ThirteenCardRuleset, seats: int) -> tuple[str, Callable[[], float]]:
        players = ["You", *bot_names(seats - 1)]

        def played(seed: int) -> None:
            table = Table(ruleset, ruleset.id, players, seed)
            if not table.finished:  # an automatic special is declared at the deal
                table.auto()

        played(0)  # tables, odds and models built

        def run() -> float:
            began = time.process_time()
            for seed in range(1, hands + 1):
                played(seed)
            return (time.process_time() - began) * 1000 / hands

        return f"{ruleset.id} ({seats} seats)", run

    print(f"play, {hands} hands a round: CPU ms a hand (deal, bots, auto, settle, explain)")
    got = interleaved(dict(side(r, n) for r, n in sides), rounds)
    base = next(iter(got.values()))
    print(", ".join(f"{name}: {ms:.1f} ms ({ms / base:.2f}x)" for name, ms in got.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    hand = sub.add_parser("one-hand")
    hand.add_argument("-r", "--ruleset", default=str(DECKS / "maceplay-jokers.yaml"))
    hand.add_argument("--hands", type=int, default=40)
    hand.add_argument("--rounds", type=int, default=5)
    hand.add_argument("--repeat", type=int, default=2)
    sim = sub.add_parser("simulate")
    sim.add_argument("--base", default="maceplay")
    sim.add_argument("--six", default=str(DECKS / "maceplay-six.yaml"))
    sim.add_argument("--deals", type=int, default=200)
    sim.add_argument("--rounds", type=int, default=5)
    table = sub.add_parser("play")
    table.add_argument("--hands", type=int, default=10)
    table.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.what == "one-hand":
        one_hand(_ruleset(args.ruleset), args.hands, args.rounds, args.repeat)
    elif args.what == "play":
        sides = [("maceplay", 4), (str(DECKS / "maceplay-jokers.yaml"), 4)]
        sides.append(("maceplay-add-a-suit", 5))
        at_the_table([(_ruleset(r), n) for r, n in sides], args.hands, args.rounds)
    else:
        per_pair([_ruleset(args.base), _ruleset(args.six)], args.deals, args.rounds)


if __name__ == "__main__":
    main()
