"""Big Two's ladder (``housegame bench big-two``) in resumable chunks, for long runs.

The tasks are the bench's own (``housegame.bench.games.BigTwoMatch``: chunk ``i`` of
``--games`` deals from ``--seed``, 50 deals a chunk, each deal played with the bot in every
seat), so the finished table is the one ``housegame bench big-two --bot B --against A --games
N --seed S`` prints. Each finished chunk's exact tally is saved to ``--state`` (JSON, written
atomically) as it comes back, so a run that is stopped, or restarted with newer code that
plays the same moves, goes on where it stopped. Chunks run ruleset after ruleset within each
chunk index, so the rulesets advance together; ``--report`` prints the table of the chunks
saved so far (any set of whole chunks is a sample of seeded deals drawn before any was
played). Run::

    nice -n 10 python -m benchmarks.bigtwo_ladder_chunks --games 2500 --jobs 2 --state S.json
    python -m benchmarks.bigtwo_ladder_chunks --games 2500 --state S.json --report
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import time
from collections import Counter
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from benchmarks.bigtwo_bot_bench import RULESETS
from housegame.bench.games import (
    BIGTWO_CHUNK,
    BigTwoMatch,
    Match,
    MatchBench,
    MatchTally,
    bigtwo_rates,
)
from housegame.cli.bench_cmd import render_matches
from housegame.rulesets.bigtwo import BigTwoRuleset
from housegame.rulesets.loader import load_ruleset
from housegame.simulation.runner import chunk_sizes
from housegame.simulation.stats import Exact, mean_interval

Task = tuple[str, int, int]
"""(ruleset, chunk index, deals in the chunk)."""


def saved(tally: MatchTally, seconds: float) -> dict[str, Any]:
    margins = [
        [v.numerator, v.denominator, n] if isinstance(v, Fraction) else [v, 1, n]
        for v, n in tally.margins.items()
    ]
    return {"margins": margins, "events": dict(tally.events), "cpu_seconds": seconds}


def loaded(data: dict[str, Any]) -> MatchTally:
    margins: Counter[Exact] = Counter()
    for num, den, n in data["margins"]:
        value = Fraction(num, den)
        margins[value.numerator if value.denominator == 1 else value] += n
    return MatchTally(margins, Counter(data["events"]))


def key(ruleset: str, index: int) -> str:
    return f"{ruleset}#{index}"


def _quiet() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunk(args: tuple[str, str, int, Task]) -> tuple[str, dict[str, Any]]:
    bot, baseline, seed, (ruleset, index, size) = args
    rules = load_ruleset(ruleset, BigTwoRuleset)
    assert isinstance(rules, BigTwoRuleset)
    start = time.process_time()
    tally = BigTwoMatch(rules, bot, baseline, seed, index, size)()
    return key(ruleset, index), saved(tally, time.process_time() - start)


def write(path: Path, state: dict[str, Any]) -> None:
    """The state as JSON, one chunk a line, written atomically."""
    head = json.dumps({k: v for k, v in state.items() if k != "chunks"})
    lines = [
        f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
        for k, v in state["chunks"].items()
    ]
    temp = path.with_suffix(".tmp")
    temp.write_text(head[:-1] + ', "chunks": {\n' + ",\n".join(lines) + "\n}}\n", "utf-8")
    os.replace(temp, path)


def report(state: dict[str, Any], rulesets: list[str]) -> None:
    rows = []
    for ruleset in rulesets:
        tally = MatchTally()
        chunks = [v for k, v in state["chunks"].items() if k.rsplit("#", 1)[0] == ruleset]
        for data in chunks:
            tally.merge(loaded(data))
        if not tally.margins:
            continue
        deals = sum(tally.margins.values())
        rows.append(
            Match(
                "big-two",
                ruleset,
                state["bot"],
                state["baseline"],
                deals,
                mean_interval(tally.margins),
                bigtwo_rates(tally.events),
            )
        )
        cpu = sum(c["cpu_seconds"] for c in chunks)
        print(
            f"{ruleset}: {len(chunks)} chunks, {deals} deals, {tally.events['games']} games, "
            f"{tally.events['wins']} won; {cpu:.0f} CPU s in the chunks"
        )
    if rows:
        bench = MatchBench("big-two", state["games"], state["seed"], False, rows)
        render_matches(bench, "net points a game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2500, help="deals per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="bot")
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--state", type=Path, required=True)
    parser.add_argument("--report", action="store_true", help="print the saved chunks' table")
    args = parser.parse_args()
    fresh = {"games": args.games, "seed": args.seed, "bot": args.bot, "baseline": args.against}
    state = json.loads(args.state.read_text("utf-8")) if args.state.exists() else {}
    if state and any(state[k] != v for k, v in fresh.items()):
        raise SystemExit(f"{args.state} holds another run: { ({k: state[k] for k in fresh}) }")
    state = {**fresh, "chunks": state.get("chunks", {})}
    if args.report:
        report(state, args.rulesets)
        return
    tasks = [
        (ruleset, index, size)
        for index, size in enumerate(chunk_sizes(args.games, BIGTWO_CHUNK))
        for ruleset in args.rulesets
        if key(ruleset, index) not in state["chunks"]
    ]
    print(f"{len(tasks)} chunks to play", flush=True)
    work = [(args.bot, args.against, args.seed, task) for task in tasks]
    with Pool(args.jobs, initializer=_quiet) as pool:
        for name, data in pool.imap_unordered(run_chunk, work):
            state["chunks"][name] = data
            write(args.state, state)
            print(f"{time.strftime('%H:%M:%S')} {name} {data['cpu_seconds']:.0f} CPU s", flush=True)
    report(state, args.rulesets)


if __name__ == "__main__":
    main()
