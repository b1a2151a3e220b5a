"""The OFC search bot against the basic bot, in duplicate: points a hand, fouls, Fantasyland.

Run (one core, niced on the shared machine)::

    nice -n 10 python -m benchmarks.ofc_bot_bench --sessions 60 --hands 5

Session k deals hands from seeds derived from ``--seed`` and k; it is played twice, once with
the search bot in the first seat and once in the second (the same decks, seats swapped), and
Fantasyland carries from hand to hand within each of the two games, as at a table. Points a
hand are the search bot's, averaged over both games; the 95 % interval is a t interval over
sessions (each session's mean, so hands that share a Fantasyland run are not counted as
independent). Fouls and Fantasyland entry are rates of each bot's regular hands (entry: the
hand qualifies for Fantasyland next); stay is the rate of its Fantasyland hands that qualify
to stay. Decision times are CPU seconds per search decision, by street.

A run splits over processes by sessions (``--first-session 20 --sessions 20`` in one,
``--sessions 20`` in another, each output saved); ``--combine A.txt B.txt`` then reports
them together, each cut at its last report.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from housegame.ofc.bot import choose_move
from housegame.ofc.deck import shuffled_deck
from housegame.ofc.hand import Hand
from housegame.ofc.search import SearchSettings, search_move
from housegame.rulesets.loader import load_ruleset
from housegame.rulesets.ofc import OfcRuleset

T95 = {
    n: t
    for n, t in [
        (2, 12.706),
        (3, 4.303),
        (5, 2.776),
        (10, 2.262),
        (20, 2.093),
        (30, 2.045),
        (60, 2.001),
        (120, 1.98),
    ]
}
SEATS = ("search", "basic")


def t95(sessions: int) -> float:
    """Two-sided 95 % t quantile for ``sessions - 1`` degrees of freedom (1.96 beyond 120)."""
    for n in sorted(T95):
        if sessions <= n:
            return T95[n]
    return 1.96


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    times: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))


def play_game(
    ruleset: OfcRuleset,
    order: tuple[str, str],
    seeds: list[int],
    settings: SearchSettings,
    tally: Tally,
) -> list[float]:
    """One session with ``order`` seating; the search bot's points each hand."""
    fantasyland: dict[str, int] = {}
    points = []
    for seed in seeds:
        hand = Hand(ruleset, list(order), shuffled_deck(seed), fantasyland)
        while not hand.finished:
            who = hand.to_act
            assert who is not None
            if who == "search":
                start = time.process_time()
                move = search_move(hand, who, seed, settings)
                if hand.boards[who].fantasyland_cards is None:
                    tally.times[hand.stage].append(time.process_time() - start)
            else:
                move = choose_move(hand, who, seed)
            hand.play(who, move)
        result = hand.result()
        points.append(float(result.totals["search"]))
        fantasyland = {}
        for seat in result.seats:
            kind = "fl" if seat.in_fantasyland else "regular"
            tally.counts[f"{seat.name} {kind} hands"] += 1
            tally.counts[f"{seat.name} {kind} fouls"] += seat.fouled
            if seat.next_hand.cards is not None:
                tally.counts[f"{seat.name} {kind} qualifies"] += 1
                fantasyland[seat.name] = seat.next_hand.cards
    return points


def rate(counts: Counter[str], name: str, kind: str, what: str) -> str:
    hands = counts[f"{name} {kind} hands"]
    if not hands:
        return "-"
    return f"{100 * counts[f'{name} {kind} {what}'] / hands:.1f}% of {hands}"


def report(ruleset: OfcRuleset, means: list[float], hands: int, tally: Tally) -> None:
    """The results so far (printed as the run goes, so a cut-short run still reports)."""
    print(f"\n{ruleset.id}: {len(means)} sessions x {hands} hands, x2 seatings", flush=True)
    report_rates(means, hands, tally.counts)
    for stage in sorted(tally.times):
        times = tally.times[stage]
        print(
            f"  street {stage + 1}: search decision CPU s median {statistics.median(times):.3f}"
            f"  max {max(times):.3f}  ({len(times)} decisions)",
            flush=True,
        )


def report_rates(means: list[float], hands: int, counts: Counter[str]) -> None:
    """Points a hand with its interval, and each bot's fouls, entry and stay."""
    mean = statistics.fmean(means)
    pairs = len(means) * hands
    if len(means) < 2:  # a t interval needs two sessions
        interval = "95% interval after two sessions"
    else:
        half = t95(len(means)) * statistics.stdev(means) / len(means) ** 0.5
        interval = f"95% {mean - half:+.2f} .. {mean + half:+.2f}"
    print(f"  search points a hand  {mean:+.2f}  ({interval}, {pairs} duplicate pairs)")
    for name in SEATS:
        print(
            f"  {name:<6}  fouls {rate(counts, name, 'regular', 'fouls')}"
            f"  Fantasyland entry {rate(counts, name, 'regular', 'qualifies')}"
            f"  stay {rate(counts, name, 'fl', 'qualifies')}",
            flush=True,
        )


def combine(paths: list[str]) -> None:
    """One report from split runs' outputs: their session lines and each run's last report
    of rates (so each run is cut at a report: the sessions it reported on)."""
    means: list[float] = []
    counts: Counter[str] = Counter()
    hands = 0
    for path in paths:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        reported = max(i for i, line in enumerate(lines) if "sessions x" in line)
        sessions, hands = (int(lines[reported].split(": ")[1].split()[i]) for i in (0, 3))
        means += [float(line.split(": ")[1]) for line in lines if "  session " in line][:sessions]
        for line in lines[reported + 1 : reported + 4]:
            words = line.split()
            if words[0] not in SEATS or "fouls" not in words:
                continue
            for what, kind, key in (
                ("fouls", "regular", "fouls"),
                ("entry", "regular", "qualifies"),
                ("stay", "fl", "qualifies"),
            ):
                at = words.index(what)
                if words[at + 1] == "-":
                    continue
                share, of = float(words[at + 1].rstrip("%")), int(words[at + 3])
                counts[f"{words[0]} {kind} {key}"] += round(share * of / 100)
                if what != "entry":
                    counts[f"{words[0]} {kind} hands"] += of
    print(f"# combined: {' '.join(paths)}")
    print(f"{len(means)} sessions x {hands} hands, x2 seatings")
    report_rates(means, hands, counts)


def positive(text: str) -> int:
    """A count of at least one (argparse says so and exits 2 otherwise)."""
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text}: at least 1")
    return number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="OFC ruleset (repeatable)")
    parser.add_argument("--sessions", type=positive, default=60)
    parser.add_argument("--hands", type=positive, default=5, help="hands per session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first-session", type=int, default=0, help="play sessions from this one on (split a run)"
    )
    parser.add_argument("--playouts", type=int, default=SearchSettings().playouts)
    parser.add_argument("--seen", type=int, default=SearchSettings().seen)
    parser.add_argument(
        "--report-every", type=positive, default=10, help="sessions between reports"
    )
    parser.add_argument(
        "--combine", nargs="+", metavar="OUTPUT", help="report split runs' saved outputs together"
    )
    args = parser.parse_args()
    if args.combine:
        combine(args.combine)
        return
    settings = SearchSettings(playouts=args.playouts, seen=args.seen)
    print(f"# search bot {settings}")
    for ref in args.ruleset or ["golden-nugget-pineapple"]:
        ruleset = load_ruleset(ref, OfcRuleset)
        tally = Tally()
        means = []
        for session in range(args.first_session, args.first_session + args.sessions):
            rng = np.random.default_rng([args.seed, session])
            seeds = [int(s) for s in rng.integers(0, 2**31, size=args.hands)]
            first = play_game(ruleset, ("search", "basic"), seeds, settings, tally)
            second = play_game(ruleset, ("basic", "search"), seeds, settings, tally)
            means.append(statistics.fmean(first + second))
            print(f"  session {session}: {means[-1]:+.3f}", flush=True)
            if len(means) % args.report_every == 0 or len(means) == args.sessions:
                report(ruleset, means, args.hands, tally)


if __name__ == "__main__":
    main()
